//! The learned evaluation: a small network over the pattern tables, in floating point (for the
//! trainer) and in integers (for the search), with its weights format and the built-in nets.
//!
//! **Architecture.** Every empty cell has two cell codes (the multiset of the four line
//! patterns a stone of each colour would make there); Black's picks a row of one table of
//! [`DIM`]-vectors, White's a row of its second half. The cell's vector is the clipped sum
//! `clamp(bias + E[Black's code] + E[White's code], 0, 1)`: the clip lets a unit say "Black's
//! four-three point where White has nothing" or "a point both sides need". The board's vector
//! is the sum over its empty cells of how each cell's vector differs from an open cell's
//! ([`OPEN_CELL`]: far from stones and edges), divided by [`POOL_DIV`]; the cells far from the
//! stones add nothing, so the same net reads any board size. The board's vector does not depend
//! on the side to move: each side to move has its own *head*, a hidden layer of [`HIDDEN`]
//! rectified units reading the board's vector with the eleven threat facts of the classical
//! evaluation (`search::eval::threat_mask`, the side to move's), and an output logit (`sigmoid`
//! of it is the side to move's expected score) plus a learned multiple of the classical
//! evaluation's logit, so the net refines what the classical evaluation says and can start from
//! it. In evaluation units the value is the logit times [`EVAL_SCALE`].
//!
//! In the rules where the colours are alike (all but renju) the trainer keeps the net
//! *mirrored* ([`mirror_index`]): the second half of the units are the first half with the
//! colours exchanged, and White's head is Black's reading the halves the other way round, so a
//! position and its colour-swapped twin get the same value. In renju only the table is mirrored
//! (the heads are free: the sides are not alike).
//!
//! **Rooms.** This file holds the shapes and what both forms read of a position ([`Inputs`],
//! [`cell_rows`]); [`float`] the net as the trainer keeps it and its forward pass; [`layout`]
//! where every number sits in the flat form (the weights file's order, the trainer's
//! parameters and gradients) and each number's colour-swapped twin; [`quant`] the integer net
//! the search runs, with its hidden layer in `simd` (AVX2 and the plain loop, which give the
//! same numbers); [`file`] the weights file and the built-in nets; [`accumulator`] the board's
//! vectors kept along a search line.
//!
//! **Incremental.** A cell's vector depends on its pattern word alone, so after a move only the
//! cells the move changed (`Board::last_changes`) are taken out and put back
//! ([`accumulator`]), once for both sides to move.
//!
//! **Integers.** The search runs the quantised net ([`QuantNet`]): cell vectors in `i16` at
//! [`QA`] to 1, the board's vector and the hidden layer in `i32`, the output in `i64`. Every
//! step is exact integer arithmetic, so the SIMD path and the scalar one give the same numbers,
//! and `bench` the same node count, on every machine.

pub mod accumulator;
pub mod file;
pub mod float;
pub mod layout;
pub mod quant;
mod simd;

pub use file::{net, Net};
pub use float::{FloatNet, Forward, Head};
pub use layout::{mirror_index, NUMBERS};
pub use quant::QuantNet;

use crate::board::{code_table, Board};
use crate::rules::combo::CODE_COUNT;
use crate::rules::{Color, Pattern};

/// Width of a cell's (and the board's) vector; even (a mirrored net's two halves).
pub const DIM: usize = 16;
/// Hidden units of a head.
pub const HIDDEN: usize = 32;
/// Threat facts read by the hidden layer (bits of `search::eval::threat_mask`).
pub const FACTS: usize = 11;
/// Inputs of the hidden layer.
pub const INPUTS: usize = DIM + FACTS;
/// Rows of the cell table: Black's cell codes, then White's.
pub const FEATURES: usize = 2 * CODE_COUNT;
/// Rows a cell reads.
pub const ROWS: usize = 2;
/// The board's vector is the sum over empty cells divided by this.
pub const POOL_DIV: f32 = 32.0;
/// Evaluation units a logit.
pub const EVAL_SCALE: i64 = 300;
/// Quantisation of the cell vectors: 1.0 is `QA`.
pub const QA: i32 = 1024;
/// Largest weight magnitude the trainer keeps (so that integers cannot overflow).
pub const WEIGHT_CLIP: f32 = 8.0;

