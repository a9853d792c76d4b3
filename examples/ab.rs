//! A/B self-play: the searcher with a pruning feature off (B) against itself with it on (A), at
//! a fixed node budget per move, from the opening suites, each opening with both colours.
//!
//! `cargo run --release --example ab -- <feature> [rule] [openings] [nodes] [skip]`
//!
//! `skip` openings of the suite are passed over first, so that two processes can share a run
//! (one per core). A feature named `NAME=off` plays A with it off and B with it on.
//!
//! With `weights=FILE` as the feature, A uses the evaluation tables in FILE (the format of
//! `src/search/weights/*.txt`, as `examples/tune.rs` writes them) and B the engine's own.

use kakugo::board::notation::parse_moves;
use kakugo::board::{Board, Dims};
use kakugo::rules::{Color, Rule};
use kakugo::search::eval::EvalTables;
use kakugo::search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let feature = args.first().cloned().unwrap_or_else(|| "lmr".into());
    let rule = args
        .get(1)
        .and_then(|s| Rule::from_name(s))
        .unwrap_or(Rule::Freestyle);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let nodes: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(50_000);
    let skip: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    let suite = match rule {
        Rule::Renju => include_str!("../tournaments/openings/renju15.pos.txt"),
        Rule::Freestyle => include_str!("../tournaments/openings/freestyle15.pos.txt"),
        _ => include_str!("../tournaments/openings/standard15.pos.txt"),
    };
    let dims = Dims::square(15).unwrap();
    let mut a = Searcher::new();
    let mut b = Searcher::new();
    a.set_hash_bytes(16 << 20);
    b.set_hash_bytes(16 << 20);
    if let Some(path) = feature.strip_prefix("weights=") {
        let text = std::fs::read_to_string(path).expect("weights file");
        a.set_eval(EvalTables::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}")));
    } else {
        let (name, on) = match feature.strip_suffix("=off") {
            Some(name) => (name, false),
            None => (feature.as_str(), true),
        };
        assert!(a.set_feature(name, on), "unknown feature {name}");
        b.set_feature(name, !on);
    }
    let limits = Limits {
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let (mut win, mut loss, mut draw) = (0, 0, 0);
    for line in suite.lines().skip(skip).take(n) {
        for a_colour in [Color::Black, Color::White] {
            let mut pos = Board::new(rule, dims);
            for p in parse_moves(line, dims).unwrap() {
                pos.make(p);
            }
            a.clear();
            b.clear();
            let result = loop {
                if pos.is_full() {
                    break 0;
                }
                let me = pos.side_to_move();
                let s = if me == a_colour { &mut a } else { &mut b };
                let p = s.search(&pos, &limits, &stop, &mut |_| {}).best;
                let sign = if me == a_colour { 1 } else { -1 };
                if pos.rule().has_fouls(me)
                    && !pos.is_win_move(p, me)
                    && pos.is_forbidden(p).is_some()
                {
                    break -sign;
                }
                if pos.is_win_move(p, me) {
                    break sign;
                }
                pos.make(p);
            };
            match result {
                1 => win += 1,
                -1 => loss += 1,
                _ => draw += 1,
            }
        }
    }
    println!(
        "{} {feature} on vs off ({nodes} nodes/move): +{win} -{loss} ={draw}",
        rule.name()
    );
}
