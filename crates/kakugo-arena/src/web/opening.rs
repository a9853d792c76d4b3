//! An opening rule played on the web board, stepped by the session's tick: the negotiation
//! ([`OpeningTurns`]) says whose question is open; an engine is sent the question's lines as
//! in a match and its reply lines are handed over as they arrive, on its clock; a person is asked
//! through the page (each answer checked by [`super::human`] and asked again when refused), so
//! the board stays live while a seat decides and nothing waits.

use super::game::Who;
use super::human::{self, Answer, Prompt};
use super::player::EnginePlayer;
use super::{parse_pos, HANG_GRACE};
use crate::config::Limits;
use crate::opening_rule::{OpeningRule, Seat};
use crate::opening_turns::OpeningTurns;
use crate::reply::{describe, Failure};
use kakugo::board::{Dims, Pos};
use kakugo::clock::Instant;
use kakugo::rules::Rule;
use std::time::Duration;

/// An opening being negotiated.
pub struct OpeningRun {
    /// The opening rule.
    pub rule: OpeningRule,
    /// The first and the second player.
    pub seats: [Who; 2],
    /// The negotiation.
    pub turns: OpeningTurns,
    /// The number of the question put to its seat, when, and (for an engine) by when it must
    /// answer.
    put: Option<(usize, Instant, Option<Instant>)>,
    /// The question open to a person, with the seat asked.
    pub prompt: Option<(Seat, Prompt)>,
    /// The seat whose engine is deciding.
    pub deciding: Option<Seat>,
    /// The stones to show.
    pub shown: Vec<Pos>,
    game_rule: Rule,
    dims: Dims,
}

impl OpeningRun {
    /// Begins negotiating `rule` on an empty board between `seats` (first, second).
    pub fn start(rule: OpeningRule, seats: [Who; 2], game_rule: Rule, dims: Dims) -> OpeningRun {
        OpeningRun {
            rule,
            seats,
            turns: OpeningTurns::new(rule, game_rule, dims),
            put: None,
            prompt: None,
            deciding: None,
            shown: Vec::new(),
            game_rule,
            dims,
        }
    }

    /// The seat of the open question and who sits there, if it has not been put yet.
    pub fn unput(&self) -> Option<(Seat, Who)> {
        let (seat, _) = self.turns.asked()?;
        let n = self.turns.answered();
        match self.put {
            Some((k, _, _)) if k == n => None,
            _ => Some((seat, self.seats[seat.index()])),
        }
    }

    /// The engine in the open question's seat, if it has been put to it.
    pub fn engine_asked(&self) -> Option<usize> {
        let (seat, _) = self.turns.asked()?;
        match (self.unput(), self.seats[seat.index()]) {
            (None, Who::Engine(i)) => Some(i),
            _ => None,
        }
    }

    fn mark_put(&mut self, deadline: Option<Instant>) {
        self.put = Some((self.turns.answered(), Instant::now(), deadline));
    }

    /// Puts the open question to a person: the page shows the prompt (a question with no words
    /// for it loses the opening for that seat).
    pub fn ask_person(&mut self) {
        let Some((seat, lines)) = self.turns.asked() else {
            return;
        };
        match human::prompt(lines, self.dims) {
            Ok(p) => {
                self.shown = p
                    .stones
                    .iter()
                    .filter_map(|s| parse_pos(s, self.dims).ok())
                    .collect();
                self.prompt = Some((seat, p));
                self.deciding = None;
                self.mark_put(None);
            }
            Err(why) => self.turns.fail(&why),
        }
    }

    /// The person's answer to the prompt: the reply lines an engine would have written, or why
    /// it is refused (the prompt stays).
    pub fn answer(&mut self, a: &Answer) -> Result<(), String> {
        let (_, prompt) = self
            .prompt
            .as_ref()
            .ok_or("the opening is waiting for an engine")?;
        let replies = human::reply(prompt, a, self.game_rule, self.dims)?;
        let ms = self
            .put
            .map_or(0, |(_, t, _)| t.elapsed().as_millis() as u64);
        self.prompt = None;
        if !replies.iter().any(|r| self.turns.hear(r, ms)) {
            // Not a whole answer after all: the question is asked again.
            self.put = None;
        }
        Ok(())
    }

    /// Puts the open question to engine `p` (ready for it): the clock settings of a move, then
    /// the question's lines.
    pub fn ask_engine(&mut self, p: &mut EnginePlayer, limits: &Limits, turn_ms: u64) {
        let Some((seat, lines)) = self.turns.asked() else {
            return;
        };
        let lines = lines.to_vec();
        self.shown = human::prompt(&lines, self.dims)
            .map(|q| {
                q.stones
                    .iter()
                    .chain(&q.offers)
                    .filter_map(|s| parse_pos(s, self.dims).ok())
                    .collect()
            })
            .unwrap_or_default();
        self.deciding = Some(seat);
        self.prompt = None;
        let turn = if turn_ms > 0 { turn_ms } else { limits.turn_ms };
        p.send(&format!("INFO timeout_turn {turn}"));
        p.send("INFO time_left 2147483647");
        for l in &lines {
            p.send(l);
        }
        let deadline =
            Instant::now() + Duration::from_millis(turn + limits.tolerance_ms) + HANG_GRACE;
        self.mark_put(Some(deadline));
    }

    /// Hands engine `p`'s reply lines to the negotiation; true when the question was answered
    /// (or lost: a crash, a bad answer, the clock).
    pub fn hear_engine(&mut self, p: &mut EnginePlayer) -> bool {
        let Some((_, asked_at, deadline)) = self.put else {
            return false;
        };
        let now = Instant::now();
        let ms = now.duration_since(asked_at).as_millis() as u64;
        while let Some(r) = p.next(now) {
            match r {
                Ok(line) => {
                    if self.turns.hear(&line, ms) {
                        return true;
                    }
                }
                Err(why) => {
                    let why = if why == "crashed" {
                        describe(&Failure::Crash, "an opening step")
                    } else {
                        why
                    };
                    self.turns.fail(&why);
                    return true;
                }
            }
        }
        if deadline.is_some_and(|d| now > d) {
            self.turns.fail("lost on time (no answer)");
            return true;
        }
        false
    }
}
