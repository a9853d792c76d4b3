//! A whole run: loading the openings, playing the scheduled games on worker threads, counting
//! results per pair, showing progress (one live line on a terminal, plain lines otherwise),
//! writing every game and result as it finishes, stopping early when the SPRT decides or on
//! Ctrl-C, and the closing tables (per pair, crosstable, Elo list).

use super::clock_use::{self, ClockUse};
use super::config::{Config, Mode};
use super::interrupt;
use super::opening_rule::OpeningRule;
use super::openings::{self, Opening};
use super::record;
use super::referee::{self, GameRecord, Setup};
use super::schedule::{self, Job};
use super::stats::{fmt_elo, Sprt, SprtDecision, Wld};
use std::collections::VecDeque;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Results so far: `wld[a][b]` is engine `a`'s record against `b`.
#[derive(Clone, Debug)]
pub struct Table {
    /// Engine names (made unique).
    pub names: Vec<String>,
    /// Per ordered pair of engines.
    pub wld: Vec<Vec<Wld>>,
    /// Under an opening rule: the first player's (tentative Black's) record against the
    /// second's, over all games.
    pub first: Wld,
    /// The final Black's record against the final White's, over all games.
    pub black: Wld,
    /// Each engine's thinking times.
    pub clock: Vec<ClockUse>,
}

impl Table {
    fn new(names: Vec<String>) -> Table {
        let n = names.len();
        Table {
            names,
            wld: vec![vec![Wld::default(); n]; n],
            first: Wld::default(),
            black: Wld::default(),
            clock: vec![ClockUse::default(); n],
        }
    }

    /// Counts one finished game between the scheduled `first` and `second` engines (Black and
    /// White without an opening rule); the game's final colours decide who is credited.
    pub fn add(&mut self, first: usize, second: usize, g: &GameRecord) {
        let r = match g.winner {
            Some(kakugo::rules::Color::Black) => Wld { w: 1, l: 0, d: 0 },
            Some(kakugo::rules::Color::White) => Wld { w: 0, l: 1, d: 0 },
            None => Wld { w: 0, l: 0, d: 1 },
        };
        let (black, white) = if g.first_black {
            (first, second)
        } else {
            (second, first)
        };
        self.wld[black][white].add(r);
        self.wld[white][black].add(r.flip());
        self.black.add(r);
        self.first.add(if g.first_black { r } else { r.flip() });
        self.clock[black].add(g, true);
        self.clock[white].add(g, false);
    }

    /// An engine's total against everyone.
    pub fn total(&self, a: usize) -> Wld {
        let mut t = Wld::default();
        for r in &self.wld[a] {
            t.add(*r);
        }
        t
    }
}

/// What a run ended with.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The results.
    pub table: Table,
    /// Games counted.
    pub played: usize,
    /// Games scheduled.
    pub scheduled: usize,
    /// The SPRT's decision, if it made one.
    pub sprt: Option<SprtDecision>,
    /// Stopped by Ctrl-C.
    pub interrupted: bool,
}

/// Names made unique: a repeated name gets ` #2`, ` #3`, ….
fn unique_names(names: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for n in names {
        let mut cand = n.clone();
        let mut k = 2;
        while out.contains(&cand) {
            cand = format!("{n} #{k}");
            k += 1;
        }
        out.push(cand);
    }
    out
}

fn load_openings(cfg: &Config) -> Result<Vec<Opening>, String> {
    let Some(path) = &cfg.openings else {
        return Ok(vec![Opening {
            moves: Vec::new(),
            line: 0,
        }]);
    };
    let (good, bad) = openings::load(path, cfg.rule, cfg.dims)?;
    for b in &bad {
        eprintln!("warning: {}: skipped {b}", path.display());
    }
    if good.is_empty() {
        return Err(format!("{}: no usable opening", path.display()));
    }
    Ok(good)
}

/// Writes one finished game into the output folder.
fn save(out: &Path, index: usize, g: &GameRecord) -> std::io::Result<()> {
    let games = out.join("games");
    std::fs::write(
        games.join(format!("{:04}.psq", index + 1)),
        record::to_psq(g),
    )?;
    std::fs::write(
        games.join(format!("{:04}.sgf", index + 1)),
        record::to_sgf(g),
    )?;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out.join("results.jsonl"))?;
    writeln!(f, "{}", record::to_saved_game(index + 1, g).to_line())
}

fn is_tty() -> bool {
    // SAFETY: isatty only inspects the descriptor.
    unsafe { libc::isatty(1) == 1 }
}

