//! The learned evaluation: a small network over the pattern tables, in floating point (for the
//! trainer) and in integers (for the search), with its weights format and the built-in nets.
//!
//! **Architecture.** Every empty cell has two cell codes (the multiset of the four line
//! patterns a stone of each colour would make there); Black's picks a row of one table of
//! [`DIM`]-vectors, White's a row of its second half. The cell's vector is the clipped sum
//! `clamp(bias + E[Black's code] + E[White's code], 0, 1)`: the clip lets a unit say "Black's
//! four-three point where White has nothing" or "a point both sides need". The board's vector
//! is the sum over its empty cells of how each cell's vector differs from an open cell's
//! ([`OPEN_CELL`]: far from stones and edges), divided by [`POOL_DIV`]; the cells far from the
//! stones add nothing, so the same net reads any board size. The board's vector does not depend
//! on the side to move: each side to move has its own *head*, a hidden layer of [`HIDDEN`]
//! rectified units reading the board's vector with the eleven threat facts of the classical
//! evaluation (`search::eval::threat_mask`, the side to move's), and an output logit (`sigmoid`
//! of it is the side to move's expected score) plus a learned multiple of the classical
//! evaluation's logit, so the net refines what the classical evaluation says and can start from
//! it. In evaluation units the value is the logit times [`EVAL_SCALE`].
//!
//! In the rules where the colours are alike (all but renju) the trainer keeps the net
//! *mirrored* ([`mirror_index`]): the second half of the units are the first half with the
//! colours exchanged, and White's head is Black's reading the halves the other way round, so a
//! position and its colour-swapped twin get the same value. In renju only the table is mirrored
//! (the heads are free: the sides are not alike).
//!
//! **Incremental.** A cell's vector depends on its pattern word alone, so after a move only the
//! cells the move changed (`Board::last_changes`) are taken out and put back
//! ([`accumulator`]), once for both sides to move.
//!
//! **Integers.** The search runs the quantised net ([`QuantNet`]): cell vectors in `i16` at
//! [`QA`] to 1, the board's vector and the hidden layer in `i32`, the output in `i64`. Every
//! step is exact integer arithmetic, so the SIMD path and the scalar one give the same numbers,
//! and `bench` the same node count, on every machine.

pub mod accumulator;

use crate::board::{code_table, Board};
use crate::rules::combo::CODE_COUNT;
use crate::rules::{Color, Pattern, Rule};
use std::sync::OnceLock;

/// Width of a cell's (and the board's) vector; even (a mirrored net's two halves).
pub const DIM: usize = 16;
/// Hidden units of a head.
pub const HIDDEN: usize = 32;
/// Threat facts read by the hidden layer (bits of `search::eval::threat_mask`).
pub const FACTS: usize = 11;
/// Inputs of the hidden layer.
pub const INPUTS: usize = DIM + FACTS;
/// Rows of the cell table: Black's cell codes, then White's.
pub const FEATURES: usize = 2 * CODE_COUNT;
/// Rows a cell reads.
pub const ROWS: usize = 2;
/// The board's vector is the sum over empty cells divided by this.
pub const POOL_DIV: f32 = 32.0;
/// Evaluation units a logit.
pub const EVAL_SCALE: i64 = 300;
/// Quantisation of the cell vectors: 1.0 is `QA`.
pub const QA: i32 = 1024;
/// Quantisation of the hidden layer's weights.
pub const QW1: f32 = 1024.0;
/// Quantisation of the output weights.
pub const QW2: f32 = 4096.0;
/// Quantisation of the classical evaluation's weight.
pub const QC: f32 = 4096.0;
/// The board's vector is shifted right this much before the hidden layer (so that the layer's
/// sums fit `i32`).
const POOL_SHIFT: u32 = 6;
/// Scale of an input of the hidden layer in integers (a pooled unit of 1.0 or a threat fact).
const QX: f32 = QA as f32 * POOL_DIV / (1 << POOL_SHIFT) as f32;
/// Scale of a hidden unit in integers.
const QH: f32 = QX * QW1;
/// Largest weight magnitude the trainer keeps (so that integers cannot overflow).
pub const WEIGHT_CLIP: f32 = 8.0;

