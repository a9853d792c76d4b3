//! Balancing moves (Yixin-Board's `YXBALANCEONE` / `YXBALANCETWO`): the stone, or the pair of
//! stones (one of each colour, the side to move's first), after which the position is worth the
//! target value to the side to move — 0 for a fair position — as short searches judge it.
//!
//! Every candidate (a stone or a pair) is valued by a search of the position after it, all at the
//! same depth so that their values compare; then the half farthest from the target (three
//! quarters, while there are many) is dropped and the rest searched a ply deeper (successive
//! halving), until one is left, the depth cap is
//! reached or the time is up. The answer is the candidate closest to the target in the deepest
//! round completed. A stop (the protocol's deadline, or `YXSTOP`) ends the current round at once.
//!
//! Values are in the searcher's evaluation units from the side to move's view, a proven win or
//! loss counting as [`opening::value`] makes it.

use crate::board::{Board, Pos};
use crate::opening;
use crate::search::{Limits, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};

/// Candidate stones lie within this many cells (Chebyshev distance) of a stone on the board.
const REACH: usize = 2;
/// Depth of the first round.
const FIRST_DEPTH: u32 = 1;
/// Deepest round.
const MAX_DEPTH: u32 = 24;
/// Rounds of more candidates than this keep a quarter of them (a half otherwise): the first
/// rounds of pairs, over a thousand or more, would take all the time at the second depth.
const WIDE: usize = 32;
/// Rounds keep at least this many candidates (while there are that many), so the last choice is
/// made between close ones searched deeply.
const KEEP: usize = 2;
/// Pairs tried at most before the first stones are narrowed down to [`FIRSTS`].
const PAIRS: usize = 400;
/// First stones kept for pairs when there are too many pairs.
const FIRSTS: usize = 10;
/// Depth of the searches that choose those first stones.
const FIRST_DEPTH_TWO: u32 = 2;
/// Largest target accepted (beyond it the target only means "as good as possible").
pub const MAX_TARGET: i64 = 1_000_000;

/// The balancing stones found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balanced {
    /// The stones in play order (the side to move's first).
    pub stones: Vec<Pos>,
    /// Their value for the side to move, at `depth`.
    pub value: i32,
    /// Depth of the round that chose them (0: no round completed, the first candidate taken).
    pub depth: u32,
    /// Candidates valued in the first round.
    pub candidates: usize,
}

/// The `count` (1 or 2) stones after which `board` is worth closest to `target` to its side to
/// move. Stones in `base.exclude` are not placed (by either side); `base`'s depth limit caps the
/// rounds and its node limit bounds each search. Ends when `stop` is raised, with the best of the rounds completed.
pub fn balance(
    board: &Board,
    count: usize,
    target: i32,
    searcher: &mut Searcher,
    base: &Limits,
    stop: &AtomicBool,
) -> Result<Balanced, String> {
    if !(1..=2).contains(&count) {
        return Err(format!("{count} stones: only 1 or 2"));
    }
    let seqs = sequences(board, count, target, searcher, base, stop);
    let Some(first) = seqs.first().cloned() else {
        return Err(format!("no room for {count} stone(s)"));
    };
    let candidates = seqs.len();
    let mut best = Balanced {
        stones: first,
        value: 0,
        depth: 0,
        candidates,
    };
    let mut live = seqs;
    let cap = base
        .max_depth
        .unwrap_or(MAX_DEPTH)
        .clamp(FIRST_DEPTH, MAX_DEPTH);
    let mut depth = FIRST_DEPTH;
    while depth <= cap {
        let mut scored: Vec<(i32, Vec<Pos>)> = Vec::with_capacity(live.len());
        for s in &live {
            let Some(v) = value_after(board, s, searcher, base, depth, stop) else {
                break;
            };
            scored.push((v, s.clone()));
        }
        if scored.len() < live.len() {
            break;
        }
        // Closest to the target first; ties keep the candidate order (nearest the action).
        scored.sort_by_key(|(v, _)| (i64::from(*v) - i64::from(target)).abs());
        best = Balanced {
            stones: scored[0].1.clone(),
            value: scored[0].0,
            depth,
            candidates,
        };
        if scored.len() == 1 {
            break;
        }
        let n = scored.len();
        let keep = if n > WIDE { n / 4 } else { (n / 2).max(KEEP) }.min(n);
        live = scored.into_iter().take(keep).map(|(_, s)| s).collect();
        depth += 1;
    }
    Ok(best)
}

