//! Static evaluation from the pattern tables, from the side to move's view.
//!
//! The evaluation is the sum of two parts:
//! - **cells**: every empty cell has a cell code per colour (its four line patterns, whatever
//!   their directions); each code has a value as the side to move's cell and as the opponent's.
//!   The board keeps the sums over the empty cells incrementally ([`Board::value_sums`]), so
//!   this part costs two reads.
//! - **flags**: a tempo term, and the threat combinations that decide games (a four-three or
//!   double three for the side to move while the opponent has no four to make; an open three or
//!   a four-three point of the opponent while we have none), read from the combo counters.
//! - **threats**: a value for each combination of eleven threat facts of both sides (which
//!   combos of cells each side has: five, flex four, four-three, four, double three, three), indexed by [`threat_mask`]; it learns what the flags, a sum, cannot say about
//!   their interplay. Combinations not listed in the tables are worth 0.
//!
//! The numbers are an [`EvalTables`], one per rule in `weights/*.txt`, fitted to game results
//! by `kakugo-tools tune` (`docs/tuning.md`); the text format is [`EvalTables::parse`]'s.

use super::params::EVAL_MAX;
use crate::board::{Board, CellValues};
use crate::rules::combo::{code_of_names, code_patterns, CODE_COUNT};
use crate::rules::{Combo, Rule};

/// Index of the tempo flag (always 1).
pub const F_TEMPO: usize = 0;
/// Flag: we have a four-three point and the opponent no four point.
pub const F_OWN_FOUR_THREE: usize = 1;
/// Flag: we have a double-three point (no four-three) and the opponent no four point.
pub const F_OWN_THREE_THREE: usize = 2;
/// Flag: we have a flex-four point (an open three on board) and the opponent no four point.
pub const F_OWN_FLEX: usize = 3;
/// Flag: the opponent has a flex-four point and we have no four point.
pub const F_OPP_FLEX: usize = 4;
/// Flag: the opponent has a four-three point and we have no four point.
pub const F_OPP_FOUR_THREE: usize = 5;
/// Flag: the opponent has a double-three point (no four-three) and we have no four point.
pub const F_OPP_THREE_THREE: usize = 6;
/// Number of flags.
pub const EV_FLAGS: usize = 7;

/// The threat facts of [`threat_mask`], bit by bit ("own" is the side to move).
pub const THREAT_NAMES: [&str; THREAT_BITS] = [
    "opp_five",
    "own_flex",
    "opp_flex",
    "own_four_three",
    "opp_four_three",
    "own_four",
    "opp_four",
    "own_three_three",
    "opp_three_three",
    "own_three",
    "opp_three",
];
/// Number of threat facts.
pub const THREAT_BITS: usize = 11;
/// Number of threat combinations.
pub const THREAT_MASKS: usize = 1 << THREAT_BITS;

/// The threat facts of `b` for the side to move as a bit set (bit `i` is [`THREAT_NAMES`]`[i]`):
/// whether each side has an empty cell of each combo (a four point counts any four or better;
/// a three point only a cell whose best is one open three).
#[inline]
pub fn threat_mask(b: &Board) -> usize {
    let me = b.side_to_move();
    let opp = me.opp();
    let has = |c, k| usize::from(b.count(c, k) > 0);
    has(opp, Combo::Five)
        | has(me, Combo::FlexFour) << 1
        | has(opp, Combo::FlexFour) << 2
        | has(me, Combo::FourThree) << 3
        | has(opp, Combo::FourThree) << 4
        | usize::from(b.has_four_point(me)) << 5
        | usize::from(b.has_four_point(opp)) << 6
        | has(me, Combo::ThreeThree) << 7
        | has(opp, Combo::ThreeThree) << 8
        | has(me, Combo::Three) << 9
        | has(opp, Combo::Three) << 10
}