/// Shared between the collector and the workers.
struct Shared {
    queue: Mutex<VecDeque<Job>>,
    /// Abort the games in progress (Ctrl-C).
    stop: AtomicBool,
    /// Start no new game (SPRT decided, or Ctrl-C).
    halt: AtomicBool,
}

/// Starts the worker threads; each plays games from the queue until it is empty or halted.
fn spawn_workers(
    cfg: &Config,
    opens: &Arc<Vec<Opening>>,
    shared: &Arc<Shared>,
    tx: &Sender<(Job, GameRecord)>,
    count: usize,
) -> Vec<JoinHandle<()>> {
    (0..count)
        .map(|_| {
            let (shared, tx, opens, cfg) = (shared.clone(), tx.clone(), opens.clone(), cfg.clone());
            std::thread::spawn(move || loop {
                if shared.halt.load(Ordering::SeqCst) {
                    return;
                }
                let Some(job) = shared.queue.lock().expect("queue").pop_front() else {
                    return;
                };
                let setup = Setup {
                    rule: cfg.rule,
                    dims: cfg.dims,
                    opening: opens[job.opening].moves.clone(),
                    opening_rule: cfg.opening_rule,
                    limits: cfg.limits,
                    draw_after: cfg.draw_limit(),
                };
                let (b, w) = (&cfg.engines[job.black], &cfg.engines[job.white]);
                let g = referee::play(&setup, b, w, &shared.stop);
                if tx.send((job, g)).is_err() {
                    return;
                }
            })
        })
        .collect()
}

/// Takes an unnamed engine's name from its first game (ABOUT), made unique, and puts the
/// table's names into the record.
fn adopt_names(table: &mut Table, named: &mut [bool], cfg: &Config, job: Job, g: &mut GameRecord) {
    let by_colour = if g.first_black {
        [job.black, job.white]
    } else {
        [job.white, job.black]
    };
    for (i, e) in by_colour.into_iter().enumerate() {
        if !named[e] && cfg.engines[e].name.is_none() {
            named[e] = true;
            let mut others = table.names.clone();
            others.remove(e);
            others.push(g.names[i].clone());
            table.names[e] = unique_names(others).pop().expect("one name");
        }
        g.names[i] = table.names[e].clone();
    }
}

/// Prints a progress line: rewritten in place on a terminal, one line each otherwise.
fn show(tty: bool, line: &str) {
    if tty {
        print!("\r\x1b[K{line}");
        let _ = std::io::stdout().flush();
    } else {
        println!("{line}");
    }
}

/// Plays the run described by `cfg`, printing progress and the final tables to stdout.
pub fn run(cfg: &Config) -> Result<Outcome, String> {
    if cfg.engines.len() < 2 {
        return Err("need at least two engines (engine=CMD twice)".into());
    }
    if cfg.opening_rule != OpeningRule::None && cfg.openings.is_some() {
        return Err(format!(
            "openings= cannot be used with opening_rule={}: the engines make the opening",
            cfg.opening_rule.name()
        ));
    }
    let opens = Arc::new(load_openings(cfg)?);
    let jobs = schedule::schedule(cfg.mode, cfg.engines.len(), cfg.games, opens.len());
    prepare_out(cfg)?;
    let sprt = cfg.sprt.map(|s| Sprt {
        elo0: s.elo0,
        elo1: s.elo1,
        alpha: s.alpha,
        beta: s.beta,
    });
    let names = cfg
        .engines
        .iter()
        .map(|e| e.name.clone().unwrap_or_else(|| e.cmd.clone()));
    let mut table = Table::new(unique_names(names.collect()));
    let mut named = vec![false; cfg.engines.len()];
    let scheduled = jobs.len();
    let shared = Arc::new(Shared {
        queue: Mutex::new(jobs.into_iter().collect()),
        stop: AtomicBool::new(false),
        halt: AtomicBool::new(false),
    });
    let (tx, rx) = channel();
    let workers = spawn_workers(
        cfg,
        &opens,
        &shared,
        &tx,
        cfg.concurrency.min(scheduled.max(1)),
    );
    drop(tx);
    let tty = is_tty();
    let (mut played, mut decision) = (0, None);
    loop {
        if interrupt::requested() && !shared.stop.swap(true, Ordering::SeqCst) {
            shared.halt.store(true, Ordering::SeqCst);
            println!(
                "{}interrupted: stopping the engines",
                if tty { "\n" } else { "" }
            );
        }
        let (job, mut g) = match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(r) => r,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        if g.interrupted {
            continue;
        }
        adopt_names(&mut table, &mut named, cfg, job, &mut g);
        table.add(job.black, job.white, &g);
        played += 1;
        if let Some(out) = &cfg.out {
            if let Err(e) = save(out, job.index, &g) {
                eprintln!("warning: cannot write game {}: {e}", job.index + 1);
            }
        }
        let head = progress_line(&table, cfg.mode, sprt.as_ref(), played, scheduled);
        let (i, b, w) = (job.index + 1, &g.names[0], &g.names[1]);
        show(tty, &format!("{head} | game {i} {b} vs {w}: {}", g.reason));
        if let (Some(t), None) = (&sprt, decision) {
            decision = t.decide(&table.wld[0][1]);
            if decision.is_some() {
                shared.halt.store(true, Ordering::SeqCst);
            }
        }
    }
    for w in workers {
        let _ = w.join();
    }
    if tty {
        println!();
    }
    let interrupted = shared.stop.load(Ordering::SeqCst);
    let outcome = Outcome {
        table,
        played,
        scheduled,
        sprt: decision,
        interrupted,
    };
    report(cfg, &outcome, sprt.as_ref())?;
    Ok(outcome)
}

