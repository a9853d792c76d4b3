//! One game on the web board: the page's requests (new game, a click, undo, redo, set-up, load,
//! save, analysis, an opening answer) checked and applied to the position the referee keeps, the
//! engines asked to move or to think as the seats and the mode say, their reports passed on, and
//! a crash or a silence reported while the game is kept. The session knows nothing of sockets:
//! text messages go in through [`Session::handle`], time through [`Session::tick`], and the
//! JSON messages for the page come out of [`Session::take_output`].

use super::game::{colour_name, read_game, Game, Who};
use super::human::Answer;
use super::link::Launch;
use super::opening::OpeningRun;
use super::player::{display_name, Ask, EnginePlayer};
use super::report::{self, Report};
use super::{parse_pos, pos_name, HANG_GRACE};
use crate::config::{EngineSpec, Limits};
use crate::opening_rule::{Opened, OpeningRule, Seat, Step};
use crate::record::{self, GameRecord};
use crate::reply::{is_noise, parse_xy};
use kakugo::board::{notation, Dims};
use kakugo::clock::Instant;
use kakugo::rules::{Color, Rule};
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;

/// The longest message the page may send (a loaded game included).
pub const MAX_MESSAGE: usize = 256 * 1024;
/// How long an engine asked to stop may take to answer before it is ended.
const STOP_GRACE: Duration = Duration::from_secs(3);
/// The most `YXNBEST` lines asked for.
const MAX_BEST: u32 = 10;
/// The board sizes the page may ask for.
const SIZES: std::ops::RangeInclusive<usize> = 5..=26;
/// The longest move or game time the page may set (ms): a day.
const MAX_CLOCK_MS: u64 = 86_400_000;

/// A request from the page.
#[derive(Debug, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
enum Request {
    /// A new game; under an opening rule `black` and `white` are the first and second player.
    New {
        rule: String,
        w: usize,
        h: usize,
        black: Option<usize>,
        white: Option<usize>,
        #[serde(default)]
        turn_ms: u64,
        #[serde(default)]
        match_ms: u64,
        #[serde(default)]
        opening: Option<String>,
    },
    /// A stone at `pos`; `edit` places it for whichever side is to move (set-up by clicking).
    Move {
        pos: String,
        #[serde(default)]
        edit: bool,
    },
    Undo {},
    Redo {},
    /// Let the engines move again (after an undo, a set-up or an engine failure).
    Go {},
    /// Ask the engine that thinks to answer now; ends an analysis.
    Stop {},
    /// A position in pos notation, in the order played.
    Setup {
        moves: String,
    },
    /// Analysis by that engine until stopped (`null`: off).
    Analyze {
        engine: Option<usize>,
    },
    /// The `n` best moves by that engine.
    Best {
        engine: usize,
        n: u32,
    },
    /// A game in PSQ or SGF.
    Load {
        text: String,
    },
    /// The game as `sgf` or `psq`.
    Save {
        format: String,
    },
    /// An answer to an opening question.
    Answer(Answer),
}

/// What an engine is doing for the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Work {
    Move,
    Analysis,
    Best(u32),
}

/// An engine at work.
struct Job {
    engine: usize,
    work: Work,
    colour: Color,
    started: Instant,
    /// When it counts as hanging.
    deadline: Option<Instant>,
    /// Asked to stop at this time; its answer is thrown away.
    stopping: Option<Instant>,
    report: Report,
    best: Vec<Report>,
}

/// One board's game and engines.
pub struct Session {
    specs: Vec<EngineSpec>,
    limits: Limits,
    players: Vec<Option<EnginePlayer>>,
    /// Why an engine stopped working, until the next Go or new game.
    failed: Vec<Option<String>>,
    /// Starts an engine: a process natively, an engine worker in the browser.
    launch: Launch,
    game: Game,
    job: Option<Job>,
    opening: Option<OpeningRun>,
    analysis: Option<usize>,
    /// A `YXNBEST` asked for and not yet started: the engine and `n`.
    best: Option<(usize, u32)>,
    notice: String,
    out: Vec<String>,
    dirty: bool,
}

