//! `solve`: the threat-space solvers from the command line. `solve POSITION` runs the VCF
//! solver, then the VCT solver if there is no VCF (or one of them with `--vcf` / `--vct`), and
//! prints the result, the line, nodes and time; exit code 0 for a win, 1 for none found.
//! A position is pos notation (`h8i9j8`, Black first; `--to-move` passes to the other side) or
//! the path of an ASCII diagram file.
//!
//! `solve --bench DIR` is the puzzle benchmark: every record of every `*.jsonl` file in the
//! folder (the format of `tests/data/puzzles`) is solved, VCF records by the VCF solver (lines
//! checked by the verifier), `no-VCF` records must not be claimed, VCT records by the VCT solver
//! under `--time-ms`; per class it prints solved counts and median and worst times.

use crate::records::{self, Puzzle};
use crate::{args, Failure, Outcome};
use kakugo::board::notation::{from_stones, parse_diagram, parse_moves};
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::{Color, Rule};
use kakugo::threat::{verify_vcf, Vcf, VcfOutcome, Vct, VctLimits, MAX_FOURS};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Node limit of a stand-alone VCF search.
const VCF_NODES: u64 = 50_000_000;
/// Default time limit of a stand-alone VCT search, in milliseconds.
const DEFAULT_VCT_MS: u64 = 10_000;
/// Default time limit per VCT record of the benchmark, in milliseconds.
const BENCH_VCT_MS: u64 = 1_000;
/// Node limit per VCF record of the benchmark.
const BENCH_VCF_NODES: u64 = 10_000_000;

/// A side, as `--to-move` names it.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Side {
    /// Black.
    Black,
    /// White.
    White,
}

/// Options of `solve`.
#[derive(clap::Args)]
pub struct Args {
    /// The position: pos notation (Black first) or the path of a diagram file.
    #[arg(required_unless_present = "bench", conflicts_with = "bench")]
    position: Option<String>,
    /// The rule.
    #[arg(long, value_parser = args::rule, default_value = "renju")]
    rule: Rule,
    /// The VCF solver only.
    #[arg(long, conflicts_with = "vct")]
    vcf: bool,
    /// The VCT solver only.
    #[arg(long)]
    vct: bool,
    /// VCT time limit in milliseconds (default 10000; with --bench, per record, default 1000).
    #[arg(long)]
    time_ms: Option<u64>,
    /// VCT tree node limit.
    #[arg(long)]
    nodes: Option<u64>,
    /// Board side for pos notation.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// The side to move (default: by the stone counts).
    #[arg(long, value_enum)]
    to_move: Option<Side>,
    /// Solve every puzzle record in this folder instead.
    #[arg(long, value_name = "DIR")]
    bench: Option<PathBuf>,
}

/// Runs `solve`.
pub fn run(a: Args) -> Outcome {
    if let Some(dir) = &a.bench {
        bench(dir, a.time_ms.unwrap_or(BENCH_VCT_MS))?;
        return Ok(0);
    }
    let pos = a.position.as_deref().unwrap_or_default();
    let to_move = a.to_move.map(|s| match s {
        Side::Black => Color::Black,
        Side::White => Color::White,
    });
    let mut b = setup(a.rule, pos, a.size, to_move).map_err(Failure::Usage)?;
    println!("rule {} side to move {:?}", a.rule.name(), b.side_to_move());
    let start = Instant::now();
    if !a.vct {
        let mut vcf = Vcf::default();
        let r = vcf.solve(&mut b, MAX_FOURS, VCF_NODES);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        if let VcfOutcome::Win(line) = &r {
            report("win by VCF", line, vcf.nodes(), ms);
            return Ok(0);
        }
        let what = if r == VcfOutcome::NoWin {
            "no VCF"
        } else {
            "no VCF found (node limit)"
        };
        println!("{what}; nodes {}; time {ms:.2} ms", vcf.nodes());
        if a.vcf {
            return Ok(1);
        }
    }
    let mut limits = VctLimits {
        time: Some(Duration::from_millis(a.time_ms.unwrap_or(DEFAULT_VCT_MS))),
        ..VctLimits::default()
    };
    if let Some(n) = a.nodes {
        limits.nodes = n;
    }
    let r = Vct::new().solve(&mut b, limits);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    if r.win {
        report("win by VCT", &r.line, r.nodes + r.vcf_nodes, ms);
        return Ok(0);
    }
    let what = if r.disproven {
        "no VCT within the threat space"
    } else {
        "no win found (limit)"
    };
    println!(
        "{what}; nodes {} + vcf {}; time {ms:.2} ms",
        r.nodes, r.vcf_nodes
    );
    Ok(1)
}