/// Creates the output folder and clears an old results file.
fn prepare_out(cfg: &Config) -> Result<(), String> {
    if let Some(out) = &cfg.out {
        std::fs::create_dir_all(out.join("games"))
            .map_err(|e| format!("cannot create {}: {e}", out.display()))?;
        let _ = std::fs::remove_file(out.join("results.jsonl"));
    }
    Ok(())
}

/// Prints the closing summary and writes it to the output folder.
fn report(cfg: &Config, outcome: &Outcome, sprt: Option<&Sprt>) -> Result<(), String> {
    let mut text = summary(outcome, cfg.mode, sprt);
    if cfg.opening_rule != OpeningRule::None {
        text.push_str(&sides(&outcome.table, cfg.opening_rule));
    }
    let t = &outcome.table;
    text.push_str(&clock_use::report(&t.names, &t.clock, &cfg.limits));
    print!("{text}");
    if let Some(out) = &cfg.out {
        std::fs::write(out.join("summary.txt"), &text)
            .map_err(|e| format!("cannot write summary: {e}"))?;
    }
    Ok(())
}

fn pair_line(t: &Table, a: usize, b: usize) -> String {
    let r = t.wld[a][b];
    let elo = r
        .elo()
        .map(|e| {
            format!(
                "Elo {} [{}, {}]",
                fmt_elo(e.elo),
                fmt_elo(e.lo),
                fmt_elo(e.hi)
            )
        })
        .unwrap_or_default();
    format!(
        "{} vs {}: {} - {} - {} ({:.3}) {elo} LOS {:.1}%",
        t.names[a],
        t.names[b],
        r.w,
        r.l,
        r.d,
        r.score(),
        100.0 * r.los()
    )
}

fn progress_line(
    t: &Table,
    mode: Mode,
    sprt: Option<&Sprt>,
    played: usize,
    total: usize,
) -> String {
    let mut s = format!("[{played}/{total}]");
    if mode == Mode::Match {
        s.push(' ');
        s.push_str(&pair_line(t, 0, 1));
        if let Some(p) = sprt {
            s.push_str(&format!(" LLR {:.2}", p.llr(&t.wld[0][1])));
        }
    }
    s
}

/// One side's record with its score and the score's 95% interval.
fn side_line(label: &str, r: Wld) -> String {
    let (lo, hi) = r.score_interval();
    format!(
        "{label}: {} - {} - {} ({:.3}) [{lo:.3}, {hi:.3}] 95%\n",
        r.w,
        r.l,
        r.d,
        r.score()
    )
}

/// The sides of an opening rule: the first player (tentative Black) against the second, and
/// the final Black against the final White, each over all games.
pub fn sides(t: &Table, rule: OpeningRule) -> String {
    side_line(
        &format!("{} first player (tentative Black) vs second", rule.name()),
        t.first,
    ) + &side_line("final Black vs final White", t.black)
}

/// The closing report: per pair, SPRT, and for more than two engines a crosstable and Elo list.
pub fn summary(o: &Outcome, mode: Mode, sprt: Option<&Sprt>) -> String {
    let t = &o.table;
    let n = t.names.len();
    let mut s = format!(
        "Finished {} of {} games{}\n",
        o.played,
        o.scheduled,
        if o.interrupted { " (interrupted)" } else { "" }
    );
    for (a, b) in schedule::pairs(mode, n) {
        s.push_str(&pair_line(t, a, b));
        s.push('\n');
    }
    if let Some(p) = sprt {
        let (lo, hi) = p.bounds();
        let verdict = match o.sprt {
            Some(SprtDecision::H0) => "H0 accepted",
            Some(SprtDecision::H1) => "H1 accepted",
            None => "no decision",
        };
        s.push_str(&format!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3} [{lo:.3}, {hi:.3}] {verdict}\n",
            p.elo0,
            p.elo1,
            p.alpha,
            p.beta,
            p.llr(&t.wld[0][1])
        ));
    }
    if n > 2 {
        s.push_str(&crosstable(t));
    }
    s
}

