//! Kakugo: a Gomoku/Renju engine.
//!
//! Rooms, lowest first: [`rules`] (what wins and what is forbidden), [`board`] (the position with
//! incremental pattern tables), [`threat`] (VCF/VCT solvers), [`search`] (choosing a move),
//! [`opening`] (swap2 decisions), [`balance`] (balancing stones), [`defend`] (the moves that hold
//! against a threat), [`protocol`] (the Piskvork/Gomocup engine protocol), [`arena`]
//! (the match runner, which referees with `board` and never searches), [`bench`] (fixed
//! benchmarks).
#![deny(missing_docs)]

pub mod arena;
pub mod balance;
pub mod bench;
pub mod board;
pub mod defend;
pub mod opening;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod threat;
