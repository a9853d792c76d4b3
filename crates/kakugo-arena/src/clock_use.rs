//! How the engines spent their clocks: each engine's thinking time per move and per game after
//! the opening, gathered from the finished games, and the summary's lines that show it against
//! the run's limits (whether a game clock is left unused, and how close the moves come to the
//! turn limit).

use crate::config::Limits;
use crate::record::GameRecord;

/// One engine's thinking times.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockUse {
    /// Every move it thought about (after the opening), in ms.
    pub moves: Vec<u64>,
    /// Its total in each game it played a move in, in ms.
    pub games: Vec<u64>,
}

impl ClockUse {
    /// Counts the moves of `g` that the engine playing `black` (or White) made after the opening.
    pub fn add(&mut self, g: &GameRecord, black: bool) {
        let own = g
            .moves
            .iter()
            .enumerate()
            .skip(g.opening_len)
            .filter(|(i, _)| (i % 2 == 0) == black)
            .map(|(_, &(_, ms))| ms);
        let before = self.moves.len();
        self.moves.extend(own);
        if self.moves.len() > before {
            self.games.push(self.moves[before..].iter().sum());
        }
    }
}

/// The median of `v` (the upper one of an even count; 0 when empty).
fn median(v: &[u64]) -> u64 {
    let mut s = v.to_vec();
    s.sort_unstable();
    s.get(s.len() / 2).copied().unwrap_or(0)
}

/// Milliseconds as seconds with one decimal.
fn secs(ms: u64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

/// The summary's section: a line an engine (those that played a move after an opening).
pub fn report(names: &[String], uses: &[ClockUse], limits: &Limits) -> String {
    let mut s = String::new();
    for (name, u) in names.iter().zip(uses) {
        if u.moves.is_empty() {
            continue;
        }
        let mut line = format!(
            "{name}: {} moves, median {} ms, max {} ms",
            u.moves.len(),
            median(&u.moves),
            u.moves.iter().max().copied().unwrap_or(0)
        );
        if limits.turn_ms > 0 {
            let over = u.moves.iter().filter(|&&ms| ms > limits.turn_ms).count();
            line.push_str(&format!(", {over} over the turn"));
        }
        let (med, max) = (median(&u.games), u.games.iter().max().copied().unwrap_or(0));
        if limits.match_ms > 0 {
            let pct = |ms: u64| 100 * ms / limits.match_ms;
            line.push_str(&format!(
                "; a game median {} ({} % of the game clock), max {} ({} %)",
                secs(med),
                pct(med),
                secs(max),
                pct(max)
            ));
        } else {
            line.push_str(&format!("; a game median {}, max {}", secs(med), secs(max)));
        }
        s.push_str(&line);
        s.push('\n');
    }
    if s.is_empty() {
        return s;
    }
    format!("Clock use (own moves after the opening):\n{s}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opening_rule::OpeningRule;
    use kakugo::board::{Dims, Pos};
    use kakugo::rules::Rule;

    fn game(opening_len: usize, times: &[u64]) -> GameRecord {
        GameRecord {
            names: ["b".into(), "w".into()],
            rule: Rule::Freestyle,
            dims: Dims::square(15).unwrap(),
            moves: times
                .iter()
                .enumerate()
                .map(|(i, &ms)| (Pos::new(i, 0), ms))
                .collect(),
            opening_len,
            opening_rule: OpeningRule::None,
            steps: Vec::new(),
            first_black: true,
            winner: None,
            reason: String::new(),
            interrupted: false,
        }
    }

    #[test]
    fn moves_are_told_apart_by_colour_after_the_opening() {
        // Three opening stones (B W B), then White 100, Black 200, White 300, Black 400.
        let g = game(3, &[0, 0, 0, 100, 200, 300, 400]);
        let (mut b, mut w) = (ClockUse::default(), ClockUse::default());
        b.add(&g, true);
        w.add(&g, false);
        assert_eq!(
            (b.moves.clone(), b.games.clone()),
            (vec![200, 400], vec![600])
        );
        assert_eq!(
            (w.moves.clone(), w.games.clone()),
            (vec![100, 300], vec![400])
        );
        // A game that ended inside the opening adds no game.
        b.add(&game(3, &[0, 0, 0]), true);
        assert_eq!(b.games, vec![600]);
    }

    #[test]
    fn the_report_measures_against_the_limits() {
        let mut a = ClockUse::default();
        a.add(&game(1, &[0, 400, 0, 520, 0, 300]), false);
        a.add(&game(1, &[0, 100, 0, 100]), false);
        let limits = Limits {
            turn_ms: 500,
            match_ms: 12_000,
            ..Limits::default()
        };
        let r = report(
            &["a".into(), "idle".into()],
            &[a, ClockUse::default()],
            &limits,
        );
        assert_eq!(
            r,
            "Clock use (own moves after the opening):\n\
             a: 5 moves, median 300 ms, max 520 ms, 1 over the turn; \
             a game median 1.2 s (10 % of the game clock), max 1.2 s (10 %)\n"
        );
        assert_eq!(
            report(&["idle".into()], &[ClockUse::default()], &limits),
            ""
        );
    }
}
