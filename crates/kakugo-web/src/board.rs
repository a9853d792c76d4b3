//! The web board in a Web Worker (`web/board-worker.js`): the arena's own session
//! (`kakugo_arena::web::session::Session`: the position, the referee with renju fouls, the
//! clocks, the opening rules, SGF and PSQ) with no server. The page's JSON messages come in
//! through [`Board::handle`], time through [`Board::tick`] (the worker's timer), and the
//! messages for the page come out of [`Board::take_output`], as over the arena's WebSocket.
//! Its engine is Kakugo in engine workers of its own (`kakugo-engine.js`): the session's links
//! to them are lines queued here, which the worker carries ([`Board::take_engine_work`] out,
//! [`Board::engine_line`] in).

use kakugo_arena::config::{Config, EngineSpec};
use kakugo_arena::reply::Failure;
use kakugo_arena::web::link::{Launch, Link};
use kakugo_arena::web::session::Session;
use serde_json::json;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use wasm_bindgen::prelude::wasm_bindgen;

/// How long an engine worker may take to answer `ABOUT` and `START`: fetching and compiling the
/// engine's WebAssembly comes first.
const STARTUP_MS: u64 = 30_000;

/// The engine workers' lines: what goes out to the host, what came back per engine.
#[derive(Default)]
struct Wires {
    next: u32,
    /// Work for the host, one JSON object each: `{engine, start}`, `{engine, line}`, `{engine, end}`.
    work: Vec<String>,
    /// The lines each engine wrote, not yet read, and whether its worker failed.
    inbox: HashMap<u32, (VecDeque<String>, bool)>,
}

type Shared = Arc<Mutex<Wires>>;

fn lock(w: &Shared) -> MutexGuard<'_, Wires> {
    w.lock().unwrap_or_else(|e| e.into_inner())
}

/// One engine worker, as the session sees it.
struct WorkerLink {
    id: u32,
    wires: Shared,
}

impl Link for WorkerLink {
    fn send(&mut self, line: &str) {
        let msg = json!({ "engine": self.id, "line": line }).to_string();
        lock(&self.wires).work.push(msg);
    }

    fn poll(&mut self) -> Option<Result<String, Failure>> {
        let mut w = lock(&self.wires);
        match w.inbox.get_mut(&self.id) {
            Some((lines, gone)) => match lines.pop_front() {
                Some(l) => Some(Ok(l)),
                None if *gone => Some(Err(Failure::Crash)),
                None => None,
            },
            None => Some(Err(Failure::Crash)),
        }
    }

    fn end(self: Box<Self>) {
        let mut w = lock(&self.wires);
        w.inbox.remove(&self.id);
        w.work
            .push(json!({ "engine": self.id, "end": true }).to_string());
    }
}

/// Starts engines as engine workers of the host.
fn workers(wires: Shared) -> Launch {
    Box::new(move |_spec: &EngineSpec| {
        let mut w = lock(&wires);
        let id = w.next;
        w.next += 1;
        w.inbox.insert(id, (VecDeque::new(), false));
        w.work
            .push(json!({ "engine": id, "start": true }).to_string());
        Ok(Box::new(WorkerLink {
            id,
            wires: wires.clone(),
        }) as Box<dyn Link>)
    })
}

/// One board: its session, and the lines to and from its engine workers.
#[wasm_bindgen]
pub struct Board {
    session: Session,
    wires: Shared,
}

#[wasm_bindgen]
impl Board {
    /// A board with Kakugo as its engine, held to the browser's memory
    /// ([`crate::BROWSER_MEMORY`]).
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Board {
        std::panic::set_hook(Box::new(|p| {
            crate::output(&format!("the board stopped: {p}").replace('\n', " "))
        }));
        let wires = Shared::default();
        let cfg = Config::default();
        let mut limits = cfg.limits;
        limits.max_memory = crate::BROWSER_MEMORY;
        limits.startup_ms = STARTUP_MS;
        let kakugo = EngineSpec {
            cmd: "kakugo".into(),
            name: Some("Kakugo".into()),
            info: Vec::new(),
        };
        let session = Session::new(
            vec![kakugo],
            limits,
            cfg.rule,
            cfg.dims,
            workers(wires.clone()),
        );
        Board { session, wires }
    }

    /// One message from the page (JSON, as over the arena's WebSocket).
    pub fn handle(&mut self, text: &str) {
        self.session.handle(text);
    }

    /// Moves time on: reads what the engines wrote, starts what is due.
    pub fn tick(&mut self) {
        self.session.tick();
    }

    /// The messages for the page since the last call, one JSON object a line.
    pub fn take_output(&mut self) -> String {
        self.session.take_output().join("\n")
    }

    /// The engine workers' work since the last call, one JSON object a line: `start` a worker
    /// for `engine`, send it a `line`, or `end` it.
    pub fn take_engine_work(&mut self) -> String {
        std::mem::take(&mut lock(&self.wires).work).join("\n")
    }

    /// A line engine `engine` wrote.
    pub fn engine_line(&mut self, engine: u32, line: &str) {
        if let Some((lines, _)) = lock(&self.wires).inbox.get_mut(&engine) {
            lines.push_back(line.to_string());
        }
    }

    /// Engine `engine`'s worker failed: the session sees a crash.
    pub fn engine_failed(&mut self, engine: u32) {
        if let Some((_, gone)) = lock(&self.wires).inbox.get_mut(&engine) {
            *gone = true;
        }
    }
}