/// The two table rows of a cell with pattern word `pat`: Black's cell code, and
/// [`CODE_COUNT`] plus White's.
#[inline]
pub fn cell_rows(pat: u32) -> [usize; ROWS] {
    let codes = code_table();
    [
        usize::from(codes[(pat & 0xFFFF) as usize]),
        CODE_COUNT + usize::from(codes[(pat >> 16) as usize]),
    ]
}

/// The pattern word of an open cell: a lone stone of either colour there would make an `F1` in
/// every direction (the word of every cell far from stones and edges, on any board).
pub const OPEN_CELL: u32 = {
    let f1 = Pattern::F1 as u32;
    let mut w = 0;
    let mut nibble = 0;
    while nibble < 8 {
        w |= f1 << (4 * nibble);
        nibble += 1;
    }
    w
};

/// The threat facts as inputs (bit `i` of `mask` is input `i`).
#[inline]
pub fn fact_inputs(mask: usize) -> [f32; FACTS] {
    std::array::from_fn(|i| (mask >> i & 1) as f32)
}

/// One side to move's part of a float net.
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    /// Hidden layer: [`HIDDEN`] rows of [`INPUTS`] (the board's vector, then the facts).
    pub w1: Vec<[f32; INPUTS]>,
    /// Hidden biases.
    pub b1: [f32; HIDDEN],
    /// Output weights.
    pub w2: [f32; HIDDEN],
    /// Output bias.
    pub b2: f32,
    /// Weight of the classical evaluation's logit.
    pub wc: f32,
}

/// A net in floating point, as the trainer keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// The pattern table: [`FEATURES`] rows of [`DIM`].
    pub table: Vec<[f32; DIM]>,
    /// The cell vectors' bias.
    pub bias: [f32; DIM],
    /// The heads, Black to move's first.
    pub heads: [Head; 2],
}

/// What the net reads of a position: its empty cells' pattern words with their counts, the side
/// to move, the threat facts and the classical evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    /// Distinct pattern words of the empty cells, each with how many cells have it.
    pub cells: Vec<(u32, u16)>,
    /// The side to move.
    pub own: Color,
    /// `search::eval::threat_mask` of the position.
    pub mask: usize,
    /// The classical evaluation, for the side to move.
    pub classical: i32,
}

impl Inputs {
    /// The inputs of `b` (the facts and classical value supplied by the caller).
    pub fn of(b: &Board, mask: usize, classical: i32) -> Inputs {
        let mut words: Vec<u32> = b
            .dims()
            .cells()
            .filter(|&p| b.is_empty(p))
            .map(|p| b.pattern_word(p))
            .collect();
        words.sort_unstable();
        let mut cells: Vec<(u32, u16)> = Vec::new();
        for w in words {
            match cells.last_mut() {
                Some((last, n)) if *last == w => *n += 1,
                _ => cells.push((w, 1)),
            }
        }
        Inputs {
            cells,
            own: b.side_to_move(),
            mask,
            classical,
        }
    }
}

/// Numbers in a net's flat form ([`FloatNet::numbers`]).
pub const NUMBERS: usize = FEATURES * DIM + DIM + 2 * HEAD_NUMBERS;
/// Numbers of a head in the flat form.
const HEAD_NUMBERS: usize = HIDDEN * INPUTS + 2 * HIDDEN + 2;