/// The flags of `b` for the side to move.
#[inline]
pub fn flags(b: &Board) -> [i32; EV_FLAGS] {
    let me = b.side_to_move();
    let opp = me.opp();
    let mut f = [0i32; EV_FLAGS];
    f[F_TEMPO] = 1;
    let opp_four = b.has_four_point(opp);
    let my_four = b.has_four_point(me);
    if !opp_four {
        if b.count(me, Combo::FourThree) > 0 {
            f[F_OWN_FOUR_THREE] = 1;
        } else if b.count(me, Combo::ThreeThree) > 0 {
            f[F_OWN_THREE_THREE] = 1;
        }
        f[F_OWN_FLEX] = i32::from(b.count(me, Combo::FlexFour) > 0);
    }
    if !my_four {
        f[F_OPP_FLEX] = i32::from(b.count(opp, Combo::FlexFour) > 0);
        if b.count(opp, Combo::FourThree) > 0 {
            f[F_OPP_FOUR_THREE] = 1;
        } else if b.count(opp, Combo::ThreeThree) > 0 {
            f[F_OPP_THREE_THREE] = 1;
        }
    }
    f
}

/// Everything the evaluation of one rule weighs.
#[derive(Clone)]
pub struct EvalTables {
    /// Per colour to move, one weight per flag.
    pub flags: [[i32; EV_FLAGS]; 2],
    /// Per colour, per cell code: its value as the side to move's cell (that colour to move),
    /// and as the opponent's (the other colour to move).
    pub cells: Box<CellValues>,
    /// Per colour to move, one value per threat combination ([`threat_mask`]).
    pub threats: Box<[[i32; THREAT_MASKS]; 2]>,
}

/// The names of the flags in the text format, in order.
const FLAG_NAMES: [&str; EV_FLAGS] = [
    "tempo",
    "own_four_three",
    "own_three_three",
    "own_open_three",
    "opp_open_three",
    "opp_four_three",
    "opp_three_three",
];

impl EvalTables {
    /// All zero.
    pub fn zero() -> EvalTables {
        EvalTables {
            flags: [[0; EV_FLAGS]; 2],
            cells: Box::new([[[0; 2]; CODE_COUNT]; 2]),
            threats: Box::new([[0; THREAT_MASKS]; 2]),
        }
    }

