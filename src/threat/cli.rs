//! The `solve` command line: `pbrain-kakugo solve [options] <position>` runs the VCF or VCT
//! solver on one position and prints the result, the line, nodes and time; `solve --bench DIR`
//! runs both over the puzzle records (`*.jsonl`) in a folder and prints solved counts and times.
//!
//! Options: `--rule NAME` (default renju), `--vcf` / `--vct` (default: VCF, then VCT if no VCF),
//! `--time-ms N`, `--nodes N` (VCT tree nodes), `--size N` (for pos notation, default 15),
//! `--to-move black|white` (default: by stone counts). A position is pos notation (`h8i9j8`,
//! Black first) or the path of an ASCII diagram file.

use super::bench::run_bench;
use super::vcf::{Vcf, VcfOutcome, MAX_FOURS};
use super::vct::{Vct, VctLimits};
use crate::board::notation::{from_stones, parse_diagram, parse_moves};
use crate::board::{Board, Dims, Pos};
use crate::rules::{Color, Rule};
use std::time::{Duration, Instant};

/// Default board side for pos notation.
const DEFAULT_SIZE: usize = 15;
/// Node limit of a stand-alone VCF search.
const CLI_VCF_NODES: u64 = 50_000_000;
/// Default time limit of a stand-alone VCT search, in milliseconds.
pub const DEFAULT_VCT_MS: u64 = 10_000;

/// Parsed options of `solve`.
#[derive(Default)]
struct Opts {
    rule: Option<Rule>,
    vcf: bool,
    vct: bool,
    time_ms: Option<u64>,
    nodes: Option<u64>,
    size: Option<usize>,
    to_move: Option<Color>,
    bench: Option<String>,
    position: Option<String>,
}

/// Runs `solve` with its arguments (after the word `solve`); prints to stdout. Returns the
/// process exit code: 0 for a win, 1 for none found, 2 for bad arguments.
pub fn run(args: &[String]) -> i32 {
    match parse(args).and_then(|o| execute(&o)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("solve: {e}");
            eprintln!(
                "usage: solve [--rule R] [--vcf|--vct] [--time-ms N] [--nodes N] [--size N] \
                 [--to-move black|white] <position|file>  |  solve --bench DIR [--time-ms N]"
            );
            2
        }
    }
}

/// Reads the options.
fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--rule" => {
                let v = value("--rule")?;
                o.rule = Some(Rule::from_name(&v).ok_or(format!("unknown rule {v}"))?);
            }
            "--vcf" => o.vcf = true,
            "--vct" => o.vct = true,
            "--time-ms" => o.time_ms = Some(number(&value("--time-ms")?)?),
            "--nodes" => o.nodes = Some(number(&value("--nodes")?)?),
            "--size" => o.size = Some(number(&value("--size")?)? as usize),
            "--bench" => o.bench = Some(value("--bench")?),
            "--to-move" => {
                o.to_move = Some(match value("--to-move")?.as_str() {
                    "black" => Color::Black,
                    "white" => Color::White,
                    v => return Err(format!("bad colour {v}")),
                })
            }
            p if !p.starts_with("--") => o.position = Some(p.to_string()),
            x => return Err(format!("unknown option {x}")),
        }
    }
    Ok(o)
}

/// Parses a number argument.
fn number(s: &str) -> Result<u64, String> {
    s.parse().map_err(|_| format!("bad number {s}"))
}

/// Sets up the position and runs the solvers.
fn execute(o: &Opts) -> Result<i32, String> {
    let rule = o.rule.unwrap_or(Rule::Renju);
    if let Some(dir) = &o.bench {
        run_bench(dir, o.time_ms.unwrap_or(super::bench::BENCH_VCT_MS));
        return Ok(0);
    }
    let pos = o.position.as_deref().ok_or("no position given")?;
    let mut b = setup(rule, pos, o.size.unwrap_or(DEFAULT_SIZE), o.to_move)?;
    println!("rule {} side to move {:?}", rule.name(), b.side_to_move());
    let start = Instant::now();
    let vcf_first = o.vcf || !o.vct;
    if vcf_first {
        let mut vcf = Vcf::default();
        let r = vcf.solve(&mut b, MAX_FOURS, CLI_VCF_NODES);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        if let VcfOutcome::Win(line) = &r {
            report("win by VCF", line, b.dims(), vcf.nodes(), ms);
            return Ok(0);
        }
        let what = if r == VcfOutcome::NoWin {
            "no VCF"
        } else {
            "no VCF found (node limit)"
        };
        println!("{what}; nodes {}; time {ms:.2} ms", vcf.nodes());
        if o.vcf {
            return Ok(1);
        }
    }
    let mut limits = VctLimits {
        time: Some(Duration::from_millis(o.time_ms.unwrap_or(DEFAULT_VCT_MS))),
        ..VctLimits::default()
    };
    if let Some(n) = o.nodes {
        limits.nodes = n;
    }
    let r = Vct::new().solve(&mut b, limits);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    if r.win {
        report("win by VCT", &r.line, b.dims(), r.nodes + r.vcf_nodes, ms);
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
    if std::path::Path::new(pos).is_file() {
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

/// Writes a line as pos notation (`*` for a pass) and as x,y pairs.
pub fn line_text(line: &[Pos]) -> (String, String) {
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
fn report(what: &str, line: &[Pos], _dims: Dims, nodes: u64, ms: f64) {
    let (pos, xy) = line_text(line);
    println!("{what}");
    println!("line {pos}");
    println!("xy {xy}");
    println!("nodes {nodes}; time {ms:.2} ms");
}
