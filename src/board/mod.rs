//! The game position: stones, side to move, move history, Zobrist hash, and the incremental
//! pattern tables and threat counters that every other part of the engine reads.
//!
//! Every empty cell keeps, for each of the four directions, the line pattern a Black and a White
//! stone there would make (one byte: Black's pattern in the low nibble), and one combo per
//! colour ([`Combo`]). Per colour, the number of empty cells of each combo is kept, so questions
//! like "does the side to move have a five-point" are O(1). Each empty cell also has a cell code
//! per colour (its four patterns, whatever their directions); the board sums two values per code
//! over the empty cells, per colour, from a table its owner supplies ([`CellValues`]: the
//! evaluation's). Line patterns are read from generated
//! tables with a key cut out of a 2-bit-per-cell word per line, so a move updates only the cells
//! within reach of it along its four lines, and never rescans the board.

mod foul;
pub(crate) mod geometry;
// `notation` (cell names, move lists, diagrams) is public: the arena, the tools and the tests
// read and write positions with it.
pub mod notation;
mod query;
// `rif` (the 26 canonical renju openings) and `symmetry` (of boards and positions) are public:
// the opening decisions, the arena and the tools use them.
pub mod rif;
pub mod symmetry;
mod tables;
mod zobrist;

pub use geometry::{Dims, Pos, CELLS};
pub use tables::code_table;

use crate::rules::combo::{CODE_COUNT, COMBO_COUNT};
use crate::rules::line::{EMPTY, KEY_COUNT, WALL};
use crate::rules::{Color, Combo, Pattern, Rule};
use geometry::{line_of, DIR_STEP, LINES, PAD};
use zobrist::Zobrist;

/// One padded cell: the stone code, and for an empty cell its patterns and classes.
#[derive(Clone, Copy, Default)]
struct Cell {
    /// Nibble `d` (bits 4d..4d+4): direction `d`'s Black pattern; nibble `4 + d`: White's.
    pat: u32,
    /// Per colour: the [`Combo`] code.
    combo: [u8; 2],
    /// `EMPTY`, 1 (Black), 2 (White) or `WALL`.
    stone: u8,
}

/// A cell's state before a move changed it, kept so that the move can be undone by copying.
#[derive(Clone, Copy)]
struct Saved {
    pos: u16,
    combo: [u8; 2],
    pat: u32,
}

/// Per colour, per cell code, two values the board sums over the empty cells of that colour's
/// code (what they mean is the supplier's business: the evaluation's values of the cell as the
/// side to move's and as the opponent's).
pub type CellValues = [[[i32; 2]; CODE_COUNT]; 2];

/// A few cells (the five-points of a four, a line's points), kept inline up to eight.
pub type Points = smallvec::SmallVec<[Pos; 8]>;

/// The values a board sums until told otherwise: none.
static NO_VALUES: CellValues = [[[0; 2]; CODE_COUNT]; 2];

/// Per colour, the class counts and the two value sums.
type Totals = ([[u16; 16]; 2], [[i32; 2]; 2]);

/// The stone code of a colour on the line words and in cells.
#[inline]
fn code(c: Color) -> u8 {
    c as u8 + 1
}

/// Cuts the window key of the cell at place `t` out of a line word.
#[inline]
fn window_key(word: u128, t: usize) -> u32 {
    let bits = (word >> (2 * t)) as u32 & 0x3F_FFFF;
    (bits & 0x3FF) | ((bits >> 2) & 0xF_FC00)
}

/// Spreads a pair-table byte (Black | White << 4) into the nibbles of direction `d`.
#[inline]
const fn spread(pair: u8, d: usize) -> u32 {
    ((pair as u32 & 15) << (4 * d)) | ((pair as u32 >> 4) << (16 + 4 * d))
}

/// Per stone code, the code at each place of a line word.
static STONE_BITS: [[u128; 64]; 4] = {
    let mut t = [[0; 64]; 4];
    let mut c = 0;
    while c < 4 {
        let mut i = 0;
        while i < 64 {
            t[c][i] = (c as u128) << (2 * i);
            i += 1;
        }
        c += 1;
    }
    t
};

/// [`spread`] of every pair byte, per direction.
static SPREAD: [[u32; 256]; 4] = {
    let mut t = [[0; 256]; 4];
    let mut d = 0;
    while d < 4 {
        let mut b = 0;
        while b < 256 {
            t[d][b] = spread(b as u8, d);
            b += 1;
        }
        d += 1;
    }
    t
};

