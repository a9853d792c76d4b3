//! Zobrist keys: one 64-bit key per colour and cell, and one for the side to move, drawn at
//! compile time from a generator written here (SplitMix64) with a fixed seed, so that hashes,
//! and with them the search's node counts and the bench signature, are the same on every run,
//! machine and version of every dependency.
//!
//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
//! a Weyl sequence stepped by the odd constant `0x9E37_79B9_7F4A_7C15` (2⁶⁴ over the golden
//! ratio), each state put through a 64-bit finaliser (xor-shifts and two multiplications). Its
//! outputs pass BigCrush; a hash key needs no more.

use super::geometry::CELLS;

/// The key set.
pub struct Zobrist {
    /// `stone[colour][cell]`.
    pub stone: [[u64; CELLS]; 2],
    /// Toggled whenever the side to move changes.
    pub side: u64,
}

/// The generator's seed ("kakugo-1" in ASCII).
const SEED: u64 = 0x6b61_6b75_676f_2d31;

/// The SplitMix64 stream from a seed.
struct SplitMix64(u64);

impl SplitMix64 {
    /// The next number of the stream.
    const fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Black's keys cell by cell, then White's, then the side to move's.
const fn draw() -> Zobrist {
    let mut rng = SplitMix64(SEED);
    let mut stone = [[0; CELLS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            stone[c][i] = rng.next();
            i += 1;
        }
        c += 1;
    }
    Zobrist {
        stone,
        side: rng.next(),
    }
}

/// The key set, made by the compiler.
static KEYS: Zobrist = draw();

/// The process-wide key set.
pub fn keys() -> &'static Zobrist {
    &KEYS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_gives_splitmix64_s_published_numbers() {
        // The first outputs from seed 0 of the authors' reference code (as in Vigna's
        // `splitmix64.c`).
        let mut g = SplitMix64(0);
        assert_eq!(
            [g.next(), g.next(), g.next()],
            [
                0xE220_A839_7B1D_CDAF,
                0x6E78_9E6A_A1B9_65F4,
                0x06C4_5D18_8009_454F
            ]
        );
    }

    #[test]
    fn the_keys_are_pinned_and_distinct() {
        // A change here changes every hash and the bench signature: only on purpose.
        let k = keys();
        assert_eq!(
            [k.stone[0][0], k.stone[1][0], k.side],
            [
                0xE31B_63BB_045E_38EB,
                0x05BE_96C2_F871_3D62,
                0xE5BA_7532_F40F_672E
            ]
        );
        let mut all: Vec<u64> = k.stone.iter().flatten().copied().collect();
        all.push(k.side);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2 * CELLS + 1);
    }
}
