//! `label`: search scores as training targets for `tune`. Replays game records, searches
//! positions of them at a fixed node budget and writes one labelled position a line: the game's
//! rule, size and result with `moves` cut to the position, plus `score` (the search's score for
//! the side to move: an evaluation, or `"win"`/`"loss"` for a proven result).
//!
//! Takes every `stride`-th position after the opening (at least six plies) where neither side
//! has a five to make, of the games of the rule that fall in `--shard` (to split the work
//! between processes). With `--children N`, each such position also gives up to `N` positions
//! one random legal move later (a cell within two of a stone): the evaluation is used at the
//! leaves of search trees, which are mostly positions after moves no player would choose, so
//! the training positions should not all come from good play.

use crate::args::{self, Shard};
use crate::records;
use crate::{parallel, Outcome};
use kakugo::board::{Board, Pos, Verdict};
use kakugo::record::{Label, SavedGame};
use kakugo::rules::{Color, Rule};
use kakugo::search::{Limits, Score, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// Plies skipped at the start of every game, at least.
const MIN_OPENING: usize = 6;
/// Hash table of each thread's searcher.
const HASH_BYTES: usize = 16 << 20;

/// Options of `label`.
#[derive(clap::Args)]
pub struct Args {
    /// The rule (games of other rules are skipped).
    #[arg(long, value_parser = args::rule)]
    rule: Rule,
    /// Nodes a search.
    #[arg(long)]
    nodes: u64,
    /// Take every this-many-th position of a game.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    stride: u64,
    /// This process's part of the games, K/N.
    #[arg(long, default_value = "0/1")]
    shard: Shard,
    /// Random children of each position, at most.
    #[arg(long, default_value_t = 0)]
    children: usize,
    /// Searches run at once (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Game records (JSON lines).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// A random legal move of the side to move within two cells of a stone, if there is one.
pub fn random_move(b: &mut Board, rng: &mut StdRng) -> Option<Pos> {
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

/// Whether neither side has a five to make.
fn open(b: &Board) -> bool {
    !b.has_five_point(Color::Black) && !b.has_five_point(Color::White)
}

/// `b` searched, as a labelled position of game `g`.
fn labelled(s: &mut Searcher, b: &Board, limits: &Limits, g: &SavedGame) -> SavedGame {
    let r = s.search(b, limits, &AtomicBool::new(false), &mut |_| {});
    let mut out = SavedGame::new(g.rule, g.size);
    out.moves = b.history().to_vec();
    out.result = g.result;
    out.score = Some(match r.info.score {
        Score::Eval(e) => Label::Eval(f64::from(e)),
        Score::Win(_) => Label::Win,
        Score::Loss(_) => Label::Loss,
    });
    out
}

/// The labelled positions of game `g` (number `index` of the run, which seeds its children).
fn label_game(s: &mut Searcher, a: &Args, index: usize, g: &SavedGame) -> Vec<SavedGame> {
    let limits = Limits {
        max_nodes: Some(a.nodes),
        ..Limits::default()
    };
    let mut rng = StdRng::seed_from_u64(index as u64 + 1);
    let skip = g.opening_len().unwrap_or(MIN_OPENING).max(MIN_OPENING);
    let mut b = Board::new(g.rule, g.size);
    let mut out = Vec::new();
    s.clear();
    for (i, &p) in g.moves.iter().enumerate() {
        if i >= skip && ((i - skip) as u64).is_multiple_of(a.stride) && open(&b) {
            out.push(labelled(s, &b, &limits, g));
            for _ in 0..a.children {
                let Some(c) = random_move(&mut b, &mut rng) else {
                    break;
                };
                b.make(c);
                if open(&b) {
                    out.push(labelled(s, &b, &limits, g));
                }
                b.unmake();
            }
        }
        if !b.is_empty(p) {
            break;
        }
        b.make(p);
    }
    out
}

/// Runs `label`.
pub fn run(a: Args) -> Outcome {
    let mut games = Vec::new();
    for f in &a.files {
        games.extend(
            records::read_games(f)?
                .into_iter()
                .map(|(_, g)| g)
                .filter(|g| g.rule == a.rule),
        );
    }
    let mine: Vec<(usize, SavedGame)> = games
        .into_iter()
        .enumerate()
        .filter(|(i, _)| a.shard.takes(*i))
        .collect();
    parallel::ordered(
        &mine,
        a.jobs.unwrap_or_else(args::all_cores),
        || {
            let mut s = Searcher::new();
            s.set_hash_bytes(HASH_BYTES);
            s
        },
        |s, (i, g)| label_game(s, &a, *i, g),
        |positions| {
            positions
                .iter()
                .try_for_each(|p| records::print_line(&p.to_line()))
        },
    )?;
    Ok(0)
}