/// Where number `i` of a net's flat form goes when the colours are exchanged (an involution):
/// a table row of Black's codes to the same code's row of White's and the unit to its twin in
/// the other half, a unit's bias to its twin's, a head's numbers to the other head's (a hidden
/// weight of the board's vector to the twin unit's). A mirrored net has the same number at `i`
/// and at `mirror_index(i)`.
pub fn mirror_index(i: usize) -> usize {
    let twin = |u: usize| (u + DIM / 2) % DIM;
    let table = FEATURES * DIM;
    if i < table {
        let (row, u) = (i / DIM, i % DIM);
        let row = (row + CODE_COUNT) % FEATURES;
        return row * DIM + twin(u);
    }
    if i < table + DIM {
        return table + twin(i - table);
    }
    let k = i - table - DIM;
    let (head, k) = (k / HEAD_NUMBERS, k % HEAD_NUMBERS);
    let other = table + DIM + (1 - head) * HEAD_NUMBERS;
    if k < HIDDEN * INPUTS {
        let (j, input) = (k / INPUTS, k % INPUTS);
        let input = if input < DIM { twin(input) } else { input };
        other + j * INPUTS + input
    } else {
        other + k
    }
}

impl FloatNet {
    /// A net that says what the classical evaluation says (weight 1, everything else 0) and
    /// whose pattern table and hidden layers start from small values drawn by `next` (a
    /// generator of numbers in [-1, 1]).
    pub fn new(mut next: impl FnMut() -> f32) -> FloatNet {
        let table = (0..FEATURES)
            .map(|_| std::array::from_fn(|_| 0.1 * next()))
            .collect();
        let heads = [0, 1].map(|_| Head {
            w1: (0..HIDDEN)
                .map(|_| std::array::from_fn(|_| 0.3 * next()))
                .collect(),
            b1: [0.0; HIDDEN],
            w2: [0.0; HIDDEN],
            b2: 0.0,
            wc: 1.0,
        });
        FloatNet {
            table,
            bias: [0.0; DIM],
            heads,
        }
    }

    /// The pre-clip vector of a cell.
    #[inline]
    pub fn cell_sum(&self, rows: [usize; ROWS]) -> [f32; DIM] {
        let mut z = self.bias;
        for r in rows {
            for (z, w) in z.iter_mut().zip(&self.table[r]) {
                *z += w;
            }
        }
        z
    }

    /// The board's vector of `x`: the sum over the empty cells of how a cell's vector differs
    /// from an open cell's ([`OPEN_CELL`]), so that cells far from the stones add nothing and a
    /// larger board's empty area does not move it.
    pub fn pool(&self, x: &Inputs) -> [f32; DIM] {
        let base = self
            .cell_sum(cell_rows(OPEN_CELL))
            .map(|z| z.clamp(0.0, 1.0));
        let mut pool = [0.0f32; DIM];
        for &(pat, n) in &x.cells {
            let z = self.cell_sum(cell_rows(pat));
            for ((p, z), base) in pool.iter_mut().zip(z).zip(base) {
                *p += f32::from(n) * (z.clamp(0.0, 1.0) - base);
            }
        }
        pool.map(|p| p / POOL_DIV)
    }

    /// The hidden layer's inputs of `x`.
    pub fn layer_inputs(&self, x: &Inputs) -> [f32; INPUTS] {
        let pool = self.pool(x);
        let facts = fact_inputs(x.mask);
        std::array::from_fn(|i| if i < DIM { pool[i] } else { facts[i - DIM] })
    }

    /// The logit of `x`: the side to move's expected score is its sigmoid.
    pub fn logit(&self, x: &Inputs) -> f32 {
        let input = self.layer_inputs(x);
        let head = &self.heads[x.own.index()];
        let mut out = head.b2 + head.wc * x.classical as f32 / EVAL_SCALE as f32;
        for j in 0..HIDDEN {
            let h = head.b1[j]
                + head.w1[j]
                    .iter()
                    .zip(&input)
                    .map(|(w, x)| w * x)
                    .sum::<f32>();
            out += head.w2[j] * h.max(0.0);
        }
        out
    }

