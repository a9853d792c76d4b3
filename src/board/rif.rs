//! The 26 canonical RIF renju openings, derived from the symmetries of the square rather than
//! listed: Black's first stone in the centre, White's second adjacent to it (directly, or
//! diagonally), Black's third anywhere in the central 5×5, one opening per class of third stones
//! that a symmetry fixing the first two maps onto each other. Also the test that three stones are
//! one of them, placed in any of the eight orientations.

use super::symmetry::Symmetry;
use super::{Dims, Pos};

/// An opening as offsets from the centre, in move order: Black (0,0), White, Black.
pub type Offsets = [(i64, i64); 3];

/// A map of offsets from the centre.
type OffsetMap = fn((i64, i64)) -> (i64, i64);

/// The eight symmetries of the square, as maps of offsets from the centre.
fn offset_maps() -> [OffsetMap; 8] {
    [
        |(x, y)| (x, y),
        |(x, y)| (-x, y),
        |(x, y)| (x, -y),
        |(x, y)| (-x, -y),
        |(x, y)| (y, x),
        |(x, y)| (-y, x),
        |(x, y)| (y, -x),
        |(x, y)| (-y, -x),
    ]
}

/// The 26 openings: 13 direct (White's stone at `(0,-1)`), then 13 indirect (`(1,-1)`); within
/// each, by the third stone's row, then column. Each third stone is its class's least member by
/// (row, column).
pub fn canonical() -> Vec<Offsets> {
    let maps = offset_maps();
    let mut out = Vec::new();
    for white in [(0, -1), (1, -1)] {
        let fixing: Vec<_> = maps.iter().filter(|s| s(white) == white).collect();
        let mut reps: Vec<(i64, i64)> = Vec::new();
        for y in -2..=2 {
            for x in -2..=2 {
                let p = (x, y);
                if p == (0, 0) || p == white {
                    continue;
                }
                let rep = fixing
                    .iter()
                    .map(|s| s(p))
                    .min_by_key(|&(x, y)| (y, x))
                    .expect("the identity fixes everything");
                if !reps.contains(&rep) {
                    reps.push(rep);
                }
            }
        }
        reps.sort_by_key(|&(x, y)| (y, x));
        out.extend(reps.into_iter().map(|b| [(0, 0), white, b]));
    }
    out
}

/// The name of opening `i` (0-based, in [`canonical`] order): `D1`..`D13` (direct) or
/// `I1`..`I13` (indirect).
pub fn name(i: usize) -> String {
    if i < 13 {
        format!("D{}", i + 1)
    } else {
        format!("I{}", i - 12)
    }
}

/// Opening `offsets` on a board of `dims`, turned by `sym`, as three cells in move order (`None`
/// if the board is too small to hold it).
pub fn place(offsets: &Offsets, dims: Dims, sym: Symmetry) -> Option<[Pos; 3]> {
    let c = dims.centre();
    let mut cells = [Pos::NONE; 3];
    for (cell, &(dx, dy)) in cells.iter_mut().zip(offsets) {
        let p = dims.pos(c.x() as i64 + dx, c.y() as i64 + dy)?;
        *cell = sym.apply(dims, p)?;
    }
    (cells[0] == c).then_some(cells)
}

/// Which canonical opening three cells (Black, White, Black) are, in any orientation: its index
/// in [`canonical`], or `None` if they are not one (the first stone off the centre, the second
/// outside the 3×3, the third outside the 5×5, or a repeated cell).
pub fn classify(moves: &[Pos], dims: Dims) -> Option<usize> {
    let [a, b, c] = moves else {
        return None;
    };
    let all = canonical();
    for sym in Symmetry::of(dims) {
        for (i, o) in all.iter().enumerate() {
            if place(o, dims, sym) == Some([*a, *b, *c]) {
                return Some(i);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_moves;

    #[test]
    fn twenty_six_in_two_halves() {
        let all = canonical();
        assert_eq!(all.len(), 26);
        assert!(all[..13].iter().all(|o| o[1] == (0, -1)));
        assert!(all[13..].iter().all(|o| o[1] == (1, -1)));
        let mut thirds: Vec<_> = all.iter().map(|o| (o[1], o[2])).collect();
        thirds.dedup();
        assert_eq!(thirds.len(), 26);
        assert_eq!(name(0), "D1");
        assert_eq!(name(25), "I13");
    }

    #[test]
    fn every_orientation_is_recognised_and_others_are_not() {
        let d = Dims::square(15).unwrap();
        for (i, o) in canonical().iter().enumerate() {
            for s in Symmetry::of(d) {
                let cells = place(o, d, s).unwrap();
                assert_eq!(classify(&cells, d), Some(i));
            }
        }
        // Every placement of the third stone in the 5×5 is one of them.
        let c = d.centre();
        for p in d.cells().filter(|p| p.distance(c) <= 2) {
            let w = Pos::new(7, 6);
            if p != c && p != w {
                assert!(classify(&[c, w, p], d).is_some(), "{p:?}");
            }
        }
        let bad = |s: &str| classify(&parse_moves(s, d).unwrap(), d);
        assert_eq!(bad("h8h7h11"), None); // third stone outside the 5×5
        assert_eq!(bad("h8h6h9"), None); // second stone not adjacent
        assert_eq!(bad("g8h7h9"), None); // first stone off the centre
        assert_eq!(bad("h8h7"), None);
    }
}
