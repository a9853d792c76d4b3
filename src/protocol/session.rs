//! The engine's state between commands — settings, the position, blocked squares, an open block —
//! and the handling of every command that does not think. Thinking commands are in `think.rs`.
//!
//! Every command either succeeds or leaves the state exactly as it was and answers one `ERROR`
//! line: positions are built aside and swapped in only when complete.

use super::block::{Block, BlockKind, Setup};
use super::command::{self, Command, ParseError};
use super::config;
use super::machine::Machine;
use super::output::Output;
use super::reader::{exit_now, Control, Line};
use super::settings::Settings;
use super::table::TableMaker;
use crate::board::{Board, Dims, Pos};
use crate::clock::Instant;
use crate::search::Searcher;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The `ABOUT` line, made by `build.rs`: the version is the package's with the git commit it
/// was built from; author, country and home page come from `Cargo.toml`
/// (`[package.metadata.about]`).
pub const ABOUT: &str = env!("KAKUGO_ABOUT");

/// Board size used to read a block that arrives before any `START`.
const FALLBACK_SIDE: usize = 15;

/// Everything the worker keeps between commands.
pub struct Session {
    pub(super) out: Output,
    pub(super) control: Arc<Control>,
    pub(super) settings: Settings,
    /// The position (`None` before the first `START`).
    pub(super) board: Option<Board>,
    /// Cells marked 3 by the last `BOARD`/`YXBOARD`: no stone goes there (`TURN` and `PLAY` are
    /// refused, the brain never answers one), until the next position.
    pub(super) blocked: Vec<Pos>,
    /// Cells excluded from the root moves by `YXBLOCK`: kept through `START` and `BOARD` (the GUI
    /// sends both before every request) until `YXBLOCKUNDO` or `YXBLOCKRESET`.
    pub(super) block_moves: Vec<Pos>,
    /// An open `BOARD`/`YXBOARD`/`SWAP2BOARD` block.
    block: Option<Block>,
    pub(super) searcher: Searcher,
    /// Threads last given to the searcher.
    pub(super) applied_threads: usize,
    /// The next hash table, made off the clock.
    pub(super) tables: TableMaker,
    /// `MESSAGE` texts waiting for the first command that is not `INFO`.
    pub(super) notes: Vec<String>,
    /// The `max_memory` last said to be too small (0: none).
    pub(super) warned_memory: u64,
    /// Whether a thinking command has been answered (see [`Session::clock_start`]).
    pub(super) answered: bool,
}

impl Session {
    /// A session writing to `out`, sharing stop flags with the reader.
    pub fn new(out: Output, control: Arc<Control>) -> Session {
        Session {
            out,
            control,
            settings: Settings::default(),
            board: None,
            blocked: Vec::new(),
            block_moves: Vec::new(),
            block: None,
            searcher: Searcher::new(),
            applied_threads: 0,
            tables: TableMaker::default(),
            notes: Vec::new(),
            warned_memory: 0,
            answered: false,
        }
        .on(Machine::read())
    }

    /// The session held to `machine`.
    pub fn on(mut self, machine: Machine) -> Session {
        self.settings.machine = machine;
        self
    }

    /// Reads the config file next to the executable (see `config.rs`); what it says is written
    /// before the answer to the first command that is not `INFO`.
    pub fn load_config(&mut self) {
        if let Some(path) = config::path() {
            let notes = config::load(&path, &mut self.settings);
            self.notes.extend(notes);
        }
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &Line) {
        if !self.notes.is_empty() && command::split_word(&line.text).0 != "INFO" {
            for note in std::mem::take(&mut self.notes) {
                self.out.message(&note);
            }
        }
        if let Some(block) = self.block.as_mut() {
            let (word, _) = command::split_word(&line.text);
            if word == "DONE" {
                let block = self.block.take().expect("open block");
                self.finish_block(block, line);
                return;
            }
            if !command::starts_with_command(&line.text) {
                block.push(&line.text);
                return;
            }
            let name = block.kind.name();
            self.block = None;
            self.out.error(&format!("{name}: no DONE before {word}"));
        }
        match command::parse(&line.text) {
            Ok(cmd) => self.dispatch(cmd, line),
            Err(ParseError::Unknown) => self
                .out
                .line(&format!("UNKNOWN {}", command::clip(&line.text))),
            Err(ParseError::Bad(why)) => self.out.error(&why),
        }
    }

