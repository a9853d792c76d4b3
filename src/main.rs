//! `pbrain-kakugo`: the engine binary. No arguments: the Piskvork protocol on stdin/stdout;
//! `bench`: the benchmarks; `solve`: the VCF/VCT solver on a position.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            kakugo::bench::run_board();
            kakugo::bench::run_search();
        }
        Some("solve") => std::process::exit(kakugo::threat::cli::run(&args[1..])),
        _ => kakugo::protocol::run(),
    }
}
