//! Thinks about one position under a clock and prints every report:
//! `cargo run --release --example think -- <rule> <pos moves> <turn_ms> [threads]`; the
//! environment variable `FEATURES=name=on,name=off` switches search features, `HASH_MB=N` sizes
//! the hash table.

use kakugo::board::notation::{format_moves, parse_moves};
use kakugo::board::{Board, Dims};
use kakugo::rules::Rule;
use kakugo::search::{Limits, Searcher, TimeControl};
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rule = args
        .first()
        .and_then(|s| Rule::from_name(s))
        .unwrap_or(Rule::Freestyle);
    let dims = Dims::square(15).unwrap();
    let mut b = Board::new(rule, dims);
    for p in parse_moves(args.get(1).map_or("h8", String::as_str), dims).unwrap() {
        b.make(p);
    }
    let turn: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut s = Searcher::new();
    for f in std::env::var("FEATURES")
        .unwrap_or_default()
        .split(',')
        .filter(|f| !f.is_empty())
    {
        let (n, v) = f.split_once('=').unwrap();
        assert!(s.set_feature(n, v == "on"));
    }
    if let Some(mb) = std::env::var("HASH_MB")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        s.set_hash_bytes(mb << 20);
    }
    s.set_threads(args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1));
    let limits = Limits {
        time: TimeControl {
            turn_ms: Some(turn),
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
    println!(
        "best {} after {} ms",
        format_moves(&[r.best]),
        start.elapsed().as_millis()
    );
}
