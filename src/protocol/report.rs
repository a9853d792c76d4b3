//! Search reports: the `MESSAGE` lines written just before every move answered, in the two
//! forms Gomocup tools read (those of Rapfi, which GUIs and client libraries such as
//! `pygomo-lib` parse), the machine-readable one last:
//!
//! ```text
//! MESSAGE Speed 950Kn/s | Depth 12-18 | Eval 35 | Node 1.2M | Time 280ms | Winrate 53.1%
//! MESSAGE depth 12-18 ev 35 n 1234567 n/ms 950 tm 280 pv h8 i9
//! ```
//!
//! Depths are the nominal depth completed and the deepest ply reached (at least the former).
//! `Eval`/`ev` is the evaluation for the side to move in the engine's units, or a proven result
//! as `+M3` (the side to move makes five with its 3rd move from now) or `-M3` (the opponent makes
//! five with its 3rd move): mate distances count the winner's moves, not plies. `Winrate` is the
//! expected score of the side to move, `1 / (1 + exp(-eval / scale))` with the scale the
//! evaluation was fitted at (`search::params::WINRATE_SCALE_*`), 100% or 0% for a proven result.
//! Moves are in pos notation (`h8` = x 7, y 7; the letter is x, the number y + 1) on boards up to
//! 26 wide, `x,y` on wider ones. `YXNBEST` writes one machine line per move found, with
//! `multipv N` after the depth.

use crate::board::notation::format_moves;
use crate::board::{Dims, Pos};
use crate::rules::Rule;
use crate::search::params::{WINRATE_SCALE_FREESTYLE, WINRATE_SCALE_RENJU};
use crate::search::{Info, Score};

/// The two report lines (without `MESSAGE `) of a search: the summary, then the
/// machine-readable line (for the tests: the engine writes them apart).
#[cfg(test)]
pub fn lines(info: &Info, rule: Rule, dims: Dims) -> [String; 2] {
    [summary(info, rule), machine(info, None, dims)]
}

/// The summary line: speed, depth, evaluation, nodes, time and win rate.
pub fn summary(info: &Info, rule: Rule) -> String {
    format!(
        "Speed {}n/s | Depth {}-{} | Eval {} | Node {} | Time {}ms | Winrate {:.1}%",
        short(info.nps()),
        info.depth,
        info.seldepth.max(info.depth),
        eval(info.score),
        short(info.nodes),
        info.elapsed.as_millis(),
        win_rate(info.score, rule) * 100.0
    )
}

/// The machine-readable line (`multipv` for the `n`th move of `YXNBEST`).
pub fn machine(info: &Info, multipv: Option<usize>, dims: Dims) -> String {
    let multipv = multipv.map_or(String::new(), |n| format!(" multipv {n}"));
    let pv: Vec<String> = info.pv.iter().map(|&p| cell(p, dims)).collect();
    let pv = if pv.is_empty() {
        "(none)".to_string()
    } else {
        pv.join(" ")
    };
    format!(
        "depth {}-{}{multipv} ev {} n {} n/ms {} tm {} pv {pv}",
        info.depth,
        info.seldepth.max(info.depth),
        eval(info.score),
        info.nodes,
        info.nps() / 1000,
        info.elapsed.as_millis(),
    )
}

/// A score as reported: the evaluation, or `+Mn` / `-Mn` with `n` the winner's moves.
pub fn eval(score: Score) -> String {
    match score {
        Score::Eval(v) => v.to_string(),
        Score::Win(plies) => format!("+M{}", plies.div_ceil(2)),
        Score::Loss(plies) => format!("-M{}", plies.div_ceil(2)),
    }
}

/// The expected score of the side to move (0 to 1).
pub fn win_rate(score: Score, rule: Rule) -> f64 {
    let scale = if rule == Rule::Renju {
        WINRATE_SCALE_RENJU
    } else {
        WINRATE_SCALE_FREESTYLE
    };
    match score {
        Score::Eval(v) => 1.0 / (1.0 + (-f64::from(v) / scale).exp()),
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
    }
}

/// A cell in pos notation, or `x,y` on boards wider than the alphabet.
fn cell(p: Pos, dims: Dims) -> String {
    if dims.w <= 26 {
        format_moves(&[p])
    } else {
        format!("{},{}", p.x(), p.y())
    }
}

/// A count with a K/M/G suffix and one decimal (`950`, `12.3K`, `1.2M`).
fn short(n: u64) -> String {
    let f = n as f64;
    match n {
        0..=999 => n.to_string(),
        1_000..=999_999 => format!("{:.1}K", f / 1e3),
        1_000_000..=999_999_999 => format!("{:.1}M", f / 1e6),
        _ => format!("{:.1}G", f / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn info(score: Score) -> Info {
        Info {
            depth: 12,
            seldepth: 18,
            score,
            nodes: 1_234_567,
            elapsed: Duration::from_millis(1300),
            pv: vec![Pos::new(7, 7), Pos::new(8, 8)],
        }
    }

    #[test]
    fn both_lines() {
        let d = Dims::square(15).unwrap();
        let [s, m] = lines(&info(Score::Eval(35)), Rule::Freestyle, d);
        assert_eq!(
            s,
            "Speed 949.7Kn/s | Depth 12-18 | Eval 35 | Node 1.2M | Time 1300ms | Winrate 53.1%"
        );
        assert_eq!(m, "depth 12-18 ev 35 n 1234567 n/ms 949 tm 1300 pv h8 i9");
        let m = machine(&info(Score::Loss(6)), Some(2), Dims::square(30).unwrap());
        assert_eq!(
            m,
            "depth 12-18 multipv 2 ev -M3 n 1234567 n/ms 949 tm 1300 pv 7,7 8,8"
        );
    }

    #[test]
    fn mates_count_the_winners_moves() {
        assert_eq!(eval(Score::Win(1)), "+M1");
        assert_eq!(eval(Score::Win(7)), "+M4");
        assert_eq!(eval(Score::Loss(2)), "-M1");
        assert_eq!(eval(Score::Loss(8)), "-M4");
        assert_eq!(eval(Score::Eval(-120)), "-120");
    }

    #[test]
    fn win_rates() {
        assert_eq!(win_rate(Score::Eval(0), Rule::Renju), 0.5);
        let r = win_rate(Score::Eval(278), Rule::Freestyle);
        assert!((r - 0.7311).abs() < 1e-3, "{r}");
        assert!(win_rate(Score::Eval(-306), Rule::Renju) < 0.27);
        assert_eq!(win_rate(Score::Win(3), Rule::Caro), 1.0);
        assert_eq!(win_rate(Score::Loss(3), Rule::Caro), 0.0);
        assert_eq!(short(999), "999");
        assert_eq!(short(12_345), "12.3K");
        assert_eq!(short(3_000_000_000), "3.0G");
    }
}
