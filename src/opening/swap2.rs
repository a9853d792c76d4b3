//! Swap2 decisions (Gomocup's `SWAP2BOARD`, Yixin-Board's `yxswap2step1..3`): which three
//! stones to propose, whether to swap, stay or add two stones, and which colour to take after
//! five — decided by short searches of each option, so the choice follows the evaluation rather
//! than a list of known openings.
//!
//! All scores are from the side to move's view; after 3 or 5 stones that is White.

use super::{fresh_seed, Prober, BALANCE, PROPOSALS};
use crate::board::{Board, Pos};
use crate::search::{Limits, Searcher};
use rand::{rngs::StdRng, seq::SliceRandom, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Fifth-stone candidates probed when adding two stones.
const FIFTH: usize = 4;

/// The answer to `SWAP2BOARD`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// Take the other colour (`SWAP`).
    Swap,
    /// Place these stones (1, 2 or 3 of them, in move order).
    Stones(Vec<Pos>),
}

impl std::fmt::Display for Swap2Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Swap2Answer::Swap => write!(f, "SWAP"),
            Swap2Answer::Stones(s) => {
                let cells: Vec<String> = s.iter().map(|p| format!("{},{}", p.x(), p.y())).collect();
                write!(f, "{}", cells.join(" "))
            }
        }
    }
}

/// Decides the `SWAP2BOARD` answer for `board` (0, 3 or 5 stones, in move order) within
/// `budget`; `base` carries the depth and node limits.
pub fn swap2(
    board: &Board,
    searcher: &mut Searcher,
    base: &Limits,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<Swap2Answer, String> {
    let probes = match board.stone_count() {
        0 => PROPOSALS,
        3 => 2 + 2 * FIFTH,
        5 => 1,
        n => return Err(format!("{n} stones, expected 0, 3 or 5")),
    };
    let mut pr = Prober::new(searcher, base, budget / probes as u32, stop);
    match board.stone_count() {
        0 => propose(board, &mut pr),
        3 => Ok(after_three(board, &mut pr)),
        _ => Ok(after_five(board, &mut pr)),
    }
}

/// Three stones (Black, White, Black) near the centre whose value for White is closest to zero:
/// the first on the centre (on the allowed cell nearest it when the centre is not allowed).
fn propose(board: &Board, pr: &mut Prober) -> Result<Swap2Answer, String> {
    let d = board.dims();
    let centre = d.centre();
    let c = d
        .cells()
        .filter(|&p| pr.allowed(p))
        .min_by_key(|&p| p.distance(centre))
        .ok_or("every cell is blocked")?;
    let (cx, cy) = (c.x() as i64, c.y() as i64);
    let near = |r: i64| -> Vec<Pos> {
        let mut v = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                if let Some(p) = d.pos(cx + dx, cy + dy) {
                    if p != c && pr.allowed(p) {
                        v.push(p);
                    }
                }
            }
        }
        v
    };
    let mut options: Vec<(Pos, Pos)> = Vec::new();
    for w in near(1) {
        for b in near(2) {
            if b != w {
                options.push((w, b));
            }
        }
    }
    options.shuffle(&mut StdRng::seed_from_u64(fresh_seed()));
    let mut best: Option<(i32, [Pos; 3])> = None;
    for &(w, b) in options.iter().take(PROPOSALS) {
        let mut pos = board.clone();
        for p in [c, w, b] {
            pos.make(p);
        }
        let (_, v) = pr.probe(&pos, &[]);
        if best.is_none_or(|(bv, _)| v.abs() < bv.abs()) {
            best = Some((v, [c, w, b]));
        }
    }
    best.map(|(_, s)| Swap2Answer::Stones(s.to_vec()))
        .ok_or_else(|| "no room for an opening".into())
}

