//! Correction history: what the searches of one move have found the static evaluation to be
//! off by, in positions alike, and the correction it gives the next such position.
//!
//! Three tables per side to move, each entry a running mean of `searched score − raw
//! evaluation` (in 1/[`GRAIN`] evaluation units): by threat combination (the evaluation's own
//! [`threat_mask`], so it learns how this game's threats differ from the fitted tables), by
//! the cell of the opponent's last move, and by the pair of his last move and ours before it
//! (hashed into [`CORR_PAIR_BITS`] bits). The correction is their weighted mean
//! ([`CORR_MIX`]). A node teaches the tables when its score says where the evaluation should
//! have been (an exact score, or a bound on the far side of the corrected evaluation), with
//! more weight the deeper it searched ([`CORR_WEIGHT_MAX`]); never from a proven result.
//! Each search thread keeps its own tables, from the last search's, aged
//! ([`CORR_KEEP_PCT`](super::params::CORR_KEEP_PCT)), or empty after a new game.

use super::eval::{threat_mask, THREAT_MASKS};
use super::params::{CORR_MAX, CORR_MIX, CORR_PAIR_BITS, CORR_WEIGHT_MAX, MATE_BOUND};
use super::tt::Bound;
use crate::board::geometry::CELLS;
use crate::board::Board;

/// Fixed-point scale of the entries.
const GRAIN: i32 = 16;
/// Offset of the last-move table.
const LAST: usize = 2 * THREAT_MASKS;
/// Offset of the pair table.
const PAIR: usize = LAST + 2 * CELLS;
/// Size of all tables.
const SIZE: usize = PAIR + (2 << CORR_PAIR_BITS);

/// A position's entry in each table.
pub(super) type Slots = [usize; 3];

/// The tables of one search thread.
pub(super) struct Correction {
    table: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Self::new()
    }
}

impl Correction {
    /// Empty tables (no correction anywhere).
    pub(super) fn new() -> Correction {
        Correction {
            table: vec![0; SIZE],
        }
    }

    /// These tables with every entry scaled by `pct` percent (what a later search starts from).
    pub(super) fn aged(&self, pct: i32) -> Correction {
        Correction {
            table: self.table.iter().map(|&e| e * pct / 100).collect(),
        }
    }

    /// The entry of each table for the position `b`: what [`Correction::get`] and
    /// [`Correction::learn`] take.
    #[inline]
    pub(super) fn slots(&self, b: &Board) -> Slots {
        let s = b.side_to_move().index();
        let h = b.history();
        let at = |k: usize| h.len().checked_sub(k).map_or(0, |i| h[i].index() % CELLS);
        let (last, ours) = (at(1), at(2));
        let hash =
            |k: u64| (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CORR_PAIR_BITS)) as usize;
        let pair = hash((last * CELLS + ours) as u64);
        [
            s * THREAT_MASKS + threat_mask(b),
            LAST + s * CELLS + last,
            PAIR + (s << CORR_PAIR_BITS) + pair,
        ]
    }

    /// The correction to add to the raw evaluation of the position of `slots`.
    #[inline]
    pub(super) fn get(&self, slots: Slots) -> i32 {
        let t = &self.table;
        let [wx, wy, wz] = CORR_MIX;
        let [x, y, z] = slots;
        (wx * t[x] + wy * t[y] + wz * t[z]) / (GRAIN * (wx + wy + wz))
    }

    /// A search to `depth` of the position of `slots` found `best` (a bound of kind `bound`)
    /// where the raw evaluation was `raw` and the corrected one `eval`.
    pub(super) fn learn(
        &mut self,
        slots: Slots,
        raw: i32,
        eval: i32,
        best: i32,
        bound: Bound,
        depth: i32,
    ) {
        if best.abs() >= MATE_BOUND
            || bound == Bound::None
            || (bound == Bound::Lower && best <= eval)
            || (bound == Bound::Upper && best >= eval)
        {
            return;
        }
        let target = (best - raw).clamp(-CORR_MAX, CORR_MAX) * GRAIN;
        let w = (depth + 1).clamp(1, CORR_WEIGHT_MAX);
        for i in slots {
            let e = &mut self.table[i];
            *e = (*e * (256 - w) + target * w) / 256;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_moves;
    use crate::board::Dims;
    use crate::rules::Rule;

    fn board(moves: &str) -> Board {
        let dims = Dims::square(15).expect("dims");
        let mut b = Board::new(Rule::Freestyle, dims);
        for p in parse_moves(moves, dims).expect("moves") {
            b.make(p);
        }
        b
    }

    #[test]
    fn an_exact_score_pulls_the_correction_towards_the_error() {
        let b = board("h8i9h9");
        let mut c = Correction::new();
        assert_eq!(c.get(c.slots(&b)), 0);
        let at = c.slots(&b);
        for _ in 0..200 {
            c.learn(at, 100, 100 + c.get(at), 160, Bound::Exact, 8);
        }
        let got = c.get(c.slots(&b));
        assert!((55..=60).contains(&got), "{got}");
        // Another position with other last moves shares only the threat-combination table.
        let other = board("c4o15c5");
        assert_eq!(threat_mask(&b), threat_mask(&other));
        let shared = c.get(c.slots(&other));
        assert!(shared > 0 && shared < got, "{shared}");
    }

    #[test]
    fn the_same_threats_elsewhere_share_a_third_of_the_correction() {
        // The same three stones, moved three cells down and left: the threat combination is
        // alike, the cells are not.
        let (b, other) = (board("h8i9h9"), board("e5f6e6"));
        let mut c = Correction::new();
        let at = c.slots(&b);
        for _ in 0..400 {
            c.learn(at, 0, c.get(at), 240, Bound::Exact, 16);
        }
        let got = c.get(at);
        let shared = c.get(c.slots(&other));
        assert!(got > 230, "{got}");
        assert!((shared - got / 3).abs() <= 2, "{got} {shared}");
    }

    #[test]
    fn aged_tables_keep_a_share_of_the_correction() {
        let b = board("h8i9h9");
        let mut c = Correction::new();
        let at = c.slots(&b);
        for _ in 0..200 {
            c.learn(at, 100, 100 + c.get(at), 300, Bound::Exact, 16);
        }
        let full = c.get(at);
        let half = c.aged(50).get(at);
        assert!(full > 150, "{full}");
        assert!((half - full / 2).abs() <= 1, "{full} {half}");
        assert_eq!(c.aged(0).get(at), 0);
    }

    #[test]
    fn bounds_on_the_near_side_and_proven_results_teach_nothing() {
        let b = board("h8i9h9");
        let mut c = Correction::new();
        c.learn(c.slots(&b), 100, 100, 90, Bound::Lower, 8);
        c.learn(c.slots(&b), 100, 100, 110, Bound::Upper, 8);
        c.learn(c.slots(&b), 100, 100, MATE_BOUND + 5, Bound::Exact, 8);
        c.learn(c.slots(&b), 100, 100, 300, Bound::None, 8);
        assert_eq!(c.get(c.slots(&b)), 0);
        // A fail high above the evaluation does teach.
        c.learn(c.slots(&b), 100, 100, 400, Bound::Lower, 15);
        assert!(c.get(c.slots(&b)) > 0);
    }

    #[test]
    fn the_correction_is_bounded() {
        let b = board("h8");
        let mut c = Correction::new();
        for _ in 0..1000 {
            c.learn(c.slots(&b), 0, 0, -20_000, Bound::Exact, 20);
        }
        assert!(c.get(c.slots(&b)) >= -CORR_MAX, "{}", c.get(c.slots(&b)));
    }
}
