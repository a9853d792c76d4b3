//! The symmetries of a board (the eight of the square; the four that keep a rectangle's sides
//! apart when it is not square) and of a position: those that map every stone onto a stone of
//! the same colour. Opening rules use them to tell two fifth-move offers apart: two offers are the
//! same offer when a symmetry of the position maps one onto the other.

use super::{Board, Dims, Pos};

/// One symmetry of the board: an optional transposition, then optional mirrors. Bit 0 mirrors
/// the columns, bit 1 the rows, bit 2 transposes (square boards only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry(u8);

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// The symmetries that map a board of `dims` onto itself, the identity first.
    pub fn of(dims: Dims) -> Vec<Symmetry> {
        (0..8u8)
            .map(Symmetry)
            .filter(|s| s.0 & 4 == 0 || dims.w == dims.h)
            .collect()
    }

    /// The image of cell `p` on a board of `dims` (`None` for a transposition of a board that is
    /// not square, or a cell off the board).
    pub fn apply(self, dims: Dims, p: Pos) -> Option<Pos> {
        if !dims.contains(p.x() as i64, p.y() as i64) {
            return None;
        }
        let (mut x, mut y) = (p.x(), p.y());
        if self.0 & 4 != 0 {
            if dims.w != dims.h {
                return None;
            }
            std::mem::swap(&mut x, &mut y);
        }
        if self.0 & 1 != 0 {
            x = dims.w - 1 - x;
        }
        if self.0 & 2 != 0 {
            y = dims.h - 1 - y;
        }
        Some(Pos::new(x, y))
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        // A transposition followed by mirrors: undoing it swaps which axis each mirror acts on.
        if self.0 & 4 == 0 {
            self
        } else {
            Symmetry(4 | ((self.0 & 1) << 1) | ((self.0 & 2) >> 1))
        }
    }
}

/// The board symmetries that map every stone of `board` onto a stone of the same colour.
pub fn fixing(board: &Board) -> Vec<Symmetry> {
    let dims = board.dims();
    let stones: Vec<Pos> = dims.cells().filter(|&p| !board.is_empty(p)).collect();
    Symmetry::of(dims)
        .into_iter()
        .filter(|s| {
            stones.iter().all(|&p| {
                s.apply(dims, p)
                    .is_some_and(|q| board.stone(q) == board.stone(p))
            })
        })
        .collect()
}

/// Every cell that a symmetry of `board`'s position maps `p` onto (`p` itself included).
pub fn orbit(board: &Board, p: Pos) -> Vec<Pos> {
    let dims = board.dims();
    let mut out = Vec::new();
    for s in fixing(board) {
        if let Some(q) = s.apply(dims, p) {
            if !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// Whether some symmetry of `board`'s position maps cell `a` onto cell `b`.
pub fn equivalent(board: &Board, a: Pos, b: Pos) -> bool {
    orbit(board, a).contains(&b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_moves;
    use crate::rules::Rule;

    fn board(moves: &str) -> Board {
        let dims = Dims::square(15).unwrap();
        let mut b = Board::new(Rule::Renju, dims);
        for p in parse_moves(moves, dims).unwrap() {
            b.make(p);
        }
        b
    }

    #[test]
    fn eight_on_a_square_four_on_a_rectangle() {
        assert_eq!(Symmetry::of(Dims::square(15).unwrap()).len(), 8);
        assert_eq!(Symmetry::of(Dims::new(15, 20).unwrap()).len(), 4);
        let d = Dims::new(15, 20).unwrap();
        assert_eq!(Symmetry(4).apply(d, Pos::new(1, 2)), None);
        assert_eq!(Symmetry(3).apply(d, Pos::new(1, 2)), Some(Pos::new(13, 17)));
    }

    #[test]
    fn inverses_undo() {
        let d = Dims::square(15).unwrap();
        for s in Symmetry::of(d) {
            for p in [Pos::new(1, 2), Pos::new(14, 0), Pos::new(7, 3)] {
                let q = s.apply(d, p).unwrap();
                assert_eq!(s.inverse().apply(d, q), Some(p), "{s:?}");
            }
        }
    }

    #[test]
    fn position_symmetries() {
        // Empty board: all eight. One stone in the centre: all eight still.
        assert_eq!(fixing(&board("")).len(), 8);
        assert_eq!(fixing(&board("h8")).len(), 8);
        // Direct opening h8 h7 (White below): the mirror in the h column only.
        assert_eq!(fixing(&board("h8h7")).len(), 2);
        // Indirect h8 i7: the diagonal through them only.
        assert_eq!(fixing(&board("h8i7")).len(), 2);
        // A colour swap is not a symmetry: h8 (Black) and h9 (White) are no mirror pair.
        assert_eq!(fixing(&board("h8h9i9")).len(), 1);
        // Offers: with h8 h7, g9 and j9 mirror each other; g9 and g7 do not.
        let b = board("h8h7");
        let (g9, j9, g7) = (Pos::new(6, 8), Pos::new(8, 8), Pos::new(6, 6));
        assert!(equivalent(&b, g9, j9));
        assert!(!equivalent(&b, g9, g7));
        assert_eq!(orbit(&b, Pos::new(7, 10)), vec![Pos::new(7, 10)]);
    }
}
