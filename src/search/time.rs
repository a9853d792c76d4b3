//! Time management: how long to think about one move.
//!
//! From the raw clock (turn time, match time, time left) and the game stage, a budget is worked
//! out once: a hard maximum that the search never passes (checked every
//! [`TM_CHECK_NODES`](super::params::TM_CHECK_NODES) nodes), and an optimum after which no new
//! iteration is started. Between iterations the optimum stretches when the best move changed or
//! the score fell, and shrinks when the best move has been stable. When the turn time, not the
//! game clock, sets the move's limit (the clock left affords a whole turn for each move expected
//! to be left), time saved cannot be spent on a later move: the optimum is then the maximum and
//! the search deepens until the hard stop. A safety margin of the
//! manager's clock is always kept. `turn_ms == Some(0)` means answer at once; a match time of 0
//! means no match limit (as Gomocup has it); with no limit at all a default budget applies.

use super::params::*;
use super::TimeControl;
use std::time::Duration;

/// The budget of one move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration after this (before stability scaling).
    pub optimum: u64,
    /// Never search past this.
    pub maximum: u64,
    /// Answer at once: one iteration only.
    pub instant: bool,
}

/// The part of `b` ms that may be used, keeping the safety margin.
pub fn usable(b: u64) -> u64 {
    let margin = if b >= TM_MARGIN_FROM {
        TM_MARGIN + b / 50
    } else {
        TM_MARGIN_MIN
    };
    b.saturating_sub(margin).max(b / 4)
}

/// A turn time whose [`usable`] part is at least `ms`, with the margin and no more: the turn to
/// ask for when a search should run about `ms` (a probe of a decision whose own deadline keeps the margin).
pub fn turn_for(ms: u64) -> u64 {
    let small = ms + TM_MARGIN_MIN;
    if small < TM_MARGIN_FROM {
        return small;
    }
    ((ms + TM_MARGIN) * 50).div_ceil(49).max(TM_MARGIN_FROM)
}

/// The expected number of own moves still to play, from the stones on the board.
pub fn moves_left(stones: usize) -> u64 {
    TM_MOVES_LEFT_START
        .saturating_sub(stones as u64 / 4)
        .max(TM_MOVES_LEFT_MIN)
}

/// Game time kept back from the search for answering: [`TM_ANSWER_MS`] for each of our moves
/// the `empty` cells still have room for. Once the rest is spent the engine still answers every
/// move without passing the game clock (each answer then costs the process 1–2 ms).
pub fn reserve(empty: usize) -> u64 {
    TM_ANSWER_MS * (empty as u64).div_ceil(2)
}

/// Works out the budget for a move with `stones` on the board and `empty` cells left.
pub fn budget(tc: &TimeControl, stones: usize, empty: usize) -> Budget {
    if tc.turn_ms == Some(0) {
        return Budget {
            optimum: 0,
            maximum: TM_INSTANT,
            instant: true,
        };
    }
    let match_limited = tc.match_ms != Some(0) && (tc.match_ms.is_some() || tc.left_ms.is_some());
    let left = match_limited.then(|| {
        let l = match tc.left_ms {
            Some(l) => l.max(0) as u64,
            None => tc.match_ms.unwrap_or(0),
        };
        l.saturating_sub(reserve(empty))
    });
    let by_turn = tc.turn_ms.map(usable);
    let by_left = left.map(|l| {
        let slice = l / moves_left(stones);
        (
            slice * TM_SLICE_OPT_PCT / 100,
            usable(l).min(slice * TM_SLICE_MAX),
            slice,
        )
    });
    let (optimum, maximum) = match (by_turn, by_left) {
        // The turn binds (the game clock affords the whole turn for every move expected to be
        // left): no time saved now helps a later move, so search to the maximum.
        (Some(t), None) => (t, t),
        (Some(t), Some(l)) if t <= l.2 => (t, t),
        (Some(t), Some(l)) => ((t * TM_OPT_PCT / 100).min(l.0), t.min(l.1)),
        (None, Some((opt, max, _))) => (opt, max),
        (None, None) => (TM_DEFAULT * TM_OPT_PCT / 100, TM_DEFAULT),
    };
    Budget {
        optimum: optimum.min(maximum),
        maximum,
        instant: false,
    }
}

/// What the last iterations said, for deciding whether to start another.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// The best move changed in the last iteration.
    pub changed: bool,
    /// The score fell by at least [`TM_FALL_SCORE`].
    pub fell: bool,
    /// Iterations in a row with the same best move.
    pub stable: u32,
}

impl Budget {
    /// The hard limit as a duration.
    pub fn hard(&self) -> Duration {
        Duration::from_millis(self.maximum)
    }

