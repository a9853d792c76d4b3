//! Training games for the evaluation tuner: the searcher against itself at a fixed node budget
//! per move, from the opening suite plus a few random moves near the stones, written one game a
//! line in the arena's record format (`moves` as "x,y", `result` "1-0", "0-1" or "1/2-1/2").
//!
//! `cargo run --release --example gendata -- <rule> <games> <nodes> <seed> > games.jsonl`

use kakugo::board::notation::parse_moves;
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::{Color, Rule};
use kakugo::search::{Limits, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// Random moves added after the opening, at most.
const RANDOM_PLIES: usize = 3;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rule = args
        .first()
        .and_then(|s| Rule::from_name(s))
        .unwrap_or(Rule::Freestyle);
    let games: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let nodes: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let suite: Vec<&str> = match rule {
        Rule::Renju => include_str!("../tournaments/openings/renju15.pos.txt"),
        Rule::Freestyle => include_str!("../tournaments/openings/freestyle15.pos.txt"),
        _ => include_str!("../tournaments/openings/standard15.pos.txt"),
    }
    .lines()
    .filter(|l| !l.trim().is_empty())
    .collect();
    let dims = Dims::square(15).expect("15x15");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut s = Searcher::new();
    s.set_hash_bytes(16 << 20);
    let limits = Limits {
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let out = std::io::stdout();
    for _ in 0..games {
        let mut pos = Board::new(rule, dims);
        let line = suite[rng.gen_range(0..suite.len())];
        for p in parse_moves(line, dims).expect("opening") {
            pos.make(p);
        }
        for _ in 0..rng.gen_range(0..=RANDOM_PLIES) {
            let near: Vec<Pos> = dims
                .cells()
                .filter(|&p| {
                    pos.is_empty(p)
                        && pos.history().iter().any(|&q| q.distance(p) <= 2)
                        && !(pos.rule().has_fouls(pos.side_to_move())
                            && pos.is_forbidden(p).is_some())
                })
                .collect();
            if near.is_empty() {
                break;
            }
            pos.make(near[rng.gen_range(0..near.len())]);
        }
        let opening = pos.history().len();
        s.clear();
        let result = loop {
            if pos.is_full() {
                break "1/2-1/2";
            }
            let me = pos.side_to_move();
            let p = s.search(&pos, &limits, &stop, &mut |_| {}).best;
            let won = if me == Color::Black { "1-0" } else { "0-1" };
            let lost = if me == Color::Black { "0-1" } else { "1-0" };
            if pos.is_win_move(p, me) {
                pos.make(p);
                break won;
            }
            if pos.rule().has_fouls(me) && pos.is_forbidden(p).is_some() {
                break lost;
            }
            pos.make(p);
        };
        let moves: Vec<String> = pos
            .history()
            .iter()
            .map(|p| format!("\"{},{}\"", p.x(), p.y()))
            .collect();
        let mut lock = out.lock();
        let _ = writeln!(
            lock,
            "{{\"rule\":\"{}\",\"size\":[15,15],\"opening_plies\":{opening},\"moves\":[{}],\"result\":\"{result}\"}}",
            rule.name(),
            moves.join(",")
        );
        let _ = lock.flush();
    }
}
