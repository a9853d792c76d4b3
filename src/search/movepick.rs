//! Move generation in stages, from the pattern tables, and move ordering.
//!
//! Stages, strongest first (a five of our own is taken before generation): if the opponent has
//! a five-point, only the block (two five-points: lost); if the opponent has a straight-four
//! point (an open three, or a double four), only the cells that leave him none, plus our own
//! fours (none of either: lost); otherwise every candidate cell near the stones. Defences are
//! found by checking, for each cell on the threatening lines, that none of his straight-four
//! points keeps its class with our stone there (read from the tables with
//! `Board::combo_if`; renju Black's classes hang on other cells too, so against him each
//! cell is played and the threat counted again).
//!
//! Ordering: transposition-table move, then both sides' threat classes of the cell, killers and
//! history; ties go to the lower cell index, so the order is deterministic.

use super::params::{
    GUARD_MAX_POINTS, GUARD_REACH, MO_HIST_DIV, MO_KILLER, MO_OPP, MO_OWN, MO_PAT_OPP, MO_PAT_OWN,
    MO_TT, MO_VALUE_MUL, NEAR_DIST,
};
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
    /// Only defences against a four-three point of the opponent, and our own fours (feature
    /// `guard`).
    Guard,
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

/// Whether our four on `p` is a lone one: its stone makes nothing better than an open two on its
/// other lines.
fn lone_four(b: &Board, p: Pos, c: Color) -> bool {
    let (mut fours, mut best_other) = (0, Pattern::Dead);
    for d in 0..4 {
        let pat = b.pattern(p, d, c);
        if pat >= Pattern::B4 {
            fours += 1;
        } else {
            best_other = best_other.max(pat);
        }
    }
    fours < 2 && best_other < Pattern::B3
}

/// Generates the moves of the side to move into `out` (unordered keys) and says which stage;
/// with `guard`, a four-three point of the opponent is met only by defences or our fours; with
/// `no_lone`, against an open three our lone fours (see [`lone_four`]) are kept only if they
/// defend, or if the opponent's block may be a foul.
pub fn generate(st: &mut State, out: &mut Vec<Scored>, guard: bool, no_lone: bool) -> Stage {
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
        if guard && st.board.count(opp, Combo::FourThree) > 0 && guard_moves(st, out) {
            return Stage::Guard;
        }
        out.clear();
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
    let keep_lone = !no_lone || st.board.rule().has_fouls(opp);
    let flex =
        (!st.board.rule().has_fouls(opp)).then(|| st.board.threat_cells(opp, Combo::FlexFour));
    let mut skipped = Vec::new();
    for p in cells {
        let b = &mut st.board;
        let c = b.combo(p, me);
        if c >= Combo::FourThree || (c == Combo::Four && (keep_lone || !lone_four(b, p, me))) {
            out.push(Scored { mv: p, key: 0 });
            continue;
        }
        let lone = c == Combo::Four;
        // Whether he keeps no straight-four point once we are on `p`. A stone of ours only
        // lowers his line patterns, so only his straight-four points can stay, and they are read
        // from the tables; renju Black's classes hang on other cells too: played out.
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
        } else if lone {
            skipped.push(p);
        }
    }
    // Lost anyway: the lone fours still put the loss off.
    if out.is_empty() {
        out.extend(skipped.iter().map(|&p| Scored { mv: p, key: 0 }));
    }
    if out.is_empty() {
        return Stage::Lost(4);
    }
    Stage::Defend
}

