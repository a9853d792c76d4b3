//! An engine at the web board: started on first use, given the board size and rule when they
//! change, asked to move, to analyse without end or for its best few moves, and stopped with
//! `YXSTOP`. The position is always sent whole (`BOARD`, or `START` and `BEGIN` on an empty
//! board), so undo, redo and set-up need no protocol of their own. Nothing waits: the answers
//! to `ABOUT` and `START` and the answer of a search stopped for another request are phases the
//! player goes through as its lines arrive ([`EnginePlayer::next`]), each with its deadline.

use super::link::{Launch, Link};
use crate::config::{EngineSpec, Limits};
use crate::reply::{about_name, describe, is_noise, starts_with_word, Failure};
use kakugo::board::{Dims, Pos};
use kakugo::clock::Instant;
use kakugo::rules::Rule;
use std::collections::VecDeque;
use std::time::Duration;

/// How an engine is asked to think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// A move within the clock (ms; 0 = none).
    Move {
        /// The time for one move.
        turn_ms: u64,
        /// The time for the game.
        match_ms: u64,
        /// What is left of the game's time.
        left_ms: u64,
    },
    /// Think until stopped.
    Analysis,
    /// The `n` best moves (`YXNBEST`).
    Best(u32),
}

/// The clock an analysis is given: a day a move, no game limit.
const ANALYSIS_MS: u64 = 86_400_000;

/// An answer the player waits for before its lines are the caller's again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    /// The `ABOUT` line (the engine's name).
    About,
    /// `START`'s `OK`.
    Start,
    /// The answer of a search told to stop, to be thrown away.
    Stopped,
}

/// A started engine.
pub struct EnginePlayer {
    link: Box<dyn Link>,
    /// Its name (the `name=` given, else its ABOUT name, else the command).
    pub name: String,
    /// Whether the name was given (`name=`), so that ABOUT does not replace it.
    named: bool,
    /// The board size and rule it was last given.
    game: Option<(Dims, Rule)>,
    /// The answers awaited, in order, each with its deadline.
    waits: VecDeque<(Wait, Instant)>,
}

/// The name shown for an engine before it has started.
pub fn display_name(spec: &EngineSpec) -> String {
    spec.name.clone().unwrap_or_else(|| {
        let first = spec.cmd.split_whitespace().next().unwrap_or("engine");
        first.rsplit('/').next().unwrap_or(first).to_string()
    })
}

impl EnginePlayer {
    /// Starts the engine and asks its name, to come within the start-up time.
    pub fn launch(
        spec: &EngineSpec,
        limits: &Limits,
        launch: &mut Launch,
    ) -> Result<EnginePlayer, String> {
        let mut link = launch(spec)?;
        link.send("ABOUT");
        let deadline = Instant::now() + Duration::from_millis(limits.startup_ms);
        Ok(EnginePlayer {
            link,
            name: display_name(spec),
            named: spec.name.is_some(),
            game: None,
            waits: VecDeque::from([(Wait::About, deadline)]),
        })
    }

    /// Gives the engine a new empty board of `dims` under `rule` (`START`, then the settings);
    /// its `OK` is awaited within the start-up time.
    pub fn new_game(&mut self, dims: Dims, rule: Rule, spec: &EngineSpec, limits: &Limits) {
        let (w, h) = (dims.w, dims.h);
        self.send(&if w == h {
            format!("START {w}")
        } else {
            format!("RECTSTART {w},{h}")
        });
        let deadline = Instant::now() + Duration::from_millis(limits.startup_ms);
        self.waits.push_back((Wait::Start, deadline));
        self.send(&format!("INFO max_memory {}", limits.max_memory));
        self.send(&format!("INFO rule {}", rule.info_code()));
        self.send(&format!("INFO game_type {}", limits.game_type));
        // Realtime lines (1) and a report after every iteration (2), as Rapfi counts them.
        self.send("INFO show_detail 3");
        for kv in &spec.info {
            self.send(&format!("INFO {kv}"));
        }
        self.game = Some((dims, rule));
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.link.send(line);
    }

    /// Throws away the answer of the search it was told to stop, if it comes by `deadline`.
    pub fn drop_answer(&mut self, deadline: Instant) {
        self.waits.push_front((Wait::Stopped, deadline));
    }

