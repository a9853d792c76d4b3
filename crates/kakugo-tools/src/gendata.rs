//! `gendata`: training games for the evaluation tuner. The searcher plays itself at a fixed node
//! budget a move, from an opening of the 15×15 suite of the rule plus up to three random moves
//! near the stones; one game record a line on stdout (`rule`, `size`, `opening_plies`, `moves`,
//! `result`). Game `i` draws its opening from a generator seeded by `seed` and `i`, so a run
//! repeats exactly whatever the number of threads.

use crate::records::{self, GameRecord, Outcome as GameResult};
use crate::{args, parallel, Outcome};
use kakugo::board::notation::parse_moves;
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::Rule;
use kakugo::search::{Limits, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;

/// Random moves added after the opening, at most.
const RANDOM_PLIES: usize = 3;
/// Hash table of each game's searcher.
const HASH_BYTES: usize = 16 << 20;

/// Options of `gendata`.
#[derive(clap::Args)]
pub struct Args {
    /// The rule.
    #[arg(long, value_parser = args::rule, default_value = "freestyle")]
    rule: Rule,
    /// Games to play.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Nodes a move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Seed of the openings' random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
}

/// The opening suite of `rule` (15×15, pos notation, one a line).
fn suite(rule: Rule) -> Vec<&'static str> {
    match rule {
        Rule::Renju => include_str!("../../../tournaments/openings/renju15.pos.txt"),
        Rule::Freestyle => include_str!("../../../tournaments/openings/freestyle15.pos.txt"),
        _ => include_str!("../../../tournaments/openings/standard15.pos.txt"),
    }
    .lines()
    .filter(|l| !l.trim().is_empty())
    .collect()
}

/// Plays game number `index`.
fn play(s: &mut Searcher, a: &Args, suite: &[&str], index: u64) -> GameRecord {
    let dims = Dims::square(15).expect("15x15");
    let mut rng = StdRng::seed_from_u64(a.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index);
    let mut pos = Board::new(a.rule, dims);
    let line = suite[rng.gen_range(0..suite.len())];
    for p in parse_moves(line, dims).expect("the suite's openings are valid") {
        pos.make(p);
    }
    for _ in 0..rng.gen_range(0..=RANDOM_PLIES) {
        let near: Vec<Pos> = dims
            .cells()
            .filter(|&p| {
                pos.is_empty(p)
                    && pos.history().iter().any(|&q| q.distance(p) <= 2)
                    && !(pos.rule().has_fouls(pos.side_to_move()) && pos.is_forbidden(p).is_some())
            })
            .collect();
        if near.is_empty() {
            break;
        }
        pos.make(near[rng.gen_range(0..near.len())]);
    }
    let opening = pos.history().len();
    let limits = Limits {
        max_nodes: Some(a.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    s.clear();
    let result = loop {
        if pos.is_full() {
            break GameResult::Draw;
        }
        let me = pos.side_to_move();
        let p = s.search(&pos, &limits, &stop, &mut |_| {}).best;
        if pos.is_win_move(p, me) {
            pos.make(p);
            break GameResult::win_of(me);
        }
        if pos.rule().has_fouls(me) && pos.is_forbidden(p).is_some() {
            break GameResult::win_of(me.opp());
        }
        pos.make(p);
    };
    let mut g = GameRecord::new(a.rule, dims);
    g.opening = Some(opening);
    g.moves = pos.history().to_vec();
    g.result = Some(result);
    g
}

/// Runs `gendata`.
pub fn run(a: Args) -> Outcome {
    let suite = suite(a.rule);
    let games: Vec<u64> = (0..a.games as u64).collect();
    parallel::ordered(
        &games,
        a.jobs.unwrap_or_else(args::all_cores),
        || {
            let mut s = Searcher::new();
            s.set_hash_bytes(HASH_BYTES);
            s
        },
        |s, &i| play(s, &a, &suite, i),
        |g| records::print_line(&g.to_json()),
    )?;
    Ok(0)
}
