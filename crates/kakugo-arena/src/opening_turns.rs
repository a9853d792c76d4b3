//! An opening rule negotiated one reply line at a time, for a caller that cannot wait for an
//! answer (the web board, whose session is stepped by a timer, natively and in a Web Worker).
//! The rules' steps have one definition, [`opening_rule::negotiate`]; this machine runs it over
//! the replies received so far, each exchange already answered handed its recorded lines again,
//! and stops it at the first exchange still open: that is the question to put, and the player to
//! put it to. A negotiation is a handful of exchanges, so running it again for every line costs
//! nothing worth counting, and what it decides cannot differ from the blocking run of a match.

use crate::opening_rule::{self, Opened, OpeningRule, Seat, Talk};
use kakugo::board::Dims;
use kakugo::rules::Rule;

/// An exchange answered: its reply lines up to the one that completed it, and the time taken.
struct Answered {
    lines: Vec<String>,
    ms: u64,
}

/// Where the negotiation stands.
enum State {
    /// `lines` are to be sent to the player in seat `who`.
    Asking { who: Seat, lines: Vec<String> },
    /// The opening, completed or broken off by a fault.
    Done(Opened),
}

/// An opening rule being negotiated.
pub struct OpeningTurns {
    rule: OpeningRule,
    game_rule: Rule,
    dims: Dims,
    answered: Vec<Answered>,
    /// The reply lines to the open question so far.
    current: Vec<String>,
    state: State,
}

/// The error a replayed exchange ends the run with when its question is still open.
const OPEN: &str = "the question is open";

/// The players' side of a replayed run.
struct Replay<'a> {
    answered: &'a [Answered],
    current: &'a [String],
    /// The player asked failed (silence, a crash): why.
    failure: Option<&'a str>,
    /// The time of the current reply.
    ms: u64,
    /// The next exchange's index.
    k: usize,
    /// The first exchange with no complete answer: the seat and the lines.
    open: Option<(Seat, Vec<String>)>,
    /// Whether the current replies completed their exchange.
    complete: bool,
}

/// Hands reply lines to `take` as a manager reading a process would (empty lines skipped): true
/// once it said the answer is complete.
fn feed(
    lines: &[String],
    take: &mut dyn FnMut(&str) -> Result<bool, String>,
) -> Result<bool, String> {
    for l in lines.iter().filter(|l| !l.is_empty()) {
        match take(l) {
            Ok(true) => return Ok(true),
            Ok(false) => {}
            Err(why) => return Err(format!("gave a bad answer: {why}")),
        }
    }
    Ok(false)
}

impl Talk for Replay<'_> {
    fn exchange(
        &mut self,
        who: Seat,
        lines: &[String],
        take: &mut dyn FnMut(&str) -> Result<bool, String>,
    ) -> Result<u64, String> {
        let k = self.k;
        self.k += 1;
        if let Some(a) = self.answered.get(k) {
            feed(&a.lines, take)?;
            return Ok(a.ms);
        }
        if k == self.answered.len() {
            if let Some(why) = self.failure {
                return Err(why.to_string());
            }
            if feed(self.current, take)? {
                self.complete = true;
                return Ok(self.ms);
            }
        }
        self.open = Some((who, lines.to_vec()));
        Err(OPEN.into())
    }
}

impl OpeningTurns {
    /// The opening `rule` on an empty board of `dims` under `game_rule`, its first question
    /// ready.
    pub fn new(rule: OpeningRule, game_rule: Rule, dims: Dims) -> OpeningTurns {
        let mut t = OpeningTurns {
            rule,
            game_rule,
            dims,
            answered: Vec::new(),
            current: Vec::new(),
            state: State::Done(Opened {
                rule,
                steps: Vec::new(),
                stones: Vec::new(),
                black: Seat::First,
                fault: None,
            }),
        };
        t.run(None, 0);
        t
    }

    /// Runs the negotiation over the replies so far and settles where it stands.
    fn run(&mut self, failure: Option<&str>, ms: u64) {
        let mut replay = Replay {
            answered: &self.answered,
            current: &self.current,
            failure,
            ms,
            k: 0,
            open: None,
            complete: false,
        };
        let opened = opening_rule::negotiate(self.rule, self.game_rule, self.dims, &mut replay);
        let (open, complete) = (replay.open, replay.complete);
        if complete {
            let lines = std::mem::take(&mut self.current);
            self.answered.push(Answered { lines, ms });
        }
        self.state = match open {
            Some((who, lines)) if failure.is_none() => State::Asking { who, lines },
            _ => State::Done(opened),
        };
    }

    /// The open question: the seat to ask and the lines to send it.
    pub fn asked(&self) -> Option<(Seat, &[String])> {
        match &self.state {
            State::Asking { who, lines } => Some((*who, lines)),
            State::Done(_) => None,
        }
    }

