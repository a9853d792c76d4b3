//! Kakugo: a Gomoku/Renju engine.
//!
//! Rooms, lowest first: [`rules`] (what wins and what is forbidden), [`board`] (the position with
//! incremental pattern tables), [`threat`] (VCF and VCT solvers), [`bench`] (fixed benchmarks).
#![deny(missing_docs)]

pub mod bench;
pub mod board;
pub mod rules;
pub mod threat;
