//! Writing and reading positions: pos notation (`h8i9`, letter = x, number = y + 1 from the top),
//! cell names (`H8`, row counted from the bottom, as renju diagrams and the test data have them),
//! ASCII diagrams, and setting up a position from two stone lists.

use super::{Board, Dims, Pos};
use crate::rules::{Color, Rule};

/// Parses a run of pos-notation moves (`h8i9j10`) into cells; case-insensitive.
pub fn parse_moves(s: &str, dims: Dims) -> Result<Vec<Pos>, String> {
    let b = s.trim().as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i].to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return Err(format!("expected a column letter at {i} in {s:?}"));
        }
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let row: i64 = std::str::from_utf8(&b[start..i])
            .ok()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| format!("expected a row number at {start} in {s:?}"))?;
        let p = dims
            .pos(i64::from(c - b'a'), row - 1)
            .ok_or_else(|| format!("{}{} is off the board", c as char, row))?;
        out.push(p);
    }
    Ok(out)
}

/// Writes cells in pos notation.
pub fn format_moves(moves: &[Pos]) -> String {
    moves
        .iter()
        .map(|p| format!("{}{}", (b'a' + p.x() as u8) as char, p.y() + 1))
        .collect()
}

/// Parses a cell name such as `H8` (row counted from the bottom) on a board of `dims`.
pub fn parse_cell_name(s: &str, dims: Dims) -> Result<Pos, String> {
    let s = s.trim();
    let mut ch = s.chars();
    let letter = ch
        .next()
        .filter(char::is_ascii_alphabetic)
        .ok_or_else(|| format!("bad cell name {s:?}"))?;
    let row: i64 = ch
        .as_str()
        .parse()
        .map_err(|_| format!("bad cell name {s:?}"))?;
    let x = i64::from(letter.to_ascii_uppercase() as u8 - b'A');
    dims.pos(x, dims.h as i64 - row)
        .ok_or_else(|| format!("{s} is off the board"))
}

/// The name of a cell with the row counted from the bottom (`H8`).
pub fn cell_name(p: Pos, dims: Dims) -> String {
    format!("{}{}", (b'A' + p.x() as u8) as char, dims.h - p.y())
}

/// Sets up a position from two stone lists: stones alternate Black, White in list order, and the
/// colour that runs out passes, so that `to_move` is to move at the end.
pub fn from_stones(
    rule: Rule,
    dims: Dims,
    black: &[Pos],
    white: &[Pos],
    to_move: Color,
) -> Result<Board, String> {
    let mut b = Board::new(rule, dims);
    let (mut i, mut j) = (0, 0);
    while i < black.len() || j < white.len() {
        let list = if b.side_to_move() == Color::Black {
            &mut i
        } else {
            &mut j
        };
        let stones = if b.side_to_move() == Color::Black {
            black
        } else {
            white
        };
        match stones.get(*list) {
            Some(&p) => {
                if !b.is_empty(p) {
                    return Err(format!("{p:?} is occupied or off the board"));
                }
                b.make(p);
                *list += 1;
            }
            None => b.pass(),
        }
    }
    if b.side_to_move() != to_move {
        b.pass();
    }
    Ok(b)
}

/// An ASCII diagram: one row a line, `X` Black, `O` White, `.` empty, and any one other marker
/// character (such as `?`) for a point of interest, which is returned. Spaces are ignored.
pub struct Diagram {
    /// The board size.
    pub dims: Dims,
    /// Black stones.
    pub black: Vec<Pos>,
    /// White stones.
    pub white: Vec<Pos>,
    /// Cells marked with something else than `X`, `O` or `.`, with the marker.
    pub marks: Vec<(Pos, char)>,
}

/// Parses an ASCII diagram (see [`Diagram`]).
pub fn parse_diagram(text: &str) -> Result<Diagram, String> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let h = rows.len();
    let w = rows.first().map_or(0, Vec::len);
    let dims = Dims::new(w, h).ok_or_else(|| format!("bad diagram size {w}x{h}"))?;
    let mut d = Diagram {
        dims,
        black: Vec::new(),
        white: Vec::new(),
        marks: Vec::new(),
    };
    for (y, row) in rows.iter().enumerate() {
        if row.len() != w {
            return Err(format!("row {y} has {} cells, not {w}", row.len()));
        }
        for (x, &c) in row.iter().enumerate() {
            let p = Pos::new(x, y);
            match c {
                'X' | 'x' => d.black.push(p),
                'O' | 'o' => d.white.push(p),
                '.' => {}
                m => d.marks.push((p, m)),
            }
        }
    }
    Ok(d)
}

/// The 15×15 position of `rule` after `moves` (pos notation, Black first): the unit tests'
/// way to set up a board.
#[cfg(test)]
pub(crate) fn test_position(rule: Rule, moves: &str) -> Board {
    let dims = Dims::square(15).expect("15 is a legal size");
    let mut b = Board::new(rule, dims);
    for p in parse_moves(moves, dims).expect("legal pos notation") {
        b.make(p);
    }
    b
}
