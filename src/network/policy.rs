//! The learned move-ordering policy: a candidate's score from its cell codes, read in the
//! context of the other candidates, in integers for the search's move ordering.
//!
//! **Form.** A candidate's vector is `clamp(bias + T[own code] + T[CODE_COUNT + opponent's
//! code], 0, 1)` ([`PD`] units, the side to move's view: the same net serves either colour).
//! The node's context is the sum of its candidates' vectors over [`CTX_DIV`]; a candidate's
//! logit is `own[own code] + opp[opponent's code] + (u + Q · context) · vector`, added to the
//! class scores of both sides' combos at the cell (what the search orders by) at the scale
//! the fit found for them (`alpha`: the logit of a class score is `alpha · score / 100`). The
//! linear part is the ordering table's form; the vector and context say what it cannot — an
//! own shape that matters only beside a shape of the opponent's, a defence that matters only
//! when the other candidates are quiet.
//!
//! **Integers.** Rows in `i16` at [`QE`] to 1, the context's product and `u` at [`QG`] to 1,
//! the logit at `2^LOGIT_SHIFT` to 1, all exact integer arithmetic, so every machine orders
//! alike and `bench` stays the same everywhere.
//!
//! **Weights** (`weights/policy-*.kpn`, written by `kakugo-tools policy-net`): `KPN1`, `u16`
//! [`CODE_COUNT`] and [`PD`], then little-endian `f32`: alpha, `own` ([`CODE_COUNT`]), `opp`
//! ([`CODE_COUNT`]), the table (2 · [`CODE_COUNT`] rows of [`PD`]), bias, `u`, `Q` (row by
//! row).

use crate::board::{Board, Pos};
use crate::rules::combo::CODE_COUNT;
use crate::rules::{Color, Rule};
use std::sync::OnceLock;

/// Units of a candidate's vector.
pub const PD: usize = 16;
/// The context is the candidates' summed vectors divided by this.
pub const CTX_DIV: f32 = 32.0;
/// Numbers in a weights file.
pub const POLICY_NUMBERS: usize = 1 + 2 * CODE_COUNT + 2 * CODE_COUNT * PD + 2 * PD + PD * PD;
/// Scale of a vector's units in integers.
const QE: i32 = 1024;
/// Scale of `u + Q · context` in integers.
const QG: f32 = 1024.0;
/// The context in integers is `CTX_SHIFT` bits above its float value times `QG`.
const CTX_SHIFT: u32 = 15;
const _: () = assert!((1 << CTX_SHIFT) as f32 == QE as f32 * CTX_DIV);
/// A logit in integers is its float value times `2^LOGIT_SHIFT`.
const LOGIT_SHIFT: u32 = 20;
/// Shift of the conversion from logits to class-score units.
const KEY_SHIFT: u32 = 16;

/// A policy in integers.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyNet {
    rows: Vec<[i16; PD]>,
    bias: [i16; PD],
    own: Vec<i32>,
    opp: Vec<i32>,
    u: [i32; PD],
    q: [[i32; PD]; PD],
    /// `100 / alpha` at `2^KEY_SHIFT` to 1: a logit's worth in class-score units.
    key_mul: i64,
}

impl PolicyNet {
    /// The weights file of the float numbers `v` ([`POLICY_NUMBERS`] of them, in the file's
    /// order).
    pub fn encode(v: &[f32]) -> Vec<u8> {
        let mut bytes = b"KPN1".to_vec();
        for n in [CODE_COUNT, PD] {
            bytes.extend((n as u16).to_le_bytes());
        }
        for x in v {
            bytes.extend(x.to_le_bytes());
        }
        bytes
    }

