//! `gendata`: training games. The searcher plays itself at a fixed node budget a move (so a run
//! does not depend on the machine's load) from openings generated for the purpose — never from
//! the suites the strength is measured on: a random shape of three to six stones near the
//! centre, kept when a short search (`--balance-nodes`, 4,000) values it within
//! `--balance-limit` (120) and it is none of the suites' openings in any orientation. Game `i` draws its opening from a generator seeded by
//! `seed` and `i`, so a run repeats exactly whatever the number of threads.
//!
//! Output: one game record a line on stdout (`rule`, `size`, `opening_plies`, `moves`,
//! `result`), or with `--out FILE` the compact [`dataset`] format, which also keeps the score of
//! every search that chose a move (the network trainer's targets). `--list` prints the openings
//! alone in pos notation, one a line, and plays no game: a held-out suite drawn with stone counts
//! the training games never start from cannot share an opening with them.

use crate::args::{self, Switch};
use crate::dataset::{self, ScoredGame, LOSS, NO_SCORE, WIN};
use crate::records;
use crate::{parallel, Outcome};
use kakugo::board::notation::{format_moves, parse_moves};
use kakugo::board::{Board, Dims, Pos};
use kakugo::record::{GameResult, SavedGame};
use kakugo::rules::Rule;
use kakugo::search::{Limits, Score, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// Hash table of each game's searcher.
const HASH_BYTES: usize = 16 << 20;
/// Opening stones lie within this Chebyshev distance of the centre.
const OPENING_RADIUS: i64 = 3;
/// Scores are stored within this bound (a proven result beyond it).
const SCORE_BOUND: i32 = 30_000;

/// Options of `gendata`.
#[derive(clap::Args)]
pub struct Args {
    /// The rule.
    #[arg(long, value_parser = args::rule, default_value = "freestyle")]
    rule: Rule,
    /// Side of the square board.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u64).range(5..=22))]
    size: u64,
    /// Games to play.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Nodes a move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stones of a generated opening, `MIN-MAX`.
    #[arg(long, value_parser = stone_range, default_value = "3-6")]
    stones: (usize, usize),
    /// Print the openings (pos notation, one a line) instead of playing games.
    #[arg(long)]
    list: bool,
    /// Nodes of the search that judges an opening's balance.
    #[arg(long, default_value_t = 4_000)]
    balance_nodes: u64,
    /// An opening is kept when that search values the side to move within this many units.
    #[arg(long, default_value_t = 120)]
    balance_limit: i32,
    /// Games played at once (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Write the games with their scores to this `.kgd` file instead of records on stdout.
    #[arg(long)]
    out: Option<PathBuf>,
    /// More openings never to start from (position files in pos notation, one a line: a
    /// held-out evaluation suite kept outside the repository).
    #[arg(long)]
    exclude: Vec<PathBuf>,
    /// A search switch, NAME=on|off (repeatable; e.g. `network=off` for games of the classical
    /// evaluation alone where the rule's default is the network).
    #[arg(long = "feature")]
    features: Vec<Switch>,
}

/// The canonical form of a position's stones: the least, over the square's eight symmetries,
/// of the sorted (colour, x, y) list.
fn canonical(moves: &[Pos], size: usize) -> Vec<(usize, usize, usize)> {
    (0..8)
        .map(|t| {
            let mut v: Vec<(usize, usize, usize)> = moves
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let (mut x, mut y) = (p.x(), p.y());
                    if t & 1 != 0 {
                        x = size - 1 - x;
                    }
                    if t & 2 != 0 {
                        y = size - 1 - y;
                    }
                    if t & 4 != 0 {
                        std::mem::swap(&mut x, &mut y);
                    }
                    (i % 2, x, y)
                })
                .collect();
            v.sort_unstable();
            v
        })
        .min()
        .unwrap_or_default()
}

