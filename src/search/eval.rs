//! Static evaluation from the pattern tables, from the side to move's view.
//!
//! The board keeps, per colour, how many empty cells have each threat class; the evaluation is
//! a weighted sum of those histograms for both sides (the sum over all empty cells of a value per
//! class), plus terms for threat combinations that decide games: the side to move holding a
//! four-three or a double three while the opponent has no four, or facing an open three with no
//! four of its own. O(1): about twenty table reads.

use super::params::*;
use crate::board::Board;
use crate::rules::Combo;

/// The static evaluation of `b` for the side to move, within ±[`EVAL_MAX`].
#[inline]
pub fn evaluate(b: &Board) -> i32 {
    let me = b.side_to_move();
    let opp = me.opp();
    let mut s = EV_TEMPO;
    for k in Combo::Two as usize..=Combo::FlexFour as usize {
        let c = Combo::ALL[k];
        s += EV_OWN[k] * b.count(me, c) as i32 - EV_OPP[k] * b.count(opp, c) as i32;
    }
    let opp_four = b.has_four_point(opp);
    let my_four = b.has_four_point(me);
    if !opp_four {
        if b.count(me, Combo::FourThree) > 0 {
            s += EV_OWN_FOUR_THREE;
        } else if b.count(me, Combo::ThreeThree) > 0 {
            s += EV_OWN_THREE_THREE;
        }
    }
    if !my_four && b.count(opp, Combo::FlexFour) > 0 {
        s -= EV_OPP_FLEX;
    }
    s.clamp(-EVAL_MAX, EVAL_MAX)
}