impl Session {
    /// A session with the engines of the command line; the first game is freestyle 15×15,
    /// human against human, until the page asks for another.
    /// Engines are started by `launch`.
    pub fn new(
        specs: Vec<EngineSpec>,
        limits: Limits,
        rule: Rule,
        dims: Dims,
        launch: Launch,
    ) -> Session {
        let n = specs.len();
        let mut s = Session {
            specs,
            limits,
            players: (0..n).map(|_| None).collect(),
            failed: vec![None; n],
            launch,
            game: Game::new(rule, dims, [Who::Human, Who::Human], 0, 0),
            job: None,
            opening: None,
            analysis: None,
            best: None,
            notice: String::new(),
            out: Vec::new(),
            dirty: true,
        };
        s.hello();
        s
    }

    fn hello(&mut self) {
        let engines: Vec<Value> = self
            .specs
            .iter()
            .map(|s| json!({ "name": display_name(s) }))
            .collect();
        let rules: Vec<&str> = Rule::ALL.iter().map(|r| r.name()).collect();
        self.out.push(
            json!({
                "t": "hello",
                "engines": engines,
                "rules": rules,
                "sizes": [SIZES.start(), SIZES.end()],
                "version": env!("CARGO_PKG_VERSION"),
            })
            .to_string(),
        );
    }

    /// The messages for the page since the last call (the state first, if it changed).
    pub fn take_output(&mut self) -> Vec<String> {
        if self.dirty {
            self.dirty = false;
            let state = self.state();
            // The state first: a reply that follows it (a file, a report) finds it current.
            self.out.insert(0, state.to_string());
        }
        std::mem::take(&mut self.out)
    }

    /// Sends the hello and the whole state again (a page that reconnected).
    pub fn resend(&mut self) {
        self.hello();
        self.dirty = true;
    }

    fn error(&mut self, why: impl Into<String>) {
        self.out
            .push(json!({ "t": "error", "msg": why.into() }).to_string());
    }

    fn say(&mut self, what: impl Into<String>) {
        self.notice = what.into();
        self.dirty = true;
    }

    fn name_of(&self, who: Who) -> String {
        match who {
            Who::Human => "Human".into(),
            Who::Engine(i) => self.players[i]
                .as_ref()
                .map_or_else(|| display_name(&self.specs[i]), |p| p.name.clone()),
        }
    }

    /// Handles one message from the page: an error message for a bad one, the state unchanged.
    pub fn handle(&mut self, text: &str) {
        if text.len() > MAX_MESSAGE {
            return self.error(format!(
                "message too long ({} bytes, {MAX_MESSAGE} at most)",
                text.len()
            ));
        }
        let req: Request = match serde_json::from_str(text) {
            Ok(r) => r,
            Err(e) => return self.error(format!("bad message: {e}")),
        };
        if let Err(why) = self.apply(req) {
            self.error(why);
        }
        self.dirty = true;
    }

    fn engine_index(&self, i: Option<usize>) -> Result<Who, String> {
        match i {
            None => Ok(Who::Human),
            Some(i) if i < self.specs.len() => Ok(Who::Engine(i)),
            Some(i) => Err(format!("there is no engine {i}")),
        }
    }

    fn no_opening(&self) -> Result<(), String> {
        match self.opening {
            Some(_) => Err("the opening is being decided: answer it or start a new game".into()),
            None => Ok(()),
        }
    }

