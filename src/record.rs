//! The saved game: one game as one line of JSON, the format of `kakugo-arena`'s
//! `results.jsonl` and of every game file `kakugo-tools` reads and writes; defined here once
//! (with serde) for both.
//!
//! A line holds `rule` (its name), `size` (`[w, h]`; a single number reads as a square),
//! `moves` (`"x,y"` strings, 0-based from the top left, Black first) and, where known, `result`
//! (`"1-0"`, `"0-1"`, `"1/2-1/2"`), `reason`, `game` (the arena's number), `black` and `white`
//! (the players), `opening` (the opening stones in pos notation) or `opening_plies` (their
//! number), `times_ms` (each move's thinking time), `stones`, `score` (a labelled position: the
//! search's score for the side to move after the moves, a number or `"win"`/`"loss"`); under an
//! opening rule `opening_rule`, `first`, `second`, `first_colour` and `decisions` (every
//! opening decision in order). Absent fields are left out; fields a reader does not know are
//! ignored. The keys are written in the order of their names, as the files always had them.

use crate::board::geometry::MAX_SIDE;
use crate::board::notation::parse_moves;
use crate::board::{Board, Dims, Pos};
use crate::rules::{Color, Rule};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// Black won (`1-0`).
    #[serde(rename = "1-0")]
    BlackWon,
    /// White won (`0-1`).
    #[serde(rename = "0-1")]
    WhiteWon,
    /// A draw (`1/2-1/2`).
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// The result of a game won by `winner` (`None`: a draw).
    pub fn of_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::Black) => GameResult::BlackWon,
            Some(Color::White) => GameResult::WhiteWon,
            None => GameResult::Draw,
        }
    }

    /// The win of `c`.
    pub fn win_of(c: Color) -> GameResult {
        GameResult::of_winner(Some(c))
    }

    /// The score of `c`: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn score_of(self, c: Color) -> f64 {
        match (self, c) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::BlackWon, Color::Black) | (GameResult::WhiteWon, Color::White) => 1.0,
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

/// One opening decision of a game played under an opening rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedStep {
    /// The seat that decided: `first` or `second`.
    pub by: String,
    /// The colour it held when asked: `black` or `white`.
    pub colour: String,
    /// The engine in that seat.
    pub engine: String,
    /// The answer's time in ms.
    pub ms: u64,
    /// The number of fifth-move offers declared with move 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<i64>,
    /// A remark (a RIF opening's name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The fifth-move offers.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "xy_list_opt")]
    pub offers: Option<Vec<Pos>>,
    /// The step's name (`opening`, `swap1`, `move4`, ...).
    pub step: String,
    /// The stones placed or chosen.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "xy_list_opt")]
    pub stones: Option<Vec<Pos>>,
    /// Whether the colours were exchanged (a colour choice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swap: Option<bool>,
    /// The step in words.
    pub text: String,
}

/// One game, or with a `score` one labelled position (the one after `moves`). Read it with
/// [`SavedGame::parse`], which also checks that the moves lie on the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Black's player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// The opening decisions in order (under an opening rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decisions: Option<Vec<SavedStep>>,
    /// The first player (under an opening rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The first player's final colour, `black` or `white` (under an opening rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_colour: Option<String>,
    /// The arena's game number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<u64>,
    /// The moves, Black first.
    #[serde(with = "xy_list")]
    pub moves: Vec<Pos>,
    /// The opening stones in pos notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<String>,
    /// The number of opening stones (where `opening` is absent or says otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_plies: Option<usize>,
    /// The opening rule played (`none`, `swap2`, `soosorv8`, `rif`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_rule: Option<String>,
    /// Why the game ended, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// How the game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The rule.
    #[serde(with = "rule_name")]
    pub rule: Rule,
    /// The search's score of the position after `moves`, for its side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Label>,
    /// The second player (under an opening rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<String>,
    /// The board.
    #[serde(with = "size")]
    pub size: Dims,
    /// Stones on the board at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stones: Option<usize>,
    /// Each move's thinking time in ms (0 for opening stones).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times_ms: Option<Vec<u64>>,
    /// White's player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
}

