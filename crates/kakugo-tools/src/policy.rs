//! `policy`: fits the move-ordering table to the moves played in game records (a softmax
//! "policy").
//!
//! Replays every game of the rule (15×15) and takes each position after the opening where the
//! side to move has no five and the opponent no five or straight-four point (the nodes where
//! every candidate is generated). The played move is the target among the search's candidates
//! (renju Black's fouls left out). A candidate's logit is its class score (`MO_OWN` + `MO_OPP`
//! of the classes of both sides at the cell, what the search orders by) divided by a
//! temperature, plus the table's number for the cell code of the side to move there (as its own
//! cell) and the number for the opponent's cell code there (as the cell it takes from him); per
//! colour to move, or `--shared`. Full-batch Adam on the cross-entropy plus `lambda` times the
//! squared numbers; every tenth opening (by a hash) is held out, and its loss and top-1 / top-3
//! accuracy are reported (stderr) for the class scores alone and with the table. With
//! `--mover NAME` only the moves of the player of that name are targets.
//!
//! Prints the table in units of the class scores (so the search adds it to them): lines of
//! `order`, four pattern names, Black's own and opponent's numbers and White's, as
//! `kakugo::search::movepick::parse_order` reads them.

use crate::records;
use crate::{args, Outcome};
use kakugo::board::{Board, Pos};
use kakugo::record::SavedGame;
use kakugo::rules::{code_patterns, CODE_COUNT};
use kakugo::rules::{Combo, Rule};
use kakugo::search::movepick::{is_foul, parse_order};
use kakugo::search::params::{MO_OPP, MO_OWN};
use kakugo::search::State;
use std::path::PathBuf;

/// Plies skipped at the start of a game that does not say how long its opening was.
const DEFAULT_OPENING: usize = 6;

/// Options of `policy`.
#[derive(clap::Args)]
pub struct Args {
    /// The rule (games of other rules are skipped).
    #[arg(long, value_parser = args::rule)]
    rule: Rule,
    /// Tie White's numbers to Black's.
    #[arg(long)]
    shared: bool,
    /// Fit numbers for the distance to the last two moves too (printed on stderr).
    #[arg(long)]
    dist: bool,
    /// Weight of the squared numbers.
    #[arg(long, default_value_t = 1e-5)]
    lambda: f64,
    /// Adam steps.
    #[arg(long, default_value_t = 300)]
    iters: usize,
    /// Only the moves of the player of this name are targets.
    #[arg(long)]
    mover: Option<String>,
    /// Also report the held-out hits of this ordering table (`order` lines, as the search reads
    /// them), for a side-by-side comparison with the fitted one.
    #[arg(long)]
    compare: Option<PathBuf>,
    /// Game records (JSON lines, or `gendata --out` training sets).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// One position: for each candidate its (own code index, opponent code index, class score,
/// distance buckets from the last two moves), the played move first.
struct Sample {
    cands: Vec<(u16, u16, f32, u8, u8)>,
    colour: usize,
}

/// The samples of game `g` (15×15 only) into `train` or `test`.
fn load(g: &SavedGame, a: &Args, train: &mut Vec<Sample>, test: &mut Vec<Sample>) {
    if g.size.w != 15 || g.size.h != 15 {
        return;
    }
    let skip = g.opening_len().unwrap_or(DEFAULT_OPENING);
    let opening = g.opening.as_deref().unwrap_or("");
    let held_out = opening.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, c| {
        (h ^ u64::from(c)).wrapping_mul(0x100_0000_01b3)
    }) % 10
        == 9;
    let sink = if held_out { test } else { train };
    // With `--mover NAME`, only the moves of the player of that name.
    let by = |player: &Option<String>| a.mover.is_none() || *player == a.mover;
    let (black, white) = (by(&g.black), by(&g.white));
    let mut b = Board::new(g.rule, g.size);
    for (i, &mv) in g.moves.iter().enumerate() {
        if !b.is_empty(mv) {
            break;
        }
        let theirs = if i % 2 == 0 { black } else { white };
        if i >= skip && theirs {
            sink.extend(sample(&mut b, mv, a.shared));
        }
        b.make(mv);
    }
}

