//! The net in floating point, as the trainer keeps it: the cell table and its bias, the two
//! heads, and the forward pass (the trainer's gradient reads its intermediate values, so the
//! pass is written once, here).

use super::{cell_rows, fact_inputs, Inputs, DIM, EVAL_SCALE, FEATURES, HIDDEN, INPUTS};
use super::{OPEN_CELL, POOL_DIV, ROWS};

/// One side to move's part of a float net.
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    /// Hidden layer: [`HIDDEN`] rows of [`INPUTS`] (the board's vector, then the facts).
    pub w1: Vec<[f32; INPUTS]>,
    /// Hidden biases.
    pub b1: [f32; HIDDEN],
    /// Output weights.
    pub w2: [f32; HIDDEN],
    /// Output bias.
    pub b2: f32,
    /// Weight of the classical evaluation's logit.
    pub wc: f32,
}

/// A net in floating point, as the trainer keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// The pattern table: [`FEATURES`] rows of [`DIM`].
    pub table: Vec<[f32; DIM]>,
    /// The cell vectors' bias.
    pub bias: [f32; DIM],
    /// The heads, Black to move's first.
    pub heads: [Head; 2],
}

/// The forward pass of one position: what the trainer's gradient needs besides the output.
#[derive(Clone, Debug, PartialEq)]
pub struct Forward {
    /// The hidden layer's inputs: the board's vector, then the threat facts.
    pub input: [f32; INPUTS],
    /// The hidden units before the rectifier.
    pub pre: [f32; HIDDEN],
    /// The output logit: the side to move's expected score is its sigmoid.
    pub logit: f32,
}

impl FloatNet {
    /// A net that says what the classical evaluation says (weight 1, everything else 0) and
    /// whose pattern table and hidden layers start from small values drawn by `next` (a
    /// generator of numbers in [-1, 1]).
    pub fn new(mut next: impl FnMut() -> f32) -> FloatNet {
        let table = (0..FEATURES)
            .map(|_| std::array::from_fn(|_| 0.1 * next()))
            .collect();
        let heads = [0, 1].map(|_| Head {
            w1: (0..HIDDEN)
                .map(|_| std::array::from_fn(|_| 0.3 * next()))
                .collect(),
            b1: [0.0; HIDDEN],
            w2: [0.0; HIDDEN],
            b2: 0.0,
            wc: 1.0,
        });
        FloatNet {
            table,
            bias: [0.0; DIM],
            heads,
        }
    }

    /// The pre-clip vector of a cell.
    #[inline]
    pub fn cell_sum(&self, rows: [usize; ROWS]) -> [f32; DIM] {
        let mut z = self.bias;
        for r in rows {
            for (z, w) in z.iter_mut().zip(&self.table[r]) {
                *z += w;
            }
        }
        z
    }

    /// The board's vector of `x`: the sum over the empty cells of how a cell's vector differs
    /// from an open cell's ([`OPEN_CELL`]), so that cells far from the stones add nothing and a
    /// larger board's empty area does not move it.
    pub fn pool(&self, x: &Inputs) -> [f32; DIM] {
        let base = self
            .cell_sum(cell_rows(OPEN_CELL))
            .map(|z| z.clamp(0.0, 1.0));
        let mut pool = [0.0f32; DIM];
        for &(pat, n) in &x.cells {
            let z = self.cell_sum(cell_rows(pat));
            for ((p, z), base) in pool.iter_mut().zip(z).zip(base) {
                *p += f32::from(n) * (z.clamp(0.0, 1.0) - base);
            }
        }
        pool.map(|p| p / POOL_DIV)
    }

    /// The hidden layer's inputs of `x`.
    pub fn layer_inputs(&self, x: &Inputs) -> [f32; INPUTS] {
        let pool = self.pool(x);
        let facts = fact_inputs(x.mask);
        std::array::from_fn(|i| if i < DIM { pool[i] } else { facts[i - DIM] })
    }

    /// The forward pass of `x` through the head of its side to move.
    pub fn forward(&self, x: &Inputs) -> Forward {
        let input = self.layer_inputs(x);
        let head = &self.heads[x.own.index()];
        let pre: [f32; HIDDEN] = std::array::from_fn(|j| {
            head.b1[j]
                + head.w1[j]
                    .iter()
                    .zip(&input)
                    .map(|(w, x)| w * x)
                    .sum::<f32>()
        });
        let logit = head.b2
            + head.wc * x.classical as f32 / EVAL_SCALE as f32
            + pre
                .iter()
                .zip(&head.w2)
                .map(|(h, w)| w * h.max(0.0))
                .sum::<f32>();
        Forward { input, pre, logit }
    }

    /// The logit of `x`: the side to move's expected score is its sigmoid.
    pub fn logit(&self, x: &Inputs) -> f32 {
        self.forward(x).logit
    }

    /// The value of `x` in evaluation units.
    pub fn value(&self, x: &Inputs) -> f32 {
        self.logit(x) * EVAL_SCALE as f32
    }
}