    /// Whether the answer of a stopped search is overdue: the engine is to be ended and
    /// started afresh.
    pub fn overdue(&self, now: Instant) -> bool {
        self.waits
            .front()
            .is_some_and(|&(w, d)| w == Wait::Stopped && now > d)
    }

    /// Whether nothing is awaited: the next line is the caller's.
    pub fn is_ready(&self) -> bool {
        self.waits.is_empty()
    }

    /// The next reply line for the caller, once the answers awaited have come (they are read
    /// here); `None` if there is none yet, an error when the engine failed (gone, late or
    /// refusing `START`), in words.
    pub fn next(&mut self, now: Instant) -> Option<Result<String, String>> {
        loop {
            let front = self.waits.front().copied();
            if let Some((w, deadline)) = front {
                if now > deadline {
                    return Some(Err(match w {
                        Wait::About => describe(&Failure::Timeout, "ABOUT"),
                        Wait::Start => describe(&Failure::Timeout, "START"),
                        Wait::Stopped => "gave no answer after it was stopped".into(),
                    }));
                }
            }
            let line = match self.link.poll()? {
                Ok(l) => l,
                Err(f) => {
                    return Some(Err(match front {
                        Some((Wait::About, _)) => describe(&f, "ABOUT"),
                        Some((Wait::Start, _)) => describe(&f, "START"),
                        _ => "crashed".into(),
                    }))
                }
            };
            let Some((w, _)) = front else {
                return Some(Ok(line));
            };
            let skip = line.is_empty()
                || starts_with_word(&line, "MESSAGE")
                || starts_with_word(&line, "DEBUG");
            match w {
                _ if skip => {}
                Wait::About => {
                    if !self.named {
                        if let Some(n) = about_name(&line) {
                            self.name = n;
                        }
                    }
                    self.waits.pop_front();
                }
                Wait::Start if line.eq_ignore_ascii_case("OK") => {
                    self.waits.pop_front();
                }
                Wait::Start => return Some(Err(format!("refused START: {line}"))),
                Wait::Stopped
                    if is_noise(&line)
                        || ["SUGGEST", "INFO "].iter().any(|p| line.starts_with(p)) => {}
                Wait::Stopped => {
                    self.waits.pop_front();
                }
            }
        }
    }

    /// Whether the engine holds a board of this size and rule.
    pub fn plays(&self, dims: Dims, rule: Rule) -> bool {
        self.game == Some((dims, rule))
    }

    /// Sends the position `moves` and asks for `ask`; the answers arrive as lines.
    pub fn think(
        &mut self,
        moves: &[Pos],
        ask: Ask,
        spec: &EngineSpec,
        limits: &Limits,
    ) -> Result<(), String> {
        let (dims, rule) = self.game.ok_or("the engine has no board")?;
        if moves.is_empty() {
            self.new_game(dims, rule, spec, limits);
        }
        let (turn, total, left) = match ask {
            Ask::Move {
                turn_ms,
                match_ms,
                left_ms,
            } => (turn_ms, match_ms, left_ms),
            Ask::Analysis | Ask::Best(_) => (ANALYSIS_MS, 0, 2_147_483_647),
        };
        self.send(&format!("INFO timeout_turn {turn}"));
        self.send(&format!("INFO timeout_match {total}"));
        self.send(&format!("INFO time_left {left}"));
        if let Ask::Best(n) = ask {
            self.send(&format!("INFO timeout_turn {}", limits.turn_ms.max(1000)));
            self.send_position("YXBOARD", moves);
            self.send(&format!("YXNBEST {n}"));
        } else if moves.is_empty() {
            self.send("BEGIN");
        } else {
            self.send_position("BOARD", moves);
        }
        Ok(())
    }

    /// A position block: the side to move's stones are 1, the others 2.
    fn send_position(&mut self, command: &str, moves: &[Pos]) {
        self.send(command);
        let own = moves.len() % 2;
        for (i, m) in moves.iter().enumerate() {
            let f = if i % 2 == own { 1 } else { 2 };
            self.send(&format!("{},{},{f}", m.x(), m.y()));
        }
        self.send("DONE");
    }

    /// Asks the engine to answer now.
    pub fn stop(&mut self) {
        self.send("YXSTOP");
    }

    /// Ends the engine.
    pub fn end(self) {
        self.link.end();
    }
}
