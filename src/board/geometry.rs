//! Board geometry: sizes, the padded cell layout and coordinates.
//!
//! Cells live in one padded array with a fixed stride, so that walking up to [`PAD`] cells from
//! any on-board cell along any of the four directions never leaves the array; cells outside the
//! board are walls. A [`Pos`] is an index into that array and means the same cell on every board.

use std::fmt;

/// Smallest board side.
pub const MIN_SIDE: usize = 5;
/// Largest board side.
pub const MAX_SIDE: usize = 32;
/// Wall cells around the board on each side.
pub const PAD: usize = 5;
/// Row length of the padded array.
pub const STRIDE: usize = MAX_SIDE + 2 * PAD;
/// Number of cells in the padded array.
pub const CELLS: usize = STRIDE * STRIDE;

/// Flat-index steps of the four line directions: right, down, down-right, up-right.
pub const DIR_STEP: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, 1 - STRIDE as isize];

/// A cell of the padded array. `Pos::NONE` stands for a pass or "no move".
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos(pub u16);

impl Pos {
    /// No move / a pass (a wall cell, never on a board).
    pub const NONE: Pos = Pos(0);

    /// The cell at column `x`, row `y` (0-based, from the top left). Must be within `MAX_SIDE`.
    #[inline]
    pub const fn new(x: usize, y: usize) -> Pos {
        Pos(((y + PAD) * STRIDE + x + PAD) as u16)
    }

    /// Column from the left.
    #[inline]
    pub const fn x(self) -> usize {
        (self.0 as usize % STRIDE).wrapping_sub(PAD)
    }

    /// Row from the top.
    #[inline]
    pub const fn y(self) -> usize {
        (self.0 as usize / STRIDE).wrapping_sub(PAD)
    }

    /// The array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is `Pos::NONE`.
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The cell `k` steps along direction `d`.
    #[inline]
    pub fn step(self, d: usize, k: i32) -> Pos {
        Pos((self.0 as isize + DIR_STEP[d] * k as isize) as u16)
    }

    /// Chebyshev distance between two cells.
    pub fn distance(self, o: Pos) -> usize {
        self.x().abs_diff(o.x()).max(self.y().abs_diff(o.y()))
    }

    /// Whether `o` lies on one of this cell's four lines, at most `reach` cells away.
    #[inline]
    pub fn aligned_within(self, o: Pos, reach: usize) -> bool {
        let (dx, dy) = (self.x().abs_diff(o.x()), self.y().abs_diff(o.y()));
        (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= reach
    }
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            write!(f, "pass")
        } else {
            write!(f, "{},{}", self.x(), self.y())
        }
    }
}

/// Width and height of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
}

impl Dims {
    /// A board of `w` columns and `h` rows, if both are within `MIN_SIDE..=MAX_SIDE`.
    pub fn new(w: usize, h: usize) -> Option<Dims> {
        let ok = |s: usize| (MIN_SIDE..=MAX_SIDE).contains(&s);
        (ok(w) && ok(h)).then_some(Dims { w, h })
    }

    /// A square board.
    pub fn square(n: usize) -> Option<Dims> {
        Dims::new(n, n)
    }

    /// Whether (x, y) is on the board.
    #[inline]
    pub fn contains(self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.w && (y as usize) < self.h
    }

    /// The cell at (x, y) if it is on the board.
    pub fn pos(self, x: i64, y: i64) -> Option<Pos> {
        self.contains(x, y)
            .then(|| Pos::new(x as usize, y as usize))
    }

    /// Number of cells.
    pub fn area(self) -> usize {
        self.w * self.h
    }

    /// Every cell, row by row.
    pub fn cells(self) -> impl Iterator<Item = Pos> {
        (0..self.h).flat_map(move |y| (0..self.w).map(move |x| Pos::new(x, y)))
    }

    /// The centre cell (as Gomocup counts it: `size / 2`).
    pub fn centre(self) -> Pos {
        Pos::new(self.w / 2, self.h / 2)
    }
}

/// Index of the line word holding cell (x, y) in direction `d`, and the cell's place on it.
#[inline]
pub fn line_of(d: usize, x: usize, y: usize) -> (usize, usize) {
    match d {
        0 => (y, x),
        1 => (x, y),
        2 => (x + MAX_SIDE - 1 - y, x),
        _ => (x + y, x),
    }
}

/// Number of line words per direction.
pub const LINES: usize = 2 * MAX_SIDE - 1;