/// The moves against the opponent's four-three points (he has some, and no straight-four
/// point): our fours, and the legal cells on the lines of those points after which he has
/// neither a four-three nor a straight-four point. Not exact (a block of his four that makes
/// a four of ours can turn a quiet move into a defence), so nothing is proven from it: false
/// (and `out` left to be refilled) when there are more than [`GUARD_MAX_POINTS`] such points or
/// no such move.
fn guard_moves(st: &mut State, out: &mut Vec<Scored>) -> bool {
    let me = st.board.side_to_move();
    let opp = me.opp();
    let mut points = [Pos::NONE; GUARD_MAX_POINTS];
    let mut n = 0;
    let mut too_many = false;
    st.for_each_candidate(|p| {
        if st.board.combo(p, opp) == Combo::FourThree {
            if n < GUARD_MAX_POINTS {
                points[n] = p;
                n += 1;
            } else {
                too_many = true;
            }
        }
    });
    if too_many || n == 0 {
        return false;
    }
    let mut cells = Vec::with_capacity(32);
    st.for_each_candidate(|p| {
        let b = &st.board;
        if b.combo(p, me) >= Combo::Four
            || points[..n]
                .iter()
                .any(|&q| p.aligned_within(q, GUARD_REACH))
        {
            cells.push(p);
        }
    });
    for p in cells {
        let b = &mut st.board;
        if is_foul(b, p) {
            continue;
        }
        if b.combo(p, me) >= Combo::Four {
            out.push(Scored { mv: p, key: 0 });
            continue;
        }
        b.make(p);
        let ok = b.count(opp, Combo::FourThree) == 0 && b.count_at_least(opp, Combo::FlexFour) == 0;
        b.unmake();
        if ok {
            out.push(Scored { mv: p, key: 0 });
        }
    }
    !out.is_empty()
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
/// cell for both sides break ties within the classes; with `patterns` (feature `porder`), the
/// line patterns of both sides through the cell do; with `near` (feature `near`), the class
/// score of a cell far from the last two moves is halved, and quartered if it is far from the
/// last four as well (farther than [`NEAR_DIST`]); with `policy` (feature `policy`), the
/// ordering table's numbers of both cell codes of the cell are added to its class score.
#[allow(clippy::too_many_arguments)]
pub fn order(
    b: &Board,
    moves: &mut [Scored],
    tt: Pos,
    killers: [Pos; 3],
    history: &[i32],
    values: Option<&CellValues>,
    patterns: bool,
    near: bool,
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
        } else if p == killers[2] {
            MO_KILLER[2]
        } else {
            0
        }
    };
    if let (Some(t), false, false, None) = (policy, near, patterns, values) {
        let t = &t[me.index()];
        for m in moves.iter_mut() {
            let s = base_score(b, m.mv, me, history)
                + t[b.cell_code(m.mv, me)][0]
                + t[b.cell_code(m.mv, opp)][1]
                + bonus(m.mv);
            m.key = (i64::from(s) << 16) - i64::from(m.mv.0);
        }
        return;
    }
    if !near && !patterns && values.is_none() {
        // The default, as a loop of its own.
        for m in moves.iter_mut() {
            let s = base_score(b, m.mv, me, history) + bonus(m.mv);
            m.key = (i64::from(s) << 16) - i64::from(m.mv.0);
        }
        return;
    }
    let mut recent = [Pos::NONE; 4];
    if near {
        for (r, &p) in recent.iter_mut().zip(b.history().iter().rev()) {
            *r = p;
        }
    }
    let far = |p: Pos, k: usize| {
        recent[..k]
            .iter()
            .all(|&q| q.is_none() || p.distance(q) > NEAR_DIST)
    };
    for m in moves.iter_mut() {
        let mut s = if near {
            let class = MO_OWN[b.combo(m.mv, me) as usize] + MO_OPP[b.combo(m.mv, opp) as usize];
            let shift = if !far(m.mv, 2) {
                0
            } else if far(m.mv, 4) {
                2
            } else {
                1
            };
            (class >> shift) + history[m.mv.index()] / MO_HIST_DIV
        } else {
            base_score(b, m.mv, me, history)
        };
        if patterns {
            for d in 0..4 {
                s += MO_PAT_OWN[b.pattern(m.mv, d, me) as usize]
                    + MO_PAT_OPP[b.pattern(m.mv, d, opp) as usize];
            }
        }
        if let Some(v) = values {
            let own = v[me.index()][b.cell_code(m.mv, me)][0];
            let theirs = v[opp.index()][b.cell_code(m.mv, opp)][1];
            s += (own - theirs) * MO_VALUE_MUL;
        }
        if let Some(t) = policy {
            s += t[me.index()][b.cell_code(m.mv, me)][0] + t[me.index()][b.cell_code(m.mv, opp)][1];
        }
        s += bonus(m.mv);
        m.key = (i64::from(s) << 16) - i64::from(m.mv.0);
    }
}