    /// The value of `x` in evaluation units.
    pub fn value(&self, x: &Inputs) -> f32 {
        self.logit(x) * EVAL_SCALE as f32
    }

    /// The integer net closest to this one.
    pub fn quantise(&self) -> QuantNet {
        let q16 = |x: f32, s: f32| (x * s).round().clamp(-32767.0, 32767.0) as i16;
        let q32 = |x: f32, s: f32| (x * s).round().clamp(-2e9, 2e9) as i32;
        let mut q = QuantNet {
            table: self
                .table
                .iter()
                .map(|r| r.map(|w| q16(w, QA as f32)))
                .collect(),
            bias: self.bias.map(|w| q16(w, QA as f32)),
            open: [0; DIM],
            heads: self.heads.clone().map(|h| QuantHead {
                w1p: (0..DIM / 2)
                    .map(|k| std::array::from_fn(|i| q16(h.w1[i / 2][2 * k + i % 2], QW1)))
                    .collect(),
                w1f: (DIM..INPUTS)
                    .map(|i| std::array::from_fn(|j| q32(h.w1[j][i], QW1)))
                    .collect(),
                b1: h.b1.map(|b| q32(b, QH)),
                w2: h.w2.map(|w| q32(w, QW2)),
                b2: (f64::from(h.b2) * f64::from(QH) * f64::from(QW2)).round() as i64,
                wc: q32(h.wc, QC),
            }),
        };
        q.open = q.cell(cell_rows(OPEN_CELL));
        q
    }

    /// All the numbers, in the order of the weights format: table, bias, then each head's
    /// hidden weights row by row, hidden biases, output weights, output bias, classical weight.
    pub fn numbers(&self) -> Vec<f32> {
        let mut v: Vec<f32> = self.table.iter().flatten().copied().collect();
        v.extend(self.bias);
        for h in &self.heads {
            v.extend(h.w1.iter().flatten());
            v.extend(h.b1);
            v.extend(h.w2);
            v.push(h.b2);
            v.push(h.wc);
        }
        v
    }

    /// The net of [`FloatNet::numbers`]'s order (`None` unless there are [`NUMBERS`]).
    pub fn from_numbers(v: &[f32]) -> Option<FloatNet> {
        if v.len() != NUMBERS {
            return None;
        }
        let mut it = v.iter().copied();
        let mut take = |n: usize| -> Vec<f32> { it.by_ref().take(n).collect() };
        let table = take(FEATURES * DIM)
            .chunks(DIM)
            .map(|c| c.try_into().expect("DIM numbers"))
            .collect();
        let bias = take(DIM).try_into().ok()?;
        let mut head = || -> Option<Head> {
            let w1 = take(HIDDEN * INPUTS)
                .chunks(INPUTS)
                .map(|c| c.try_into().expect("INPUTS numbers"))
                .collect();
            Some(Head {
                w1,
                b1: take(HIDDEN).try_into().ok()?,
                w2: take(HIDDEN).try_into().ok()?,
                b2: take(1)[0],
                wc: take(1)[0],
            })
        };
        let heads = [head()?, head()?];
        Some(FloatNet { table, bias, heads })
    }
}

/// One side to move's part of an integer net.
#[derive(Clone, Debug, PartialEq)]
struct QuantHead {
    /// The hidden layer's weights of the board's vector by pairs of inputs: for inputs `2k`
    /// and `2k + 1`, unit by unit, the two weights side by side (the order of a multiply-add of
    /// 16-bit pairs).
    w1p: Vec<[i16; 2 * HIDDEN]>,
    /// The hidden layer's weights of the threat facts: [`FACTS`] columns of [`HIDDEN`].
    w1f: Vec<[i32; HIDDEN]>,
    b1: [i32; HIDDEN],
    w2: [i32; HIDDEN],
    b2: i64,
    wc: i32,
}

