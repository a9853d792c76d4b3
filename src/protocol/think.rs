//! Thinking commands (`BEGIN`, `TURN`, `BOARD`, `YXNBEST`, `SWAP2BOARD`, `YXBALANCEONE`,
//! `YXBALANCETWO`, `YXSEARCHDEFEND`): run the searcher (or [`crate::opening`], [`crate::analysis::balance`],
//! [`crate::analysis::defend`]) on the worker thread under the manager's clock, with a guard thread that
//! raises the stop flag at the protocol's own hard deadline, then report (`MESSAGE` lines) and
//! answer.
//!
//! With Yixin-Board's realtime output on (`INFO show_detail`), a search also shows its progress:
//! `MESSAGE REALTIME REFRESH` at the start and after every iteration, then `BEST x,y`, `VAL v` and
//! `PV …`; `POS x,y` / `DONE x,y` as the main thread starts and ends a root move (only from
//! [`REALTIME_DELAY`] into the search, and at most one `POS` every [`REALTIME_GAP`]); and
//! `LOSE x,y`, once per search, for a root move proven to lose.
//!
//! The searcher is trusted to return a legal move; if it ever does not, the answer falls back to
//! a legal one chosen by the board's referee, so the engine never sends an illegal move.

use super::output::Output;
use super::reader::Line;
use super::report;
use super::session::Session;
use super::settings::Settings;
use super::table::QUICK_BYTES;
use crate::analysis::{balance, defend};
use crate::board::{Board, Pos, Verdict};
use crate::clock::Instant;
use crate::opening;
use crate::search::tt::TransTable;
use crate::search::{Info, Limits, RootEvent, RootWatch, Score, SearchResult};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Realtime `POS`/`DONE` lines begin this long into a search: the iterations before are too quick
/// to show.
pub const REALTIME_DELAY: Duration = Duration::from_millis(200);
/// At most one realtime `POS` line (with its `DONE`) in this time: root moves searched faster are
/// not shown one by one.
pub const REALTIME_GAP: Duration = Duration::from_millis(5);
/// The longest a thinking command waits for a hash table being made.
const TABLE_WAIT: Duration = Duration::from_millis(500);

/// Runs `f` while a guard thread raises `stop` at `deadline` unless `f` returns first.
#[cfg(not(target_family = "wasm"))]
pub(super) fn with_guard<R>(deadline: Instant, stop: &AtomicBool, f: impl FnOnce() -> R) -> R {
    use std::sync::mpsc;
    let (tx, rx) = mpsc::channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            let wait = deadline.saturating_duration_since(Instant::now());
            if let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(wait) {
                stop.store(true, Ordering::SeqCst);
            }
        });
        let r = f();
        drop(tx);
        r
    })
}

/// Runs `f`: the browser has one thread, so no guard; the searches' own deadlines (the hard
/// stop every search and solver checks) are the only ones there.
#[cfg(target_family = "wasm")]
pub(super) fn with_guard<R>(_deadline: Instant, _stop: &AtomicBool, f: impl FnOnce() -> R) -> R {
    f()
}

/// `x,y`.
fn xy(p: Pos) -> String {
    format!("{},{}", p.x(), p.y())
}

/// Realtime lines for the root moves of one search (see the module notes).
fn realtime_watch(out: Output) -> RootWatch {
    struct Shown {
        /// The root move whose `POS` was sent and whose `DONE` was not.
        open: Option<Pos>,
        /// When the last `POS` was sent.
        last: Option<Instant>,
        /// The moves already reported lost.
        lost: Vec<Pos>,
    }
    let start = Instant::now();
    let shown = Mutex::new(Shown {
        open: None,
        last: None,
        lost: Vec::new(),
    });
    RootWatch::new(move |e| {
        let mut s = shown.lock().unwrap_or_else(|e| e.into_inner());
        match e {
            RootEvent::Enter(p) => {
                let now = Instant::now();
                let due = s.last.is_none_or(|t| now - t >= REALTIME_GAP);
                if now - start >= REALTIME_DELAY && due {
                    out.line(&format!("MESSAGE REALTIME POS {}", xy(p)));
                    s.open = Some(p);
                    s.last = Some(now);
                }
            }
            RootEvent::Leave(p, score) => {
                if s.open == Some(p) {
                    out.line(&format!("MESSAGE REALTIME DONE {}", xy(p)));
                    s.open = None;
                }
                if matches!(score, Score::Loss(_)) && !s.lost.contains(&p) {
                    out.line(&format!("MESSAGE REALTIME LOSE {}", xy(p)));
                    s.lost.push(p);
                }
            }
        }
    })
}

