//! Helpers shared by the integration tests: reading the JSON test data into boards.
#![allow(dead_code)]

use kakugo::board::notation::{from_stones, parse_cell_name};
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::{Color, Rule};
use serde_json::Value;

/// Reads a JSON-lines file from `tests/data`.
pub fn read_jsonl(rel: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/{rel}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("valid JSON line"))
        .collect()
}

/// The cells of a JSON list of `H8` names.
pub fn cells(v: &Value, dims: Dims) -> Vec<Pos> {
    v.as_array()
        .expect("stone list")
        .iter()
        .map(|s| parse_cell_name(s.as_str().expect("cell name"), dims).expect("cell on board"))
        .collect()
}

/// The board of a record with `size`, `black`, `white`, optional `rule` and `to_move`.
pub fn board_of(rec: &Value) -> Board {
    let n = rec["size"].as_u64().unwrap_or(15) as usize;
    let dims = Dims::square(n).expect("size");
    let rule = rec["rule"]
        .as_str()
        .and_then(Rule::from_name)
        .unwrap_or(Rule::Renju);
    let to_move = match rec["to_move"].as_str() {
        Some("white") => Color::White,
        _ => Color::Black,
    };
    let black = cells(&rec["black"], dims);
    let white = cells(&rec["white"], dims);
    from_stones(rule, dims, &black, &white, to_move).expect("position sets up")
}