    /// Reads the text format: `#` comments; `flags black|white` then the seven flag weights in
    /// the order tempo, own four-three, own double three, own open three, opponent's open
    /// three, opponent's four-three, opponent's double three; `cell` then four pattern names
    /// (in any order: `Dead B1 F1 B2 F2 B3 F3 B4 F4 DoubleFour Five Overline`) and four values:
    /// Black's cell as Black-to-move's, as White-to-move's opponent's, then White's the same
    /// way. Codes not listed are worth 0. `threat black|white` then the threat facts joined by
    /// `+` (`none` for no fact) and the value of that combination; combinations not listed are
    /// worth 0.
    pub fn parse(text: &str) -> Result<EvalTables, String> {
        let mut t = EvalTables::zero();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = |why: &str| format!("line {}: {why}", n + 1);
            let nums = |w: &[&str]| -> Result<Vec<i32>, String> {
                w.iter()
                    .map(|x| x.parse::<i32>().map_err(|_| bad("not a number")))
                    .collect()
            };
            match words.first() {
                None => {}
                Some(&"flags") => {
                    let c = match words.get(1) {
                        Some(&"black") => 0,
                        Some(&"white") => 1,
                        _ => return Err(bad("flags black|white")),
                    };
                    let v = nums(&words[2..])?;
                    if v.len() != EV_FLAGS {
                        return Err(bad("seven flag weights"));
                    }
                    t.flags[c].copy_from_slice(&v);
                }
                Some(&"threat") if words.len() == 4 => {
                    let c = match words[1] {
                        "black" => 0,
                        "white" => 1,
                        _ => return Err(bad("threat black|white")),
                    };
                    let mut mask = 0;
                    if words[2] != "none" {
                        for f in words[2].split('+') {
                            let i = THREAT_NAMES
                                .iter()
                                .position(|&n| n == f)
                                .ok_or_else(|| bad("threat fact"))?;
                            mask |= 1 << i;
                        }
                    }
                    t.threats[c][mask] = nums(&words[3..])?[0];
                }
                Some(&"cell") if words.len() == 9 => {
                    let code = code_of_names(&words[1..5]).map_err(bad)?;
                    let v = nums(&words[5..])?;
                    t.cells[0][code] = [v[0], v[1]];
                    t.cells[1][code] = [v[2], v[3]];
                }
                _ => return Err(bad("expected flags, threat or cell")),
            }
        }
        Ok(t)
    }

    /// The text format of [`EvalTables::parse`] (codes worth 0 everywhere left out).
    pub fn format(&self) -> String {
        let mut s = String::new();
        for (c, name) in [(0, "black"), (1, "white")] {
            s += &format!("# {}\n", FLAG_NAMES.join(" "));
            let v: Vec<String> = self.flags[c].iter().map(|x| x.to_string()).collect();
            s += &format!("flags {name} {}\n", v.join(" "));
        }
        for (c, name) in [(0, "black"), (1, "white")] {
            for (mask, &v) in self.threats[c].iter().enumerate().filter(|x| *x.1 != 0) {
                let facts: Vec<&str> = (0..THREAT_BITS)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| THREAT_NAMES[i])
                    .collect();
                let facts = if facts.is_empty() {
                    "none".to_string()
                } else {
                    facts.join("+")
                };
                s += &format!("threat {name} {facts} {v}\n");
            }
        }
        s += "# cell: four patterns; Black's value to move, as opponent; White's the same\n";
        for (code, p) in code_patterns().enumerate() {
            let [b, w] = [self.cells[0][code], self.cells[1][code]];
            if b != [0, 0] || w != [0, 0] {
                let names: Vec<String> = p.iter().map(|q| format!("{q:?}")).collect();
                s += &format!(
                    "cell {} {} {} {} {}\n",
                    names.join(" "),
                    b[0],
                    b[1],
                    w[0],
                    w[1]
                );
            }
        }
        s
    }
}

/// The static evaluation of `b` for the side to move under `t` (whose cell values `b` must be
/// summing: see [`Board::set_cell_values`]), within ±[`EVAL_MAX`].
#[inline]
pub fn evaluate(b: &Board, t: &EvalTables) -> i32 {
    let me = b.side_to_move();
    let w = &t.flags[me.index()];
    let f = flags(b);
    let s: i32 = f.iter().zip(w.iter()).map(|(x, w)| x * w).sum::<i32>()
        + t.threats[me.index()][threat_mask(b)];
    (s + cells_part(b)).clamp(-EVAL_MAX, EVAL_MAX)
}

/// The cell-value part of [`evaluate`] (the side to move's values as its own, the opponent's as
/// his), without the flags and the threat combination.
#[inline]
pub fn cells_part(b: &Board) -> i32 {
    let me = b.side_to_move();
    b.value_sums(me)[0] + b.value_sums(me.opp())[1]
}

/// The evaluation's numbers of a rule: renju's own; freestyle's for the others. The files are
/// written by `kakugo-tools tune` (see `docs/tuning.md`) and read at first use.
pub fn eval_tables(rule: Rule) -> &'static EvalTables {
    use std::sync::OnceLock;
    static FREE: OnceLock<EvalTables> = OnceLock::new();
    static RENJU: OnceLock<EvalTables> = OnceLock::new();
    let (cell, text) = if rule == Rule::Renju {
        (&RENJU, include_str!("weights/renju.txt"))
    } else {
        (&FREE, include_str!("weights/freestyle.txt"))
    };
    cell.get_or_init(|| EvalTables::parse(text).expect("built-in weights"))
}

