//! Fits the evaluation weights to game results (logistic regression, "Texel tuning").
//!
//! Reads game records in the arena's JSON-lines format (one game a line: `rule`, `moves` as
//! "x,y", `result`; from `kakugo-arena` or `examples/gendata.rs`), replays every game and takes
//! each position after the opening where neither side has a five to make. The evaluation is
//! linear in [`features`], so the expected score of a position is modelled as
//! `sigmoid(weights · features / scale)`; the scale is fitted first with the present weights, then
//! the weights by full-batch Adam on the log loss (the step shrinks linearly to the end). Every tenth game is held out and its loss is
//! reported before and after. Starts from the engine's weights of the rule; prints the new weights in the same layout.
//!
//! `cargo run --release --example tune -- [rule=NAME] [side=black|white] [iters=N] FILE...`
//!
//! `side=` keeps only the positions with that colour to move (renju has a weight set for each).

use kakugo::board::{Board, Dims};
use kakugo::rules::{Color, Rule};
use kakugo::search::eval::{features, EV_FEATURES};
use kakugo::search::params::ev_weights;

/// Plies skipped at the start of a game that does not say how long its opening was.
const DEFAULT_OPENING: usize = 6;

struct Sample {
    f: [f32; EV_FEATURES],
    y: f32,
}

/// Which positions to take.
#[derive(Clone, Copy)]
struct Filter {
    rule: Option<Rule>,
    side: Option<Color>,
}

fn load(path: &str, filter: Filter, train: &mut Vec<Sample>, test: &mut Vec<Sample>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for (n, line) in text.lines().enumerate() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let Some(rule) = v["rule"].as_str().and_then(Rule::from_name) else {
            continue;
        };
        if filter.rule.is_some_and(|r| r != rule) {
            continue;
        }
        let size = v["size"][0].as_u64().unwrap_or(15) as usize;
        let Some(dims) = Dims::square(size) else {
            continue;
        };
        let black = match v["result"].as_str() {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let skip = v["opening_plies"]
            .as_u64()
            .map(|n| n as usize)
            .or_else(|| v["opening"].as_str().map(|s| s.len() / 2))
            .unwrap_or(DEFAULT_OPENING)
            .max(DEFAULT_OPENING);
        let Some(moves) = v["moves"].as_array() else {
            continue;
        };
        let mut b = Board::new(rule, dims);
        let sink = if n % 10 == 9 { &mut *test } else { &mut *train };
        for (i, m) in moves.iter().enumerate() {
            if i >= skip
                && filter.side.is_none_or(|c| c == b.side_to_move())
                && !b.has_five_point(Color::Black)
                && !b.has_five_point(Color::White)
            {
                let fi = features(&b);
                let mut f = [0f32; EV_FEATURES];
                for (a, &x) in f.iter_mut().zip(fi.iter()) {
                    *a = x as f32;
                }
                let y = if b.side_to_move() == Color::Black {
                    black
                } else {
                    1.0 - black
                };
                sink.push(Sample { f, y });
            }
            let Some((x, y)) = m.as_str().and_then(|s| s.split_once(',')) else {
                break;
            };
            let (Ok(x), Ok(y)) = (x.trim().parse::<i64>(), y.trim().parse::<i64>()) else {
                break;
            };
            match dims.pos(x, y) {
                Some(p) if b.is_empty(p) => b.make(p),
                _ => break,
            }
        }
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log loss of `w` (in evaluation units) at `scale`.
fn loss(data: &[Sample], w: &[f64], scale: f64) -> f64 {
    let mut total = 0.0;
    for s in data {
        let z: f64 = s.f.iter().zip(w).map(|(&x, &w)| f64::from(x) * w).sum();
        let p = sigmoid(z / scale).clamp(1e-9, 1.0 - 1e-9);
        let y = f64::from(s.y);
        total -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
    }
    total / data.len().max(1) as f64
}

fn main() {
    let mut rule = None;
    let mut side = None;
    let mut iters = 3000usize;
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        if let Some(r) = a.strip_prefix("rule=") {
            rule = Some(Rule::from_name(r).expect("rule name"));
        } else if let Some(c) = a.strip_prefix("side=") {
            side = Some(if c == "white" {
                Color::White
            } else {
                Color::Black
            });
        } else if let Some(n) = a.strip_prefix("iters=") {
            iters = n.parse().expect("iters");
        } else {
            files.push(a);
        }
    }
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for f in &files {
        load(f, Filter { rule, side }, &mut train, &mut test);
    }
    eprintln!(
        "{} training positions, {} held out",
        train.len(),
        test.len()
    );
    let w0: Vec<f64> = ev_weights(rule.unwrap_or(Rule::Freestyle))
        [side.unwrap_or(Color::Black).index()]
    .iter()
    .map(|&w| f64::from(w))
    .collect();
    let mut scale = 50.0;
    let mut best = (f64::MAX, scale);
    while scale < 5000.0 {
        let l = loss(&train, &w0, scale);
        if l < best.0 {
            best = (l, scale);
        }
        scale *= 1.1;
    }
    let scale = best.1;
    eprintln!(
        "scale {scale:.0}: present weights train {:.5} held out {:.5}",
        best.0,
        loss(&test, &w0, scale)
    );
    // Adam on the log loss, in units of the weights / scale.
    let n = EV_FEATURES;
    let mut w = w0.clone();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, lr, eps) = (0.9, 0.999, 2.0, 1e-8);
    for t in 1..=iters {
        let mut g = vec![0.0; n];
        for s in &train {
            let z: f64 = s.f.iter().zip(&w).map(|(&x, &w)| f64::from(x) * w).sum();
            let e = sigmoid(z / scale) - f64::from(s.y);
            for (gi, &x) in g.iter_mut().zip(s.f.iter()) {
                *gi += e * f64::from(x);
            }
        }
        for i in 0..n {
            let gi = g[i] / train.len() as f64 / scale;
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - f64::powi(b1, t as i32));
            let vh = v[i] / (1.0 - f64::powi(b2, t as i32));
            let rate = lr * (1.0 - t as f64 / iters as f64).max(0.02);
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
        if t % 500 == 0 || t == iters {
            eprintln!(
                "iter {t}: train {:.5} held out {:.5}",
                loss(&train, &w, scale),
                loss(&test, &w, scale)
            );
        }
    }
    let r: Vec<String> = w.iter().map(|x| format!("{}", x.round() as i64)).collect();
    println!("{}", r.join(", "));
}
