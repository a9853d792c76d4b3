//! Small read-only queries over the pattern tables that the threat solvers and the move
//! generator need: where the five-points of a colour are, whether a move is a legal four or
//! threat for a colour, and what class a cell would have with one more stone on its lines.
//!
//! Nothing here changes the position except the exact renju foul check, which places and takes
//! back stones and leaves the board as it found it.

use super::geometry::{line_of, PAD};
use super::{code, window_key, Board, Points, Pos};
use crate::rules::{Color, Combo, Pattern};

impl Board {
    /// The class a stone of `who` on empty `q` would have if a stone of `c` stood on empty `p`
    /// as well, read from the tables without playing (the class now when `p` is not within
    /// reach of `q` on one of its lines). Only `q`'s own line patterns are recomputed, so for
    /// renju Black, whose classes also depend on other cells, this is the tables' class.
    pub fn combo_if(&self, q: Pos, who: Color, p: Pos, c: Color) -> Combo {
        let (dx, dy) = (p.x() as i64 - q.x() as i64, p.y() as i64 - q.y() as i64);
        let (d, k) = match (dx, dy) {
            (_, 0) => (0, dx),
            (0, _) => (1, dy),
            _ if dx == dy => (2, dx),
            _ if dx == -dy => (3, dx),
            _ => return self.combo(q, who),
        };
        if k == 0 || k.abs() > i64::from(self.reach) {
            return self.combo(q, who);
        }
        let (li, t) = line_of(d, q.x(), q.y());
        let tp = (t as i64 + k) as usize;
        let word = self.lines[d][li] | (u128::from(code(c)) << (2 * (tp + PAD)));
        let pair = self.pair[window_key(word, t) as usize];
        let nib = u32::from((pair >> (4 * who as u8)) & 15);
        let half = (self.cells[q.index()].pat >> (16 * who as usize)) & 0xFFFF;
        let half = (half & !(15 << (4 * d))) | (nib << (4 * d));
        Combo::from_u8(self.class_tab[who.index()][self.code_tab[half as usize] as usize])
    }

    /// The empty cells where `c` makes five on a line through `p` (within four cells of it).
    /// After `c` makes a four at `p`, these are the cells the opponent must block.
    pub fn five_points_near(&self, p: Pos, c: Color) -> Points {
        let mut out = Points::new();
        for d in 0..4 {
            for k in -4i32..=4 {
                let q = p.step(d, k);
                if k != 0 && self.is_empty(q) && self.combo(q, c) == Combo::Five {
                    out.push(q);
                }
            }
        }
        out
    }

    /// Every five-point of `c`: looked for near the last two moves first, then on the whole board.
    pub fn five_points(&self, c: Color) -> Points {
        let n = self.count(c, Combo::Five) as usize;
        if n == 0 {
            return Points::new();
        }
        let h = self.history();
        for &m in h.iter().rev().take(2) {
            if m.is_none() {
                continue;
            }
            let near = self.five_points_near(m, c);
            if near.len() == n {
                return near;
            }
        }
        Points::from_vec(self.cells_at_least(c, Combo::Five))
    }

    /// Every empty cell where `c` has class `k` or better, as [`Board::cells_at_least`] but
    /// looked for on the lines of the last move first (a threat just made is there), and on the
    /// whole board only when some are elsewhere. Order: not board order.
    pub fn threat_cells(&self, c: Color, k: Combo) -> Vec<Pos> {
        let n = self.count_at_least(c, k) as usize;
        let mut out = Vec::with_capacity(n);
        if n == 0 {
            return out;
        }
        if let Some(m) = self.last_move().filter(|m| !m.is_none()) {
            for d in 0..4 {
                for j in -self.reach..=self.reach {
                    let q = m.step(d, j);
                    if j != 0 && self.is_empty(q) && self.combo(q, c) >= k {
                        out.push(q);
                    }
                }
            }
            if out.len() == n {
                return out;
            }
        }
        self.cells_at_least(c, k)
    }

    /// Whether `c` may play empty `p` under the rule (renju Black: not a foul; a five is always
    /// allowed).
    pub fn is_legal_for(&mut self, p: Pos, c: Color) -> bool {
        if !self.is_empty(p) {
            return false;
        }
        if !self.rule().has_fouls(c) || self.combo(p, c) != Combo::Forbid {
            return true;
        }
        self.is_forbidden(p).is_none()
    }

    /// Whether a stone of `c` on empty `p` makes at least one four (or five) in some direction,
    /// read from the line patterns (so also for renju Black's foul candidates).
    pub fn makes_four(&self, p: Pos, c: Color) -> bool {
        let k = self.combo(p, c);
        if k.is_four() {
            return true;
        }
        k == Combo::Forbid
            && (0..4).any(|d| {
                matches!(
                    self.pattern(p, d, c),
                    Pattern::B4 | Pattern::F4 | Pattern::Five
                )
            })
    }

