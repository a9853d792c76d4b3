//! Yixin-Board's opening-rule steps (`yxswap2step1..3`, `yxsoosorvstep1..6`): this module owns
//! their translation — which position each step is about, which decision of [`crate::opening`]
//! answers it, and how the answer is spelled for the GUI. It decides nothing itself.
//!
//! | step | position | decision | answer |
//! |---|---|---|---|
//! | `yxswap2step1` | empty (a new game) | [`swap2`] | `MESSAGE SWAP2 MOVE1 x y`, `MOVE2`, `MOVE3` |
//! | `yxswap2step2` | 3 stones, set before by `yxboard` | [`swap2`] | `SWAP1 YES` (take Black), `SWAP1 NO` (stay White: a `board` follows), or `MOVE4 x y` and `MOVE5 x y` |
//! | `yxswap2step3` | 5 stones, set before by `yxboard` | [`swap2`] | `SWAP2 YES` (keep Black) or `SWAP2 NO` (take White: a `board` follows) |
//! | `yxsoosorvstep1` | empty (a new game) | [`renju::open`] | `MESSAGE SOOSORV MOVE1 x y`, `MOVE2`, `MOVE3` |
//! | `yxsoosorvstep2` + 3 moves | the list | [`renju::swap_after_three`] | `SWAP1 YES` (take Black) or `SWAP1 NO` |
//! | `yxsoosorvstep3` + 3 moves | the list | [`renju::fourth_move`] | `MOVE4 x y N` |
//! | `yxsoosorvstep4 N` + 4 moves | the list | [`renju::swap_after_four`] | `SWAP2 YES` (give Black away) or `SWAP2 NO` |
//! | `yxsoosorvstep5 N` + 4 moves | the list | [`renju::offers`] | `MOVE5 REFRESH`, N × `MOVE5 x y`, `MOVE5 DONE` |
//! | `yxsoosorvstep6` + 4 + N moves | the first 4 | [`renju::choose`] among the last N | `MOVE5C x y` (a `board` follows) |
//!
//! Coordinates: Yixin-Board writes every point row first and reads the opening answers as
//! `row column`, separated by a space; the engine keeps the first number of every pair as x, as
//! in `BOARD` lines, and answers in that same order, so the GUI reads its own convention back.
//! The engine's stones are not played on its board: the GUI sends the whole position again with
//! its next request. After a Soosõrv step the board is the step's position (opening stones
//! only); after step 1 of either rule, an empty board of the current size (15 before any
//! `START`), as for a new game. Renju decisions are made on a renju board whatever `INFO rule`
//! says; Swap2 ones under the rule in force (Yixin-Board sends `INFO rule 1`).
//!
//! The brain's stones and offers keep off the cells of `YXBLOCK` (and, in `yxswap2step2`/`3`,
//! off the cells the `YXBOARD` position marked 3); its choice among the opponent's offers does
//! not: those stones are the opponent's. `yxsoosorvstep6`'s offers get
//! [`renju::check_offers`], the check the command line's `--offers` gets.
//!
//! No `INFO` comes with the steps: each decision takes three quarters of what the guard of the
//! last `timeout_turn` / `time_left` leaves, as `SWAP2BOARD` does, and a `yxstop` ends it early
//! with the answer found so far. A bad step (wrong stone count, a cell off the board or twice,
//! N outside 1 to 8) gets one `ERROR` and changes nothing.

use super::block::Block;
use super::reader::Line;
use super::session::Session;
use super::think::with_guard;
use crate::board::{Board, Dims, Pos};
use crate::opening::renju::{self, MAX_OFFERS};
use crate::opening::swap2::{swap2, Swap2Answer};
use crate::opening::Budget;
use crate::rules::Rule;
use crate::search::Limits;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// `x y`: a point as the opening answers spell it.
fn at(p: Pos) -> String {
    format!("{} {}", p.x(), p.y())
}

fn yes_no(yes: bool) -> &'static str {
    if yes {
        "YES"
    } else {
        "NO"
    }
}

