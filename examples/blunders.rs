//! Where a lost game was lost: replays the games an engine lost (the arena's JSON-lines
//! records) and walks back from the end over the loser's moves to the last one that could have
//! saved the game. A position before a move of the loser's counts as lost when a search of it
//! with the long clock proves a loss, or when the move played led to a lost position and the
//! best other move (a second search with the move played excluded) is proven lost too or
//! refuted (the opponent has a VCT after it, found within 200 ms). The first position back that
//! is not lost is the last chance. One line per lost game: the loser's colour, the stones on
//! the board there, the move played, the long search's choice and score, the plies of the
//! proven loss after the move played, what a short search (the loser's own move time) saw
//! after it (the loss, or its evaluation from the loser's side), whether a refutation check of
//! the move played (the opponent's VCT within 20 or 100 ms) would have caught it, and the best
//! other move with its score.
//!
//! `cargo run --release --example blunders -- <engine name> <long_ms> <short_ms> <shard>/<shards>
//! FILE...`
//!
//! Kakugo's 89 losses in 200 freestyle games against Rapfi at 300 ms a move (2026-11-27,
//! `blunders kakugo 2000 250`): 8 had no saving move after the opening; in the other 81 no last
//! chance was a move a refutation check would have caught, the loss after the move played was
//! 13–35 plies long (median 23), the last chance came after a median of 29 stones (26 times
//! within 20), and the long search chose the move played in 26 of them. The games are lost by
//! deep play, not by threats just past the horizon.

use kakugo::board::notation::format_moves;
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::{Color, Rule};
use kakugo::search::probe::Probe;
use kakugo::search::{Limits, Score, SearchResult, Searcher, TimeControl};
use std::sync::atomic::AtomicBool;

fn think(s: &mut Searcher, b: &Board, ms: u64) -> SearchResult {
    think_without(s, b, ms, &[])
}

fn think_without(s: &mut Searcher, b: &Board, ms: u64, exclude: &[Pos]) -> SearchResult {
    s.clear();
    let limits = Limits {
        time: TimeControl {
            turn_ms: Some(ms),
            ..TimeControl::default()
        },
        exclude: exclude.to_vec(),
        ..Limits::default()
    };
    s.search(b, &limits, &AtomicBool::new(false), &mut |_| {})
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().expect("engine name").clone();
    let long: u64 = args.get(1).and_then(|s| s.parse().ok()).expect("long_ms");
    let short: u64 = args.get(2).and_then(|s| s.parse().ok()).expect("short_ms");
    let (shard, shards) = args
        .get(3)
        .and_then(|s| s.split_once('/'))
        .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
        .expect("shard/shards");
    let mut s = Searcher::new();
    s.set_hash_bytes(64 << 20);
    for path in &args[4..] {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let game = v["game"].as_u64().unwrap_or(0) as usize;
            if game % shards != shard {
                continue;
            }
            let loser = match v["result"].as_str() {
                Some("1-0") if v["white"].as_str() == Some(&name) => Color::White,
                Some("0-1") if v["black"].as_str() == Some(&name) => Color::Black,
                _ => continue,
            };
            let Some(rule) = v["rule"].as_str().and_then(Rule::from_name) else {
                continue;
            };
            let Some(dims) = Dims::square(v["size"][0].as_u64().unwrap_or(15) as usize) else {
                continue;
            };
            let opening = v["opening"]
                .as_str()
                .map_or(0, |o| o.chars().filter(|c| c.is_ascii_alphabetic()).count());
            let moves: Vec<Pos> = v["moves"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| {
                    let (x, y) = m.as_str()?.split_once(',')?;
                    dims.pos(x.trim().parse().ok()?, y.trim().parse().ok()?)
                })
                .collect();
            let mut b = Board::new(rule, dims);
            for &p in &moves {
                b.make(p);
            }
            // Back over the loser's moves after the opening: a position is lost when the
            // search proves it, or when the move played led to a lost position (known from the
            // step before) and every other move loses too (the best of them is proven lost or
            // refuted).
            let mut probe = Probe::default();
            let mut after_loss: Option<u32> = None;
            let mut found = None;
            for i in (opening..moves.len()).rev() {
                b.unmake();
                if b.side_to_move() != loser {
                    continue;
                }
                let r = think(&mut s, &b, long);
                if let Score::Loss(n) = r.info.score {
                    after_loss = Some(n + 1);
                    continue;
                }
                let alt = think_without(&mut s, &b, long, &[moves[i]]);
                let alt_lost =
                    matches!(alt.info.score, Score::Loss(_)) || probe.refuted(&b, alt.best, 200);
                if after_loss.is_some() && alt_lost {
                    after_loss = after_loss.map(|n| n + 2);
                    continue;
                }
                found = Some((i, r, alt));
                break;
            }
            let Some((i, r, alt)) = found else {
                println!("game {game} {loser:?} lost from the opening ({opening} stones)");
                continue;
            };
            let played = moves[i];
            let r20 = probe.refuted(&b, played, 20);
            let r100 = probe.refuted(&b, played, 100);
            let alt_ref = probe.refuted(&b, alt.best, 100);
            let alt = format!(
                "alt {} ({}){}",
                format_moves(&[alt.best]),
                alt.info.score,
                if alt_ref { " refuted" } else { "" }
            );
            let refuted = match (r20, r100) {
                (true, _) => "refuted@20",
                (false, true) => "refuted@100",
                _ => "unrefuted",
            };
            b.make(played);
            let seen = think(&mut s, &b, short).info.score;
            let seen = match seen {
                Score::Win(n) => format!("saw loss in {}", n + 1),
                Score::Loss(n) => format!("saw WIN in {}", n + 1),
                Score::Eval(e) => format!("saw eval {}", -e),
            };
            println!(
                "game {game} {loser:?} stones {i} played {} best {} ({}) loss after {} {seen} moves left {} {refuted} {alt}",
                format_moves(&[played]),
                format_moves(&[r.best]),
                r.info.score,
                after_loss.map_or("?".into(), |n| n.to_string()),
                (moves.len() - i).div_ceil(2),
            );
        }
    }
}
