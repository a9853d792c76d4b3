//! Runs the make+unmake benchmark for a number of rounds (for instruction counting under
//! `valgrind --tool=callgrind`, which is repeatable on a busy machine).
fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    for rule in kakugo::rules::Rule::ALL {
        let (pairs, secs) = kakugo::bench::make_unmake(rule, rounds);
        println!("{} {pairs} pairs {secs:.3} s", rule.name());
    }
}