/// The board of `rule` after `moves`, played in order from Black.
fn played(rule: Rule, dims: Dims, moves: &[Pos]) -> Board {
    let mut b = Board::new(rule, dims);
    for &p in moves {
        b.make(p);
    }
    b
}

/// Checks that `stones`, played in order on `board`, go on empty cells.
fn fresh(board: &Board, stones: &[Pos]) -> Result<(), String> {
    let mut b = board.clone();
    for &p in stones {
        if p.is_none() || !b.dims().contains(p.x() as i64, p.y() as i64) || !b.is_empty(p) {
            return Err(format!("the decision gave an occupied cell {}", at(p)));
        }
        b.make(p);
    }
    Ok(())
}

/// The answer lines to `yxswap2step{step}` for the decision `a`.
fn swap2_lines(step: u8, board: &Board, a: &Swap2Answer) -> Result<Vec<String>, String> {
    let msg = |what: &str| format!("MESSAGE SWAP2 {what}");
    if let Swap2Answer::Stones(s) = a {
        fresh(board, s)?;
    }
    let lines = match (step, a) {
        (1, Swap2Answer::Stones(s)) if s.len() == 3 => (0..3)
            .map(|i| msg(&format!("MOVE{} {}", i + 1, at(s[i]))))
            .collect(),
        (2, Swap2Answer::Swap) => vec![msg("SWAP1 YES")],
        (2, Swap2Answer::Stones(s)) if s.len() == 1 => vec![msg("SWAP1 NO")],
        (2, Swap2Answer::Stones(s)) if s.len() == 2 => vec![
            msg(&format!("MOVE4 {}", at(s[0]))),
            msg(&format!("MOVE5 {}", at(s[1]))),
        ],
        (3, Swap2Answer::Swap) => vec![msg("SWAP2 YES")],
        (3, Swap2Answer::Stones(s)) if s.len() == 1 => vec![msg("SWAP2 NO")],
        _ => return Err(format!("unexpected decision {a}")),
    };
    Ok(lines)
}

impl Session {
    /// Runs the decision `f` on `board` for the step `line`, under the step's clock (see the
    /// module notes) and the depth and node limits in force, the brain's stones kept off the
    /// cells of `YXBLOCK` (and, with `walls`, `board` being the position set by `YXBOARD`, off
    /// its blocked cells).
    fn decide<R>(
        &mut self,
        line: &Line,
        board: &Board,
        walls: bool,
        f: impl FnOnce(&Board, Budget) -> Result<R, String>,
    ) -> Result<R, String> {
        self.prepare(Some(self.table_wait()));
        let walls: &[Pos] = if walls { &self.blocked } else { &[] };
        let mut exclude: Vec<Pos> = Vec::new();
        for &p in self.block_moves.iter().chain(walls) {
            let on = board.dims().contains(p.x() as i64, p.y() as i64);
            if on && board.is_empty(p) && !exclude.contains(&p) {
                exclude.push(p);
            }
        }
        let base = Limits {
            max_depth: self.settings.max_depth,
            max_nodes: self.settings.max_nodes,
            exclude,
            ..Limits::default()
        };
        let guard = self.settings.guard();
        let deadline = self.clock_start(line) + guard;
        let mut time = guard.saturating_sub(self.waited(line)) * 3 / 4;
        if self.control.ending().load(Ordering::SeqCst) {
            // Input has ended: answer at once, then exit.
            time = Duration::ZERO;
        }
        let time = time.max(Duration::from_millis(1));
        self.control.begin_search(line.seq);
        let (searcher, stop) = (&mut self.searcher, &self.control.stop);
        let r = with_guard(deadline, stop, || {
            f(
                board,
                Budget {
                    searcher,
                    base: &base,
                    time,
                    stop,
                },
            )
        });
        self.answered = true;
        r
    }

    /// Writes `lines`, or the error naming `name`.
    fn say(&self, name: &str, lines: Result<Vec<String>, String>) -> bool {
        match lines {
            Ok(lines) => {
                for l in lines {
                    self.out.line(&l);
                }
                true
            }
            Err(why) => {
                self.out.error(&format!("{name}: {why}"));
                false
            }
        }
    }

