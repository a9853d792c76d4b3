//! Benchmarks printed by `pbrain-kakugo bench`: make/unmake and renju foul checks.
//! Single-threaded; the figures are for comparing builds side by side, not for tests.

use crate::board::{Board, Dims, Pos};
use crate::rules::{Color, Combo, Rule};
use rand::{rngs::StdRng, seq::SliceRandom, SeedableRng};
use std::time::Instant;

/// Random games (move lists) on an empty 15×15 board, without fives, from a fixed seed.
fn random_games(rule: Rule, games: usize, seed: u64) -> Vec<Vec<Pos>> {
    let dims = Dims::square(15).expect("15 is a legal size");
    let mut rng = StdRng::seed_from_u64(seed);
    (0..games)
        .map(|_| {
            let mut b = Board::new(rule, dims);
            let mut cells: Vec<Pos> = dims.cells().collect();
            cells.shuffle(&mut rng);
            let mut moves = Vec::new();
            for p in cells {
                if moves.len() >= 120 {
                    break;
                }
                if b.is_win_move(p, b.side_to_move()) {
                    continue;
                }
                b.make(p);
                moves.push(p);
            }
            moves
        })
        .collect()
}

/// Make+unmake pairs per second over random games; returns (pairs, seconds).
pub fn make_unmake(rule: Rule, rounds: usize) -> (u64, f64) {
    let games = random_games(rule, 64, 1);
    let dims = Dims::square(15).expect("15 is a legal size");
    let mut b = Board::new(rule, dims);
    let start = Instant::now();
    let mut pairs = 0u64;
    for _ in 0..rounds {
        for g in &games {
            for &p in g {
                b.make(p);
            }
            for _ in g {
                b.unmake();
            }
            pairs += g.len() as u64;
        }
    }
    (pairs, start.elapsed().as_secs_f64())
}

/// Renju foul checks per second over positions of random games: the exact check of every cell
/// the tables flag as a candidate (`Combo::Forbid`); returns (checks, forbidden, seconds).
pub fn foul_checks(rounds: usize) -> (u64, u64, f64) {
    let games = random_games(Rule::Renju, 64, 2);
    let dims = Dims::square(15).expect("15 is a legal size");
    let mut positions = Vec::new();
    for g in &games {
        let mut b = Board::new(Rule::Renju, dims);
        for (i, &p) in g.iter().enumerate() {
            b.make(p);
            if i % 10 == 9 {
                let cells: Vec<Pos> = b
                    .cells_at_least(Color::Black, Combo::Forbid)
                    .into_iter()
                    .filter(|&p| b.combo(p, Color::Black) == Combo::Forbid)
                    .collect();
                if !cells.is_empty() {
                    positions.push((b.clone(), cells));
                }
            }
        }
    }
    let start = Instant::now();
    let (mut checks, mut forbidden) = (0u64, 0u64);
    for _ in 0..rounds {
        for (b, cells) in positions.iter_mut() {
            for &p in cells.iter() {
                checks += 1;
                forbidden += u64::from(b.is_forbidden(p).is_some());
            }
        }
    }
    (checks, forbidden, start.elapsed().as_secs_f64())
}

/// Runs the board benchmarks and prints their figures.
pub fn run_board() {
    for rule in Rule::ALL {
        let (pairs, secs) = make_unmake(rule, 200);
        println!(
            "make+unmake {:<9} {:>10} pairs {:>7.3} s {:>8.2} M pairs/s",
            rule.name(),
            pairs,
            secs,
            pairs as f64 / secs / 1e6
        );
    }
    let (checks, forbidden, secs) = foul_checks(2000);
    println!(
        "renju foul checks  {checks:>10} candidates ({forbidden} forbidden) {secs:>7.3} s {:>8.3} M checks/s",
        checks as f64 / secs / 1e6
    );
}

/// Opening suites the search bench draws its positions from (rule, board side, pos lines).
const SUITES: [(Rule, usize, &str); 4] = [
    (
        Rule::Freestyle,
        15,
        include_str!("../tournaments/openings/freestyle15.pos.txt"),
    ),
    (
        Rule::Standard,
        15,
        include_str!("../tournaments/openings/standard15.pos.txt"),
    ),
    (
        Rule::Renju,
        15,
        include_str!("../tournaments/openings/renju15.pos.txt"),
    ),
    (
        Rule::Caro,
        15,
        include_str!("../tournaments/openings/standard15.pos.txt"),
    ),
];

/// Positions per rule in the search bench.
pub const SEARCH_POSITIONS: usize = 12;
/// Depth of the search bench.
pub const SEARCH_DEPTH: u32 = 7;
/// Hash size of the search bench.
pub const SEARCH_HASH: usize = 16 << 20;

/// The search bench positions: the first [`SEARCH_POSITIONS`] openings of each suite (caro takes
/// the standard suite from its other end).
pub fn search_positions() -> Vec<Board> {
    let mut out = Vec::new();
    for (rule, side, text) in SUITES {
        let dims = Dims::square(side).expect("legal size");
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let chosen: Vec<&str> = if rule == Rule::Caro {
            lines.iter().rev().take(SEARCH_POSITIONS).copied().collect()
        } else {
            lines.iter().take(SEARCH_POSITIONS).copied().collect()
        };
        for line in chosen {
            let moves = crate::board::notation::parse_moves(line, dims).expect("suite line");
            let mut b = Board::new(rule, dims);
            for p in moves {
                b.make(p);
            }
            out.push(b);
        }
    }
    out
}

/// Searches every bench position to `depth` with `s` (one thread, an emptied table); returns
/// (total nodes, seconds).
pub fn search_bench(depth: u32, mut s: crate::search::Searcher) -> (u64, f64) {
    use crate::search::Limits;
    use std::sync::atomic::AtomicBool;
    let stop = AtomicBool::new(false);
    let limits = Limits {
        // No clock: the root VCT probe and the refutation checks, which only run under a clock,
        // stay out, so the signature and the speed are the main search's own.
        max_depth: Some(depth),
        ..Default::default()
    };
    s.set_threads(1);
    s.set_hash_bytes(SEARCH_HASH);
    let (mut nodes, mut secs) = (0u64, 0f64);
    for b in search_positions() {
        // Emptied before the clock starts: making a table (faulting in its pages, about 0.4 ms
        // a megabyte) happens once a game in play, not once a position.
        s.clear_in_place();
        let r = s.search(&b, &limits, &stop, &mut |_| {});
        nodes += r.info.nodes;
        secs += r.info.elapsed.as_secs_f64();
    }
    (nodes, secs)
}

/// Runs the search bench with `s` (a default searcher, or one with features switched) and
/// prints its signature (total nodes) and speed.
pub fn run_search(s: crate::search::Searcher) {
    let (nodes, secs) = search_bench(SEARCH_DEPTH, s);
    println!(
        "search depth {SEARCH_DEPTH} {} positions: {nodes} nodes {secs:.3} s {:.0} nodes/s",
        search_positions().len(),
        nodes as f64 / secs.max(1e-9)
    );
    println!("Bench: {nodes}");
}
