//! Defending against the opponent's threat (Yixin-Board's `YXSEARCHDEFEND`): which moves of the
//! side to move still hold when the opponent has a winning threat sequence, decided by the threat
//! solvers.
//!
//! First the threat: the opponent's proven win (VCF, else VCT) if the side to move passed. With
//! none found there is nothing to defend. Otherwise the candidates are, for a VCF threat, exactly
//! the moves that break its line ([`defences`]; a move that leaves the line intact loses to it);
//! for a VCT threat, every legal move near the stones and every four of the side to move (a
//! counter-four may be anywhere). Each candidate is then checked for an opponent win after it
//! (VCF or VCT): found = the move loses (proven), not found = it holds as far as the solvers can
//! see in the time given. Candidates are checked nearest the threat's first move first; those the
//! time did not reach are reported unchecked.

use crate::board::{Board, Pos};
use crate::clock::Instant;
use crate::search::Searcher;
use crate::threat::defence::defences;
use crate::threat::four_moves;
use crate::threat::verify::replay_vcf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Against a VCT threat, candidate moves lie within this many cells (Chebyshev distance) of a
/// stone (besides fours, which may be anywhere).
const REACH: usize = 3;
/// Share of the time spent looking for the threat (1/n).
const THREAT_SHARE: u32 = 4;
/// A candidate check gets at least this many milliseconds (fewer: the candidate stays
/// unchecked).
const MIN_CHECK_MS: u64 = 2;

/// What [`defend`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Defence {
    /// The opponent's winning line if the side to move passed (opponent first); `None`: no
    /// threat found, so no move needs to defend.
    pub threat: Option<Vec<Pos>>,
    /// Whether the threat is a VCF: then every move but the candidates (those that break its
    /// line) loses to it, proven.
    pub vcf: bool,
    /// Moves after which the solvers found no win of the opponent, in the order checked.
    pub holding: Vec<Pos>,
    /// Moves after which the opponent has a proven win.
    pub losing: Vec<Pos>,
    /// Candidates the time did not reach.
    pub unchecked: Vec<Pos>,
}

/// Which moves of `board`'s side to move defend against the opponent's threat, within `budget`
/// (a stop ends the checks; the rest stay unchecked). Moves in `exclude` are not considered.
pub fn defend(
    board: &Board,
    searcher: &mut Searcher,
    exclude: &[Pos],
    budget: Duration,
    stop: &AtomicBool,
) -> Defence {
    let start = Instant::now();
    let mut b = board.clone();
    b.pass();
    let threat_ms = (budget / THREAT_SHARE).as_millis() as u64;
    let threat = searcher.proven_win(&b, threat_ms);
    let vcf = threat
        .as_ref()
        .is_some_and(|l| replay_vcf(&mut b, l).is_ok());
    b.unmake();
    let Some(line) = threat else {
        return Defence::default();
    };
    let me = b.side_to_move();
    let mut cand = if vcf {
        defences(&mut b, &line).to_vec()
    } else {
        let stones: Vec<Pos> = b.dims().cells().filter(|&p| !b.is_empty(p)).collect();
        let mut c: Vec<Pos> = b
            .dims()
            .cells()
            .filter(|&p| b.is_empty(p) && stones.iter().any(|&s| s.distance(p) <= REACH))
            .collect();
        c.retain(|&p| b.is_legal_for(p, me));
        for p in four_moves(&mut b, me) {
            if !c.contains(&p) {
                c.push(p);
            }
        }
        c
    };
    cand.retain(|p| !exclude.contains(p));
    let focus = line[0];
    cand.sort_by_key(|&p| (p.distance(focus), p.0));
    let mut d = Defence {
        threat: Some(line),
        vcf,
        ..Defence::default()
    };
    for (i, &p) in cand.iter().enumerate() {
        let left = budget.saturating_sub(start.elapsed()).as_millis() as u64;
        let ms = left / (cand.len() - i) as u64;
        if stop.load(Ordering::SeqCst) || ms < MIN_CHECK_MS {
            d.unchecked.extend_from_slice(&cand[i..]);
            break;
        }
        if searcher.refuted(board, p, ms) {
            d.losing.push(p);
        } else if stop.load(Ordering::SeqCst) {
            d.unchecked.extend_from_slice(&cand[i..]);
            break;
        } else {
            d.holding.push(p);
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::{parse_moves, test_position as position};
    use crate::rules::Rule;

    fn run(b: &Board, exclude: &[Pos]) -> Defence {
        let stop = AtomicBool::new(false);
        defend(
            b,
            &mut Searcher::new(),
            exclude,
            Duration::from_secs(4),
            &stop,
        )
    }

    #[test]
    fn an_open_three_is_held_only_by_blocking_it() {
        // White's h8 i8 j8 is an open three (g8 and k8 free); Black, to move, has i7 and i9
        // above and below it and g10 (the search finds Black fine after g8).
        let b = position(Rule::Freestyle, "i7h8i9i8g10j8");
        let d = run(&b, &[]);
        assert!(d.threat.is_some());
        assert!(d.unchecked.is_empty(), "{d:?}");
        let cell = |s: &str| parse_moves(s, b.dims()).unwrap()[0];
        let mut holding = d.holding.clone();
        holding.sort();
        let mut blocks = vec![cell("g8"), cell("k8")];
        blocks.sort();
        assert_eq!(holding, blocks, "{d:?}");
        // Blocking one cell further out does not hold.
        assert!(d.losing.contains(&cell("l8")), "{d:?}");
        // Excluded moves are neither.
        let d = run(&b, &[cell("g8")]);
        assert!(!d.holding.contains(&cell("g8")) && !d.losing.contains(&cell("g8")));
    }

    #[test]
    fn a_four_has_one_defence() {
        // White h8 i8 j8 k8 with g8 taken by Black: l8 is the only block.
        let b = position(Rule::Freestyle, "g8h8a1i8o1j8a15k8");
        let d = run(&b, &[]);
        let l8 = parse_moves("l8", b.dims()).unwrap()[0];
        assert_eq!(d.holding, vec![l8], "{d:?}");
    }

    #[test]
    fn nothing_to_defend_without_a_threat() {
        let b = position(Rule::Freestyle, "h8i9");
        assert_eq!(run(&b, &[]), Defence::default());
    }
}
