//! The searched children of a game file's positions, and their cache beside the file.
//!
//! `train` gives every training position a *child*: the position after one random legal move
//! within two cells of a stone ([`label::random_move`]), searched afresh with the classical
//! evaluation at a fixed node count. Those searches are most of a training run's time and the
//! same on every run (a searcher cleared for each game, generators seeded by the game's place in
//! its file and the ply), so they are made once per file and kept in `FILE.N.kgc` beside
//! `FILE.kgd` (N the node count): a corpus that grows pays only for its new shards.
//!
//! The cache starts with `KGC1`, then little-endian `u64` nodes, `u64` length and `u64` FNV-1a
//! hash of the game file's bytes, `u32` games; then per game a `u16` count and per training
//! position a `u16` cell (`y·width + x`, [`NONE`] for no child) and the child's `i16` score for
//! its side to move (the [`dataset`] encoding). A cache is trusted when its header matches the
//! file and its first game labels again to the same numbers, so a changed search (which
//! labels otherwise) makes it over instead of feeding stale targets.

use crate::dataset::{ScoredGame, LOSS, NO_SCORE, WIN};
use crate::label;
use kakugo::board::{Board, Pos};
use kakugo::rules::Color;
use kakugo::search::{Limits, Score, Searcher};
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// The cache's first bytes.
const MAGIC: &[u8; 4] = b"KGC1";
/// No child at this position (no legal move near the stones, or the child has a five to make).
pub const NONE: u16 = u16::MAX;
/// Hash table of each thread's searcher.
const HASH_BYTES: usize = 16 << 20;

/// A position's child: its move and its searched score for the child's side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    pub cell: Pos,
    pub score: i16,
}

/// A game's children, one entry per training position.
pub type Kids = Vec<Option<Child>>;

/// Whether position `i` of `g` (before its move `i`) is a training position.
pub fn trains(g: &ScoredGame, b: &Board, i: usize) -> bool {
    let me = b.side_to_move();
    i >= g.opening
        && g.scores[i] != NO_SCORE
        && !b.has_five_point(me)
        && !b.has_five_point(me.opp())
}

/// The children of game number `game` of its file, one entry per training position.
pub fn of_game(g: &ScoredGame, game: u64, s: &mut Searcher, nodes: u64) -> Kids {
    s.clear();
    let mut b = Board::new(g.rule, g.dims);
    let mut out = Vec::new();
    for (i, &p) in g.moves.iter().enumerate() {
        if trains(g, &b, i) {
            out.push(child(&mut b, game * 1000 + i as u64, s, nodes));
        }
        if !b.is_empty(p) {
            break;
        }
        b.make(p);
    }
    out
}

/// A random child of `b` searched with `nodes`, its move drawn from a generator seeded by `seed`.
fn child(b: &mut Board, seed: u64, s: &mut Searcher, nodes: u64) -> Option<Child> {
    let mut rng = StdRng::seed_from_u64(seed);
    let cell = label::random_move(b, &mut rng)?;
    b.make(cell);
    let open = !b.has_five_point(Color::Black) && !b.has_five_point(Color::White);
    let score = open.then(|| {
        let limits = Limits {
            max_nodes: Some(nodes),
            ..Limits::default()
        };
        let r = s.search(b, &limits, &AtomicBool::new(false), &mut |_| {});
        match r.info.score {
            Score::Eval(e) => e.clamp(i32::from(LOSS) + 1, i32::from(WIN) - 1) as i16,
            Score::Win(_) => WIN,
            Score::Loss(_) => LOSS,
        }
    });
    b.unmake();
    score.map(|score| Child { cell, score })
}

/// A searcher that labels children: the classical evaluation alone.
fn searcher() -> Searcher {
    let mut s = Searcher::new();
    s.set_hash_bytes(HASH_BYTES);
    s.set_feature("network", false);
    s
}

/// Where the children of `data` searched with `nodes` are kept.
pub fn cache_path(data: &Path, nodes: u64) -> PathBuf {
    data.with_extension(format!("{nodes}.kgc"))
}

/// FNV-1a of `bytes`.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The cache's header for a game file's bytes.
fn header(file: &[u8], nodes: u64, games: usize) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend(nodes.to_le_bytes());
    out.extend((file.len() as u64).to_le_bytes());
    out.extend(fnv(file).to_le_bytes());
    out.extend((games as u32).to_le_bytes());
    out
}

/// The cache's bytes.
fn encode(head: Vec<u8>, games: &[ScoredGame], kids: &[Kids]) -> Vec<u8> {
    let mut out = head;
    for (g, k) in games.iter().zip(kids) {
        out.extend((k.len() as u16).to_le_bytes());
        for c in k {
            let (cell, score) = match c {
                Some(c) => ((c.cell.y() * g.dims.w + c.cell.x()) as u16, c.score),
                None => (NONE, 0),
            };
            out.extend(cell.to_le_bytes());
            out.extend(score.to_le_bytes());
        }
    }
    out
}

