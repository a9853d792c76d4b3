//! What an engine says while it thinks, read for the page: the search report lines GUIs read
//! (`MESSAGE depth 12-18 ev 35 n 1234567 n/ms 949 tm 1300 pv h8 i9`, the `Speed … | Depth … |
//! Eval … | Winrate …` form), `YXNBEST`'s `multipv` lines and Yixin-Board's realtime lines
//! (`MESSAGE REALTIME VAL|PV …`; `BEST` repeats the PV's first move and is skipped). Engines that write none of them simply show no report.

use super::{parse_pos, pos_name};
use kakugo::board::{Dims, Pos};
use serde::Serialize;

/// One report, each field as far as the engine gave it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    /// The last finished iteration.
    pub depth: Option<u32>,
    /// The deepest ply reached.
    pub seldepth: Option<u32>,
    /// The evaluation for the side to move, as the engine wrote it (`35`, `+M3`, `-M2`).
    pub eval: Option<String>,
    /// The side to move's expected score, 0 to 1.
    pub winrate: Option<f64>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Time spent, ms.
    pub ms: Option<u64>,
    /// The principal variation, cells in pos notation.
    pub pv: Vec<String>,
    /// The rank of this line among several (`YXNBEST`), 1 for the best.
    pub multipv: Option<u32>,
}

/// The win rate the page shows for an evaluation in Kakugo's units (a proven result is 1 or 0).
fn winrate_of(eval: &str) -> Option<f64> {
    if let Some(m) = eval.strip_prefix('+').filter(|m| m.starts_with('M')) {
        return m[1..].parse::<u32>().ok().map(|_| 1.0);
    }
    if eval.starts_with("-M") {
        return Some(0.0);
    }
    let v: f64 = eval.parse().ok()?;
    // The realtime lines count a proven win as 1,000,000 less the plies to it.
    if v.abs() >= 900_000.0 {
        return Some(if v > 0.0 { 1.0 } else { 0.0 });
    }
    Some(1.0 / (1.0 + (-v / 300.0).exp()))
}

fn cells(words: &[&str], dims: Dims) -> Vec<String> {
    words
        .iter()
        .map_while(|w| cell_of(w, dims).map(pos_name))
        .collect()
}

/// A cell written `x,y` or in pos notation.
pub fn cell_of(word: &str, dims: Dims) -> Option<Pos> {
    match word.split_once(',') {
        Some((x, y)) => dims.pos(x.trim().parse().ok()?, y.trim().parse().ok()?),
        None => parse_pos(word, dims).ok(),
    }
}

fn depths(s: &str) -> (Option<u32>, Option<u32>) {
    match s.split_once('-') {
        Some((a, b)) => (a.parse().ok(), b.parse().ok()),
        None => (s.parse().ok(), None),
    }
}

/// `1.2M`, `49.9K`, `950Kn/s` as a number.
fn scaled(s: &str) -> Option<u64> {
    let s = s.trim_end_matches("n/s");
    let (num, mul) = match s.chars().last()? {
        'K' | 'k' => (&s[..s.len() - 1], 1e3),
        'M' => (&s[..s.len() - 1], 1e6),
        'G' => (&s[..s.len() - 1], 1e9),
        _ => (s, 1.0),
    };
    num.parse::<f64>().ok().map(|v| (v * mul).round() as u64)
}

