//! Line patterns: what one stone makes along one line, derived from the definition of a win.
//!
//! This module owns the *definition* from which every pattern table is generated. A line window is
//! the 11 cells centred on the cell being judged (5 each side); the centre holds the stone being
//! placed. A window is packed into a 20-bit key (the centre is left out), 2 bits a cell, nearest
//! cells in the middle of the key: cells -5..-1 in bits 0..9, cells +1..+5 in bits 10..19.
//! Cell codes are given from the point of view of the player placing the stone: `EMPTY`, `OWN`,
//! `OPP`, `WALL`.
//!
//! The classification is a small recursion on the rules themselves: a *five-point* is an empty
//! cell that completes a winning line through the centre; a four has one five-point, a straight
//! four two (five cells apart), a three can become a straight four (open) or a four (closed) with
//! one more stone, and so on down. `build.rs` includes this file to write the tables into
//! `OUT_DIR`, and the tests compare the tables with it, so it has no dependencies.

/// Cells on each side of the centre that a window sees.
pub const HALF: usize = 5;
/// Bits in a window key (10 cells, 2 bits each).
pub const KEY_BITS: u32 = 20;
/// Number of distinct window keys.
pub const KEY_COUNT: usize = 1 << KEY_BITS;

/// Cell code: empty.
pub const EMPTY: u8 = 0;
/// Cell code: a stone of the player the window is judged for.
pub const OWN: u8 = 1;
/// Cell code: an opponent's stone.
pub const OPP: u8 = 2;
/// Cell code: outside the board.
pub const WALL: u8 = 3;

/// What wins along a line, for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Semantics {
    /// Five or more in a row wins.
    Free,
    /// Exactly five wins; six or more is an overline (no win).
    Exact,
    /// Exactly five wins unless opponent stones block both ends; six or more is no win.
    Caro,
}

/// The shape one stone makes along one line (4 bits), weakest first.
///
/// `F` = free (open), `B` = blocked (closed): `F3` can become a straight four, `B3` only a four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five containing this stone is possible on this line.
    Dead = 0,
    /// One stone from a `B2`.
    B1 = 1,
    /// One stone from an `F2`.
    F1 = 2,
    /// One stone from a `B3`.
    B2 = 3,
    /// One stone from an `F3` (an open two).
    F2 = 4,
    /// One stone from a four (a closed three).
    B3 = 5,
    /// One stone from a straight four (an open three).
    F3 = 6,
    /// A four: exactly one five-point.
    B4 = 7,
    /// A straight four: two five-points five cells apart.
    F4 = 8,
    /// Two separate fours on this one line (e.g. `XXX.X.XXX` made in the middle).
    DoubleFour = 9,
    /// A winning line.
    Five = 10,
    /// Six or more under an exact-five rule: no win.
    Overline = 11,
}

impl Pattern {
    /// All patterns, in numeric order.
    pub const ALL: [Pattern; 12] = [
        Pattern::Dead,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::DoubleFour,
        Pattern::Five,
        Pattern::Overline,
    ];

    /// The pattern with this 4-bit code (codes past the last pattern map to `Dead`).
    #[inline]
    pub fn from_u8(v: u8) -> Pattern {
        match v {
            1 => Pattern::B1,
            2 => Pattern::F1,
            3 => Pattern::B2,
            4 => Pattern::F2,
            5 => Pattern::B3,
            6 => Pattern::F3,
            7 => Pattern::B4,
            8 => Pattern::F4,
            9 => Pattern::DoubleFour,
            10 => Pattern::Five,
            11 => Pattern::Overline,
            _ => Pattern::Dead,
        }
    }
}

/// Bit offset in a key of the cell at distance `k` (k in -5..=5, k != 0) from the centre.
#[inline]
pub const fn shift_of(k: i32) -> u32 {
    if k < 0 {
        (2 * (k + HALF as i32)) as u32
    } else {
        (2 * (k + HALF as i32 - 1)) as u32
    }
}

