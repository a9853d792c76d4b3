//! Multi-line blocks (`BOARD`, `YXBOARD`, `SWAP2BOARD`, `YXBLOCK`, `YXBLOCKUNDO`, the bare move
//! lists after `YXSOOSORVSTEPk` and `YXQUERYDATABASEALL` … `DONE`), read atomically: lines are
//! collected aside and turned into a new [`Board`] (or a list of cells or moves) only at `DONE`,
//! so a bad line leaves the current state untouched.
//!
//! `BOARD` lines are `x,y,f` in move order, Black first (f = 1 the side to move's stones, 2 the
//! opponent's, 3 a blocked square of a continuous game, `-1,-1,f` a pass). The colours follow from
//! the order; if the labels contradict the order (a manager listing stones grouped by owner), the
//! stones are set up by owner instead, with passes where one side has fewer.
//!
//! A bare move list (Yixin-Board's opening steps) is `x,y` lines with no field, in move order,
//! Black first: the colours come from the order alone.

use super::command::parse_stone;
use crate::board::notation::from_stones;
use crate::board::{Board, Dims, Pos};
use crate::rules::{Color, Rule};

/// Which block is being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// `BOARD`: set the position, then think.
    Board,
    /// `YXBOARD`: set the position only.
    YxBoard,
    /// `SWAP2BOARD`: an opening of 0, 3 or 5 stones.
    Swap2,
    /// `YXBLOCK`: `x,y` cells to exclude from the root moves.
    YxBlock,
    /// `YXBLOCKUNDO`: `x,y` cells to allow again.
    YxBlockUndo,
    /// `YXBLOCKPATH` / `YXBLOCKPATHUNDO` (true): a move sequence, read and not supported.
    BlockPath(bool),
    /// `YXSOOSORVSTEPk [N]` (k from 2 to 6; N for steps 4 and 5, else 0): a bare move list.
    Soosorv(u8, usize),
    /// `YXQUERYDATABASEALL`: a bare move list, read and ignored.
    Database,
}

impl BlockKind {
    /// The command word.
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2 => "SWAP2BOARD",
            BlockKind::YxBlock => "YXBLOCK",
            BlockKind::YxBlockUndo => "YXBLOCKUNDO",
            BlockKind::BlockPath(false) => "YXBLOCKPATH",
            BlockKind::BlockPath(true) => "YXBLOCKPATHUNDO",
            BlockKind::Soosorv(2, _) => "YXSOOSORVSTEP2",
            BlockKind::Soosorv(3, _) => "YXSOOSORVSTEP3",
            BlockKind::Soosorv(4, _) => "YXSOOSORVSTEP4",
            BlockKind::Soosorv(5, _) => "YXSOOSORVSTEP5",
            BlockKind::Soosorv(..) => "YXSOOSORVSTEP6",
            BlockKind::Database => "YXQUERYDATABASEALL",
        }
    }
}

/// A block being read.
#[derive(Clone, Debug)]
pub struct Block {
    /// Which block.
    pub kind: BlockKind,
    stones: Vec<(i64, i64, Option<i64>)>,
    error: Option<String>,
    limit: usize,
}

/// A finished block: the new position and the squares blocked in it.
pub struct Setup {
    /// The position, side to move = the engine.
    pub board: Board,
    /// Squares marked 3 (never played by the engine).
    pub blocked: Vec<Pos>,
}

impl Block {
    /// A new, empty block for a board of `dims`.
    pub fn new(kind: BlockKind, dims: Dims) -> Block {
        Block {
            kind,
            stones: Vec::new(),
            error: None,
            limit: 2 * dims.area() + 4,
        }
    }

    /// A block whose lines are read only to be dropped: `why` (its command's argument is bad) is
    /// its error at `DONE`.
    pub fn failed(kind: BlockKind, dims: Dims, why: String) -> Block {
        Block {
            error: Some(why),
            ..Block::new(kind, dims)
        }
    }

    /// Takes one line of the block; the first bad line is remembered for `finish`.
    pub fn push(&mut self, line: &str) {
        if self.error.is_some() {
            return;
        }
        if self.stones.len() >= self.limit {
            self.error = Some("too many lines".into());
            return;
        }
        match parse_stone(line) {
            Ok(s) => self.stones.push(s),
            Err(e) => self.error = Some(e),
        }
    }