    /// Reads a weights file.
    pub fn decode(bytes: &[u8]) -> Result<PolicyNet, String> {
        if bytes.get(..4) != Some(b"KPN1".as_slice()) {
            return Err("not a KPN1 policy file".into());
        }
        let shape: Vec<usize> = (0..2)
            .filter_map(|i| bytes.get(4 + 2 * i..6 + 2 * i))
            .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])))
            .collect();
        if shape != [CODE_COUNT, PD] {
            return Err(format!(
                "shape {shape:?}, this build reads {CODE_COUNT}/{PD}"
            ));
        }
        if bytes.len() != 8 + 4 * POLICY_NUMBERS {
            return Err(format!(
                "the policy file has {} bytes, not {}",
                bytes.len(),
                8 + 4 * POLICY_NUMBERS
            ));
        }
        let v: Vec<f32> = bytes[8..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if v.iter().any(|x| !x.is_finite()) || v[0] <= 0.0 {
            return Err("the policy file has a bad number".into());
        }
        Ok(PolicyNet::from_numbers(&v))
    }

    /// The integer policy of the float numbers `v` (the weights file's order).
    fn from_numbers(v: &[f32]) -> PolicyNet {
        let q16 = |x: f32| (x * QE as f32).round().clamp(-32767.0, 32767.0) as i16;
        let q32 = |x: f32, s: f32| (f64::from(x) * f64::from(s)).round() as i32;
        let logit = (1u32 << LOGIT_SHIFT) as f32;
        let (own0, opp0, t0) = (1, 1 + CODE_COUNT, 1 + 2 * CODE_COUNT);
        let b0 = t0 + 2 * CODE_COUNT * PD;
        let (u0, q0) = (b0 + PD, b0 + 2 * PD);
        PolicyNet {
            rows: (0..2 * CODE_COUNT)
                .map(|r| std::array::from_fn(|k| q16(v[t0 + r * PD + k])))
                .collect(),
            bias: std::array::from_fn(|k| q16(v[b0 + k])),
            own: (0..CODE_COUNT).map(|c| q32(v[own0 + c], logit)).collect(),
            opp: (0..CODE_COUNT).map(|c| q32(v[opp0 + c], logit)).collect(),
            u: std::array::from_fn(|k| q32(v[u0 + k], QG)),
            q: std::array::from_fn(|i| std::array::from_fn(|j| q32(v[q0 + i * PD + j], QG))),
            key_mul: (100.0 / f64::from(v[0]) * f64::from(1u32 << KEY_SHIFT)).round() as i64,
        }
    }

    /// The vector of a cell with codes `own` and `opp`, at [`QE`] to 1 (sums saturating at
    /// the `i16` bounds, then clipped).
    #[inline(always)]
    pub fn vector(&self, own: usize, opp: usize) -> [i16; PD] {
        let (a, b) = (&self.rows[own], &self.rows[CODE_COUNT + opp]);
        std::array::from_fn(|k| {
            self.bias[k]
                .saturating_add(a[k])
                .saturating_add(b[k])
                .clamp(0, QE as i16)
        })
    }

    /// The context weights `u + Q · context` of a node whose candidates' vectors are `vectors`,
    /// each within the `i16` bounds.
    pub fn context<'a>(&self, vectors: impl Iterator<Item = &'a [i16; PD]>) -> [i16; PD] {
        let mut sum = [0i32; PD];
        for v in vectors {
            for (s, e) in sum.iter_mut().zip(v) {
                *s += i32::from(*e);
            }
        }
        std::array::from_fn(|i| {
            let dot: i64 = self.q[i]
                .iter()
                .zip(&sum)
                .map(|(q, s)| i64::from(*q) * i64::from(*s))
                .sum();
            let g = i64::from(self.u[i]) + (dot >> CTX_SHIFT);
            g.clamp(-32767, 32767) as i16
        })
    }

    /// The score, in class-score units, of a cell with codes `own` and `opp` and vector `e`
    /// under context weights `g` ([`PolicyNet::context`]).
    #[inline]
    pub fn score(&self, g: &[i16; PD], e: &[i16; PD], own: usize, opp: usize) -> i32 {
        let logit = i64::from(dot(g, e)) + i64::from(self.own[own]) + i64::from(self.opp[opp]);
        ((logit * self.key_mul) >> (LOGIT_SHIFT + KEY_SHIFT)).clamp(-(1 << 24), 1 << 24) as i32
    }

    /// The policy's float logit of a cell, as the trainer computes it (for tests).
    #[cfg(test)]
    fn float_logit(v: &[f32], cells: &[(usize, usize)], own: usize, opp: usize) -> f32 {
        let t0 = 1 + 2 * CODE_COUNT;
        let b0 = t0 + 2 * CODE_COUNT * PD;
        let vec = |o: usize, q: usize| -> [f32; PD] {
            std::array::from_fn(|k| {
                (v[b0 + k] + v[t0 + o * PD + k] + v[t0 + (CODE_COUNT + q) * PD + k]).clamp(0.0, 1.0)
            })
        };
        let mut ctx = [0.0f32; PD];
        for &(o, q) in cells {
            for (c, e) in ctx.iter_mut().zip(vec(o, q)) {
                *c += e / CTX_DIV;
            }
        }
        let e = vec(own, opp);
        let mut x = v[1 + own] + v[1 + CODE_COUNT + opp];
        for i in 0..PD {
            let g = v[b0 + PD + i]
                + (0..PD)
                    .map(|j| v[b0 + 2 * PD + i * PD + j] * ctx[j])
                    .sum::<f32>();
            x += g * e[i];
        }
        x
    }
}