/// The children a cache holds, if it is whole and made for `head` and `games`.
fn decode(bytes: &[u8], head: &[u8], games: &[ScoredGame]) -> Option<Vec<Kids>> {
    let mut rest = bytes.strip_prefix(head)?;
    let mut take = |n: usize| -> Option<&[u8]> {
        let (a, b) = (rest.get(..n)?, rest.get(n..)?);
        rest = b;
        Some(a)
    };
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        let n = u16::from_le_bytes(take(2)?.try_into().ok()?);
        let mut k = Vec::with_capacity(usize::from(n));
        for _ in 0..n {
            let v = take(4)?;
            let cell = u16::from_le_bytes([v[0], v[1]]);
            let score = i16::from_le_bytes([v[2], v[3]]);
            k.push(if cell == NONE {
                None
            } else {
                let c = usize::from(cell);
                let cell = g.dims.pos((c % g.dims.w) as i64, (c / g.dims.w) as i64)?;
                Some(Child { cell, score })
            });
        }
        out.push(k);
    }
    take(1).is_none().then_some(out)
}

/// The children of every game of `games` (the games of `data` that are trained on), from the
/// cache where it holds them, else searched on the current rayon pool and then cached.
/// Returns them with whether they were searched.
pub fn of_file(data: &Path, games: &[ScoredGame], nodes: u64) -> Result<(Vec<Kids>, bool), String> {
    let file = std::fs::read(data).map_err(|e| format!("{}: {e}", data.display()))?;
    let head = header(&file, nodes, games.len());
    let path = cache_path(data, nodes);
    if let Some(kids) = std::fs::read(&path)
        .ok()
        .and_then(|b| decode(&b, &head, games))
    {
        let first = games.first().map(|g| of_game(g, 0, &mut searcher(), nodes));
        if first.as_ref() == kids.first() {
            return Ok((kids, false));
        }
    }
    let kids: Vec<Kids> = games
        .par_iter()
        .enumerate()
        .map_init(searcher, |s, (i, g)| of_game(g, i as u64, s, nodes))
        .collect();
    let part = path.with_extension("kgc.part");
    std::fs::write(&part, encode(head, games, &kids))
        .and_then(|()| std::fs::rename(&part, &path))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((kids, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kakugo::board::Dims;
    use kakugo::record::GameResult;
    use kakugo::rules::Rule;

    fn game(moves: &[(i64, i64)]) -> ScoredGame {
        let dims = Dims::new(15, 15).unwrap();
        ScoredGame {
            rule: Rule::Renju,
            dims,
            result: GameResult::BlackWon,
            opening: 2,
            moves: moves
                .iter()
                .map(|&(x, y)| dims.pos(x, y).unwrap())
                .collect(),
            scores: (0..moves.len())
                .map(|i| if i < 2 { NO_SCORE } else { 10 * i as i16 })
                .collect(),
        }
    }

    #[test]
    fn children_are_cached_and_a_damaged_or_stale_cache_is_made_again() {
        let dir = std::env::temp_dir().join(format!("kakugo-children-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("g.kgd");
        let games = vec![
            game(&[(7, 7), (8, 8), (7, 8), (9, 9), (7, 9), (10, 10)]),
            game(&[(7, 7), (6, 6), (8, 7), (5, 5), (9, 8)]),
        ];
        std::fs::write(&data, crate::dataset::encode(&games)).unwrap();
        let (a, searched) = of_file(&data, &games, 1_500).unwrap();
        assert!(searched);
        // One entry per training position (after the two opening stones), mostly children.
        assert_eq!(a.iter().map(Vec::len).collect::<Vec<_>>(), [4, 3]);
        assert!(a.iter().flatten().filter(|c| c.is_some()).count() >= 5);
        let (b, searched) = of_file(&data, &games, 1_500).unwrap();
        assert!(!searched);
        assert_eq!(a, b);
        // Another node count has its own cache.
        assert!(of_file(&data, &games, 1_000).unwrap().1);
        // A cut cache, or one whose first game labels otherwise, is made again.
        let path = cache_path(&data, 1_500);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert_eq!(of_file(&data, &games, 1_500).unwrap(), (a.clone(), true));
        let mut stale = bytes.clone();
        let at = header(&[], 0, 0).len() + 2 + 2;
        stale[at] ^= 1;
        std::fs::write(&path, &stale).unwrap();
        assert_eq!(of_file(&data, &games, 1_500).unwrap(), (a.clone(), true));
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
        // Another game file (the same games' bytes changed) does not read this one's cache.
        let other = vec![games[1].clone(), games[0].clone()];
        std::fs::write(&data, crate::dataset::encode(&other)).unwrap();
        let (c, searched) = of_file(&data, &other, 1_500).unwrap();
        assert!(searched);
        assert_eq!(c[0].len(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