/// A net in integers, as the search runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantNet {
    table: Vec<[i16; DIM]>,
    bias: [i16; DIM],
    /// The clipped vector of an open cell ([`OPEN_CELL`]), taken from every empty cell's.
    open: [i16; DIM],
    heads: [QuantHead; 2],
}

impl QuantNet {
    /// The clipped vector of a cell reading table `rows`.
    #[inline(always)]
    pub fn cell(&self, rows: [usize; ROWS]) -> [i16; DIM] {
        let mut z = self.bias;
        for r in rows {
            let row = &self.table[r];
            for (z, w) in z.iter_mut().zip(row) {
                *z = z.wrapping_add(*w);
            }
        }
        for z in z.iter_mut() {
            *z = (*z).clamp(0, QA as i16);
        }
        z
    }

    /// Adds (`sign` 1) or takes away (`sign` -1) what an empty cell reading `rows` adds to the
    /// board's vector: its clipped vector less an open cell's.
    #[inline(always)]
    pub fn add_cell(&self, pool: &mut [i32; DIM], rows: [usize; ROWS], sign: i32) {
        for ((p, z), o) in pool.iter_mut().zip(self.cell(rows)).zip(self.open) {
            *p += sign * (i32::from(z) - i32::from(o));
        }
    }

    /// Replaces in `pool` a cell's vector reading `old` by one reading `new` (`None`: the cell
    /// is no longer empty).
    #[inline(always)]
    pub fn change_cell(
        &self,
        pool: &mut [i32; DIM],
        old: [usize; ROWS],
        new: Option<[usize; ROWS]>,
    ) {
        let was = self.cell(old);
        let now = match new {
            Some(rows) => self.cell(rows),
            None => self.open,
        };
        for ((p, now), was) in pool.iter_mut().zip(now).zip(was) {
            *p += i32::from(now - was);
        }
    }

    /// The board's vector (summed clipped cell vectors, not yet divided) of `b`.
    pub fn pool_of(&self, b: &Board) -> [i32; DIM] {
        let mut pool = [0i32; DIM];
        for p in b.dims().cells().filter(|&p| b.is_empty(p)) {
            self.add_cell(&mut pool, cell_rows(b.pattern_word(p)), 1);
        }
        pool
    }

    /// The board's vector of the cells of `x` (as [`QuantNet::pool_of`] of its board).
    pub fn pool_of_inputs(&self, x: &Inputs) -> [i32; DIM] {
        let mut pool = [0i32; DIM];
        for &(pat, n) in &x.cells {
            let mut one = [0i32; DIM];
            self.add_cell(&mut one, cell_rows(pat), 1);
            for (p, o) in pool.iter_mut().zip(one) {
                *p += o * i32::from(n);
            }
        }
        pool
    }

    /// The value in evaluation units, for `own` to move, of a position whose board vector is
    /// `pool`, threat facts `mask` and classical evaluation `classical`.
    pub fn value(&self, pool: &[i32; DIM], own: Color, mask: usize, classical: i32) -> i32 {
        let head = &self.heads[own.index()];
        let half = 1 << (POOL_SHIFT - 1);
        let x = pool.map(|p| ((p + half) >> POOL_SHIFT).clamp(-32767, 32767) as i16);
        let mut h = hidden(head, &x);
        let mut facts = mask & ((1 << FACTS) - 1);
        while facts != 0 {
            let col = &head.w1f[facts.trailing_zeros() as usize];
            for (h, w) in h.iter_mut().zip(col) {
                *h += w * QX as i32;
            }
            facts &= facts - 1;
        }
        let mut out = head.b2;
        for (h, w) in h.iter().zip(&head.w2) {
            out += i64::from(*w) * i64::from((*h).max(0));
        }
        let net = (out * EVAL_SCALE).div_euclid((QH * QW2) as i64);
        let classical = (i64::from(head.wc) * i64::from(classical)).div_euclid(QC as i64);
        (net + classical).clamp(-(i32::MAX as i64) / 2, i32::MAX as i64 / 2) as i32
    }
}

