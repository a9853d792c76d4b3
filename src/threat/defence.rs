//! The defence set against a VCF threat: every legal defender move after which the attacker's
//! VCF line no longer replays.
//!
//! A move can only break a line if it changes a line pattern the line reads, which means it lies
//! within rule reach of one of the line's cells along one of the four lines through it (the
//! "zone"), or if it makes a four of the defender's own (a counter-four, wherever it is). The
//! one exception is renju's recursive double-three rule, which reaches further: when the line
//! depends on the foul check of a candidate shape, every empty cell is tried. Each candidate is
//! then decided exactly by replaying the line, so the set is exact for the line found.

use super::verify::replay_vcf;
use super::Moves;
use crate::board::geometry::CELLS;
use crate::board::{Board, Pos};

/// Cells on each side of a line cell that can change its patterns (the largest rule reach).
const ZONE_REACH: i32 = 5;

/// The defender (side to move) moves that refute the attacker's VCF `line` (valid if the
/// defender passed). The board is left as it was.
pub fn defences(b: &mut Board, line: &[Pos]) -> Moves {
    let def = b.side_to_move();
    b.pass();
    let sensitive = replay_vcf(b, line).unwrap_or(true);
    b.unmake();
    let mut cand = Vec::with_capacity(64);
    for &p in line.iter().filter(|p| !p.is_none()) {
        cand.push(p);
        for d in 0..4 {
            for k in -ZONE_REACH..=ZONE_REACH {
                let q = p.step(d, k);
                if b.is_empty(q) {
                    cand.push(q);
                }
            }
        }
    }
    if sensitive {
        cand.extend(b.dims().cells().filter(|&q| b.is_empty(q)));
    }
    cand.extend(super::four_moves(b, def));
    let mut seen = [0u64; CELLS.div_ceil(64)];
    cand.retain(|&q| {
        let (word, bit) = (q.index() / 64, 1u64 << (q.index() % 64));
        let new = seen[word] & bit == 0;
        seen[word] |= bit;
        new
    });
    cand.into_iter()
        .filter(|&z| {
            if !b.is_empty(z) || !b.is_legal_for(z, def) {
                return false;
            }
            b.make(z);
            let holds = replay_vcf(b, line).is_ok();
            b.unmake();
            !holds
        })
        .collect()
}