    /// How many questions were answered: the open question's number.
    pub fn answered(&self) -> usize {
        self.answered.len()
    }

    /// The opening, once negotiated (or broken off).
    pub fn opened(&self) -> Option<&Opened> {
        match &self.state {
            State::Done(o) => Some(o),
            State::Asking { .. } => None,
        }
    }

    /// One reply line from the player asked, `ms` after the question was put; true when it
    /// completed the answer (the next question, or the end, is there).
    pub fn hear(&mut self, line: &str, ms: u64) -> bool {
        if self.asked().is_none() {
            return false;
        }
        let before = self.answered.len();
        self.current.push(line.to_string());
        self.run(None, ms);
        self.answered.len() > before || self.opened().is_some()
    }

    /// The player asked gave no answer (silence, a crash): it loses the opening, for `why`.
    pub fn fail(&mut self, why: &str) {
        if self.asked().is_some() {
            self.run(Some(why), 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kakugo::board::Pos;

    fn d15() -> Dims {
        Dims::square(15).unwrap()
    }

    /// Answers each question with the given reply lines, noise first, and checks the seat.
    fn play(rule: OpeningRule, game_rule: Rule, answers: &[(Seat, &[&str])]) -> Opened {
        let mut t = OpeningTurns::new(rule, game_rule, d15());
        for (n, (seat, lines)) in answers.iter().enumerate() {
            let (who, _) = t.asked().expect("a question");
            assert_eq!(who, *seat, "question {n}");
            assert_eq!(t.answered(), n);
            assert!(!t.hear("MESSAGE thinking", 5));
            for (j, l) in lines.iter().enumerate() {
                assert_eq!(t.hear(l, 10), j + 1 == lines.len(), "{l}");
            }
        }
        t.opened().expect("the end").clone()
    }

    #[test]
    fn swap2_to_its_end() {
        use Seat::{First, Second};
        let o = play(
            OpeningRule::Swap2,
            Rule::Freestyle,
            &[
                (First, &["7,7 7,8 8,8"]),
                (Second, &["9,9 10,10"]),
                (First, &["SWAP"]),
            ],
        );
        assert_eq!(o.fault, None);
        assert_eq!(o.stones.len(), 5);
        assert_eq!(o.black, First);
        assert_eq!(o.steps.len(), 3);
        assert_eq!(o.steps[0].ms, 10);
    }

    #[test]
    fn soosorv_steps_and_questions() {
        use Seat::{First, Second};
        let mut t = OpeningTurns::new(OpeningRule::Soosorv8, Rule::Renju, d15());
        assert_eq!(t.asked().unwrap().1, ["yxsoosorvstep1"]);
        for l in [
            "MESSAGE SOOSORV MOVE1 7 7",
            "MESSAGE SOOSORV MOVE2 7 6",
            "MESSAGE SOOSORV MOVE3 8 8",
        ] {
            t.hear(l, 1);
        }
        let (who, lines) = t.asked().unwrap();
        assert_eq!(who, Second);
        assert_eq!(lines, ["yxsoosorvstep2", "7,7", "7,6", "8,8", "done"]);
        t.hear("MESSAGE SOOSORV SWAP1 NO", 1);
        assert_eq!(t.asked().unwrap().0, Second);
        t.hear("MESSAGE SOOSORV MOVE4 6 8 2", 1);
        let (who, lines) = t.asked().unwrap();
        assert_eq!((who, lines[0].as_str()), (First, "yxsoosorvstep4 2"));
        t.hear("MESSAGE SOOSORV SWAP2 NO", 1);
        t.hear("MESSAGE SOOSORV MOVE5 9 7", 1);
        t.hear("MESSAGE SOOSORV MOVE5 6 5", 1);
        assert!(t.hear("MESSAGE SOOSORV MOVE5 DONE", 1));
        assert_eq!(t.asked().unwrap().1.len(), 8);
        t.hear("MESSAGE SOOSORV MOVE5C 6 5", 1);
        let o = t.opened().unwrap();
        assert_eq!(o.fault, None);
        assert_eq!(o.stones.last(), Some(&Pos::new(6, 5)));
        assert_eq!(o.steps.len(), 6);
    }

    #[test]
    fn a_bad_answer_and_a_silence_lose() {
        let mut t = OpeningTurns::new(OpeningRule::Swap2, Rule::Freestyle, d15());
        t.hear("7,7 7,7 8,8", 1);
        let (seat, why) = t.opened().unwrap().fault.clone().unwrap();
        assert_eq!(seat, Seat::First);
        assert!(why.contains("occupied"), "{why}");
        let mut t = OpeningTurns::new(OpeningRule::Rif, Rule::Renju, d15());
        t.fail("lost on time (no answer)");
        let (seat, why) = t.opened().unwrap().fault.clone().unwrap();
        assert_eq!(seat, Seat::First);
        assert!(why.starts_with("lost on time"), "{why}");
    }
}