/// The hidden units of `head` before the threat facts: biases plus the weighted board's vector
/// `x`; AVX2 multiply-adds where the processor has them (exact integer sums, so the same numbers
/// as the plain loop).
#[inline]
fn hidden(head: &QuantHead, x: &[i16; DIM]) -> [i32; HIDDEN] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { hidden_avx2(head, x) };
    }
    hidden_any(head, x)
}

fn hidden_any(head: &QuantHead, x: &[i16; DIM]) -> [i32; HIDDEN] {
    let mut h = head.b1;
    for (k, col) in head.w1p.iter().enumerate() {
        let (x0, x1) = (i32::from(x[2 * k]), i32::from(x[2 * k + 1]));
        for (j, h) in h.iter_mut().enumerate() {
            *h += i32::from(col[2 * j]) * x0 + i32::from(col[2 * j + 1]) * x1;
        }
    }
    h
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn hidden_avx2(head: &QuantHead, x: &[i16; DIM]) -> [i32; HIDDEN] {
    use std::arch::x86_64::*;
    const LANES: usize = 8;
    // SAFETY (loads and stores): every pointer is to `LANES` i32 or `2 * LANES` i16 inside an
    // array of `HIDDEN` i32 or `2 * HIDDEN` i16; unaligned access.
    let mut acc: [__m256i; HIDDEN / LANES] = std::array::from_fn(|r| unsafe {
        _mm256_loadu_si256(head.b1.as_ptr().add(r * LANES).cast())
    });
    for (k, col) in head.w1p.iter().enumerate() {
        let pair = u32::from(x[2 * k] as u16) | u32::from(x[2 * k + 1] as u16) << 16;
        let xv = _mm256_set1_epi32(pair as i32);
        for (r, acc) in acc.iter_mut().enumerate() {
            let w = unsafe { _mm256_loadu_si256(col.as_ptr().add(r * 2 * LANES).cast()) };
            *acc = _mm256_add_epi32(*acc, _mm256_madd_epi16(xv, w));
        }
    }
    let mut h = [0i32; HIDDEN];
    for (r, acc) in acc.iter().enumerate() {
        unsafe { _mm256_storeu_si256(h.as_mut_ptr().add(r * LANES).cast(), *acc) };
    }
    h
}

/// A rule's net, in floating point and in integers.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// As the trainer keeps it.
    pub float: FloatNet,
    /// As the search runs it.
    pub quant: QuantNet,
}

/// The weights file's first bytes.
const MAGIC: &[u8; 4] = b"KGN2";

impl Net {
    /// The net of `float`.
    pub fn new(float: FloatNet) -> Net {
        let quant = float.quantise();
        Net { float, quant }
    }

    /// The weights file: `KGN2`, `u16` each of [`FEATURES`], [`DIM`], [`HIDDEN`], [`FACTS`],
    /// then the float net's numbers ([`FloatNet::numbers`]) as little-endian `f32`. The
    /// integers are made at load time.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for n in [FEATURES, DIM, HIDDEN, FACTS] {
            out.extend((n as u16).to_le_bytes());
        }
        for x in self.float.numbers() {
            out.extend(x.to_le_bytes());
        }
        out
    }

    /// Reads a weights file.
    pub fn decode(bytes: &[u8]) -> Result<Net, String> {
        if bytes.get(..4) != Some(MAGIC.as_slice()) {
            return Err("not a KGN2 weights file".into());
        }
        if bytes.len() < 12 {
            return Err("the weights file is cut short".into());
        }
        let shape: Vec<usize> = (0..4)
            .map(|i| u16::from_le_bytes([bytes[4 + 2 * i], bytes[5 + 2 * i]]) as usize)
            .collect();
        if shape != [FEATURES, DIM, HIDDEN, FACTS] {
            return Err(format!(
                "shape {shape:?}, this build reads {FEATURES}/{DIM}/{HIDDEN}/{FACTS}"
            ));
        }
        if bytes.len() != 12 + 4 * NUMBERS {
            return Err(format!(
                "the weights file has {} bytes, not {}",
                bytes.len(),
                12 + 4 * NUMBERS
            ));
        }
        let nums: Vec<f32> = bytes[12..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let float = FloatNet::from_numbers(&nums).ok_or("the weights file is cut short")?;
        Ok(Net::new(float))
    }
}