    fn apply(&mut self, req: Request) -> Result<(), String> {
        match req {
            Request::New {
                rule,
                w,
                h,
                black,
                white,
                turn_ms,
                match_ms,
                opening,
            } => {
                let rule =
                    Rule::from_name(&rule).ok_or_else(|| format!("unknown rule {rule:?}"))?;
                if !SIZES.contains(&w) || !SIZES.contains(&h) {
                    return Err(format!(
                        "board {w}x{h}: sides from {} to {}",
                        SIZES.start(),
                        SIZES.end()
                    ));
                }
                let dims =
                    Dims::new(w, h).ok_or_else(|| format!("board {w}x{h} is not playable"))?;
                let seats = [self.engine_index(black)?, self.engine_index(white)?];
                if turn_ms > MAX_CLOCK_MS || match_ms > MAX_CLOCK_MS {
                    return Err("a clock may be a day at most".into());
                }
                let orule = OpeningRule::from_name(opening.as_deref().unwrap_or("none"))
                    .ok_or("unknown opening rule")?;
                match (orule, rule) {
                    (OpeningRule::Soosorv8 | OpeningRule::Rif, r) if r != Rule::Renju => {
                        return Err(format!("{} is a renju opening rule", orule.name()))
                    }
                    (OpeningRule::Swap2, Rule::Renju) => {
                        return Err("Swap2 is played in freestyle, standard or caro".into())
                    }
                    (OpeningRule::None, _) => {}
                    _ if dims.w != 15 || dims.h != 15 => {
                        return Err("opening rules are played on 15x15".into())
                    }
                    _ => {}
                }
                self.end_opening();
                self.halt();
                self.analysis = None;
                self.failed.iter_mut().for_each(|f| *f = None);
                self.game = Game::new(rule, dims, seats, turn_ms, match_ms);
                self.game.opening_rule = orule;
                self.say("");
                if orule != OpeningRule::None {
                    self.begin_opening(orule, seats);
                }
                Ok(())
            }
            Request::Move { pos, edit } => {
                self.no_opening()?;
                let p = parse_pos(&pos, self.game.dims)?;
                if self.game.result.is_some() {
                    return Err("the game is over: undo, or start a new game".into());
                }
                let c = self.game.to_move();
                let free = edit || self.analysis.is_some();
                if !free && self.game.seats[c.index()] != Who::Human {
                    return Err(format!(
                        "it is {}'s move",
                        self.name_of(self.game.seats[c.index()])
                    ));
                }
                let ms = self.game.since.elapsed().as_millis() as u64;
                self.game.play(p, ms, colour_name(c))?;
                self.game.redo.clear();
                self.game.paused = edit;
                self.halt();
                Ok(())
            }
            Request::Undo {} => {
                self.no_opening()?;
                if !self.game.undo_one() {
                    return Err("nothing to undo".into());
                }
                let c = self.game.to_move();
                let human = self.game.seats.contains(&Who::Human);
                if human && self.analysis.is_none() && self.game.seats[c.index()] != Who::Human {
                    self.game.undo_one();
                }
                self.game.paused = true;
                self.halt();
                Ok(())
            }
            Request::Redo {} => {
                self.no_opening()?;
                let (p, ms) = self.game.redo.pop().ok_or("nothing to redo")?;
                let by = colour_name(self.game.to_move());
                let redo = std::mem::take(&mut self.game.redo);
                let r = self.game.play(p, ms, by);
                self.game.redo = redo;
                r?;
                self.game.paused = true;
                self.halt();
                Ok(())
            }
            Request::Go {} => {
                self.no_opening()?;
                self.game.paused = false;
                self.failed.iter_mut().for_each(|f| *f = None);
                self.say("");
                Ok(())
            }
            Request::Stop {} => {
                self.analysis = None;
                match &mut self.job {
                    Some(job) if job.stopping.is_none() => {
                        if job.work != Work::Move {
                            job.stopping = Some(Instant::now());
                        }
                        let i = job.engine;
                        if let Some(p) = self.players[i].as_mut() {
                            p.stop();
                        }
                        Ok(())
                    }
                    _ => Ok(()),
                }
            }
            Request::Setup { moves } => {
                self.no_opening()?;
                let moves = notation::parse_moves(&moves, self.game.dims)?;
                let dims = self.game.dims;
                self.game.set_position(dims, &moves)?;
                self.halt();
                Ok(())
            }
            Request::Analyze { engine } => {
                self.no_opening()?;
                if let Some(i) = engine {
                    self.engine_index(Some(i))?;
                    self.failed[i] = None;
                }
                self.analysis = engine;
                self.halt();
                Ok(())
            }
            Request::Best { engine, n } => {
                self.no_opening()?;
                self.engine_index(Some(engine))?;
                if !(1..=MAX_BEST).contains(&n) {
                    return Err(format!("best moves: 1 to {MAX_BEST}"));
                }
                if self.game.result.is_some() {
                    return Err("the game is over".into());
                }
                self.analysis = None;
                self.halt();
                self.failed[engine] = None;
                self.game.paused = true;
                // Started once the engine at work (if any) has let go of the position.
                self.best = Some((engine, n));
                Ok(())
            }
            Request::Load { text } => {
                self.no_opening()?;
                let (dims, moves, rule) = read_game(&text)?;
                if !SIZES.contains(&dims.w) || !SIZES.contains(&dims.h) {
                    return Err(format!(
                        "board {}x{}: sides from {} to {} here",
                        dims.w,
                        dims.h,
                        SIZES.start(),
                        SIZES.end()
                    ));
                }
                let keep = self.game.rule;
                self.game.rule = rule.unwrap_or(keep);
                if let Err(e) = self.game.set_position(dims, &moves) {
                    self.game.rule = keep;
                    return Err(e);
                }
                self.halt();
                Ok(())
            }
            Request::Save { format } => {
                let rec = self.record();
                let (text, ext) = match format.as_str() {
                    "sgf" => (record::to_sgf(&rec), "sgf"),
                    "psq" => (record::to_psq(&rec), "psq"),
                    other => return Err(format!("unknown format {other:?} (sgf or psq)")),
                };
                self.out.push(
                    json!({ "t": "file", "name": format!("kakugo-game.{ext}"), "text": text })
                        .to_string(),
                );
                Ok(())
            }
            Request::Answer(a) => {
                let run = self.opening.as_mut().ok_or("no opening question is open")?;
                run.answer(&a)
            }
        }
    }