impl SavedGame {
    /// A game on `size` under `rule` with no moves and nothing else known.
    pub fn new(rule: Rule, size: Dims) -> SavedGame {
        SavedGame {
            black: None,
            decisions: None,
            first: None,
            first_colour: None,
            game: None,
            moves: Vec::new(),
            opening: None,
            opening_plies: None,
            opening_rule: None,
            reason: None,
            result: None,
            rule,
            score: None,
            second: None,
            size,
            stones: None,
            times_ms: None,
            white: None,
        }
    }

    /// Reads one line; an error says what is wrong (not JSON, a field missing or bad, a move
    /// off the board, an opening that does not parse).
    pub fn parse(line: &str) -> Result<SavedGame, String> {
        let g: SavedGame = serde_json::from_str(line).map_err(|e| e.to_string())?;
        if let Some(p) = g
            .moves
            .iter()
            .find(|p| !g.size.contains(p.x() as i64, p.y() as i64))
        {
            return Err(format!("move {},{} is off the board", p.x(), p.y()));
        }
        if let Some(o) = &g.opening {
            parse_moves(o, g.size).map_err(|e| format!("bad opening {o}: {e}"))?;
        }
        Ok(g)
    }

    /// The line (without a newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a saved game is always JSON")
    }

    /// The board after the first `n` moves, or the index of the first move that cannot be
    /// played (an occupied cell).
    pub fn board_after(&self, n: usize) -> Result<Board, usize> {
        let mut b = Board::new(self.rule, self.size);
        for (i, &p) in self.moves.iter().take(n).enumerate() {
            if !b.is_empty(p) {
                return Err(i);
            }
            b.make(p);
        }
        Ok(b)
    }

    /// The number of opening stones: `opening_plies`, else the stones of `opening`.
    pub fn opening_len(&self) -> Option<usize> {
        self.opening_plies.or_else(|| {
            let o = self.opening.as_deref()?;
            parse_moves(o, self.size).ok().map(|m| m.len())
        })
    }
}

/// A move as `"x,y"`.
fn xy(p: &Pos) -> String {
    format!("{},{}", p.x(), p.y())
}

/// The cell of `"x,y"` (within the largest board; [`SavedGame::parse`] checks the board).
fn parse_xy(s: &str) -> Option<Pos> {
    let (x, y) = s.split_once(',')?;
    let (x, y): (usize, usize) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
    (x < MAX_SIDE && y < MAX_SIDE).then(|| Pos::new(x, y))
}

/// Moves as a list of `"x,y"` strings.
mod xy_list {
    use super::*;

    pub fn serialize<S: Serializer>(moves: &[Pos], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(moves.iter().map(xy))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Pos>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|m| parse_xy(m).ok_or_else(|| serde::de::Error::custom(format!("bad move {m}"))))
            .collect()
    }
}

/// [`xy_list`] of an optional field.
mod xy_list_opt {
    use super::*;

