//! `kakugo-arena`, the match runner: it starts Piskvork-protocol engines as child processes,
//! referees their games with Kakugo's own rules core, keeps the clocks as Gomocup does, and
//! writes the games (PSQ, SGF, JSON lines), the statistics (Elo, LOS, SPRT) and pictures (SVG).
//!
//! Rooms: [`config`] (settings), [`engine`] (one child process and the manager's side of the
//! protocol), [`reply`] (reading reply lines), [`referee`] (one game), [`openings`] (opening
//! files and the 26 RIF openings), [`opening_rule`] (Swap2, Soosõrv-8 and RIF openings decided by
//! the engines), [`opening_turns`] (the same negotiation one reply line at a time),
//! [`schedule`] (pairings), [`web`] (the board in the browser), [`tournament`] (parallel games,
//! progress, stopping), [`stats`], [`clock_use`] (the time the engines spent), [`record`], [`svg`], [`interrupt`] (Ctrl-C) and [`fake`] (small test engines).
//! Nothing here searches: the arena only judges moves. The crate depends on the `kakugo` library
//! without its `engine` feature, so only `kakugo::rules` and `kakugo::board` exist for it, and a
//! call into the searcher does not compile (`cargo check -p kakugo-arena`). The `native` feature
//! (default) holds the processes, the match runner and the web server; without it the crate
//! compiles for `wasm32-unknown-unknown`, where `crates/kakugo-web` runs the web board's session.
#![deny(missing_docs)]

pub mod clock_use;
pub mod config;
#[cfg(feature = "native")]
pub mod engine;
#[cfg(feature = "native")]
pub mod fake;
#[cfg(feature = "native")]
pub mod interrupt;
pub mod opening_rule;
pub mod opening_turns;
pub mod openings;
pub mod record;
#[cfg(feature = "native")]
pub mod referee;
pub mod reply;
pub mod schedule;
pub mod stats;
pub mod svg;
#[cfg(feature = "native")]
pub mod tournament;
pub mod web;