/// `x,y` cells separated by spaces.
fn cells_text(cells: &[Pos]) -> String {
    let v: Vec<String> = cells.iter().map(|&p| xy(p)).collect();
    v.join(" ")
}

/// Whether the side to move may play `p` (legal, and not a renju foul unless it wins).
fn playable(board: &mut Board, p: Pos) -> bool {
    !p.is_none() && !matches!(board.judge(p), Verdict::Illegal | Verdict::Foul(_))
}

/// A legal move nearest the centre, for a searcher answer that is not playable: never on a cell
/// of `walls` (blocked by `BOARD`'s field 3), on one of `avoid` (`YXBLOCK`) only when every
/// other is illegal.
fn fallback(board: &mut Board, walls: &[Pos], avoid: &[Pos]) -> Option<Pos> {
    let c = board.dims().centre();
    let mut cells: Vec<Pos> = board
        .dims()
        .cells()
        .filter(|&p| board.is_empty(p) && !walls.contains(&p))
        .collect();
    cells.sort_by_key(|&p| p.distance(c));
    let ok = |b: &mut Board, p: Pos| playable(b, p) && !avoid.contains(&p);
    let pick = cells.iter().copied().find(|&p| ok(board, p));
    pick.or_else(|| cells.iter().copied().find(|&p| playable(board, p)))
        .or_else(|| cells.first().copied())
}

impl Session {
    /// Gives the searcher the threads, solver tables and (unless `wait` is `None`) hash table
    /// the settings ask for. The hash table is made on its own thread (`table.rs`) and handed
    /// over here once made, waiting for it up to `wait` (a small share of a move's time: a table
    /// nearly made is worth more than those milliseconds); until then the searcher keeps the one
    /// it has, or gets a small one at once. Says once, with a `MESSAGE`, when `max_memory` is
    /// below what the engine can live in.
    pub(super) fn prepare(&mut self, wait: Option<Duration>) {
        self.apply_limits();
        let limit = self.settings.max_memory;
        let least = Settings::least_memory();
        if limit > 0 && limit < least && self.warned_memory != limit {
            self.warned_memory = limit;
            self.out.message(&format!(
                "max_memory {:.1} MB is below the {} MB the engine needs: it plays on with \
                 the least it can",
                limit as f64 / f64::from(1 << 20),
                least.div_ceil(1 << 20)
            ));
        }
        let Some(wait) = wait else {
            return;
        };
        self.plan_table();
        if let Some(t) = self.tables.take(wait, self.control.ending()) {
            self.searcher.set_table(t);
        }
        if self.searcher.table_bytes().is_none() {
            let bytes = self.tables.wanted().clamp(1, QUICK_BYTES);
            self.searcher.set_table(TransTable::new(bytes));
        }
    }

    /// Gives the searcher the threads and the solver tables the settings ask for (the tables
    /// made at once if they change); true if the solver tables changed.
    pub(super) fn apply_limits(&mut self) -> bool {
        let threads = self.settings.threads();
        if threads != self.applied_threads {
            self.searcher.set_threads(threads);
            self.applied_threads = threads;
        }
        let small = self.settings.small_solvers();
        let changed = small != self.searcher.small_solvers();
        self.searcher.set_small_solvers(small);
        changed
    }

    /// How long a thinking command may wait for a hash table being made: a twentieth of the
    /// move's time, at most [`TABLE_WAIT`].
    pub(super) fn table_wait(&self) -> Duration {
        (self.settings.budget() / 20).min(TABLE_WAIT)
    }

    /// Starts making the hash table the settings ask for, unless it is the one asked for last.
    /// A small one is made at once; for a larger one, the searcher's table is replaced by a
    /// small stand-in unless both fit the memory allowed for tables.
    pub(super) fn plan_table(&mut self) {
        let mut want = self.settings.table_bytes();
        if self.control.ending().load(Ordering::SeqCst) {
            // Only answers at once are left to give.
            want = want.min(QUICK_BYTES);
        }
        if want == self.tables.wanted() {
            return;
        }
        if want <= QUICK_BYTES {
            self.tables.settle(want);
            self.searcher.set_table(TransTable::new(want));
            return;
        }
        self.tables.ask(want);
        let old = self.searcher.table_bytes().unwrap_or(0);
        if old > QUICK_BYTES && old + want > self.settings.hash_bytes() {
            self.searcher.set_table(TransTable::new(QUICK_BYTES));
        }
    }

