//! `tune`: fits the evaluation tables to game results ("Texel tuning", logistic regression).
//!
//! Reads game records of the rule (from the arena, `gendata` or `label`), replays every game and
//! takes each position after the opening where neither side has a five to make. The evaluation
//! is linear in its numbers (the flags and the threat combination of the side to move, and per
//! empty cell the value of each colour's cell code), so the expected score of a position is
//! modelled as `sigmoid(eval / scale)`; the scale is fitted first with the starting tables, then
//! every number by full-batch Adam on the log loss plus `lambda` times the squared distance of
//! the cell values from their starting values (the step shrinks linearly to the end). Every
//! tenth game is held out and its loss is reported before and after.
//!
//! A record with a `score` (from `label`) is one position, the one after its moves; its target
//! is the search's score through the same sigmoid (a proven win 1, a loss 0), mixed with the
//! game's result in the proportion `--mix` (default 0: the score alone). `--scale X` sets the
//! scale instead of fitting it (for sets where the results say little, as positions after random
//! moves).
//!
//! Starts from `--init FILE` (a tables file) or the engine's tables of the rule, and prints the
//! new tables on stdout, the losses on stderr. `--shared` ties Black's numbers to White's (for
//! the rules that treat both alike); `--quiet` takes only positions with no open three,
//! four-three or five point on either side. `--by-opening` holds out the games of every tenth
//! opening (by a hash of the opening's moves) instead of every tenth line: labelled positions of
//! one game lie on neighbouring lines, so a split by line leaks a game into both halves and
//! flatters the held-out loss.

use crate::records;
use crate::{args, Outcome};
use kakugo::board::Board;
use kakugo::record::{Label, SavedGame};
use kakugo::rules::CODE_COUNT;
use kakugo::rules::{Color, Combo, Rule};
use kakugo::search::eval::{eval_tables, flags, threat_mask, EvalTables, EV_FLAGS, THREAT_MASKS};
use std::collections::HashMap;
use std::path::PathBuf;

/// Which numbers to fit (the others keep their starting values).
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Fit {
    /// Every number.
    All,
    /// The flags and the threat combinations.
    Threats,
    /// The flags and the cells.
    Nothreats,
    /// The cells only.
    Cells,
}

