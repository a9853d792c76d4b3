//! Kakugo: a Gomoku/Renju engine.
//!
//! Rooms, lowest first: [`clock`] (the time every deadline is measured with, natively and in
//! the browser), [`rules`] (what wins and what is forbidden), [`board`] (the position with
//! incremental pattern tables), [`record`] (a saved game: the results file's JSON line the arena
//! writes and the tools read), `threat` (VCF/VCT solvers), `network` (the learned evaluation),
//! `search` (choosing a move), `opening` (the opening rules' decisions: Swap2, RIF, Yamaguchi,
//! Soosõrv-8), `analysis` (Yixin-Board's analysis commands: balancing stones, the moves that
//! hold against a threat), `protocol` (the Piskvork/Gomocup engine protocol), `bench` (fixed
//! benchmarks).
//!
//! Everything above `board` and `record` needs the `engine` feature (on by default). The match
//! runner (`crates/kakugo-arena`) uses the library without it, so the referee cannot reach the
//! searcher; the tools (`crates/kakugo-tools`) use all of it.
//!
//! Each room shows a small public face and keeps its parts private: `protocol` is `run`,
//! `run_with` and `Embedded`; `search` is the `Searcher` and what it takes and gives (`Limits`, `TimeControl`,
//! `Score`, `Info`, `SearchResult`, ...), plus `eval`, `movepick` and `params` for the tools;
//! `threat` is the solvers (`Vcf`, `Vct`, `verify_vcf`); `board` is `Board`, `Dims`, `Pos` and
//! `notation`, `rif` and `symmetry`; `rules` is its enums and the cell codes; `bench` the
//! benchmarks; `opening` the decisions and their command line. `analysis` serves the protocol
//! only and is private.
#![deny(missing_docs)]

pub mod board;
pub mod clock;
pub mod record;
pub mod rules;

#[cfg(feature = "engine")]
mod analysis;
#[cfg(feature = "engine")]
pub mod bench;
#[cfg(feature = "engine")]
pub mod network;
#[cfg(feature = "engine")]
pub mod opening;
#[cfg(feature = "engine")]
pub mod protocol;
#[cfg(feature = "engine")]
pub mod search;
#[cfg(feature = "engine")]
pub mod threat;