/// The two table rows of a cell with pattern word `pat`: Black's cell code, and
/// [`CODE_COUNT`] plus White's.
#[inline]
pub fn cell_rows(pat: u32) -> [usize; ROWS] {
    let codes = code_table();
    [
        usize::from(codes[(pat & 0xFFFF) as usize]),
        CODE_COUNT + usize::from(codes[(pat >> 16) as usize]),
    ]
}

/// The pattern word of an open cell: a lone stone of either colour there would make an `F1` in
/// every direction (the word of every cell far from stones and edges, on any board).
pub const OPEN_CELL: u32 = {
    let f1 = Pattern::F1 as u32;
    let mut w = 0;
    let mut nibble = 0;
    while nibble < 8 {
        w |= f1 << (4 * nibble);
        nibble += 1;
    }
    w
};

/// The threat facts as inputs (bit `i` of `mask` is input `i`).
#[inline]
pub fn fact_inputs(mask: usize) -> [f32; FACTS] {
    std::array::from_fn(|i| (mask >> i & 1) as f32)
}

/// What the net reads of a position: its empty cells' pattern words with their counts, the side
/// to move, the threat facts and the classical evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    /// Distinct pattern words of the empty cells, each with how many cells have it.
    pub cells: Vec<(u32, u16)>,
    /// The side to move.
    pub own: Color,
    /// `search::eval::threat_mask` of the position.
    pub mask: usize,
    /// The classical evaluation, for the side to move.
    pub classical: i32,
}

impl Inputs {
    /// The inputs of `b` (the facts and classical value supplied by the caller).
    pub fn of(b: &Board, mask: usize, classical: i32) -> Inputs {
        let mut words: Vec<u32> = b
            .dims()
            .cells()
            .filter(|&p| b.is_empty(p))
            .map(|p| b.pattern_word(p))
            .collect();
        words.sort_unstable();
        let mut cells: Vec<(u32, u16)> = Vec::new();
        for w in words {
            match cells.last_mut() {
                Some((last, n)) if *last == w => *n += 1,
                _ => cells.push((w, 1)),
            }
        }
        Inputs {
            cells,
            own: b.side_to_move(),
            mask,
            classical,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::rules::Rule;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A net of random numbers (the built-in ones may be mostly zero).
    pub(crate) fn random_net(seed: u64) -> FloatNet {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut net = FloatNet::new(|| rng.gen_range(-1.0..1.0));
        net.bias = std::array::from_fn(|_| rng.gen_range(-0.2..0.4));
        for h in &mut net.heads {
            h.b1 = std::array::from_fn(|_| rng.gen_range(-0.5..0.5));
            h.w2 = std::array::from_fn(|_| rng.gen_range(-1.0..1.0));
            h.b2 = 0.1;
            h.wc = 0.7;
        }
        net
    }

    #[test]
    fn an_open_cell_is_what_the_rules_make_of_a_cell_far_from_stones_and_edges() {
        for rule in Rule::ALL {
            for size in [15, 20] {
                let dims = Dims::square(size).unwrap();
                let b = Board::new(rule, dims);
                assert_eq!(b.pattern_word(dims.centre()), OPEN_CELL, "{rule:?} {size}");
            }
        }
        let [black, white] = cell_rows(OPEN_CELL);
        assert_eq!(black + CODE_COUNT, white);
    }

    #[test]
    fn a_cell_reads_black_s_code_then_white_s() {
        // Black h8 i8 j8, White h9: g8 is a four point for Black, not for White.
        let b = crate::board::notation::test_position(Rule::Freestyle, "h8h9i8a1j8");
        let p = crate::board::notation::parse_cell_name("g8", b.dims()).unwrap();
        let [black, white] = cell_rows(b.pattern_word(p));
        assert_eq!(black, b.cell_code(p, Color::Black));
        assert_eq!(white, CODE_COUNT + b.cell_code(p, Color::White));
        assert_ne!(black + CODE_COUNT, white);
    }
}
