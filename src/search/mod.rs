//! The searcher: chooses a move for the side to move of a [`Board`] within [`Limits`].
//!
//! This module owns the interface the protocol (and anything else) uses to think: limits in
//! (root moves to exclude among them), progress reports, each root move as the main thread
//! searches it ([`RootWatch`]) and a result out, a stop flag honoured at any moment; and the driver that
//! sets a search up: the time budget (`time`), the root moves ([`movepick`]), the shared
//! transposition table (`tt`) and Lazy SMP: every thread runs its own iterative deepening
//! (`iterate`) of the principal variation search (`pvs`) on its own copy of the position
//! with its candidate cells (`state`), all sharing the table; helpers start every other
//! iteration a ply deeper, so their entries run ahead of the main thread, which alone watches
//! the clock, reports and decides the move. Positions are scored by [`eval`], corrected by
//! `correction`; every constant is in [`params`]. Around the search, `probe` brings in the threat solvers: a
//! proven win of our own is played before searching, and the move about to be answered is checked
//! against a proven win of the opponent.

// `eval`, `movepick` and `params` stay public for `kakugo-tools` (training, tuning, analysis)
// and the integration tests: the evaluation's tables and their text format, the move ordering
// and its table format, the constants both read. The rest of the searcher is private; its public
// face is the items below and the re-exports `Probe` (the root threat solvers, for `blunders`)
// and `State` (a position with its candidate cells, for the move-ordering tools and tests).
mod correction;
pub mod eval;
mod iterate;
pub mod movepick;
pub mod params;
mod probe;
mod pvs;
mod state;
pub(crate) mod time;
pub use time::turn_for;

/// The names [`Searcher::set_feature`] takes, as usage lines list them.
pub const FEATURES: [&str; 5] = ["probe", "refute", "threats", "late", "network"];
pub(crate) mod tt;

pub use probe::Probe;
pub use state::State;

use crate::board::{Board, Pos};
use crate::clock::Instant;
use iterate::{AnswerChecks, NoChecks, RootMove};
use params::{
    CANDIDATE_REACH, MAX_DEPTH, PROBE_LATE_MIN_MS, PROBE_LATE_PCT, PROBE_LATE_SHARE, REFUTE_MIN_MS,
    REFUTE_SHARE, TT_DEFAULT_BYTES,
};
use pvs::{Shared, Worker};
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;
use std::time::Duration;
use tt::TransTable;

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

/// Memory one search thread adds besides the shared table, rounded up: its copy of the
/// position, move lists, history and correction tables, and the stack it touches. Measured
/// (peak resident memory after a 1 s move with a 16 MB table, 2026-11-27): 60.2 MB with one
/// thread, 70.4 MB with 10, 129.5 MB with 64, about 1.1 MB a thread. Settings that limit
/// memory count this much per thread.
pub(crate) const THREAD_BYTES: u64 = 2 << 20;

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
    /// Told about each root move the main thread searches (`None`: nobody listens).
    pub watch: Option<RootWatch>,
}

/// What the main thread is doing with one root move, for a GUI that shows it (Yixin-Board's
/// realtime `POS`/`DONE`/`LOSE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootEvent {
    /// The search of this root move begins (in every iteration).
    Enter(Pos),
    /// The search of this root move ended (not cut short by a stop) with this score. A `Loss` is
    /// proven: the move loses; an `Eval` may be only a bound.
    Leave(Pos, Score),
}

/// A listener for [`RootEvent`]s, called on the main search thread as the root moves are
/// searched: it must return at once.
#[derive(Clone)]
pub struct RootWatch(Arc<dyn Fn(RootEvent) + Send + Sync>);

impl RootWatch {
    /// A listener calling `f`.
    pub fn new(f: impl Fn(RootEvent) + Send + Sync + 'static) -> RootWatch {
        RootWatch(Arc::new(f))
    }

    /// Tells the listener.
    pub fn tell(&self, e: RootEvent) {
        (self.0)(e)
    }
}

impl std::fmt::Debug for RootWatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RootWatch")
    }
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
    /// The move to play; `Pos::NONE` when there is none: a full board, or renju Black with
    /// nothing but fouls left (he must play one and lose).
    pub best: Pos,
    /// The last report.
    pub info: Info,
}