    /// Whether a stone of `c` on empty `p` makes an open three in some direction.
    pub fn makes_open_three(&self, p: Pos, c: Color) -> bool {
        let k = self.combo(p, c);
        matches!(k, Combo::Three | Combo::ThreeThree | Combo::FourThree)
            || ((k == Combo::Forbid || k == Combo::FlexFour)
                && (0..4).any(|d| self.pattern(p, d, c) == Pattern::F3))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_moves;
    use crate::board::Dims;
    use crate::rules::Rule;

    fn board(moves: &str) -> Board {
        let dims = Dims::square(15).unwrap();
        let mut b = Board::new(Rule::Freestyle, dims);
        for p in parse_moves(moves, dims).unwrap() {
            b.make(p);
        }
        b
    }

    #[test]
    fn five_points_of_a_four() {
        // Black h8 i8 j8 k8 (white stones far away): g8 and l8 complete five.
        let b = board("h8a1i8a3j8a5k8");
        let dims = b.dims();
        let mut near = b.five_points_near(parse_moves("k8", dims).unwrap()[0], Color::Black);
        near.sort();
        let mut want = parse_moves("g8l8", dims).unwrap();
        want.sort();
        assert_eq!(near.to_vec(), want);
        let mut all = b.five_points(Color::Black);
        all.sort();
        assert_eq!(all.to_vec(), want);
        assert!(b.five_points(Color::White).is_empty());
    }

    #[test]
    fn four_and_three_makers() {
        let b = board("h8a1i8a3j8");
        let g8 = parse_moves("g8", b.dims()).unwrap()[0];
        let h9 = parse_moves("h9", b.dims()).unwrap()[0];
        assert!(b.makes_four(g8, Color::Black));
        assert!(!b.makes_four(h9, Color::Black));
        let b2 = board("h8a1i8");
        let j8 = parse_moves("j8", b2.dims()).unwrap()[0];
        assert!(b2.makes_open_three(j8, Color::Black));
        assert!(!b2.makes_open_three(h9, Color::Black));
    }

    /// `combo_if` answers as playing the stone does, for every pair of empty cells of positions
    /// of random games, every rule and both colours (renju: White's classes, which depend on
    /// the lines alone; Black's only where no foul candidate is involved).
    #[test]
    fn combo_if_matches_playing_the_stone() {
        use rand::{rngs::StdRng, seq::SliceRandom, SeedableRng};
        let dims = Dims::square(15).unwrap();
        let mut rng = StdRng::seed_from_u64(7);
        let (mut checked, mut changed) = (0u64, 0u64);
        for rule in Rule::ALL {
            for _ in 0..3 {
                let mut b = Board::new(rule, dims);
                let mut cells: Vec<Pos> = dims.cells().collect();
                cells.shuffle(&mut rng);
                for &m in cells.iter().take(60) {
                    if b.combo(m, b.side_to_move()) == Combo::Five {
                        continue;
                    }
                    b.make(m);
                    if !b.stone_count().is_multiple_of(12) {
                        continue;
                    }
                    let empties: Vec<Pos> = dims.cells().filter(|&q| b.is_empty(q)).collect();
                    for &p in &empties {
                        for c in [Color::Black, Color::White] {
                            let mut after = b.clone();
                            if after.side_to_move() != c {
                                after.pass();
                            }
                            after.make(p);
                            for &q in empties.iter().filter(|&&q| q != p) {
                                for who in [Color::Black, Color::White] {
                                    let now = after.combo(q, who);
                                    let fouls = rule.has_fouls(who)
                                        && (now == Combo::Forbid
                                            || b.combo(q, who) == Combo::Forbid);
                                    if fouls {
                                        continue;
                                    }
                                    checked += 1;
                                    changed += u64::from(now != b.combo(q, who));
                                    assert_eq!(
                                        b.combo_if(q, who, p, c),
                                        now,
                                        "{rule:?} {p:?} {q:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000 && changed > 1_000, "{checked} {changed}");
    }

    /// `threat_cells` finds the same cells as the whole-board scan, for every class, colour and
    /// rule, in positions of random games (threats near the last move and away from it).
    #[test]
    fn threat_cells_finds_every_cell_of_the_class() {
        use rand::{rngs::StdRng, seq::SliceRandom, SeedableRng};
        let dims = Dims::square(15).unwrap();
        let mut rng = StdRng::seed_from_u64(11);
        let mut found = 0;
        for rule in Rule::ALL {
            for _ in 0..20 {
                let mut b = Board::new(rule, dims);
                let mut cells: Vec<Pos> = dims.cells().collect();
                cells.shuffle(&mut rng);
                for &m in cells.iter().take(80) {
                    if b.combo(m, b.side_to_move()) == Combo::Five {
                        continue;
                    }
                    b.make(m);
                    for c in [Color::Black, Color::White] {
                        for k in [Combo::Three, Combo::Four, Combo::FlexFour, Combo::Five] {
                            let mut got = b.threat_cells(c, k);
                            got.sort();
                            assert_eq!(got, b.cells_at_least(c, k), "{rule:?} {c:?} {k:?}");
                            found += got.len();
                        }
                    }
                }
            }
        }
        assert!(found > 10_000, "{found}");
    }
}