/// The position of a `solve` argument: a diagram file or pos notation.
fn setup(rule: Rule, pos: &str, size: usize, to_move: Option<Color>) -> Result<Board, String> {
    if Path::new(pos).is_file() {
        let text = std::fs::read_to_string(pos).map_err(|e| format!("{pos}: {e}"))?;
        let d = parse_diagram(&text)?;
        let side = to_move.unwrap_or(if d.black.len() > d.white.len() {
            Color::White
        } else {
            Color::Black
        });
        return from_stones(rule, d.dims, &d.black, &d.white, side);
    }
    let dims = Dims::square(size).ok_or(format!("bad size {size}"))?;
    let mut b = Board::new(rule, dims);
    for p in parse_moves(pos, dims)? {
        if !b.is_empty(p) {
            return Err(format!("{p:?} is occupied"));
        }
        b.make(p);
    }
    if to_move.is_some_and(|c| c != b.side_to_move()) {
        b.pass();
    }
    Ok(b)
}

/// A line as pos notation (`*` for a pass) and as x,y pairs.
fn line_text(line: &[Pos]) -> (String, String) {
    let pos = line
        .iter()
        .map(|&p| {
            if p.is_none() {
                "*".to_string()
            } else {
                format!("{}{}", (b'a' + p.x() as u8) as char, p.y() + 1)
            }
        })
        .collect::<String>();
    let xy = line
        .iter()
        .map(|&p| {
            if p.is_none() {
                "-1,-1".to_string()
            } else {
                format!("{},{}", p.x(), p.y())
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    (pos, xy)
}

/// Prints a win.
fn report(what: &str, line: &[Pos], nodes: u64, ms: f64) {
    let (pos, xy) = line_text(line);
    println!("{what}");
    println!("line {pos}");
    println!("xy {xy}");
    println!("nodes {nodes}; time {ms:.2} ms");
}

/// Times of one record class.
#[derive(Default)]
struct Tally {
    total: usize,
    solved: usize,
    wrong: usize,
    ms: Vec<f64>,
}

impl Tally {
    /// Prints the class summary.
    fn print(&mut self, name: &str) {
        self.ms.sort_by(f64::total_cmp);
        let median = self.ms.get(self.ms.len() / 2).copied().unwrap_or(0.0);
        let worst = self.ms.last().copied().unwrap_or(0.0);
        println!(
            "{name:8} {:4}/{:4} correct, {} wrong claims, median {median:8.2} ms, worst {worst:8.2} ms",
            self.solved, self.total, self.wrong
        );
    }
}

/// The puzzle benchmark over `dir` with `vct_ms` per VCT record.
fn bench(dir: &Path, vct_ms: u64) -> Result<(), String> {
    let (mut vcf_t, mut neg_t, mut vct_t) = (Tally::default(), Tally::default(), Tally::default());
    let mut vct_in_1s = 0;
    for Puzzle {
        id,
        expected,
        mut board,
    } in records::read_puzzles(dir)?
    {
        match expected.as_str() {
            "win-by-VCF" => bench_vcf(&mut board, &id, true, &mut vcf_t),
            "no-VCF" => bench_vcf(&mut board, &id, false, &mut neg_t),
            "win-by-VCT" => {
                let limits = VctLimits {
                    time: Some(Duration::from_millis(vct_ms)),
                    ..VctLimits::default()
                };
                let start = Instant::now();
                let r = Vct::new().solve(&mut board, limits);
                let ms = start.elapsed().as_secs_f64() * 1e3;
                vct_t.total += 1;
                if r.win {
                    vct_t.solved += 1;
                    vct_t.ms.push(ms);
                    vct_in_1s += usize::from(ms < 1000.0);
                } else {
                    println!("unsolved VCT {id} ({} nodes, {ms:.0} ms)", r.nodes);
                }
            }
            _ => {}
        }
    }
    vcf_t.print("VCF");
    neg_t.print("no-VCF");
    vct_t.print("VCT");
    println!("VCT solved in under 1 s: {vct_in_1s}/{}", vct_t.total);
    Ok(())
}

/// Solves one VCF or no-VCF record.
fn bench_vcf(b: &mut Board, id: &str, win: bool, t: &mut Tally) {
    let mut solver = Vcf::default();
    let start = Instant::now();
    let r = solver.solve(b, MAX_FOURS, BENCH_VCF_NODES);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    t.total += 1;
    t.ms.push(ms);
    match (&r, win) {
        (VcfOutcome::Win(line), true) => match verify_vcf(b, line) {
            Ok(()) => t.solved += 1,
            Err(e) => {
                t.wrong += 1;
                println!("bad VCF line for {id}: {e}");
            }
        },
        (VcfOutcome::Win(_), false) => {
            t.wrong += 1;
            println!("false VCF claimed for {id}");
        }
        (_, false) => t.solved += 1,
        (_, true) => println!("missed VCF {id}: {r:?}"),
    }
}