/// The value for `board`'s side to move after the stones `seq`, searched to `depth`; `None` if
/// the search was stopped.
fn value_after(
    board: &Board,
    seq: &[Pos],
    searcher: &mut Searcher,
    base: &Limits,
    depth: u32,
    stop: &AtomicBool,
) -> Option<i32> {
    if stop.load(Ordering::SeqCst) {
        return None;
    }
    let mut b = board.clone();
    let (last, head) = seq.split_last()?;
    for &p in head {
        b.make(p);
    }
    let mover = b.side_to_move();
    // The last stone wins: the game is over, won by its player.
    let v = if b.is_win_move(*last, mover) {
        opening::value(crate::search::Score::Win(1))
    } else {
        b.make(*last);
        if b.is_full() {
            0
        } else {
            let limits = Limits {
                max_depth: Some(depth),
                max_nodes: base.max_nodes,
                ..Limits::default()
            };
            let r = searcher.search(&b, &limits, stop, &mut |_| {});
            if stop.load(Ordering::SeqCst) {
                return None;
            }
            // The searched side is the opponent of the last stone's player.
            -opening::value(r.info.score)
        }
    };
    // `v` is for the last stone's player: the side to move when it is the first stone's.
    Some(if seq.len() % 2 == 1 { v } else { -v })
}

/// Every sequence of `count` stones to try, the nearest to the stones on the board first. Pairs
/// start only from the [`FIRSTS`] first stones whose own value (searched to [`FIRST_DEPTH_TWO`])
/// is closest to the target, when trying every first stone would make more than [`PAIRS`]
/// pairs: the second stone, the opponent's, then moves the value towards the target.
fn sequences(
    board: &Board,
    count: usize,
    target: i32,
    searcher: &mut Searcher,
    base: &Limits,
    stop: &AtomicBool,
) -> Vec<Vec<Pos>> {
    let mut b = board.clone();
    let exclude = &base.exclude;
    let mut firsts = candidates(&mut b, exclude, true);
    if count == 1 {
        return firsts.into_iter().map(|p| vec![p]).collect();
    }
    let me = b.side_to_move();
    // A first stone that wins leaves no second one.
    firsts.retain(|&p| !b.is_win_move(p, me));
    let mut out = Vec::new();
    let per_first = |b: &mut Board, p: Pos| -> Vec<Pos> {
        b.make(p);
        let c = candidates(b, exclude, false);
        b.unmake();
        c
    };
    let seconds = firsts.first().map_or(0, |&p| per_first(&mut b, p).len());
    if firsts.len() * seconds > PAIRS {
        let mut ranked: Vec<(i64, Pos)> = Vec::new();
        for &p in &firsts {
            match value_after(board, &[p], searcher, base, FIRST_DEPTH_TWO, stop) {
                Some(v) => ranked.push(((i64::from(v) - i64::from(target)).abs(), p)),
                None => break,
            }
        }
        // Stopped: the ones not valued keep their order, after the valued ones.
        let rest: Vec<Pos> = firsts[ranked.len()..].to_vec();
        ranked.sort_by_key(|&(d, _)| d);
        firsts = ranked.into_iter().map(|(_, p)| p).chain(rest).collect();
        firsts.truncate(FIRSTS);
    }
    for p in firsts {
        for q in per_first(&mut b, p) {
            out.push(vec![p, q]);
        }
    }
    out
}

