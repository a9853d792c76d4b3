//! Renju fouls: the exact test of Black's forbidden points.
//!
//! The combo tables flag candidates cheaply ([`Combo::Forbid`]); this module decides them. A
//! five always wins; an overline or two fours (also two on one line) are forbidden; for a
//! double-three each open three is checked for real: it must be able to become a straight four
//! through the new stone by a move that is itself not forbidden, asked recursively with the
//! stones placed on the board.

use super::{Board, Pos};
use crate::rules::{Color, Combo, Foul, Pattern};

impl Board {
    /// Whether Black playing empty `p` is forbidden, and why. Always `None` outside renju.
    pub fn is_forbidden(&mut self, p: Pos) -> Option<Foul> {
        if !self.rule().has_fouls(Color::Black) || !self.is_empty(p) {
            return None;
        }
        if self.combo(p, Color::Black) != Combo::Forbid {
            return None;
        }
        self.foul(p)
    }

    /// Every forbidden point of Black in the current position, in board order.
    pub fn forbidden_points(&mut self) -> Vec<(Pos, Foul)> {
        if !self.rule().has_fouls(Color::Black) || self.count(Color::Black, Combo::Forbid) == 0 {
            return Vec::new();
        }
        let cand: Vec<Pos> = self
            .cells_at_least(Color::Black, Combo::Forbid)
            .into_iter()
            .filter(|&p| self.combo(p, Color::Black) == Combo::Forbid)
            .collect();
        cand.into_iter()
            .filter_map(|p| self.foul(p).map(|f| (p, f)))
            .collect()
    }

    /// The exact check for empty `p`, from Black's line patterns there.
    pub(crate) fn foul(&mut self, p: Pos) -> Option<Foul> {
        let pats = [0, 1, 2, 3].map(|d| self.pattern(p, d, Color::Black));
        if pats.contains(&Pattern::Five) {
            return None;
        }
        if pats.contains(&Pattern::Overline) {
            return Some(Foul::Overline);
        }
        let fours: usize = pats
            .iter()
            .map(|&x| match x {
                Pattern::B4 | Pattern::F4 => 1,
                Pattern::DoubleFour => 2,
                _ => 0,
            })
            .sum();
        if fours >= 2 {
            return Some(Foul::DoubleFour);
        }
        let threes: Vec<usize> = (0..4).filter(|&d| pats[d] == Pattern::F3).collect();
        if threes.len() < 2 {
            return None;
        }
        self.put(p, Color::Black);
        let mut real = 0;
        for &d in &threes {
            if self.is_real_three(p, d) {
                real += 1;
                if real >= 2 {
                    break;
                }
            }
        }
        self.take(p);
        (real >= 2).then_some(Foul::DoubleThree)
    }

    /// With Black's stone on `p`: can the three through `p` along `d` become a straight four
    /// through `p` by an allowed move?
    fn is_real_three(&mut self, p: Pos, d: usize) -> bool {
        for k in -4i32..=4 {
            let e = p.step(d, k);
            if k == 0 || !self.is_empty(e) || self.pattern(e, d, Color::Black) != Pattern::F4 {
                continue;
            }
            self.put(e, Color::Black);
            let straight = self.line_pattern(p, d, Color::Black) == Pattern::F4;
            self.take(e);
            if straight && self.foul(e).is_none() {
                return true;
            }
        }
        false
    }
}
