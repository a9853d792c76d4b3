//! Prints how long the first board of each rule takes to build (table generation included).
use kakugo::board::{Board, Dims};
use kakugo::rules::Rule;
use std::time::Instant;

fn main() {
    for rule in Rule::ALL {
        let t = Instant::now();
        let b = Board::new(rule, Dims::square(15).unwrap());
        println!(
            "{:<9} first board {:?} ({} stones)",
            rule.name(),
            t.elapsed(),
            b.stone_count()
        );
    }
}
