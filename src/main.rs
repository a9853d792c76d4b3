//! `pbrain-kakugo`: the engine binary. No arguments: the Piskvork protocol on stdin/stdout;
//! `bench`: the board benchmarks.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => kakugo::bench::run_board(),
        _ => kakugo::protocol::run(),
    }
}
