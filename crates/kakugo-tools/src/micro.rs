//! Micro-benchmarks of the board: `makeunmake` (make+unmake pairs over random games, a given
//! number of rounds: for instruction counts under `valgrind --tool=callgrind`, which repeat on a
//! busy machine) and `startup` (how long the first board of each rule takes, table generation
//! included).

use crate::Outcome;
use kakugo::board::{Board, Dims};
use kakugo::rules::Rule;
use std::time::Instant;

/// Options of `makeunmake`.
#[derive(clap::Args)]
pub struct MakeUnmakeArgs {
    /// Rounds over the random games.
    #[arg(long, default_value_t = 5)]
    rounds: usize,
}

/// Runs `makeunmake`.
pub fn make_unmake(a: MakeUnmakeArgs) -> Outcome {
    for rule in Rule::ALL {
        let (pairs, secs) = kakugo::bench::make_unmake(rule, a.rounds);
        println!("{} {pairs} pairs {secs:.3} s", rule.name());
    }
    Ok(0)
}

/// Runs `startup`.
pub fn startup() -> Outcome {
    for rule in Rule::ALL {
        let t = Instant::now();
        let b = Board::new(rule, Dims::square(15).expect("15x15"));
        println!(
            "{:<9} first board {:?} ({} stones)",
            rule.name(),
            t.elapsed(),
            b.stone_count()
        );
    }
    Ok(0)
}
