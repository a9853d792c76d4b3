//! `pbrain-kakugo opening`: the opening decisions asked from a shell, so that a person or a
//! script can ask "which fifth moves would you offer here?" without a GUI.
//!
//! ```text
//! pbrain-kakugo opening --rule rif|yamaguchi|soosorv8|swap2 --step STEP [options] [POSITION]
//! ```
//!
//! POSITION is the stones so far in pos notation, Black first (`h8h7i9`). Steps, with what each
//! prints (one line, cells in pos notation):
//!
//! | rule | step | stones | prints |
//! |---|---|---|---|
//! | renju rules | `open` | 0 | `open h8h7i9` (Yamaguchi: `open h8h7i9 n 3`) |
//! | | `swap1` | 3 | `swap1 yes` (the tentative White takes Black) or `swap1 no` |
//! | | `fourth` | 3 | `fourth i9 n 3` (N: RIF 2, Yamaguchi `--n`, Soosõrv-8 chosen) |
//! | soosorv8 | `swap2` | 4 | `swap2 yes` (Black gives Black away) or `swap2 no` |
//! | renju rules | `offer` | 4 | `offer i7j10g7` (`--n`, RIF 2) |
//! | | `choose` | 4 | `choose i7` (among `--offers i7j10`) |
//! | swap2 | `open` | 0 | `open h8i8g7` |
//! | | `swap1` | 3 | `swap1 swap`, `swap1 stay i9` or `swap1 add i9j10` |
//! | | `swap2` | 5 | `swap2 black` or `swap2 white i6` (with White's sixth move) |
//!
//! Options: `--n N`, `--offers CELLS` (1 to 8, none twice, on empty cells: the check
//! `yxsoosorvstep6` makes), `--time MS` (the decision's budget, 1 to [`MAX_TIME_MS`]; 1000 when
//! neither `--time` nor `--nodes` is given), `--nodes N` (a node budget, 1 to [`MAX_NODES`], for
//! repeatable answers: alone, it is the only limit; with `--time`, the decision ends at whichever
//! comes first), `--size N` (15), `--base freestyle|standard` (Swap2's rule, freestyle by
//! default). Renju rules play on a renju board. A value out of range is an error, not clamped.

use super::renju::{self, RenjuRule, MAX_OFFERS};
use super::swap2::{swap2, Swap2Answer};
use super::Budget;
use crate::board::notation::{format_moves, parse_moves};
use crate::board::{Board, Dims, Pos};
use crate::rules::Rule;
use crate::search::{Limits, Searcher, TimeControl};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The longest `--time`, in ms: an hour.
pub const MAX_TIME_MS: u64 = 3_600_000;
/// The largest `--nodes`: about a quarter of an hour of one thread.
pub const MAX_NODES: u64 = 1_000_000_000;
/// The decision's time when neither `--time` nor `--nodes` is given, in ms.
const DEFAULT_TIME_MS: u64 = 1000;
/// The clock of a decision bounded by `--nodes` alone: only a backstop.
const NODES_BACKSTOP: Duration = Duration::from_millis(MAX_TIME_MS);

/// The usage line.
pub const USAGE: &str = "usage: pbrain-kakugo opening --rule rif|yamaguchi|soosorv8|swap2 \
--step open|swap1|fourth|swap2|offer|choose [--n N] [--offers CELLS] [--time MS] [--nodes N] \
[--size N] [--base freestyle|standard] [POSITION]";

/// What was asked.
struct Request {
    rule: String,
    step: String,
    n: Option<usize>,
    offers: String,
    time: Option<Duration>,
    nodes: Option<u64>,
    size: usize,
    base: Rule,
    position: String,
}

