//! Iterative deepening of one search thread: the root move loop, aspiration windows, and, for
//! the main thread, the clock, the reports and the threat checks before it answers. When the
//! main thread is done it raises the shared stop flag and the helper threads (Lazy SMP, set up
//! in the parent module) wind down.

use super::params::*;
use super::pvs::Worker;
use super::time::{Budget, Progress};
use super::{Info, RootEvent, Score};
use crate::board::Pos;
use crate::rules::Combo;
use std::sync::atomic::Ordering::Relaxed;

/// A root move with its last score and line.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    /// The move.
    pub(super) mv: Pos,
    /// Its principal variation (the move first).
    pub(super) pv: Vec<Pos>,
}

/// What the main thread settled on.
#[derive(Clone, Debug)]
pub(super) struct Outcome {
    /// The move.
    pub(super) best: Pos,
    /// The last report.
    pub(super) info: Info,
}

/// The threat checks the main thread makes when it is about to answer (see
/// [`Worker::iterate`]); helpers make none ([`NoChecks`]).
pub trait AnswerChecks {
    /// Whether the opponent has a proven win after our `mv` (`false`: none found).
    fn refuted(&mut self, mv: Pos) -> bool;
    /// A proven win of ours, attacker first, found in the time that is left.
    fn own_win(&mut self) -> Option<Vec<Pos>>;
}

/// No checks.
pub(super) struct NoChecks;

impl AnswerChecks for NoChecks {
    fn refuted(&mut self, _: Pos) -> bool {
        false
    }
    fn own_win(&mut self) -> Option<Vec<Pos>> {
        None
    }
}

/// A score in the interface's terms.
pub(super) fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::Win((MATE - v) as u32)
    } else if v <= -MATE_BOUND {
        Score::Loss((MATE + v) as u32)
    } else {
        Score::Eval(v)
    }
}

