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
    /// Depth and node limits (`max_nodes` is shared out among the probes, like the time).
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

    /// [`Prober::probe`] with `part` of the whole budget (0 to 1) instead of an even share.
    pub(crate) fn probe_part(&mut self, board: &Board, exclude: &[Pos], part: f64) -> (Pos, i32) {
        let time = self.total.mul_f64(part.clamp(0.0, 1.0));
        let nodes = self
            .total_nodes
            .map(|m| ((m as f64 * part) as u64).max(MIN_PROBE_NODES));
        self.search(board, exclude, time, nodes)
    }

    fn search(
        &mut self,
        board: &Board,
        exclude: &[Pos],
        time: Duration,
        nodes: Option<u64>,
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
        let r = self.searcher.search(board, &limits, self.stop, &mut |_| {});
        (r.best, value(r.info.score))
    }
}

/// A seed that differs from run to run (openings should vary between games).
pub(crate) fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |t| t.as_nanos() as u64)
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
}
