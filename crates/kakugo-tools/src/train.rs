//! `train`: fits the evaluation network ([`kakugo::network`]) to self-play games with scores
//! (`gendata --out`, the [`dataset`] format) and writes its weights file.
//!
//! Every position after the opening whose move was chosen by a search, where neither side has a
//! five to make, is a sample; its target, for the side to move, is `lambda` times the game's result
//! plus `1 - lambda` times the search's score through the evaluation's sigmoid (a proven win 1, a
//! loss 0). Each such position also gives a *child* ([`children`]: the position after one random
//! legal move near the stones, searched afresh with `children_nodes` nodes and the classical
//! evaluation), its target that search's score alone. The search evaluates mostly positions after
//! moves no player would choose; without them the net learns only the positions of good play. The
//! children are searched once per game file and cached beside it, the same for any thread count.
//! Every tenth game is held out; its loss is printed after every epoch beside the classical
//! evaluation's alone (the net's starting point). The loss is the cross-entropy of the net's
//! sigmoid against the target. Training is Adam on mini-batches, their gradients summed over
//! threads with rayon; the run repeats exactly for a seed and a thread count. At the end the
//! quantised net is checked against the float one on the held-out positions. One net is fitted to
//! both sides to move (a head each), kept mirrored (`kakugo::network::mirror_index`): each number's
//! gradient is added to its twin's, so the twins stay equal and every position also teaches its
//! colour-swapped twin. In the rules where the colours are alike (all but renju) the whole net is
//! mirrored; in renju only the cell table and its bias (a unit and its twin read the same shapes
//! for either colour, and each side to move's head uses them as it will).

use crate::children::{self, Child};
use crate::dataset::{self, ScoredGame, LOSS, WIN};
use crate::{args, Outcome};
use kakugo::board::Board;
use kakugo::network::layout::{head, B1, B2, BIAS, HEADS, HEAD_LEN, NUMBERS, TABLE, W1, W2, WC};
use kakugo::network::{
    cell_rows, mirror_index, FloatNet, Forward, Inputs, Net, DIM, EVAL_SCALE, HIDDEN, INPUTS,
    OPEN_CELL, POOL_DIV, ROWS, WEIGHT_CLIP,
};
use kakugo::rules::{Color, Rule};
use kakugo::search::eval::{eval_tables, evaluate, threat_mask, with_values};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::path::PathBuf;

/// Options of `train`.
#[derive(clap::Args)]
pub struct Args {
    /// The rule (games of other rules are skipped).
    #[arg(long, value_parser = args::rule)]
    rule: Rule,
    /// Game files (`gendata --out`).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Where to write the weights (`.kgn`).
    #[arg(long)]
    out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Adam's step size at the start (it falls linearly to a tenth by the end).
    #[arg(long, default_value_t = 0.005)]
    lr: f32,
    /// Positions a step.
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// Weight of the game's result in the target (the rest is the search's score).
    #[arg(long, default_value_t = 0.3)]
    lambda: f32,
    /// Weight decay of the cell table and the hidden layer (AdamW's, a step's fraction times
    /// the step size).
    #[arg(long, default_value_t = 1.0)]
    decay: f32,
    /// Start from this weights file (`.kgn`) instead of the classical evaluation; with
    /// `--epochs 0`, only report its held-out losses.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Seed of the initial weights and the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Nodes of the search that labels each position's random child (0: no children).
    #[arg(long, default_value_t = 6_000)]
    children_nodes: u64,
}

