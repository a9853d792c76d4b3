//! Renju opening decisions under the RIF rules and their successors: the tentative Black's
//! canonical opening (and, in Yamaguchi, the number of fifth moves it will offer), the tentative
//! White's swap, White's fourth move (and, in Soosõrv-8, the number N of offers), Black's second
//! swap (Soosõrv-8), Black's N offers, and White's choice among them.
//!
//! The rules differ only in who fixes N and whether Black may swap after move 4; every decision
//! is made by probing searches. The core is the *fifth-move ranking*: Black's best fifth moves,
//! no two symmetric in the position, with their values. If White will take the offer worst for
//! Black, N offers are worth what the N-th best fifth move is worth, so a player who may still be
//! swapped wants that value near zero, and one who keeps its colour wants it in its favour.

use super::{at_common_depth, fresh_seed, Budget, Prober, PROPOSALS};
use crate::board::rif;
use crate::board::symmetry::{orbit, Symmetry};
use crate::board::{Board, Pos};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// Most fifth moves any rule offers (Soosõrv-8).
pub const MAX_OFFERS: usize = 8;
/// White's fourth moves compared when choosing one.
const FOURTHS: usize = 3;

/// Which renju opening rule is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenjuRule {
    /// RIF classic: two offers, no second swap.
    Rif,
    /// Yamaguchi: the tentative Black declares N with the opening; no second swap.
    Yamaguchi,
    /// Soosõrv-8: White declares N (1 to 8) with move 4; Black may swap again.
    Soosorv8,
}

impl RenjuRule {
    /// The rule named `s` (`rif`, `yamaguchi`, `soosorv8`), if any.
    pub fn parse(s: &str) -> Option<RenjuRule> {
        match s.to_ascii_lowercase().as_str() {
            "rif" => Some(RenjuRule::Rif),
            "yamaguchi" => Some(RenjuRule::Yamaguchi),
            "soosorv8" | "soosorv" | "soosorv-8" => Some(RenjuRule::Soosorv8),
            _ => None,
        }
    }
}

/// The tentative Black's opening: three stones of one of the 26 canonical openings, turned at
/// random, whose value for White to move is closest to zero among [`PROPOSALS`] tried (White
/// may swap). `with_n` (Yamaguchi) also declares the number of offers: the N after White's best
/// fourth move whose N-th best fifth move is worth closest to zero.
pub fn open(board: &Board, with_n: bool, budget: Budget) -> Result<([Pos; 3], usize), String> {
    if board.stone_count() != 0 {
        return Err(format!("{} stones, expected 0", board.stone_count()));
    }
    let dims = board.dims();
    let all = rif::canonical();
    let probes = PROPOSALS + if with_n { 1 + MAX_OFFERS } else { 0 };
    let budget_blocks = !budget.base.exclude.is_empty();
    let mut pr = Prober::share(budget, probes);
    let mut rng = StdRng::seed_from_u64(fresh_seed());
    let syms = Symmetry::of(dims);
    let mut best: Option<(i32, [Pos; 3])> = None;
    let mut tried: Vec<usize> = Vec::new();
    while tried.len() < PROPOSALS.min(all.len()) {
        let i = rng.gen_range(0..all.len());
        if tried.contains(&i) {
            continue;
        }
        tried.push(i);
        // A turn at random; the next ones if it puts a stone on a cell not allowed.
        let first = rng.gen_range(0..syms.len());
        let turned = (0..syms.len()).find_map(|k| {
            let sym = syms[(first + k) % syms.len()];
            rif::place(&all[i], dims, sym).filter(|c| c.iter().all(|&p| pr.allowed(p)))
        });
        let Some(cells) = turned else {
            continue;
        };
        let mut pos = board.clone();
        for p in cells {
            pos.make(p);
        }
        let (_, v) = pr.probe(&pos, &[]);
        if best.is_none_or(|(bv, _)| v.abs() < bv.abs()) {
            best = Some((v, cells));
        }
    }
    let (_, cells) = best.ok_or(if budget_blocks {
        "no renju opening avoids the blocked cells"
    } else {
        "the board is too small for a renju opening"
    })?;
    if !with_n {
        return Ok((cells, 2));
    }
    let mut pos = board.clone();
    for p in cells {
        pos.make(p);
    }
    let (w4, _) = pr.probe(&pos, &[]);
    if w4.is_none() || !pos.is_empty(w4) {
        return Ok((cells, 2));
    }
    pos.make(w4);
    let ranking = fifth_ranking(&mut pos, MAX_OFFERS, &mut pr, false);
    Ok((cells, balanced_n(&ranking).0))
}

