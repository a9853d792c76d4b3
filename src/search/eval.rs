//! Static evaluation from the pattern tables, from the side to move's view.
//!
//! The evaluation is linear in a small feature vector read from the board's incremental
//! counters ([`features`]): per colour, how many empty cells have each threat class, how many
//! (empty cell, direction) pairs have each line pattern, and flags for the threat combinations
//! that decide games (a four-three or double three for the side to move while the opponent has
//! no four to make; an open three or a four-three point of the opponent while we have none).
//! The weights are [`ev_weights`] of the rule, fitted to game results by `examples/tune.rs`. O(1): about
//! forty table reads.

use super::params::*;
use crate::board::Board;
use crate::rules::{Combo, Pattern};

/// Classes counted as features: `Two` ..= `FlexFour`.
const CLASSES: std::ops::RangeInclusive<usize> = Combo::Two as usize..=Combo::FlexFour as usize;
/// Line patterns counted as features: `B1` ..= `F4`.
const PATTERNS: std::ops::RangeInclusive<usize> = Pattern::B1 as usize..=Pattern::F4 as usize;
/// Number of counted classes per colour.
const NC: usize = Combo::FlexFour as usize - Combo::Two as usize + 1;
/// Number of counted patterns per colour.
const NP: usize = Pattern::F4 as usize - Pattern::B1 as usize + 1;

/// Index of the tempo feature (always 1).
pub const F_TEMPO: usize = 0;
/// First own class count (`Two`); the opponent's follow.
pub const F_OWN_CLASS: usize = 1;
/// First opponent class count.
pub const F_OPP_CLASS: usize = F_OWN_CLASS + NC;
/// First own pattern count (`B1`).
pub const F_OWN_PAT: usize = F_OPP_CLASS + NC;
/// First opponent pattern count.
pub const F_OPP_PAT: usize = F_OWN_PAT + NP;
/// Flag: we have a four-three point and the opponent no four point.
pub const F_OWN_FOUR_THREE: usize = F_OPP_PAT + NP;
/// Flag: we have a double-three point (no four-three) and the opponent no four point.
pub const F_OWN_THREE_THREE: usize = F_OWN_FOUR_THREE + 1;
/// Flag: we have a straight-four point (an open three on board) and the opponent no four point.
pub const F_OWN_FLEX: usize = F_OWN_THREE_THREE + 1;
/// Flag: the opponent has a straight-four point and we have no four point.
pub const F_OPP_FLEX: usize = F_OWN_FLEX + 1;
/// Flag: the opponent has a four-three point and we have no four point.
pub const F_OPP_FOUR_THREE: usize = F_OPP_FLEX + 1;
/// Flag: the opponent has a double-three point (no four-three) and we have no four point.
pub const F_OPP_THREE_THREE: usize = F_OPP_FOUR_THREE + 1;
/// Number of features.
pub const EV_FEATURES: usize = F_OPP_THREE_THREE + 1;

/// The feature vector of `b` for the side to move.
#[inline]
pub fn features(b: &Board) -> [i32; EV_FEATURES] {
    let me = b.side_to_move();
    let opp = me.opp();
    let mut f = [0i32; EV_FEATURES];
    f[F_TEMPO] = 1;
    for (i, k) in CLASSES.enumerate() {
        let c = Combo::ALL[k];
        f[F_OWN_CLASS + i] = b.count(me, c) as i32;
        f[F_OPP_CLASS + i] = b.count(opp, c) as i32;
    }
    for (i, k) in PATTERNS.enumerate() {
        let p = Pattern::ALL[k];
        f[F_OWN_PAT + i] = b.pattern_count(me, p) as i32;
        f[F_OPP_PAT + i] = b.pattern_count(opp, p) as i32;
    }
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

/// One weight per feature.
pub type Weights = [i32; EV_FEATURES];

/// The static evaluation of `b` for the side to move under weights `w`, indexed by the colour
/// to move (the engine's are [`ev_weights`] of the rule), within ±[`EVAL_MAX`].
#[inline]
pub fn evaluate(b: &Board, w: &[Weights; 2]) -> i32 {
    let w = &w[b.side_to_move().index()];
    let f = features(b);
    let s: i32 = f.iter().zip(w.iter()).map(|(x, w)| x * w).sum();
    s.clamp(-EVAL_MAX, EVAL_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_moves;
    use crate::board::Dims;
    use crate::rules::{Color, Rule};

    fn position(rule: Rule, moves: &str) -> Board {
        let dims = Dims::square(15).unwrap();
        let mut b = Board::new(rule, dims);
        for p in parse_moves(moves, dims).unwrap() {
            b.make(p);
        }
        b
    }

    #[test]
    fn features_read_the_counters_of_the_side_to_move() {
        // Black h8 i8 j8 (an open three), White's stones in the corners; White to move.
        let b = position(Rule::Freestyle, "h8a1i8o1j8a15");
        assert_eq!(b.side_to_move(), Color::Black);
        let f = features(&b);
        assert_eq!(f[F_TEMPO], 1);
        assert_eq!(f[F_OWN_FLEX], 1);
        assert_eq!(f[F_OPP_FLEX], 0);
        let flex = Combo::FlexFour as usize - Combo::Two as usize;
        assert_eq!(f[F_OWN_CLASS + flex], 2, "g8 and k8 make a straight four");
        let f4 = Pattern::F4 as usize - Pattern::B1 as usize;
        assert_eq!(f[F_OWN_PAT + f4], 2);
        assert_eq!(f[F_OPP_PAT + f4], 0);
    }

    #[test]
    fn an_open_three_is_good_for_its_owner_under_every_rule_weights() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            // Black to move with an open three: winning. White to move facing it: bad.
            let black = position(rule, "h8a1i8o1j8a15");
            let white = position(rule, "h8a1i8o1j8a15o15");
            let w = ev_weights(rule);
            assert!(evaluate(&black, &w) > 200, "{rule:?}");
            assert!(evaluate(&white, &w) < -200, "{rule:?}");
        }
    }
}
