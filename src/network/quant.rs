//! The net in integers, as the search runs it, and the quantisation that makes it from the
//! float net: cell vectors in `i16` at [`QA`] to 1, the board's vector and the hidden layer in
//! `i32`, the output in `i64`. Every step is exact integer arithmetic, so any order of the sums
//! (the SIMD hidden layer in `simd`, the incremental board vectors) gives the same numbers.

use super::simd::hidden;
use super::{cell_rows, FloatNet, Inputs, DIM, EVAL_SCALE, FACTS, HIDDEN, INPUTS};
use super::{OPEN_CELL, POOL_DIV, QA, ROWS};
use crate::board::Board;
use crate::rules::Color;

/// Quantisation of the hidden layer's weights.
const QW1: f32 = 1024.0;
/// Quantisation of the output weights.
const QW2: f32 = 4096.0;
/// Quantisation of the classical evaluation's weight.
const QC: f32 = 4096.0;
/// The board's vector is shifted right this much before the hidden layer (so that the layer's
/// sums fit `i32`).
const POOL_SHIFT: u32 = 6;
/// Scale of an input of the hidden layer in integers (a pooled unit of 1.0 or a threat fact).
const QX: f32 = QA as f32 * POOL_DIV / (1 << POOL_SHIFT) as f32;
/// Scale of a hidden unit in integers.
const QH: f32 = QX * QW1;

/// One side to move's part of an integer net.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct QuantHead {
    /// The hidden layer's weights of the board's vector by pairs of inputs: for inputs `2k`
    /// and `2k + 1`, unit by unit, the two weights side by side (the order of a multiply-add of
    /// 16-bit pairs).
    pub(super) w1p: Vec<[i16; 2 * HIDDEN]>,
    /// The hidden layer's weights of the threat facts: [`FACTS`] columns of [`HIDDEN`].
    w1f: Vec<[i32; HIDDEN]>,
    /// The hidden biases.
    pub(super) b1: [i32; HIDDEN],
    w2: [i32; HIDDEN],
    b2: i64,
    wc: i32,
}

/// A net in integers, as the search runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantNet {
    table: Vec<[i16; DIM]>,
    bias: [i16; DIM],
    /// The clipped vector of an open cell ([`OPEN_CELL`]), taken from every empty cell's.
    open: [i16; DIM],
    pub(super) heads: [QuantHead; 2],
}

impl FloatNet {
    /// The integer net closest to this one.
    pub fn quantise(&self) -> QuantNet {
        let q16 = |x: f32, s: f32| (x * s).round().clamp(-32767.0, 32767.0) as i16;
        let q32 = |x: f32, s: f32| (x * s).round().clamp(-2e9, 2e9) as i32;
        let mut q = QuantNet {
            table: self
                .table
                .iter()
                .map(|r| r.map(|w| q16(w, QA as f32)))
                .collect(),
            bias: self.bias.map(|w| q16(w, QA as f32)),
            open: [0; DIM],
            heads: self.heads.clone().map(|h| QuantHead {
                w1p: (0..DIM / 2)
                    .map(|k| std::array::from_fn(|i| q16(h.w1[i / 2][2 * k + i % 2], QW1)))
                    .collect(),
                w1f: (DIM..INPUTS)
                    .map(|i| std::array::from_fn(|j| q32(h.w1[j][i], QW1)))
                    .collect(),
                b1: h.b1.map(|b| q32(b, QH)),
                w2: h.w2.map(|w| q32(w, QW2)),
                b2: (f64::from(h.b2) * f64::from(QH) * f64::from(QW2)).round() as i64,
                wc: q32(h.wc, QC),
            }),
        };
        q.open = q.cell(cell_rows(OPEN_CELL));
        q
    }
}

impl QuantNet {
    /// The clipped vector of a cell reading table `rows`.
    #[inline(always)]
    pub fn cell(&self, rows: [usize; ROWS]) -> [i16; DIM] {
        let mut z = self.bias;
        for r in rows {
            let row = &self.table[r];
            for (z, w) in z.iter_mut().zip(row) {
                *z = z.wrapping_add(*w);
            }
        }
        for z in z.iter_mut() {
            *z = (*z).clamp(0, QA as i16);
        }
        z
    }

    /// Adds (`sign` 1) or takes away (`sign` -1) what an empty cell reading `rows` adds to the
    /// board's vector: its clipped vector less an open cell's.
    #[inline(always)]
    pub fn add_cell(&self, pool: &mut [i32; DIM], rows: [usize; ROWS], sign: i32) {
        for ((p, z), o) in pool.iter_mut().zip(self.cell(rows)).zip(self.open) {
            *p += sign * (i32::from(z) - i32::from(o));
        }
    }

