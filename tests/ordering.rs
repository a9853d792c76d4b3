//! The move-ordering table (`kakugo-tools policy`) against real games: over the
//! positions of games it was not fitted to, it ranks the move played higher than the class
//! scores alone do.

use kakugo::board::{Board, Dims, Pos};
use kakugo::record::SavedGame;
use kakugo::rules::{Combo, Rule};
use kakugo::search::movepick::{is_foul, order, order_table, Scored};
use kakugo::search::State;

/// Rank of the move played (0 = first) among the candidates of every position after the opening
/// where all candidates are generated, ordered with or without the table.
fn ranks(path: &str, rule: Rule, policy: bool) -> Vec<usize> {
    let dims = Dims::square(15).unwrap();
    let hist = vec![0; kakugo::board::CELLS];
    let mut out = Vec::new();
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines() {
        let g = SavedGame::parse(line).unwrap();
        assert_eq!((g.rule, g.size), (rule, dims));
        let (skip, moves) = (g.opening_len().unwrap(), g.moves);
        let mut b = Board::new(rule, dims);
        for (i, &mv) in moves.iter().enumerate() {
            let me = b.side_to_move();
            let quiet = !b.has_five_point(me)
                && !b.has_five_point(me.opp())
                && b.count(me.opp(), Combo::FlexFour) == 0;
            if i >= skip && quiet && !is_foul(&mut b, mv) {
                let st = State::new(&b);
                let mut cands: Vec<Scored> = st
                    .candidates()
                    .into_iter()
                    .filter(|&p| !is_foul(&mut b, p))
                    .map(|mv| Scored { mv, key: 0 })
                    .collect();
                if cands.iter().any(|c| c.mv == mv) {
                    let table = policy.then(|| order_table(rule));
                    order(&b, &mut cands, Pos::NONE, [Pos::NONE; 2], &hist, table);
                    let key = cands.iter().find(|c| c.mv == mv).unwrap().key;
                    out.push(cands.iter().filter(|c| c.key > key).count());
                }
            }
            b.make(mv);
        }
    }
    out
}

#[test]
fn the_ordering_table_ranks_the_moves_played_higher() {
    for (path, rule) in [
        ("tests/data/games/renju.jsonl", Rule::Renju),
        ("tests/data/games/freestyle.jsonl", Rule::Freestyle),
    ] {
        let without = ranks(path, rule, false);
        let with = ranks(path, rule, true);
        assert_eq!(without.len(), with.len());
        assert!(without.len() > 500, "{rule:?}: {} positions", without.len());
        let mean = |r: &[usize]| r.iter().sum::<usize>() as f64 / r.len() as f64;
        let top3 = |r: &[usize]| r.iter().filter(|&&k| k < 3).count();
        eprintln!(
            "{rule:?}: {} positions, mean rank {:.2} -> {:.2}, top 3 {} -> {}",
            with.len(),
            mean(&without),
            mean(&with),
            top3(&without),
            top3(&with)
        );
        assert!(mean(&with) < 0.8 * mean(&without), "{rule:?}");
        assert!(top3(&with) > top3(&without), "{rule:?}");
    }
}
