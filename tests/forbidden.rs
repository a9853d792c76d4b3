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