    /// The game as a record for the writers.
    fn record(&self) -> GameRecord {
        let g = &self.game;
        GameRecord {
            names: [self.name_of(g.seats[0]), self.name_of(g.seats[1])],
            rule: g.rule,
            dims: g.dims,
            moves: g
                .board
                .history()
                .iter()
                .zip(g.times.iter().chain(std::iter::repeat(&0)))
                .map(|(&p, &ms)| (p, ms))
                .collect(),
            opening_len: g.opening_len,
            opening_rule: g.opening_rule,
            steps: g.steps.clone(),
            first_black: g.first_black,
            winner: g.result.as_ref().and_then(|r| r.0),
            reason: g.result.as_ref().map(|r| r.1.clone()).unwrap_or_default(),
            interrupted: false,
        }
    }

    /// Stops what an engine is doing for a position that changed: its answer will be dropped.
    fn halt(&mut self) {
        self.best = None;
        if let Some(job) = &mut self.job {
            if job.stopping.is_none() {
                job.stopping = Some(Instant::now());
                if let Some(p) = self.players[job.engine].as_mut() {
                    p.stop();
                }
            }
        }
        self.dirty = true;
    }

    /// Makes sure engine `i` runs and holds this board, with no answer of an earlier job still
    /// to come: true once it does, false while its answers to `ABOUT` and `START` (or to a
    /// search it was told to stop) are still on their way; says why it cannot. An engine whose
    /// stopped search gives no answer within [`STOP_GRACE`] is ended and started afresh.
    fn ready(&mut self, i: usize) -> Result<bool, String> {
        let now = Instant::now();
        if let Some(job) = self.job.as_mut().filter(|j| j.engine == i) {
            // Its answer is not to be read as the reply to what the engine is asked next (a
            // new game's opening step took a halted move's `6,6` for its answer).
            let told = job.stopping.is_some();
            let asked = *job.stopping.get_or_insert(now);
            self.job = None;
            if let Some(p) = self.players[i].as_mut() {
                if !told {
                    p.stop();
                }
                p.drop_answer(asked + STOP_GRACE);
            }
        }
        if self.players[i].as_ref().is_some_and(|p| p.overdue(now)) {
            if let Some(p) = self.players[i].take() {
                p.end();
            }
        }
        let (dims, rule) = (self.game.dims, self.game.rule);
        if self.players[i].is_none() {
            let p = EnginePlayer::launch(&self.specs[i], &self.limits, &mut self.launch)?;
            self.players[i] = Some(p);
        }
        let p = self.players[i].as_mut().expect("launched");
        if !p.plays(dims, rule) {
            p.new_game(dims, rule, &self.specs[i], &self.limits);
        }
        while !p.is_ready() {
            match p.next(now) {
                None => return Ok(false),
                Some(Err(why)) => return Err(why),
                Some(Ok(_)) => {}
            }
        }
        // Lines left from an earlier request are not answers to this one.
        while let Some(Ok(_)) = p.next(now) {}
        Ok(true)
    }

