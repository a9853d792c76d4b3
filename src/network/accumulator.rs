//! The board's vectors of the network kept along a search line: one entry per ply of the game
//! (the history's length), each with the board's vector and the hash of its position. A
//! position's entry is made from its nearest ancestor's (a few plies up) by taking out and
//! putting back only the cells the stones since changed; without one, from the whole board. Nothing happens at
//! make or unmake: an entry is made when a position is evaluated, so the threat solvers' and the
//! search's unevaluated nodes cost nothing.

use super::{cell_rows, QuantNet, DIM};
use crate::board::{Board, CELLS};

/// One ply's entry.
#[derive(Clone, Copy)]
struct Level {
    /// The hash of the position the vectors are of (0 with `valid` false: none).
    hash: u64,
    valid: bool,
    /// The board's vector.
    pool: [i32; DIM],
}

const EMPTY: Level = Level {
    hash: 0,
    valid: false,
    pool: [0; DIM],
};

/// The entries of one search thread.
#[derive(Clone, Default)]
pub struct Accumulator {
    levels: Vec<Level>,
}

impl Accumulator {
    /// No entries.
    pub fn new() -> Accumulator {
        Accumulator::default()
    }

    /// Forgets every entry (a new position, or other nets).
    pub fn clear(&mut self) {
        self.levels.clear();
    }

    /// The board's vector of `b` under `net`.
    pub fn pool(&mut self, b: &Board, net: &QuantNet) -> [i32; DIM] {
        let n = b.history().len();
        if self.levels.len() <= n {
            self.levels.resize(n + 1, EMPTY);
        }
        let hash = b.hash();
        if self.levels[n].valid && self.levels[n].hash == hash {
            return self.levels[n].pool;
        }
        // The nearest ancestor with an entry of its own position, a few plies up at most.
        let ancestor = b
            .hashes_back()
            .take(MAX_BACK)
            .zip(1..)
            .find(|&(h, k)| self.levels[n - k].valid && self.levels[n - k].hash == h)
            .map(|(_, k)| k);
        let pool = match ancestor {
            Some(k) => {
                let stones = b.history()[n - k..].iter().filter(|p| !p.is_none()).count();
                update(self.levels[n - k].pool, b, net, stones)
            }
            None => net.pool_of(b),
        };
        self.levels[n] = Level {
            hash,
            valid: true,
            pool,
        };
        pool
    }
}

/// Plies an entry is made from at most: beyond, the whole board is summed again.
const MAX_BACK: usize = 64;

/// The vector of `b` from that of its position `stones` stones ago, SIMD where the processor has
/// it (the numbers are the same either way: integer sums).
fn update(pool: [i32; DIM], b: &Board, net: &QuantNet, stones: usize) -> [i32; DIM] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { update_avx2(pool, b, net, stones) };
    }
    update_any(pool, b, net, stones)
}

/// [`update_any`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn update_avx2(pool: [i32; DIM], b: &Board, net: &QuantNet, stones: usize) -> [i32; DIM] {
    update_any(pool, b, net, stones)
}

/// Takes out of `pool` the old vectors of the cells the last `stones` stones changed (as they
/// were before the first of them changed it) and puts back the vectors of those still empty.
#[inline(always)]
fn update_any(mut pool: [i32; DIM], b: &Board, net: &QuantNet, stones: usize) -> [i32; DIM] {
    let mut seen = [0u64; CELLS.div_ceil(64)];
    for (q, old) in b.changes_of_last(stones) {
        let i = q.index();
        if stones > 1 {
            if seen[i / 64] >> (i % 64) & 1 == 1 {
                continue;
            }
            seen[i / 64] |= 1 << (i % 64);
        }
        let now = b.is_empty(q).then(|| cell_rows(b.pattern_word(q)));
        net.change_cell(&mut pool, cell_rows(old), now);
    }
    pool
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::tests::random_net;
    use crate::rules::Rule;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn entries_after_make_and_unmake_equal_the_whole_board_sums() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let n = &random_net(5).quantise();
            let mut rng = StdRng::seed_from_u64(11);
            for _ in 0..20 {
                let mut b = Board::new(rule, crate::board::Dims::square(15).unwrap());
                let mut acc = Accumulator::new();
                let mut checked = 0;
                for _ in 0..rng.gen_range(5..60) {
                    let empty: Vec<_> = b.dims().cells().filter(|&p| b.is_empty(p)).collect();
                    let p = empty[rng.gen_range(0..empty.len())];
                    match rng.gen_range(0..10) {
                        0 if b.stone_count() > 0 => {
                            b.unmake();
                        }
                        1 => b.pass(),
                        _ => b.make(p),
                    }
                    // Evaluate only some positions, so entries are also made two plies on.
                    if rng.gen_bool(0.6) {
                        let whole = n.pool_of(&b);
                        assert_ne!(whole, [0; DIM]);
                        assert_eq!(acc.pool(&b, n), whole);
                        checked += 1;
                    }
                }
                assert!(checked > 0 || b.history().len() < 3);
            }
        }
    }
}
