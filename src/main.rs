//! `pbrain-kakugo`: the engine binary. No arguments: the Piskvork protocol on stdin/stdout;
//! `--feature NAME=on|off` (repeatable): the same with one of the engine's switches set
//! (`probe`, `refute`, `threats`, `late`: the root threat solvers; `network`: the evaluation
//! network; see `Searcher::set_feature`), e.g. `--feature threats=off`; `bench [board|search] [--feature
//! NAME=on|off ...]`: the benchmarks (both by default); `opening --rule R --step S ...`: one
//! opening-rule decision (`kakugo::opening::command_line`). The tools (the threat solvers' `solve`,
//! training, analysis) are `kakugo-tools` (`crates/kakugo-tools`).

/// The searcher the `--feature` options ask for, or why not.
fn searcher(args: &[String]) -> Result<kakugo::search::Searcher, String> {
    let mut s = kakugo::search::Searcher::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let spec = match a.as_str() {
            "--feature" => it.next().ok_or("--feature needs NAME=on|off")?,
            _ => return Err(format!("unknown argument {a}")),
        };
        let (name, on) = match spec.split_once('=') {
            Some((n, "on")) => (n, true),
            Some((n, "off")) => (n, false),
            _ => return Err(format!("bad feature {spec}: want NAME=on|off")),
        };
        if !s.set_feature(name, on) {
            let names = kakugo::search::FEATURES.join(", ");
            return Err(format!("unknown feature {name}: want one of {names}"));
        }
    }
    Ok(s)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            let part = args
                .get(1)
                .map(String::as_str)
                .filter(|p| matches!(*p, "board" | "search"));
            let rest = &args[1 + usize::from(part.is_some())..];
            let s = searcher(rest).unwrap_or_else(|e| {
                eprintln!("pbrain-kakugo: {e}");
                std::process::exit(2);
            });
            if part != Some("search") {
                kakugo::bench::run_board();
            }
            if part != Some("board") {
                kakugo::bench::run_search(s);
            }
        }
        Some("opening") => match kakugo::opening::command_line::answer(&args[1..]) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                eprintln!("pbrain-kakugo opening: {e}");
                eprintln!("{}", kakugo::opening::command_line::USAGE);
                std::process::exit(2);
            }
        },
        None => kakugo::protocol::run(),
        Some(_) => match searcher(&args) {
            Ok(s) => kakugo::protocol::run_with(s),
            Err(e) => {
                eprintln!("pbrain-kakugo: {e}");
                eprintln!("usage: pbrain-kakugo [--feature NAME=on|off ...] | bench [board|search] [--feature ...] | opening ...");
                std::process::exit(2);
            }
        },
    }
}
