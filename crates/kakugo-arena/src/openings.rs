//! Openings: reading pos files (`h8i9…`) and Gomocup offset files (`dx,dy, dx,dy, …` from the
//! centre `size / 2`), checking every line against the board and the rule (a bad line is
//! reported and skipped, never fatal), and deriving the 26 canonical RIF renju openings by
//! symmetry.

use kakugo::board::notation::{format_moves, parse_moves};
use kakugo::board::{Board, Dims, Pos, Verdict};
use kakugo::rules::Rule;
use std::path::Path;

/// One usable opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Stones in move order, Black first.
    pub moves: Vec<Pos>,
    /// The line number in its file (1-based; 0 when not from a file).
    pub line: usize,
}

/// Parses one line: offset format when it has a comma or a sign, else pos format.
pub fn parse_line(text: &str, dims: Dims) -> Result<Vec<Pos>, String> {
    let t = text.trim();
    if t.contains(',') || t.starts_with('-') || t.starts_with(|c: char| c.is_ascii_digit()) {
        parse_offsets(t, dims)
    } else {
        parse_moves(t, dims)
    }
}

/// Parses an offset line `dx,dy, dx,dy, …` (commas and/or spaces between numbers).
pub fn parse_offsets(text: &str, dims: Dims) -> Result<Vec<Pos>, String> {
    let nums: Vec<i64> = text
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| format!("bad number {s:?}")))
        .collect::<Result<_, _>>()?;
    if !nums.len().is_multiple_of(2) {
        return Err("odd count of offsets".into());
    }
    let c = dims.centre();
    nums.chunks(2)
        .map(|d| {
            let (x, y) = (c.x() as i64 + d[0], c.y() as i64 + d[1]);
            dims.pos(x, y)
                .ok_or_else(|| format!("offset {},{} is off the board", d[0], d[1]))
        })
        .collect()
}

/// Checks that an opening can be played: every stone on an empty cell, none winning or foul.
pub fn check(moves: &[Pos], rule: Rule, dims: Dims) -> Result<(), String> {
    let mut b = Board::new(rule, dims);
    for (i, &p) in moves.iter().enumerate() {
        match b.judge(p) {
            Verdict::Normal => b.make(p),
            Verdict::Illegal => return Err(format!("stone {} is on an occupied cell", i + 1)),
            Verdict::Win => return Err(format!("stone {} makes five", i + 1)),
            Verdict::Foul(f) => return Err(format!("stone {} is a foul ({})", i + 1, f.name())),
        }
    }
    if b.is_full() {
        return Err("the board is full".into());
    }
    Ok(())
}

/// Reads openings from text; returns the usable ones and one message per rejected line.
/// Empty lines and lines starting with `#` are skipped.
pub fn parse_file(text: &str, rule: Rule, dims: Dims) -> (Vec<Opening>, Vec<String>) {
    let mut good = Vec::new();
    let mut bad = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match parse_line(t, dims).and_then(|m| check(&m, rule, dims).map(|()| m)) {
            Ok(moves) => good.push(Opening { moves, line: i + 1 }),
            Err(e) => bad.push(format!("line {}: {e} ({t})", i + 1)),
        }
    }
    (good, bad)
}

/// Reads an opening file (see [`parse_file`]).
pub fn load(path: &Path, rule: Rule, dims: Dims) -> Result<(Vec<Opening>, Vec<String>), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(parse_file(&text, rule, dims))
}

/// A map of board offsets (a symmetry of the square).
type Sym = fn((i64, i64)) -> (i64, i64);

/// A RIF opening as offsets from the centre: Black's first stone (0,0), White's stone and
/// Black's third stone; y grows downwards, White's stone is above Black's.
pub type RifOpening = [(i64, i64); 3];

