//! Opening decisions: every choice an opening rule asks of a player before ordinary play starts,
//! each made by short searches within a time budget. [`swap2`] holds Gomoku's Swap2 (three
//! stones, then swap, stay or add two, then the colour); [`renju`] the renju rules (RIF classic,
//! Yamaguchi, Soosõrv-8: a canonical opening, the swaps, White's fourth move and the number of
//! fifth-move offers, Black's offers, White's choice); `command_line` asks them from a shell.
//! The protocol (`yxswap2step*`, `yxsoosorvstep*`, `SWAP2BOARD`) only translates.
//!
//! Values are in searcher evaluation units from the side to move's view, proven results mapped
//! to ±[`WIN_VALUE`] less the distance; a position is "balanced" within [`BALANCE`] of zero.

pub mod command_line;
pub mod renju;
pub mod swap2;

use crate::board::{Board, Pos};
use crate::search::{Limits, Score, Searcher, TimeControl};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Values within this distance of zero count as balanced.
pub const BALANCE: i32 = 100;
/// Value given to a proven win (less the plies to it).
pub const WIN_VALUE: i32 = 1_000_000;
/// Three-stone openings probed when proposing one.
const PROPOSALS: usize = 8;
/// Fewest nodes a probe gets when the limits count nodes.
const MIN_PROBE_NODES: u64 = 2_000;

/// A score as one number, from the side to move's view.
pub fn value(s: Score) -> i32 {
    match s {
        Score::Eval(v) => v.clamp(-WIN_VALUE / 2, WIN_VALUE / 2),
        Score::Win(n) => WIN_VALUE - n.min(1000) as i32,
        Score::Loss(n) => -WIN_VALUE + n.min(1000) as i32,
    }
}

/// What a decision may spend: the searcher, the depth and node limits it must keep to, the time,
/// and the flag that stops it.
pub struct Budget<'a> {
    /// The searcher (its table is kept between the probes).
    pub searcher: &'a mut Searcher,
    /// Depth and node limits (`max_nodes` is shared out among the probes, like the time), and
    /// the cells the deciding player must not put a stone on nor offer (`exclude`: Yixin-Board's
    /// `YXBLOCK`). The opponent's replies, probed to value a choice, are not limited by them.
    pub base: &'a Limits,
    /// Time for the whole decision.
    pub time: Duration,
    /// Set to stop early.
    pub stop: &'a AtomicBool,
}

/// Short searches sharing one budget evenly.
pub(crate) struct Prober<'a> {
    searcher: &'a mut Searcher,
    base: &'a Limits,
    each: Duration,
    nodes: Option<u64>,
    /// The whole budget, for probes given a part of it ([`Prober::probe_part`]).
    total: Duration,
    total_nodes: Option<u64>,
    stop: &'a AtomicBool,
}

impl<'a> Prober<'a> {
    /// Probes sharing `budget` over `probes` searches.
    pub(crate) fn share(budget: Budget<'a>, probes: usize) -> Prober<'a> {
        let n = probes.max(1) as u64;
        Prober {
            searcher: budget.searcher,
            base: budget.base,
            each: budget.time / n as u32,
            nodes: budget.base.max_nodes.map(|m| (m / n).max(MIN_PROBE_NODES)),
            total: budget.time,
            total_nodes: budget.base.max_nodes,
            stop: budget.stop,
        }
    }

    /// Probes of `each` time, keeping `base`'s node limit per probe (the older Swap2 code's
    /// sharing).
    pub(crate) fn new(
        searcher: &'a mut Searcher,
        base: &'a Limits,
        each: Duration,
        stop: &'a AtomicBool,
    ) -> Prober<'a> {
        Prober {
            searcher,
            base,
            each,
            nodes: base.max_nodes,
            total: each,
            total_nodes: base.max_nodes,
            stop,
        }
    }

    /// The best move of the side to move and its value, excluding `exclude`.
    pub(crate) fn probe(&mut self, board: &Board, exclude: &[Pos]) -> (Pos, i32) {
        self.search(board, exclude, self.each, self.nodes)
    }

    /// [`Prober::probe`] for a stone the deciding player will place or offer: the cells it may
    /// not use are excluded too.
    pub(crate) fn probe_own(&mut self, board: &Board, exclude: &[Pos]) -> (Pos, i32) {
        let mut all = exclude.to_vec();
        all.extend(self.base.exclude.iter().filter(|p| !exclude.contains(p)));
        self.search(board, &all, self.each, self.nodes)
    }