/// The canonical forms of every opening of the measurement suites of `size` and of `more`.
fn suite_openings(size: usize, more: &[String]) -> HashSet<Vec<(usize, usize, usize)>> {
    let dims = Dims::square(size).expect("a board size");
    let texts = [
        include_str!("../../../tournaments/openings/freestyle15.pos.txt"),
        include_str!("../../../tournaments/openings/standard15.pos.txt"),
        include_str!("../../../tournaments/openings/renju15.pos.txt"),
        include_str!("../../../tournaments/openings/freestyle20.pos.txt"),
    ];
    texts
        .iter()
        .copied()
        .chain(more.iter().map(String::as_str))
        .flat_map(|t| t.lines())
        .filter_map(|l| parse_moves(l, dims).ok())
        .filter(|m| !m.is_empty())
        .map(|m| canonical(&m, size))
        .collect()
}

/// Parses `MIN-MAX` stones (or one number), at least one stone and at most twelve.
fn stone_range(s: &str) -> Result<(usize, usize), String> {
    let (lo, hi) = s.split_once('-').unwrap_or((s, s));
    let parse = |t: &str| t.trim().parse::<usize>().map_err(|e| format!("{t}: {e}"));
    let (lo, hi) = (parse(lo)?, parse(hi)?);
    if lo == 0 || lo > hi || hi > 12 {
        return Err(format!("{s}: want MIN-MAX with 1 <= MIN <= MAX <= 12"));
    }
    Ok((lo, hi))
}

/// A random legal shape of `stones` stones near the centre (no five, no foul, no four or five
/// point for either side), or `None`.
fn random_shape(rule: Rule, dims: Dims, stones: (usize, usize), rng: &mut StdRng) -> Option<Board> {
    let mut b = Board::new(rule, dims);
    let (cx, cy) = (dims.centre().x() as i64, dims.centre().y() as i64);
    let n = rng.gen_range(stones.0..=stones.1);
    for _ in 0..n {
        let x = cx + rng.gen_range(-OPENING_RADIUS..=OPENING_RADIUS);
        let y = cy + rng.gen_range(-OPENING_RADIUS..=OPENING_RADIUS);
        let p = dims.pos(x, y)?;
        let me = b.side_to_move();
        if !b.is_empty(p)
            || b.is_win_move(p, me)
            || (rule.has_fouls(me) && b.is_forbidden(p).is_some())
        {
            return None;
        }
        b.make(p);
    }
    let me = b.side_to_move();
    (!b.has_four_point(me) && !b.has_four_point(me.opp())).then_some(b)
}

