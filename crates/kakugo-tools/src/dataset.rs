//! The training set's file format (`.kgd`): self-play games with the search's score of every
//! position, a few bytes a position, so that a million positions fit in the repository.
//!
//! The file starts with the four bytes `KGD1`; then one record a game, little-endian:
//! `u8` rule ([`Rule::ALL`] index), `u8` width, `u8` height, `u8` result (0 Black won, 1 White
//! won, 2 draw), `u8` opening plies, `u16` moves; then per move `u16` cell (`y·width + x`) and
//! `i16` score: the score, for the side to move, of the search that chose the move —
//! [`WIN`]/[`LOSS`] for a proven result, [`NO_SCORE`] where no search chose it (the opening).

use kakugo::board::{Dims, Pos};
use kakugo::record::GameResult;
use kakugo::rules::Rule;
use std::path::Path;

/// The file's first bytes.
const MAGIC: &[u8; 4] = b"KGD1";
/// A proven win for the side to move.
pub const WIN: i16 = 32_000;
/// A proven loss for the side to move.
pub const LOSS: i16 = -32_000;
/// No search chose the move.
pub const NO_SCORE: i16 = i16::MIN;

/// One game with its scores.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoredGame {
    /// The rule.
    pub rule: Rule,
    /// The board.
    pub dims: Dims,
    /// How it ended.
    pub result: GameResult,
    /// Stones of the opening (not chosen by a search).
    pub opening: usize,
    /// The moves, Black first.
    pub moves: Vec<Pos>,
    /// Per move, the score of the position before it for its side to move.
    pub scores: Vec<i16>,
}

/// The bytes of a file holding `games`.
pub fn encode(games: &[ScoredGame]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    for g in games {
        let rule = Rule::ALL.iter().position(|&r| r == g.rule).unwrap_or(0);
        let result = match g.result {
            GameResult::BlackWon => 0,
            GameResult::WhiteWon => 1,
            GameResult::Draw => 2,
        };
        out.extend([rule as u8, g.dims.w as u8, g.dims.h as u8, result]);
        out.push(g.opening.min(255) as u8);
        out.extend((g.moves.len() as u16).to_le_bytes());
        for (p, s) in g.moves.iter().zip(&g.scores) {
            let cell = (p.y() * g.dims.w + p.x()) as u16;
            out.extend(cell.to_le_bytes());
            out.extend(s.to_le_bytes());
        }
    }
    out
}

/// Whether `bytes` are a training set (its first bytes are the format's).
pub fn is_dataset(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// Reads the bytes of a file; an error says where it is broken.
pub fn decode(bytes: &[u8]) -> Result<Vec<ScoredGame>, String> {
    if bytes.get(..4) != Some(MAGIC.as_slice()) {
        return Err("not a KGD1 file".into());
    }
    let mut games = Vec::new();
    let mut i = 4;
    while i < bytes.len() {
        let at = i;
        let bad = |why: &str| format!("game {} at byte {at}: {why}", games.len());
        let head = bytes.get(i..i + 7).ok_or_else(|| bad("cut short"))?;
        let rule = *Rule::ALL
            .get(head[0] as usize)
            .ok_or_else(|| bad("unknown rule"))?;
        let dims = Dims::new(head[1] as usize, head[2] as usize).ok_or_else(|| bad("bad size"))?;
        let result = match head[3] {
            0 => GameResult::BlackWon,
            1 => GameResult::WhiteWon,
            2 => GameResult::Draw,
            _ => return Err(bad("bad result")),
        };
        let opening = head[4] as usize;
        let n = u16::from_le_bytes([head[5], head[6]]) as usize;
        i += 7;
        let body = bytes.get(i..i + 4 * n).ok_or_else(|| bad("cut short"))?;
        let mut moves = Vec::with_capacity(n);
        let mut scores = Vec::with_capacity(n);
        for m in body.chunks_exact(4) {
            let cell = u16::from_le_bytes([m[0], m[1]]) as usize;
            let p = dims
                .pos((cell % dims.w) as i64, (cell / dims.w) as i64)
                .filter(|_| cell < dims.area())
                .ok_or_else(|| bad("cell off the board"))?;
            moves.push(p);
            scores.push(i16::from_le_bytes([m[2], m[3]]));
        }
        i += 4 * n;
        games.push(ScoredGame {
            rule,
            dims,
            result,
            opening,
            moves,
            scores,
        });
    }
    Ok(games)
}

/// Reads a file.
pub fn read(path: &Path) -> Result<Vec<ScoredGame>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_read_back_as_written_and_damage_is_reported() {
        let dims = Dims::new(15, 15).unwrap();
        let moves: Vec<Pos> = [(7, 7), (8, 8), (0, 14), (14, 0)]
            .iter()
            .map(|&(x, y)| dims.pos(x, y).unwrap())
            .collect();
        let a = ScoredGame {
            rule: Rule::Renju,
            dims,
            result: GameResult::WhiteWon,
            opening: 2,
            moves: moves.clone(),
            scores: vec![NO_SCORE, NO_SCORE, -17, WIN],
        };
        let b = ScoredGame {
            rule: Rule::Freestyle,
            dims: Dims::new(20, 20).unwrap(),
            result: GameResult::Draw,
            opening: 0,
            moves: vec![Dims::new(20, 20).unwrap().pos(19, 19).unwrap()],
            scores: vec![LOSS],
        };
        let bytes = encode(&[a.clone(), b.clone()]);
        assert_eq!(bytes.len(), 4 + 7 + 16 + 7 + 4);
        assert_eq!(decode(&bytes).unwrap(), vec![a, b]);
        assert!(decode(&bytes[..bytes.len() - 1]).is_err());
        assert!(decode(b"KGD2").is_err());
        let mut off = bytes.clone();
        off[4 + 7] = 0xFF; // the first cell: 0x..FF, off a 15x15 board
        off[4 + 8] = 0xFF;
        assert!(decode(&off).is_err());
    }
}