/// The tentative White's swap after three stones: whether to take Black (the position is worth
/// less than zero to White to move).
pub fn swap_after_three(board: &Board, budget: Budget) -> Result<bool, String> {
    expect_stones(board, 3)?;
    let mut pr = Prober::share(budget, 1);
    let (_, v) = pr.probe(board, &[]);
    Ok(v < 0)
}

/// White's fourth move and the number of fifth-move offers. `fixed_n` is the N already agreed
/// (RIF: 2; Yamaguchi: Black's), else White chooses it (Soosõrv-8, 1 to [`MAX_OFFERS`]).
/// White compares its [`FOURTHS`] best fourth moves (no two symmetric): with N chosen, it wants
/// the N-th best fifth move worth closest to zero (Black may swap after seeing it); with N
/// fixed, it wants it worth least to Black.
pub fn fourth_move(
    board: &Board,
    fixed_n: Option<usize>,
    budget: Budget,
) -> Result<(Pos, usize), String> {
    expect_stones(board, 3)?;
    let k = fixed_n.unwrap_or(MAX_OFFERS).clamp(1, MAX_OFFERS);
    let mut pr = Prober::share(budget, FOURTHS * (1 + k));
    let mut pos = board.clone();
    let mut exclude: Vec<Pos> = Vec::new();
    let mut best: Option<(i32, Pos, usize)> = None;
    for _ in 0..FOURTHS {
        let (w4, _) = pr.probe_own(&pos, &exclude);
        if w4.is_none() || !pos.is_empty(w4) || exclude.contains(&w4) || !pr.allowed(w4) {
            break;
        }
        exclude.extend(orbit(&pos, w4));
        pos.make(w4);
        let ranking = fifth_ranking(&mut pos, k, &mut pr, false);
        pos.unmake();
        let (n, cost) = match fixed_n {
            None => {
                let (n, v) = balanced_n(&ranking);
                (n, v.abs())
            }
            Some(n) => (n, nth_value(&ranking, n)),
        };
        if best.is_none_or(|(bc, _, _)| cost < bc) {
            best = Some((cost, w4, n));
        }
    }
    match best {
        Some((_, w4, n)) => Ok((w4, n)),
        None => Err("no fourth move".into()),
    }
}

/// Black's second swap in Soosõrv-8, seeing move 4 and N: whether to give Black away (the N-th
/// best fifth move is worth less than zero to Black).
pub fn swap_after_four(board: &Board, n: usize, budget: Budget) -> Result<bool, String> {
    expect_stones(board, 4)?;
    let n = n.clamp(1, MAX_OFFERS);
    let mut pr = Prober::share(budget, n);
    let mut pos = board.clone();
    let ranking = fifth_ranking(&mut pos, n, &mut pr, false);
    Ok(nth_value(&ranking, n) < 0)
}

/// Black's N fifth-move offers: its N best fifth moves, no two symmetric in the position and none
/// a foul, best first (White will take the one worst for Black). Fewer only if the board has no
/// more such cells.
pub fn offers(board: &Board, n: usize, budget: Budget) -> Result<Vec<Pos>, String> {
    expect_stones(board, 4)?;
    let n = n.clamp(1, MAX_OFFERS);
    let mut pr = Prober::share(budget, n);
    let mut pos = board.clone();
    let mut cells: Vec<Pos> = fifth_ranking(&mut pos, n, &mut pr, true)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    fill_offers(&mut pos, &mut cells, n, &|p| pr.allowed(p));
    if cells.is_empty() {
        return Err("no fifth move to offer".into());
    }
    Ok(cells)
}

/// Checks Black's fifth-move offers as given for White's choice (by a GUI or a person): 1 to
/// [`MAX_OFFERS`] of them, each on an empty cell of the four-stone position, no cell twice.
/// Offers are named by their place in the list, whatever notation they came in.
pub fn check_offers(board: &Board, offered: &[Pos]) -> Result<(), String> {
    if !(1..=MAX_OFFERS).contains(&offered.len()) {
        return Err(format!(
            "{} offers, expected 1 to {MAX_OFFERS}",
            offered.len()
        ));
    }
    for (i, &p) in offered.iter().enumerate() {
        if let Some(j) = offered[..i].iter().position(|&q| q == p) {
            return Err(format!("offers {} and {} are the same cell", j + 1, i + 1));
        }
        if !board.dims().contains(p.x() as i64, p.y() as i64) || !board.is_empty(p) {
            return Err(format!("offer {} is not an empty cell", i + 1));
        }
    }
    Ok(())
}