/// A balanced generated opening for game `index`.
fn opening(
    s: &mut Searcher,
    a: &Args,
    suites: &HashSet<Vec<(usize, usize, usize)>>,
    index: u64,
) -> Board {
    let dims = Dims::square(a.size as usize).expect("a board size");
    let mut rng = StdRng::seed_from_u64(a.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index);
    let limits = Limits {
        max_nodes: Some(a.balance_nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut last = None;
    for _ in 0..1000 {
        let Some(b) = random_shape(a.rule, dims, a.stones, &mut rng) else {
            continue;
        };
        if suites.contains(&canonical(b.history(), a.size as usize)) {
            continue;
        }
        s.clear();
        let r = s.search(&b, &limits, &stop, &mut |_| {});
        if matches!(r.info.score, Score::Eval(v) if v.abs() <= a.balance_limit) {
            return b;
        }
        last = Some(b);
    }
    last.unwrap_or_else(|| Board::new(a.rule, dims))
}

/// A search's score as stored.
fn stored(score: Score) -> i16 {
    match score {
        Score::Eval(v) => v.clamp(-SCORE_BOUND, SCORE_BOUND) as i16,
        Score::Win(_) => WIN,
        Score::Loss(_) => LOSS,
    }
}

/// Plays game number `index`.
fn play(
    s: &mut Searcher,
    a: &Args,
    suites: &HashSet<Vec<(usize, usize, usize)>>,
    index: u64,
) -> ScoredGame {
    let mut pos = opening(s, a, suites, index);
    let opening = pos.history().len();
    let mut scores = vec![NO_SCORE; opening];
    let result = play_on(s, a.nodes, &mut pos, &mut scores);
    ScoredGame {
        rule: a.rule,
        dims: pos.dims(),
        result,
        opening,
        moves: pos.history().to_vec(),
        scores,
    }
}

/// Plays `pos` out at `nodes` a move, pushing each searched move's score to `scores`.
fn play_on(s: &mut Searcher, nodes: u64, pos: &mut Board, scores: &mut Vec<i16>) -> GameResult {
    let limits = Limits {
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    s.clear();
    loop {
        if pos.is_full() {
            return GameResult::Draw;
        }
        let me = pos.side_to_move();
        let r = s.search(pos, &limits, &stop, &mut |_| {});
        let p = r.best;
        if p == Pos::NONE {
            // Every empty cell is a foul for renju Black: he must play one and lose.
            return GameResult::win_of(me.opp());
        }
        scores.push(stored(r.info.score));
        if pos.is_win_move(p, me) {
            pos.make(p);
            return GameResult::win_of(me);
        }
        if pos.rule().has_fouls(me) && pos.is_forbidden(p).is_some() {
            pos.make(p);
            return GameResult::win_of(me.opp());
        }
        pos.make(p);
    }
}

/// Prints the openings of games `0..games`.
fn list(a: &Args, suites: &HashSet<Vec<(usize, usize, usize)>>) -> Outcome {
    let mut s = Searcher::new();
    s.set_hash_bytes(HASH_BYTES);
    args::apply(&mut s, &a.features)?;
    for i in 0..a.games as u64 {
        let b = opening(&mut s, a, suites, i);
        records::print_line(&format_moves(b.history()))?;
    }
    Ok(0)
}

/// Runs `gendata`.
pub fn run(a: Args) -> Outcome {
    let more = a
        .exclude
        .iter()
        .map(|f| std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display())))
        .collect::<Result<Vec<String>, String>>()?;
    let suites = suite_openings(a.size as usize, &more);
    // Checked once here, so that each worker's searcher takes them as they are.
    args::apply(&mut Searcher::new(), &a.features)?;
    if a.list {
        return list(&a, &suites);
    }
    let games: Vec<u64> = (0..a.games as u64).collect();
    let mut kept = Vec::new();
    parallel::ordered(
        &games,
        a.jobs.unwrap_or_else(args::all_cores),
        || {
            let mut s = Searcher::new();
            s.set_hash_bytes(HASH_BYTES);
            args::apply(&mut s, &a.features).ok();
            s
        },
        |s, &i| play(s, &a, &suites, i),
        |g| match &a.out {
            Some(path) => {
                kept.push(g);
                // Rewritten after every batch, so a run cut short keeps what it played.
                std::fs::write(path, dataset::encode(&kept))
                    .map_err(|e| format!("{}: {e}", path.display()))
            }
            None => {
                let mut r = SavedGame::new(g.rule, g.dims);
                r.opening_plies = Some(g.opening);
                r.moves = g.moves;
                r.result = Some(g.result);
                records::print_line(&r.to_line())
            }
        },
    )?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options of a one-thread run of `rule` from `seed`, balanced by `balance_nodes` and
    /// `balance_limit`.
    fn options(rule: Rule, seed: u64, stones: (usize, usize), balance: (u64, i32)) -> Args {
        Args {
            rule,
            size: 15,
            games: 1,
            nodes: 1000,
            seed,
            stones,
            list: false,
            balance_nodes: balance.0,
            balance_limit: balance.1,
            jobs: Some(1),
            out: None,
            exclude: Vec::new(),
            features: Vec::new(),
        }
    }

    #[test]
    fn a_game_where_black_has_only_fouls_left_is_whites() {
        // The renju game of tests/data/games/renju-full-board.txt before its last two moves:
        // White to move with two cells left takes the one that leaves Black only an overline.
        let line = include_str!("../../../tests/data/games/renju-full-board.txt").trim();
        let dims = Dims::square(15).unwrap();
        let mut pos = Board::new(Rule::Renju, dims);
        for p in parse_moves(line, dims).unwrap().into_iter().take(223) {
            pos.make(p);
        }
        let mut s = Searcher::new();
        s.set_hash_bytes(1 << 20);
        let mut scores = Vec::new();
        let result = play_on(&mut s, 100_000, &mut pos, &mut scores);
        assert_eq!(result, GameResult::win_of(kakugo::rules::Color::White));
        assert_eq!((pos.history().len(), scores.len()), (224, 1));
    }

    #[test]
    fn generated_openings_are_balanced_legal_and_not_from_the_suites() {
        let suites = suite_openings(15, &[]);
        assert!(suites.len() > 100);
        let a = options(Rule::Renju, 7, (3, 6), (4_000, 120));
        let mut s = Searcher::new();
        s.set_hash_bytes(1 << 20);
        let mut seen = HashSet::new();
        for i in 0..4 {
            let b = opening(&mut s, &a, &suites, i);
            assert!((3..=6).contains(&b.history().len()));
            assert!(!suites.contains(&canonical(b.history(), 15)));
            seen.insert(canonical(b.history(), 15));
            // The same index gives the same opening.
            assert_eq!(opening(&mut s, &a, &suites, i).history(), b.history());
        }
        assert!(seen.len() >= 3, "openings repeat: {seen:?}");
    }

    #[test]
    fn the_balance_search_and_limit_are_the_ones_asked_for() {
        let suites = suite_openings(15, &[]);
        let a = options(Rule::Freestyle, 5, (7, 8), (3_000, 25));
        let mut s = Searcher::new();
        s.set_hash_bytes(1 << 20);
        let limits = Limits {
            max_nodes: Some(a.balance_nodes),
            ..Limits::default()
        };
        for i in 0..3 {
            let b = opening(&mut s, &a, &suites, i);
            assert!((7..=8).contains(&b.history().len()));
            s.clear();
            let r = s.search(&b, &limits, &AtomicBool::new(false), &mut |_| {});
            assert!(
                matches!(r.info.score, Score::Eval(v) if v.abs() <= 25),
                "{:?}",
                r.info.score
            );
        }
    }

    #[test]
    fn the_stone_range_is_kept_and_checked() {
        assert_eq!(stone_range("7-8"), Ok((7, 8)));
        assert_eq!(stone_range("5"), Ok((5, 5)));
        assert!(stone_range("8-7").is_err());
        assert!(stone_range("0-3").is_err());
        assert!(stone_range("x").is_err());
        let dims = Dims::square(15).unwrap();
        let mut rng = StdRng::seed_from_u64(3);
        let mut made = 0;
        for _ in 0..200 {
            if let Some(b) = random_shape(Rule::Freestyle, dims, (7, 8), &mut rng) {
                assert!((7..=8).contains(&b.history().len()));
                made += 1;
            }
        }
        assert!(made > 0);
    }

    #[test]
    fn the_canonical_form_ignores_the_orientation() {
        let d = Dims::square(15).unwrap();
        let p = |x, y| d.pos(x, y).unwrap();
        let a = [p(7, 7), p(8, 7), p(9, 9)];
        let b = [p(7, 7), p(6, 7), p(5, 5)]; // a turned half way round
        let c = [p(7, 7), p(7, 8), p(9, 9)]; // a mirrored on the diagonal
        assert_eq!(canonical(&a, 15), canonical(&b, 15));
        assert_eq!(canonical(&a, 15), canonical(&c, 15));
        assert_ne!(
            canonical(&a, 15),
            canonical(&[p(7, 7), p(8, 7), p(9, 8)], 15)
        );
    }
}
