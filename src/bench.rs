//! Benchmarks printed by `pbrain-kakugo bench`: make/unmake and renju foul checks, and the
//! search bench whose node count is the engine's signature (`Bench: N`, the last line of every
//! commit that touches the search, the board or the threat solvers; `scripts/bench-check.sh`
//! compares). Single-threaded; the speed figures are for comparing builds side by side, not
//! for tests.

use crate::board::{Board, Dims, Pos};
use crate::clock::Instant;
use crate::rules::{Color, Combo, Rule};
use rand::{rngs::StdRng, seq::SliceRandom, SeedableRng};

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
fn foul_checks(rounds: usize) -> (u64, u64, f64) {
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
    board_lines().iter().for_each(|l| println!("{l}"));
}

/// Runs the board benchmarks; returns their figures, a line each (what [`run_board`] prints).
pub fn board_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for rule in Rule::ALL {
        let (pairs, secs) = make_unmake(rule, 200);
        lines.push(format!(
            "make+unmake {:<9} {:>10} pairs {:>7.3} s {:>8.2} M pairs/s",
            rule.name(),
            pairs,
            secs,
            pairs as f64 / secs / 1e6
        ));
    }
    let (checks, forbidden, secs) = foul_checks(2000);
    lines.push(format!(
        "renju foul checks  {checks:>10} candidates ({forbidden} forbidden) {secs:>7.3} s {:>8.3} M checks/s",
        checks as f64 / secs / 1e6
    ));
    lines
}

/// The search bench's positions, per rule (15×15 boards, moves in pos notation, Black first):
/// openings of the match suites as they were when the bench was made (the first twelve of
/// `tournaments/openings/{freestyle,standard,renju}15.pos.txt`, and for caro the last twelve of
/// the standard suite, last first). They live here so that editing a suite cannot change the
/// signature.
const POSITIONS: [(Rule, [&str; 12]); 4] = [
    (
        Rule::Freestyle,
        [
            "f13c11g8d10c10b13c7f9b15g13",
            "c10g12g10b12b6h11",
            "d7d8e10e7d10e6",
            "h14j13i13i11j12k11i10k14l11",
            "b3h6g5g3",
            "l7l9j5k9n9k6",
            "k8k10k13i11",
            "j4f7i9f4d9i12",
            "f3e5g8g3f7c5f6g7c6",
            "j6g9k9f8c11i6",
            "j10g8j9i9g9f11e5i8",
            "f9f11i12h12f8f6h7d13d11",
        ],
    ),
    (
        Rule::Standard,
        [
            "f4e8j8d5",
            "g7e10f10f8g6g10h9f7f4",
            "k6k7e4g4h8f8f4",
            "c15a13d12d15a15a14d10e11b15",
            "i6l4i7j5i8i9j1",
            "f10d9e8d8h8g9e5d10",
            "i9j7h7f7d7i6",
            "e11e10e9d7h7f11d10f7b8c9",
            "k10k9n11l10n9m8i7i9j8i8",
            "a8c7d3a7a5f5d4b3e5",
            "k5j3j2m3n3m6j6k6h8i7",
            "k5g11l9k7h11g5j14j6",
        ],
    ),
    (
        Rule::Renju,
        [
            "k8m8k11h10h9m13j11i10n13",
            "d14c11b11b15e13e14a13d15c12f13",
            "m3i2j5k2j1j4k1o5",
            "g1c2d5",
            "d2f2c6e2f4d6b2b5c3f3",
            "m11m8m12i9l9j11j8m10",
            "m12j15m9i15m14",
            "i7f4d6h6i5f7g6",
            "h10f6h8h6g6f7d10g11f5",
            "a5a1a3c6",
            "b9c9f5e3b3a2f2",
            "c7c4e8f4d9",
        ],
    ),
    (
        Rule::Caro,
        [
            "e10e6h6h9i6",
            "j13o10n10i11i10m12o8",
            "g7k9f9g8i4l5j8g9o2",
            "m8m6n9m7o7l6k7l8n7k3",
            "k3l5m4m6l3",
            "m7h12l9m13k9g11f12",
            "i1f1f4e5d4",
            "j6h6j4g2e1k5",
            "m7n5o4l4",
            "c6d5e9b9g5h6b5",
            "h5e5b6h6",
            "e14e9g13i11k14e8h14i10h13",
        ],
    ),
];

