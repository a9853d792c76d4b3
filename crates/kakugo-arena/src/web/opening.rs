//! An opening rule played on the web board: `opening_rule::negotiate` run on a thread of its
//! own, the engines answering over their pipes as in a match and a person through the page
//! (each question sent to the session, each answer checked by [`super::human`] and asked again
//! when refused), so the board stays live while a seat decides.

use super::game::Who;
use super::human::{self, Answer, Prompt};
use super::player::EnginePlayer;
use super::{parse_pos, HANG_GRACE};
use crate::config::Limits;
use crate::opening_rule::{self, Opened, OpeningRule, Seat, Talk};
use kakugo::board::{Dims, Pos};
use kakugo::rules::Rule;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the opening thread tells the session.
pub enum OpeningEvent {
    /// A person must answer.
    Ask(Seat, Prompt),
    /// An engine is deciding on this position.
    Deciding(Seat, Vec<Pos>),
    /// The person's answer was refused.
    Refused(String),
}

/// What the opening thread hands back: the opening and the engines it borrowed.
pub type OpeningDone = (Opened, Vec<(usize, EnginePlayer)>);

/// An opening being negotiated on a thread of its own.
pub struct OpeningRun {
    /// The opening rule.
    pub rule: OpeningRule,
    /// The first and the second player.
    pub seats: [Who; 2],
    /// The thread (taken when joined).
    pub handle: Option<JoinHandle<OpeningDone>>,
    /// What the thread tells.
    pub events: Receiver<OpeningEvent>,
    /// The person's answers, to the thread.
    pub answers: Sender<Answer>,
    /// Set to give the opening up.
    pub abort: Arc<AtomicBool>,
    /// The question open to a person, with the seat asked.
    pub prompt: Option<(Seat, Prompt)>,
    /// The seat whose engine is deciding.
    pub deciding: Option<Seat>,
    /// The stones to show.
    pub shown: Vec<Pos>,
}

impl OpeningRun {
    /// Starts negotiating `rule` on an empty board with the `engines` (index, player) that sit in
    /// `seats` (first, second).
    pub fn start(
        rule: OpeningRule,
        seats: [Who; 2],
        engines: Vec<(usize, EnginePlayer)>,
        limits: Limits,
        turn_ms: u64,
        game_rule: Rule,
        dims: Dims,
    ) -> OpeningRun {
        let (etx, erx) = channel();
        let (atx, arx) = channel();
        let abort = Arc::new(AtomicBool::new(false));
        let talk = WebTalk {
            seats,
            engines,
            events: etx,
            answers: arx,
            abort: abort.clone(),
            limits,
            turn_ms,
            rule: game_rule,
            dims,
        };
        let handle = std::thread::spawn(move || {
            let mut talk = talk;
            let opened = opening_rule::negotiate(rule, game_rule, dims, &mut talk);
            (opened, talk.engines)
        });
        OpeningRun {
            rule,
            seats,
            handle: Some(handle),
            events: erx,
            answers: atx,
            abort,
            prompt: None,
            deciding: None,
            shown: Vec::new(),
        }
    }
}

/// The opening's side of the conversation: engines over their pipes, people through the page.
struct WebTalk {
    seats: [Who; 2],
    engines: Vec<(usize, EnginePlayer)>,
    events: Sender<OpeningEvent>,
    answers: Receiver<Answer>,
    abort: Arc<AtomicBool>,
    limits: Limits,
    turn_ms: u64,
    rule: Rule,
    dims: Dims,
}

impl Talk for WebTalk {
    fn exchange(
        &mut self,
        who: Seat,
        lines: &[String],
        take: &mut dyn FnMut(&str) -> Result<bool, String>,
    ) -> Result<u64, String> {
        let t0 = Instant::now();
        match self.seats[who.index()] {
            Who::Engine(i) => {
                let shown = human::prompt(lines, self.dims)
                    .map(|p| {
                        p.stones
                            .iter()
                            .chain(&p.offers)
                            .filter_map(|s| parse_pos(s, self.dims).ok())
                            .collect()
                    })
                    .unwrap_or_default();
                let _ = self.events.send(OpeningEvent::Deciding(who, shown));
                let turn = if self.turn_ms > 0 {
                    self.turn_ms
                } else {
                    self.limits.turn_ms
                };
                let p = &mut self
                    .engines
                    .iter_mut()
                    .find(|(j, _)| *j == i)
                    .expect("the seat's engine")
                    .1;
                p.engine.send(&format!("INFO timeout_turn {turn}"));
                p.engine.send("INFO time_left 2147483647");
                let deadline =
                    t0 + Duration::from_millis(turn + self.limits.tolerance_ms) + HANG_GRACE;
                p.engine
                    .exchange(lines, Some(deadline), &self.abort, take)?;
            }
            Who::Human => {
                let prompt = human::prompt(lines, self.dims)?;
                let _ = self.events.send(OpeningEvent::Ask(who, prompt.clone()));
                loop {
                    if self.abort.load(Ordering::SeqCst) {
                        return Err("the opening was abandoned".into());
                    }
                    let a = match self.answers.recv_timeout(Duration::from_millis(50)) {
                        Ok(a) => a,
                        Err(RecvTimeoutError::Timeout) => continue,
                        Err(RecvTimeoutError::Disconnected) => return Err("the page left".into()),
                    };
                    match human::reply(&prompt, &a, self.rule, self.dims) {
                        Ok(replies) => {
                            for r in &replies {
                                if take(r)? {
                                    break;
                                }
                            }
                            break;
                        }
                        Err(why) => {
                            let _ = self.events.send(OpeningEvent::Refused(why));
                            let _ = self.events.send(OpeningEvent::Ask(who, prompt.clone()));
                        }
                    }
                }
            }
        }
        Ok(t0.elapsed().as_millis() as u64)
    }
}
