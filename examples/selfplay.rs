//! Self-play check: the searcher (fixed node budget per move) against the one-ply tactical
//! placeholder it replaced, from the opening suites, each opening with both colours.
//!
//! `cargo run --release --example selfplay -- [rule] [openings] [nodes]`

use kakugo::board::notation::parse_moves;
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::{Color, Combo, Rule};
use kakugo::search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;

/// The placeholder's one-ply choice: win, block, then the strongest threat made or stopped.
fn placeholder(b: &mut Board) -> Pos {
    let me = b.side_to_move();
    let value = |c: Combo| -> i64 {
        [
            0,
            0,
            16,
            64,
            256,
            1024,
            65536,
            4096,
            1 << 20,
            1 << 24,
            1 << 30,
        ][c as usize]
    };
    let mut best = (i64::MIN, Pos::NONE);
    let centre = b.dims().centre();
    for p in b.dims().cells() {
        if !b.is_empty(p) {
            continue;
        }
        let mut s = 2 * value(b.combo(p, me)) + value(b.combo(p, me.opp()));
        if b.is_win_move(p, me) {
            s = 1 << 40;
        } else if b.rule().has_fouls(me) && b.is_forbidden(p).is_some() {
            s = -(1 << 40);
        } else if b.has_five_point(me.opp()) && b.combo(p, me.opp()) != Combo::Five {
            s -= 1 << 34;
        }
        let near = (0..4)
            .flat_map(|d| [-1, 1].map(|k| p.step(d, k)))
            .filter(|&q| b.stone(q).is_some())
            .count() as i64;
        s += 4 * near - p.distance(centre) as i64;
        if s > best.0 {
            best = (s, p);
        }
    }
    best.1
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rule = args
        .first()
        .and_then(|s| Rule::from_name(s))
        .unwrap_or(Rule::Freestyle);
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let nodes: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(50_000);
    let suite = match rule {
        Rule::Renju => include_str!("../tournaments/openings/renju15.pos.txt"),
        Rule::Freestyle => include_str!("../tournaments/openings/freestyle15.pos.txt"),
        _ => include_str!("../tournaments/openings/standard15.pos.txt"),
    };
    let dims = Dims::square(15).unwrap();
    let (mut win, mut loss, mut draw) = (0, 0, 0);
    let mut s = Searcher::new();
    s.set_hash_bytes(16 << 20);
    let limits = Limits {
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    for line in suite.lines().take(n) {
        for engine_colour in [Color::Black, Color::White] {
            let mut b = Board::new(rule, dims);
            for p in parse_moves(line, dims).unwrap() {
                b.make(p);
            }
            s.clear();
            let result = loop {
                if b.is_full() {
                    break 0;
                }
                let me = b.side_to_move();
                let p = if me == engine_colour {
                    s.search(&b, &limits, &stop, &mut |_| {}).best
                } else {
                    placeholder(&mut b)
                };
                if b.rule().has_fouls(me) && !b.is_win_move(p, me) && b.is_forbidden(p).is_some() {
                    break if me == engine_colour { -1 } else { 1 };
                }
                if b.is_win_move(p, me) {
                    break if me == engine_colour { 1 } else { -1 };
                }
                b.make(p);
            };
            match result {
                1 => win += 1,
                -1 => loss += 1,
                _ => draw += 1,
            }
        }
    }
    println!(
        "{} searcher ({nodes} nodes/move) vs placeholder: +{win} -{loss} ={draw}",
        rule.name()
    );
}