/// The built-in net of `rule`: renju's own; freestyle's for the other rules. Read at first use
/// (well under a millisecond).
pub fn net(rule: Rule) -> &'static Net {
    static FREE: OnceLock<Net> = OnceLock::new();
    static RENJU: OnceLock<Net> = OnceLock::new();
    let (cell, bytes): (_, &[u8]) = if rule == Rule::Renju {
        (&RENJU, include_bytes!("weights/renju.kgn"))
    } else {
        (&FREE, include_bytes!("weights/freestyle.kgn"))
    };
    cell.get_or_init(|| Net::decode(bytes).expect("built-in weights"))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::notation::test_position as position;
    use crate::board::Dims;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A net of random numbers (the built-in ones may be mostly zero).
    pub(crate) fn random_net(seed: u64) -> FloatNet {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut net = FloatNet::new(|| rng.gen_range(-1.0..1.0));
        net.bias = std::array::from_fn(|_| rng.gen_range(-0.2..0.4));
        for h in &mut net.heads {
            h.b1 = std::array::from_fn(|_| rng.gen_range(-0.5..0.5));
            h.w2 = std::array::from_fn(|_| rng.gen_range(-1.0..1.0));
            h.b2 = 0.1;
            h.wc = 0.7;
        }
        net
    }

    #[test]
    fn the_quantised_net_stays_close_to_the_float_one() {
        let net = random_net(3);
        let q = net.quantise();
        for (rule, moves) in [
            (Rule::Freestyle, "h8i9j8h9i8g8k8"),
            (Rule::Renju, "h8h9i8i9g7"),
            (Rule::Freestyle, "h8"),
        ] {
            let b = position(rule, moves);
            for mask in [0, 0b101, 0x7FF] {
                let x = Inputs::of(&b, mask, 123);
                let float = net.value(&x);
                let int = q.value(&q.pool_of(&b), x.own, mask, 123);
                assert!(
                    (float - int as f32).abs() <= 12.0 + float.abs() * 0.04,
                    "{moves}: float {float}, integers {int}"
                );
            }
        }
    }

    #[test]
    fn the_simd_hidden_layer_gives_the_plain_loop_s_numbers() {
        let mut rng = StdRng::seed_from_u64(9);
        for seed in 0..4 {
            let q = random_net(seed).quantise();
            for head in &q.heads {
                for _ in 0..50 {
                    let x: [i16; DIM] = std::array::from_fn(|_| rng.gen_range(0..2000));
                    assert_eq!(hidden(head, &x), hidden_any(head, &x));
                }
            }
        }
    }

    #[test]
    fn an_open_cell_is_what_the_rules_make_of_a_cell_far_from_stones_and_edges() {
        for rule in Rule::ALL {
            for size in [15, 20] {
                let dims = Dims::square(size).unwrap();
                let b = Board::new(rule, dims);
                assert_eq!(b.pattern_word(dims.centre()), OPEN_CELL, "{rule:?} {size}");
            }
        }
        let [black, white] = cell_rows(OPEN_CELL);
        assert_eq!(black + CODE_COUNT, white);
    }

    #[test]
    fn a_larger_empty_area_leaves_the_board_s_vector_alone() {
        // The same stones in the middle of a 15×15 and of a 20×20 board: the far cells are
        // open cells and add nothing, so the vectors differ only by the edge cells' share.
        let net = random_net(7);
        let q = net.quantise();
        let small = position(Rule::Freestyle, "h8i9j8h9i8");
        let mut big = Board::new(Rule::Freestyle, Dims::square(20).unwrap());
        for p in small.history() {
            big.make(crate::board::Pos::new(p.x() + 3, p.y() + 3));
        }
        let (a, b) = (q.pool_of(&small), q.pool_of(&big));
        let far = 20 * 20 - 15 * 15;
        let open_sum: i32 = q.open.iter().map(|&o| i32::from(o)).sum();
        assert!(open_sum > 0);
        let gap: i32 = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).sum();
        assert!(
            gap < far * open_sum / 4,
            "gap {gap}, far cells' share {}",
            far * open_sum
        );
    }

    #[test]
    fn a_cell_reads_black_s_code_then_white_s() {
        // Black h8 i8 j8, White h9: g8 is a four point for Black, not for White.
        let b = position(Rule::Freestyle, "h8h9i8a1j8");
        let p = crate::board::notation::parse_cell_name("g8", b.dims()).unwrap();
        let [black, white] = cell_rows(b.pattern_word(p));
        assert_eq!(black, b.cell_code(p, Color::Black));
        assert_eq!(white, CODE_COUNT + b.cell_code(p, Color::White));
        assert_ne!(black + CODE_COUNT, white);
    }

    /// `net` made mirrored: every number paired with its [`mirror_index`] twin takes the
    /// first's value.
    fn mirrored(net: &FloatNet) -> FloatNet {
        let v = net.numbers();
        let m: Vec<f32> = (0..v.len()).map(|i| v[i.min(mirror_index(i))]).collect();
        FloatNet::from_numbers(&m).unwrap()
    }

    #[test]
    fn a_mirrored_net_values_a_position_as_its_colour_swapped_twin() {
        for i in [0, 5, FEATURES * DIM + 3, NUMBERS - 1, NUMBERS - 200] {
            assert_eq!(mirror_index(mirror_index(i)), i);
        }
        assert!((0..NUMBERS).all(|i| mirror_index(i) < NUMBERS));
        let net = mirrored(&random_net(4));
        let q = net.quantise();
        // Black h8 i8 j8 against White h9 g10, White to move; the twin has White's stones
        // where Black's were and White to move (Black passes first).
        let b = position(Rule::Freestyle, "h8h9i8g10j8");
        let mut twin = Board::new(Rule::Freestyle, b.dims());
        twin.pass();
        for p in b.history() {
            twin.make(*p);
        }
        assert_eq!(
            (b.side_to_move(), twin.side_to_move()),
            (Color::White, Color::Black)
        );
        let (x, y) = (Inputs::of(&b, 0b11, 40), Inputs::of(&twin, 0b11, 40));
        assert!((net.value(&x) - net.value(&y)).abs() < 1e-2);
        assert_ne!(q.pool_of(&b), q.pool_of(&twin));
        assert_eq!(
            q.value(&q.pool_of(&b), x.own, 0b11, 40),
            q.value(&q.pool_of(&twin), y.own, 0b11, 40)
        );
        // An unmirrored net tells them apart.
        let raw = random_net(4);
        assert!((raw.value(&x) - raw.value(&y)).abs() > 1.0);
    }

    #[test]
    fn weights_read_back_as_written_and_damage_is_refused() {
        let n = Net::new(random_net(1));
        let bytes = n.encode();
        assert_eq!(Net::decode(&bytes).unwrap(), n);
        assert!(Net::decode(&bytes[..bytes.len() - 4]).is_err());
        assert!(Net::decode(&bytes[..bytes.len() - 1]).is_err());
        let mut more = bytes.clone();
        more.extend([0; 8]);
        assert!(Net::decode(&more).is_err());
        assert!(Net::decode(b"KGN1").is_err());
        for rule in Rule::ALL {
            let n = net(rule);
            assert_eq!(&Net::decode(&n.encode()).unwrap(), n);
        }
    }
}