    fn fail(&mut self, i: usize, why: String) {
        if let Some(p) = self.players[i].take() {
            p.end();
        }
        let name = self.name_of(Who::Engine(i));
        let text = format!("{name} {why}. The game is kept: press Go to try the engine again, or change the players.");
        self.failed[i] = Some(text.clone());
        self.game.paused = true;
        if self.analysis == Some(i) {
            self.analysis = None;
        }
        self.out
            .push(json!({ "t": "failure", "engine": i, "msg": text.clone() }).to_string());
        self.say(text);
    }

    /// Starts engine `i` on `work`, or marks it failed; false while the engine is not ready
    /// yet (the next tick tries again).
    fn start_job(&mut self, i: usize, work: Work) -> bool {
        match self.ready(i) {
            Err(why) => {
                self.fail(i, why);
                return true;
            }
            Ok(false) => return false,
            Ok(true) => {}
        }
        let g = &self.game;
        let c = g.to_move();
        let left = g.match_ms.saturating_sub(g.used[c.index()]);
        let ask = match work {
            Work::Move => Ask::Move {
                turn_ms: g.turn_ms,
                match_ms: g.match_ms,
                left_ms: if g.match_ms > 0 { left } else { 2_147_483_647 },
            },
            Work::Analysis => Ask::Analysis,
            Work::Best(n) => Ask::Best(n),
        };
        let limit = match (work, g.turn_ms, g.match_ms) {
            (Work::Analysis, _, _) | (_, 0, 0) => None,
            (Work::Best(_), _, _) => Some(self.limits.turn_ms.max(1000) * u64::from(MAX_BEST)),
            (_, 0, _) => Some(left),
            (_, t, 0) => Some(t),
            (_, t, _) => Some(t.min(left)),
        };
        let now = Instant::now();
        let deadline =
            limit.map(|ms| now + Duration::from_millis(ms + self.limits.tolerance_ms) + HANG_GRACE);
        let moves = g.board.history().to_vec();
        let p = self.players[i].as_mut().expect("ready");
        if let Err(why) = p.think(&moves, ask, &self.specs[i], &self.limits) {
            self.fail(i, why);
            return true;
        }
        self.job = Some(Job {
            engine: i,
            work,
            colour: c,
            started: now,
            deadline,
            stopping: None,
            report: Report::default(),
            best: Vec::new(),
        });
        self.dirty = true;
        true
    }

    /// Moves time on: reads what the engines said, notices silences, starts the next job.
    pub fn tick(&mut self) {
        self.poll_opening();
        self.poll_job();
        if self.job.is_some() || self.opening.is_some() {
            return;
        }
        if let Some((i, n)) = self.best {
            if self.game.result.is_some() || self.start_job(i, Work::Best(n)) {
                self.best = None;
            }
            return;
        }
        if let Some(i) = self.analysis {
            if self.game.result.is_none() && self.failed[i].is_none() {
                self.start_job(i, Work::Analysis);
            }
            return;
        }
        let g = &self.game;
        if g.result.is_some() || g.paused {
            return;
        }
        if let Who::Engine(i) = g.seats[g.to_move().index()] {
            if self.failed[i].is_none() {
                self.start_job(i, Work::Move);
            }
        }
    }