/// The sample of `b` with `mv` played, if it is one.
fn sample(b: &mut Board, mv: Pos, shared: bool) -> Option<Sample> {
    let me = b.side_to_move();
    let opp = me.opp();
    if b.has_five_point(me) || b.has_five_point(opp) || b.count(opp, Combo::FlexFour) > 0 {
        return None;
    }
    if is_foul(b, mv) {
        return None;
    }
    let st = State::new(b);
    let mut cands = st.candidates();
    if !cands.contains(&mv) || cands.len() < 2 {
        return None;
    }
    cands.retain(|&p| p != mv && !is_foul(b, p));
    cands.insert(0, mv);
    let hist = b.history();
    let last = |k: usize| hist.len().checked_sub(k).map(|i| hist[i]);
    let (l1, l2) = (last(1), last(2));
    let feat = |p| {
        let class = MO_OWN[b.combo(p, me) as usize] + MO_OPP[b.combo(p, opp) as usize];
        (
            b.cell_code(p, me) as u16,
            b.cell_code(p, opp) as u16,
            class as f32,
            dist_bucket(p, l1),
            dist_bucket(p, l2),
        )
    };
    Some(Sample {
        cands: cands.iter().map(|&p| feat(p)).collect(),
        colour: if shared { 0 } else { me.index() },
    })
}

/// Number of distance buckets: a cell 1 to 5 away from a move (Chebyshev), on one of its lines or
/// not, then farther (or no such move).
const BUCKETS: usize = 11;

/// The distance bucket of `p` from `q`.
fn dist_bucket(p: Pos, q: Option<Pos>) -> u8 {
    match q {
        Some(q) if !q.is_none() && p.distance(q) <= 5 => {
            let d = p.distance(q);
            ((d - 1) * 2 + usize::from(p.aligned_within(q, 5))) as u8
        }
        _ => (BUCKETS - 1) as u8,
    }
}

/// Parameters: [0] = 1 / temperature of the class score (in units of 100), then per colour
/// `CODE_COUNT` own numbers and `CODE_COUNT` opponent numbers.
const PARAMS: usize = 1 + 4 * CODE_COUNT + 4 * BUCKETS;

/// Index of the number of distance bucket `k` from the opponent's last move (`which` 0) or our
/// own (1), colour to move `c`.
fn dist_index(c: usize, which: usize, k: u8) -> usize {
    1 + 4 * CODE_COUNT + (c * 2 + which) * BUCKETS + k as usize
}

/// Index of colour `c`'s number of its own cell code `code`.
fn own_index(c: usize, code: u16) -> usize {
    1 + c * 2 * CODE_COUNT + code as usize
}

/// Index of colour `c`'s number of the opponent's cell code `code`.
fn opp_index(c: usize, code: u16) -> usize {
    1 + c * 2 * CODE_COUNT + CODE_COUNT + code as usize
}

/// Loss, top-1 and top-3 hits of `data` under `w` (`table` false: the class scores alone); with
/// `grad`, adds the loss's gradient.
fn pass(
    data: &[Sample],
    w: &[f64],
    table: bool,
    dist: bool,
    mut grad: Option<&mut [f64]>,
) -> (f64, f64, f64) {
    let (mut loss, mut top1, mut top3) = (0.0, 0.0, 0.0);
    let mut z = Vec::new();
    for s in data {
        z.clear();
        for &(o, q, class, d1, d2) in &s.cands {
            let mut x = w[0] * f64::from(class) / 100.0;
            if table {
                x += w[own_index(s.colour, o)] + w[opp_index(s.colour, q)];
            }
            if dist {
                x += w[dist_index(s.colour, 0, d1)] + w[dist_index(s.colour, 1, d2)];
            }
            z.push(x);
        }
        let m = z.iter().cloned().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|x| (x - m).exp()).sum();
        loss += m + sum.ln() - z[0];
        let better = z[1..].iter().filter(|&&x| x > z[0]).count();
        top1 += f64::from(u8::from(better == 0));
        top3 += f64::from(u8::from(better < 3));
        if let Some(g) = grad.as_deref_mut() {
            for (k, &(o, q, class, d1, d2)) in s.cands.iter().enumerate() {
                let p = (z[k] - m).exp() / sum - f64::from(u8::from(k == 0));
                g[0] += p * f64::from(class) / 100.0;
                if table {
                    g[own_index(s.colour, o)] += p;
                    g[opp_index(s.colour, q)] += p;
                }
                if dist {
                    g[dist_index(s.colour, 0, d1)] += p;
                    g[dist_index(s.colour, 1, d2)] += p;
                }
            }
        }
    }
    let n = data.len().max(1) as f64;
    (loss / n, top1 / n, top3 / n)
}

