//! Time to a proven win: searches each position of a file (`tests/data/wins/*.txt`: game, ply,
//! moves, the win's length found by the engine that played it) with a node limit, and reports
//! after how many nodes the search first announced a win for the side to move.
//!
//! `cargo run --release --example wins -- <file> [rule] [max_nodes]`; the environment variable
//! `FEATURES=name=on,name=off` switches search features. The root threat solvers (`probe`,
//! `refute`) are off, so the figures are the main search's and repeat exactly.

use kakugo::board::notation::parse_moves;
use kakugo::board::{Board, Dims};
use kakugo::rules::Rule;
use kakugo::search::{Limits, Score, Searcher, TimeControl};
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: wins <file> [rule] [max_nodes]");
        std::process::exit(2);
    };
    let rule = args
        .get(1)
        .and_then(|s| Rule::from_name(s))
        .unwrap_or(Rule::Freestyle);
    let max_nodes: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let text = std::fs::read_to_string(path).expect("readable file");
    let dims = Dims::square(15).unwrap();
    let features = std::env::var("FEATURES").unwrap_or_default();
    let mut found = Vec::new();
    let mut total = 0usize;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [game, ply, moves, ..] = cols[..] else {
            continue;
        };
        let mut b = Board::new(rule, dims);
        for p in parse_moves(moves, dims).expect("valid moves") {
            b.make(p);
        }
        let mut s = Searcher::new();
        // The main search alone: the root solvers run by the clock.
        assert!(s.set_feature("probe", false) && s.set_feature("refute", false));
        for f in features.split(',').filter(|f| !f.is_empty()) {
            let (n, v) = f.split_once('=').expect("NAME=on|off");
            assert!(s.set_feature(n, v == "on"), "unknown feature {n}");
        }
        // A clock far beyond the node limit: without one the default budget of a few seconds
        // would end some searches first, by the load of the machine.
        let limits = Limits {
            max_nodes: Some(max_nodes),
            time: TimeControl {
                turn_ms: Some(3_600_000),
                ..TimeControl::default()
            },
            ..Limits::default()
        };
        let mut first = None;
        s.search(&b, &limits, &AtomicBool::new(false), &mut |i| {
            if first.is_none() {
                if let Score::Win(n) = i.score {
                    first = Some((i.nodes, i.depth, n));
                }
            }
        });
        total += 1;
        match first {
            Some((nodes, depth, n)) => {
                println!("game {game} ply {ply}: win in {n} at depth {depth} after {nodes} nodes");
                found.push(nodes);
            }
            None => println!("game {game} ply {ply}: no win within {max_nodes} nodes"),
        }
    }
    found.sort_unstable();
    // The median over all positions, an unsolved one counting as more than the limit.
    let median = if found.len() * 2 > total {
        found[total / 2].to_string()
    } else {
        format!(">{max_nodes}")
    };
    println!(
        "solved {} of {total} within {max_nodes} nodes; median nodes {median}",
        found.len()
    );
}
