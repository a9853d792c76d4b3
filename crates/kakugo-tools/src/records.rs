//! Game records, position files and puzzle records: how every subcommand reads and writes them.
//!
//! - A **game record** is one JSON object a line, the format of the arena's `results.jsonl`:
//!   `rule`, `size` `[w, h]`, `moves` as `"x,y"` strings, `result` (`"1-0"`, `"0-1"`,
//!   `"1/2-1/2"`), and optionally `game`, `black`, `white`, `opening` (pos notation) or
//!   `opening_plies`, and `score` (a labelled position: the search's score for the side to move
//!   after the moves, a number or `"win"`/`"loss"`). Other fields are ignored.
//! - A **position file** has one position a line, `GAME PLY MOVES [...]` (moves in pos
//!   notation), `#` starting a comment line (`tests/data/wins`).
//! - A **puzzle record** is one JSON object a line: `id`, `size`, `rule`, `to_move`, `black` and
//!   `white` (cell names) and `expected` (`tests/data/puzzles`).
//!
//! A line that does not parse is an error naming the file and line, never skipped in silence.

use kakugo::board::notation::{format_moves, from_stones, parse_cell_name};
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::{Color, Rule};
use serde_json::{json, Map, Value};
use std::io::Write;
use std::path::Path;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Black won (`1-0`).
    BlackWon,
    /// White won (`0-1`).
    WhiteWon,
    /// A draw (`1/2-1/2`).
    Draw,
}

impl Outcome {
    /// The record's notation.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::BlackWon => "1-0",
            Outcome::WhiteWon => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// Reads the record's notation.
    pub fn parse(s: &str) -> Option<Outcome> {
        match s {
            "1-0" => Some(Outcome::BlackWon),
            "0-1" => Some(Outcome::WhiteWon),
            "1/2-1/2" => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// The win of `c`.
    pub fn win_of(c: Color) -> Outcome {
        match c {
            Color::Black => Outcome::BlackWon,
            Color::White => Outcome::WhiteWon,
        }
    }

    /// The score of `c`: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn score_of(self, c: Color) -> f64 {
        match (self, c) {
            (Outcome::Draw, _) => 0.5,
            (Outcome::BlackWon, Color::Black) | (Outcome::WhiteWon, Color::White) => 1.0,
            _ => 0.0,
        }
    }
}

/// A labelled position's score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Label {
    /// An evaluation.
    Eval(f64),
    /// A proven win.
    Win,
    /// A proven loss.
    Loss,
}

/// One game (or, with a `score`, one labelled position: the one after `moves`).
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The line of its file it came from, from 0 (0 for a record not read from a file).
    pub line: usize,
    /// The arena's game number.
    pub game: Option<u64>,
    /// Black's player.
    pub black: Option<String>,
    /// White's player.
    pub white: Option<String>,
    /// The rule.
    pub rule: Rule,
    /// The board.
    pub dims: Dims,
    /// Stones of the opening (from `opening_plies`, else counted in `opening`).
    pub opening: Option<usize>,
    /// The opening in pos notation, as the arena writes it.
    pub opening_text: Option<String>,
    /// The moves, Black first.
    pub moves: Vec<Pos>,
    /// How the game ended.
    pub result: Option<Outcome>,
    /// The search's score of the position after `moves`.
    pub score: Option<Label>,
}

impl GameRecord {
    /// A record of a game on `dims` under `rule` with no moves yet.
    pub fn new(rule: Rule, dims: Dims) -> GameRecord {
        GameRecord {
            line: 0,
            game: None,
            black: None,
            white: None,
            rule,
            dims,
            opening: None,
            opening_text: None,
            moves: Vec::new(),
            result: None,
            score: None,
        }
    }