/// White's choice among Black's offers ([`check_offers`]): the one after which White to move is
/// best off.
pub fn choose(board: &Board, offered: &[Pos], budget: Budget) -> Result<Pos, String> {
    let ranked = rank_offers(board, offered, budget)?;
    Ok(ranked[0].0)
}

/// Black's legal offers with White's value after each (White to move), best for White first.
/// Values are compared at the deepest depth the searches of all offers completed. With more than
/// two offers the time is raced: half of it over all offers, the other half over the two that
/// came out best for White, whose order decides.
pub fn rank_offers(
    board: &Board,
    offered: &[Pos],
    budget: Budget,
) -> Result<Vec<(Pos, i32)>, String> {
    expect_stones(board, 4)?;
    check_offers(board, offered)?;
    let mut pos = board.clone();
    let mut legal: Vec<Pos> = Vec::new();
    for &p in offered {
        if pos.is_empty(p) && pos.is_forbidden(p).is_none() && !legal.contains(&p) {
            legal.push(p);
        }
    }
    if legal.is_empty() {
        return Err("no legal offer to choose".into());
    }
    let n = legal.len();
    let mut pr = Prober::share(budget, 1);
    let first = if n > 2 {
        0.5 / n as f64
    } else {
        1.0 / n as f64
    };
    let mut runs: Vec<Vec<(u32, i32)>> = Vec::new();
    for &p in &legal {
        pos.make(p);
        runs.push(pr.depth_values(&pos, first));
        pos.unmake();
    }
    let mut ranked: Vec<(Pos, i32)> = legal.into_iter().zip(at_common_depth(&runs)).collect();
    ranked.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    if n > 2 {
        let mut again: Vec<Vec<(u32, i32)>> = Vec::new();
        for entry in ranked.iter().take(2) {
            pos.make(entry.0);
            again.push(pr.depth_values(&pos, 0.25));
            pos.unmake();
        }
        for (entry, v) in ranked.iter_mut().zip(at_common_depth(&again)) {
            entry.1 = v;
        }
        ranked[..2].sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    }
    Ok(ranked)
}

fn expect_stones(board: &Board, n: usize) -> Result<(), String> {
    if board.stone_count() == n && board.history().len() == n {
        Ok(())
    } else {
        Err(format!("{} stones, expected {n}", board.stone_count()))
    }
}

/// Black's best fifth moves in `board` (Black to move), at most `k`, with Black's value of each:
/// each probe excludes the moves found so far and every cell symmetric to them, and skips fouls.
/// `own`: they are the deciding player's offers, so the cells it may not use are left out.
fn fifth_ranking(board: &mut Board, k: usize, pr: &mut Prober, own: bool) -> Vec<(Pos, i32)> {
    let mut exclude: Vec<Pos> = Vec::new();
    let mut out: Vec<(Pos, i32)> = Vec::new();
    let mut tries = 0;
    while out.len() < k && tries < k + 4 {
        tries += 1;
        let (p, v) = if own {
            pr.probe_own(board, &exclude)
        } else {
            pr.probe(board, &exclude)
        };
        if p.is_none() || !board.is_empty(p) || exclude.contains(&p) || (own && !pr.allowed(p)) {
            break;
        }
        if board.is_forbidden(p).is_some() {
            exclude.push(p);
            continue;
        }
        out.push((p, v));
        exclude.extend(orbit(board, p));
    }
    out
}

/// The value of the `n`-th entry of a ranking (the last one if it is shorter; a loss for Black
/// if it is empty).
fn nth_value(ranking: &[(Pos, i32)], n: usize) -> i32 {
    ranking
        .get(n.max(1) - 1)
        .or(ranking.last())
        .map_or(-super::WIN_VALUE, |&(_, v)| v)
}

/// The N (1 to the ranking's length) whose N-th value is closest to zero, and that value.
fn balanced_n(ranking: &[(Pos, i32)]) -> (usize, i32) {
    (1..=ranking.len().max(1))
        .map(|n| (n, nth_value(ranking, n)))
        .min_by_key(|&(n, v)| (v.abs(), n))
        .expect("at least one N")
}