/// The cells the side to move may play near the stones (on an empty board: one cell of each
/// class under the board's symmetries, when `symmetric`), not in `exclude`, nearest the
/// stones' centre first.
fn candidates(b: &mut Board, exclude: &[Pos], symmetric: bool) -> Vec<Pos> {
    let d = b.dims();
    let me = b.side_to_move();
    let stones: Vec<Pos> = d.cells().filter(|&p| !b.is_empty(p)).collect();
    let mut cells: Vec<Pos> = d
        .cells()
        .filter(|&p| b.is_empty(p) && !exclude.contains(&p))
        .filter(|&p| {
            if stones.is_empty() {
                // Rows and columns past the middle mirror those before it; on a square board so
                // does the diagonal.
                let (x, y) = (p.x(), p.y());
                !symmetric || (x <= (d.w - 1) / 2 && y <= (d.h - 1) / 2 && (d.w != d.h || x <= y))
            } else {
                stones.iter().any(|&s| s.distance(p) <= REACH)
            }
        })
        .collect();
    cells.retain(|&p| b.is_legal_for(p, me));
    let c = d.centre();
    cells.sort_by_key(|&p| (p.distance(c), p.0));
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position as position;
    use crate::rules::Rule;

    fn depth_limited(depth: u32) -> Limits {
        Limits {
            max_depth: Some(depth),
            max_nodes: Some(50_000),
            ..Limits::default()
        }
    }

    #[test]
    fn the_empty_board_is_tried_once_per_symmetry_class() {
        let mut b = position(Rule::Freestyle, "");
        let c = candidates(&mut b, &[], true);
        // 15x15: x <= y <= 7 gives 8 * 9 / 2 cells.
        assert_eq!(c.len(), 36);
        assert_eq!(c[0], Pos::new(7, 7));
        assert_eq!(candidates(&mut b, &[], false).len(), 225);
    }

    #[test]
    fn pairs_are_distinct_legal_and_not_excluded() {
        let b = position(Rule::Freestyle, "h8i9g7");
        let ex = [Pos::new(7, 8)];
        let base = Limits {
            exclude: ex.to_vec(),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let seqs = sequences(&b, 2, 0, &mut Searcher::new(), &base, &stop);
        assert!(seqs.len() <= PAIRS.max(FIRSTS * 50), "{}", seqs.len());
        assert!(!seqs.is_empty());
        for s in &seqs {
            assert_eq!(s.len(), 2);
            assert!(s[0] != s[1] && b.is_empty(s[0]) && b.is_empty(s[1]));
            assert!(!s.contains(&ex[0]));
        }
    }

    #[test]
    fn a_renju_foul_is_never_a_candidate() {
        // Black to move; 7,7 is a double three.
        let b = position(Rule::Renju, "i8a1j8o1h9a15h10o15");
        let foul = Pos::new(7, 7);
        assert!(b.clone().is_forbidden(foul).is_some());
        let stop = AtomicBool::new(false);
        let seqs = sequences(&b, 1, 0, &mut Searcher::new(), &Limits::default(), &stop);
        assert!(seqs.iter().all(|s| s[0] != foul));
    }

    #[test]
    fn the_target_decides_the_stone() {
        // White to move after h8 i9 g7 (Black's advantage): a fair answer is a sane defence,
        // a very good one for White is not to be had, and asking for a loss gives one.
        let b = position(Rule::Freestyle, "h8i9g7");
        let stop = AtomicBool::new(false);
        let mut s = Searcher::new();
        let fair = balance(&b, 1, 0, &mut s, &depth_limited(3), &stop).unwrap();
        let lose = balance(&b, 1, -5_000, &mut s, &depth_limited(3), &stop).unwrap();
        assert_eq!(fair.stones.len(), 1);
        assert!(fair.depth >= 2, "{fair:?}");
        assert!(
            lose.value < fair.value,
            "a lower target gives a lower value: {fair:?} {lose:?}"
        );
        assert!(
            (fair.value).abs() <= (lose.value).abs(),
            "{fair:?} {lose:?}"
        );
    }

    #[test]
    fn a_stop_before_the_first_round_still_answers_a_candidate() {
        let b = position(Rule::Freestyle, "h8i9g7");
        let stop = AtomicBool::new(true);
        let r = balance(&b, 2, 0, &mut Searcher::new(), &Limits::default(), &stop).unwrap();
        assert_eq!(r.depth, 0);
        assert_eq!(r.stones.len(), 2);
        assert!(b.is_empty(r.stones[0]) && b.is_empty(r.stones[1]));
    }
}