    /// The cells of a cell list (`YXBLOCK`, `YXBLOCKUNDO`: lines `x,y`, each on a board of
    /// `dims`) at `DONE`, or says why not.
    pub fn cells(self, dims: Dims) -> Result<Vec<Pos>, String> {
        let name = self.kind.name();
        if let Some(e) = self.error {
            return Err(format!("{name}: {e}"));
        }
        let mut cells = Vec::new();
        for (x, y, f) in self.stones {
            if f.is_some() {
                return Err(format!("{name}: expected x,y, got {x},{y},.."));
            }
            let p = cell(dims, x, y).map_err(|e| format!("{name}: {e}"))?;
            if !cells.contains(&p) {
                cells.push(p);
            }
        }
        Ok(cells)
    }

    /// The moves of a bare move list (lines `x,y`, in move order, each on a board of `dims`,
    /// no two the same) at `DONE`, or says why not.
    pub fn moves(self, dims: Dims) -> Result<Vec<Pos>, String> {
        let name = self.kind.name();
        if let Some(e) = self.error {
            return Err(format!("{name}: {e}"));
        }
        let mut moves = Vec::new();
        for (x, y, f) in self.stones {
            if f.is_some() {
                return Err(format!("{name}: expected x,y, got {x},{y},.."));
            }
            let p = cell(dims, x, y).map_err(|e| format!("{name}: {e}"))?;
            if moves.contains(&p) {
                return Err(format!("{name}: {x},{y} is played twice"));
            }
            moves.push(p);
        }
        Ok(moves)
    }

    /// Builds the position at `DONE`, or says why not.
    pub fn finish(self, rule: Rule, dims: Dims) -> Result<Setup, String> {
        let name = self.kind.name();
        if let Some(e) = self.error {
            return Err(format!("{name}: {e}"));
        }
        let r = match self.kind {
            BlockKind::Swap2 => swap2_setup(&self.stones, rule, dims),
            BlockKind::Board | BlockKind::YxBoard => board_setup(&self.stones, rule, dims),
            BlockKind::YxBlock
            | BlockKind::YxBlockUndo
            | BlockKind::BlockPath(_)
            | BlockKind::Soosorv(..)
            | BlockKind::Database => Err("not a position".into()),
        };
        r.map_err(|e| format!("{name}: {e}"))
    }
}

/// A `SWAP2BOARD` opening: plain stones in move order, 0, 3 or 5 of them.
fn swap2_setup(
    stones: &[(i64, i64, Option<i64>)],
    rule: Rule,
    dims: Dims,
) -> Result<Setup, String> {
    if ![0, 3, 5].contains(&stones.len()) {
        return Err(format!("{} stones, expected 0, 3 or 5", stones.len()));
    }
    let mut board = Board::new(rule, dims);
    for &(x, y, f) in stones {
        if f.is_some_and(|f| !(1..=2).contains(&f)) {
            return Err(format!("bad field in {x},{y}"));
        }
        let p = cell(dims, x, y)?;
        if !board.is_empty(p) {
            return Err(format!("{x},{y} is occupied"));
        }
        board.make(p);
    }
    Ok(Setup {
        board,
        blocked: Vec::new(),
    })
}

fn cell(dims: Dims, x: i64, y: i64) -> Result<Pos, String> {
    dims.pos(x, y)
        .ok_or_else(|| format!("{x},{y} is off the board"))
}

