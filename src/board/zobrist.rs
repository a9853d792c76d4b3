//! Zobrist keys: one 64-bit key per colour and cell, and one for the side to move, drawn once from
//! a fixed seed so that hashes (and the bench signature) are the same on every run and machine.

use super::geometry::CELLS;
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::sync::OnceLock;

/// The key set.
pub struct Zobrist {
    /// `stone[colour][cell]`.
    pub stone: [Vec<u64>; 2],
    /// Toggled whenever the side to move changes.
    pub side: u64,
}

/// The process-wide key set.
pub fn keys() -> &'static Zobrist {
    static KEYS: OnceLock<Zobrist> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = StdRng::seed_from_u64(0x6b61_6b75_676f_2d31);
        let black = (0..CELLS).map(|_| rng.gen()).collect();
        let white = (0..CELLS).map(|_| rng.gen()).collect();
        Zobrist {
            stone: [black, white],
            side: rng.gen(),
        }
    })
}
