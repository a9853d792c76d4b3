//! Renju forbidden points against the shared ground truth (tests/data/forbidden, see its README).

mod common;

use common::{board_of, read_jsonl};
use kakugo::board::notation::{cell_name, parse_cell_name};
use kakugo::rules::Foul;

fn kind(expected: &str) -> Option<Option<Foul>> {
    match expected {
        "allowed" => Some(None),
        "forbidden-33" => Some(Some(Foul::DoubleThree)),
        "forbidden-44" => Some(Some(Foul::DoubleFour)),
        "forbidden-overline" => Some(Some(Foul::Overline)),
        _ => None,
    }
}

#[test]
fn all_single_point_cases() {
    let cases = read_jsonl("forbidden/cases.jsonl");
    assert_eq!(cases.len(), 55);
    let mut failures = Vec::new();
    for c in &cases {
        let mut b = board_of(c);
        let q = parse_cell_name(c["query"].as_str().unwrap(), b.dims()).unwrap();
        let got = b.is_forbidden(q);
        let expected = c["expected"].as_str().unwrap();
        let ok = match kind(expected) {
            Some(k) => got == k,
            None => got.is_some(), // "forbidden" without a kind
        };
        if !ok {
            failures.push(format!("{}: expected {expected}, got {got:?}", c["id"]));
        }
        b.check_consistency().unwrap();
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn all_full_board_maps() {
    let maps = read_jsonl("forbidden/fullboard.jsonl");
    assert_eq!(maps.len(), 23);
    let mut failures = Vec::new();
    for m in &maps {
        let mut b = board_of(m);
        let got: Vec<(String, Foul)> = b
            .forbidden_points()
            .into_iter()
            .map(|(p, f)| (cell_name(p, b.dims()), f))
            .collect();
        let expected = m["expected_forbidden"].as_object().unwrap();
        let mut got_names: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
        let mut exp_names: Vec<&str> = expected.keys().map(String::as_str).collect();
        got_names.sort_unstable();
        exp_names.sort_unstable();
        if got_names != exp_names {
            failures.push(format!("{}: expected {exp_names:?}, got {got:?}", m["id"]));
            continue;
        }
        for (name, foul) in &got {
            if let Some(k) = kind(expected[name.as_str()].as_str().unwrap()) {
                if k != Some(*foul) {
                    failures.push(format!("{} {name}: kind {foul:?}", m["id"]));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Renju games Kakugo and Rapfi played (`kakugo-arena`, 2026-11-26; moves as "x,y") that White
/// won with a four whose five point was a forbidden point of Black's: the game's last three
/// moves are that four, a Black move elsewhere and the five.
const TRAP_GAMES: [&str; 3] = [
    "9,5 4,6 3,5 8,4 5,5 9,8 8,3 6,8 7,8 6,6 4,5 6,5 6,7 5,6 7,6 7,5 5,7 6,4 2,5 1,5 10,3 7,4 9,4 \
     8,5 6,3 4,7 3,8 2,6 9,3 3,6",
    "12,6 13,4 12,5 12,4 11,6 11,2 10,2 11,4 9,4 11,1 11,3 12,3 10,1 10,5 9,6 10,6 10,7 9,7 11,5 \
     13,2 14,1 13,3 9,8 8,9 13,5 13,0 13,1 14,4 0,0 10,4",
    "10,11 12,8 9,9 12,10 9,8 11,7 9,6 9,7 12,7 11,9 8,6 10,8 13,11 11,8 11,6 11,11 11,10 14,8 \
     0,0 13,8",
];

#[test]
fn a_white_four_into_a_forbidden_point_leaves_black_no_block() {
    use kakugo::board::{Board, Dims, Pos};
    use kakugo::rules::{Color, Rule};
    let dims = Dims::square(15).unwrap();
    let parse = |s: &str| -> Vec<Pos> {
        s.split_whitespace()
            .map(|m| {
                let (x, y) = m.split_once(',').unwrap();
                dims.pos(x.parse().unwrap(), y.parse().unwrap()).unwrap()
            })
            .collect()
    };
    for game in TRAP_GAMES {
        let moves = parse(game);
        let n = moves.len();
        let mut b = Board::new(Rule::Renju, dims);
        for &p in &moves[..n - 3] {
            b.make(p);
        }
        assert_eq!(b.side_to_move(), Color::White);
        b.make(moves[n - 3]);
        let fives = b.five_points(Color::White);
        assert_eq!(fives.len(), 1);
        assert!(b.is_forbidden(fives[0]).is_some());
        b.check_consistency().unwrap();
    }
}