/// Time for the root solvers: `None` for searches bounded by depth or nodes without a clock
/// (bench, tests), which get fixed work so that they stay deterministic and quick; under a clock
/// the move's optimum, which may be 0 (a game clock run out: the solvers get no time then).
/// The optimum, not the maximum: when the turn binds the two are the same, and under a game
/// clock the maximum (a few slices of the time left) is what a move may use when the search
/// asks for it, not what the solvers should spend on every move.
fn probe_ms(limits: &Limits, budget: &time::Budget) -> Option<u64> {
    let clock = limits.time.turn_ms.is_some() || limits.time.left_ms.is_some();
    if !clock && (limits.max_nodes.is_some() || limits.max_depth.is_some()) {
        None
    } else {
        Some(budget.optimum)
    }
}

/// A searcher with its tables; lives as long as the engine.
pub struct Searcher {
    hash_bytes: usize,
    /// Whether `hash_bytes` is only a limit, the table being sized by the clock.
    hash_auto: bool,
    threads: usize,
    tt: Option<TransTable>,
    eval: Option<&'static eval::EvalTables>,
    probe: probe::Probe,
    /// The root threat probe: a proven VCF (and, without `late`, VCT) of our own is played
    /// before searching.
    probe_on: bool,
    /// The refutation checks: a chosen root move after which the opponent has a proven VCF or
    /// VCT is dropped.
    refute_on: bool,
    /// The root VCT runs after the main search, in the time left, instead of before it.
    late_on: bool,
    /// The network refines the classical evaluation: `Some` where a switch said so, `None` for
    /// the rule's default ([`params::NET_RULES`]).
    network: Option<bool>,
    /// The main thread's correction tables at the end of the last search.
    corr: Option<correction::Correction>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with default settings (one thread, 64 MB of hash, allocated at first use).
    pub fn new() -> Searcher {
        Searcher {
            hash_bytes: TT_DEFAULT_BYTES,
            hash_auto: false,
            threads: 1,
            tt: None,
            eval: None,
            probe: probe::Probe::default(),
            probe_on: true,
            refute_on: true,
            late_on: true,
            network: None,
            corr: None,
        }
    }