    /// Whether to start no further iteration after `elapsed`.
    pub fn stop_iterating(&self, elapsed: Duration, p: Progress) -> bool {
        if self.instant {
            return true;
        }
        if self.optimum >= self.maximum {
            // Turn-bound: no iteration is given up for stability; the hard stop ends the last.
            return elapsed.as_millis() as u64 >= self.maximum;
        }
        let mut t = self.optimum;
        if p.changed {
            t = t * TM_UNSTABLE_PCT / 100;
        }
        if p.fell {
            t = t * TM_FALL_PCT / 100;
        }
        if p.stable >= TM_STABLE_ITERS {
            t = t * TM_STABLE_PCT / 100;
        }
        elapsed.as_millis() as u64 >= t.min(self.maximum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_for_inverts_usable() {
        for ms in (0..3000).chain([10_000, 123_456]) {
            let b = turn_for(ms);
            assert!(usable(b) >= ms, "{ms} -> {b}");
            assert!(b <= ms + TM_MARGIN + ms / 40 + 2, "{ms} -> {b}");
        }
    }

    fn tc(turn: Option<u64>, m: Option<u64>, left: Option<i64>) -> TimeControl {
        TimeControl {
            turn_ms: turn,
            match_ms: m,
            left_ms: left,
        }
    }

    #[test]
    fn margins() {
        assert_eq!(usable(5000), 5000 - 50 - 100);
        assert_eq!(usable(1000), 1000 - 70);
        assert_eq!(usable(200), 170);
        assert_eq!(usable(60), 30);
        assert_eq!(usable(20), 5);
        assert_eq!(usable(0), 0);
    }

    #[test]
    fn turn_only() {
        let b = budget(&tc(Some(5000), None, None), 10, 0);
        assert_eq!(b.maximum, 4850);
        assert_eq!(b.optimum, 4850);
        assert!(!b.instant);
        // A game clock that allows more than the turn even at its optimum leaves the turn alone.
        let b = budget(&tc(Some(300), Some(1_000_000), Some(1_000_000)), 10, 0);
        assert_eq!((b.optimum, b.maximum), (270, 270));
        // A stable best move does not end a turn-bound search early.
        let stable = Progress {
            stable: TM_STABLE_ITERS,
            ..Progress::default()
        };
        assert!(!b.stop_iterating(Duration::from_millis(200), stable));
        assert!(b.stop_iterating(Duration::from_millis(270), stable));
    }

    #[test]
    fn instant_and_default() {
        let b = budget(&tc(Some(0), Some(100_000), Some(50_000)), 0, 0);
        assert!(b.instant && b.maximum == TM_INSTANT);
        let b = budget(&tc(None, None, None), 0, 0);
        assert_eq!(b.maximum, TM_DEFAULT);
        // Match time 0 = no match limit.
        let b = budget(&tc(Some(2000), Some(0), Some(0)), 0, 0);
        assert_eq!(b.maximum, usable(2000));
    }

    #[test]
    fn left_time_bounds_the_turn() {
        // 10 s left, 25 moves to go at the start: slice 400 ms, maximum 1,200 ms.
        let b = budget(&tc(Some(30_000), Some(180_000), Some(10_000)), 0, 0);
        assert_eq!(b.maximum, 1_200);
        assert_eq!(b.optimum, 280);
        // Later in the game fewer moves are left; never below the floor.
        assert_eq!(moves_left(400), TM_MOVES_LEFT_MIN);
        // Time almost gone: the margin is kept.
        let b = budget(&tc(Some(30_000), Some(180_000), Some(100)), 0, 0);
        assert!(b.maximum <= 40);
        let b = budget(&tc(Some(30_000), Some(180_000), Some(-5)), 0, 0);
        assert_eq!(b.maximum, 0);
    }

    #[test]
    fn the_turn_binds_while_the_clock_affords_a_turn_a_move() {
        // Gomocup's fastgame (5 s a move, 120 s a game) after a 10-stone opening: 23 moves
        // expected, 4,850 ms each fit into the (120,000 − 324) ms left, so every move may take
        // the whole turn.
        let b = budget(&tc(Some(5_000), Some(120_000), Some(120_000)), 10, 215);
        assert_eq!((b.optimum, b.maximum), (4_850, 4_850));
        // With 100 s left they no longer fit: the game clock sets the optimum again.
        let b = budget(&tc(Some(5_000), Some(120_000), Some(100_000)), 10, 215);
        let slice = (100_000 - reserve(215)) / moves_left(10);
        assert_eq!(b.optimum, slice * TM_SLICE_OPT_PCT / 100);
        assert_eq!(b.maximum, 4_850);
    }

    #[test]
    fn the_game_clock_keeps_an_answer_for_every_move_left() {
        // 225 empty cells: 113 moves of ours at most, 3 ms each kept back.
        assert_eq!(reserve(225), 339);
        assert_eq!(reserve(0), 0);
        let b = budget(&tc(Some(30_000), Some(180_000), Some(10_000)), 0, 225);
        // (10,000 − 339) / 25 = 386 a slice: maximum 3 slices, optimum 70 %.
        assert_eq!((b.optimum, b.maximum), (270, 1_158));
        // Less left than the reserve (189 ms): nothing to search with, but the turn alone is untouched.
        let b = budget(&tc(Some(30_000), Some(180_000), Some(150)), 100, 125);
        assert_eq!(b.maximum, 0);
        let b = budget(&tc(Some(2_000), None, None), 100, 125);
        assert_eq!(b.maximum, usable(2_000));
    }

    #[test]
    fn stability_scales_the_optimum() {
        let b = Budget {
            optimum: 1000,
            maximum: 3000,
            instant: false,
        };
        let ms = Duration::from_millis;
        assert!(b.stop_iterating(ms(1000), Progress::default()));
        let changed = Progress {
            changed: true,
            ..Progress::default()
        };
        assert!(!b.stop_iterating(ms(1500), changed));
        let stable = Progress {
            stable: TM_STABLE_ITERS,
            ..Progress::default()
        };
        assert!(b.stop_iterating(ms(600), stable));
    }
}