/// Unpacks a key into an 11-cell window (index 5 is the centre, set to `OWN`).
pub fn window_of(key: u32) -> [u8; 11] {
    let mut w = [OWN; 11];
    for k in -5i32..=5 {
        if k != 0 {
            w[(k + 5) as usize] = ((key >> shift_of(k)) & 3) as u8;
        }
    }
    w
}

/// Packs an 11-cell window into its key (the centre is ignored).
pub fn key_of(w: &[u8; 11]) -> u32 {
    let mut key = 0;
    for k in -5i32..=5 {
        if k != 0 {
            key |= u32::from(w[(k + 5) as usize] & 3) << shift_of(k);
        }
    }
    key
}

/// The key seen by the other player: own and opponent stones exchanged.
#[inline]
pub const fn swap_colours(key: u32) -> u32 {
    const LOW: u32 = 0x55555;
    ((key & LOW) << 1) | ((key >> 1) & LOW)
}

/// Length of the run of own stones through the centre, and the cells just past both ends.
fn run_through_centre(w: &[u8; 11]) -> (usize, u8, u8) {
    let mut lo = 5;
    while lo > 0 && w[lo - 1] == OWN {
        lo -= 1;
    }
    let mut hi = 5;
    while hi < 10 && w[hi + 1] == OWN {
        hi += 1;
    }
    let before = if lo > 0 { w[lo - 1] } else { WALL };
    let after = if hi < 10 { w[hi + 1] } else { WALL };
    (hi - lo + 1, before, after)
}

/// Whether the run through the centre wins under `sem`.
pub fn is_win(w: &[u8; 11], sem: Semantics) -> bool {
    let (len, before, after) = run_through_centre(w);
    match sem {
        Semantics::Free => len >= 5,
        Semantics::Exact => len == 5,
        Semantics::Caro => len == 5 && !(before == OPP && after == OPP),
    }
}

/// Whether the run through the centre is six or more under an exact-five rule.
pub fn is_overline(w: &[u8; 11], sem: Semantics) -> bool {
    sem != Semantics::Free && run_through_centre(w).0 >= 6
}

/// Memoised classifier of every window for one [`Semantics`].
pub struct Classifier {
    sem: Semantics,
    memo: Vec<u8>,
}

const UNKNOWN: u8 = 0xFF;

impl Classifier {
    /// A classifier with an empty memo.
    pub fn new(sem: Semantics) -> Self {
        Classifier {
            sem,
            memo: vec![UNKNOWN; KEY_COUNT],
        }
    }

    /// The pattern of the window with this key.
    pub fn classify(&mut self, key: u32) -> Pattern {
        let m = self.memo[key as usize];
        if m != UNKNOWN {
            return Pattern::from_u8(m);
        }
        let p = self.compute(key);
        self.memo[key as usize] = p as u8;
        p
    }

    fn compute(&mut self, key: u32) -> Pattern {
        let w = window_of(key);
        if is_win(&w, self.sem) {
            return Pattern::Five;
        }
        if is_overline(&w, self.sem) {
            return Pattern::Overline;
        }
        // Five-points: empty cells within reach that complete a winning run through the centre.
        let mut five_points = [0i32; 8];
        let mut n_five = 0;
        for k in -4i32..=4 {
            let i = (k + 5) as usize;
            if k == 0 || w[i] != EMPTY {
                continue;
            }
            let mut v = w;
            v[i] = OWN;
            if is_win(&v, self.sem) {
                five_points[n_five] = k;
                n_five += 1;
            }
        }
        match n_five {
            0 => {}
            1 => return Pattern::B4,
            2 if five_points[1] - five_points[0] == 5 => return Pattern::F4,
            _ => return Pattern::DoubleFour,
        }
        // Otherwise: the best shape one more own stone makes.
        let mut best = Pattern::Dead;
        for k in -4i32..=4 {
            let i = (k + 5) as usize;
            if k == 0 || w[i] != EMPTY {
                continue;
            }
            let next = key | (u32::from(OWN) << shift_of(k));
            let up = match self.classify(next) {
                Pattern::F4 => Pattern::F3,
                Pattern::B4 | Pattern::DoubleFour => Pattern::B3,
                Pattern::F3 => Pattern::F2,
                Pattern::B3 => Pattern::B2,
                Pattern::F2 => Pattern::F1,
                Pattern::B2 => Pattern::B1,
                _ => Pattern::Dead,
            };
            best = best.max(up);
        }
        best
    }
}

