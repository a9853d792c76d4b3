//! `wins`: time to a proven win. Searches each position of a position file
//! (`tests/data/wins/*.txt`: game, ply, moves, the win's length found by the engine that played
//! it) with a node limit and reports after how many nodes the search first announced a win for
//! the side to move; then the number solved and the median. The root threat solvers (`probe`,
//! `refute`) are off, so the figures are the main search's and repeat exactly.

use crate::args::{self, Switch};
use crate::records::{self, PositionLine};
use crate::{parallel, Outcome};
use kakugo::board::notation::parse_moves;
use kakugo::board::{Board, Dims};
use kakugo::rules::Rule;
use kakugo::search::{Limits, Score, Searcher, TimeControl};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// Options of `wins`.
#[derive(clap::Args)]
pub struct Args {
    /// The position file.
    file: PathBuf,
    /// The rule.
    #[arg(long, value_parser = args::rule, default_value = "freestyle")]
    rule: Rule,
    /// Node limit a position.
    #[arg(long, default_value_t = 1_000_000)]
    max_nodes: u64,
    /// A search switch, NAME=on|off (repeatable).
    #[arg(long = "feature")]
    features: Vec<Switch>,
    /// Positions searched at once (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
}

/// The first win the search announced in a position: (nodes, depth, plies), if any.
type FirstWin = Option<(u64, u32, u32)>;

/// Searches one position.
fn search(a: &Args, b: &Board) -> Result<FirstWin, crate::Failure> {
    let mut s = Searcher::new();
    // The main search alone: the root solvers run by the clock.
    args::apply(&mut s, &[Switch::off("probe"), Switch::off("refute")])?;
    args::apply(&mut s, &a.features)?;
    // A clock far beyond the node limit: without one the default budget of a few seconds
    // would end some searches first, by the load of the machine.
    let limits = Limits {
        max_nodes: Some(a.max_nodes),
        time: TimeControl {
            turn_ms: Some(3_600_000),
            ..TimeControl::default()
        },
        ..Limits::default()
    };
    let mut first = None;
    s.search(b, &limits, &AtomicBool::new(false), &mut |i| {
        if first.is_none() {
            if let Score::Win(n) = i.score {
                first = Some((i.nodes, i.depth, n));
            }
        }
    });
    Ok(first)
}

/// Runs `wins`.
pub fn run(a: Args) -> Outcome {
    let dims = Dims::square(15).expect("15x15");
    let mut boards = Vec::new();
    for p in records::read_positions(&a.file)? {
        let mut b = Board::new(a.rule, dims);
        for m in parse_moves(&p.moves, dims).map_err(|e| format!("{}: {e}", p.moves))? {
            if !b.is_empty(m) {
                return Err(format!("{}: a move on an occupied cell", p.moves).into());
            }
            b.make(m);
        }
        boards.push((p, b));
    }
    // Fail on a bad switch before the work starts.
    args::apply(&mut Searcher::new(), &a.features)?;
    let (mut found, mut total) = (Vec::new(), 0usize);
    let max = a.max_nodes;
    parallel::ordered(
        &boards,
        a.jobs.unwrap_or_else(args::all_cores),
        || (),
        |(), (p, b): &(PositionLine, Board)| (p.clone(), search(&a, b)),
        |(p, first)| {
            let (game, ply) = (&p.game, &p.ply);
            total += 1;
            match first {
                Ok(Some((nodes, depth, n))) => {
                    println!(
                        "game {game} ply {ply}: win in {n} at depth {depth} after {nodes} nodes"
                    );
                    found.push(nodes);
                }
                Ok(None) => println!("game {game} ply {ply}: no win within {max} nodes"),
                Err(_) => return Err("a search switch was refused".into()),
            }
            Ok(())
        },
    )?;
    found.sort_unstable();
    // The median over all positions, an unsolved one counting as more than the limit.
    let median = if found.len() * 2 > total {
        found[total / 2].to_string()
    } else {
        format!(">{max}")
    };
    println!(
        "solved {} of {total} within {max} nodes; median nodes {median}",
        found.len()
    );
    Ok(0)
}
