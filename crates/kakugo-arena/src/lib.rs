//! `kakugo-arena`, the match runner: it starts Piskvork-protocol engines as child processes,
//! referees their games with Kakugo's own rules core, keeps the clocks as Gomocup does, and
//! writes the games (PSQ, SGF, JSON lines), the statistics (Elo, LOS, SPRT) and pictures (SVG).
//!
//! Rooms: [`config`] (settings), [`engine`] (one child process and the manager's side of the
//! protocol), [`referee`] (one game), [`openings`] (opening files and the 26 RIF openings),
//! [`opening_rule`] (Swap2, Soosõrv-8 and RIF openings decided by the engines),
//! [`schedule`] (pairings), [`web`] (the board in the browser), [`tournament`] (parallel games, progress, stopping), [`stats`],
//! [`record`], [`svg`], [`interrupt`] (Ctrl-C) and [`fake`] (small test engines).
//! Nothing here searches: the arena only judges moves. The crate depends on the `kakugo` library
//! without its `engine` feature, so only `kakugo::rules` and `kakugo::board` exist for it, and a
//! call into the searcher does not compile (`cargo check -p kakugo-arena`).
#![deny(missing_docs)]

pub mod config;
pub mod engine;
pub mod fake;
pub mod interrupt;
pub mod opening_rule;
pub mod openings;
pub mod record;
pub mod referee;
pub mod schedule;
pub mod stats;
pub mod svg;
pub mod tournament;
pub mod web;