/// A crosstable (score / games of the row engine against the column engine) and an Elo list
/// (each engine's performance against all its opponents), best first.
pub fn crosstable(t: &Table) -> String {
    let n = t.names.len();
    let wid = t.names.iter().map(String::len).max().unwrap_or(4).max(4);
    let mut s = format!("\n{:wid$} ", "");
    for j in 0..n {
        s.push_str(&format!("{:>9}", format!("#{}", j + 1)));
    }
    s.push('\n');
    for i in 0..n {
        s.push_str(&format!("{:wid$} ", t.names[i]));
        for j in 0..n {
            let r = t.wld[i][j];
            let cell = if i == j || r.n() == 0 {
                "-".to_string()
            } else {
                format!("{}/{}", f64::from(r.w) + 0.5 * f64::from(r.d), r.n())
            };
            s.push_str(&format!("{cell:>9}"));
        }
        s.push('\n');
    }
    let mut list: Vec<(usize, Wld)> = (0..n).map(|i| (i, t.total(i))).collect();
    list.sort_by(|a, b| b.1.score().total_cmp(&a.1.score()));
    s.push_str("\nRank Name Elo (vs field) W-L-D\n");
    for (k, (i, r)) in list.iter().enumerate() {
        let e = r
            .elo()
            .map(|e| fmt_elo(e.elo))
            .unwrap_or_else(|| "-".into());
        s.push_str(&format!(
            "{:>4} #{} {} {e} {}-{}-{}\n",
            k + 1,
            i + 1,
            t.names[*i],
            r.w,
            r.l,
            r.d
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_unique() {
        let u = unique_names(vec!["a".into(), "b".into(), "a".into(), "a".into()]);
        assert_eq!(u, vec!["a", "b", "a #2", "a #3"]);
    }

    #[test]
    fn results_are_credited_by_the_final_colours() {
        use crate::opening_rule::OpeningRule;
        use kakugo::board::Dims;
        use kakugo::rules::{Color, Rule};
        let game = |first_black: bool, winner: Option<Color>| GameRecord {
            names: ["b".into(), "w".into()],
            rule: Rule::Renju,
            dims: Dims::square(15).unwrap(),
            moves: Vec::new(),
            opening_len: 0,
            opening_rule: OpeningRule::Soosorv8,
            steps: Vec::new(),
            first_black,
            winner,
            reason: String::new(),
            interrupted: false,
        };
        let mut t = Table::new(vec!["x".into(), "y".into()]);
        // x is the first player each time; it ends White and Black wins: y is credited.
        t.add(0, 1, &game(false, Some(Color::Black)));
        assert_eq!(t.wld[1][0], Wld { w: 1, l: 0, d: 0 });
        assert_eq!(t.first, Wld { w: 0, l: 1, d: 0 });
        assert_eq!(t.black, Wld { w: 1, l: 0, d: 0 });
        // x ends White and White wins: x is credited.
        t.add(0, 1, &game(false, Some(Color::White)));
        assert_eq!(t.wld[0][1], Wld { w: 1, l: 1, d: 0 });
        assert_eq!(t.first, Wld { w: 1, l: 1, d: 0 });
        // x keeps Black and draws.
        t.add(0, 1, &game(true, None));
        assert_eq!(t.wld[0][1], Wld { w: 1, l: 1, d: 1 });
        assert_eq!(t.black, Wld { w: 1, l: 1, d: 1 });
        let s = sides(&t, OpeningRule::Soosorv8);
        assert!(
            s.starts_with("soosorv8 first player (tentative Black) vs second: 1 - 1 - 1 (0.500) ["),
            "{s}"
        );
    }

    #[test]
    fn crosstable_counts_both_sides() {
        let mut t = Table::new(vec!["x".into(), "y".into(), "z".into()]);
        t.wld[0][1] = Wld { w: 2, l: 0, d: 1 };
        t.wld[1][0] = t.wld[0][1].flip();
        let c = crosstable(&t);
        assert!(c.contains("2.5/3"), "{c}");
        assert!(c.contains("0.5/3"), "{c}");
        assert!(
            c.lines().any(|l| l.trim_start().starts_with("1 #1 x")),
            "{c}"
        );
    }
}
