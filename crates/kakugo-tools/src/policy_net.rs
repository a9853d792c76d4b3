//! `policy-net`: fits the learned move-ordering policy ([`kakugo::network::policy`]) to the
//! moves played in game records or training sets, and writes its weights file.
//!
//! The positions are `policy`'s (every position after the opening where every candidate is
//! generated; the played move is the target among the candidates; every tenth opening held
//! out), the colours shared. A candidate's logit is `alpha · class / 100` (the class scores
//! the search orders by) plus the policy's score (see the engine's module for the form); the
//! loss is the softmax cross-entropy of the played move. Adam on mini-batches, their
//! gradients summed over threads; after every epoch the held-out loss and how often the
//! played move ranks first and within the first three are printed, and at the end the same for
//! the ordering table given with `--compare` and for the integer policy as the search runs it.

use crate::policy::{positions, Sample};
use crate::{args, Outcome};
use kakugo::network::policy::{PolicyNet, CTX_DIV, PD, POLICY_NUMBERS};
use kakugo::rules::{Rule, CODE_COUNT};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::path::PathBuf;

/// Where each part starts in the flat form (the weights file's order).
const ALPHA: usize = 0;
const OWN: usize = 1;
const OPP: usize = OWN + CODE_COUNT;
const T0: usize = OPP + CODE_COUNT;
const BIAS: usize = T0 + 2 * CODE_COUNT * PD;
const U: usize = BIAS + PD;
const Q: usize = U + PD;
const SIZE: usize = Q + PD * PD;
const _: () = assert!(SIZE == POLICY_NUMBERS);

