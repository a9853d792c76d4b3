//! `pbrain-kakugo`: the engine binary.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        kakugo::bench::run_board();
    }
    if args.first().map(String::as_str) == Some("solve") {
        std::process::exit(kakugo::threat::cli::run(&args[1..]));
    }
}
