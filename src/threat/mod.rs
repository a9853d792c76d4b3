//! Threat-space solvers: victory by continuous fours ([`vcf`]), victory by continuous threats
//! ([`vct`], proof-number search over fours and threes) and a replaying checker for claimed VCF
//! lines ([`verify`]). Their command line and puzzle benchmark are `kakugo-tools solve`.
//!
//! Both solvers are exact about the rules (renju fouls, exact fives, the defender's own fours and
//! fives) and prove wins: a "no win found" answer may be a limit reached, a win is never guessed.
//! Lines are lists of cells, attacker first, alternating, ending with the attacker's five;
//! [`Pos::NONE`] marks a defender turn where no legal block exists (a White four whose only
//! block is a Black foul).

pub mod defence;
pub mod vcf;
pub mod vct;
pub mod verify;

use crate::board::{Board, Pos};
use crate::rules::{Color, Pattern};

/// The empty cells where `c` may legally make a four (or five), in board order.
pub fn four_moves(b: &mut Board, c: Color) -> Vec<Pos> {
    let cand: Vec<Pos> = b
        .dims()
        .cells()
        .filter(|&p| b.is_empty(p) && b.makes_four(p, c))
        .collect();
    cand.into_iter().filter(|&p| b.is_legal_for(p, c)).collect()
}

/// The empty cells where `c` may legally make a four or an open three, in board order.
pub fn threat_moves(b: &mut Board, c: Color) -> Vec<Pos> {
    let cand: Vec<Pos> = b
        .dims()
        .cells()
        .filter(|&p| b.is_empty(p) && (b.makes_four(p, c) || b.makes_open_three(p, c)))
        .collect();
    cand.into_iter().filter(|&p| b.is_legal_for(p, c)).collect()
}

/// Whether a stone of `c` on empty `p` makes a closed three or an open two in some direction and
/// no four or open three: a quiet move that may set up a VCF (a "fukumi" move) without a
/// visible threat. Whether it does is decided by the VCT search (a VCF against a pass).
pub fn makes_quiet_threat(b: &Board, p: Pos, c: Color) -> bool {
    !b.makes_four(p, c)
        && !b.makes_open_three(p, c)
        && (0..4).any(|d| matches!(b.pattern(p, d, c), Pattern::B3 | Pattern::F2))
}

/// The empty cells where `c` may legally make a quiet threat ([`makes_quiet_threat`]).
pub fn quiet_moves(b: &mut Board, c: Color) -> Vec<Pos> {
    let cand: Vec<Pos> = b
        .dims()
        .cells()
        .filter(|&p| b.is_empty(p) && makes_quiet_threat(b, p, c))
        .collect();
    cand.into_iter().filter(|&p| b.is_legal_for(p, c)).collect()
}