    /// Sets the memory for the hash table, in bytes.
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.set_hash(bytes, false);
    }

    /// Lets the clock size the hash table (`tt::auto_bytes`), within `bytes`.
    pub fn set_hash_limit(&mut self, bytes: usize) {
        self.set_hash(bytes, true);
    }

    fn set_hash(&mut self, bytes: usize, auto: bool) {
        let bytes = bytes.max(64);
        if (bytes, auto) != (self.hash_bytes, self.hash_auto) {
            self.tt = None;
        }
        (self.hash_bytes, self.hash_auto) = (bytes, auto);
    }

    /// Hands the searcher a table made elsewhere (on another thread, outside any move's clock);
    /// it is kept at its size until replaced or cleared.
    pub fn set_table(&mut self, tt: TransTable) {
        (self.hash_bytes, self.hash_auto) = (tt.bytes(), false);
        self.tt = Some(tt);
    }

    /// Gives the threat solvers small tables (about 2 MB in all instead of 36 MB), for memory
    /// limits the full ones do not fit; from the next search on.
    pub fn set_small_solvers(&mut self, small: bool) {
        if small != self.probe.small() {
            self.probe = probe::Probe::sized(small);
        }
    }

    /// Whether the threat solvers have their small tables ([`Searcher::set_small_solvers`]).
    pub fn small_solvers(&self) -> bool {
        self.probe.small()
    }

    /// The size of the hash table now allocated, in bytes (none before the first search).
    pub fn table_bytes(&self) -> Option<usize> {
        self.tt.as_ref().map(TransTable::bytes)
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// Replaces the evaluation's numbers for every rule (for tuning matches; the engine uses
    /// [`eval::eval_tables`] of the position's rule). The tables live as long as the process.
    pub fn set_eval(&mut self, t: eval::EvalTables) {
        self.eval = Some(Box::leak(Box::new(t)));
    }

    /// Turns one of the engine's switches ([`FEATURES`]) on or off: `probe` (the root threat
    /// probe), `refute` (the refutation checks), `threats` (both), `late` (the root VCT after the
    /// search rather than before it), `network` (the evaluation network, whose default is the
    /// rule's: [`params::NET_RULES`]); false if `name` is none of them. The solvers run only
    /// under a clock, so searches bounded by depth or nodes alone hardly change.
    pub fn set_feature(&mut self, name: &str, on: bool) -> bool {
        match name {
            "probe" => self.probe_on = on,
            "refute" => self.refute_on = on,
            "threats" => (self.probe_on, self.refute_on) = (on, on),
            "late" => self.late_on = on,
            "network" => self.network = Some(on),
            _ => return false,
        }
        true
    }

    /// Forgets everything learnt (the hash table): the next search makes a fresh one, at the
    /// size it needs then.
    pub fn clear(&mut self) {
        self.tt = None;
        self.corr = None;
    }

    /// Forgets what was learnt of the last game's positions (the carried correction), keeping
    /// the hash table (whose entries age out).
    pub fn new_game(&mut self) {
        self.corr = None;
    }

    /// Makes now what the first search would otherwise make on its clock: the threat solvers'
    /// tables (about 36 MB, whatever the clock; some 20 ms to fault in), the evaluation's
    /// numbers of every rule (3 ms each to read), the networks (under 1 ms each) and the
    /// move-ordering tables (under 1 ms each). The hash table is not among them: its size
    /// follows the clock, which is known only later.
    pub fn warm(&mut self) {
        self.probe.ready();
        eval::eval_tables(crate::rules::Rule::Freestyle);
        eval::eval_tables(crate::rules::Rule::Renju);
        crate::network::net(crate::rules::Rule::Freestyle);
        crate::network::net(crate::rules::Rule::Renju);
        movepick::order_table(crate::rules::Rule::Freestyle);
        movepick::order_table(crate::rules::Rule::Renju);
    }

    /// Forgets everything learnt, as [`Searcher::clear`], but keeps the table's memory and
    /// empties it now (making it at the set size if there is none), so the next search does not
    /// pay for making it. Searches after either begin alike.
    pub fn clear_in_place(&mut self) {
        let bytes = self.hash_bytes;
        self.corr = None;
        self.tt
            .get_or_insert_with(|| TransTable::new(bytes))
            .clear();
    }

    /// A proven win of the side to move (attacker first, ending with its five): a VCF, else a
    /// VCT, found within about `ms` milliseconds. `None` means only "none found".
    pub fn proven_win(&mut self, board: &Board, ms: u64) -> Option<Vec<Pos>> {
        self.probe.ready();
        self.probe
            .root_vcf(board, &[], Some(ms.max(1)))
            .or_else(|| self.probe.root_vct(board, &[], ms))
    }

    /// Whether the opponent has a proven win (a VCF or VCT found within `ms` milliseconds) after
    /// the side to move plays `mv`. `false` means only "none found".
    pub fn refuted(&mut self, board: &Board, mv: Pos, ms: u64) -> bool {
        self.probe.ready();
        self.probe.refuted(board, mv, ms)
    }

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
        let budget = time::budget(
            &limits.time,
            board.stone_count(),
            board.dims().area() - board.stone_count(),
        );
        let tables = self.eval.unwrap_or_else(|| eval::eval_tables(board.rule()));
        let mut st =
            State::with_neighbourhood(&eval::with_values(board, tables), false, CANDIDATE_REACH);
        let mut moves = root_moves(&mut st, &limits.exclude);
        let empty = Info {
            depth: 0,
            seldepth: 0,
            score: Score::Eval(0),
            nodes: 0,
            elapsed: start.elapsed(),
            pv: moves.first().map(|m| vec![m.mv]).unwrap_or_default(),
        };
        if moves.is_empty() {
            return SearchResult {
                best: Pos::NONE,
                info: empty,
            };
        }
        let me = board.side_to_move();
        if let Some(m) = moves.iter().find(|m| board.is_win_move(m.mv, me)) {
            let info = Info {
                score: Score::Win(1),
                depth: 1,
                pv: vec![m.mv],
                ..empty
            };
            report(&info);
            return SearchResult { best: m.mv, info };
        }
        let probe_time = probe_ms(limits, &budget);
        // A stop already raised (a `YXSTOP` or `END` that overtook the command) is answered at
        // once, without the probe's work.
        let stopped = stop.load(std::sync::atomic::Ordering::Relaxed);
        let early = match (self.probe_on && !budget.instant && !stopped, self.late_on) {
            (false, _) => None,
            (true, true) => self.probe.root_vcf(board, &limits.exclude, probe_time),
            (true, false) => self
                .probe
                .root_win(board, &limits.exclude, probe_time, false),
        };
        if let Some(line) = early {
            let info = Info {
                score: Score::Win(line.len() as u32),
                depth: 1,
                seldepth: line.len() as u32,
                elapsed: start.elapsed(),
                pv: line.clone(),
                ..empty
            };
            report(&info);
            return SearchResult {
                best: line[0],
                info,
            };
        }
        let hash_bytes = if self.hash_auto && !budget.instant {
            tt::auto_bytes(budget.maximum, self.threads).min(self.hash_bytes)
        } else {
            self.hash_bytes
        };
        // A table sized by the clock grows when a longer move needs it (never shrinks).
        if self
            .tt
            .as_ref()
            .is_some_and(|t| t.bytes() < tt_size(hash_bytes))
        {
            self.tt = None;
        }
        let tt: &TransTable = self.tt.get_or_insert_with(|| TransTable::new(hash_bytes));
        tt.new_search();
        let max_depth = if budget.instant {
            1
        } else {
            limits.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
        };
        // Clockless searches (bench, tests) make no refutation checks, so they stay reproducible.
        let check_ms = if self.refute_on {
            probe_time.unwrap_or(0) / REFUTE_SHARE
        } else {
            0
        };
        let late = self.probe_on && self.late_on && probe_time.unwrap_or(0) > 0;
        let sh = Shared {
            tt,
            external: stop,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start,
            hard: budget.hard(),
            max_nodes: limits.max_nodes,
            eval: tables,
            net: (self.network)
                .unwrap_or(params::NET_RULES.contains(&board.rule()))
                .then(|| crate::network::net(board.rule())),
        };
        // Every thread starts from the last search's correction, aged.
        let corr_seed = self.corr.as_ref().map(|c| c.aged(params::CORR_KEEP_PCT));
        let (out, corr) = std::thread::scope(|s| {
            for id in 1..self.threads {
                let (sh, st) = (&sh, st.clone());
                let mut moves = moves.clone();
                let corr_seed = &corr_seed;
                s.spawn(move || {
                    let mut w = Worker::new(st, sh, false);
                    if let Some(c) = corr_seed {
                        w.seed_corr(c);
                    }
                    let (depth, off) = (max_depth, (id % 2) as u32);
                    w.iterate(&mut moves, depth, &budget, off, &mut |_| {}, &mut NoChecks);
                });
            }
            let mut w = Worker::new(st, &sh, true);
            w.watch = limits.watch.clone();
            if let Some(c) = &corr_seed {
                w.seed_corr(c);
            }
            let mut checks = Checks {
                probe: &mut self.probe,
                board,
                exclude: &limits.exclude,
                budget,
                start,
                check_ms,
                late,
            };
            let out = w.iterate(&mut moves, max_depth, &budget, 0, report, &mut checks);
            (out, w.take_corr())
        });
        self.corr = Some(corr);
        SearchResult {
            best: out.best,
            info: out.info,
        }
    }
}