    /// Replaces in `pool` a cell's vector reading `old` by one reading `new` (`None`: the cell
    /// is no longer empty).
    #[inline(always)]
    pub fn change_cell(
        &self,
        pool: &mut [i32; DIM],
        old: [usize; ROWS],
        new: Option<[usize; ROWS]>,
    ) {
        let was = self.cell(old);
        let now = match new {
            Some(rows) => self.cell(rows),
            None => self.open,
        };
        for ((p, now), was) in pool.iter_mut().zip(now).zip(was) {
            *p += i32::from(now - was);
        }
    }

    /// The board's vector (summed clipped cell vectors, not yet divided) of `b`.
    pub fn pool_of(&self, b: &Board) -> [i32; DIM] {
        let mut pool = [0i32; DIM];
        for p in b.dims().cells().filter(|&p| b.is_empty(p)) {
            self.add_cell(&mut pool, cell_rows(b.pattern_word(p)), 1);
        }
        pool
    }

    /// The board's vector of the cells of `x` (as [`QuantNet::pool_of`] of its board).
    pub fn pool_of_inputs(&self, x: &Inputs) -> [i32; DIM] {
        let mut pool = [0i32; DIM];
        for &(pat, n) in &x.cells {
            let mut one = [0i32; DIM];
            self.add_cell(&mut one, cell_rows(pat), 1);
            for (p, o) in pool.iter_mut().zip(one) {
                *p += o * i32::from(n);
            }
        }
        pool
    }

    /// The value in evaluation units, for `own` to move, of a position whose board vector is
    /// `pool`, threat facts `mask` and classical evaluation `classical`.
    pub fn value(&self, pool: &[i32; DIM], own: Color, mask: usize, classical: i32) -> i32 {
        let head = &self.heads[own.index()];
        let half = 1 << (POOL_SHIFT - 1);
        let x = pool.map(|p| ((p + half) >> POOL_SHIFT).clamp(-32767, 32767) as i16);
        let mut h = hidden(head, &x);
        let mut facts = mask & ((1 << FACTS) - 1);
        while facts != 0 {
            let col = &head.w1f[facts.trailing_zeros() as usize];
            for (h, w) in h.iter_mut().zip(col) {
                *h += w * QX as i32;
            }
            facts &= facts - 1;
        }
        let mut out = head.b2;
        for (h, w) in h.iter().zip(&head.w2) {
            out += i64::from(*w) * i64::from((*h).max(0));
        }
        let net = (out * EVAL_SCALE).div_euclid((QH * QW2) as i64);
        let classical = (i64::from(head.wc) * i64::from(classical)).div_euclid(QC as i64);
        (net + classical).clamp(-(i32::MAX as i64) / 2, i32::MAX as i64 / 2) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position as position;
    use crate::board::Dims;
    use crate::network::tests::random_net;
    use crate::rules::Rule;

    #[test]
    fn the_quantised_net_stays_close_to_the_float_one() {
        let net = random_net(3);
        let q = net.quantise();
        for (rule, moves) in [
            (Rule::Freestyle, "h8i9j8h9i8g8k8"),
            (Rule::Renju, "h8h9i8i9g7"),
            (Rule::Freestyle, "h8"),
        ] {
            let b = position(rule, moves);
            for mask in [0, 0b101, 0x7FF] {
                let x = Inputs::of(&b, mask, 123);
                let float = net.value(&x);
                let int = q.value(&q.pool_of(&b), x.own, mask, 123);
                assert!(
                    (float - int as f32).abs() <= 12.0 + float.abs() * 0.04,
                    "{moves}: float {float}, integers {int}"
                );
                assert_eq!(q.pool_of_inputs(&x), q.pool_of(&b));
            }
        }
    }

    #[test]
    fn a_larger_empty_area_leaves_the_board_s_vector_alone() {
        // The same stones in the middle of a 15×15 and of a 20×20 board: the far cells are
        // open cells and add nothing, so the vectors differ only by the edge cells' share.
        let net = random_net(7);
        let q = net.quantise();
        let small = position(Rule::Freestyle, "h8i9j8h9i8");
        let mut big = Board::new(Rule::Freestyle, Dims::square(20).unwrap());
        for p in small.history() {
            big.make(crate::board::Pos::new(p.x() + 3, p.y() + 3));
        }
        let (a, b) = (q.pool_of(&small), q.pool_of(&big));
        let far = 20 * 20 - 15 * 15;
        let open_sum: i32 = q.open.iter().map(|&o| i32::from(o)).sum();
        assert!(open_sum > 0);
        let gap: i32 = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).sum();
        assert!(
            gap < far * open_sum / 4,
            "gap {gap}, far cells' share {}",
            far * open_sum
        );
    }
}