/// One training position.
struct Sample {
    x: Inputs,
    target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The samples of one game, each followed by its child where `kids` (one entry per training
/// position, [`children::of_game`]) has one.
fn samples(g: &ScoredGame, lambda: f32, kids: Option<&[Option<Child>]>) -> Vec<Sample> {
    let tables = eval_tables(g.rule);
    let mut b = with_values(&Board::new(g.rule, g.dims), tables);
    let mut out = Vec::new();
    let mut kids = kids.map(|k| k.iter());
    for (i, (&p, &score)) in g.moves.iter().zip(&g.scores).enumerate() {
        if children::trains(g, &b, i) {
            let me = b.side_to_move();
            let result = g.result.score_of(me) as f32;
            out.push(Sample {
                x: Inputs::of(&b, threat_mask(&b), evaluate(&b, tables)),
                target: lambda * result + (1.0 - lambda) * target(score),
            });
            if let Some(Some(c)) = kids.as_mut().and_then(Iterator::next) {
                b.make(c.cell);
                out.push(Sample {
                    x: Inputs::of(&b, threat_mask(&b), evaluate(&b, tables)),
                    target: target(c.score),
                });
                b.unmake();
            }
        }
        if !b.is_empty(p) {
            break;
        }
        b.make(p);
    }
    out
}

/// A search's score (the [`dataset`] encoding) as a target: a proven win 1, a loss 0, else the
/// evaluation's sigmoid.
fn target(score: i16) -> f32 {
    match score {
        WIN => 1.0,
        LOSS => 0.0,
        s => sigmoid(f32::from(s) / EVAL_SCALE as f32),
    }
}

/// Whether weight decay applies to number `i` of the flat form ([`kakugo::network::layout`]):
/// the table, the cell bias and the hidden weights.
fn decayed(i: usize) -> bool {
    i < HEADS || (i - HEADS) % HEAD_LEN < B1
}

fn flatten(n: &FloatNet) -> Vec<f32> {
    n.numbers()
}

fn unflatten(v: &[f32]) -> FloatNet {
    FloatNet::from_numbers(v).expect("a whole net")
}

/// Adds the gradient of one sample's loss to `g` (in the flat form); returns the loss.
fn backward(n: &FloatNet, s: &Sample, g: &mut [f32]) -> f32 {
    let Forward { input, pre, logit } = n.forward(&s.x);
    let head_net = &n.heads[s.x.own.index()];
    let h0 = head(s.x.own.index());
    let p = sigmoid(logit).clamp(1e-6, 1.0 - 1e-6);
    let t = s.target;
    let loss = -(t * p.ln() + (1.0 - t) * (1.0 - p).ln());
    let d = p - t;
    g[h0 + B2] += d;
    g[h0 + WC] += d * s.x.classical as f32 / EVAL_SCALE as f32;
    let mut d_pool = [0.0f32; DIM];
    for j in 0..HIDDEN {
        if pre[j] <= 0.0 {
            continue;
        }
        g[h0 + W2 + j] += d * pre[j];
        let dh = d * head_net.w2[j];
        g[h0 + B1 + j] += dh;
        let row = h0 + W1 + j * INPUTS;
        for (gi, x) in g[row..row + INPUTS].iter_mut().zip(&input) {
            *gi += dh * x;
        }
        for (dp, w) in d_pool.iter_mut().zip(&head_net.w1[j]) {
            *dp += dh * w;
        }
    }
    if d_pool.iter().all(|&x| x == 0.0) {
        return loss;
    }
    // Every empty cell adds its clipped vector less an open cell's.
    let mut cells = 0.0f32;
    let mut add = |rows: [usize; ROWS], scale: f32| {
        let z = n.cell_sum(rows);
        for k in 0..DIM {
            if z[k] > 0.0 && z[k] < 1.0 {
                let dz = d_pool[k] * scale;
                g[BIAS + k] += dz;
                for r in rows {
                    g[TABLE + r * DIM + k] += dz;
                }
            }
        }
    };
    for &(pat, count) in &s.x.cells {
        add(cell_rows(pat), f32::from(count) / POOL_DIV);
        cells += f32::from(count);
    }
    add(cell_rows(OPEN_CELL), -cells / POOL_DIV);
    loss
}

/// Mean loss of `n` over `set` (the classical evaluation alone with `classical`).
fn mean_loss(n: &FloatNet, set: &[&Sample], classical: bool) -> f64 {
    let total: f64 = set
        .par_iter()
        .map(|s| {
            let out = if classical {
                s.x.classical as f32 / EVAL_SCALE as f32
            } else {
                n.logit(&s.x)
            };
            let p = sigmoid(out).clamp(1e-6, 1.0 - 1e-6);
            f64::from(-(s.target * p.ln() + (1.0 - s.target) * (1.0 - p).ln()))
        })
        .sum();
    total / set.len().max(1) as f64
}

/// What of a net is kept mirrored.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mirror {
    /// Everything: the colours are alike.
    All,
    /// The cell table and its bias; the heads are free (renju).
    Table,
}

impl Mirror {
    /// The mirroring of `rule`'s net.
    fn of(rule: Rule) -> Mirror {
        if rule == Rule::Renju {
            Mirror::Table
        } else {
            Mirror::All
        }
    }