/// Full-batch Adam on `data` for `iters` steps.
fn fit(data: &[Sample], w: &mut [f64], table: bool, dist: bool, iters: usize, lambda: f64) {
    let n = data.len().max(1) as f64;
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    for t in 1..=iters {
        let mut g = vec![0.0; PARAMS];
        pass(data, w, table, dist, Some(&mut g));
        let lr = 0.05 * (1.0 - (t - 1) as f64 / iters as f64) + 0.002;
        for i in 0..PARAMS {
            let gi = g[i] / n + if i > 0 { 2.0 * lambda * w[i] } else { 0.0 };
            m[i] = 0.9 * m[i] + 0.1 * gi;
            v[i] = 0.999 * v[i] + 0.001 * gi * gi;
            let mh = m[i] / (1.0 - 0.9f64.powi(t as i32));
            let vh = v[i] / (1.0 - 0.999f64.powi(t as i32));
            w[i] -= lr * mh / (vh.sqrt() + 1e-8);
        }
        if t % 50 == 0 {
            eprintln!(
                "iter {t}: train loss {:.4}",
                pass(data, w, table, dist, None).0
            );
        }
    }
}

/// Runs `policy`.
pub fn run(a: Args) -> Outcome {
    let (rule, shared, dist, lambda, iters) = (a.rule, a.shared, a.dist, a.lambda, a.iters);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for f in &a.files {
        for (_, g) in records::read_games(f)?
            .iter()
            .filter(|(_, g)| g.rule == rule)
        {
            load(g, &a, &mut train, &mut test);
        }
    }
    if train.is_empty() {
        return Err(format!("no {} positions to fit", rule.name()).into());
    }
    let cands: usize = train.iter().map(|s| s.cands.len()).sum();
    eprintln!(
        "{} positions ({} candidates), {} held out",
        train.len(),
        cands,
        test.len()
    );
    if let Some(path) = &a.compare {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let t = parse_order(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut w = vec![0.0; PARAMS];
        w[0] = 1.0;
        for c in 0..2 {
            for code in 0..CODE_COUNT {
                let [own, opp] = t[if shared { 0 } else { c }][code];
                w[own_index(c, code as u16)] = f64::from(own) / 100.0;
                w[opp_index(c, code as u16)] = f64::from(opp) / 100.0;
            }
        }
        let (_, t1, t3) = pass(&test, &w, true, false, None);
        eprintln!("{}: held out top-1 {t1:.3} top-3 {t3:.3}", path.display());
    }
    let mut w = vec![0.0; PARAMS];
    w[0] = 1.0;
    fit(&train, &mut w, false, false, 200, 0.0);
    let (l, t1, t3) = pass(&test, &w, false, false, None);
    eprintln!(
        "class scores alone: temperature {:.1}; held out loss {l:.4} top-1 {t1:.3} top-3 {t3:.3}",
        100.0 / w[0]
    );
    fit(&train, &mut w, true, dist, iters, lambda);
    let (l, t1, t3) = pass(&test, &w, true, dist, None);
    eprintln!(
        "with the table: temperature {:.1}; held out loss {l:.4} top-1 {t1:.3} top-3 {t3:.3}",
        100.0 / w[0]
    );
    if dist {
        for c in 0..2 {
            for which in 0..2 {
                let v: Vec<i32> = (0..BUCKETS as u8)
                    .map(|k| (w[dist_index(c, which, k)] * 100.0 / w[0]).round() as i32)
                    .collect();
                eprintln!(
                    "dist colour {c} from {} {v:?}",
                    ["opp last", "own last"][which]
                );
            }
        }
    }
    // In class-score units: the search adds round(number * temperature) to the class score.
    let temp = 100.0 / w[0];
    println!(
        "# Move-ordering table for {}: `kakugo-tools policy` over {} files, {} positions.",
        rule.name(),
        a.files.len(),
        train.len()
    );
    println!(
        "# order: four patterns; Black's number as own cell, as the opponent's; White's the same"
    );
    for (code, p) in code_patterns().enumerate() {
        let num = |c: usize| {
            let c = if shared { 0 } else { c };
            [
                (w[own_index(c, code as u16)] * temp).round() as i32,
                (w[opp_index(c, code as u16)] * temp).round() as i32,
            ]
        };
        let (b, wh) = (num(0), num(1));
        if b != [0, 0] || wh != [0, 0] {
            let names: Vec<String> = p.iter().map(|q| format!("{q:?}")).collect();
            println!(
                "order {} {} {} {} {}",
                names.join(" "),
                b[0],
                b[1],
                wh[0],
                wh[1]
            );
        }
    }
    Ok(0)
}