    /// Makes `moves` the position (under the rule in force); `new_game` also starts a new game.
    fn set_opening(&mut self, dims: Dims, moves: &[Pos], new_game: bool) {
        self.board = Some(played(self.settings.rule, dims, moves));
        self.blocked.clear();
        if new_game {
            self.searcher.new_game();
        }
    }

    /// `yxswap2step1..3`.
    pub(super) fn swap2_step(&mut self, step: u8, line: &Line) {
        let name = format!("YXSWAP2STEP{step}");
        let board = if step == 1 {
            Board::new(self.settings.rule, self.block_dims())
        } else {
            let want = if step == 2 { 3 } else { 5 };
            let Some(b) = self.board.as_ref() else {
                self.out.error(&format!("{name} before YXBOARD"));
                return;
            };
            if b.stone_count() != want || b.history().len() != want {
                let n = b.stone_count();
                self.out.error(&format!(
                    "{name}: {n} stones, expected {want} (set by YXBOARD)"
                ));
                return;
            }
            b.clone()
        };
        let r = self.decide(line, &board, step != 1, |b, bu| {
            swap2(b, bu.searcher, bu.base, bu.time, bu.stop)
        });
        let lines = r.and_then(|a| swap2_lines(step, &board, &a));
        if self.say(&name, lines) && step == 1 {
            self.set_opening(board.dims(), &[], true);
        }
    }

    /// `yxsoosorvstep1`: the tentative Black's opening, on an empty board.
    pub(super) fn soosorv_open(&mut self, line: &Line) {
        let dims = self.block_dims();
        let board = Board::new(Rule::Renju, dims);
        let r = self.decide(line, &board, false, |b, bu| renju::open(b, false, bu));
        let lines = r.and_then(|(cells, _)| {
            fresh(&board, &cells)?;
            Ok((0..3)
                .map(|i| format!("MESSAGE SOOSORV MOVE{} {}", i + 1, at(cells[i])))
                .collect())
        });
        if self.say("YXSOOSORVSTEP1", lines) {
            self.set_opening(dims, &[], true);
        }
    }