/// Reads an ordering table (written by `examples/policy`): `#` comments; `order` then four
/// pattern names (in any order) and four numbers: Black to move's number for the code as his own
/// cell, as the opponent's cell, then White to move's the same way. Codes not listed are 0.
pub fn parse_order(text: &str) -> Result<Box<CellValues>, String> {
    let codes: Vec<[Pattern; 4]> = crate::rules::combo::code_patterns().collect();
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
        let mut p = [Pattern::Dead; 4];
        for (x, w) in p.iter_mut().zip(&words[1..5]) {
            *x = Pattern::ALL
                .into_iter()
                .find(|q| format!("{q:?}") == *w)
                .ok_or_else(|| bad("pattern name"))?;
        }
        p.sort();
        let code = codes
            .iter()
            .position(|&q| q == p)
            .ok_or_else(|| bad("not a cell code"))?;
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
            let t = super::super::params::order_table(rule);
            assert!(t.iter().flatten().filter(|v| **v != [0, 0]).count() > 100);
        }
    }
}

#[cfg(test)]
mod guard_tests {
    use super::*;
    use crate::board::Dims;
    use crate::rules::Rule;

    /// Black: a three closed by White on one side along a row, and a two on a column that
    /// the same cell turns into an open three: a four-three point at (10, 7); White to move.
    fn four_three_for_black(rule: Rule) -> State {
        let mut b = Board::new(rule, Dims::square(15).unwrap());
        let moves = [
            (7, 7),
            (6, 7),
            (8, 7),
            (1, 1),
            (9, 7),
            (1, 13),
            (10, 5),
            (13, 1),
            (10, 6),
        ];
        for (x, y) in moves {
            b.make(Pos::new(x, y));
        }
        State::new(&b)
    }

    #[test]
    fn a_four_three_point_is_met_only_by_defences_and_fours() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let mut st = four_three_for_black(rule);
            let point = Pos::new(10, 7);
            assert_eq!(st.board.combo(point, Color::Black), Combo::FourThree);
            let mut all = Vec::new();
            assert_eq!(generate(&mut st, &mut all, false, false), Stage::All);
            let mut guarded = Vec::new();
            assert_eq!(generate(&mut st, &mut guarded, true, false), Stage::Guard);
            let cells: Vec<Pos> = guarded.iter().map(|m| m.mv).collect();
            assert!(cells.contains(&point), "{rule:?}: the point itself");
            assert!(
                cells.len() < all.len() / 2,
                "{rule:?}: {} of {}",
                cells.len(),
                all.len()
            );
            for &p in &cells {
                st.board.make(p);
                let left = st.board.count(Color::Black, Combo::FourThree)
                    + st.board.count_at_least(Color::Black, Combo::FlexFour);
                st.board.unmake();
                assert_eq!(left, 0, "{rule:?}: {p:?} leaves a threat");
            }
            // Every defence in the full list was kept.
            for m in &all {
                st.board.make(m.mv);
                let left = st.board.count(Color::Black, Combo::FourThree)
                    + st.board.count_at_least(Color::Black, Combo::FlexFour);
                st.board.unmake();
                if left == 0 {
                    assert!(
                        cells.contains(&m.mv),
                        "{rule:?}: defence {:?} dropped",
                        m.mv
                    );
                }
            }
        }
    }
}