    pub fn serialize<S: Serializer>(moves: &Option<Vec<Pos>>, s: S) -> Result<S::Ok, S::Error> {
        match moves {
            Some(m) => xy_list::serialize(m, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Pos>>, D::Error> {
        xy_list::deserialize(d).map(Some)
    }
}

/// A rule by its name.
mod rule_name {
    use super::*;

    pub fn serialize<S: Serializer>(r: &Rule, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(r.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rule, D::Error> {
        let name = String::deserialize(d)?;
        Rule::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown rule {name}")))
    }
}

/// A board size as `[w, h]` (a single number reads as a square).
mod size {
    use super::*;

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Sides([usize; 2]),
        Square(usize),
    }

    pub fn serialize<S: Serializer>(d: &Dims, s: S) -> Result<S::Ok, S::Error> {
        [d.w, d.h].serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Dims, D::Error> {
        let [w, h] = match Written::deserialize(d)? {
            Written::Sides(s) => s,
            Written::Square(n) => [n, n],
        };
        Dims::new(w, h).ok_or_else(|| serde::de::Error::custom(format!("bad size {w}x{h}")))
    }
}

impl Serialize for Label {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Label::Eval(e) => s.serialize_f64(*e),
            Label::Win => s.serialize_str("win"),
            Label::Loss => s.serialize_str("loss"),
        }
    }
}

impl<'de> Deserialize<'de> for Label {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Label, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Number(f64),
            Word(String),
        }
        match Written::deserialize(d)? {
            Written::Number(e) => Ok(Label::Eval(e)),
            Written::Word(w) if w == "win" => Ok(Label::Win),
            Written::Word(w) if w == "loss" => Ok(Label::Loss),
            Written::Word(w) => Err(serde::de::Error::custom(format!("bad score {w}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of `tests/data/games/freestyle.jsonl`, as the arena wrote it.
    const ARENA: &str = r#"{"black":"pol","game":1,"moves":["5,12","2,10","6,7"],"opening":"f13c11","reason":"base made five","result":"0-1","rule":"freestyle","size":[15,15],"stones":3,"times_ms":[0,0,135],"white":"base"}"#;

    #[test]
    fn a_line_reads_and_writes_back_to_the_letter() {
        let g = SavedGame::parse(ARENA).unwrap();
        assert_eq!(g.rule, Rule::Freestyle);
        assert_eq!(g.size, Dims::square(15).unwrap());
        assert_eq!(g.moves, [Pos::new(5, 12), Pos::new(2, 10), Pos::new(6, 7)]);
        assert_eq!(g.result, Some(GameResult::WhiteWon));
        assert_eq!(g.opening_len(), Some(2));
        assert_eq!(g.to_line(), ARENA);
        assert_eq!(g.board_after(3).unwrap().stone_count(), 3);
        let mut twice = g.clone();
        twice.moves.push(Pos::new(6, 7));
        assert_eq!(twice.board_after(4).err(), Some(3));
        // Every stored line of the test games writes back as it was written.
        for file in ["freestyle", "renju"] {
            let path = format!(
                "{}/tests/data/games/{file}.jsonl",
                env!("CARGO_MANIFEST_DIR")
            );
            for line in std::fs::read_to_string(path).unwrap().lines() {
                assert_eq!(SavedGame::parse(line).unwrap().to_line(), line);
            }
        }
    }

    #[test]
    fn labels_sizes_and_opening_rules_read_back() {
        let mut g = SavedGame::new(Rule::Renju, Dims::new(20, 15).unwrap());
        g.moves = vec![Pos::new(19, 14)];
        g.opening_plies = Some(1);
        for label in [Label::Eval(-12.5), Label::Win, Label::Loss] {
            g.score = Some(label);
            assert_eq!(SavedGame::parse(&g.to_line()).unwrap(), g);
        }
        g.decisions = Some(vec![SavedStep {
            by: "second".into(),
            colour: "white".into(),
            engine: "b".into(),
            ms: 12,
            n: Some(2),
            note: None,
            offers: Some(vec![Pos::new(1, 2), Pos::new(3, 4)]),
            step: "offers".into(),
            stones: None,
            swap: None,
            text: "second (white) offers b3d5".into(),
        }]);
        let line = g.to_line();
        assert!(line.contains(r#""offers":["1,2","3,4"]"#), "{line}");
        assert!(!line.contains("stones"), "{line}");
        assert_eq!(SavedGame::parse(&line).unwrap(), g);
        let square = r#"{"rule":"caro","size":17,"moves":[]}"#;
        assert_eq!(
            SavedGame::parse(square).unwrap().size,
            Dims::square(17).unwrap()
        );
        assert_eq!(GameResult::of_winner(None).score_of(Color::White), 0.5);
        assert_eq!(GameResult::win_of(Color::White).score_of(Color::Black), 0.0);
    }

    #[test]
    fn bad_lines_are_errors() {
        for bad in [
            "not json",
            r#"{"rule":"gomoku","size":[15,15],"moves":[]}"#,
            r#"{"rule":"renju","size":[15,15],"moves":["15,0"]}"#,
            r#"{"rule":"renju","size":[15,15],"moves":["1;0"]}"#,
            r#"{"rule":"renju","size":[15,15],"moves":[],"result":"1-1"}"#,
            r#"{"rule":"renju","size":[15,15],"moves":[],"score":"draw"}"#,
            r#"{"rule":"renju","size":[40,15],"moves":[]}"#,
            r#"{"rule":"renju","size":[15,15],"moves":[],"opening":"z99"}"#,
            r#"{"rule":"renju","moves":[]}"#,
        ] {
            assert!(SavedGame::parse(bad).is_err(), "{bad}");
        }
    }
}
