//! `think`: thinks about one position under a clock and prints every report (depth, selective
//! depth, score, nodes, speed, time, principal variation), then the move.

use crate::args::{self, Switch};
use crate::Outcome;
use kakugo::board::notation::{format_moves, parse_moves};
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::Rule;
use kakugo::search::{Limits, Searcher, TimeControl};
use std::sync::atomic::AtomicBool;

/// Options of `think`.
#[derive(clap::Args)]
pub struct Args {
    /// The rule.
    #[arg(long, value_parser = args::rule, default_value = "freestyle")]
    rule: Rule,
    /// The board's width and height.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// The moves so far in pos notation, Black first.
    #[arg(long, default_value = "h8")]
    moves: String,
    /// Time for the move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    turn_ms: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash table size in MB (default: the engine's).
    #[arg(long)]
    hash_mb: Option<usize>,
    /// A search switch, NAME=on|off (repeatable).
    #[arg(long = "feature")]
    features: Vec<Switch>,
}

/// Runs `think`.
pub fn run(a: Args) -> Outcome {
    let dims = Dims::square(a.size)
        .ok_or_else(|| crate::Failure::Usage(format!("--size {}: not a board size", a.size)))?;
    let mut b = Board::new(a.rule, dims);
    for p in parse_moves(&a.moves, dims).map_err(crate::Failure::Usage)? {
        if !b.is_empty(p) {
            return Err(crate::Failure::Usage(format!(
                "{}: a move on an occupied cell",
                a.moves
            )));
        }
        b.make(p);
    }
    let mut s = Searcher::new();
    args::apply(&mut s, &a.features)?;
    if let Some(mb) = a.hash_mb {
        s.set_hash_bytes(mb << 20);
    }
    s.set_threads(a.threads.max(1));
    let limits = Limits {
        time: TimeControl {
            turn_ms: Some(a.turn_ms),
            ..TimeControl::default()
        },
        ..Limits::default()
    };
    let start = std::time::Instant::now();
    let r = s.search(&b, &limits, &AtomicBool::new(false), &mut |i| {
        println!(
            "depth {} sel {} score {} nodes {} nps {} ms {} pv {}",
            i.depth,
            i.seldepth,
            i.score,
            i.nodes,
            i.nps(),
            i.elapsed.as_millis(),
            format_moves(&i.pv)
        );
    });
    // No move is left when every empty cell is a renju foul for Black: the game is lost.
    let best = if r.best == Pos::NONE {
        "none (every move is forbidden)".to_string()
    } else {
        format_moves(&[r.best])
    };
    println!("best {best} after {} ms", start.elapsed().as_millis());
    Ok(0)
}