/// `g · e` (each product within `i32`, as is their sum: `|e| <= QE`).
#[inline(always)]
fn dot(g: &[i16; PD], e: &[i16; PD]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { dot_avx2(g, e) };
    }
    dot_any(g, e)
}

fn dot_any(g: &[i16; PD], e: &[i16; PD]) -> i32 {
    g.iter()
        .zip(e)
        .map(|(g, e)| i32::from(*g) * i32::from(*e))
        .sum()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn dot_avx2(g: &[i16; PD], e: &[i16; PD]) -> i32 {
    use std::arch::x86_64::*;
    // SAFETY: each pointer is to the 16 `i16` (32 bytes) of an array; unaligned loads.
    let (gv, ev) = unsafe {
        (
            _mm256_loadu_si256(g.as_ptr().cast()),
            _mm256_loadu_si256(e.as_ptr().cast()),
        )
    };
    let p = _mm256_madd_epi16(gv, ev);
    let s = _mm_add_epi32(_mm256_castsi256_si128(p), _mm256_extracti128_si256(p, 1));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
    _mm_cvtsi128_si32(s)
}

/// The built-in policy of `rule`, if it has one (the rules that share the freestyle ordering
/// table; renju keeps its table). Read at first use.
pub fn policy(rule: Rule) -> Option<&'static PolicyNet> {
    static FREE: OnceLock<PolicyNet> = OnceLock::new();
    if rule == Rule::Renju {
        return None;
    }
    Some(FREE.get_or_init(|| {
        PolicyNet::decode(include_bytes!("weights/policy-freestyle.kpn")).expect("built-in policy")
    }))
}

/// The cell-code pair of `p` for `me` to move.
#[inline]
pub fn codes(b: &Board, p: Pos, me: Color) -> (usize, usize) {
    (b.cell_code(p, me), b.cell_code(p, me.opp()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn random_numbers(seed: u64) -> Vec<f32> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut v: Vec<f32> = (0..POLICY_NUMBERS)
            .map(|_| rng.gen_range(-0.5..0.5))
            .collect();
        v[0] = 0.35;
        v
    }

    fn file(v: &[f32]) -> Vec<u8> {
        PolicyNet::encode(v)
    }

    #[test]
    fn the_integer_scores_follow_the_float_logits() {
        let v = random_numbers(5);
        let net = PolicyNet::decode(&file(&v)).unwrap();
        let mut rng = StdRng::seed_from_u64(6);
        for _ in 0..20 {
            let cells: Vec<(usize, usize)> = (0..40)
                .map(|_| (rng.gen_range(0..CODE_COUNT), rng.gen_range(0..CODE_COUNT)))
                .collect();
            let vectors: Vec<[i16; PD]> = cells.iter().map(|&(o, q)| net.vector(o, q)).collect();
            let g = net.context(vectors.iter());
            for (&(o, q), e) in cells.iter().zip(&vectors).take(10) {
                let float = PolicyNet::float_logit(&v, &cells, o, q) * 100.0 / v[0];
                let int = net.score(&g, e, o, q);
                assert!(
                    (float - int as f32).abs() <= 4.0 + float.abs() * 0.01,
                    "float {float}, integers {int}"
                );
            }
        }
    }

    #[test]
    fn the_simd_dot_gives_the_plain_loop_s_numbers() {
        let mut rng = StdRng::seed_from_u64(8);
        for _ in 0..200 {
            let g: [i16; PD] = std::array::from_fn(|_| rng.gen_range(-32767..=32767));
            let e: [i16; PD] = std::array::from_fn(|_| rng.gen_range(0..=QE as i16));
            assert_eq!(dot(&g, &e), dot_any(&g, &e));
        }
    }

    #[test]
    fn damaged_policy_files_are_refused() {
        let v = random_numbers(1);
        let bytes = file(&v);
        assert!(PolicyNet::decode(&bytes).is_ok());
        assert!(PolicyNet::decode(&bytes[..bytes.len() - 4]).is_err());
        assert!(PolicyNet::decode(b"KPN0").is_err());
        let mut bad = v.clone();
        bad[0] = 0.0;
        assert!(PolicyNet::decode(&file(&bad)).is_err());
        assert!(policy(Rule::Freestyle).is_some());
        assert!(policy(Rule::Renju).is_none());
    }
}