/// The main thread's threat checks before it answers: the refutation check of its move and,
/// with `late`, the root VCT in the time left (see [`AnswerChecks`]).
struct Checks<'a> {
    probe: &'a mut probe::Probe,
    board: &'a Board,
    exclude: &'a [Pos],
    budget: time::Budget,
    start: Instant,
    check_ms: u64,
    late: bool,
}

impl Checks<'_> {
    /// Milliseconds left before the hard stop.
    fn left(&self) -> u64 {
        self.budget
            .maximum
            .saturating_sub(self.start.elapsed().as_millis() as u64)
    }
}

impl AnswerChecks for Checks<'_> {
    fn refuted(&mut self, mv: Pos) -> bool {
        // A check starts only with twice its time left before the hard stop: the solver looks
        // at the clock between expansions, so it can run a little over.
        self.probe.ready();
        let ms = self.check_ms.min(self.left() / 2);
        ms >= REFUTE_MIN_MS && self.probe.refuted(self.board, mv, ms)
    }

    fn own_win(&mut self) -> Option<Vec<Pos>> {
        if !self.late {
            return None;
        }
        self.probe.ready();
        let mut ms = self.left() * PROBE_LATE_PCT / 100;
        if self.budget.optimum < self.budget.maximum {
            // A game clock: the time before the hard stop is not unused but saved for later
            // moves, so the VCT gets no more than it had before the search.
            ms = ms.min(self.budget.optimum / PROBE_LATE_SHARE);
        }
        if ms < PROBE_LATE_MIN_MS {
            return None;
        }
        self.probe.root_vct(self.board, self.exclude, ms)
    }
}

