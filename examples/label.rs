//! Search scores as training targets for the evaluation tuner: replays game records (the
//! arena's JSON-lines format), searches positions of them at a fixed node budget and writes one
//! position a line: the game's fields with `moves` cut to the position, plus `score` (the
//! search's score for the side to move: an evaluation, or `"win"`/`"loss"` for a proven
//! result). `examples/tune` reads these lines as positions with soft targets.
//!
//! `cargo run --release --example label -- <rule> <nodes> <stride> <shard>/<shards>
//! [children=N] FILE... > positions.jsonl`
//!
//! Takes every `stride`-th position after the opening (at least six plies) where neither side
//! has a five to make, of the games whose index modulo `shards` is `shard` (so that several
//! processes can share the work). With `children=N`, each such position also gives up to `N`
//! positions one random legal move later (a cell within two of a stone): the evaluation is
//! used at the leaves of search trees, which are mostly positions after moves no player would
//! choose, so the training positions should not all come from good play.

use kakugo::board::{Board, Dims, Pos, Verdict};
use kakugo::rules::{Color, Rule};
use kakugo::search::{Limits, Score, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// Plies skipped at the start of every game, at least.
const MIN_OPENING: usize = 6;

/// A random legal move of the side to move within two cells of a stone, if there is one.
fn random_move(b: &mut Board, rng: &mut StdRng) -> Option<Pos> {
    let stones: Vec<Pos> = b.dims().cells().filter(|&p| !b.is_empty(p)).collect();
    let near: Vec<Pos> = b
        .dims()
        .cells()
        .filter(|&p| b.is_empty(p) && stones.iter().any(|&s| s.distance(p) <= 2))
        .collect();
    for _ in 0..8 {
        let p = *near.get(rng.gen_range(0..near.len().max(1)))?;
        if b.judge(p) == Verdict::Normal {
            return Some(p);
        }
    }
    None
}

/// Searches `b` and writes it as one labelled position.
fn emit(
    s: &mut Searcher,
    b: &Board,
    limits: &Limits,
    stop: &AtomicBool,
    result: &serde_json::Value,
) {
    let r = s.search(b, limits, stop, &mut |_| {});
    let score = match r.info.score {
        Score::Eval(e) => e.to_string(),
        Score::Win(_) => "\"win\"".to_string(),
        Score::Loss(_) => "\"loss\"".to_string(),
    };
    let moves: Vec<String> = b
        .history()
        .iter()
        .map(|p| format!("\"{},{}\"", p.x(), p.y()))
        .collect();
    let out = std::io::stdout();
    let mut lock = out.lock();
    let dims = b.dims();
    let _ = writeln!(
        lock,
        "{{\"rule\":\"{}\",\"size\":[{},{}],\"moves\":[{}],\"result\":{result},\"score\":{score}}}",
        b.rule().name(),
        dims.w,
        dims.h,
        moves.join(","),
    );
    let _ = lock.flush();
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let children: usize = args
        .iter()
        .find_map(|a| {
            a.strip_prefix("children=")
                .map(|n| n.parse().expect("children=N"))
        })
        .unwrap_or(0);
    args.retain(|a| !a.starts_with("children="));
    let rule = Rule::from_name(args.first().map_or("", String::as_str)).expect("rule name");
    let nodes: u64 = args.get(1).and_then(|s| s.parse().ok()).expect("nodes");
    let stride: usize = args.get(2).and_then(|s| s.parse().ok()).expect("stride");
    let (shard, shards) = args
        .get(3)
        .and_then(|s| s.split_once('/'))
        .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
        .expect("shard/shards");
    let mut s = Searcher::new();
    s.set_hash_bytes(16 << 20);
    let limits = Limits {
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(shard as u64 + 1);
    let mut game = 0usize;
    for path in &args[4..] {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if v["rule"].as_str().and_then(Rule::from_name) != Some(rule) {
                continue;
            }
            game += 1;
            if game % shards != shard {
                continue;
            }
            let Some(dims) = Dims::square(v["size"][0].as_u64().unwrap_or(15) as usize) else {
                continue;
            };
            let skip = v["opening_plies"]
                .as_u64()
                .map(|n| n as usize)
                .or_else(|| v["opening"].as_str().map(|s| s.len() / 2))
                .unwrap_or(MIN_OPENING)
                .max(MIN_OPENING);
            let moves: Vec<(i64, i64)> = v["moves"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| {
                    let (x, y) = m.as_str()?.split_once(',')?;
                    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
                })
                .collect();
            let mut b = Board::new(rule, dims);
            s.clear();
            for (i, &(x, y)) in moves.iter().enumerate() {
                if i >= skip
                    && (i - skip) % stride == 0
                    && !b.has_five_point(Color::Black)
                    && !b.has_five_point(Color::White)
                {
                    emit(&mut s, &b, &limits, &stop, &v["result"]);
                    for _ in 0..children {
                        let Some(p) = random_move(&mut b, &mut rng) else {
                            break;
                        };
                        b.make(p);
                        if !b.has_five_point(Color::Black) && !b.has_five_point(Color::White) {
                            emit(&mut s, &b, &limits, &stop, &v["result"]);
                        }
                        b.unmake();
                    }
                }
                match dims.pos(x, y) {
                    Some(p) if b.is_empty(p) => b.make(p),
                    _ => break,
                }
            }
        }
    }
}