/// A board of `b`'s position summing `t`'s cell values.
pub fn with_values(b: &Board, t: &'static EvalTables) -> Board {
    let mut b = b.clone();
    b.set_cell_values(&t.cells);
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position as position;
    use crate::rules::Color;

    #[test]
    fn flags_read_the_counters_of_the_side_to_move() {
        // Black h8 i8 j8 (an open three), White's stones in the corners; Black to move.
        let b = position(Rule::Freestyle, "h8a1i8o1j8a15");
        assert_eq!(b.side_to_move(), Color::Black);
        let f = flags(&b);
        assert_eq!(f[F_TEMPO], 1);
        assert_eq!(f[F_OWN_FLEX], 1);
        assert_eq!(f[F_OPP_FLEX], 0);
        let bit = |name| 1 << THREAT_NAMES.iter().position(|&n| n == name).unwrap();
        let m = threat_mask(&b);
        assert_eq!(m & bit("own_flex"), bit("own_flex"));
        assert_eq!(m & (bit("opp_flex") | bit("opp_four") | bit("opp_five")), 0);
        // The same from White's side: the facts swap roles.
        let w = position(Rule::Freestyle, "h8a1i8o1j8a15o15");
        let m = threat_mask(&w);
        assert_eq!(m & bit("opp_flex"), bit("opp_flex"));
        assert_eq!(m & bit("own_flex"), 0);
    }

    #[test]
    fn the_built_in_tables_read_back_as_written() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let t = eval_tables(rule);
            let again = EvalTables::parse(&t.format()).unwrap();
            assert_eq!(again.flags, t.flags);
            assert!(again.threats == t.threats, "{rule:?}");
            assert!(again.cells == t.cells, "{rule:?}");
        }
        assert!(EvalTables::parse("cell F3 F3 B4 Dead 1 2 3").is_err());
        assert!(EvalTables::parse("cell F3 F3 B4 Nine 1 2 3 4").is_err());
        assert!(EvalTables::parse("flags black 1 2 3").is_err());
        assert!(EvalTables::parse("threat black own_five 3").is_err());
        let t =
            EvalTables::parse("threat white own_flex+opp_three 7\nthreat black none -2").unwrap();
        assert_eq!(t.threats[1][1 << 1 | 1 << 10], 7);
        assert_eq!(t.threats[0][0], -2);
        assert_eq!(EvalTables::parse(&t.format()).unwrap().threats, t.threats);
        // Patterns in any order name the same code.
        let a = EvalTables::parse("cell F3 Dead B4 F3 1 2 3 4").unwrap();
        let b = EvalTables::parse("cell Dead F3 F3 B4 1 2 3 4").unwrap();
        assert!(a.cells == b.cells);
        assert!(a.cells != EvalTables::zero().cells);
    }

    #[test]
    fn the_cell_part_is_the_sum_over_empty_cells_of_their_codes_values() {
        let t = eval_tables(Rule::Renju);
        let b = with_values(&position(Rule::Renju, "h8i9j8h9i8g8k8"), t);
        for me in [Color::Black, Color::White] {
            let mut sum = [0; 2];
            for p in b.dims().cells().filter(|&p| b.is_empty(p)) {
                let v = t.cells[me.index()][b.cell_code(p, me)];
                sum[0] += v[0];
                sum[1] += v[1];
            }
            assert_eq!(b.value_sums(me), sum);
        }
    }

    #[test]
    fn an_open_three_is_good_for_its_owner_under_every_rule_tables() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            // Black to move with an open three: winning. White to move facing it: bad.
            let t = eval_tables(rule);
            let black = with_values(&position(rule, "h8a1i8o1j8a15"), t);
            let white = with_values(&position(rule, "h8a1i8o1j8a15o15"), t);
            assert!(evaluate(&black, t) > 200, "{rule:?}");
            assert!(evaluate(&white, t) < -200, "{rule:?}");
        }
    }
}