    /// Reads one JSON line.
    pub fn parse(line: &str) -> Result<GameRecord, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
        let text = |k: &str| v[k].as_str().map(String::from);
        let rule = text("rule").ok_or("no rule")?;
        let rule = Rule::from_name(&rule).ok_or(format!("unknown rule {rule}"))?;
        let side = |i: usize| v["size"][i].as_u64().or(v["size"].as_u64());
        let (w, h) = (side(0).ok_or("no size")?, side(1).ok_or("no size")?);
        let dims = Dims::new(w as usize, h as usize).ok_or(format!("bad size {w}x{h}"))?;
        let moves = v["moves"]
            .as_array()
            .ok_or("no moves")?
            .iter()
            .map(|m| {
                let s = m.as_str().ok_or("a move is not a string")?;
                let xy = s
                    .split_once(',')
                    .and_then(|(x, y)| dims.pos(x.trim().parse().ok()?, y.trim().parse().ok()?));
                xy.ok_or(format!("bad move {s}"))
            })
            .collect::<Result<Vec<Pos>, String>>()?;
        let opening_text = text("opening");
        let opening = match (v["opening_plies"].as_u64(), &opening_text) {
            (Some(n), _) => Some(n as usize),
            (None, Some(o)) => Some(
                kakugo::board::notation::parse_moves(o, dims)
                    .map_err(|e| format!("bad opening {o}: {e}"))?
                    .len(),
            ),
            (None, None) => None,
        };
        let result = match &v["result"] {
            Value::Null => None,
            r => Some(
                r.as_str()
                    .and_then(Outcome::parse)
                    .ok_or(format!("bad result {r}"))?,
            ),
        };
        let score = match &v["score"] {
            Value::Null => None,
            Value::String(s) if s == "win" => Some(Label::Win),
            Value::String(s) if s == "loss" => Some(Label::Loss),
            x => Some(Label::Eval(x.as_f64().ok_or(format!("bad score {x}"))?)),
        };
        Ok(GameRecord {
            line: 0,
            game: v["game"].as_u64(),
            black: text("black"),
            white: text("white"),
            rule,
            dims,
            opening,
            opening_text,
            moves,
            result,
            score,
        })
    }

    /// The record as one JSON line (without a newline); absent fields are left out.
    pub fn to_json(&self) -> String {
        let mut m = Map::new();
        if let Some(g) = self.game {
            m.insert("game".into(), json!(g));
        }
        if let Some(b) = &self.black {
            m.insert("black".into(), json!(b));
        }
        if let Some(w) = &self.white {
            m.insert("white".into(), json!(w));
        }
        m.insert("rule".into(), json!(self.rule.name()));
        m.insert("size".into(), json!([self.dims.w, self.dims.h]));
        if let Some(o) = &self.opening_text {
            m.insert("opening".into(), json!(o));
        }
        if let Some(n) = self.opening {
            m.insert("opening_plies".into(), json!(n));
        }
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|p| format!("{},{}", p.x(), p.y()))
            .collect();
        m.insert("moves".into(), json!(moves));
        if let Some(r) = self.result {
            m.insert("result".into(), json!(r.as_str()));
        }
        match self.score {
            Some(Label::Eval(e)) => m.insert("score".into(), json!(e)),
            Some(Label::Win) => m.insert("score".into(), json!("win")),
            Some(Label::Loss) => m.insert("score".into(), json!("loss")),
            None => None,
        };
        Value::Object(m).to_string()
    }

    /// The board after the first `n` moves, or the index of the first move that cannot be
    /// played (an occupied cell).
    pub fn board_after(&self, n: usize) -> Result<Board, usize> {
        let mut b = Board::new(self.rule, self.dims);
        for (i, &p) in self.moves.iter().take(n).enumerate() {
            if !b.is_empty(p) {
                return Err(i);
            }
            b.make(p);
        }
        Ok(b)
    }
}

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

/// Every game record of a JSON-lines file (blank lines skipped), or of a training set
/// (`.kgd`, [`crate::dataset`]: recognised by its first bytes; each game's opening is its
/// opening plies).
pub fn read_games(path: &Path) -> Result<Vec<GameRecord>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if crate::dataset::is_dataset(&bytes) {
        let games =
            crate::dataset::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(games
            .into_iter()
            .enumerate()
            .map(|(i, g)| {
                let mut r = GameRecord::new(g.rule, g.dims);
                r.line = i;
                r.opening = Some(g.opening);
                r.opening_text = Some(format_moves(&g.moves[..g.opening.min(g.moves.len())]));
                r.moves = g.moves;
                r.result = Some(g.result);
                r
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
        let mut g =
            GameRecord::parse(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        g.line = i;
        out.push(g);
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

    #[test]
    fn a_training_set_reads_as_game_records() {
        use crate::dataset::{encode, ScoredGame, NO_SCORE};
        let dims = Dims::square(15).unwrap();
        let moves: Vec<Pos> = [(7, 7), (8, 8), (9, 9), (0, 14)]
            .iter()
            .map(|&(x, y)| dims.pos(x, y).unwrap())
            .collect();
        let g = ScoredGame {
            rule: Rule::Freestyle,
            dims,
            result: Outcome::Draw,
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
        assert_eq!(read[1].line, 1);
        assert_eq!(read[0].moves, moves);
        assert_eq!(read[0].opening, Some(3));
        assert_eq!(read[0].opening_text.as_deref(), Some("h8i9j10"));
        assert_eq!(read[0].result, Some(Outcome::Draw));
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let line = r#"{"game":3,"black":"a","white":"b","rule":"renju","size":[15,15],"opening":"h8i9j10","moves":["7,7","8,8","9,9","0,14"],"result":"0-1","times_ms":[1,2,3,4]}"#;
        let g = GameRecord::parse(line).unwrap();
        assert_eq!(g.rule, Rule::Renju);
        assert_eq!(g.opening, Some(3));
        assert_eq!(g.moves.len(), 4);
        assert_eq!(g.moves[3], g.dims.pos(0, 14).unwrap());
        assert_eq!(g.result, Some(Outcome::WhiteWon));
        assert_eq!(GameRecord::parse(&g.to_json()).unwrap(), g);
        let mut l = g.clone();
        l.score = Some(Label::Loss);
        assert_eq!(
            GameRecord::parse(&l.to_json()).unwrap().score,
            Some(Label::Loss)
        );
    }

    #[test]
    fn bad_records_are_errors() {
        for bad in [
            "not json",
            r#"{"rule":"gomoku","size":[15,15],"moves":[]}"#,
            r#"{"rule":"renju","size":[15,15],"moves":["15,0"]}"#,
            r#"{"rule":"renju","size":[15,15],"moves":[],"result":"1-1"}"#,
            r#"{"rule":"renju","moves":[]}"#,
        ] {
            assert!(GameRecord::parse(bad).is_err(), "{bad}");
        }
    }
}
