//! Kakugo: a Gomoku/Renju engine.
//!
//! Rooms, lowest first: [`rules`] (what wins and what is forbidden), [`board`] (the position with
//! incremental pattern tables), `threat` (VCF/VCT solvers), `search` (choosing a move), `opening`
//! (swap2 decisions), `protocol` (the Piskvork/Gomocup engine protocol), `bench` (fixed
//! benchmarks).
//!
//! Everything above `board` needs the `engine` feature (on by default). The match runner
//! (`crates/kakugo-arena`) uses the library without it, so the referee cannot reach the
//! searcher; the tools (`crates/kakugo-tools`) use all of it.
#![deny(missing_docs)]

pub mod board;
pub mod rules;

#[cfg(feature = "engine")]
pub mod bench;
#[cfg(feature = "engine")]
pub mod opening;
#[cfg(feature = "engine")]
pub mod protocol;
#[cfg(feature = "engine")]
pub mod search;
#[cfg(feature = "engine")]
pub mod threat;