    fn poll_job(&mut self) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let i = job.engine;
        let Some(player) = self.players[i].as_mut() else {
            self.job = None;
            return;
        };
        let now = Instant::now();
        let mut answer = None;
        let mut failure = None;
        let mut reports = Vec::new();
        while let Some(r) = player.next(now) {
            match r {
                // Suggestions and the `INFO …` detail lines some engines write are no answer.
                Ok(line)
                    if ["SUGGEST", "INFO "]
                        .iter()
                        .any(|p| line.to_ascii_uppercase().starts_with(p)) => {}
                Ok(line) if is_noise(&line) => {
                    if let Some(rep) = report::parse(&line, self.game.dims) {
                        reports.push(rep);
                    }
                }
                Ok(line) => {
                    answer = Some(line);
                    break;
                }
                Err(why) => {
                    failure = Some(why);
                    break;
                }
            }
        }
        let ms = now.duration_since(job.started).as_millis() as u64;
        if job.stopping.is_none() {
            for rep in reports {
                match (job.work, rep.multipv) {
                    (Work::Best(_), Some(k)) => {
                        job.best.retain(|b| b.multipv != Some(k));
                        job.best.push(rep);
                        let lines = job.best.clone();
                        self.out
                            .push(json!({ "t": "best", "engine": i, "lines": lines }).to_string());
                    }
                    _ => {
                        job.report.merge(rep);
                        let mut shown = job.report.clone();
                        if shown.ms.is_none() || job.work != Work::Move {
                            shown.ms = Some(ms);
                        }
                        self.out.push(
                            json!({
                                "t": "report",
                                "engine": i,
                                "colour": colour_name(job.colour),
                                "ply": self.game.board.stone_count(),
                                "report": shown,
                            })
                            .to_string(),
                        );
                    }
                }
            }
        }
        if let Some(why) = failure {
            self.job = None;
            return self.fail(i, why);
        }
        let job = self.job.as_ref().expect("still there");
        if let Some(line) = answer {
            let job = self.job.take().expect("still there");
            if job.stopping.is_some() || job.work != Work::Move {
                self.dirty = true;
                return;
            }
            return self.engine_moved(i, &line, ms);
        }
        let late_stop = job.stopping.is_some_and(|t| now > t + STOP_GRACE);
        if late_stop || job.deadline.is_some_and(|d| now > d) {
            let secs = ms as f64 / 1000.0;
            self.job = None;
            self.fail(i, format!("gave no answer in {secs:.1} s and was stopped"));
        }
    }

    fn engine_moved(&mut self, i: usize, line: &str, ms: u64) {
        let name = self.name_of(Who::Engine(i));
        let c = self.game.to_move();
        let cell = parse_xy(line).and_then(|(x, y)| self.game.dims.pos(x, y));
        let result = match cell {
            None => Err(format!("answered {line:?}, not a move on the board")),
            Some(p) => self
                .game
                .play(p, ms, &name)
                .map_err(|e| format!("played {e}")),
        };
        if let Err(why) = result {
            self.game.result = Some((Some(c.opp()), format!("{name} {why}")));
        }
        self.dirty = true;
    }

    fn begin_opening(&mut self, rule: OpeningRule, seats: [Who; 2]) {
        let (dims, game_rule) = (self.game.dims, self.game.rule);
        self.opening = Some(OpeningRun::start(rule, seats, game_rule, dims));
    }

    /// Stops an opening in progress; an engine deciding is ended (started afresh when next
    /// needed: whatever it was deciding is no answer to anything).
    fn end_opening(&mut self) {
        if let Some(i) = self.opening.take().and_then(|run| run.engine_asked()) {
            if let Some(p) = self.players[i].take() {
                p.end();
            }
        }
    }

    /// Moves the opening on: puts its open question to the seat, hands over the answers that
    /// have come, and ends it once decided.
    fn poll_opening(&mut self) {
        let Some(mut run) = self.opening.take() else {
            return;
        };
        loop {
            if let Some(opened) = run.turns.opened() {
                let opened = opened.clone();
                self.dirty = true;
                return self.finish_opening(run.rule, run.seats, opened);
            }
            if let Some((_, who)) = run.unput() {
                match who {
                    Who::Human => run.ask_person(),
                    Who::Engine(i) => match self.ready(i) {
                        Err(why) => return self.fail(i, why),
                        Ok(false) => break,
                        Ok(true) => {
                            let p = self.players[i].as_mut().expect("ready");
                            run.ask_engine(p, &self.limits, self.game.turn_ms);
                        }
                    },
                }
                self.dirty = true;
                continue;
            }
            let Some(i) = run.engine_asked() else {
                // A person is asked: the answer comes with a message.
                break;
            };
            let Some(p) = self.players[i].as_mut() else {
                run.turns.fail("crashed");
                continue;
            };
            if !run.hear_engine(p) {
                break;
            }
            self.dirty = true;
        }
        self.opening = Some(run);
    }

    fn finish_opening(&mut self, rule: OpeningRule, seats: [Who; 2], o: Opened) {
        let black = o.black;
        let g = &mut self.game;
        g.seats = match black {
            Seat::First => seats,
            Seat::Second => [seats[1], seats[0]],
        };
        g.first_black = black == Seat::First;
        g.opening_rule = rule;
        for &p in &o.stones {
            g.board.make(p);
            g.times.push(0);
        }
        g.opening_len = o.stones.len();
        g.steps = o.steps;
        g.since = Instant::now();
        if let Some((seat, why)) = o.fault {
            let who = seats[seat.index()];
            let c = if seat == black {
                Color::Black
            } else {
                Color::White
            };
            let name = self.name_of(who);
            self.game.result = Some((Some(c.opp()), format!("{name} {why}")));
            // An engine that lost the opening (silent, crashed, or answering wrongly) may still
            // be thinking or be gone: it is started afresh when next needed.
            if let Who::Engine(i) = who {
                if let Some(p) = self.players[i].take() {
                    p.end();
                }
            }
        }
        self.dirty = true;
    }

    /// The whole state for the page.
    fn state(&mut self) -> Value {
        let forbidden = self.game.forbidden();
        let g = &self.game;
        let seat_json = |s: &Session, w: Who| match w {
            Who::Human => json!({ "kind": "human", "name": "Human" }),
            Who::Engine(i) => json!({ "kind": "engine", "index": i, "name": s.name_of(w) }),
        };
        let thinking = self.job.as_ref().map(|j| {
            json!({
                "engine": j.engine,
                "name": self.name_of(Who::Engine(j.engine)),
                "work": match j.work { Work::Move => "move", Work::Analysis => "analysis", Work::Best(_) => "best" },
                "stopping": j.stopping.is_some(),
            })
        });
        let opening = self.opening.as_ref().map(|run| {
            json!({
                "rule": run.rule.name(),
                "first": seat_json(self, run.seats[0]),
                "second": seat_json(self, run.seats[1]),
                "stones": run.shown.iter().map(|&p| pos_name(p)).collect::<Vec<_>>(),
                "prompt": run.prompt.as_ref().map(|(seat, p)| json!({ "seat": seat.name(), "question": p })),
                "deciding": run.deciding.map(|s| json!({ "seat": s.name(), "name": self.name_of(run.seats[s.index()]) })),
            })
        });
        let engines: Vec<Value> = (0..self.specs.len())
            .map(|i| json!({ "name": self.name_of(Who::Engine(i)), "failed": self.failed[i] }))
            .collect();
        json!({
            "t": "state",
            "rule": g.rule.name(),
            "w": g.dims.w,
            "h": g.dims.h,
            "moves": g.board.history().iter().map(|&p| pos_name(p)).collect::<Vec<_>>(),
            "times": g.times,
            "redo": g.redo.len(),
            "to_move": colour_name(g.to_move()),
            "seats": [seat_json(self, g.seats[0]), seat_json(self, g.seats[1])],
            "turn_ms": g.turn_ms,
            "match_ms": g.match_ms,
            "used": g.used,
            "result": g.result.as_ref().map(|(w, why)| json!({ "winner": w.map(colour_name), "reason": why })),
            "forbidden": forbidden,
            "paused": g.paused,
            "analysis": self.analysis,
            "thinking": thinking,
            "opening_rule": g.opening_rule.name(),
            "opening_len": g.opening_len,
            "steps": g.steps.iter().map(Step::text).collect::<Vec<_>>(),
            "opening": opening,
            "engines": engines,
            "notice": self.notice,
        })
    }

    /// Ends every engine (the page is gone for good).
    pub fn close(mut self) {
        self.end_opening();
        for p in self.players.iter_mut().filter_map(Option::take) {
            p.end();
        }
    }
}