    /// Whether the deciding player may put a stone on `p` (it is not in `base.exclude`).
    pub(crate) fn allowed(&self, p: Pos) -> bool {
        !self.base.exclude.contains(&p)
    }

    /// The value of the side to move in `board` at every depth a search of `part` of the whole
    /// budget (0 to 1) completed, shallowest first (at least one entry).
    pub(crate) fn depth_values(&mut self, board: &Board, part: f64) -> Vec<(u32, i32)> {
        let time = self.total.mul_f64(part.clamp(0.0, 1.0));
        let nodes = self
            .total_nodes
            .map(|m| ((m as f64 * part) as u64).max(MIN_PROBE_NODES));
        let mut values: Vec<(u32, i32)> = Vec::new();
        let (_, last) = self.search_with(board, &[], time, nodes, &mut |info| {
            values.retain(|&(d, _)| d < info.depth);
            values.push((info.depth, value(info.score)));
        });
        if values.is_empty() {
            values.push((0, last));
        }
        values
    }

    fn search(
        &mut self,
        board: &Board,
        exclude: &[Pos],
        time: Duration,
        nodes: Option<u64>,
    ) -> (Pos, i32) {
        self.search_with(board, exclude, time, nodes, &mut |_| {})
    }

    fn search_with(
        &mut self,
        board: &Board,
        exclude: &[Pos],
        time: Duration,
        nodes: Option<u64>,
        report: &mut dyn FnMut(&crate::search::Info),
    ) -> (Pos, i32) {
        let limits = Limits {
            time: TimeControl {
                // The decision keeps the safety margin: the probe may use its whole share.
                turn_ms: Some(crate::search::turn_for(time.as_millis().max(1) as u64)),
                match_ms: None,
                left_ms: None,
            },
            max_depth: self.base.max_depth,
            max_nodes: nodes,
            exclude: exclude.to_vec(),
            watch: None,
        };
        let r = self.searcher.search(board, &limits, self.stop, report);
        (r.best, value(r.info.score))
    }
}

/// A seed that differs from run to run (openings should vary between games).
pub(crate) fn fresh_seed() -> u64 {
    crate::clock::wall_nanos()
}

/// Whether a value is a proven result.
pub(crate) fn proven(v: i32) -> bool {
    v.abs() > WIN_VALUE / 2
}

/// Values of several searches made comparable: each one's value at the deepest depth that all
/// of them completed (a proven result stands whatever its depth, and does not hold the others
/// back). Comparing values of different depths favours whichever side the parity of the depth
/// favours.
pub(crate) fn at_common_depth(runs: &[Vec<(u32, i32)>]) -> Vec<i32> {
    let last = |r: &Vec<(u32, i32)>| r.last().copied().unwrap_or((0, 0));
    let common = runs
        .iter()
        .filter(|r| !proven(last(r).1))
        .map(|r| last(r).0)
        .min()
        .unwrap_or(0);
    runs.iter()
        .map(|r| {
            let (_, v) = last(r);
            if proven(v) {
                return v;
            }
            r.iter()
                .rev()
                .find(|&&(d, _)| d <= common)
                .map_or(v, |&(_, v)| v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_order() {
        assert_eq!(value(Score::Win(1)), WIN_VALUE - 1);
        assert!(value(Score::Win(9)) > value(Score::Eval(i32::MAX)));
        assert!(value(Score::Loss(3)) < -BALANCE);
        assert!(value(Score::Loss(3)) < value(Score::Eval(i32::MIN)));
    }

    #[test]
    fn values_are_compared_at_the_common_depth() {
        let a = vec![(1, 10), (2, -5), (3, 40)];
        let b = vec![(1, 0), (2, 7)];
        // Depth 2 is the deepest both completed.
        assert_eq!(at_common_depth(&[a.clone(), b.clone()]), vec![-5, 7]);
        // A proven result stands at its depth and does not hold the others back.
        let won = vec![(1, 3), (2, WIN_VALUE - 3)];
        let deep = vec![(1, 1), (2, 2), (3, 3), (4, 4)];
        assert_eq!(at_common_depth(&[won, deep, a]), vec![WIN_VALUE - 3, 3, 40]);
        assert_eq!(at_common_depth(&[b]), vec![7]);
    }
}