/// Writes the table of one semantics: one byte (the pattern code) per key.
pub fn build_table(sem: Semantics) -> Vec<u8> {
    let mut c = Classifier::new(sem);
    (0..KEY_COUNT as u32).map(|k| c.classify(k) as u8).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window from 11 characters: `X` own, `O` opponent, `|` wall, `.` empty, `?` the centre.
    fn key(s: &str) -> u32 {
        let cells: Vec<u8> = s
            .chars()
            .map(|c| match c {
                'X' | '?' => OWN,
                'O' => OPP,
                '|' => WALL,
                _ => EMPTY,
            })
            .collect();
        assert_eq!(cells.len(), 11, "{s}");
        assert_eq!(s.chars().nth(5), Some('?'), "{s}");
        key_of(&cells.try_into().unwrap())
    }

    #[test]
    fn classic_shapes() {
        use Pattern::*;
        let cases: &[(&str, Semantics, Pattern)] = &[
            ("...XX?XX...", Semantics::Free, Five),
            ("..XXX?XX...", Semantics::Free, Five),
            ("..XXX?XX...", Semantics::Exact, Overline),
            ("..XXX?XX...", Semantics::Caro, Overline),
            ("....X?XX...", Semantics::Free, F4),
            ("...OX?XX...", Semantics::Free, B4),
            ("...X.?XX...", Semantics::Free, B4),
            ("..X.X?X.X..", Semantics::Free, DoubleFour),
            (".XXX.?.XXX.", Semantics::Exact, DoubleFour),
            ("XXX.X?XXX..", Semantics::Free, Five),
            (".XX.X?.XX..", Semantics::Free, DoubleFour),
            (".....?XX...", Semantics::Free, F3),
            ("....X?.X...", Semantics::Free, F3),
            ("...OX?X....", Semantics::Free, B3),
            ("|X.XX?.....", Semantics::Free, B4),
            ("....O?XXO..", Semantics::Free, Dead),
            (".....?X....", Semantics::Free, F2),
            (".....?.....", Semantics::Free, F1),
            ("....O?....O", Semantics::Free, B1),
            ("||||.?O....", Semantics::Free, Dead),
            ("|....?O....", Semantics::Free, B1),
            // Exact five: a straight four that can only become six on one side is a four.
            ("...XX?X.X..", Semantics::Exact, B4),
            ("...XX?X.X..", Semantics::Free, F4),
            // Caro: a four whose five would be blocked at both ends is no four.
            ("..OXX?X.O..", Semantics::Caro, Dead),
            ("..OXX?X.O..", Semantics::Exact, B4),
            ("|XXXX?O....", Semantics::Caro, Five),
            ("OXXXX?O....", Semantics::Caro, Dead),
            (".OXXX?XO...", Semantics::Caro, Dead),
        ];
        let mut c = [Semantics::Free, Semantics::Exact, Semantics::Caro].map(Classifier::new);
        for &(s, sem, want) in cases {
            let i = match sem {
                Semantics::Free => 0,
                Semantics::Exact => 1,
                Semantics::Caro => 2,
            };
            assert_eq!(c[i].classify(key(s)), want, "{s} {sem:?}");
        }
    }

    #[test]
    fn swapping_colours_twice_is_identity() {
        for k in (0..KEY_COUNT as u32).step_by(97) {
            assert_eq!(swap_colours(swap_colours(k)), k);
            assert_eq!(window_of(key_of(&window_of(k))), window_of(k));
        }
    }
}
