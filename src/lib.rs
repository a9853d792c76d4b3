//! Kakugo: a Gomoku/Renju engine.
//!
//! Rooms, lowest first: [`rules`] (what wins and what is forbidden), [`board`] (the position with
//! incremental pattern tables), [`bench`] (fixed benchmarks), [`arena`] (the match runner, which
//! referees with `board` and never searches).
#![deny(missing_docs)]

pub mod arena;
pub mod bench;
pub mod board;
pub mod rules;
pub mod search;

pub mod threat;
