//! The integer hidden layer's sums over the board's vector: AVX2 multiply-adds of 16-bit pairs
//! where the processor has them (chosen at run time), and the plain loop that is their twin on
//! every other machine. Both are exact integer sums, so they give the same numbers.

use super::quant::QuantHead;
use super::{DIM, HIDDEN};

/// The hidden units of `head` before the threat facts: biases plus the weighted board's vector
/// `x`.
#[inline]
pub(super) fn hidden(head: &QuantHead, x: &[i16; DIM]) -> [i32; HIDDEN] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { hidden_avx2(head, x) };
    }
    hidden_any(head, x)
}

/// [`hidden`] on any processor.
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

/// [`hidden`] with AVX2.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::tests::random_net;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

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
}