/// Options of `tune`.
#[derive(clap::Args)]
pub struct Args {
    /// The rule (games of other rules are skipped).
    #[arg(long, value_parser = args::rule)]
    rule: Rule,
    /// Tie White's numbers to Black's.
    #[arg(long)]
    shared: bool,
    /// Only positions with no open three, four-three or five point on either side.
    #[arg(long)]
    quiet: bool,
    /// Hold out every tenth opening instead of every tenth line.
    #[arg(long)]
    by_opening: bool,
    /// Weight of the pull of cell and threat values towards their starting values.
    #[arg(long, default_value_t = 1e-7)]
    lambda: f64,
    /// Adam steps.
    #[arg(long, default_value_t = 600)]
    iters: usize,
    /// Share of the game result in a labelled position's target.
    #[arg(long, default_value_t = 0.0)]
    mix: f32,
    /// The sigmoid's scale (default: fitted to the results).
    #[arg(long)]
    scale: Option<f64>,
    /// Which numbers to fit.
    #[arg(long, value_enum, default_value = "all")]
    fit: Fit,
    /// Starting tables (default: the engine's).
    #[arg(long)]
    init: Option<PathBuf>,
    /// Game records (JSON lines).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Plies skipped at the start of a game that does not say how long its opening was.
const DEFAULT_OPENING: usize = 6;

/// Index of flag `k` of colour to move `c` in the parameter vector.
fn flag_index(c: usize, k: usize) -> usize {
    c * EV_FLAGS + k
}

/// Index of the value of colour `c`'s code in role `role` (0 own, 1 opponent's).
fn cell_index(c: usize, code: usize, role: usize) -> usize {
    2 * EV_FLAGS + (c * CODE_COUNT + code) * 2 + role
}

/// Index of the value of threat combination `mask` for colour to move `c`.
fn threat_index(c: usize, mask: usize) -> usize {
    2 * EV_FLAGS + 2 * CODE_COUNT * 2 + c * THREAT_MASKS + mask
}

/// Number of parameters.
const PARAMS: usize = 2 * EV_FLAGS + 2 * CODE_COUNT * 2 + 2 * THREAT_MASKS;

/// One position: the parameters it uses with their multiplicities, the result for the side to
/// move, and the search's score if the record has one (±infinity for a proven win or loss).
struct Sample {
    terms: Vec<(u32, f32)>,
    y: f32,
    score: Option<f64>,
}

impl Sample {
    /// The evaluation under `w`.
    fn z(&self, w: &[f64]) -> f64 {
        self.terms
            .iter()
            .map(|&(i, x)| w[i as usize] * f64::from(x))
            .sum()
    }
}

/// The terms of `b`'s evaluation; `shared` maps both colours onto Black's numbers.
fn terms(b: &Board, shared: bool) -> Vec<(u32, f32)> {
    let me = b.side_to_move();
    let col = |c: Color| if shared { 0 } else { c.index() };
    let mut t: HashMap<u32, f32> = HashMap::new();
    for (k, &x) in flags(b).iter().enumerate() {
        if x != 0 {
            *t.entry(flag_index(col(me), k) as u32).or_default() += x as f32;
        }
    }
    *t.entry(threat_index(col(me), threat_mask(b)) as u32)
        .or_default() += 1.0;
    for p in b.dims().cells().filter(|&p| b.is_empty(p)) {
        for (c, role) in [(me, 0), (me.opp(), 1)] {
            let i = cell_index(col(c), b.cell_code(p, c), role);
            *t.entry(i as u32).or_default() += 1.0;
        }
    }
    t.into_iter().collect()
}

/// Whether neither side has an open three, a four-three point or a straight-four point on the
/// board: a position whose outcome threats do not decide yet.
fn is_quiet(b: &Board) -> bool {
    [Color::Black, Color::White].into_iter().all(|c| {
        b.count(c, Combo::FlexFour) == 0
            && b.count(c, Combo::FourThree) == 0
            && b.count(c, Combo::Five) == 0
    })
}

/// A hash of a game's opening moves (FNV-1a of their coordinates), so that every position of a
/// game, and of every game from the same opening, falls on the same side of the held-out split.
fn opening_hash(g: &SavedGame, plies: usize) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for p in g.moves.iter().take(plies) {
        for byte in [p.x() as u8, p.y() as u8, b';'] {
            h = (h ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The samples of game `g`, read from line `line` of its file, into `train` or `test`.
fn load(line: usize, g: &SavedGame, a: &Args, train: &mut Vec<Sample>, test: &mut Vec<Sample>) {
    let Some(result) = g.result else {
        return;
    };
    let skip = g
        .opening_len()
        .unwrap_or(DEFAULT_OPENING)
        .max(DEFAULT_OPENING);
    let held_out = if a.by_opening {
        opening_hash(g, skip) % 10 == 9
    } else {
        line % 10 == 9
    };
    let sink = if held_out { test } else { train };
    let mut sample = |b: &Board, score: Option<f64>| {
        if !a.quiet || is_quiet(b) {
            sink.push(Sample {
                terms: terms(b, a.shared),
                y: result.score_of(b.side_to_move()) as f32,
                score,
            });
        }
    };
    if let Some(label) = g.score {
        // A labelled position: the one after all of `moves`.
        if let Ok(b) = g.board_after(g.moves.len()) {
            let score = match label {
                Label::Eval(e) => e,
                Label::Win => f64::INFINITY,
                Label::Loss => f64::NEG_INFINITY,
            };
            sample(&b, Some(score));
        }
        return;
    }
    let mut b = Board::new(g.rule, g.size);
    for (i, &p) in g.moves.iter().enumerate() {
        if i >= skip && !b.has_five_point(Color::Black) && !b.has_five_point(Color::White) {
            sample(&b, None);
        }
        if !b.is_empty(p) {
            break;
        }
        b.make(p);
    }
}

/// The logistic function.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log loss of `w` (in evaluation units) at `scale`.
fn loss(data: &[Sample], w: &[f64], scale: f64) -> f64 {
    let mut total = 0.0;
    for s in data {
        let p = sigmoid(s.z(w) / scale).clamp(1e-9, 1.0 - 1e-9);
        let y = f64::from(s.y);
        total -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
    }
    total / data.len().max(1) as f64
}

/// The tables as one parameter vector.
fn to_params(t: &EvalTables) -> Vec<f64> {
    let mut w = vec![0.0; PARAMS];
    for c in 0..2 {
        for k in 0..EV_FLAGS {
            w[flag_index(c, k)] = f64::from(t.flags[c][k]);
        }
        for code in 0..CODE_COUNT {
            for role in 0..2 {
                w[cell_index(c, code, role)] = f64::from(t.cells[c][code][role]);
            }
        }
        for mask in 0..THREAT_MASKS {
            w[threat_index(c, mask)] = f64::from(t.threats[c][mask]);
        }
    }
    w
}

/// A parameter vector as tables (`shared`: White's numbers are Black's).
fn to_tables(w: &[f64], shared: bool) -> EvalTables {
    let mut t = EvalTables::zero();
    for c in 0..2 {
        let from = if shared { 0 } else { c };
        for k in 0..EV_FLAGS {
            t.flags[c][k] = w[flag_index(from, k)].round() as i32;
        }
        for code in 0..CODE_COUNT {
            for role in 0..2 {
                t.cells[c][code][role] = w[cell_index(from, code, role)].round() as i32;
            }
        }
        for mask in 0..THREAT_MASKS {
            t.threats[c][mask] = w[threat_index(from, mask)].round() as i32;
        }
    }
    t
}

/// Runs `tune`.
pub fn run(a: Args) -> Outcome {
    let (rule, shared, lambda, iters, fit, mix) =
        (a.rule, a.shared, a.lambda, a.iters, a.fit, a.mix);
    let init = match &a.init {
        Some(f) => {
            let text = std::fs::read_to_string(f)
                .map_err(|e| format!("cannot read {}: {e}", f.display()))?;
            Some(EvalTables::parse(&text).map_err(|e| format!("{}: {e}", f.display()))?)
        }
        None => None,
    };
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for f in &a.files {
        for (line, g) in records::read_games(f)?
            .iter()
            .filter(|(_, g)| g.rule == rule)
        {
            load(*line, g, &a, &mut train, &mut test);
        }
    }
    if train.is_empty() {
        return Err(format!("no {} positions to fit", rule.name()).into());
    }
    eprintln!(
        "{} training positions, {} held out",
        train.len(),
        test.len()
    );
    let w0 = to_params(init.as_ref().unwrap_or_else(|| eval_tables(rule)));
    let mut scale = 50.0;
    let mut best = (f64::MAX, scale);
    while scale < 5000.0 {
        let l = loss(&train, &w0, scale);
        if l < best.0 {
            best = (l, scale);
        }
        scale *= 1.1;
    }
    let scale = a.scale.unwrap_or(best.1);
    // Positions with a search score learn it (at the scale fitted to the results), mixed with
    // their result in the proportion `mix`.
    for s in train.iter_mut().chain(test.iter_mut()) {
        if let Some(score) = s.score {
            s.y = mix * s.y + (1.0 - mix) * sigmoid(score / scale) as f32;
        }
    }
    let before = loss(&test, &w0, scale);
    // The least loss any tables could reach on the held-out targets (their entropy).
    let floor = test
        .iter()
        .map(|s| {
            let y = f64::from(s.y).clamp(1e-9, 1.0 - 1e-9);
            -(y * y.ln() + (1.0 - y) * (1.0 - y).ln())
        })
        .sum::<f64>()
        / test.len().max(1) as f64;
    eprintln!(
        "scale {scale:.0}: starting tables train {:.5} (results) held out {before:.5} \
         (floor {floor:.5})",
        best.0
    );
    // Adam on the log loss, in units of the weights / scale.
    let mut w = w0.clone();
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let (b1, b2, lr, eps) = (0.9, 0.999, 2.0, 1e-8);
    for t in 1..=iters {
        let mut g = vec![0.0; PARAMS];
        for s in &train {
            let e = sigmoid(s.z(&w) / scale) - f64::from(s.y);
            for &(i, x) in &s.terms {
                g[i as usize] += e * f64::from(x);
            }
        }
        for i in 0..PARAMS {
            let is_threat = i >= threat_index(0, 0);
            let is_cell = i >= 2 * EV_FLAGS && !is_threat;
            if (fit == Fit::Threats && is_cell)
                || (fit == Fit::Nothreats && is_threat)
                || (fit == Fit::Cells && !is_cell)
            {
                continue;
            }
            let mut gi = g[i] / train.len() as f64 / scale;
            if is_cell || is_threat {
                gi += lambda * (w[i] - w0[i]);
            }
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - f64::powi(b1, t as i32));
            let vh = v[i] / (1.0 - f64::powi(b2, t as i32));
            let rate = lr * (1.0 - t as f64 / iters as f64).max(0.02);
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
        if t % 100 == 0 || t == iters {
            eprintln!(
                "iter {t}: train {:.5} held out {:.5}",
                loss(&train, &w, scale),
                loss(&test, &w, scale)
            );
        }
    }
    let after = loss(&test, &w, scale);
    println!("# Evaluation tables for {}.", rule.name());
    println!(
        "# Written by `kakugo-tools tune {}`:",
        std::env::args()
            .skip(2)
            .map(|a| a.rsplit('/').next().unwrap_or(&a).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "# {} positions, held-out log loss {before:.4} -> {after:.4} (scale {scale:.0}).",
        train.len() + test.len()
    );
    print!("{}", to_tables(&w, shared).format());
    Ok(0)
}
