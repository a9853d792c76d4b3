//! The web board: `kakugo-arena web engine=CMD …` serves a page on 127.0.0.1 where people play,
//! watch and analyse with the engines named on the command line (and only those: the page picks
//! an engine by its index, never sends a command). Each page holds one [`session::Session`] over
//! a WebSocket; a page that reloads or loses its connection gets its session back by its id. The
//! page's files are embedded in the binary (`assets`); nothing is fetched from elsewhere.
//! Rooms: `http` (request heads, the Host/Origin check, the upgrade),
//! [`session`] (the page's requests and the engines' work), [`game`] (the position, the clocks,
//! game files), [`opening`] (an opening rule stepped by the session), [`player`] (an engine at the
//! board), [`link`] (the lines to and from an engine: a process, or a Web Worker in the browser),
//! [`human`] (a person at an opening step), [`report`] (what engines say while thinking),
//! `server` (the HTTP and WebSocket server, with the `native` feature). Without a server the
//! same session runs in the browser (`crates/kakugo-web`), its messages carried by `postMessage`.

#[cfg(feature = "native")]
pub mod assets;
pub mod game;
#[cfg(feature = "native")]
pub mod http;
pub mod human;
pub mod link;
pub mod opening;
pub mod player;
pub mod report;
#[cfg(feature = "native")]
pub mod server;
pub mod session;

#[cfg(feature = "native")]
pub use server::run;

use kakugo::board::notation::{format_moves, parse_moves};
use kakugo::board::{Dims, Pos};
use std::time::Duration;

/// How long an engine may overrun its move's time (or an opening step's) before it counts as
/// hanging.
pub const HANG_GRACE: Duration = Duration::from_secs(3);

/// A cell in pos notation (`h8`: column h, row 8 from the top).
pub fn pos_name(p: Pos) -> String {
    format_moves(&[p])
}

/// One cell in pos notation.
pub fn parse_pos(s: &str, dims: Dims) -> Result<Pos, String> {
    match parse_moves(s, dims)?.as_slice() {
        [p] => Ok(*p),
        _ => Err(format!("{s:?} is not one cell")),
    }
}
