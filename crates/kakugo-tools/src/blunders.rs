//! `blunders`: where a lost game was lost: replays the games an engine lost (the arena's JSON-lines
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
//! `kakugo-tools blunders --engine NAME --long-ms MS --short-ms MS [--shard K/N] FILE...`; the
//! games run one at a time unless `--jobs N` (the searches are timed: parallel games share the
//! cores).
//!
//! Kakugo's 89 losses in 200 freestyle games against Rapfi at 300 ms a move (2026-11-27,
//! `blunders --engine kakugo --long-ms 2000 --short-ms 250`): 8 had no saving move after the opening; in the other 81 no last
//! chance was a move a refutation check would have caught, the loss after the move played was
//! 13–35 plies long (median 23), the last chance came after a median of 29 stones (26 times
//! within 20), and the long search chose the move played in 26 of them. The games are lost by
//! deep play, not by threats just past the horizon.

use crate::args::Shard;
use crate::records;
use crate::{parallel, Outcome};
use kakugo::board::notation::format_moves;
use kakugo::board::{Board, Pos};
use kakugo::record::{GameResult, SavedGame};
use kakugo::rules::Color;
use kakugo::search::Probe;
use kakugo::search::{Limits, Score, SearchResult, Searcher, TimeControl};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// Hash table of each thread's searcher.
const HASH_BYTES: usize = 64 << 20;
/// Time the opponent's VCT may take to refute the best other move.
const ALT_REFUTE_MS: u64 = 200;

/// Options of `blunders`.
#[derive(clap::Args)]
pub struct Args {
    /// The player whose lost games are examined (the records' `black`/`white` names).
    #[arg(long)]
    engine: String,
    /// The long search's time a position, in milliseconds.
    #[arg(long)]
    long_ms: u64,
    /// The loser's own move time, for what it saw after its move, in milliseconds.
    #[arg(long)]
    short_ms: u64,
    /// This process's part of the games, K/N (by the records' `game` numbers).
    #[arg(long, default_value = "0/1")]
    shard: Shard,
    /// Games examined at once.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Game records (JSON lines, the arena's `results.jsonl`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// A search of `b` for `ms`, from clear tables.
fn think(s: &mut Searcher, b: &Board, ms: u64) -> SearchResult {
    think_without(s, b, ms, &[])
}

/// A search of `b` for `ms` without the moves `exclude`, from clear tables.
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

/// The colour of the loser of `g` if it is `name`.
fn loser(g: &SavedGame, name: &str) -> Option<Color> {
    match g.result? {
        GameResult::BlackWon if g.white.as_deref() == Some(name) => Some(Color::White),
        GameResult::WhiteWon if g.black.as_deref() == Some(name) => Some(Color::Black),
        _ => None,
    }
}

/// The report line of one lost game.
fn examine(s: &mut Searcher, a: &Args, g: &SavedGame, loser: Color) -> String {
    let game = g.game.unwrap_or(0);
    let opening = g.opening_len().unwrap_or(0);
    let moves = &g.moves;
    let Ok(mut b) = g.board_after(moves.len()) else {
        return format!("game {game}: a move on an occupied cell");
    };
    // Back over the loser's moves after the opening: a position is lost when the search proves
    // it, or when the move played led to a lost position (known from the step before) and
    // every other move loses too (the best of them is proven lost or refuted).
    let mut probe = Probe::default();
    let mut after_loss: Option<u32> = None;
    let mut found = None;
    for i in (opening..moves.len()).rev() {
        b.unmake();
        if b.side_to_move() != loser {
            continue;
        }
        let r = think(s, &b, a.long_ms);
        if let Score::Loss(n) = r.info.score {
            after_loss = Some(n + 1);
            continue;
        }
        let alt = think_without(s, &b, a.long_ms, &[moves[i]]);
        let alt_lost =
            matches!(alt.info.score, Score::Loss(_)) || probe.refuted(&b, alt.best, ALT_REFUTE_MS);
        if after_loss.is_some() && alt_lost {
            after_loss = after_loss.map(|n| n + 2);
            continue;
        }
        found = Some((i, r, alt));
        break;
    }
    let Some((i, r, alt)) = found else {
        return format!("game {game} {loser:?} lost from the opening ({opening} stones)");
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
    let seen = match think(s, &b, a.short_ms).info.score {
        Score::Win(n) => format!("saw loss in {}", n + 1),
        Score::Loss(n) => format!("saw WIN in {}", n + 1),
        Score::Eval(e) => format!("saw eval {}", -e),
    };
    format!(
        "game {game} {loser:?} stones {i} played {} best {} ({}) loss after {} {seen} moves left {} {refuted} {alt}",
        format_moves(&[played]),
        format_moves(&[r.best]),
        r.info.score,
        after_loss.map_or("?".into(), |n| n.to_string()),
        (moves.len() - i).div_ceil(2),
    )
}

/// Runs `blunders`.
pub fn run(a: Args) -> Outcome {
    let mut lost = Vec::new();
    for f in &a.files {
        for (_, g) in records::read_games(f)? {
            if !a.shard.takes(g.game.unwrap_or(0) as usize) {
                continue;
            }
            if let Some(c) = loser(&g, &a.engine) {
                lost.push((g, c));
            }
        }
    }
    parallel::ordered(
        &lost,
        a.jobs,
        || {
            let mut s = Searcher::new();
            s.set_hash_bytes(HASH_BYTES);
            s
        },
        |s, (g, c)| examine(s, &a, g, *c),
        |line| records::print_line(&line),
    )?;
    Ok(0)
}