    /// Limits for a search of the command `line`: its clock (less the time it has waited), and
    /// the cells blocked by `BOARD` or `YXBLOCK` excluded.
    fn limits(&self, line: &Line) -> Limits {
        let board = self.board.as_ref().expect("board");
        let mut exclude: Vec<Pos> = Vec::new();
        for &p in self.blocked.iter().chain(&self.block_moves) {
            let on = board.dims().contains(p.x() as i64, p.y() as i64);
            if on && board.is_empty(p) && !exclude.contains(&p) {
                exclude.push(p);
            }
        }
        let mut time = self.settings.time_control(self.waited(line));
        if self.control.ending().load(Ordering::SeqCst) {
            // Input has ended: answer at once, then exit.
            time.turn_ms = Some(0);
        }
        Limits {
            time,
            max_depth: self.settings.max_depth,
            max_nodes: self.settings.max_nodes,
            exclude,
            watch: None,
        }
    }

    /// One search of the current position, guarded; `None` if the board is full.
    fn run_search(&mut self, line: &Line, limits: &Limits, deadline: Instant) -> SearchResult {
        self.control.begin_search(line.seq);
        let board = self.board.as_ref().expect("board");
        let out = self.out.clone();
        let detail = self.settings.show_detail;
        let iterations = self.settings.show_iterations;
        let dims = board.dims();
        let mut report = |info: &Info| {
            if iterations {
                out.message(&report::machine(info, None, dims));
            }
            if detail {
                // Clears the GUI's marks of the root moves searched in the iteration done.
                out.line("MESSAGE REALTIME REFRESH");
                if let Some(&p) = info.pv.first() {
                    out.line(&format!("MESSAGE REALTIME BEST {}", xy(p)));
                }
                out.line(&format!(
                    "MESSAGE REALTIME VAL {}",
                    opening::value(info.score)
                ));
                let pv: Vec<String> = info.pv.iter().map(|&p| xy(p)).collect();
                out.line(&format!("MESSAGE REALTIME PV {}", pv.join(" ")));
            }
        };
        let mut limits = limits.clone();
        if detail {
            self.out.line("MESSAGE REALTIME REFRESH");
            limits.watch = Some(realtime_watch(self.out.clone()));
        }
        let (searcher, stop) = (&mut self.searcher, &self.control.stop);
        with_guard(deadline, stop, || {
            searcher.search(board, &limits, stop, &mut report)
        })
    }

    /// The searcher's move if playable (and not blocked), else a fallback; `None` when no cell
    /// is left.
    fn checked(&mut self, best: Pos, avoid: &[Pos]) -> Option<Pos> {
        let board = self.board.as_mut().expect("board");
        let walls = &self.blocked;
        if playable(board, best) && !avoid.contains(&best) && !walls.contains(&best) {
            return Some(best);
        }
        fallback(board, walls, avoid)
    }

    /// Thinks about the current position and answers a move, which is then played.
    pub(super) fn answer(&mut self, line: &Line) {
        if !self.open_cell_left() {
            self.out.error("the board is full");
            return;
        }
        self.prepare(Some(self.table_wait()));
        let limits = self.limits(line);
        let deadline = self.clock_start(line) + self.settings.guard();
        let r = self.run_search(line, &limits, deadline);
        self.report(&r.info, None);
        self.play_answer(r.best, &limits.exclude);
    }

    /// The search report `MESSAGE`s (`report.rs`): the summary and the machine line, or for the
    /// `n`th move of `YXNBEST` the machine line with its `multipv`.
    fn report(&self, info: &Info, multipv: Option<usize>) {
        let board = self.board.as_ref().expect("board");
        let (rule, dims) = (board.rule(), board.dims());
        if multipv.is_none() {
            self.out.message(&report::summary(info, rule));
        }
        self.out.message(&report::machine(info, multipv, dims));
    }

    fn play_answer(&mut self, best: Pos, avoid: &[Pos]) {
        self.answered = true;
        match self.checked(best, avoid) {
            Some(p) => {
                self.board.as_mut().expect("board").make(p);
                if self.settings.show_detail {
                    self.out.line(&format!("MESSAGE REALTIME BEST {}", xy(p)));
                }
                self.out.line(&xy(p));
            }
            None => self.out.error("the board is full"),
        }
    }

