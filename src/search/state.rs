//! The board as a search thread sees it: the position plus the set of candidate cells (empty
//! cells near stones), kept in step on every make and unmake.
//!
//! A cell is a candidate while a stone lies within its neighbourhood: the search's is the cells
//! on the stone's four lines within `params::CANDIDATE_REACH`; [`State::new`]'s, for tools that
//! want every plausible move, the 5×5 square around it plus distance 3 along the lines. A bitset over the padded cell
//! array marks the neighbourhoods of the stones (a stone sets its neighbourhood's bits; taking it
//! back restores the set saved before it), and a second one the cells that are not empty, so
//! listing the candidates costs a walk over a few words, in board order.

use crate::board::geometry::{CELLS, PAD, STRIDE};
use crate::board::{Board, Pos};

const WORDS: usize = CELLS.div_ceil(64);

/// Words of the bitset a neighbourhood can span (its offsets lie within ±(5 × stride + 5),
/// fewer than `64 * SAVED - 63` cells apart).
const SAVED: usize = 8;

/// Flat-index offsets of the neighbourhood of a stone: the cells on its four lines within
/// `reach`, plus (if `square`) the 5×5 square around it.
fn offsets(square: bool, reach: isize) -> Vec<isize> {
    let s = STRIDE as isize;
    let mut v = Vec::new();
    let r = reach.max(2);
    for dy in -r..=r {
        for dx in -r..=r {
            let in_square = square && dx.abs() <= 2 && dy.abs() <= 2;
            let line =
                (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && dx.abs().max(dy.abs()) <= reach;
            if (in_square || line) && (dx, dy) != (0, 0) {
                v.push(dy * s + dx);
            }
        }
    }
    v
}

/// A position with its candidate set.
#[derive(Clone)]
pub struct State {
    /// The position.
    pub board: Board,
    /// Cells within the neighbourhood of some stone (stones and off-board cells included).
    bits: [u64; WORDS],
    /// Cells that are not empty: stones, and the padding around the board.
    blocked: [u64; WORDS],
    /// Per stone placed through [`State::make`], the words of `bits` it could change as they
    /// were before (the first word's index, then [`SAVED`] words), restored by [`State::unmake`].
    saved: Vec<(usize, [u64; SAVED])>,
    offs: Vec<isize>,
    /// The smallest offset of `offs`.
    low: isize,
    /// The first and last words of the bitsets that hold cells of the board.
    span: (usize, usize),
}

impl State {
    /// The state of `board`, with the 5×5 square and distance 3 along the lines as the
    /// neighbourhood.
    pub fn new(board: &Board) -> State {
        State::with_neighbourhood(board, true, 3)
    }

    /// The state of `board` with the neighbourhood of `offsets`.
    pub fn with_neighbourhood(board: &Board, square: bool, reach: isize) -> State {
        let mut s = State {
            board: board.clone(),
            bits: [0; WORDS],
            blocked: [0; WORDS],
            saved: Vec::with_capacity(board.dims().area() + 8),
            offs: offsets(square, reach),
            low: 0,
            span: (0, 0),
        };
        let dims = board.dims();
        let corner = |x: usize, y: usize| Pos::new(x, y).index() / 64;
        s.span = (corner(0, 0), corner(dims.w - 1, dims.h - 1));
        s.low = s.offs.iter().copied().min().unwrap_or(0);
        let high = s.offs.iter().copied().max().unwrap_or(0);
        assert!(
            high - s.low < 64 * SAVED as isize - 63,
            "neighbourhood too wide"
        );
        let pad = (PAD * STRIDE + PAD) as isize;
        assert!(
            s.low >= -pad && high <= pad,
            "neighbourhood past the padding"
        );
        for q in 0..CELLS {
            if !board.is_empty(Pos(q as u16)) {
                s.blocked[q / 64] |= 1 << (q % 64);
            }
        }
        for p in board.dims().cells() {
            if board.stone(p).is_some() {
                s.add(p);
            }
        }
        s
    }

    /// Sets the neighbourhood bits of on-board `p`.
    fn add(&mut self, p: Pos) {
        for &o in &self.offs {
            let q = (p.index() as isize + o) as usize;
            debug_assert!(q < CELLS);
            // SAFETY: `p` is on the board and no offset reaches past the padding (asserted in
            // `with_neighbourhood`), so `q` is a cell of the padded array.
            unsafe { *self.bits.get_unchecked_mut(q / 64) |= 1 << (q % 64) };
        }
    }

    /// Plays `p` for the side to move.
    #[inline]
    pub fn make(&mut self, p: Pos) {
        self.board.make(p);
        let first = ((p.index() as isize + self.low) as usize / 64).min(WORDS - SAVED);
        let mut words = [0; SAVED];
        words.copy_from_slice(&self.bits[first..first + SAVED]);
        self.saved.push((first, words));
        self.add(p);
        self.blocked[p.index() / 64] |= 1 << (p.index() % 64);
    }

    /// Passes the turn (the null move); taken back by [`State::unmake`].
    #[inline]
    pub fn pass(&mut self) {
        self.board.pass();
    }

    /// Takes back the last move (which must have been made through [`State::make`]).
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(p) = self.board.unmake() {
            if !p.is_none() {
                if let Some((first, words)) = self.saved.pop() {
                    self.bits[first..first + SAVED].copy_from_slice(&words);
                }
                self.blocked[p.index() / 64] &= !(1 << (p.index() % 64));
            }
        }
    }

    /// Calls `f` on every empty candidate cell, in board order.
    #[inline]
    pub fn for_each_candidate(&self, mut f: impl FnMut(Pos)) {
        let (first, last) = self.span;
        for w in first..=last {
            let mut bits = self.bits[w] & !self.blocked[w];
            while bits != 0 {
                let p = Pos((w * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
                f(p);
            }
        }
    }

    /// Whether `p` is an empty candidate cell (one [`State::for_each_candidate`] visits).
    #[inline]
    pub fn is_candidate(&self, p: Pos) -> bool {
        let i = p.index();
        i < CELLS && (self.bits[i / 64] & !self.blocked[i / 64]) >> (i % 64) & 1 == 1
    }

    /// The empty candidate cells, in board order.
    pub fn candidates(&self) -> Vec<Pos> {
        let mut v = Vec::new();
        self.for_each_candidate(|p| v.push(p));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::rules::Rule;

    #[test]
    fn candidates_follow_make_and_unmake() {
        let mut s = State::new(&Board::new(Rule::Freestyle, Dims::square(15).unwrap()));
        assert!(s.candidates().is_empty());
        s.make(Pos::new(7, 7));
        assert_eq!(s.candidates().len(), 24 + 8);
        s.make(Pos::new(0, 0));
        assert!(s.candidates().contains(&Pos::new(2, 2)));
        assert!(!s.candidates().contains(&Pos::new(0, 0)));
        s.unmake();
        s.unmake();
        assert!(s.candidates().is_empty());
    }

    /// The candidates by definition: empty on-board cells with a stone in their neighbourhood.
    fn brute(s: &State) -> Vec<Pos> {
        let b = &s.board;
        b.dims()
            .cells()
            .filter(|&p| b.is_empty(p))
            .filter(|&p| {
                s.offs.iter().any(|&o| {
                    let q = p.index() as isize - o;
                    (0..CELLS as isize).contains(&q) && b.stone(Pos(q as u16)).is_some()
                })
            })
            .collect()
    }

    #[test]
    fn candidates_match_their_definition_through_random_games() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for (side, square, reach) in [(15, true, 3), (7, false, 4), (20, true, 3)] {
            let board = Board::new(Rule::Freestyle, Dims::square(side).unwrap());
            let mut s = State::with_neighbourhood(&board, square, reach);
            for _ in 0..6 {
                let plies = rng.gen_range(1..side * side / 2);
                for _ in 0..plies {
                    let empty: Vec<Pos> = s
                        .board
                        .dims()
                        .cells()
                        .filter(|&p| s.board.is_empty(p))
                        .collect();
                    s.make(empty[rng.gen_range(0..empty.len())]);
                    assert_eq!(s.candidates(), brute(&s));
                }
                let back = rng.gen_range(1..=plies);
                for _ in 0..back {
                    s.unmake();
                    assert_eq!(s.candidates(), brute(&s));
                }
                // A state built from the position itself agrees.
                let fresh = State::with_neighbourhood(&s.board, square, reach);
                assert_eq!(fresh.candidates(), s.candidates());
                // So does the test of one cell, on every cell (stones and far cells too).
                let by_cell: Vec<Pos> = s
                    .board
                    .dims()
                    .cells()
                    .filter(|&p| s.is_candidate(p))
                    .collect();
                assert_eq!(by_cell, brute(&s));
                assert!(!s.is_candidate(Pos::NONE));
            }
        }
    }

    #[test]
    fn a_lines_only_neighbourhood_skips_the_knight_cells() {
        let b = Board::new(Rule::Freestyle, Dims::square(15).unwrap());
        let mut s = State::with_neighbourhood(&b, false, 2);
        s.make(Pos::new(7, 7));
        assert_eq!(s.candidates().len(), 16);
        assert!(s.candidates().contains(&Pos::new(9, 5)));
        assert!(!s.candidates().contains(&Pos::new(8, 5)));
        assert!(!s.candidates().contains(&Pos::new(7, 4)));
    }
}
