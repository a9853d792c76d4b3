//! Move generation in stages, from the pattern tables, and move ordering.
//!
//! Stages, strongest first (a five of our own is taken before generation): if the opponent has
//! a five-point, only the block (two five-points: lost); if the opponent has a flex-four
//! point (a cell of combo [`Combo::FlexFour`]: an open three on the board, or a double four),
//! only the cells that leave him none, plus our own fours (none of either: lost); otherwise
//! every candidate cell near the stones. Defences are found by checking, for each cell on the
//! threatening lines, that none of his flex-four points keeps its combo with our stone there
//! (read from the tables with `Board::combo_if`; renju Black's combos hang on other cells too,
//! so against him each cell is played and the threat counted again).
//!
//! Ordering: transposition-table move, then both sides' combos at the cell and the ordering
//! table's numbers of its cell codes, killers and history; ties go to the lower cell index, so
//! the order is deterministic.

use super::params::{MO_HIST_DIV, MO_KILLER, MO_OPP, MO_OWN, MO_TT};
use super::state::State;
use crate::board::{Board, CellValues, Pos};
use crate::rules::{Color, Combo, Pattern, Rule};

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
    let flex =
        (!st.board.rule().has_fouls(opp)).then(|| st.board.threat_cells(opp, Combo::FlexFour));
    for p in cells {
        let b = &mut st.board;
        if b.combo(p, me) >= Combo::Four {
            out.push(Scored { mv: p, key: 0 });
            continue;
        }
        // Whether he keeps no flex-four point once we are on `p`. A stone of ours only lowers
        // his line patterns, so only his flex-four points can stay, and they are read from the
        // tables; renju Black's combos hang on other cells too: played out.
        let ok = match &flex {
            Some(points) => points
                .iter()
                .all(|&q| q == p || b.combo_if(q, opp, p, me) != Combo::FlexFour),
            None => {
                b.make(p);
                let ok = b.count(opp, Combo::FlexFour) == 0;
                b.unmake();
                ok
            }
        };
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

/// Gives every move its key: the TT move first, then the combo scores of both sides, the
/// `killers` of the ply and the `history`; with `policy`, the ordering table's numbers of both
/// cell codes of the cell are added ([`order_table`]). Ties go to the lower cell index.
pub fn order(
    b: &Board,
    moves: &mut [Scored],
    tt: Pos,
    killers: [Pos; 2],
    history: &[i32],
    policy: Option<&CellValues>,
) {
    let me = b.side_to_move();
    let opp = me.opp();
    let bonus = |p: Pos| {
        if p == tt {
            MO_TT
        } else if p == killers[0] {
            MO_KILLER[0]
        } else if p == killers[1] {
            MO_KILLER[1]
        } else {
            0
        }
    };
    match policy {
        Some(t) => {
            let t = &t[me.index()];
            for m in moves.iter_mut() {
                let s = base_score(b, m.mv, me, history)
                    + t[b.cell_code(m.mv, me)][0]
                    + t[b.cell_code(m.mv, opp)][1]
                    + bonus(m.mv);
                m.key = (i64::from(s) << 16) - i64::from(m.mv.0);
            }
        }
        None => {
            for m in moves.iter_mut() {
                let s = base_score(b, m.mv, me, history) + bonus(m.mv);
                m.key = (i64::from(s) << 16) - i64::from(m.mv.0);
            }
        }
    }
}

/// The move-ordering table of a rule: renju's own, freestyle's for the others; written by
/// `kakugo-tools policy` (see `docs/tuning.md`) and read at first use.
pub fn order_table(rule: Rule) -> &'static CellValues {
    use std::sync::OnceLock;
    static FREE: OnceLock<Box<CellValues>> = OnceLock::new();
    static RENJU: OnceLock<Box<CellValues>> = OnceLock::new();
    let (cell, text) = if rule == Rule::Renju {
        (&RENJU, include_str!("weights/order-renju.txt"))
    } else {
        (&FREE, include_str!("weights/order-freestyle.txt"))
    };
    cell.get_or_init(|| parse_order(text).expect("built-in order table"))
}

/// Reads an ordering table (written by `kakugo-tools policy`): `#` comments; `order` then four
/// pattern names (in any order) and four numbers: Black to move's number for the code as his own
/// cell, as the opponent's cell, then White to move's the same way. Codes not listed are 0.
pub fn parse_order(text: &str) -> Result<Box<CellValues>, String> {
    let mut t: Box<CellValues> = Box::new([[[0; 2]; crate::rules::combo::CODE_COUNT]; 2]);
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}", n + 1);
        if words.len() != 9 || words[0] != "order" {
            return Err(bad("expected order, four patterns and four numbers"));
        }
        let code = crate::rules::combo::code_of_names(&words[1..5]).map_err(bad)?;
        let v: Vec<i32> = words[5..]
            .iter()
            .map(|x| x.parse::<i32>().map_err(|_| bad("not a number")))
            .collect::<Result<_, _>>()?;
        t[0][code] = [v[0], v[1]];
        t[1][code] = [v[2], v[3]];
    }
    Ok(t)
}

/// Moves picked one by one by selection before the rest are sorted at once.
const PICK_SELECT: usize = 3;

/// Moves the best remaining move to place `i` and returns it; call for `i = 0, 1, 2, …` in
/// turn. The first few are found by selection, as a cutoff usually comes early; then the rest
/// are sorted at once (the keys are distinct, so the order is the same).
#[inline]
pub fn pick(moves: &mut [Scored], i: usize) -> Pos {
    if i < PICK_SELECT {
        let (mut best, mut best_key) = (i, moves[i].key);
        for (j, m) in moves.iter().enumerate().skip(i + 1) {
            let better = m.key > best_key;
            best = if better { j } else { best };
            best_key = if better { m.key } else { best_key };
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

    #[test]
    fn ordering_tables_read_codes_in_any_order_and_refuse_bad_lines() {
        let a = parse_order("# c\norder F3 Dead B4 F3 1 2 3 4\n").unwrap();
        let b = parse_order("order Dead F3 F3 B4 1 2 3 4").unwrap();
        assert!(a == b);
        let code = a[0].iter().position(|v| *v != [0, 0]).unwrap();
        assert_eq!(a[0][code], [1, 2]);
        assert_eq!(a[1][code], [3, 4]);
        assert!(parse_order("order F3 F3 B4 Dead 1 2 3").is_err());
        assert!(parse_order("order F3 F3 B4 Nine 1 2 3 4").is_err());
        assert!(parse_order("cell F3 F3 B4 Dead 1 2 3 4").is_err());
        for rule in [crate::rules::Rule::Freestyle, crate::rules::Rule::Renju] {
            let t = order_table(rule);
            assert!(t.iter().flatten().filter(|v| **v != [0, 0]).count() > 100);
        }
    }
}
