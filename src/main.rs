//! `pbrain-kakugo`: the engine binary.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        kakugo::bench::run_board();
        kakugo::bench::run_search();
    }
}
