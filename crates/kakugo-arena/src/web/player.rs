//! An engine at the web board: started on first use, given the board size and rule when they
//! change, asked to move, to analyse without end or for its best few moves, and stopped with
//! `YXSTOP`. The position is always sent whole (`BOARD`, or `START` and `BEGIN` on an empty
//! board), so undo, redo and set-up need no protocol of their own.

use super::super::config::{EngineSpec, Limits};
use super::super::engine::{about_name, Engine, END_GRACE};
use kakugo::board::{Dims, Pos};
use kakugo::rules::Rule;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

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

/// A started engine.
pub struct EnginePlayer {
    /// The process.
    pub engine: Engine,
    /// Its name (the `name=` given, else its ABOUT name, else the command).
    pub name: String,
    /// The board size and rule it was last given.
    game: Option<(Dims, Rule)>,
}

/// The name shown for an engine before it has started.
pub fn display_name(spec: &EngineSpec) -> String {
    spec.name.clone().unwrap_or_else(|| {
        let first = spec.cmd.split_whitespace().next().unwrap_or("engine");
        first.rsplit('/').next().unwrap_or(first).to_string()
    })
}

impl EnginePlayer {
    /// Starts the engine and asks its name, within the start-up time.
    pub fn launch(
        spec: &EngineSpec,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Result<EnginePlayer, String> {
        let mut engine = Engine::spawn(&spec.cmd).map_err(|e| format!("cannot start: {e}"))?;
        let deadline = Some(Instant::now() + Duration::from_millis(limits.startup_ms));
        let about = engine.about(deadline, stop)?;
        let name = spec
            .name
            .clone()
            .or_else(|| about_name(&about))
            .unwrap_or_else(|| display_name(spec));
        Ok(EnginePlayer {
            engine,
            name,
            game: None,
        })
    }

    /// Gives the engine a new empty board of `dims` under `rule` (`START`, then the settings) and
    /// waits for its `OK`.
    pub fn new_game(
        &mut self,
        dims: Dims,
        rule: Rule,
        spec: &EngineSpec,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Result<(), String> {
        let deadline = Some(Instant::now() + Duration::from_millis(limits.startup_ms));
        self.engine.start_board(dims, deadline, stop)?;
        self.engine
            .send(&format!("INFO max_memory {}", limits.max_memory));
        self.engine.send(&format!("INFO rule {}", rule.info_code()));
        self.engine
            .send(&format!("INFO game_type {}", limits.game_type));
        // Realtime lines (1) and a report after every iteration (2), as Rapfi counts them.
        self.engine.send("INFO show_detail 3");
        for kv in &spec.info {
            self.engine.send(&format!("INFO {kv}"));
        }
        self.game = Some((dims, rule));
        Ok(())
    }

    /// Whether the engine holds a board of this size and rule.
    pub fn plays(&self, dims: Dims, rule: Rule) -> bool {
        self.game == Some((dims, rule))
    }

    /// Forgets which board the engine holds: the next request starts a new game.
    pub fn forget_game(&mut self) {
        self.game = None;
    }

    /// Sends the position `moves` and asks for `ask`; the answers arrive as lines.
    pub fn think(
        &mut self,
        moves: &[Pos],
        ask: Ask,
        spec: &EngineSpec,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Result<(), String> {
        let (dims, rule) = self.game.ok_or("the engine has no board")?;
        if moves.is_empty() {
            self.new_game(dims, rule, spec, limits, stop)?;
        }
        let (turn, total, left) = match ask {
            Ask::Move {
                turn_ms,
                match_ms,
                left_ms,
            } => (turn_ms, match_ms, left_ms),
            Ask::Analysis | Ask::Best(_) => (ANALYSIS_MS, 0, 2_147_483_647),
        };
        self.engine.send(&format!("INFO timeout_turn {turn}"));
        self.engine.send(&format!("INFO timeout_match {total}"));
        self.engine.send(&format!("INFO time_left {left}"));
        if let Ask::Best(n) = ask {
            self.engine
                .send(&format!("INFO timeout_turn {}", limits.turn_ms.max(1000)));
            self.send_position("YXBOARD", moves);
            self.engine.send(&format!("YXNBEST {n}"));
        } else if moves.is_empty() {
            self.engine.send("BEGIN");
        } else {
            self.send_position("BOARD", moves);
        }
        Ok(())
    }

    /// A position block: the side to move's stones are 1, the others 2.
    fn send_position(&mut self, command: &str, moves: &[Pos]) {
        self.engine.send(command);
        let own = moves.len() % 2;
        for (i, m) in moves.iter().enumerate() {
            let f = if i % 2 == own { 1 } else { 2 };
            self.engine.send(&format!("{},{},{f}", m.x(), m.y()));
        }
        self.engine.send("DONE");
    }

    /// Asks the engine to answer now.
    pub fn stop(&mut self) {
        self.engine.send("YXSTOP");
    }

    /// Ends the engine (END, a short grace, then the whole process group killed).
    pub fn end(mut self) {
        self.engine.send_end();
        self.engine.finish(Instant::now() + END_GRACE);
    }
}