/// Tense positions of the search bench: games Kakugo lost to PentaZen at 300 ms a move
/// (`tests/data/wins/{freestyle,renju}.txt`, the first eight of each), one move before the
/// position where PentaZen proved its win: Kakugo to move against threats, so that the bench
/// goes through the defences, the four-block extension and the leaf four-extension, not only
/// quiet openings.
const TENSE: [(Rule, [&str; 8]); 2] = [
    (
        Rule::Freestyle,
        [
            "h14j13i13i11j12k11i10k14l11j10h11l12m13h12k9g12f12f11j9h9i8",
            "k8k10k13i11l9i10l8j7i9i8l10l11j9k9h9k11m11",
            "j4f7i9f4d9i12j6e6j5j7",
            "j6g9k9f8c11i6j9g7",
            "f3e5g8g3f7c5f6g7c6e6e4d5f5f4d6g6f9f8h6e9g5h4i5e8e7d8i6j5e10h7d10f10c7b7d11c12c10i4b9",
            "j10g8j9i9g9f11e5i8j8j7i11h10k9",
            "j10g8j9i9g9f11e5i8j8j7i7h6g10f10f9k6h9i6j6h5k5h8g4l4",
            "g6h8i6h10e9e10h9g9e4c5f5",
        ],
    ),
    (
        Rule::Renju,
        [
            "b9c9f5e3b3a2f2e5e4f4g6d3g3g5h6d4d5f6g7e2b2h7c6",
            "e8d5h9e6f6d6g9g8j9f7c4i9",
            "b9g7d6d4d7c7g8a7a3c8f6c6c5f8e9b4c10e4f4d5f3f7d9c9e6b5b7b3b2",
            "l4k3n4n3j2m5n5l1k2k5j3j5i2l2i5k6i4k4k7i6l3m4l5l7h6m8n9h5g5",
            "g11h12e14f10h10f12g12f9f11g10h13e10j11i11i12g14j10",
            "b10e6b6d7f5b12d5e8c6e7e5c5e4b7c7c8",
            "l2j3i6g2g1j6g5g6j5i5h4i3h3h7h5h2g4f3i4j4f5e6k5k6d5e5f4e4e3h6i2j1g7l5e7i8j7k8k10j8l8h10h8i9k7i10i11l7j9m6",
            "l12i7j11k10k8n12n8l7n9l8n10n11l9l11j7i6i8k6g8h8j9",
        ],
    ),
];

/// Depth of the search bench.
const SEARCH_DEPTH: u32 = 9;
/// Hash size of the search bench.
const SEARCH_HASH: usize = 16 << 20;

/// The search bench positions: the openings ([`POSITIONS`]), then the tense ones ([`TENSE`]).
fn search_positions() -> Vec<Board> {
    let dims = Dims::square(15).expect("15 is a legal size");
    let mut out = Vec::new();
    let openings = POSITIONS
        .iter()
        .flat_map(|(r, l)| l.iter().map(move |l| (*r, *l)));
    let tense = TENSE
        .iter()
        .flat_map(|(r, l)| l.iter().map(move |l| (*r, *l)));
    for (rule, line) in openings.chain(tense) {
        {
            let moves = crate::board::notation::parse_moves(line, dims).expect("bench position");
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
fn search_bench(depth: u32, mut s: crate::search::Searcher) -> (u64, f64) {
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
    search_lines(s).iter().for_each(|l| println!("{l}"));
}

/// Runs the search bench with `s`; returns what [`run_search`] prints: the speed line, then
/// `Bench: N`.
pub fn search_lines(s: crate::search::Searcher) -> [String; 2] {
    let (nodes, secs) = search_bench(SEARCH_DEPTH, s);
    [
        format!(
            "search depth {SEARCH_DEPTH} {} positions: {nodes} nodes {secs:.3} s {:.0} nodes/s",
            search_positions().len(),
            nodes as f64 / secs.max(1e-9)
        ),
        format!("Bench: {nodes}"),
    ]
}
