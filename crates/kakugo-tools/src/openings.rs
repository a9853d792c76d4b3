//! `openings`: how stable the renju opening decisions are: each decision made at a short budget
//! and again at a budget `--factor` times longer, over the 26 canonical openings (the tentative
//! White's swap) and over positions generated from a seed (White's choice among Black's fifth-move
//! offers, and Black's second swap in Soosõrv-8). Prints one line per case and the agreement of
//! each decision with its 95 % interval.

use crate::Outcome;
use kakugo::board::rif;
use kakugo::board::symmetry::Symmetry;
use kakugo::board::{Board, Dims, Pos};
use kakugo::opening::renju;
use kakugo::opening::Budget;
use kakugo::rules::Rule;
use kakugo::search::{Limits, Searcher, TimeControl};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Options of `openings`.
#[derive(clap::Args)]
pub struct Args {
    /// The short budget of one decision, in milliseconds.
    #[arg(long, default_value_t = 300)]
    time_ms: u64,
    /// How many times longer the reference decision searches.
    #[arg(long, default_value_t = 10)]
    factor: u32,
    /// Generated positions for the fifth-move choice and the second swap.
    #[arg(long, default_value_t = 40)]
    positions: usize,
    /// Seed of the generated positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// One decision at `ms` with a fresh searcher, its tables made before the clock starts.
fn decide<R>(ms: u64, f: impl FnOnce(Budget) -> Result<R, String>) -> Result<R, String> {
    let mut s = Searcher::new();
    s.warm();
    s.clear_in_place();
    let limits = Limits::default();
    let stop = AtomicBool::new(false);
    f(Budget {
        searcher: &mut s,
        base: &limits,
        time: Duration::from_millis(ms),
        stop: &stop,
    })
}

/// Agreements out of cases, with a Wilson 95 % interval.
fn summary(what: &str, agree: usize, n: usize) -> String {
    let (p, z) = (agree as f64 / n.max(1) as f64, 1.96f64);
    let nn = n.max(1) as f64;
    let centre = (p + z * z / (2.0 * nn)) / (1.0 + z * z / nn);
    let half = z * (p * (1.0 - p) / nn + z * z / (4.0 * nn * nn)).sqrt() / (1.0 + z * z / nn);
    format!(
        "{what}: {agree}/{n} agree ({:.1} %, 95 % [{:.1}, {:.1}])",
        100.0 * p,
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0)
    )
}

/// A generated four-stone position: a canonical opening turned at random, and one of White's
/// three best fourth moves (by a 100 ms search each, the earlier ones excluded), at random.
fn generated(rng: &mut StdRng, dims: Dims) -> Board {
    let all = rif::canonical();
    let syms = Symmetry::of(dims);
    let o = &all[rng.gen_range(0..all.len())];
    let cells = rif::place(o, dims, syms[rng.gen_range(0..syms.len())]).expect("15x15 holds it");
    let mut b = Board::new(Rule::Renju, dims);
    for p in cells {
        b.make(p);
    }
    let mut searcher = Searcher::new();
    let stop = AtomicBool::new(false);
    let mut found: Vec<Pos> = Vec::new();
    for _ in 0..3 {
        let limits = Limits {
            time: TimeControl {
                turn_ms: Some(100),
                ..TimeControl::default()
            },
            exclude: found.clone(),
            ..Limits::default()
        };
        let r = searcher.search(&b, &limits, &stop, &mut |_| {});
        if r.best.is_none() || !b.is_empty(r.best) {
            break;
        }
        found.push(r.best);
    }
    b.make(found[rng.gen_range(0..found.len())]);
    b
}

/// Runs `openings`.
pub fn run(a: Args) -> Outcome {
    let dims = Dims::square(15).expect("15x15");
    let long = a.time_ms * u64::from(a.factor);
    let fail = crate::Failure::Usage;
    let mut agree = 0;
    let all = rif::canonical();
    for (i, o) in all.iter().enumerate() {
        let mut b = Board::new(Rule::Renju, dims);
        for p in rif::place(o, dims, Symmetry::IDENTITY).expect("15x15 holds it") {
            b.make(p);
        }
        let short = decide(a.time_ms, |bu| renju::swap_after_three(&b, bu)).map_err(fail)?;
        let reference = decide(long, |bu| renju::swap_after_three(&b, bu)).map_err(fail)?;
        agree += usize::from(short == reference);
        println!(
            "swap1 {} {}: short {short} long {reference}",
            rif::name(i),
            kakugo::board::notation::format_moves(b.history())
        );
    }
    let swaps = summary("swap after three (26 canonical openings)", agree, all.len());
    let mut rng = StdRng::seed_from_u64(a.seed);
    let (mut chose, mut swapped) = (0, 0);
    let mut regrets: Vec<i32> = Vec::new();
    for k in 0..a.positions {
        let b = generated(&mut rng, dims);
        let n = [2, 3, 5][k % 3];
        let offered = decide(a.time_ms, |bu| renju::offers(&b, n, bu)).map_err(fail)?;
        let short = decide(a.time_ms, |bu| renju::choose(&b, &offered, bu)).map_err(fail)?;
        let ranked = decide(long, |bu| renju::rank_offers(&b, &offered, bu)).map_err(fail)?;
        let reference = ranked[0].0;
        chose += usize::from(short == reference);
        // What the short choice costs White by the long search's values.
        let regret = ranked[0].1 - ranked.iter().find(|r| r.0 == short).map_or(0, |r| r.1);
        regrets.push(regret);
        let s_short = decide(a.time_ms, |bu| renju::swap_after_four(&b, n, bu)).map_err(fail)?;
        let s_long = decide(long, |bu| renju::swap_after_four(&b, n, bu)).map_err(fail)?;
        swapped += usize::from(s_short == s_long);
        let f = kakugo::board::notation::format_moves;
        println!(
            "position {k} {} n {n}: offers {} choose short {} long {} (regret {regret}); swap2 \
             short {s_short} long {s_long}",
            f(b.history()),
            f(&offered),
            f(&[short]),
            f(&[reference])
        );
    }
    println!("budget {} ms against {long} ms", a.time_ms);
    println!("{swaps}");
    println!(
        "{}",
        summary("White's fifth-move choice (generated)", chose, a.positions)
    );
    regrets.sort_unstable();
    let within = |t: i32| regrets.iter().filter(|&&r| r <= t).count();
    println!(
        "{}",
        summary(
            "  ... the long search values the short choice within 25 of its own",
            within(25),
            a.positions
        )
    );
    println!("{}", summary("  ... within 50", within(50), a.positions));
    println!(
        "  regret (long-search value of its choice less of the short one): median {}, max {}",
        regrets.get(regrets.len() / 2).copied().unwrap_or(0),
        regrets.last().copied().unwrap_or(0)
    );
    println!(
        "{}",
        summary("Black's second swap (generated)", swapped, a.positions)
    );
    Ok(0)
}
