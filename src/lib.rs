//! Kakugo: a Gomoku/Renju engine.
//!
//! Rooms, lowest first: [`rules`] (what wins and what is forbidden), [`board`] (the position with
//! incremental pattern tables), [`threat`] (VCF/VCT solvers), [`search`] (choosing a move),
//! [`opening`] (swap2 decisions), [`protocol`] (the Piskvork/Gomocup engine protocol), [`arena`]
//! (the match runner, which referees with `board` and never searches), [`bench`] (fixed
//! benchmarks).
#![deny(missing_docs)]

#[cfg(unix)]
pub mod arena;
pub mod bench;
pub mod board;
pub mod opening;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod threat;
