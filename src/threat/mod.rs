//! Threat-space solvers: victory by continuous fours (`vcf`), victory by continuous threats
//! (`vct`, proof-number search over fours and threes) and a replaying checker for claimed VCF
//! lines (`verify`). Their command line and puzzle benchmark are `kakugo-tools solve`.
//!
//! Both solvers are exact about the rules (renju fouls, exact fives, the defender's own fours and
//! fives) and prove wins: a "no win found" answer may be a limit reached, a win is never guessed.
//! Lines are lists of cells, attacker first, alternating, ending with the attacker's five;
//! [`Pos::NONE`] marks a defender turn where no legal block exists (a White four whose only
//! block is a Black foul).

pub(crate) mod defence;
pub(crate) mod vcf;
pub(crate) mod vct;
pub(crate) mod verify;

pub use vcf::{Vcf, VcfOutcome, MAX_FOURS, VCF_CLOCK_NODES};
pub use vct::{Vct, VctLimits};
pub use verify::verify_vcf;

use crate::board::{Board, Pos};
use crate::rules::{Color, Pattern};
use smallvec::SmallVec;

/// A solver node's moves, kept inline up to 32 (a node rarely has more).
pub(crate) type Moves = SmallVec<[Pos; 32]>;

/// The empty cells where `c` may legally make a four (or five), in board order.
pub(crate) fn four_moves(b: &mut Board, c: Color) -> Moves {
    let mut moves: Moves = b
        .dims()
        .cells()
        .filter(|&p| b.is_empty(p) && b.makes_four(p, c))
        .collect();
    moves.retain(|p| b.is_legal_for(*p, c));
    moves
}

/// The empty cells where `c` may legally make a four or an open three, in board order.
pub(crate) fn threat_moves(b: &mut Board, c: Color) -> Moves {
    let mut moves: Moves = b
        .dims()
        .cells()
        .filter(|&p| b.is_empty(p) && (b.makes_four(p, c) || b.makes_open_three(p, c)))
        .collect();
    moves.retain(|p| b.is_legal_for(*p, c));
    moves
}

/// Whether a stone of `c` on empty `p` makes a closed three or an open two in some direction and
/// no four or open three: a quiet move that may set up a VCF (a "fukumi" move) without a
/// visible threat. Whether it does is decided by the VCT search (a VCF against a pass).
pub(crate) fn makes_quiet_threat(b: &Board, p: Pos, c: Color) -> bool {
    !b.makes_four(p, c)
        && !b.makes_open_three(p, c)
        && (0..4).any(|d| matches!(b.pattern(p, d, c), Pattern::B3 | Pattern::F2))
}

/// The empty cells where `c` may legally make a quiet threat ([`makes_quiet_threat`]).
pub(crate) fn quiet_moves(b: &mut Board, c: Color) -> Moves {
    let mut moves: Moves = b
        .dims()
        .cells()
        .filter(|&p| b.is_empty(p) && makes_quiet_threat(b, p, c))
        .collect();
    moves.retain(|p| b.is_legal_for(*p, c));
    moves
}