/// After three stones we are White: swap if White is worse, stay and move if White is better,
/// otherwise add a fourth and fifth stone that keep the position balanced.
fn after_three(board: &Board, pr: &mut Prober) -> Swap2Answer {
    let (w4, v) = pr.probe_own(board, &[]);
    if w4.is_none() || v < -BALANCE {
        return Swap2Answer::Swap;
    }
    if v > BALANCE {
        return Swap2Answer::Stones(vec![w4]);
    }
    let mut pos = board.clone();
    pos.make(w4);
    let mut tried = Vec::new();
    let mut best: Option<(i32, Pos)> = None;
    for _ in 0..FIFTH {
        let (b5, _) = pr.probe_own(&pos, &tried);
        if b5.is_none() || !pos.is_empty(b5) {
            break;
        }
        tried.push(b5);
        pos.make(b5);
        let (_, v5) = pr.probe(&pos, &[]);
        pos.unmake();
        if best.is_none_or(|(bv, _)| v5.abs() < bv.abs()) {
            best = Some((v5, b5));
        }
    }
    match best {
        Some((_, b5)) => Swap2Answer::Stones(vec![w4, b5]),
        None => Swap2Answer::Stones(vec![w4]),
    }
}

/// After five stones we choose: play White's sixth stone if White is not worse, else swap.
fn after_five(board: &Board, pr: &mut Prober) -> Swap2Answer {
    let (w6, v) = pr.probe_own(board, &[]);
    if w6.is_none() || v < 0 {
        Swap2Answer::Swap
    } else {
        Swap2Answer::Stones(vec![w6])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::rules::Rule;

    fn run(stones: &[(usize, usize)]) -> Swap2Answer {
        let mut b = Board::new(Rule::Freestyle, Dims::square(15).unwrap());
        for &(x, y) in stones {
            b.make(Pos::new(x, y));
        }
        let stop = AtomicBool::new(false);
        swap2(
            &b,
            &mut Searcher::new(),
            &Limits::default(),
            Duration::from_millis(50),
            &stop,
        )
        .unwrap()
    }

    #[test]
    fn proposes_three_distinct_stones_near_the_centre() {
        match run(&[]) {
            Swap2Answer::Stones(s) => {
                assert_eq!(s.len(), 3);
                assert_eq!(s[0], Pos::new(7, 7));
                assert!(s[1] != s[2] && s[1] != s[0] && s[2] != s[0]);
                assert!(s.iter().all(|p| p.distance(Pos::new(7, 7)) <= 2));
            }
            a => panic!("expected stones, got {a}"),
        }
    }

    #[test]
    fn the_proposal_keeps_off_excluded_cells() {
        let b = Board::new(Rule::Freestyle, Dims::square(15).unwrap());
        let centre: Vec<Pos> = b
            .dims()
            .cells()
            .filter(|p| p.distance(Pos::new(7, 7)) <= 1)
            .collect();
        let limits = Limits {
            exclude: centre.clone(),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let a = swap2(
            &b,
            &mut Searcher::new(),
            &limits,
            Duration::from_millis(50),
            &stop,
        );
        match a {
            Ok(Swap2Answer::Stones(s)) => {
                assert_eq!(s.len(), 3);
                assert!(s.iter().all(|p| !centre.contains(p)), "{s:?}");
                // The first on an allowed cell nearest the centre.
                assert_eq!(s[0].distance(Pos::new(7, 7)), 2, "{s:?}");
            }
            a => panic!("expected stones, got {a:?}"),
        }
    }

    #[test]
    fn answers_with_legal_stones_after_three_and_five() {
        let three = [(7, 7), (8, 7), (7, 9)];
        for stones in [&three[..], &[(7, 7), (8, 7), (7, 9), (9, 9), (6, 6)][..]] {
            let mut b = Board::new(Rule::Freestyle, Dims::square(15).unwrap());
            for &(x, y) in stones {
                b.make(Pos::new(x, y));
            }
            if let Swap2Answer::Stones(s) = run(stones) {
                assert!(!s.is_empty() && s.len() <= 2);
                for p in s {
                    assert!(b.is_empty(p));
                    b.make(p);
                }
            }
        }
    }

    #[test]
    fn answers_format() {
        assert_eq!(
            Swap2Answer::Stones(vec![Pos::new(1, 2), Pos::new(3, 4)]).to_string(),
            "1,2 3,4"
        );
        assert_eq!(Swap2Answer::Swap.to_string(), "SWAP");
    }
}