/// Adds offers to `cells` until it has `n`: the empty, legal, `allowed` cells nearest the stones,
/// none symmetric to an offer already made.
fn fill_offers(board: &mut Board, cells: &mut Vec<Pos>, n: usize, allowed: &dyn Fn(Pos) -> bool) {
    if cells.len() >= n {
        return;
    }
    let dims = board.dims();
    let stones: Vec<Pos> = dims.cells().filter(|&p| !board.is_empty(p)).collect();
    let mut empty: Vec<Pos> = dims.cells().filter(|&p| board.is_empty(p)).collect();
    empty.sort_by_key(|&p| stones.iter().map(|&s| s.distance(p)).min().unwrap_or(0));
    for p in empty {
        if cells.len() >= n {
            break;
        }
        let taken = orbit(board, p).iter().any(|q| cells.contains(q));
        if !taken && allowed(p) && board.is_forbidden(p).is_none() {
            cells.push(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_moves;
    use crate::board::symmetry::equivalent;
    use crate::board::Dims;
    use crate::rules::Rule;
    use crate::search::{Limits, Searcher};
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    fn board(moves: &str) -> Board {
        let dims = Dims::square(15).unwrap();
        let mut b = Board::new(Rule::Renju, dims);
        for p in parse_moves(moves, dims).unwrap() {
            b.make(p);
        }
        b
    }

    fn with_budget<R>(ms: u64, f: impl FnOnce(Budget) -> R) -> R {
        let mut s = Searcher::new();
        let limits = Limits::default();
        let stop = AtomicBool::new(false);
        f(Budget {
            searcher: &mut s,
            base: &limits,
            time: Duration::from_millis(ms),
            stop: &stop,
        })
    }

    #[test]
    fn the_players_own_stones_keep_off_excluded_cells() {
        let b = board("h8h7i9g6");
        let near: Vec<Pos> = b
            .dims()
            .cells()
            .filter(|&p| b.is_empty(p) && p.distance(Pos::new(7, 7)) <= 3)
            .collect();
        let limits = Limits {
            exclude: near.clone(),
            ..Limits::default()
        };
        let mut s = Searcher::new();
        let stop = AtomicBool::new(false);
        fn budget<'a>(s: &'a mut Searcher, base: &'a Limits, stop: &'a AtomicBool) -> Budget<'a> {
            Budget {
                searcher: s,
                base,
                time: Duration::from_millis(200),
                stop,
            }
        }
        let cells = offers(&b, 4, budget(&mut s, &limits, &stop)).unwrap();
        assert_eq!(cells.len(), 4);
        assert!(cells.iter().all(|p| !near.contains(p)), "{cells:?}");
        let three = board("h8h7i9");
        let (w4, _) = fourth_move(&three, Some(2), budget(&mut s, &limits, &stop)).unwrap();
        assert!(!near.contains(&w4), "{w4:?}");
        // The choice is among the opponent's offers, blocked or not.
        let c = choose(&b, &near[..2], budget(&mut s, &limits, &stop)).unwrap();
        assert!(near[..2].contains(&c));
    }

    #[test]
    fn offers_are_checked() {
        let b = board("h8h7i9g6");
        let (a, c) = (Pos::new(0, 0), Pos::new(1, 0));
        assert_eq!(check_offers(&b, &[a, c]), Ok(()));
        assert!(check_offers(&b, &[]).is_err());
        assert!(check_offers(&b, &[a; 9])
            .unwrap_err()
            .starts_with("9 offers"));
        assert_eq!(
            check_offers(&b, &[a, c, a]),
            Err("offers 1 and 3 are the same cell".into())
        );
        assert_eq!(
            check_offers(&b, &[a, Pos::new(7, 7)]),
            Err("offer 2 is not an empty cell".into())
        );
    }

    #[test]
    fn openings_are_canonical() {
        let b = board("");
        for with_n in [false, true] {
            let (cells, n) = with_budget(200, |bu| open(&b, with_n, bu)).unwrap();
            assert!(rif::classify(&cells, b.dims()).is_some(), "{cells:?}");
            assert!((1..=MAX_OFFERS).contains(&n));
            if !with_n {
                assert_eq!(n, 2);
            }
        }
        assert!(with_budget(50, |bu| open(&board("h8"), false, bu)).is_err());
    }

    #[test]
    fn offers_are_legal_distinct_and_not_symmetric() {
        // The first keeps the mirror in the h column (all four stones on it), the second the
        // diagonal through h8 and i7; the third has no symmetry and asks for eight.
        for (moves, n) in [("h8h7h9h6", 5), ("h8i7j6g9", 4), ("h8h7i9g6", 8)] {
            let b = board(moves);
            let cells = with_budget(300, |bu| offers(&b, n, bu)).unwrap();
            assert_eq!(cells.len(), n, "{moves}");
            let mut bb = b.clone();
            for (i, &p) in cells.iter().enumerate() {
                assert!(bb.is_empty(p) && bb.is_forbidden(p).is_none());
                for &q in &cells[..i] {
                    assert!(!equivalent(&b, p, q), "{moves}: {p:?} ~ {q:?}");
                }
            }
        }
    }

    #[test]
    fn offers_over_every_canonical_opening_are_never_symmetric() {
        // Each opening with White's fourth stone on a cell that keeps the opening's symmetry
        // when it has one (so that symmetric duplicates are possible), eight offers each.
        let dims = Dims::square(15).unwrap();
        let mut searcher = Searcher::new();
        let limits = Limits::default();
        let stop = AtomicBool::new(false);
        let mut symmetric = 0;
        for o in rif::canonical() {
            let mut b = Board::new(Rule::Renju, dims);
            for p in rif::place(&o, dims, Symmetry::IDENTITY).unwrap() {
                b.make(p);
            }
            let c = dims.centre();
            let near: Vec<Pos> = dims
                .cells()
                .filter(|&p| b.is_empty(p) && p.distance(c) <= 3)
                .collect();
            let w4 = near
                .iter()
                .copied()
                .find(|&p| orbit(&b, p).len() == 1 && crate::board::symmetry::fixing(&b).len() > 1)
                .unwrap_or(near[0]);
            b.make(w4);
            symmetric += usize::from(crate::board::symmetry::fixing(&b).len() > 1);
            let budget = Budget {
                searcher: &mut searcher,
                base: &limits,
                time: Duration::from_millis(40),
                stop: &stop,
            };
            let cells = offers(&b, MAX_OFFERS, budget).unwrap();
            assert_eq!(cells.len(), MAX_OFFERS);
            for (i, &p) in cells.iter().enumerate() {
                assert!(b.is_empty(p) && b.clone().is_forbidden(p).is_none());
                for &q in &cells[..i] {
                    assert!(!equivalent(&b, p, q), "{:?}: {p:?} ~ {q:?}", b.history());
                }
            }
        }
        // The openings with the third stone on the line of the first two, or on the mirror line
        // between them, keep a mirror with such a fourth stone.
        assert!(symmetric >= 6, "{symmetric}");
    }

    #[test]
    fn choice_takes_an_offer_and_prefers_the_blunder() {
        // Black's offers: a quiet far move, and one next to its stones. White takes the far one.
        let b = board("h8h7i9g6");
        let far = Pos::new(0, 0);
        let near = Pos::new(9, 9); // j10: Black's diagonal h8 i9 j10
                                   // A node budget, so that the answer does not depend on the machine's load.
        let mut s = Searcher::new();
        let limits = Limits {
            max_nodes: Some(200_000),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let budget = Budget {
            searcher: &mut s,
            base: &limits,
            time: Duration::from_secs(600),
            stop: &stop,
        };
        assert_eq!(choose(&b, &[near, far], budget).unwrap(), far);
        assert!(with_budget(50, |bu| choose(&b, &[Pos::new(7, 7)], bu)).is_err());
    }

    #[test]
    fn fourth_move_and_swaps_answer() {
        let b = board("h8h7i9");
        let (w4, n) = with_budget(400, |bu| fourth_move(&b, None, bu)).unwrap();
        assert!(b.is_empty(w4) && (1..=MAX_OFFERS).contains(&n));
        let (_, n2) = with_budget(200, |bu| fourth_move(&b, Some(2), bu)).unwrap();
        assert_eq!(n2, 2);
        with_budget(100, |bu| swap_after_three(&b, bu)).unwrap();
        let mut b4 = b.clone();
        b4.make(w4);
        with_budget(100, |bu| swap_after_four(&b4, n, bu)).unwrap();
        assert!(with_budget(50, |bu| swap_after_four(&b, 2, bu)).is_err());
    }

    #[test]
    fn rule_names() {
        assert_eq!(RenjuRule::parse("RIF"), Some(RenjuRule::Rif));
        assert_eq!(RenjuRule::parse("soosorv8"), Some(RenjuRule::Soosorv8));
        assert_eq!(RenjuRule::parse("yamaguchi"), Some(RenjuRule::Yamaguchi));
        assert_eq!(RenjuRule::parse("swap2"), None);
    }
}