    /// Forgets an open block (after an internal error).
    pub fn reset_block(&mut self) {
        self.block = None;
    }

    fn dispatch(&mut self, cmd: Command, line: &Line) {
        match cmd {
            Command::Start(w, h) | Command::RectStart(w, h) => self.start(w, h),
            Command::Restart => match self.board.as_ref() {
                Some(b) => self.new_game(b.dims()),
                None => self.out.error("RESTART before START"),
            },
            Command::Begin => self.begin(line),
            Command::Turn(x, y) => self.turn(x, y, line),
            Command::Board => self.open_block(BlockKind::Board),
            Command::YxBoard => self.open_block(BlockKind::YxBoard),
            Command::Swap2Board => self.open_block(BlockKind::Swap2),
            Command::Done => self.out.error("DONE without a block"),
            Command::Info(k, v) => self.info(&k, &v),
            Command::End => exit_now(&self.control, &self.out),
            Command::About => self.out.line(ABOUT),
            Command::Takeback(x, y) => self.takeback(x, y),
            Command::Play(x, y) => self.play(x, y),
            Command::Stop => {}
            Command::YxShowForbid => self.show_forbid(),
            Command::YxHashClear => {
                self.searcher.clear();
                self.tables.forget();
            }
            Command::YxNBest(n) => self.nbest(n as usize, line),
            Command::YxShowInfo => self.show_info(),
            Command::YxBlock => self.open_block(BlockKind::YxBlock),
            Command::YxBlockUndo => self.open_block(BlockKind::YxBlockUndo),
            Command::YxBlockReset => self.block_moves.clear(),
            Command::YxBalance(n, target) => self.balance(n, target, line),
            Command::YxSearchDefend => self.search_defend(line),
            Command::YxBlockPath(undo) => self.open_block(BlockKind::BlockPath(undo)),
            Command::YxSwap2Step(step) => self.swap2_step(step, line),
            Command::YxSoosorvStep(1, _) => self.soosorv_open(line),
            Command::YxSoosorvStep(step, Ok(n)) => self.open_block(BlockKind::Soosorv(step, n)),
            Command::YxSoosorvStep(step, Err(why)) => {
                let kind = BlockKind::Soosorv(step, 0);
                self.block = Some(Block::failed(kind, self.block_dims(), why));
            }
            Command::YxQueryDatabaseAll => self.open_block(BlockKind::Database),
        }
    }

    fn start(&mut self, w: i64, h: i64) {
        let dims = usize::try_from(w)
            .ok()
            .zip(usize::try_from(h).ok())
            .and_then(|(w, h)| Dims::new(w, h));
        match dims {
            Some(d) => self.new_game(d),
            None => self.out.error(&format!(
                "unsupported board size {}x{} (5 to 32)",
                command::clip(&w.to_string()),
                command::clip(&h.to_string())
            )),
        }
    }

    fn new_game(&mut self, dims: Dims) {
        self.board = Some(Board::new(self.settings.rule, dims));
        self.blocked.clear();
        self.searcher.new_game();
        // Make the solvers' and evaluation's tables now: START's time does not count against
        // the first move. The hash table is left to the `INFO` lines that follow `START` (and
        // to the first move): made now with the default limits, a table that a lower
        // `max_memory` sent next replaces would pass that limit at the peak.
        self.prepare(None);
        if !self
            .control
            .ending()
            .load(std::sync::atomic::Ordering::SeqCst)
        {
            self.searcher.warm();
        }
        self.out.line("OK");
    }

    /// The board, or an `ERROR` if there is none yet.
    pub(super) fn need_board(&mut self, cmd: &str) -> Option<&mut Board> {
        if self.board.is_none() {
            self.out.error(&format!("{cmd} before START"));
        }
        self.board.as_mut()
    }