/// The size a table of about `bytes` bytes really has.
fn tt_size(bytes: usize) -> usize {
    (bytes / 64).max(1) * 64
}

/// The root moves, best first by the move ordering: on an empty board the centre alone (unless
/// excluded); else the generated stage, legal and not excluded; if that leaves nothing, every
/// legal candidate; if still nothing, every empty cell, nearest the centre first.
fn root_moves(st: &mut State, exclude: &[Pos]) -> Vec<RootMove> {
    // The standard first move. The evaluation cannot tell apart cells with nothing near them,
    // so a search would pick one of them by its noise.
    let centre = st.board.dims().centre();
    if st.board.stone_count() == 0 && !exclude.contains(&centre) {
        return vec![RootMove {
            mv: centre,
            pv: vec![centre],
        }];
    }
    let mut buf = Vec::new();
    movepick::generate(st, &mut buf);
    let hist = vec![0; crate::board::geometry::CELLS];
    let pick = |st: &mut State, buf: &mut Vec<movepick::Scored>| -> Vec<Pos> {
        movepick::order(&st.board, buf, Pos::NONE, [Pos::NONE; 2], &hist, None);
        buf.sort_by_key(|m| std::cmp::Reverse(m.key));
        buf.iter()
            .map(|m| m.mv)
            .filter(|&p| !exclude.contains(&p) && !movepick::is_foul(&mut st.board, p))
            .collect()
    };
    let mut moves = pick(st, &mut buf);
    if moves.is_empty() {
        buf = st
            .candidates()
            .into_iter()
            .map(|mv| movepick::Scored { mv, key: 0 })
            .collect();
        moves = pick(st, &mut buf);
    }
    if moves.is_empty() {
        let centre = st.board.dims().centre();
        let mut all: Vec<Pos> = st
            .board
            .dims()
            .cells()
            .filter(|&p| st.board.is_empty(p) && !exclude.contains(&p))
            .collect();
        all.sort_by_key(|&p| (p.distance(centre), p.0));
        moves = all
            .into_iter()
            .filter(|&p| !movepick::is_foul(&mut st.board, p))
            .collect();
    }
    moves
        .into_iter()
        .map(|mv| RootMove { mv, pv: vec![mv] })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_feature_is_a_switch() {
        let mut s = Searcher::new();
        for name in FEATURES {
            assert!(s.set_feature(name, true), "{name}");
        }
        assert!(!s.set_feature("bogus", true));
    }

    fn limits(turn: u64, game: u64, left: i64) -> Limits {
        Limits {
            time: TimeControl {
                turn_ms: Some(turn),
                match_ms: Some(game),
                left_ms: Some(left),
            },
            ..Limits::default()
        }
    }

    #[test]
    fn the_root_solvers_get_the_time_a_move_is_expected_to_take() {
        // Under a game clock (Gomocup's 30 s a move and 180 s a game, scaled) the maximum is a
        // few slices of the time left; the solvers get the optimum, a fraction of it.
        let l = limits(2000, 12_000, 9000);
        let b = time::budget(&l.time, 20, 205);
        assert!(b.optimum > 0 && b.optimum * 2 < b.maximum, "{b:?}");
        assert_eq!(probe_ms(&l, &b), Some(b.optimum));
        // When the turn binds, the optimum is the maximum: the solvers' time is unchanged.
        let l = limits(300, 1_000_000, 1_000_000);
        let b = time::budget(&l.time, 20, 205);
        assert_eq!(probe_ms(&l, &b), Some(b.maximum));
        // A clock run out gives them nothing; no clock at all (node- or depth-bound) fixed work.
        let l = limits(2000, 12_000, 0);
        assert_eq!(probe_ms(&l, &time::budget(&l.time, 20, 205)), Some(0));
        let l = Limits {
            max_nodes: Some(100_000),
            ..Limits::default()
        };
        assert_eq!(probe_ms(&l, &time::budget(&l.time, 20, 205)), None);
    }
}