/// Adds `sign` times the values of a cell's codes (pattern word `pat`) to the sums.
#[inline]
fn add_values(
    vsum: &mut [[i32; 2]; 2],
    values: &CellValues,
    code_tab: &[u16; 1 << 16],
    pat: u32,
    sign: i32,
) {
    for (c, half) in [pat & 0xFFFF, pat >> 16].into_iter().enumerate() {
        let v = values[c][code_tab[half as usize] as usize];
        vsum[c][0] += sign * v[0];
        vsum[c][1] += sign * v[1];
    }
}

/// A position under one rule on one board size.
#[derive(Clone)]
pub struct Board {
    rule: Rule,
    dims: Dims,
    cells: Box<[Cell]>,
    lines: Box<[[u128; LINES]; 4]>,
    pair: &'static [u8; KEY_COUNT],
    /// Per colour, the class of each cell code.
    class_tab: [&'static [u8; CODE_COUNT]; 2],
    /// Per colour, cells of each class (16 slots so that a class code indexes without a check).
    counts: [[u16; 16]; 2],
    code_tab: &'static [u16; 1 << 16],
    values: &'static CellValues,
    /// Per colour, the two sums of `values` over the empty cells.
    vsum: [[i32; 2]; 2],
    hash: u64,
    side: Color,
    history: Vec<Pos>,
    stones: usize,
    reach: i32,
    zob: &'static Zobrist,
    /// Cells changed by the stones placed, oldest first; `frames` marks where each stone starts.
    undo: Vec<Saved>,
    frames: Vec<u32>,
    /// Per stone placed, the class counts and value sums before it, restored by [`Board::take`].
    saved_counts: Vec<Totals>,
}

impl Board {
    /// An empty board, Black to move.
    pub fn new(rule: Rule, dims: Dims) -> Board {
        let mut b = Board {
            rule,
            dims,
            cells: vec![Cell::default(); CELLS].into_boxed_slice(),
            lines: Box::new([[0; LINES]; 4]),
            pair: tables::pair_table(rule),
            class_tab: [
                tables::class_table(rule.has_fouls(Color::Black)),
                tables::class_table(false),
            ],
            counts: [[0; 16]; 2],
            code_tab: tables::code_table(),
            values: &NO_VALUES,
            vsum: [[0; 2]; 2],
            hash: 0,
            side: Color::Black,
            history: Vec::with_capacity(dims.area() + 8),
            stones: 0,
            reach: rule.reach(),
            zob: zobrist::keys(),
            undo: Vec::with_capacity(64 * dims.area()),
            frames: Vec::with_capacity(dims.area() + 8),
            saved_counts: Vec::with_capacity(dims.area() + 8),
        };
        for c in b.cells.iter_mut() {
            c.stone = WALL;
        }
        for p in dims.cells() {
            b.cells[p.index()].stone = EMPTY;
        }
        for d in 0..4 {
            for li in 0..LINES {
                let mut word = 0u128;
                for i in 0..64 {
                    let t = i as i64 - PAD as i64;
                    let (x, y) = match d {
                        0 => (t, li as i64),
                        1 => (li as i64, t),
                        2 => (t, t + geometry::MAX_SIDE as i64 - 1 - li as i64),
                        _ => (t, li as i64 - t),
                    };
                    if !dims.contains(x, y) {
                        word |= u128::from(WALL) << (2 * i);
                    }
                }
                b.lines[d][li] = word;
            }
        }
        for p in dims.cells() {
            b.refresh_own(p);
        }
        b
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The board size.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The colour to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash of stones and side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash after the side to move plays on `p` (for prefetching).
    #[inline]
    pub fn hash_after(&self, p: Pos) -> u64 {
        self.hash ^ self.zob.stone[self.side.index()][p.index()] ^ self.zob.side
    }

    /// The moves played, in order (`Pos::NONE` for a pass).
    pub fn history(&self) -> &[Pos] {
        &self.history
    }

    /// The last move played, if any (`Pos::NONE` for a pass).
    pub fn last_move(&self) -> Option<Pos> {
        self.history.last().copied()
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// Whether every cell is occupied.
    pub fn is_full(&self) -> bool {
        self.stones == self.dims.area()
    }

    /// Whether (x, y) is on the board (signed, so that bad input can be asked about).
    pub fn contains(&self, x: i64, y: i64) -> bool {
        self.dims.contains(x, y)
    }

    /// The stone on a cell (`None` if empty or off the board).
    #[inline]
    pub fn stone(&self, p: Pos) -> Option<Color> {
        match self.cells[p.index()].stone {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` is an empty cell of the board.
    #[inline]
    pub fn is_empty(&self, p: Pos) -> bool {
        p.index() < CELLS && self.cells[p.index()].stone == EMPTY
    }

    /// The pattern a stone of `c` on empty `p` would make in direction `d`.
    #[inline]
    pub fn pattern(&self, p: Pos, d: usize, c: Color) -> Pattern {
        Pattern::from_u8(((self.cells[p.index()].pat >> (4 * d + 16 * c as usize)) & 15) as u8)
    }

    /// The pattern word of empty `p`: nibble `d` is the pattern a Black stone there would make
    /// in direction `d`, nibble `4 + d` White's (the network's input).
    #[inline]
    pub fn pattern_word(&self, p: Pos) -> u32 {
        self.cells[p.index()].pat
    }

    /// The cells the last `k` stones placed changed, oldest stone first, each with its pattern
    /// word before that stone: a stone's own cell first, then the empty cells whose patterns it
    /// changed (a cell may come again under a later stone). Passes place no stone.
    pub fn changes_of_last(&self, k: usize) -> impl Iterator<Item = (Pos, u32)> + '_ {
        let start = match k {
            0 => self.undo.len(),
            _ => self.frames[self.frames.len().saturating_sub(k)] as usize,
        };
        self.undo[start..].iter().map(|e| (Pos(e.pos), e.pat))
    }

    /// The hashes of the positions before the last move, the last two, ... back to the empty
    /// board.
    pub fn hashes_back(&self) -> impl Iterator<Item = u64> + '_ {
        let mut h = self.hash;
        self.history.iter().enumerate().rev().map(move |(j, &p)| {
            h ^= self.zob.side;
            if !p.is_none() {
                // Black moves at even places of the history, passes included.
                h ^= self.zob.stone[j % 2][p.index()];
            }
            h
        })
    }

    /// The combo of a stone of `c` on empty `p`.
    #[inline]
    pub fn combo(&self, p: Pos, c: Color) -> Combo {
        Combo::from_u8(self.cells[p.index()].combo[c.index()])
    }

    /// Number of empty cells where a stone of `c` has class `k`.
    #[inline]
    pub fn count(&self, c: Color, k: Combo) -> u32 {
        u32::from(self.counts[c.index()][k as usize])
    }

    /// The cell code of a stone of `c` on empty `p` (its four line patterns as a multiset).
    #[inline]
    pub fn cell_code(&self, p: Pos, c: Color) -> usize {
        let half = self.cells[p.index()].pat >> (16 * c as usize) & 0xFFFF;
        self.code_tab[half as usize] as usize
    }

    /// Sums `values` from now on (recomputing the sums).
    pub fn set_cell_values(&mut self, values: &'static CellValues) {
        self.values = values;
        self.vsum = [[0; 2]; 2];
        for p in self.dims.cells() {
            if self.is_empty(p) {
                let pat = self.cells[p.index()].pat;
                add_values(&mut self.vsum, values, self.code_tab, pat, 1);
            }
        }
    }

    /// Per colour `c`, the two sums over the empty cells of the values of `c`'s cell code.
    #[inline]
    pub fn value_sums(&self, c: Color) -> [i32; 2] {
        self.vsum[c.index()]
    }

    /// Number of empty cells where a stone of `c` makes at least class `k`.
    pub fn count_at_least(&self, c: Color, k: Combo) -> u32 {
        self.counts[c.index()][k as usize..COMBO_COUNT]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    /// Whether `c` has a cell that makes five.
    #[inline]
    pub fn has_five_point(&self, c: Color) -> bool {
        self.counts[c.index()][Combo::Five as usize] > 0
    }

    /// Whether `c` has a cell that makes a four or better.
    #[inline]
    pub fn has_four_point(&self, c: Color) -> bool {
        self.count_at_least(c, Combo::Four) > 0
    }

    /// Whether a stone of `c` on empty `p` wins at once (a five under the rule).
    #[inline]
    pub fn is_win_move(&self, p: Pos, c: Color) -> bool {
        self.is_empty(p) && self.combo(p, c) == Combo::Five
    }

    /// Empty cells where `c` has class `k` or better, in board order.
    pub fn cells_at_least(&self, c: Color, k: Combo) -> Vec<Pos> {
        self.dims
            .cells()
            .filter(|&p| self.is_empty(p) && self.combo(p, c) >= k)
            .collect()
    }

    /// Plays a stone of the side to move on empty `p` and passes the turn.
    pub fn make(&mut self, p: Pos) {
        debug_assert!(self.is_empty(p), "make on non-empty {p:?}");
        let c = self.side;
        self.put(p, c);
        self.history.push(p);
        self.side = c.opp();
        self.hash ^= self.zob.side;
    }

    /// Passes the turn without a stone (as Yixin-Board's `-1,-1`).
    pub fn pass(&mut self) {
        self.history.push(Pos::NONE);
        self.side = self.side.opp();
        self.hash ^= self.zob.side;
    }

    /// Takes back the last move or pass; returns it.
    pub fn unmake(&mut self) -> Option<Pos> {
        let p = self.history.pop()?;
        self.side = self.side.opp();
        self.hash ^= self.zob.side;
        if !p.is_none() {
            self.take(p);
        }
        Some(p)
    }

    /// Places a stone of `c` on empty `p` and updates everything but history and side.
    pub(crate) fn put(&mut self, p: Pos, c: Color) {
        let cell = self.cells[p.index()];
        self.frames.push(self.undo.len() as u32);
        self.undo.push(Saved {
            pos: p.0,
            combo: cell.combo,
            pat: cell.pat,
        });
        self.saved_counts.push((self.counts, self.vsum));
        self.counts[0][cell.combo[0] as usize & 15] -= 1;
        self.counts[1][cell.combo[1] as usize & 15] -= 1;
        add_values(&mut self.vsum, self.values, self.code_tab, cell.pat, -1);
        self.cells[p.index()].stone = code(c);
        self.hash ^= self.zob.stone[c.index()][p.index()];
        self.stones += 1;
        self.update_lines(p, u128::from(code(c)), true);
    }

    /// Removes the stone placed last (by [`Board::put`]) and restores everything it changed.
    pub(crate) fn take(&mut self, p: Pos) {
        let s = self.cells[p.index()].stone;
        debug_assert!(s == 1 || s == 2);
        let c = if s == 1 { Color::Black } else { Color::White };
        self.cells[p.index()].stone = EMPTY;
        self.hash ^= self.zob.stone[c.index()][p.index()];
        self.stones -= 1;
        self.update_lines(p, u128::from(s), false);
        let start = self.frames.pop().expect("take without put") as usize;
        // Each cell is saved at most once a frame (a cell is on one line through `p`), so the
        // entries can be restored in any order.
        debug_assert_eq!(self.undo[start].pos, p.0);
        for e in &self.undo[start..] {
            debug_assert!((e.pos as usize) < CELLS);
            // SAFETY: every entry was saved from a cell of the padded array (by `put` and
            // `update_lines`), which has `CELLS` cells.
            let cell = unsafe { self.cells.get_unchecked_mut(e.pos as usize) };
            cell.combo = e.combo;
            cell.pat = e.pat;
        }
        self.undo.truncate(start);
        (self.counts, self.vsum) = self.saved_counts.pop().expect("counts saved by put");
    }

    /// Toggles `code` at `p` in its four line words and, when placing, refreshes the empty cells
    /// within reach, saving what each changed cell held for [`Board::take`].
    #[inline]
    fn update_lines(&mut self, p: Pos, code: u128, refresh: bool) {
        let (x, y) = (p.x(), p.y());
        // Bits 2j, j in 10-reach..=10+reach but not 10: the cells within reach on a 21-cell span.
        let reach = self.reach as u32;
        let span = (1u64 << (2 * (2 * reach + 1))) - 1;
        let reach_mask = (span << (2 * (10 - reach))) & 0x5555_5555_5555 & !(1u64 << 20);
        let pair = self.pair;
        let [tab_black, tab_white] = self.class_tab;
        let cells = &mut self.cells[..];
        let counts = &mut self.counts;
        let (code_tab, values) = (self.code_tab, self.values);
        let vsum = &mut self.vsum;
        // Room for every cell a stone can change, so the pushes below need no capacity check.
        self.undo.reserve(4 * 2 * reach as usize + 1);
        let undo = &mut self.undo;
        let mut len = undo.len();
        for (d, &step) in DIR_STEP.iter().enumerate() {
            let (li, t) = line_of(d, x, y);
            let word = self.lines[d][li] ^ STONE_BITS[code as usize & 3][(t + PAD) & 63];
            self.lines[d][li] = word;
            if !refresh {
                continue;
            }
            // Cells t-10..=t+10 of this line: cell t+s at bits 2(s+10).
            let span21 = ((word << 10) >> (2 * t)) as u64;
            let occupied = (span21 | (span21 >> 1)) & 0x5555_5555_5555;
            let mut empties = !occupied & reach_mask;
            let keep = !(0x000F_000F_u32 << (4 * d));
            let spread_d = &SPREAD[d];
            while empties != 0 {
                let b = empties.trailing_zeros();
                empties &= empties - 1;
                let bits = (span21 >> (b - 10)) as u32 & 0x3F_FFFF;
                let key = (bits & 0x3FF) | ((bits >> 2) & 0xF_FC00);
                let new = pair[(key & 0xF_FFFF) as usize];
                let q = (p.0 as isize + step * ((b / 2) as isize - 10)) as usize;
                debug_assert!(q < CELLS);
                // SAFETY: `q` is an on-board cell (an empty cell of a line word), and every
                // on-board cell is inside the padded array of `CELLS` cells.
                let cell = unsafe { cells.get_unchecked_mut(q) };
                let old = *cell;
                let pat = (old.pat & keep) | spread_d[new as usize];
                if pat == old.pat {
                    continue;
                }
                // SAFETY: at most 8 * reach cells change, and that much room was reserved above.
                unsafe {
                    undo.as_mut_ptr().add(len).write(Saved {
                        pos: q as u16,
                        combo: old.combo,
                        pat: old.pat,
                    });
                }
                len += 1;
                let code_nb = code_tab[(pat & 0xFFFF) as usize] as usize;
                let code_nw = code_tab[(pat >> 16) as usize] as usize;
                let code_ob = code_tab[(old.pat & 0xFFFF) as usize] as usize;
                let code_ow = code_tab[(old.pat >> 16) as usize] as usize;
                debug_assert!([code_nb, code_nw, code_ob, code_ow]
                    .iter()
                    .all(|&c| c < CODE_COUNT));
                // SAFETY: the code table holds cell codes only, all below `CODE_COUNT`
                // (`rules::combo::build_code_table`), the length of the value and class tables.
                let (o, n, cb) = unsafe {
                    (
                        values[0].get_unchecked(code_ob),
                        values[0].get_unchecked(code_nb),
                        *tab_black.get_unchecked(code_nb),
                    )
                };
                vsum[0][0] += n[0] - o[0];
                vsum[0][1] += n[1] - o[1];
                // SAFETY: as above.
                let (o, n, cw) = unsafe {
                    (
                        values[1].get_unchecked(code_ow),
                        values[1].get_unchecked(code_nw),
                        *tab_white.get_unchecked(code_nw),
                    )
                };
                vsum[1][0] += n[0] - o[0];
                vsum[1][1] += n[1] - o[1];
                cell.pat = pat;
                cell.combo = [cb, cw];
                counts[0][(old.combo[0] & 15) as usize] -= 1;
                counts[0][(cb & 15) as usize] += 1;
                counts[1][(old.combo[1] & 15) as usize] -= 1;
                counts[1][(cw & 15) as usize] += 1;
            }
        }
        // SAFETY: entries up to `len` were written above, within the reserved capacity.
        unsafe { undo.set_len(len) };
    }

    /// Recomputes all four directions and both classes of empty `p` and counts it.
    fn refresh_own(&mut self, p: Pos) {
        let (x, y) = (p.x(), p.y());
        let mut pat = 0u32;
        for d in 0..4 {
            let (li, t) = line_of(d, x, y);
            pat |= spread(self.pair[window_key(self.lines[d][li], t) as usize], d);
        }
        let cb = self.class_tab[0][self.code_tab[(pat & 0xFFFF) as usize] as usize];
        let cw = self.class_tab[1][self.code_tab[(pat >> 16) as usize] as usize];
        self.cells[p.index()].pat = pat;
        self.cells[p.index()].combo = [cb, cw];
        self.counts[0][cb as usize & 15] += 1;
        self.counts[1][cw as usize & 15] += 1;
        add_values(&mut self.vsum, self.values, self.code_tab, pat, 1);
    }

    /// The pattern a stone of `c` on `p` makes in direction `d`, whatever is on `p` now
    /// (used to judge lines through stones already placed).
    pub fn line_pattern(&self, p: Pos, d: usize, c: Color) -> Pattern {
        let (li, t) = line_of(d, p.x(), p.y());
        let pair = self.pair[window_key(self.lines[d][li], t) as usize];
        Pattern::from_u8((pair >> (4 * c as u8)) & 15)
    }

    /// What happens if the side to move plays `p`.
    pub fn judge(&mut self, p: Pos) -> Verdict {
        if !self.is_empty(p) {
            return Verdict::Illegal;
        }
        let c = self.side;
        if self.is_win_move(p, c) {
            return Verdict::Win;
        }
        if self.rule.has_fouls(c) {
            if let Some(f) = self.foul(p) {
                return Verdict::Foul(f);
            }
        }
        Verdict::Normal
    }

    /// Recomputes everything from the stones alone, by a different path (walking cells rather
    /// than line words), and reports the first difference from the incremental state.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut counts = [[0u16; 16]; 2];
        let mut vsum = [[0i32; 2]; 2];
        let mut hash = 0u64;
        let mut stones = 0;
        for p in self.dims.cells() {
            let s = self.cells[p.index()].stone;
            if s != EMPTY {
                let c = if s == 1 { 0 } else { 1 };
                hash ^= self.zob.stone[c][p.index()];
                stones += 1;
                continue;
            }
            let mut pat = 0u32;
            for d in 0..4 {
                let mut key = 0u32;
                for k in -5i32..=5 {
                    if k != 0 {
                        let st = self.cells[p.step(d, k).index()].stone;
                        key |= u32::from(st) << crate::rules::line::shift_of(k);
                    }
                }
                pat |= spread(self.pair[key as usize], d);
            }
            let cell = self.cells[p.index()];
            if pat != cell.pat {
                return Err(format!("patterns of {p:?}: {:08x} != {pat:08x}", cell.pat));
            }
            let cb = self.class_tab[0][self.code_tab[(pat & 0xFFFF) as usize] as usize];
            let cw = self.class_tab[1][self.code_tab[(pat >> 16) as usize] as usize];
            if [cb, cw] != cell.combo {
                return Err(format!("classes of {p:?}"));
            }
            counts[0][cb as usize] += 1;
            counts[1][cw as usize] += 1;
            add_values(&mut vsum, self.values, self.code_tab, pat, 1);
        }
        if self.history.len() % 2 == 1 {
            hash ^= self.zob.side;
        }
        if counts != self.counts {
            return Err(format!("counts {:?} != {:?}", self.counts, counts));
        }
        if vsum != self.vsum {
            return Err(format!("value sums {:?} != {vsum:?}", self.vsum));
        }
        if hash != self.hash {
            return Err("hash".into());
        }
        if stones != self.stones {
            return Err("stone count".into());
        }
        let fresh = Board::new(self.rule, self.dims);
        for d in 0..4 {
            for li in 0..LINES {
                let mut word = fresh.lines[d][li];
                for i in 0..64usize {
                    let t = i as i64 - PAD as i64;
                    let (x, y) = match d {
                        0 => (t, li as i64),
                        1 => (li as i64, t),
                        2 => (t, t + geometry::MAX_SIDE as i64 - 1 - li as i64),
                        _ => (t, li as i64 - t),
                    };
                    if let Some(p) = self.dims.pos(x, y) {
                        word |= u128::from(self.cells[p.index()].stone) << (2 * i);
                    }
                }
                if word != self.lines[d][li] {
                    return Err(format!("line word {d}/{li}"));
                }
            }
        }
        Ok(())
    }
}

/// The referee's view of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Off the board or on a stone.
    Illegal,
    /// Makes a winning five.
    Win,
    /// Renju Black's forbidden point: a loss.
    Foul(crate::rules::Foul),
    /// Anything else.
    Normal,
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for y in 0..self.dims.h {
            for x in 0..self.dims.w {
                let ch = match self.stone(Pos::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                if x > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