    /// `YXNBEST n`: the n best moves by n searches, each excluding the moves found before; answers
    /// (and plays) the best.
    pub(super) fn nbest(&mut self, n: usize, line: &Line) {
        if self.need_board("YXNBEST").is_none() {
            return;
        }
        if !self.open_cell_left() {
            self.out.error("the board is full");
            return;
        }
        self.prepare(Some(self.table_wait()));
        let mut limits = self.limits(line);
        let deadline = self.clock_start(line) + self.settings.guard();
        let empty = self.board.as_ref().map_or(0, |b| {
            b.dims().area() - b.stone_count() - limits.exclude.len()
        });
        let n = n.min(empty).max(1);
        if let Some(t) = limits.time.turn_ms.as_mut() {
            *t /= n as u64;
        }
        let mut found: Vec<Pos> = Vec::new();
        for i in 0..n {
            let r = self.run_search(line, &limits, deadline);
            let board = self.board.as_mut().expect("board");
            if !playable(board, r.best) || limits.exclude.contains(&r.best) {
                break;
            }
            self.report(&r.info, Some(i + 1));
            found.push(r.best);
            limits.exclude.push(r.best);
            if self.control.stop.load(Ordering::SeqCst) {
                break;
            }
        }
        let best = found.first().copied().unwrap_or(Pos::NONE);
        let avoid = self.limits(line).exclude;
        self.play_answer(best, &avoid);
    }

    /// `SWAP2BOARD` … `DONE` (the position is already set): answer the opening decision.
    pub(super) fn swap2(&mut self, line: &Line) {
        self.prepare(Some(self.table_wait()));
        let limits = self.limits(line);
        let guard = self.settings.guard();
        let deadline = self.clock_start(line) + guard;
        let budget = guard.saturating_sub(self.waited(line)) * 3 / 4;
        self.control.begin_search(line.seq);
        let board = self.board.as_ref().expect("board");
        let (searcher, stop) = (&mut self.searcher, &self.control.stop);
        let r = with_guard(deadline, stop, || {
            opening::swap2::swap2(
                board,
                searcher,
                &limits,
                budget.max(Duration::from_millis(1)),
                stop,
            )
        });
        self.answered = true;
        match r {
            Ok(a) => self.out.line(&a.to_string()),
            Err(why) => self.out.error(&format!("SWAP2BOARD: {why}")),
        }
    }
}

impl Session {
    /// `YXBALANCEONE s` / `YXBALANCETWO s` (`count` 1 or 2; the position set before, by
    /// `YXBOARD`): the stone(s) after which the side to move's value is closest to `target`,
    /// searched until three quarters of the turn; answered on one line, `x,y` or `x1,y1 x2,y2`
    /// (Rapfi's form; Yixin-Board places the first), and played.
    pub(super) fn balance(&mut self, count: usize, target: i32, line: &Line) {
        let name = if count == 1 {
            "YXBALANCEONE"
        } else {
            "YXBALANCETWO"
        };
        if self.need_board(name).is_none() {
            return;
        }
        self.prepare(Some(self.table_wait()));
        let limits = self.limits(line);
        let budget = self.settings.guard().saturating_sub(self.waited(line)) * 3 / 4;
        self.control.begin_search(line.seq);
        let board = self.board.as_ref().expect("board");
        let (searcher, stop) = (&mut self.searcher, &self.control.stop);
        let r = with_guard(Instant::now() + budget, stop, || {
            balance::balance(board, count, target, searcher, &limits, stop)
        });
        match r {
            Err(why) => self.out.error(&format!("{name}: {why}")),
            Ok(b) => {
                self.out.message(&format!(
                    "balance {} target {target} value {} depth {} candidates {}",
                    cells_text(&b.stones),
                    b.value,
                    b.depth,
                    b.candidates
                ));
                let board = self.board.as_mut().expect("board");
                for &p in &b.stones {
                    board.make(p);
                }
                self.answered = true;
                self.out.line(&cells_text(&b.stones));
            }
        }
    }