impl Worker<'_> {
    /// Searches every root move to `depth` within (`alpha`, `beta`); a move that raises alpha
    /// goes to the front, so `moves[0]` is always the best fully searched move.
    pub(super) fn root(
        &mut self,
        moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -MATE;
        let me = self.st.board.side_to_move();
        self.keep_net_entry();
        for i in 0..moves.len() {
            let p = moves[i].mv;
            if let Some(w) = &self.watch {
                w.tell(RootEvent::Enter(p));
            }
            let v = if self.st.board.combo(p, me) == Combo::Five {
                self.clear_pv(1);
                MATE - 1
            } else {
                self.st.make(p);
                let v = if i == 0 {
                    -self.search(-beta, -alpha, depth - 1, 1, true)
                } else {
                    let v = -self.search(-alpha - 1, -alpha, depth - 1, 1, false);
                    if v > alpha && v < beta {
                        -self.search(-beta, -alpha, depth - 1, 1, true)
                    } else {
                        v
                    }
                };
                self.st.unmake();
                v
            };
            if self.aborted {
                break;
            }
            if let Some(w) = &self.watch {
                w.tell(RootEvent::Leave(p, to_score(v)));
            }
            best = best.max(v);
            if v > alpha || i == 0 {
                let mut line = vec![p];
                line.extend_from_slice(self.pv(1));
                moves[i].pv = line;
                if v > alpha {
                    alpha = v;
                    moves[..=i].rotate_right(1);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Searches `depth` with an aspiration window around `prev`.
    fn aspirate(&mut self, moves: &mut [RootMove], depth: u32, prev: i32) -> i32 {
        let d = depth as i32;
        if depth < ASP_MIN_DEPTH || prev.abs() >= MATE_BOUND {
            return self.root(moves, d, -MATE, MATE);
        }
        let mut delta = ASP_DELTA;
        let (mut alpha, mut beta) = (prev - delta, prev + delta);
        loop {
            let v = self.root(moves, d, alpha, beta);
            if self.aborted {
                return v;
            }
            if v <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-MATE);
            } else if v >= beta {
                beta = (v + delta).min(MATE);
            } else {
                return v;
            }
            delta += delta;
            if delta > ASP_FULL_AFTER {
                alpha = -MATE;
                beta = MATE;
            }
        }
    }

    /// Iterative deepening; the main thread reports through `report` and returns its choice.
    /// `offset` (helpers) searches that many plies deeper on odd iterations. After each
    /// Before answering, the main thread asks `checks` about its best move (refuted: the
    /// opponent has a proven win after it); a refuted move is replaced by the next one in the
    /// root order, unless it is the last one left. Then, unless the score is already decided,
    /// it asks for a proven win of its own and plays that instead.
    pub(super) fn iterate(
        &mut self,
        all: &mut [RootMove],
        max_depth: u32,
        budget: &Budget,
        offset: u32,
        report: &mut dyn FnMut(&Info),
        checks: &mut dyn AnswerChecks,
    ) -> Outcome {
        let mut live = all.len();
        let mut checked = 0;
        let mut info = Info {
            depth: 0,
            seldepth: 0,
            score: Score::Eval(0),
            nodes: 0,
            elapsed: self.sh.start.elapsed(),
            pv: vec![all[0].mv],
        };
        let mut prev = 0;
        let mut prog = Progress::default();
        let mut depth = 0;
        while depth < max_depth {
            depth += 1;
            let moves = &mut all[..live];
            let d = (depth + offset * (depth & 1)).min(MAX_DEPTH);
            let before = moves[0].mv;
            let v = self.aspirate(moves, d, prev);
            if self.aborted {
                if self.main && moves[0].mv != before {
                    info.pv = moves[0].pv.clone();
                }
                break;
            }
            prog.changed = moves[0].mv != before;
            prog.stable = if prog.changed { 0 } else { prog.stable + 1 };
            prog.fell = depth > 1 && v < prev - TM_FALL_SCORE;
            prev = v;
            if !self.main {
                continue;
            }
            self.flush();
            info = Info {
                depth,
                seldepth: self.seldepth as u32,
                score: to_score(v),
                nodes: self.sh.nodes.load(Relaxed),
                elapsed: self.sh.start.elapsed(),
                pv: moves[0].pv.clone(),
            };
            report(&info);
            let mate =
                v.abs() >= MATE_BOUND && depth as i32 >= MATE - v.abs() + TM_MATE_EXTRA as i32;
            let forced = moves.len() == 1 && !budget.instant;
            if mate || forced || budget.stop_iterating(info.elapsed, prog) {
                // About to answer: check the move against the opponent's threat sequences (not
                // when the score is already a proven win or loss). A refuted move is dropped
                // and this depth searched again without it, while there is time for that;
                // otherwise the move stands (the next one in the order is no safer).
                if checked > 0 && v <= -MATE_BOUND {
                    // Everything left loses outright: the last refuted move, lost only to a
                    // threat sequence, is the better try.
                    all.swap(0, live);
                    break;
                }
                let time_left = info.elapsed.as_millis() as u64 * REFUTE_RESEARCH_DEN
                    < budget.maximum * REFUTE_RESEARCH_NUM;
                if v.abs() < MATE_BOUND
                    && live > 1
                    && checked < REFUTE_MAX_CHECKS
                    && time_left
                    && checks.refuted(all[0].mv)
                {
                    checked += 1;
                    all[..live].rotate_left(1);
                    live -= 1;
                    prog = Progress::default();
                    depth -= 1;
                    continue;
                }
                if v.abs() < MATE_BOUND && !forced {
                    let line = checks.own_win().filter(|l| !l.is_empty());
                    if let Some(i) = line
                        .as_ref()
                        .and_then(|l| all[..live].iter().position(|m| m.mv == l[0]))
                    {
                        let line = line.unwrap_or_default();
                        all.swap(0, i);
                        all[0].pv = line.clone();
                        info = Info {
                            score: Score::Win(line.len() as u32),
                            elapsed: self.sh.start.elapsed(),
                            pv: line,
                            ..info
                        };
                        report(&info);
                    }
                }
                break;
            }
            if self.aborted {
                break;
            }
        }
        if self.main {
            self.sh.stop.store(true, Relaxed);
            self.flush();
            info.nodes = self.sh.nodes.load(Relaxed);
            info.elapsed = self.sh.start.elapsed();
        }
        if self.main && info.pv.first() != Some(&all[0].mv) {
            info.pv = all[0].pv.clone();
        }
        Outcome {
            best: all[0].mv,
            info,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_moves;
    use crate::board::{Board, Dims};
    use crate::clock::Instant;
    use crate::rules::Rule;
    use crate::search::eval;
    use crate::search::pvs::Shared;
    use crate::search::state::State;
    use crate::search::time::Budget;
    use crate::search::tt::TransTable;
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use std::time::Duration;

    /// Scripted answers: `refuted` lists the moves the opponent "wins" after; `win` is the line
    /// `own_win` offers. Records what it was asked.
    struct Script {
        refuted: Vec<Pos>,
        win: Option<Vec<Pos>>,
        asked: Vec<Pos>,
        win_asked: usize,
    }

    impl AnswerChecks for Script {
        fn refuted(&mut self, mv: Pos) -> bool {
            self.asked.push(mv);
            self.refuted.contains(&mv)
        }
        fn own_win(&mut self) -> Option<Vec<Pos>> {
            self.win_asked += 1;
            self.win.clone()
        }
    }

    /// Searches a quiet opening position to depth 3 with `checks`.
    fn run(checks: &mut Script) -> (Outcome, Vec<RootMove>) {
        let dims = Dims::square(15).unwrap();
        let mut b = Board::new(Rule::Freestyle, dims);
        for p in parse_moves("h8i9g7", dims).unwrap() {
            b.make(p);
        }
        let tables = eval::eval_tables(Rule::Freestyle);
        let mut st = State::new(&eval::with_values(&b, tables));
        let mut moves = super::super::root_moves(&mut st, &[]);
        let tt = TransTable::new(1 << 20);
        let external = AtomicBool::new(false);
        let sh = Shared {
            tt: &tt,
            external: &external,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            hard: Duration::from_secs(60),
            max_nodes: None,
            eval: tables,
            net: None,
        };
        // An optimum of 0: the first iteration is the last one.
        let budget = Budget {
            optimum: 0,
            maximum: 60_000,
            instant: false,
        };
        let mut w = Worker::new(st, &sh, true);
        let out = w.iterate(&mut moves, 3, &budget, 0, &mut |_| {}, checks);
        (out, moves)
    }

    fn script(refuted: Vec<Pos>, win: Option<Vec<Pos>>) -> Script {
        Script {
            refuted,
            win,
            asked: Vec::new(),
            win_asked: 0,
        }
    }

    #[test]
    fn a_refuted_move_is_replaced_and_the_replacement_checked() {
        let mut s = script(Vec::new(), None);
        let (plain, _) = run(&mut s);
        assert_eq!(s.asked, vec![plain.best]);
        assert_eq!(s.win_asked, 1);
        let mut s = script(vec![plain.best], None);
        let (out, _) = run(&mut s);
        assert_ne!(out.best, plain.best);
        assert_eq!(s.asked, vec![plain.best, out.best]);
    }

    #[test]
    fn when_every_move_is_refuted_the_checks_stop_at_their_limit() {
        let mut s = script(Vec::new(), None);
        let (plain, moves) = run(&mut s);
        let all: Vec<Pos> = moves.iter().map(|m| m.mv).collect();
        let mut s = script(all, None);
        let (out, _) = run(&mut s);
        assert_eq!(s.asked.len(), REFUTE_MAX_CHECKS);
        assert_ne!(out.best, plain.best);
    }

    #[test]
    fn a_proven_win_from_the_late_check_is_played() {
        let mut s = script(Vec::new(), None);
        let (plain, moves) = run(&mut s);
        let other = moves
            .iter()
            .map(|m| m.mv)
            .find(|&m| m != plain.best)
            .unwrap();
        let line = vec![other, Pos::NONE, other];
        let mut s = script(Vec::new(), Some(line.clone()));
        let (out, _) = run(&mut s);
        assert_eq!(out.best, other);
        assert_eq!(out.info.score, Score::Win(3));
        assert_eq!(out.info.pv, line);
        // A line whose first move is not a root move is ignored.
        let mut s = script(Vec::new(), Some(vec![Pos::NONE]));
        let (out, _) = run(&mut s);
        assert_eq!(out.best, plain.best);
    }
}