fn parse(args: &[String]) -> Result<Request, String> {
    let mut r = Request {
        rule: String::new(),
        step: String::new(),
        n: None,
        offers: String::new(),
        time: None,
        nodes: None,
        size: 15,
        base: Rule::Freestyle,
        position: String::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{a} needs a value"));
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{a}: bad number {:?}", clip(v)))
        };
        let within = |v: u64, most: u64| {
            if (1..=most).contains(&v) {
                Ok(v)
            } else {
                Err(format!("{a} {v}: want 1 to {most}"))
            }
        };
        match a.as_str() {
            "--rule" => r.rule = value()?.to_ascii_lowercase(),
            "--step" => r.step = value()?.to_ascii_lowercase(),
            "--n" => {
                let n = number(value()?)? as usize;
                if !(1..=MAX_OFFERS).contains(&n) {
                    return Err(format!("--n {n}: want 1 to {MAX_OFFERS}"));
                }
                r.n = Some(n);
            }
            "--offers" => r.offers = value()?.clone(),
            "--time" => {
                let ms = within(number(value()?)?, MAX_TIME_MS)?;
                r.time = Some(Duration::from_millis(ms));
            }
            "--nodes" => r.nodes = Some(within(number(value()?)?, MAX_NODES)?),
            "--size" => r.size = number(value()?)? as usize,
            "--base" => {
                r.base = match value()?.as_str() {
                    "freestyle" => Rule::Freestyle,
                    "standard" => Rule::Standard,
                    b => return Err(format!("--base {b}: want freestyle or standard")),
                }
            }
            p if !p.starts_with("--") && r.position.is_empty() => r.position = p.to_string(),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if r.rule.is_empty() || r.step.is_empty() {
        return Err("--rule and --step are required".into());
    }
    Ok(r)
}

/// The first characters of an argument, for error messages.
fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

impl Request {
    /// The decision's clock and node limit: both when both are given (whichever comes first),
    /// the node limit alone with only a backstop clock, the default time when neither is given.
    fn limits(&self) -> (Duration, Limits) {
        let time = match (self.time, self.nodes) {
            (Some(t), _) => t,
            (None, Some(_)) => NODES_BACKSTOP,
            (None, None) => Duration::from_millis(DEFAULT_TIME_MS),
        };
        let limits = Limits {
            time: TimeControl {
                turn_ms: Some(time.as_millis() as u64),
                match_ms: None,
                left_ms: None,
            },
            max_nodes: self.nodes,
            ..Limits::default()
        };
        (time, limits)
    }
}

/// Runs the request in `args` (the words after `opening`); the answer line, or why not.
pub fn answer(args: &[String]) -> Result<String, String> {
    let req = parse(args)?;
    let dims = Dims::square(req.size).ok_or_else(|| format!("bad size {}", req.size))?;
    let renju_rule = RenjuRule::parse(&req.rule);
    if renju_rule.is_none() && req.rule != "swap2" {
        return Err(format!("unknown rule {}", req.rule));
    }
    let rule = if renju_rule.is_some() {
        Rule::Renju
    } else {
        req.base
    };
    let mut board = Board::new(rule, dims);
    for p in parse_moves(&req.position, dims)? {
        if !board.is_empty(p) {
            return Err(format!("{} is played twice", format_moves(&[p])));
        }
        board.make(p);
    }
    let mut searcher = Searcher::new();
    // Make the tables now, not on the first probe's clock.
    searcher.warm();
    searcher.clear_in_place();
    let (time, limits) = req.limits();
    let stop = AtomicBool::new(false);
    let budget = Budget {
        searcher: &mut searcher,
        base: &limits,
        time,
        stop: &stop,
    };
    let cells = |c: &[Pos]| format_moves(c);
    match renju_rule {
        Some(rr) => renju_step(rr, &req, &board, budget),
        None => {
            let a = swap2(&board, budget.searcher, &limits, time, &stop)?;
            Ok(match (req.step.as_str(), board.stone_count(), a) {
                ("open", 0, Swap2Answer::Stones(s)) => format!("open {}", cells(&s)),
                ("swap1", 3, Swap2Answer::Swap) => "swap1 swap".into(),
                ("swap1", 3, Swap2Answer::Stones(s)) if s.len() == 1 => {
                    format!("swap1 stay {}", cells(&s))
                }
                ("swap1", 3, Swap2Answer::Stones(s)) => format!("swap1 add {}", cells(&s)),
                ("swap2", 5, Swap2Answer::Swap) => "swap2 black".into(),
                ("swap2", 5, Swap2Answer::Stones(s)) => format!("swap2 white {}", cells(&s)),
                (step, n, _) => {
                    return Err(format!(
                        "swap2 step {step} does not take {n} stones (open: 0, swap1: 3, swap2: 5)"
                    ))
                }
            })
        }
    }
}

fn renju_step(
    rule: RenjuRule,
    req: &Request,
    board: &Board,
    budget: Budget,
) -> Result<String, String> {
    // The agreed number of offers: RIF's two, Yamaguchi's declared N, Soosõrv-8's N if given.
    let fixed_n = match rule {
        RenjuRule::Rif => Ok(2),
        RenjuRule::Yamaguchi => req.n.ok_or("yamaguchi needs --n (Black's declared N)"),
        RenjuRule::Soosorv8 => req.n.ok_or("offer needs --n"),
    };
    Ok(match req.step.as_str() {
        "open" => {
            let yamaguchi = rule == RenjuRule::Yamaguchi;
            let (s, n) = renju::open(board, yamaguchi, budget)?;
            if yamaguchi {
                format!("open {} n {n}", format_moves(&s))
            } else {
                format!("open {}", format_moves(&s))
            }
        }
        "swap1" => yes_no("swap1", renju::swap_after_three(board, budget)?),
        "fourth" => {
            let n = if rule == RenjuRule::Soosorv8 {
                None
            } else {
                Some(fixed_n?)
            };
            let (p, n) = renju::fourth_move(board, n, budget)?;
            format!("fourth {} n {n}", format_moves(&[p]))
        }
        "swap2" if rule == RenjuRule::Soosorv8 => {
            let n = req.n.ok_or("swap2 needs --n (White's N)")?;
            yes_no("swap2", renju::swap_after_four(board, n, budget)?)
        }
        "offer" => {
            let n = fixed_n?;
            format!("offer {}", format_moves(&renju::offers(board, n, budget)?))
        }
        "choose" => {
            let offered = parse_moves(&req.offers, board.dims())?;
            if offered.is_empty() {
                return Err("choose needs --offers".into());
            }
            format!(
                "choose {}",
                format_moves(&[renju::choose(board, &offered, budget)?])
            )
        }
        s => return Err(format!("no step {s} in {}", req.rule)),
    })
}

fn yes_no(step: &str, yes: bool) -> String {
    format!("{step} {}", if yes { "yes" } else { "no" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rif;
    use crate::board::symmetry::equivalent;

    fn ask(line: &str) -> Result<String, String> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        answer(&args)
    }

    #[test]
    fn renju_steps() {
        let d = Dims::square(15).unwrap();
        let open = ask("--rule soosorv8 --step open --time 200").unwrap();
        let cells = parse_moves(open.strip_prefix("open ").unwrap(), d).unwrap();
        assert!(rif::classify(&cells, d).is_some(), "{open}");
        let y = ask("--rule yamaguchi --step open --time 200").unwrap();
        assert!(y.contains(" n "), "{y}");
        let s = ask("--rule rif --step swap1 --time 100 h8h7i9").unwrap();
        assert!(s == "swap1 yes" || s == "swap1 no", "{s}");
        assert!(ask("--rule rif --step fourth --time 200 h8h7i9")
            .unwrap()
            .ends_with(" n 2"));
        let s = ask("--rule soosorv8 --step swap2 --n 3 --time 100 h8h7i9i6").unwrap();
        assert!(s == "swap2 yes" || s == "swap2 no", "{s}");
        let o = ask("--rule soosorv8 --step offer --n 3 --time 300 h8h7h9h6").unwrap();
        let offers = parse_moves(o.strip_prefix("offer ").unwrap(), d).unwrap();
        assert_eq!(offers.len(), 3);
        let mut b = Board::new(Rule::Renju, d);
        for p in parse_moves("h8h7h9h6", d).unwrap() {
            b.make(p);
        }
        assert!(!equivalent(&b, offers[0], offers[1]));
        let c = ask("--rule rif --step choose --offers a1j10 --nodes 200000 h8h7i9g6").unwrap();
        assert_eq!(c, "choose a1");
    }

    #[test]
    fn swap2_steps() {
        assert!(ask("--rule swap2 --step open --time 200")
            .unwrap()
            .starts_with("open h8"));
        let s = ask("--rule swap2 --step swap1 --time 200 h8i8g7").unwrap();
        assert!(s.starts_with("swap1 "), "{s}");
        let s = ask("--rule swap2 --step swap2 --base standard --time 100 h8i8g7i9j10").unwrap();
        assert!(s == "swap2 black" || s.starts_with("swap2 white "), "{s}");
    }

    #[test]
    fn bad_requests() {
        for bad in [
            "--step open",
            "--rule rif",
            "--rule chess --step open",
            "--rule rif --step offer --n 9 h8h7i9i6",
            "--rule rif --step swap2 h8h7i9i6",
            "--rule rif --step offer h8h7i9",
            "--rule rif --step choose h8h7i9i6",
            "--rule rif --step swap1 h8h8i9",
            "--rule swap2 --step swap2 h8i8g7",
            "--rule yamaguchi --step offer h8h7i9i6",
            "--rule rif --step open --bogus 1",
            // Absurd budgets (issue 78: `--nodes 18446744073709551615` never ended).
            "--rule rif --step open --nodes 18446744073709551615",
            "--rule rif --step open --nodes 1000000001",
            "--rule rif --step open --nodes 0",
            "--rule rif --step open --time 0",
            "--rule rif --step open --time 3600001",
            "--rule rif --step open --time -5",
        ] {
            assert!(ask(bad).is_err(), "{bad}");
        }
    }

    fn request(line: &str) -> Request {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        parse(&args).unwrap()
    }

    #[test]
    fn time_and_nodes_both_bound_a_decision() {
        // Issue 78: `--time 1 --nodes 3000000` took 4.45 s, the clock dropped for the nodes.
        let (time, limits) = request("--rule rif --step offer --time 1 --nodes 3000000").limits();
        assert_eq!(time, Duration::from_millis(1));
        assert_eq!(limits.time.turn_ms, Some(1));
        assert_eq!(limits.max_nodes, Some(3_000_000));
        // Nodes alone: repeatable, the clock only a backstop.
        let (time, limits) = request("--rule rif --step offer --nodes 3000000").limits();
        assert_eq!(time, NODES_BACKSTOP);
        assert_eq!(limits.max_nodes, Some(3_000_000));
        // Neither: the default time.
        let (time, limits) = request("--rule rif --step offer").limits();
        assert_eq!(time, Duration::from_millis(DEFAULT_TIME_MS));
        assert_eq!(limits.max_nodes, None);
        let e = ask("--rule rif --step offer --nodes 18446744073709551615").unwrap_err();
        assert_eq!(e, "--nodes 18446744073709551615: want 1 to 1000000000");
    }

    #[test]
    fn offers_get_the_check_yxsoosorvstep6_makes() {
        // Issue 78: a duplicate and ten offers were accepted here.
        let err = |line: &str| ask(line).unwrap_err();
        assert_eq!(
            err("--rule rif --step choose --offers g9g9 --nodes 20000 h8h7i9g6"),
            "offers 1 and 2 are the same cell"
        );
        assert_eq!(
            err("--rule rif --step choose --offers a1b1c1d1e1f1g1h1i1j1 --nodes 20000 h8h7i9g6"),
            "10 offers, expected 1 to 8"
        );
        assert_eq!(
            err("--rule rif --step choose --offers a1h8 --nodes 20000 h8h7i9g6"),
            "offer 2 is not an empty cell"
        );
    }
}
