//! Cell threat classes: the four line patterns of an empty cell combined into one class per colour.
//!
//! The class table is generated from [`combine`], indexed by the four 4-bit pattern codes.

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

/// Number of combo classes.
pub const COMBO_COUNT: usize = 11;

impl Combo {
    /// All classes in numeric order.
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

    /// The class with this code.
    #[inline]
    pub fn from_u8(v: u8) -> Combo {
        Combo::ALL[(v as usize).min(COMBO_COUNT - 1)]
    }

    /// Whether a stone here makes at least one four (or five).
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Combo::Four
    }
}

/// Combines four line patterns into a class. `fouls`: the player is renju Black.
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

/// The class table: index = the four pattern codes, direction 0 in the low nibble.
pub fn build_table(fouls: bool) -> Vec<u8> {
    (0..1usize << 16)
        .map(|i| {
            let p = [0, 1, 2, 3].map(|d| Pattern::from_u8(((i >> (4 * d)) & 15) as u8));
            combine(p, fouls) as u8
        })
        .collect()
}