/// Options of `policy-net`.
#[derive(clap::Args)]
pub struct Args {
    /// The rule (games of other rules are skipped).
    #[arg(long, value_parser = args::rule)]
    rule: Rule,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Adam's step size at the start (it falls linearly to a tenth by the end).
    #[arg(long, default_value_t = 0.003)]
    lr: f32,
    /// Positions a step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Weight decay (AdamW's, a step's fraction times the step size).
    #[arg(long, default_value_t = 1e-4)]
    decay: f32,
    /// Seed of the initial weights and the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Where to write the weights (`.kpn`).
    #[arg(long)]
    out: PathBuf,
    /// Game records (JSON lines) or training sets (`gendata --out`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

type V = [f32; PD];

/// A candidate's vector before and after the clip.
fn vector(w: &[f32], own: u16, opp: u16) -> (V, V) {
    let (r0, r1) = (
        T0 + own as usize * PD,
        T0 + (CODE_COUNT + opp as usize) * PD,
    );
    let z: V = std::array::from_fn(|k| w[BIAS + k] + w[r0 + k] + w[r1 + k]);
    (z, z.map(|v| v.clamp(0.0, 1.0)))
}

/// The candidates' logits of `s` with the vectors, the context and `u + Q · context`.
fn logits(w: &[f32], s: &Sample) -> (Vec<f32>, Vec<(V, V)>, V, V) {
    let vs: Vec<(V, V)> = s.cands.iter().map(|c| vector(w, c.0, c.1)).collect();
    let mut ctx = [0.0f32; PD];
    for (_, e) in &vs {
        for (c, e) in ctx.iter_mut().zip(e) {
            *c += e / CTX_DIV;
        }
    }
    let g: V = std::array::from_fn(|i| {
        w[U + i] + (0..PD).map(|j| w[Q + i * PD + j] * ctx[j]).sum::<f32>()
    });
    let z = s
        .cands
        .iter()
        .zip(&vs)
        .map(|(&(o, q, class, _, _), (_, e))| {
            w[ALPHA] * class / 100.0
                + w[OWN + o as usize]
                + w[OPP + q as usize]
                + g.iter().zip(e).map(|(g, e)| g * e).sum::<f32>()
        })
        .collect();
    (z, vs, ctx, g)
}

/// Cross-entropy of the first candidate (the move played), the softmax, and how many
/// candidates rank above it.
fn softmax(z: &[f32]) -> (f32, Vec<f32>, usize) {
    let mx = z.iter().copied().fold(f32::MIN, f32::max);
    let sum: f32 = z.iter().map(|x| (x - mx).exp()).sum();
    let p = z.iter().map(|x| (x - mx).exp() / sum).collect();
    let above = z[1..].iter().filter(|&&x| x > z[0]).count();
    (mx + sum.ln() - z[0], p, above)
}

/// Adds the gradient of `s`'s loss to `grad`; returns the loss.
fn backward(w: &[f32], s: &Sample, grad: &mut [f32]) -> f32 {
    let (z, vs, ctx, g) = logits(w, s);
    let (loss, p, _) = softmax(&z);
    let mut dg = [0.0f32; PD];
    let mut de: Vec<V> = vec![[0.0; PD]; vs.len()];
    for (c, &(o, q, class, _, _)) in s.cands.iter().enumerate() {
        let dz = p[c] - f32::from(u8::from(c == 0));
        grad[ALPHA] += dz * class / 100.0;
        grad[OWN + o as usize] += dz;
        grad[OPP + q as usize] += dz;
        for k in 0..PD {
            dg[k] += dz * vs[c].1[k];
            de[c][k] += dz * g[k];
        }
    }
    let mut dctx = [0.0f32; PD];
    for i in 0..PD {
        grad[U + i] += dg[i];
        for j in 0..PD {
            grad[Q + i * PD + j] += dg[i] * ctx[j];
            dctx[j] += dg[i] * w[Q + i * PD + j];
        }
    }
    for (c, &(o, q, ..)) in s.cands.iter().enumerate() {
        let (r0, r1) = (T0 + o as usize * PD, T0 + (CODE_COUNT + q as usize) * PD);
        for k in 0..PD {
            let zk = vs[c].0[k];
            if zk > 0.0 && zk < 1.0 {
                let d = de[c][k] + dctx[k] / CTX_DIV;
                grad[BIAS + k] += d;
                grad[r0 + k] += d;
                grad[r1 + k] += d;
            }
        }
    }
    loss
}

/// Mean loss, top-1 and top-3 rates of `set` under `rank` (a candidate's logits).
fn measure(set: &[Sample], rank: impl Fn(&Sample) -> Vec<f32> + Sync) -> (f64, f64, f64) {
    let (l, t1, t3) = set
        .par_iter()
        .map(|s| {
            let (loss, _, above) = softmax(&rank(s));
            (
                f64::from(loss),
                f64::from(u8::from(above == 0)),
                f64::from(u8::from(above < 3)),
            )
        })
        .reduce(|| (0.0, 0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    let n = set.len().max(1) as f64;
    (l / n, t1 / n, t3 / n)
}

/// The starting weights: the class scores at about the temperature `policy` finds, small
/// random rows drawn from `rng`, the rest 0.
fn start(rng: &mut StdRng) -> Vec<f32> {
    let mut w = vec![0.0f32; SIZE];
    w[ALPHA] = 0.35;
    for x in &mut w[T0..BIAS] {
        *x = 0.1 * rng.gen_range(-1.0..1.0);
    }
    w[BIAS..U].fill(0.2);
    w
}

/// Fits `train` for `a.epochs`, printing the held-out figures of `test` after each.
fn fit(a: &Args, train: &[Sample], test: &[Sample]) -> Vec<f32> {
    let mut rng = StdRng::seed_from_u64(a.seed);
    let mut w = start(&mut rng);
    let (mut m, mut v) = (vec![0.0f32; SIZE], vec![0.0f32; SIZE]);
    let mut step = 0;
    let mut order: Vec<usize> = (0..train.len()).collect();
    for epoch in 1..=a.epochs {
        let lr = a.lr * (1.0 - 0.9 * (epoch - 1) as f32 / a.epochs.max(1) as f32);
        order.shuffle(&mut rng);
        let mut sum = 0.0f64;
        for batch in order.chunks(a.batch) {
            let (g, loss) = batch
                .par_chunks(32)
                .map(|part| {
                    let mut g = vec![0.0f32; SIZE];
                    let l: f32 = part.iter().map(|&i| backward(&w, &train[i], &mut g)).sum();
                    (g, l)
                })
                .reduce(
                    || (vec![0.0f32; SIZE], 0.0),
                    |(mut x, lx), (y, ly)| {
                        x.iter_mut().zip(&y).for_each(|(p, q)| *p += q);
                        (x, lx + ly)
                    },
                );
            sum += f64::from(loss);
            step += 1;
            let k = 1.0 / batch.len() as f32;
            let (c1, c2) = (1.0 - 0.9f32.powi(step), 1.0 - 0.999f32.powi(step));
            for i in 0..SIZE {
                let gi = g[i] * k;
                if gi == 0.0 && m[i] == 0.0 {
                    continue;
                }
                m[i] = 0.9 * m[i] + 0.1 * gi;
                v[i] = 0.999 * v[i] + 0.001 * gi * gi;
                w[i] -= lr * ((m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8) + a.decay * w[i]);
            }
        }
        let (l, t1, t3) = measure(test, |s| logits(&w, s).0);
        eprintln!(
            "epoch {epoch:3}  training loss {:.4}  held out: loss {l:.4} top-1 {t1:.3} top-3 {t3:.3}",
            sum / train.len().max(1) as f64
        );
    }
    w
}

/// The integer policy's keys of `s`'s candidates (class scores plus its scores), as logits at
/// the fitted temperature.
fn integer_logits(net: &PolicyNet, alpha: f32, s: &Sample) -> Vec<f32> {
    let vectors: Vec<[i16; PD]> = s
        .cands
        .iter()
        .map(|c| net.vector(c.0 as usize, c.1 as usize))
        .collect();
    let g = net.context(vectors.iter());
    s.cands
        .iter()
        .zip(&vectors)
        .map(|(&(o, q, class, _, _), e)| {
            (class + net.score(&g, e, o as usize, q as usize) as f32) * alpha / 100.0
        })
        .collect()
}

/// Runs `policy-net`.
pub fn run(a: Args) -> Outcome {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.unwrap_or_else(args::all_cores))
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    pool.install(|| {
        let (train, test) = positions(&a.files, a.rule, &None, true)?;
        if train.is_empty() {
            return Err(format!("no {} positions to fit", a.rule.name()).into());
        }
        eprintln!("{} positions, {} held out", train.len(), test.len());
        let w = fit(&a, &train, &test);
        let bytes = PolicyNet::encode(&w);
        let net = PolicyNet::decode(&bytes).map_err(|e| format!("the fitted policy: {e}"))?;
        let (l, t1, t3) = measure(&test, |s| integer_logits(&net, w[ALPHA], s));
        eprintln!("in integers: held out loss {l:.4} top-1 {t1:.3} top-3 {t3:.3}");
        std::fs::write(&a.out, bytes).map_err(|e| format!("{}: {e}", a.out.display()))?;
        eprintln!("wrote {}", a.out.display());
        Ok(0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: u16) -> Sample {
        Sample {
            cands: (0..n)
                .map(|i| (i * 7 % 50, i * 13 % 60, f32::from(i * 37 % 200), 0, 0))
                .collect(),
            colour: 0,
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut rng = StdRng::seed_from_u64(2);
        let mut w: Vec<f32> = (0..SIZE).map(|_| 0.3 * rng.gen_range(-1.0..1.0)).collect();
        w[BIAS..U].fill(0.4);
        let s = sample(12);
        let mut g = vec![0.0f32; SIZE];
        backward(&w, &s, &mut g);
        let loss = |w: &[f32]| f64::from(softmax(&logits(w, &s).0).0);
        let mut idx = vec![
            ALPHA,
            OWN + 7,
            OPP + 13,
            BIAS,
            BIAS + 3,
            U + 1,
            Q + 5,
            Q + 17,
        ];
        idx.extend([T0 + 7 * PD + 2, T0 + (CODE_COUNT + 13) * PD + 4]);
        let mut nonzero = 0;
        for i in idx {
            let h = 1e-2f32;
            let (mut up, mut down) = (w.clone(), w.clone());
            up[i] += h;
            down[i] -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * f64::from(h));
            assert!(
                (numeric - f64::from(g[i])).abs() < 2e-3 + 0.05 * numeric.abs(),
                "{i}: analytic {} numeric {numeric}",
                g[i]
            );
            nonzero += usize::from(g[i].abs() > 1e-4);
        }
        assert!(nonzero >= 8);
    }

    #[test]
    fn a_fit_learns_the_moves_and_the_integers_rank_as_the_floats() {
        // The played move is always the candidate with own code 3 among codes 0..6, whatever
        // its class score: a fit must learn to rank it first.
        let mut rng = StdRng::seed_from_u64(4);
        let mk = |rng: &mut StdRng| Sample {
            cands: std::iter::once((3u16, 1u16, 20.0f32, 0u8, 0u8))
                .chain((0..8).map(|_| {
                    let own = [0u16, 1, 2, 4, 5][rng.gen_range(0..5)];
                    (own, rng.gen_range(0..6), rng.gen_range(0..200) as f32, 0, 0)
                }))
                .collect(),
            colour: 0,
        };
        let train: Vec<Sample> = (0..400).map(|_| mk(&mut rng)).collect();
        let test: Vec<Sample> = (0..100).map(|_| mk(&mut rng)).collect();
        let a = Args {
            rule: Rule::Freestyle,
            epochs: 8,
            lr: 0.01,
            batch: 32,
            decay: 0.0,
            seed: 1,
            jobs: Some(1),
            out: PathBuf::new(),
            files: Vec::new(),
        };
        let before = measure(&test, |s| {
            logits(&start(&mut StdRng::seed_from_u64(1)), s).0
        });
        let w = fit(&a, &train, &test);
        let after = measure(&test, |s| logits(&w, s).0);
        assert!(before.1 < 0.5 && after.1 > 0.95, "{before:?} {after:?}");
        let net = PolicyNet::decode(&PolicyNet::encode(&w)).unwrap();
        let int = measure(&test, |s| integer_logits(&net, w[ALPHA], s));
        assert!((int.1 - after.1).abs() < 0.02, "{int:?} {after:?}");
    }
}
