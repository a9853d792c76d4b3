//! Cell combos: the four line patterns of an empty cell combined into one [`Combo`] per colour
//! (what a stone there would make; a cell of combo [`Combo::FlexFour`] is a *flex-four point*).
//!
//! The code table gives each cell its *cell code*: which four patterns it has, whatever their
//! directions (the evaluation keeps one value per code). A combo depends only on the code, so the
//! combo table, generated from [`combine`], is indexed by cell code.

use super::line::Pattern;

/// What a stone on an empty cell would make, all four lines taken together (weakest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Combo {
    /// Nothing worth a name.
    None = 0,
    /// Renju Black: a candidate forbidden point (overline, two fours or two open threes by the
    /// tables; a double-three still needs the exact recursive check).
    Forbid = 1,
    /// An open two.
    Two = 2,
    /// A closed three.
    BlockThree = 3,
    /// Two open twos.
    TwoTwo = 4,
    /// An open three.
    Three = 5,
    /// Two open threes.
    ThreeThree = 6,
    /// One four.
    Four = 7,
    /// A four and an open three.
    FourThree = 8,
    /// A straight four or two fours: five next move cannot be stopped.
    FlexFour = 9,
    /// A winning five.
    Five = 10,
}

/// Number of combos.
pub const COMBO_COUNT: usize = 11;

impl Combo {
    /// All combos in numeric order.
    pub const ALL: [Combo; COMBO_COUNT] = [
        Combo::None,
        Combo::Forbid,
        Combo::Two,
        Combo::BlockThree,
        Combo::TwoTwo,
        Combo::Three,
        Combo::ThreeThree,
        Combo::Four,
        Combo::FourThree,
        Combo::FlexFour,
        Combo::Five,
    ];

    /// The combo with this code (codes past the last read as [`Combo::Five`]).
    #[inline]
    pub fn from_u8(v: u8) -> Combo {
        match v {
            0 => Combo::None,
            1 => Combo::Forbid,
            2 => Combo::Two,
            3 => Combo::BlockThree,
            4 => Combo::TwoTwo,
            5 => Combo::Three,
            6 => Combo::ThreeThree,
            7 => Combo::Four,
            8 => Combo::FourThree,
            9 => Combo::FlexFour,
            _ => Combo::Five,
        }
    }

    /// Whether a stone here makes at least one four (or five).
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Combo::Four
    }
}

/// Combines four line patterns into a combo. `fouls`: the player is renju Black.
pub fn combine(p: [Pattern; 4], fouls: bool) -> Combo {
    let count = |f: &dyn Fn(Pattern) -> bool| p.iter().filter(|&&x| f(x)).count();
    if count(&|x| x == Pattern::Five) > 0 {
        return Combo::Five;
    }
    let fours = count(&|x| matches!(x, Pattern::B4 | Pattern::F4))
        + 2 * count(&|x| x == Pattern::DoubleFour);
    let threes = count(&|x| x == Pattern::F3);
    if fouls && (count(&|x| x == Pattern::Overline) > 0 || fours >= 2 || threes >= 2) {
        return Combo::Forbid;
    }
    if fours >= 2 || count(&|x| x == Pattern::F4) > 0 {
        return Combo::FlexFour;
    }
    if fours == 1 {
        return if threes > 0 {
            Combo::FourThree
        } else {
            Combo::Four
        };
    }
    match threes {
        0 => {}
        1 => return Combo::Three,
        _ => return Combo::ThreeThree,
    }
    let twos = count(&|x| x == Pattern::F2);
    if twos >= 2 {
        Combo::TwoTwo
    } else if count(&|x| x == Pattern::B3) > 0 {
        Combo::BlockThree
    } else if twos == 1 {
        Combo::Two
    } else {
        Combo::None
    }
}

/// The combo of every cell code (a cell's combo depends only on its code).
pub fn build_code_classes(fouls: bool) -> Vec<u8> {
    code_patterns().map(|p| combine(p, fouls) as u8).collect()
}

/// Number of cell codes: the multisets of four patterns out of the twelve.
pub const CODE_COUNT: usize = 1365;

/// Every multiset of four patterns, as a sorted four, in lexicographic order: the cell code of a
/// cell is the place of its sorted patterns in this list.
pub fn code_patterns() -> impl Iterator<Item = [Pattern; 4]> {
    let n = Pattern::ALL.len();
    (0..n).flat_map(move |a| {
        (a..n).flat_map(move |b| {
            (b..n).flat_map(move |c| (c..n).map(move |d| [a, b, c, d].map(|i| Pattern::ALL[i])))
        })
    })
}

/// The cell code of four line patterns given by name (`Dead B1 F1 B2 F2 B3 F3 B4 F4 DoubleFour
/// Five Overline`, as [`Pattern`]'s `Debug`), in any order: the text formats of the weight
/// tables name cell codes so. Only the searcher's table readers use it.
#[cfg(feature = "engine")]
pub fn code_of_names(names: &[&str]) -> Result<usize, &'static str> {
    if names.len() != 4 {
        return Err("four pattern names");
    }
    let mut p = [Pattern::Dead; 4];
    for (x, w) in p.iter_mut().zip(names) {
        *x = Pattern::ALL
            .into_iter()
            .find(|q| format!("{q:?}") == *w)
            .ok_or("pattern name")?;
    }
    p.sort();
    Ok(code_patterns()
        .position(|q| q == p)
        .expect("every sorted four is a code"))
}

/// The code table: index = the four pattern codes (direction 0 in the low nibble), value = the
/// cell code (0 for nibbles that name no pattern).
pub fn build_code_table() -> Vec<u16> {
    let mut t = vec![0u16; 1 << 16];
    for (code, sorted) in code_patterns().enumerate() {
        // Every order of the four.
        for perm in PERMUTATIONS {
            let i = perm
                .iter()
                .enumerate()
                .fold(0usize, |i, (d, &k)| i | (sorted[k] as usize) << (4 * d));
            t[i] = code as u16;
        }
    }
    t
}

/// The 24 orders of four.
const PERMUTATIONS: [[usize; 4]; 24] = {
    let mut out = [[0; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c {
                    out[n] = [a, b, c, 6 - a - b - c];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_of_four_patterns_has_the_code_of_the_sorted_four() {
        assert_eq!(code_patterns().count(), CODE_COUNT);
        let t = build_code_table();
        let key = |p: [Pattern; 4]| {
            p.iter()
                .enumerate()
                .fold(0, |i, (d, &x)| i | (x as usize) << (4 * d))
        };
        let codes: Vec<[Pattern; 4]> = code_patterns().collect();
        let p = [Pattern::F3, Pattern::Dead, Pattern::B4, Pattern::F3];
        let c = t[key(p)] as usize;
        assert_eq!(
            codes[c],
            [Pattern::Dead, Pattern::F3, Pattern::F3, Pattern::B4]
        );
        assert_eq!(
            t[key([Pattern::F3, Pattern::F3, Pattern::B4, Pattern::Dead])] as usize,
            c
        );
        assert_ne!(
            t[key([Pattern::F3, Pattern::B3, Pattern::B4, Pattern::Dead])] as usize,
            c
        );
        // The class of a cell depends only on its code.
        for fouls in [false, true] {
            let classes = build_code_classes(fouls);
            for i in 0..1usize << 16 {
                if (0..4).all(|d| (i >> (4 * d)) & 15 < 12) {
                    let p = [0, 1, 2, 3].map(|d| Pattern::from_u8(((i >> (4 * d)) & 15) as u8));
                    assert_eq!(combine(p, fouls) as u8, classes[t[i] as usize]);
                }
            }
        }
    }
}
