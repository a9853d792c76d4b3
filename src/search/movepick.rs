//! Move generation in stages, from the pattern tables, and move ordering.
//!
//! Stages, strongest first (a five of our own is taken before generation): if the opponent has
//! a five-point, only the block (two five-points: lost); if the opponent has a straight-four
//! point (an open three, or a double four), only the cells that leave him none, plus our own
//! fours (none of either: lost); otherwise every candidate cell near the stones. Defences are
//! found by trying each cell on the threatening lines and checking the threat is gone.
//!
//! Ordering: transposition-table move, then both sides' threat classes of the cell, killers and
//! history; ties go to the lower cell index, so the order is deterministic.

use super::params::{MO_HIST_DIV, MO_KILLER, MO_OPP, MO_OWN, MO_TT, MO_VALUE_MUL};
use super::state::State;
use crate::board::{Board, CellValues, Pos};
use crate::rules::{Color, Combo, Pattern};

/// Which moves a node has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Only the block of the opponent's five-point.
    Block,
    /// Only defences against an open three (and our own fours).
    Defend,
    /// All candidates.
    All,
    /// No defence: the side to move loses in this many plies.
    Lost(u32),
}

/// A move with its ordering key.
#[derive(Clone, Copy, Debug)]
pub struct Scored {
    /// The cell.
    pub mv: Pos,
    /// Ordering key (larger first).
    pub key: i64,
}

/// The single cell where `c` makes five (the board must have exactly one, near the stones).
pub fn five_point(st: &State, c: Color) -> Pos {
    // Almost always made by the last move: look along its lines first.
    if let Some(&m) = st.board.history().last().filter(|m| !m.is_none()) {
        for d in 0..4 {
            for k in (-4i32..=4).filter(|&k| k != 0) {
                let q = m.step(d, k);
                if st.board.is_empty(q) && st.board.combo(q, c) == Combo::Five {
                    return q;
                }
            }
        }
    }
    let mut found = Pos::NONE;
    st.for_each_candidate(|p| {
        if found.is_none() && st.board.combo(p, c) == Combo::Five {
            found = p;
        }
    });
    found
}

/// Whether a stone of `c` on `p` lies on a line where it would make at least a four.
#[inline]
fn on_four_line(b: &Board, p: Pos, c: Color) -> bool {
    (0..4).any(|d| b.pattern(p, d, c) >= Pattern::B4)
}

/// Generates the moves of the side to move into `out` (unordered keys) and says which stage.
pub fn generate(st: &mut State, out: &mut Vec<Scored>) -> Stage {
    out.clear();
    let me = st.board.side_to_move();
    let opp = me.opp();
    let fives = st.board.count(opp, Combo::Five);
    if fives >= 2 {
        return Stage::Lost(2);
    }
    if fives == 1 {
        let p = five_point(st, opp);
        out.push(Scored { mv: p, key: 0 });
        return Stage::Block;
    }
    if st.board.count(opp, Combo::FlexFour) == 0 {
        st.for_each_candidate(|p| out.push(Scored { mv: p, key: 0 }));
        return Stage::All;
    }
    let mut cells = Vec::with_capacity(16);
    st.for_each_candidate(|p| {
        let b = &st.board;
        if b.combo(p, me) >= Combo::Four || on_four_line(b, p, opp) {
            cells.push(p);
        }
    });
    for p in cells {
        let b = &mut st.board;
        if b.combo(p, me) >= Combo::Four {
            out.push(Scored { mv: p, key: 0 });
            continue;
        }
        b.make(p);
        let ok = b.count(opp, Combo::FlexFour) == 0;
        b.unmake();
        if ok {
            out.push(Scored { mv: p, key: 0 });
        }
    }
    if out.is_empty() {
        return Stage::Lost(4);
    }
    Stage::Defend
}

/// The ordering key of `p` for the side to move, without TT move and killers.
#[inline]
pub fn base_score(b: &Board, p: Pos, me: Color, history: &[i32]) -> i32 {
    MO_OWN[b.combo(p, me) as usize]
        + MO_OPP[b.combo(p, me.opp()) as usize]
        + history[p.index()] / MO_HIST_DIV
}

/// Gives every move its key: `killers` are the two killers of the ply and the counter move of
/// the opponent's last move (or [`Pos::NONE`]); with `values` (feature `vorder`), the evaluation's values of the
/// cell for both sides break ties within the classes.
pub fn order(
    b: &Board,
    moves: &mut [Scored],
    tt: Pos,
    killers: [Pos; 3],
    history: &[i32],
    values: Option<&CellValues>,
) {
    let me = b.side_to_move();
    let opp = me.opp();
    for m in moves.iter_mut() {
        let mut s = base_score(b, m.mv, me, history);
        if let Some(v) = values {
            let own = v[me.index()][b.cell_code(m.mv, me)][0];
            let theirs = v[opp.index()][b.cell_code(m.mv, opp)][1];
            s += (own - theirs) * MO_VALUE_MUL;
        }
        if m.mv == tt {
            s += MO_TT;
        } else if m.mv == killers[0] {
            s += MO_KILLER[0];
        } else if m.mv == killers[1] {
            s += MO_KILLER[1];
        } else if m.mv == killers[2] {
            s += MO_KILLER[2];
        }
        m.key = (i64::from(s) << 16) - i64::from(m.mv.0);
    }
}

/// Moves picked one by one by selection before the rest are sorted at once.
const PICK_SELECT: usize = 3;

/// Moves the best remaining move to place `i` and returns it; call for `i = 0, 1, 2, …` in
/// turn. The first few are found by selection, as a cutoff usually comes early; then the rest
/// are sorted at once (the keys are distinct, so the order is the same).
#[inline]
pub fn pick(moves: &mut [Scored], i: usize) -> Pos {
    if i < PICK_SELECT {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].key > moves[best].key {
                best = j;
            }
        }
        moves.swap(i, best);
    } else if i == PICK_SELECT {
        moves[i..].sort_unstable_by_key(|m| std::cmp::Reverse(m.key));
    }
    moves[i].mv
}

/// Whether renju Black may not play `p` (forbidden and not a five).
#[inline]
pub fn is_foul(b: &mut Board, p: Pos) -> bool {
    b.rule().has_fouls(b.side_to_move())
        && b.combo(p, b.side_to_move()) == Combo::Forbid
        && b.is_forbidden(p).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picking_in_turn_gives_every_move_best_first() {
        for n in [0usize, 1, 3, 4, 5, 40] {
            let mut moves: Vec<Scored> = (0..n)
                .map(|i| Scored {
                    mv: Pos::new(i % 15, i / 15),
                    key: ((i * 7919) % 61) as i64 * 100 - i as i64,
                })
                .collect();
            let mut want = moves.clone();
            want.sort_by_key(|m| std::cmp::Reverse(m.key));
            let got: Vec<Pos> = (0..n).map(|i| pick(&mut moves, i)).collect();
            assert_eq!(got, want.iter().map(|m| m.mv).collect::<Vec<_>>());
        }
    }
}
