//! The game on the web board: the position as the referee keeps it (judged by the rules core,
//! fouls included), who plays each colour, the clocks, undo and redo, a position set up or loaded
//! from a game file (PSQ or SGF), and Black's forbidden points for the page.

use super::pos_name;
use crate::opening_rule::{OpeningRule, Step};
use crate::record;
use kakugo::board::{Board, Dims, Pos, Verdict};
use kakugo::clock::Instant;
use kakugo::rules::{Color, Rule};

/// Who plays a colour (or a seat of an opening).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// Someone at the page.
    Human,
    /// The engine of that index on the command line.
    Engine(usize),
}

/// The game on the board.
pub struct Game {
    /// The rule.
    pub rule: Rule,
    /// The board size.
    pub dims: Dims,
    /// The position, every stone in order.
    pub board: Board,
    /// Thinking time of each stone on the board, ms.
    pub times: Vec<u64>,
    /// Stones taken back, the last taken first to come back.
    pub redo: Vec<(Pos, u64)>,
    /// Black's and White's players.
    pub seats: [Who; 2],
    /// The time for a move, ms (0: none).
    pub turn_ms: u64,
    /// The time for the game, ms (0: none).
    pub match_ms: u64,
    /// The time Black and White have used, ms.
    pub used: [u64; 2],
    /// The winner (`None`: a draw) and why, once the game is over.
    pub result: Option<(Option<Color>, String)>,
    /// Engines wait for Go (after an undo, a set-up, a failure).
    pub paused: bool,
    /// The opening rule the game began with.
    pub opening_rule: OpeningRule,
    /// How many stones the opening placed.
    pub opening_len: usize,
    /// The opening's decisions.
    pub steps: Vec<Step>,
    /// Whether the first player took Black.
    pub first_black: bool,
    /// When the side to move began thinking.
    pub since: Instant,
}

impl Game {
    /// A new game on an empty board.
    pub fn new(rule: Rule, dims: Dims, seats: [Who; 2], turn_ms: u64, match_ms: u64) -> Game {
        Game {
            rule,
            dims,
            board: Board::new(rule, dims),
            times: Vec::new(),
            redo: Vec::new(),
            seats,
            turn_ms,
            match_ms,
            used: [0, 0],
            result: None,
            paused: false,
            opening_rule: OpeningRule::None,
            opening_len: 0,
            steps: Vec::new(),
            first_black: true,
            since: Instant::now(),
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// Plays `p` for the side to move if the referee allows it; a five ends the game.
    pub fn play(&mut self, p: Pos, ms: u64, by: &str) -> Result<(), String> {
        let name = pos_name(p);
        let c = self.to_move();
        match self.board.judge(p) {
            Verdict::Illegal => return Err(format!("{name} is taken")),
            Verdict::Foul(f) => {
                return Err(format!("{name} is forbidden for Black ({})", f.name()));
            }
            Verdict::Win => {
                self.result = Some((Some(c), format!("{by} made five")));
            }
            Verdict::Normal => {}
        }
        self.board.make(p);
        self.times.push(ms);
        self.used[c.index()] += ms;
        self.since = Instant::now();
        if self.result.is_none() && self.board.is_full() {
            self.result = Some((None, "draw: the board is full".into()));
        }
        Ok(())
    }

    /// Takes back the last stone (kept for redo); whether there was one.
    pub fn undo_one(&mut self) -> bool {
        let Some(p) = self.board.unmake() else {
            return false;
        };
        let ms = self.times.pop().unwrap_or(0);
        let c = self.to_move();
        self.used[c.index()] = self.used[c.index()].saturating_sub(ms);
        self.redo.push((p, ms));
        self.result = None;
        self.opening_len = self.opening_len.min(self.board.stone_count());
        self.since = Instant::now();
        true
    }

    /// A fresh position from `moves`, checked by the referee (a five may only be the last).
    pub fn set_position(&mut self, dims: Dims, moves: &[Pos]) -> Result<(), String> {
        let mut g = Game::new(self.rule, dims, self.seats, self.turn_ms, self.match_ms);
        for (i, &p) in moves.iter().enumerate() {
            if g.result.is_some() {
                return Err(format!("the game is over before move {}", i + 1));
            }
            g.play(p, 0, "")
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        if let Some((w, _)) = &mut g.result {
            let name = colour_name(w.expect("a five has a winner"));
            g.result = Some((*w, format!("{name} made five")));
        }
        g.paused = true;
        *self = g;
        Ok(())
    }

    /// Black's forbidden cells when Black is to move in renju.
    pub fn forbidden(&mut self) -> Vec<String> {
        if self.rule != Rule::Renju || self.to_move() != Color::Black || self.result.is_some() {
            return Vec::new();
        }
        let cells: Vec<Pos> = self.dims.cells().collect();
        cells
            .into_iter()
            .filter(|&p| self.board.is_empty(p) && matches!(self.board.judge(p), Verdict::Foul(_)))
            .map(pos_name)
            .collect()
    }
}

/// The colour's name as the page shows it.
pub fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A game file, PSQ or SGF: its board, stones and (SGF) rule.
pub fn read_game(text: &str) -> Result<(Dims, Vec<Pos>, Option<Rule>), String> {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with('(') {
        let g = record::parse_sgf(t)?;
        Ok((g.dims, g.moves, g.rule))
    } else if t.starts_with("Piskvorky") {
        let g = record::parse_psq(t)?;
        Ok((g.dims, g.moves, None))
    } else {
        Err("not a game file (SGF starts with '(', PSQ with 'Piskvorky')".into())
    }
}