    /// The cell at (x, y) if a stone may go there (empty, and not blocked by `BOARD`'s field
    /// 3), or an `ERROR` naming `cmd`.
    fn empty_cell(&mut self, cmd: &str, x: i64, y: i64) -> Option<Pos> {
        let b = self.need_board(cmd)?;
        let why = match b.dims().pos(x, y) {
            Some(p) if !b.is_empty(p) => "is occupied",
            Some(p) if self.blocked.contains(&p) => "is blocked",
            Some(p) => return Some(p),
            None => "is off the board",
        };
        self.out.error(&format!("{cmd}: {x},{y} {why}"));
        None
    }

    /// Whether a stone may still be played: some empty cell is not blocked by `BOARD`'s field 3.
    pub(super) fn open_cell_left(&self) -> bool {
        self.board.as_ref().is_some_and(|b| {
            b.dims()
                .cells()
                .any(|p| b.is_empty(p) && !self.blocked.contains(&p))
        })
    }

    fn begin(&mut self, line: &Line) {
        let Some(b) = self.need_board("BEGIN") else {
            return;
        };
        if b.stone_count() > 0 {
            self.out.error("BEGIN: the board is not empty");
            return;
        }
        self.answer(line);
    }

    fn turn(&mut self, x: i64, y: i64, line: &Line) {
        if let Some(p) = self.empty_cell("TURN", x, y) {
            self.board.as_mut().expect("board").make(p);
            self.answer(line);
        }
    }

    fn play(&mut self, x: i64, y: i64) {
        if let Some(p) = self.empty_cell("PLAY", x, y) {
            self.board.as_mut().expect("board").make(p);
            self.out.line(&format!("{x},{y}"));
        }
    }

    fn takeback(&mut self, x: i64, y: i64) {
        let Some(b) = self.need_board("TAKEBACK") else {
            return;
        };
        let last = b.history().last().copied().filter(|p| !p.is_none());
        if last.is_some() && b.dims().pos(x, y) == last {
            b.unmake();
            self.out.line("OK");
        } else {
            self.out
                .error(&format!("TAKEBACK: {x},{y} is not the last move"));
        }
    }

    /// The board's size, or the fallback size before any `START`.
    pub(super) fn block_dims(&self) -> Dims {
        self.board
            .as_ref()
            .map_or(Dims::square(FALLBACK_SIDE).expect("size"), Board::dims)
    }

    fn open_block(&mut self, kind: BlockKind) {
        self.block = Some(Block::new(kind, self.block_dims()));
    }

    fn finish_block(&mut self, block: Block, line: &Line) {
        let kind = block.kind;
        if let BlockKind::BlockPath(_) = kind {
            // Read whole so that its lines do not each get an UNKNOWN.
            self.out.line(&format!("UNKNOWN {}", kind.name()));
            return;
        }
        match kind {
            // Yixin-Board's show_database traffic: nothing to answer.
            BlockKind::Database => return,
            BlockKind::Soosorv(step, n) => return self.soosorv_step(step, n, block, line),
            _ => {}
        }
        let Some(dims) = self.board.as_ref().map(Board::dims) else {
            self.out.error(&format!("{} before START", kind.name()));
            return;
        };
        if matches!(kind, BlockKind::YxBlock | BlockKind::YxBlockUndo) {
            match block.cells(dims) {
                Err(why) => self.out.error(&why),
                Ok(cells) if kind == BlockKind::YxBlock => {
                    for p in cells {
                        if !self.block_moves.contains(&p) {
                            self.block_moves.push(p);
                        }
                    }
                }
                Ok(cells) => self.block_moves.retain(|p| !cells.contains(p)),
            }
            return;
        }
        match block.finish(self.settings.rule, dims) {
            Err(why) => self.out.error(&why),
            Ok(Setup { board, blocked }) => {
                self.board = Some(board);
                self.blocked = blocked;
                match kind {
                    BlockKind::Board => self.answer(line),
                    BlockKind::Swap2 => self.swap2(line),
                    _ => {}
                }
            }
        }
    }