    /// `yxsoosorvstep2..6` at the `DONE` of the move list: `n` is step 4's or 5's N.
    pub(super) fn soosorv_step(&mut self, step: u8, n: usize, list: Block, line: &Line) {
        let name = list.kind.name();
        let dims = self.block_dims();
        let moves = match list.moves(dims) {
            Ok(m) => m,
            Err(why) => {
                self.out.error(&why);
                return;
            }
        };
        let stones = if step <= 3 { 3 } else { 4 };
        let fits = match step {
            6 => moves.len() > stones,
            _ => moves.len() == stones,
        };
        if !fits {
            let want = match step {
                6 => format!("4 and 1 to {MAX_OFFERS} offers"),
                _ => stones.to_string(),
            };
            let got = moves.len();
            self.out
                .error(&format!("{name}: {got} moves, expected {want}"));
            return;
        }
        let (position, offered) = moves.split_at(stones);
        let board = played(Rule::Renju, dims, position);
        if step == 6 {
            // The same check as the command line's `--offers`.
            if let Err(why) = renju::check_offers(&board, offered) {
                self.out.error(&format!("{name}: {why}"));
                return;
            }
        }
        let lines = match step {
            2 => self
                .decide(line, &board, false, renju::swap_after_three)
                .map(|swap| vec![format!("MESSAGE SOOSORV SWAP1 {}", yes_no(swap))]),
            3 => self
                .decide(line, &board, false, |b, bu| renju::fourth_move(b, None, bu))
                .and_then(|(w4, n)| {
                    fresh(&board, &[w4])?;
                    let n = n.clamp(1, MAX_OFFERS);
                    Ok(vec![format!("MESSAGE SOOSORV MOVE4 {} {n}", at(w4))])
                }),
            4 => self
                .decide(line, &board, false, |b, bu| {
                    renju::swap_after_four(b, n, bu)
                })
                .map(|swap| vec![format!("MESSAGE SOOSORV SWAP2 {}", yes_no(swap))]),
            5 => self
                .decide(line, &board, false, |b, bu| renju::offers(b, n, bu))
                .and_then(|cells| {
                    for (i, &p) in cells.iter().enumerate() {
                        fresh(&board, &[p])?;
                        if cells[..i].contains(&p) {
                            return Err(format!("the decision offered {} twice", at(p)));
                        }
                    }
                    let mut v = vec!["MESSAGE SOOSORV MOVE5 REFRESH".to_string()];
                    v.extend(
                        cells
                            .iter()
                            .map(|&p| format!("MESSAGE SOOSORV MOVE5 {}", at(p))),
                    );
                    v.push("MESSAGE SOOSORV MOVE5 DONE".into());
                    Ok(v)
                }),
            _ => self
                .decide(line, &board, false, |b, bu| renju::choose(b, offered, bu))
                .and_then(|p| match offered.contains(&p) {
                    true => Ok(vec![format!("MESSAGE SOOSORV MOVE5C {}", at(p))]),
                    false => Err(format!("the decision chose {}, not an offer", at(p))),
                }),
        };
        if self.say(name, lines) {
            self.set_opening(dims, position, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &[(usize, usize)]) -> Board {
        let dims = Dims::square(15).unwrap();
        let m: Vec<Pos> = moves.iter().map(|&(x, y)| Pos::new(x, y)).collect();
        played(Rule::Standard, dims, &m)
    }

    #[test]
    fn swap2_answers_are_spelled_as_the_gui_reads_them() {
        let three = board(&[(7, 7), (7, 8), (8, 6)]);
        let stones = |v: &[(usize, usize)]| {
            Swap2Answer::Stones(v.iter().map(|&(x, y)| Pos::new(x, y)).collect())
        };
        assert_eq!(
            swap2_lines(1, &board(&[]), &stones(&[(3, 7), (6, 7), (8, 7)])),
            Ok(vec![
                "MESSAGE SWAP2 MOVE1 3 7".to_string(),
                "MESSAGE SWAP2 MOVE2 6 7".to_string(),
                "MESSAGE SWAP2 MOVE3 8 7".to_string(),
            ])
        );
        assert_eq!(
            swap2_lines(2, &three, &Swap2Answer::Swap),
            Ok(vec!["MESSAGE SWAP2 SWAP1 YES".to_string()])
        );
        assert_eq!(
            swap2_lines(2, &three, &stones(&[(9, 9)])),
            Ok(vec!["MESSAGE SWAP2 SWAP1 NO".to_string()])
        );
        assert_eq!(
            swap2_lines(2, &three, &stones(&[(6, 9), (8, 8)])),
            Ok(vec![
                "MESSAGE SWAP2 MOVE4 6 9".to_string(),
                "MESSAGE SWAP2 MOVE5 8 8".to_string(),
            ])
        );
        let five = board(&[(7, 7), (7, 8), (8, 6), (6, 9), (8, 8)]);
        assert_eq!(
            swap2_lines(3, &five, &Swap2Answer::Swap),
            Ok(vec!["MESSAGE SWAP2 SWAP2 YES".to_string()])
        );
        assert_eq!(
            swap2_lines(3, &five, &stones(&[(9, 9)])),
            Ok(vec!["MESSAGE SWAP2 SWAP2 NO".to_string()])
        );
        // Occupied cells and answers of the wrong shape are errors, never sent.
        assert!(swap2_lines(2, &three, &stones(&[(7, 7)])).is_err());
        assert!(swap2_lines(2, &three, &stones(&[(9, 9), (9, 9)])).is_err());
        assert!(swap2_lines(1, &board(&[]), &Swap2Answer::Swap).is_err());
        assert!(swap2_lines(3, &five, &stones(&[(0, 0), (1, 1)])).is_err());
    }
}
