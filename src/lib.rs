//! Kakugo: a Gomoku/Renju engine.
//!
//! Rooms, lowest first: [`rules`] (what wins and what is forbidden), [`board`] (the position with
//! incremental pattern tables), [`bench`] (fixed benchmarks), [`search`] (choosing a move), [`opening`] (swap2
//! decisions), [`protocol`] (the Piskvork/Gomocup engine protocol).
#![deny(missing_docs)]

pub mod bench;
pub mod board;
pub mod opening;
pub mod protocol;
pub mod rules;
pub mod search;
