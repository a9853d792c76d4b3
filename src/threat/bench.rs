//! The puzzle benchmark behind `solve --bench DIR`: every record of every `*.jsonl` file in a
//! folder (the format of `tests/data/puzzles`) is solved, VCF records by the VCF solver (lines
//! checked by the verifier), `no-VCF` records must not be claimed, VCT records by the VCT solver
//! under a time limit; per class it prints solved counts and median and worst times.
//!
//! The records are read with a minimal reader of flat JSON string and string-list fields, so the
//! engine needs no JSON dependency.

use super::vcf::{Vcf, VcfOutcome, MAX_FOURS};
use super::vct::{Vct, VctLimits};
use super::verify::verify_vcf;
use crate::board::notation::{from_stones, parse_cell_name};
use crate::board::{Board, Dims, Pos};
use crate::rules::{Color, Rule};
use std::time::{Duration, Instant};

/// Default time limit per VCT record, in milliseconds.
pub const BENCH_VCT_MS: u64 = 1_000;
/// Node limit per VCF record.
const BENCH_VCF_NODES: u64 = 10_000_000;

/// The string value of `"key": "..."` in a flat JSON object line.
pub fn json_str(line: &str, key: &str) -> Option<String> {
    let pat = format!("\"{key}\": \"");
    let start = line.find(&pat)? + pat.len();
    let end = line[start..].find('"')?;
    Some(line[start..start + end].to_string())
}

/// The strings of `"key": [...]` in a flat JSON object line.
pub fn json_list(line: &str, key: &str) -> Vec<String> {
    let pat = format!("\"{key}\": [");
    let Some(start) = line.find(&pat).map(|i| i + pat.len()) else {
        return Vec::new();
    };
    let Some(end) = line[start..].find(']') else {
        return Vec::new();
    };
    line[start..start + end]
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The board of a puzzle record line (attacker = `to_move`).
pub fn record_board(line: &str) -> Result<Board, String> {
    let size = line
        .find("\"size\": ")
        .and_then(|i| {
            let rest = &line[i + 8..];
            rest[..rest.find(|c: char| !c.is_ascii_digit())?]
                .parse()
                .ok()
        })
        .unwrap_or(15);
    let dims = Dims::square(size).ok_or("bad size")?;
    let rule = json_str(line, "rule")
        .and_then(|r| Rule::from_name(&r))
        .unwrap_or(Rule::Renju);
    let to_move = match json_str(line, "to_move").as_deref() {
        Some("white") => Color::White,
        _ => Color::Black,
    };
    let cells = |key: &str| -> Result<Vec<Pos>, String> {
        json_list(line, key)
            .iter()
            .map(|s| parse_cell_name(s, dims))
            .collect()
    };
    from_stones(rule, dims, &cells("black")?, &cells("white")?, to_move)
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

/// Runs the benchmark over `dir` with `vct_ms` per VCT record.
pub fn run_bench(dir: &str, vct_ms: u64) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|r| r.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "jsonl"));
    files.sort();
    let (mut vcf_t, mut neg_t, mut vct_t) = (Tally::default(), Tally::default(), Tally::default());
    let mut vct_in_1s = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let Ok(mut b) = record_board(line) else {
                println!("skipped a record of {}", f.display());
                continue;
            };
            let id = json_str(line, "id").unwrap_or_default();
            match json_str(line, "expected").as_deref() {
                Some("win-by-VCF") => bench_vcf(&mut b, &id, true, &mut vcf_t),
                Some("no-VCF") => bench_vcf(&mut b, &id, false, &mut neg_t),
                Some("win-by-VCT") => {
                    let limits = VctLimits {
                        time: Some(Duration::from_millis(vct_ms)),
                        ..VctLimits::default()
                    };
                    let mut solver = Vct::new();
                    let start = Instant::now();
                    let r = solver.solve(&mut b, limits);
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
    }
    vcf_t.print("VCF");
    neg_t.print("no-VCF");
    vct_t.print("VCT");
    println!("VCT solved in under 1 s: {vct_in_1s}/{}", vct_t.total);
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
