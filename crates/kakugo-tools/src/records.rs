//! Game records, position files and puzzle records: how every subcommand reads and writes them.
//!
//! - A **game record** is one JSON object a line, the arena's `results.jsonl`: a
//!   [`kakugo::record::SavedGame`] (that module describes the fields); with a `score`, a
//!   labelled position. A training set (`.kgd`, [`crate::dataset`]) reads as game records too.
//! - A **position file** has one position a line, `GAME PLY MOVES [...]` (moves in pos
//!   notation), `#` starting a comment line (`tests/data/wins`).
//! - A **puzzle record** is one JSON object a line: `id`, `size`, `rule`, `to_move`, `black` and
//!   `white` (cell names) and `expected` (`tests/data/puzzles`).
//!
//! A line that does not parse is an error naming the file and line, never skipped in silence.

use crate::dataset;
use kakugo::board::notation::{format_moves, from_stones, parse_cell_name};
use kakugo::board::{Board, Dims, Pos};
use kakugo::record::SavedGame;
use kakugo::rules::{Color, Rule};
use serde_json::Value;
use std::io::Write;
use std::path::Path;

/// Writes one line to stdout and flushes it (so that a long run can be watched and cut short).
pub fn print_line(line: &str) -> Result<(), String> {
    let out = std::io::stdout();
    let mut lock = out.lock();
    writeln!(lock, "{line}")
        .and_then(|()| lock.flush())
        .map_err(|e| format!("cannot write: {e}"))
}

/// Reads a file's text.
fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Every game of a JSON-lines file (blank lines skipped), or of a training set (`.kgd`,
/// [`crate::dataset`]: recognised by its first bytes; each game's opening is its opening
/// plies), each with the line of the file it stood on (from 0; in a training set, its number).
pub fn read_games(path: &Path) -> Result<Vec<(usize, SavedGame)>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if dataset::is_dataset(&bytes) {
        let games = dataset::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(games
            .into_iter()
            .enumerate()
            .map(|(i, g)| {
                let mut r = SavedGame::new(g.rule, g.dims);
                r.opening_plies = Some(g.opening);
                r.opening = Some(format_moves(&g.moves[..g.opening.min(g.moves.len())]));
                r.moves = g.moves;
                r.result = Some(g.result);
                (i, r)
            })
            .collect());
    }
    let text =
        String::from_utf8(bytes).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let g = SavedGame::parse(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        out.push((i, g));
    }
    Ok(out)
}

/// One line of a position file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionLine {
    /// The game it came from.
    pub game: String,
    /// The ply of the position.
    pub ply: String,
    /// The moves in pos notation.
    pub moves: String,
}

/// Every position of a position file.
pub fn read_positions(path: &Path) -> Result<Vec<PositionLine>, String> {
    let text = read(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        match line.split_whitespace().collect::<Vec<_>>()[..] {
            [game, ply, moves, ..] => out.push(PositionLine {
                game: game.into(),
                ply: ply.into(),
                moves: moves.into(),
            }),
            _ => return Err(format!("{}:{}: want GAME PLY MOVES", path.display(), i + 1)),
        }
    }
    Ok(out)
}

/// One puzzle: the position (the side to move attacks) and what is expected of it.
#[derive(Clone)]
pub struct Puzzle {
    /// Its name.
    pub id: String,
    /// `win-by-VCF`, `no-VCF`, `win-by-VCT`, ...
    pub expected: String,
    /// The position.
    pub board: Board,
}

impl Puzzle {
    /// Reads one JSON line.
    pub fn parse(line: &str) -> Result<Puzzle, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
        let size = v["size"].as_u64().unwrap_or(15) as usize;
        let dims = Dims::square(size).ok_or(format!("bad size {size}"))?;
        let rule = match v["rule"].as_str() {
            Some(r) => Rule::from_name(r).ok_or(format!("unknown rule {r}"))?,
            None => Rule::Renju,
        };
        let to_move = match v["to_move"].as_str() {
            Some("white") => Color::White,
            Some("black") | None => Color::Black,
            Some(c) => return Err(format!("bad colour {c}")),
        };
        let cells = |key: &str| -> Result<Vec<Pos>, String> {
            v[key]
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| parse_cell_name(s.as_str().ok_or("a cell is not a string")?, dims))
                .collect()
        };
        Ok(Puzzle {
            id: v["id"].as_str().unwrap_or("").into(),
            expected: v["expected"].as_str().unwrap_or("").into(),
            board: from_stones(rule, dims, &cells("black")?, &cells("white")?, to_move)?,
        })
    }
}

/// Every puzzle of every `*.jsonl` file in `dir`, files in name order.
pub fn read_puzzles(dir: &Path) -> Result<Vec<Puzzle>, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        for (i, line) in read(&f)?.lines().enumerate() {
            if !line.trim().is_empty() {
                out.push(
                    Puzzle::parse(line).map_err(|e| format!("{}:{}: {e}", f.display(), i + 1))?,
                );
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kakugo::record::GameResult;

    #[test]
    fn a_training_set_reads_as_saved_games() {
        use crate::dataset::{encode, ScoredGame, NO_SCORE};
        let dims = Dims::square(15).unwrap();
        let moves: Vec<Pos> = [(7, 7), (8, 8), (9, 9), (0, 14)]
            .iter()
            .map(|&(x, y)| dims.pos(x, y).unwrap())
            .collect();
        let g = ScoredGame {
            rule: Rule::Freestyle,
            dims,
            result: GameResult::Draw,
            opening: 3,
            moves: moves.clone(),
            scores: vec![NO_SCORE, NO_SCORE, NO_SCORE, 12],
        };
        let path = std::env::temp_dir().join(format!("kakugo-records-{}.kgd", std::process::id()));
        std::fs::write(&path, encode(&[g.clone(), g])).unwrap();
        let read = read_games(&path);
        std::fs::remove_file(&path).ok();
        let read = read.unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[1].0, 1);
        let g = &read[0].1;
        assert_eq!(g.moves, moves);
        assert_eq!(g.opening_len(), Some(3));
        assert_eq!(g.opening.as_deref(), Some("h8i9j10"));
        assert_eq!(g.result, Some(GameResult::Draw));
    }

    #[test]
    fn games_keep_the_lines_they_stood_on_and_a_bad_line_is_named() {
        let path =
            std::env::temp_dir().join(format!("kakugo-records-{}.jsonl", std::process::id()));
        let line = r#"{"rule":"renju","size":[15,15],"moves":["7,7"],"result":"0-1"}"#;
        std::fs::write(&path, format!("{line}\n\n{line}\n")).unwrap();
        let read = read_games(&path).unwrap();
        assert_eq!(read.iter().map(|r| r.0).collect::<Vec<_>>(), [0, 2]);
        std::fs::write(&path, format!("{line}\n{{\"rule\":\"renju\"}}\n")).unwrap();
        let bad = read_games(&path).unwrap_err();
        std::fs::remove_file(&path).ok();
        assert!(bad.contains(".jsonl:2:"), "{bad}");
    }
}