    fn info(&mut self, key: &str, value: &str) {
        let old = self.settings.rule;
        self.settings.apply(key, value);
        // The limits hold from now on, not from the next move (Piskvork and GomocupJudge send
        // `max_memory` after `START`): solver tables of the new size, made now if a game is on,
        // and the table the new settings ask for, started (a larger one than they allow given up).
        let ending = self
            .control
            .ending()
            .load(std::sync::atomic::Ordering::SeqCst);
        if self.apply_limits() && self.board.is_some() && !ending {
            self.searcher.warm();
        }
        self.plan_table();
        let rule = self.settings.rule;
        if rule == old {
            return;
        }
        if let Some(b) = self.board.as_ref() {
            let mut nb = Board::new(rule, b.dims());
            for &p in b.history() {
                if p.is_none() {
                    nb.pass();
                } else {
                    nb.make(p);
                }
            }
            self.board = Some(nb);
        }
    }

    fn show_forbid(&mut self) {
        let mut text = String::from("FORBID ");
        if let Some(b) = self.board.as_mut() {
            for (p, _) in b.forbidden_points() {
                text.push_str(&format!("{:02}{:02}", p.x(), p.y()));
            }
        }
        text.push('.');
        self.out.line(&text);
    }

    fn show_info(&mut self) {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.out
            .line(&format!("MESSAGE Kakugo {}", env!("KAKUGO_VERSION")));
        self.out
            .line(&format!("MESSAGE INFO MAX_THREAD_NUM {}", threads.max(1)));
        // Yixin-Board's unit: log2 of the hash size in KB.
        let kb = (self.settings.hash_bytes() >> 10).max(1);
        self.out
            .line(&format!("MESSAGE INFO MAX_HASH_SIZE {}", kb.ilog2()));
    }

    /// When the manager's clock for `line` started, as far as the engine can tell: when the line
    /// arrived, or, for the process's first thinking command read within [`STARTUP_WINDOW`] of
    /// its start, up to [`STARTUP_MARGIN`] earlier (a tenth of the move's budget at most). A
    /// manager may time the first move from resuming an engine that is still starting up, before
    /// it can read a line: GomocupJudge under Wine saw first moves take 130-560 ms more than the
    /// engine counted.
    pub(super) fn clock_start(&self, line: &Line) -> Instant {
        if self.answered || line.at.saturating_duration_since(process_start()) >= STARTUP_WINDOW {
            return line.at;
        }
        let margin = STARTUP_MARGIN.min(self.settings.budget() / 10);
        line.at.checked_sub(margin).unwrap_or(line.at)
    }

    /// How long the manager's clock for `line` has run ([`Session::clock_start`]).
    pub(super) fn waited(&self, line: &Line) -> Duration {
        Instant::now().saturating_duration_since(self.clock_start(line))
    }
}

/// Lines read this soon after the process started may find the manager's clock already running.
pub const STARTUP_WINDOW: Duration = Duration::from_secs(2);
/// The most a line read within [`STARTUP_WINDOW`] counts as already spent of its move's time.
pub const STARTUP_MARGIN: Duration = Duration::from_millis(300);

/// When the protocol started (the first call; `run_with` makes it first thing).
pub fn process_start() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(Output::to(Box::new(std::io::sink())), Arc::default())
    }

    fn line_at(at: Instant) -> Line {
        Line {
            text: "BEGIN".into(),
            seq: 1,
            at,
        }
    }

    #[test]
    fn a_line_read_at_start_up_counts_the_margin_as_spent() {
        let mut s = session();
        s.settings.apply("timeout_turn", "5000");
        let early = line_at(process_start());
        assert_eq!(early.at - s.clock_start(&early), STARTUP_MARGIN);
        // A short turn loses at most a tenth of its budget.
        s.settings.apply("timeout_turn", "200");
        assert_eq!(early.at - s.clock_start(&early), Duration::from_millis(20));
        // A line read after the window has its own arrival as the clock's start.
        let late = line_at(process_start() + STARTUP_WINDOW);
        assert_eq!(s.clock_start(&late), late.at);
        // So has every line once a move has been answered.
        s.answered = true;
        assert_eq!(s.clock_start(&early), early.at);
    }
}
