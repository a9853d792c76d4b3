//! The searcher: chooses a move for the side to move of a [`Board`] within [`Limits`].
//!
//! This module owns the interface the protocol (and anything else) uses to think: limits in,
//! progress reports and a result out, a stop flag honoured at any moment. The present move
//! choice is a one-ply tactical rule (win, block, make or stop the strongest threat); the
//! alpha-beta searcher replaces it behind the same interface.

use crate::board::{Board, Pos};
use crate::rules::{Color, Combo};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The clock as the manager gives it (milliseconds; `None` = not limited).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Time for this move (`INFO timeout_turn`); `Some(0)` means answer at once.
    pub turn_ms: Option<u64>,
    /// Time for the whole game (`INFO timeout_match`).
    pub match_ms: Option<u64>,
    /// Game time left (`INFO time_left`); may be negative.
    pub left_ms: Option<i64>,
}

/// What bounds a search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The clock.
    pub time: TimeControl,
    /// Stop after this depth.
    pub max_depth: Option<u32>,
    /// Stop after this many nodes.
    pub max_nodes: Option<u64>,
    /// Root moves not to consider (for YXNBEST and blocked moves).
    pub exclude: Vec<Pos>,
}

/// A score from the side to move's view: an evaluation, or a proven win or loss in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A heuristic evaluation (positive = good for the side to move).
    Eval(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Eval(v) => write!(f, "{v}"),
            Score::Win(n) => write!(f, "win in {n}"),
            Score::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

/// A progress report, sent after every completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    /// Nominal depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of the best move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation, best move first.
    pub pv: Vec<Pos>,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let ms = self.elapsed.as_millis().max(1) as u64;
        self.nodes * 1000 / ms
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`Pos::NONE` only when the board has no empty cell left).
    pub best: Pos,
    /// The last report.
    pub info: Info,
}

/// A searcher with its tables; lives as long as the engine.
pub struct Searcher {
    hash_bytes: usize,
    threads: usize,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with default settings (one thread).
    pub fn new() -> Searcher {
        Searcher {
            hash_bytes: 64 << 20,
            threads: 1,
        }
    }

    /// Sets the memory for the hash table, in bytes.
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.hash_bytes = bytes;
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// Forgets everything learnt (the hash table).
    pub fn clear(&mut self) {}

    /// Chooses a move for the side to move. `stop` may be raised at any time from another
    /// thread; `report` is called with progress. Never returns an occupied cell, nor (renju
    /// Black) a forbidden one, unless nothing else is left.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        let mut b = board.clone();
        let me = b.side_to_move();
        let mut best = (i64::MIN, Pos::NONE);
        let mut nodes = 0u64;
        for p in b.dims().cells() {
            if !b.is_empty(p) || limits.exclude.contains(&p) {
                continue;
            }
            nodes += 1;
            if stop.load(Ordering::Relaxed) && !best.1.is_none() {
                break;
            }
            let s = tactical_score(&mut b, p, me);
            if s > best.0 {
                best = (s, p);
            }
        }
        let score = match best.0 {
            s if s >= WIN => Score::Win(1),
            _ => Score::Eval(0),
        };
        let info = Info {
            depth: 1,
            seldepth: 1,
            score,
            nodes,
            elapsed: start.elapsed(),
            pv: vec![best.1],
        };
        report(&info);
        SearchResult { best: best.1, info }
    }
}

const WIN: i64 = 1 << 40;

/// One-ply score of `p` for `me`: win, block, then the strongest threat made or stopped.
fn tactical_score(b: &mut Board, p: Pos, me: Color) -> i64 {
    let opp = me.opp();
    if b.is_win_move(p, me) {
        return WIN;
    }
    if b.rule().has_fouls(me) && b.is_forbidden(p).is_some() {
        return -WIN;
    }
    let value = |c: Combo| -> i64 {
        match c {
            Combo::Five => 1 << 30,
            Combo::FlexFour => 1 << 24,
            Combo::FourThree => 1 << 20,
            Combo::ThreeThree => 1 << 16,
            Combo::Four => 1 << 12,
            Combo::Three => 1 << 10,
            Combo::TwoTwo => 1 << 8,
            Combo::BlockThree => 1 << 6,
            Combo::Two => 1 << 4,
            _ => 0,
        }
    };
    let mut s = 2 * value(b.combo(p, me)) + value(b.combo(p, opp));
    if b.has_five_point(opp) && b.combo(p, opp) != Combo::Five {
        s -= 1 << 34;
    }
    // Prefer the centre and cells next to stones.
    let d = b.dims();
    let centre = d.centre();
    s -= p.distance(centre) as i64;
    let near = (0..4)
        .flat_map(|dir| [-1, 1].map(|k| p.step(dir, k)))
        .filter(|&q| b.stone(q).is_some())
        .count() as i64;
    s + 4 * near
}