/// A `BOARD`/`YXBOARD` position.
fn board_setup(
    stones: &[(i64, i64, Option<i64>)],
    rule: Rule,
    dims: Dims,
) -> Result<Setup, String> {
    let mut board = Board::new(rule, dims);
    let mut blocked = Vec::new();
    // The colour each label had when played in order: [label 1, label 2]; `consistent` until a
    // label disagrees with the order.
    let mut colour: [Option<Color>; 2] = [None, None];
    let mut consistent = true;
    let mut own = Vec::new();
    let mut opp = Vec::new();
    for &(x, y, f) in stones {
        let f = f.ok_or_else(|| format!("{x},{y} has no field"))?;
        if !(1..=3).contains(&f) {
            return Err(format!("bad field {f} in {x},{y}"));
        }
        if f == 3 {
            let p = cell(dims, x, y)?;
            blocked.push(p);
            continue;
        }
        let side = board.side_to_move();
        let label = (f - 1) as usize;
        let expected = colour[1 - label].map(Color::opp).or(colour[label]);
        consistent &= expected.is_none_or(|c| c == side);
        colour[label] = Some(side);
        if (x, y) == (-1, -1) {
            board.pass();
            continue;
        }
        let p = cell(dims, x, y)?;
        if !board.is_empty(p) {
            return Err(format!("{x},{y} is occupied"));
        }
        board.make(p);
        if f == 1 {
            own.push(p);
        } else {
            opp.push(p);
        }
    }
    if blocked.iter().any(|&p| !board.is_empty(p)) {
        return Err("a blocked square holds a stone".into());
    }
    let me = colour[0].or(colour[1].map(Color::opp));
    if !consistent {
        let me = if opp.len() > own.len() {
            Color::White
        } else {
            Color::Black
        };
        let (black, white) = match me {
            Color::Black => (&own, &opp),
            Color::White => (&opp, &own),
        };
        board = from_stones(rule, dims, black, white, me)?;
    } else if me.is_some_and(|c| c != board.side_to_move()) {
        board.pass();
    }
    Ok(Setup { board, blocked })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(lines: &[&str]) -> Result<Setup, String> {
        let dims = Dims::square(15).unwrap();
        let mut b = Block::new(BlockKind::Board, dims);
        for l in lines {
            b.push(l);
        }
        b.finish(Rule::Renju, dims)
    }

    #[test]
    fn move_order_gives_the_side_to_move() {
        let s = setup(&["7,7,2", "7,8,1", "8,8,2"]).unwrap();
        assert_eq!(s.board.side_to_move(), Color::White);
        assert_eq!(s.board.stone(Pos::new(7, 7)), Some(Color::Black));
        let s = setup(&["7,7,1", "7,8,2"]).unwrap();
        assert_eq!(s.board.side_to_move(), Color::Black);
        assert_eq!(setup(&[]).unwrap().board.side_to_move(), Color::Black);
    }

    #[test]
    fn passes_and_grouped_lists() {
        // Yixin-Board: Black, a pass by White, Black again; White (label 1) to move.
        let s = setup(&["7,7,2", "-1,-1,1", "8,8,2"]).unwrap();
        assert_eq!(s.board.side_to_move(), Color::White);
        assert_eq!(s.board.stone(Pos::new(8, 8)), Some(Color::Black));
        // Grouped by owner: two own stones, then two opponent stones: own is Black.
        let s = setup(&["1,1,1", "2,2,1", "5,5,2", "6,6,2"]).unwrap();
        assert_eq!(s.board.side_to_move(), Color::Black);
        assert_eq!(s.board.stone(Pos::new(2, 2)), Some(Color::Black));
        assert_eq!(s.board.stone(Pos::new(6, 6)), Some(Color::White));
    }

    #[test]
    fn cell_lists() {
        let dims = Dims::square(15).unwrap();
        let cells = |lines: &[&str]| {
            let mut b = Block::new(BlockKind::YxBlock, dims);
            for l in lines {
                b.push(l);
            }
            b.cells(dims)
        };
        assert_eq!(
            cells(&["7,7", " 0 , 14 ", "7,7"]),
            Ok(vec![Pos::new(7, 7), Pos::new(0, 14)])
        );
        assert_eq!(cells(&[]), Ok(vec![]));
        assert!(cells(&["15,0"]).is_err());
        assert!(cells(&["-1,-1"]).is_err());
        assert!(cells(&["7,7,1"]).is_err());
        assert!(cells(&["7;7"]).is_err());
    }

    #[test]
    fn move_lists() {
        let dims = Dims::square(15).unwrap();
        let kind = BlockKind::Soosorv(3, 0);
        let moves = |lines: &[&str]| {
            let mut b = Block::new(kind, dims);
            for l in lines {
                b.push(l);
            }
            b.moves(dims)
        };
        assert_eq!(
            moves(&["7,7", "6,7", " 6 , 8 "]),
            Ok(vec![Pos::new(7, 7), Pos::new(6, 7), Pos::new(6, 8)])
        );
        assert_eq!(moves(&[]), Ok(vec![]));
        assert!(moves(&["7,7", "7,7"]).unwrap_err().contains("twice"));
        assert!(moves(&["15,7"]).unwrap_err().contains("off the board"));
        assert!(moves(&["7,7,1"]).is_err());
        assert!(moves(&["-1,-1"]).is_err());
        assert!(moves(&["7;7"]).is_err());
        let mut b = Block::failed(kind, dims, "bad N".into());
        b.push("7,7");
        assert_eq!(b.moves(dims), Err("YXSOOSORVSTEP3: bad N".into()));
        assert_eq!(kind.name(), "YXSOOSORVSTEP3");
        assert_eq!(BlockKind::Database.name(), "YXQUERYDATABASEALL");
    }

    #[test]
    fn bad_blocks() {
        assert!(setup(&["7,7,1", "7,7,2"]).is_err());
        assert!(setup(&["15,7,1"]).is_err());
        assert!(setup(&["7,7,4"]).is_err());
        assert!(setup(&["7,7"]).is_err());
        assert!(setup(&["7;7;1"]).is_err());
    }
}