/// Reads one line from the engine: a report, if the line is one.
pub fn parse(line: &str, dims: Dims) -> Option<Report> {
    let rest = line
        .strip_prefix("MESSAGE ")
        .or_else(|| line.strip_prefix("message "))?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut r = Report::default();
    match words.as_slice() {
        ["REALTIME", "VAL", v, ..] => {
            r.eval = Some(v.to_string());
            r.winrate = winrate_of(v);
        }
        ["REALTIME", "PV", pv @ ..] => r.pv = cells(pv, dims),
        [w, ..] if w.eq_ignore_ascii_case("depth") => {
            let mut i = 0;
            while i + 1 < words.len() {
                let (k, v) = (words[i].to_ascii_lowercase(), words[i + 1]);
                match k.as_str() {
                    "depth" => (r.depth, r.seldepth) = depths(v),
                    "multipv" => r.multipv = v.parse().ok(),
                    "ev" | "eval" => {
                        r.eval = Some(v.to_string());
                        r.winrate = winrate_of(v);
                    }
                    "n" => r.nodes = v.parse().ok(),
                    "n/ms" => r.nps = v.parse::<u64>().ok().map(|x| x * 1000),
                    "tm" => r.ms = v.parse().ok(),
                    "pv" => {
                        r.pv = cells(&words[i + 1..], dims);
                        break;
                    }
                    _ => {}
                }
                i += 2;
            }
        }
        [w, ..] if w.eq_ignore_ascii_case("speed") && rest.contains('|') => {
            for part in rest.split('|') {
                let mut kv = part.split_whitespace();
                let (Some(k), Some(v)) = (kv.next(), kv.next()) else {
                    continue;
                };
                match k.to_ascii_lowercase().as_str() {
                    "speed" => r.nps = scaled(v),
                    "depth" => (r.depth, r.seldepth) = depths(v),
                    "eval" => r.eval = Some(v.to_string()),
                    "node" => r.nodes = scaled(v),
                    "time" => r.ms = v.trim_end_matches("ms").parse().ok(),
                    "winrate" => {
                        r.winrate = v
                            .trim_end_matches('%')
                            .parse::<f64>()
                            .ok()
                            .map(|w| w / 100.0)
                    }
                    _ => {}
                }
            }
        }
        _ => return None,
    }
    Some(r)
}

impl Report {
    /// Lays `newer` over this report: the fields it has replace these.
    pub fn merge(&mut self, newer: Report) {
        macro_rules! take {
            ($($f:ident),*) => { $( if newer.$f.is_some() { self.$f = newer.$f; } )* };
        }
        take!(depth, seldepth, eval, winrate, nodes, nps, ms, multipv);
        if !newer.pv.is_empty() {
            self.pv = newer.pv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d() -> Dims {
        Dims::square(15).unwrap()
    }

    #[test]
    fn kakugo_lines() {
        let r = parse(
            "MESSAGE depth 11-18 ev 282 n 49941 n/ms 215 tm 232 pv i10 h10 j8",
            d(),
        )
        .unwrap();
        assert_eq!((r.depth, r.seldepth), (Some(11), Some(18)));
        assert_eq!(r.eval.as_deref(), Some("282"));
        assert_eq!(
            (r.nodes, r.nps, r.ms),
            (Some(49941), Some(215_000), Some(232))
        );
        assert_eq!(r.pv, ["i10", "h10", "j8"]);
        assert!(r.winrate.unwrap() > 0.7);
        let r = parse(
            "MESSAGE depth 5-5 multipv 2 ev -M3 n 2559 n/ms 213 tm 12 pv h7 j9",
            d(),
        )
        .unwrap();
        assert_eq!((r.multipv, r.winrate), (Some(2), Some(0.0)));
        let r = parse(
            "MESSAGE Speed 215.3Kn/s | Depth 11-18 | Eval 282 | Node 49.9K | Time 232ms | Winrate 73.4%",
            d(),
        )
        .unwrap();
        assert_eq!(
            (r.nps, r.nodes, r.ms, r.depth),
            (Some(215_300), Some(49_900), Some(232), Some(11))
        );
        assert!((r.winrate.unwrap() - 0.734).abs() < 1e-9);
    }

    #[test]
    fn realtime_lines() {
        let r = parse("MESSAGE REALTIME PV 8,9 7,6 9,8", d()).unwrap();
        assert_eq!(r.pv, ["i10", "h7", "j9"]);
        let v = parse("MESSAGE REALTIME VAL 999990", d()).unwrap();
        assert_eq!(v.winrate, Some(1.0));
        assert!(parse("MESSAGE REALTIME REFRESH", d()).is_none());
        assert!(parse("MESSAGE hello world", d()).is_none());
        assert!(parse("7,7", d()).is_none());
        let mut a = parse("MESSAGE depth 3-4 ev 10 n 5 n/ms 1 tm 5 pv h8", d()).unwrap();
        a.merge(v);
        assert_eq!(
            (a.depth, a.eval.as_deref(), a.pv.len()),
            (Some(3), Some("999990"), 1)
        );
    }
}