/// The 26 canonical renju openings: 13 direct (White's stone adjacent, `(0,-1)`) and 13
/// indirect (diagonal, `(1,-1)`), with Black's third stone anywhere in the central 5×5, one
/// representative per class of placements that a board symmetry fixing the first two stones
/// maps onto each other. Direct first; within each, by the third stone's row then column.
pub fn rif26() -> Vec<RifOpening> {
    // The eight symmetries of the square.
    let syms: [Sym; 8] = [
        |(x, y)| (x, y),
        |(x, y)| (-x, y),
        |(x, y)| (x, -y),
        |(x, y)| (-x, -y),
        |(x, y)| (y, x),
        |(x, y)| (-y, x),
        |(x, y)| (y, -x),
        |(x, y)| (-y, -x),
    ];
    let mut out = Vec::new();
    for white in [(0, -1), (1, -1)] {
        let fixing: Vec<_> = syms
            .iter()
            .filter(|s| s((0, 0)) == (0, 0) && s(white) == white)
            .collect();
        let mut reps: Vec<(i64, i64)> = Vec::new();
        for y in -2..=2 {
            for x in -2..=2 {
                let p = (x, y);
                if p == (0, 0) || p == white {
                    continue;
                }
                // The class representative is its least member by (row, column).
                let rep = fixing
                    .iter()
                    .map(|s| s(p))
                    .min_by_key(|&(x, y)| (y, x))
                    .expect("identity is among the symmetries");
                if !reps.contains(&rep) {
                    reps.push(rep);
                }
            }
        }
        reps.sort_by_key(|&(x, y)| (y, x));
        out.extend(reps.into_iter().map(|b| [(0, 0), white, b]));
    }
    out
}

/// The RIF openings as a pos file for a 15×15 board, with a header comment.
pub fn rif26_file() -> String {
    let dims = Dims::square(15).expect("15 is a valid size");
    let c = dims.centre();
    let mut s = String::from(
        "# The 26 canonical RIF renju openings (13 direct, then 13 indirect), 15x15, pos notation.\n\
         # Generated by `kakugo-arena rif26`; tests check that this file matches the generator.\n",
    );
    for o in rif26() {
        let moves: Vec<Pos> = o
            .iter()
            .map(|&(dx, dy)| {
                dims.pos(c.x() as i64 + dx, c.y() as i64 + dy)
                    .expect("central 5x5 is on the board")
            })
            .collect();
        s.push_str(&format_moves(&moves));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d15() -> Dims {
        Dims::square(15).unwrap()
    }

    #[test]
    fn both_formats_parse_to_the_same_cells() {
        let a = parse_line("h8i9j8", d15()).unwrap();
        let b = parse_line("0,0, 1,1, 2,0", d15()).unwrap();
        assert_eq!(a, b);
        assert_eq!(a[1], Pos::new(8, 8));
        let c = parse_line("-1,-1 0 2", d15()).unwrap();
        assert_eq!(c, vec![Pos::new(6, 6), Pos::new(7, 9)]);
    }

    #[test]
    fn bad_lines_are_reported_and_skipped() {
        let text = "h8i9\n\n# comment\nh8h8\nz99\n0,0,1\n0,9\nh8i9j8\n";
        let (good, bad) = parse_file(text, Rule::Freestyle, d15());
        assert_eq!(good.len(), 2);
        assert_eq!(good[1].line, 8);
        assert_eq!(bad.len(), 4, "{bad:?}");
        assert!(bad[0].starts_with("line 4: stone 2 is on an occupied cell"));
    }

    #[test]
    fn renju_fouls_and_fives_are_rejected() {
        // h8 crosses two open threes (double three); l8 completes a five.
        let (good, bad) = parse_file(
            "i8a1j8a2h9a3h10a4h8\nh8a1i8a2j8a3k8a4l8\n",
            Rule::Renju,
            d15(),
        );
        assert!(good.is_empty(), "{good:?}");
        assert_eq!(bad.len(), 2);
    }

    #[test]
    fn rif_openings_are_13_direct_and_13_indirect() {
        let all = rif26();
        assert_eq!(all.len(), 26);
        assert!(all[..13].iter().all(|o| o[1] == (0, -1)));
        assert!(all[13..].iter().all(|o| o[1] == (1, -1)));
        let mut thirds: Vec<_> = all.iter().map(|o| (o[1], o[2])).collect();
        thirds.dedup();
        assert_eq!(thirds.len(), 26);
        // Every legal third stone is equivalent to exactly one listed opening.
        for o in &all {
            assert!(o[2].0.abs() <= 2 && o[2].1.abs() <= 2);
            assert!(o[2] != o[0] && o[2] != o[1]);
        }
    }

    #[test]
    fn shipped_rif_file_matches_the_generator() {
        let shipped = include_str!("../../../tournaments/openings/renju_rif26.pos.txt");
        assert_eq!(shipped, rif26_file());
        let (good, bad) = parse_file(shipped, Rule::Renju, d15());
        assert_eq!((good.len(), bad.len()), (26, 0));
    }
}
