//! The rules of the game: colours, the four rule sets, what a line pattern is, how four line
//! patterns combine into a cell's combo, and the kinds of renju foul.
//!
//! Nothing here knows about a board or a search; `board` applies these definitions.

pub(crate) mod combo;
// The classifier half of `line` (`Classifier`, `build_table` and their helpers) runs in
// `build.rs`, which includes the file (with the same allowance), and in its unit tests; the
// library reads the generated tables instead, so that half is unused here.
#[allow(dead_code)]
pub(crate) mod line;

pub use combo::{code_patterns, Combo, CODE_COUNT};
pub use line::{Pattern, Semantics};

/// A stone colour; Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player.
    Black = 0,
    /// The second player.
    White = 1,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; six or more is an ordinary move.
    Standard,
    /// RIF renju: Black wins with exactly five and has forbidden moves; White wins with five or more.
    Renju,
    /// Exactly five wins unless blocked by the opponent at both ends.
    Caro,
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

    /// What wins along a line for `color` under this rule.
    pub fn semantics(self, color: Color) -> Semantics {
        match (self, color) {
            (Rule::Freestyle, _) | (Rule::Renju, Color::White) => Semantics::Free,
            (Rule::Standard, _) | (Rule::Renju, Color::Black) => Semantics::Exact,
            (Rule::Caro, _) => Semantics::Caro,
        }
    }

    /// Whether `color` has forbidden moves under this rule.
    pub fn has_fouls(self, color: Color) -> bool {
        self == Rule::Renju && color == Color::Black
    }

    /// The short lower-case name (`freestyle`, `standard`, `renju`, `caro`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        }
    }

    /// Parses a rule name as [`Rule::name`] writes it.
    pub fn from_name(s: &str) -> Option<Rule> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
    }

    /// The protocol's `INFO rule` code: 0 freestyle, 1 standard (exactly five), 4 renju, 8 caro.
    pub fn info_code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
        }
    }

    /// The rule of an `INFO rule` value, read as the bitmask it is: 8 caro, else 4 renju, else
    /// 1 exactly five, else freestyle; 2 alone is renju as Yixin-Board sends it (Piskvork's
    /// "continuous game" bit is otherwise ignored). `None` outside 0..16.
    pub fn from_info_code(v: i64) -> Option<Rule> {
        if !(0..16).contains(&v) {
            return None;
        }
        Some(if v & 8 != 0 {
            Rule::Caro
        } else if v & 4 != 0 || v == 2 {
            Rule::Renju
        } else if v & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        })
    }

    /// Cells on each side of a move whose line patterns can change when it is played.
    pub fn reach(self) -> i32 {
        match self {
            Rule::Freestyle => 4,
            _ => 5,
        }
    }
}

/// Why a point is forbidden to Black under renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    /// Two or more real threes.
    DoubleThree,
    /// Two or more fours (also on one line).
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl Foul {
    /// A short name (`double-three`, `double-four`, `overline`).
    pub fn name(self) -> &'static str {
        match self {
            Foul::DoubleThree => "double-three",
            Foul::DoubleFour => "double-four",
            Foul::Overline => "overline",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_codes_read_back_and_masks_read_as_the_protocol_says() {
        for r in Rule::ALL {
            assert_eq!(Rule::from_info_code(i64::from(r.info_code())), Some(r));
        }
        assert_eq!(Rule::from_info_code(2), Some(Rule::Renju));
        assert_eq!(Rule::from_info_code(9), Some(Rule::Caro));
        assert_eq!(Rule::from_info_code(3), Some(Rule::Standard));
        assert_eq!(Rule::from_info_code(6), Some(Rule::Renju));
        assert_eq!(Rule::from_info_code(16), None);
        assert_eq!(Rule::from_info_code(-1), None);
    }
}