    /// The twin of number `i` (`i` itself where it has none).
    fn twin(self, i: usize) -> usize {
        match self {
            Mirror::Table if i >= HEADS => i,
            _ => mirror_index(i),
        }
    }

    /// `w` with each number's twin given the number of the lower index.
    fn apply(self, w: &[f32]) -> Vec<f32> {
        (0..w.len()).map(|i| w[i.min(self.twin(i))]).collect()
    }

    /// The gradient `g` of the mirrored numbers: each number's plus its twin's.
    fn fold(self, g: &[f32]) -> Vec<f32> {
        (0..g.len())
            .map(|i| match self.twin(i) {
                t if t == i => g[i],
                t => g[i] + g[t],
            })
            .collect()
    }
}

/// Fits one net to `train`, printing the losses (kept mirrored as `mirror` says); returns it.
fn fit(
    a: &Args,
    start: Option<&FloatNet>,
    name: &str,
    mirror: Mirror,
    train: &[&Sample],
    held: &[&Sample],
) -> FloatNet {
    let mut rng = StdRng::seed_from_u64(a.seed);
    let fresh = FloatNet::new(|| rng.gen_range(-1.0..1.0));
    let mut net = unflatten(&mirror.apply(&flatten(start.unwrap_or(&fresh))));
    if start.is_some() {
        eprintln!(
            "{name}: held-out loss of the starting net {:.5}",
            mean_loss(&net, held, false)
        );
    }
    eprintln!(
        "{name}: {} training positions, {} held out; held-out loss of the classical evaluation \
         alone {:.5}",
        train.len(),
        held.len(),
        mean_loss(&net, held, true)
    );
    let mut w = flatten(&net);
    let (mut m, mut v) = (vec![0.0f32; NUMBERS], vec![0.0f32; NUMBERS]);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut step = 0i32;
    let mut order: Vec<usize> = (0..train.len()).collect();
    for epoch in 1..=a.epochs {
        // The step size falls linearly to a tenth over the run.
        let lr = a.lr * (1.0 - 0.9 * (epoch - 1) as f32 / a.epochs.max(1) as f32);
        order.shuffle(&mut rng);
        let mut sum = 0.0f64;
        for batch in order.chunks(a.batch) {
            let (g, loss) = batch
                .par_chunks(64)
                .map(|part| {
                    let mut g = vec![0.0f32; NUMBERS];
                    let loss: f32 = part.iter().map(|&i| backward(&net, train[i], &mut g)).sum();
                    (g, loss)
                })
                .reduce(
                    || (vec![0.0f32; NUMBERS], 0.0),
                    |(mut a, la), (b, lb)| {
                        a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                        (a, la + lb)
                    },
                );
            let g = mirror.fold(&g);
            sum += f64::from(loss);
            step += 1;
            let k = 1.0 / batch.len() as f32;
            let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
            for i in 0..NUMBERS {
                let gi = g[i] * k;
                m[i] = b1 * m[i] + (1.0 - b1) * gi;
                v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
                let decay = if decayed(i) { a.decay * w[i] } else { 0.0 };
                w[i] -= lr * ((m[i] / c1) / ((v[i] / c2).sqrt() + eps) + decay);
                w[i] = w[i].clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
            }
            net = unflatten(&w);
        }
        eprintln!(
            "{name}: epoch {epoch:3}  training loss {:.5}  held-out loss {:.5}",
            sum / train.len() as f64,
            mean_loss(&net, held, false)
        );
    }
    net
}

/// Mean |integer - float| value over `set`, in evaluation units, and the largest.
fn quantisation_error(net: &Net, held: &[&Sample]) -> (f64, f64) {
    let diffs: Vec<f64> = held
        .par_iter()
        .map(|s| {
            let (f, q) = (&net.float, &net.quant);
            let pool = q.pool_of_inputs(&s.x);
            let int = q.value(&pool, s.x.own, s.x.mask, s.x.classical);
            f64::from(int as f32 - f.value(&s.x)).abs()
        })
        .collect();
    let mean = diffs.iter().sum::<f64>() / diffs.len().max(1) as f64;
    (mean, diffs.iter().copied().fold(0.0, f64::max))
}

/// Runs `train`.
pub fn run(a: Args) -> Outcome {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.unwrap_or_else(args::all_cores))
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    pool.install(|| {
        let mut games = Vec::new();
        let mut kids = Vec::new();
        for f in &a.data {
            let file: Vec<ScoredGame> = dataset::read(f)?
                .into_iter()
                .filter(|g| g.rule == a.rule)
                .collect();
            if a.children_nodes > 0 {
                let (k, searched) = children::of_file(f, &file, a.children_nodes)?;
                let how = if searched { "searched" } else { "cached" };
                eprintln!("{}: {} games, children {how}", f.display(), file.len());
                kids.extend(k.into_iter().map(Some));
            } else {
                kids.extend(file.iter().map(|_| None));
            }
            games.extend(file);
        }
        if games.is_empty() {
            return Err(format!("no {} games in the data", a.rule.name()).into());
        }
        let per_game: Vec<(usize, Vec<Sample>)> = games
            .par_iter()
            .zip(&kids)
            .enumerate()
            .map(|(i, (g, k))| (i, samples(g, a.lambda, k.as_deref())))
            .collect();
        let (mut train, mut held) = (Vec::new(), Vec::new());
        for (i, s) in &per_game {
            if i % 10 == 0 {
                held.extend(s.iter());
            } else {
                train.extend(s.iter());
            }
        }
        eprintln!(
            "{} games, {} positions",
            games.len(),
            train.len() + held.len()
        );
        let start = match &a.init {
            Some(path) => {
                let bytes =
                    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
                Some(Net::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?)
            }
            None => None,
        };
        fn side<'a>(v: &[&'a Sample], c: Color) -> Vec<&'a Sample> {
            v.iter().copied().filter(|s| s.x.own == c).collect()
        }
        let start = start.as_ref().map(|n| &n.float);
        let mirror = Mirror::of(a.rule);
        let set = Net::new(fit(&a, start, a.rule.name(), mirror, &train, &held));
        for c in [Color::Black, Color::White] {
            let (net, held) = (&set.float, side(&held, c));
            let mut moves: Vec<f64> = held
                .iter()
                .map(|s| f64::from(net.value(&s.x) - s.x.classical as f32))
                .collect();
            let n = moves.len().max(1) as f64;
            let signed = moves.iter().sum::<f64>() / n;
            moves.iter_mut().for_each(|d| *d = d.abs());
            moves.sort_by(f64::total_cmp);
            let at = |q: f64| moves.get((q * (moves.len() as f64 - 1.0)) as usize).copied();
            eprintln!(
                "{c:?} to move: held-out loss classical {:.5}, net {:.5}; the net moves the \
                 classical evaluation by {:.1} on average ({signed:+.1} with signs), by at most \
                 {:.0} / {:.0} / {:.0} in half / 90 % / 99 % of the positions",
                mean_loss(net, &held, true),
                mean_loss(net, &held, false),
                moves.iter().sum::<f64>() / n,
                at(0.5).unwrap_or(0.0),
                at(0.9).unwrap_or(0.0),
                at(0.99).unwrap_or(0.0),
            );
        }
        let (mean, max) = quantisation_error(&set, &held);
        eprintln!("quantised against float on the held-out positions: mean |difference| {mean:.2}, largest {max:.1} (evaluation units)");
        std::fs::write(&a.out, set.encode()).map_err(|e| format!("{}: {e}", a.out.display()))?;
        eprintln!("wrote {}", a.out.display());
        Ok(0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kakugo::board::Dims;
    use kakugo::search::Searcher;

    /// A game of `moves` (cells by index on 15×15) won by Black, searched throughout.
    fn game(moves: &[(i64, i64)]) -> ScoredGame {
        let dims = Dims::square(15).unwrap();
        ScoredGame {
            rule: Rule::Freestyle,
            dims,
            result: kakugo::record::GameResult::BlackWon,
            opening: 1,
            moves: moves
                .iter()
                .map(|&(x, y)| dims.pos(x, y).unwrap())
                .collect(),
            scores: (0..moves.len() as i16).map(|i| 100 - 20 * i).collect(),
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let g = game(&[(7, 7), (8, 8), (7, 8), (9, 9), (7, 9), (10, 10)]);
        let s = samples(&g, 0.5, None);
        assert_eq!(s.len(), 5);
        assert!((s[0].target - (0.5 * 0.0 + 0.5 * sigmoid(80.0 / 300.0))).abs() < 1e-6);
        let mut rng = StdRng::seed_from_u64(4);
        let mut net = FloatNet::new(|| rng.gen_range(-1.0..1.0));
        net.bias = std::array::from_fn(|_| rng.gen_range(0.1..0.5));
        for h in &mut net.heads {
            h.b1 = std::array::from_fn(|_| rng.gen_range(0.1..0.5));
            h.w2 = std::array::from_fn(|_| rng.gen_range(-1.0..1.0));
        }
        let w = flatten(&net);
        let sample = &s[4];
        let mut grad = vec![0.0f32; NUMBERS];
        backward(&net, sample, &mut grad);
        let loss = |w: &[f32]| -> f64 {
            let n = unflatten(w);
            let p = f64::from(sigmoid(n.logit(&sample.x)));
            let t = f64::from(sample.target);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        };
        // The cells' rows of the sample, the cell bias, hidden weights and biases, output.
        let rows = cell_rows(sample.x.cells[0].0);
        let h0 = head(sample.x.own.index());
        let mut checks = vec![BIAS, BIAS + 3, h0 + W1, h0 + W1 + INPUTS + 2, h0 + B1 + 1];
        checks.extend([h0 + W2, h0 + B2, h0 + WC]);
        checks.extend(rows.iter().map(|r| TABLE + r * DIM + 1));
        let open = cell_rows(OPEN_CELL);
        checks.extend(open.iter().map(|r| TABLE + r * DIM + 2));
        let mut nonzero = 0;
        for i in checks {
            let h = 2e-3f32;
            let (mut up, mut down) = (w.clone(), w.clone());
            up[i] += h;
            down[i] -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * f64::from(h));
            assert!(
                (numeric - f64::from(grad[i])).abs() < 2e-3 + 0.05 * numeric.abs(),
                "parameter {i}: analytic {}, numeric {numeric}",
                grad[i]
            );
            nonzero += usize::from(grad[i].abs() > 1e-6);
        }
        assert!(nonzero >= 6);
    }

    #[test]
    fn every_position_gets_a_searched_child_the_same_each_time() {
        let g = game(&[(7, 7), (8, 8), (7, 8), (9, 9), (7, 9), (10, 10)]);
        let plain = samples(&g, 0.5, None);
        let with_children = || {
            let mut s = Searcher::new();
            s.set_hash_bytes(1 << 20);
            s.set_feature("network", false);
            let kids = children::of_game(&g, 3, &mut s, 2_000);
            samples(&g, 0.5, Some(&kids))
        };
        let (a, b) = (with_children(), with_children());
        assert_eq!(a.len(), b.len());
        assert!(a
            .iter()
            .zip(&b)
            .all(|(x, y)| x.x == y.x && x.target == y.target));
        // Each game position is followed by its child: one stone more, the other side to move.
        assert_eq!(a.len(), 2 * plain.len());
        for (pair, parent) in a.chunks(2).zip(&plain) {
            assert_eq!(pair[0].x, parent.x);
            assert_eq!(pair[1].x.own, parent.x.own.opp());
            let empty = |x: &Inputs| x.cells.iter().map(|&(_, n)| usize::from(n)).sum::<usize>();
            assert_eq!(empty(&pair[1].x) + 1, empty(&parent.x));
            assert!((0.0..=1.0).contains(&pair[1].target));
        }
    }

    #[test]
    fn a_fit_keeps_its_mirroring() {
        let g = game(&[(7, 7), (8, 8), (7, 8), (9, 9), (7, 9), (10, 10), (3, 3)]);
        let s = samples(&g, 0.5, None);
        let set: Vec<&Sample> = s.iter().collect();
        let a = Args {
            rule: Rule::Freestyle,
            data: Vec::new(),
            out: PathBuf::new(),
            epochs: 3,
            lr: 0.01,
            batch: 4,
            lambda: 0.5,
            decay: 1.0,
            init: None,
            seed: 2,
            jobs: None,
            children_nodes: 0,
        };
        for m in [Mirror::All, Mirror::Table] {
            let w = flatten(&fit(&a, None, "test", m, &set, &set));
            assert_eq!(w, m.apply(&w));
            assert_ne!(w, flatten(&FloatNet::new(|| 0.0)));
            // The heads of a table-mirrored net are free.
            let all = Mirror::All.apply(&w);
            assert_eq!(w[..HEADS], all[..HEADS]);
            assert_eq!(w == all, m == Mirror::All);
        }
    }
}