    /// `YXSEARCHDEFEND`: which moves hold against the opponent's threat ([`defend::defend`], in
    /// half the turn): `MESSAGE REALTIME LOSE x,y` for each move proven to lose, a `MESSAGE` with
    /// the threat and the moves that hold, then a search among the moves that hold (among all
    /// when none does, or when there is no threat); answered with its move, which is played.
    pub(super) fn search_defend(&mut self, line: &Line) {
        if self.need_board("YXSEARCHDEFEND").is_none() {
            return;
        }
        if !self.open_cell_left() {
            self.out.error("the board is full");
            return;
        }
        self.prepare(Some(self.table_wait()));
        let base = self.limits(line);
        let deadline = self.clock_start(line) + self.settings.guard();
        let budget = self.settings.guard().saturating_sub(self.waited(line)) / 2;
        self.control.begin_search(line.seq);
        let board = self.board.as_ref().expect("board");
        let (searcher, stop) = (&mut self.searcher, &self.control.stop);
        let d = with_guard(deadline, stop, || {
            defend::defend(board, searcher, &base.exclude, budget, stop)
        });
        for &p in &d.losing {
            self.out.line(&format!("MESSAGE REALTIME LOSE {}", xy(p)));
        }
        let mut limits = self.limits(line);
        match &d.threat {
            None => self.out.message("defend: no threat found"),
            Some(threat) => {
                self.out.message(&format!(
                    "defend: threat {} ({}) holding {} losing {} unchecked {}: {}",
                    cells_text(threat),
                    if d.vcf { "vcf" } else { "vct" },
                    d.holding.len(),
                    d.losing.len(),
                    d.unchecked.len(),
                    cells_text(&d.holding)
                ));
                let keep: Vec<Pos> = d.holding.iter().chain(&d.unchecked).copied().collect();
                if !keep.is_empty() {
                    let board = self.board.as_ref().expect("board");
                    let others = board
                        .dims()
                        .cells()
                        .filter(|&p| board.is_empty(p) && !keep.contains(&p));
                    for p in others {
                        if !limits.exclude.contains(&p) {
                            limits.exclude.push(p);
                        }
                    }
                }
            }
        }
        let r = self.run_search(line, &limits, deadline);
        self.report(&r.info, None);
        self.play_answer(r.best, &base.exclude);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::rules::Rule;

    #[test]
    fn the_guard_stops_a_search_that_would_not_end() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let spins = with_guard(start + Duration::from_millis(30), &stop, || {
            let mut n = 0u64;
            while !stop.load(Ordering::SeqCst) {
                n += 1;
                std::thread::yield_now();
            }
            n
        });
        assert!(spins > 0 && stop.load(Ordering::SeqCst));
        assert!(start.elapsed() < Duration::from_secs(20));
    }

    #[test]
    fn the_guard_leaves_a_quick_search_alone() {
        let stop = AtomicBool::new(false);
        let r = with_guard(Instant::now() + Duration::from_millis(20), &stop, || 7);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(r, 7);
        assert!(!stop.load(Ordering::SeqCst));
    }

    #[test]
    fn fallback_avoids_fouls_and_excluded_cells() {
        let mut b = Board::new(Rule::Renju, Dims::square(15).unwrap());
        // Black to move; 7,7 is a double-three.
        for (x, y) in [
            (8, 7),
            (0, 0),
            (9, 7),
            (14, 14),
            (7, 8),
            (0, 14),
            (7, 9),
            (14, 0),
        ] {
            b.make(Pos::new(x, y));
        }
        assert!(!playable(&mut b, Pos::new(7, 7)));
        assert!(!playable(&mut b, Pos::NONE));
        let p = fallback(&mut b, &[], &[Pos::new(7, 6)]).unwrap();
        assert!(b.is_empty(p) && p != Pos::new(7, 7) && p != Pos::new(7, 6));
        assert!(playable(&mut b, p));
    }

    #[test]
    fn fallback_never_takes_a_wall() {
        let dims = Dims::square(5).unwrap();
        let mut b = Board::new(Rule::Freestyle, dims);
        let open = Pos::new(0, 4);
        let walls: Vec<Pos> = dims.cells().filter(|&p| p != open).collect();
        // Even avoided (YXBLOCK), the one cell left is taken; a wall never is.
        assert_eq!(fallback(&mut b, &walls, &[open]), Some(open));
        assert_eq!(fallback(&mut b, &walls, &[]), Some(open));
        let all: Vec<Pos> = dims.cells().collect();
        assert_eq!(fallback(&mut b, &all, &[]), None);
    }
}
