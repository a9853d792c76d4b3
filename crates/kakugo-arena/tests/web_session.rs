//! The web board's session over an engine link of the test's own, with no process, socket or
//! thread: the engine answers only when the test lets it, as a Web Worker compiling its
//! WebAssembly would, and every tick must return at once meanwhile. Covers the waits that are
//! states (`ABOUT`, `START`), a move, an opening step put to the engine and one to the person,
//! and the engine's crash.

use kakugo::board::Dims;
use kakugo::rules::Rule;
use kakugo_arena::config::{EngineSpec, Limits};
use kakugo_arena::reply::Failure;
use kakugo_arena::web::link::{Launch, Link};
use kakugo_arena::web::session::Session;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The scripted engine: the lines it was sent, the replies it holds back until `open`, its
/// answers to come.
#[derive(Default)]
struct Script {
    sent: Vec<String>,
    held: VecDeque<String>,
    open: bool,
    crashed: bool,
    /// The moves it plays, in order.
    moves: VecDeque<&'static str>,
    /// Its answer to `SWAP2BOARD`.
    swap2: Option<&'static str>,
    block: bool,
}

type Shared = Arc<Mutex<Script>>;

struct Scripted(Shared);

impl Link for Scripted {
    fn send(&mut self, line: &str) {
        let mut s = self.0.lock().unwrap();
        s.sent.push(line.to_string());
        let up = line.to_ascii_uppercase();
        let reply = if up == "ABOUT" {
            Some("name=\"Scripted\", version=\"1\"".to_string())
        } else if up.starts_with("START") {
            Some("OK".into())
        } else if up == "BEGIN" || (up == "DONE" && s.block) {
            s.block = false;
            if s.sent.iter().rev().any(|l| l == "SWAP2BOARD") && s.swap2.is_some() {
                s.swap2.take().map(str::to_string)
            } else {
                s.moves.pop_front().map(str::to_string)
            }
        } else {
            if up == "BOARD" || up == "SWAP2BOARD" {
                s.block = true;
            }
            None
        };
        if let Some(r) = reply {
            s.held.push_back("MESSAGE working".into());
            s.held.push_back(r);
        }
    }

    fn poll(&mut self) -> Option<Result<String, Failure>> {
        let mut s = self.0.lock().unwrap();
        if s.crashed {
            return Some(Err(Failure::Crash));
        }
        if !s.open {
            return None;
        }
        s.held.pop_front().map(Ok)
    }

    fn end(self: Box<Self>) {}
}

fn session(script: &Shared) -> Session {
    let s = script.clone();
    let launch: Launch = Box::new(move |_: &EngineSpec| Ok(Box::new(Scripted(s.clone())) as _));
    let spec = EngineSpec {
        cmd: "scripted".into(),
        name: None,
        info: Vec::new(),
    };
    Session::new(
        vec![spec],
        Limits::default(),
        Rule::Freestyle,
        Dims::square(15).unwrap(),
        launch,
    )
}

/// Ticks `n` times, each tick returning at once; the last state and every message.
fn ticks(s: &mut Session, n: usize) -> (Value, Vec<Value>) {
    let mut all = Vec::new();
    let mut state = Value::Null;
    for _ in 0..n {
        let t0 = Instant::now();
        s.tick();
        assert!(t0.elapsed() < Duration::from_millis(50), "a tick waited");
        for m in s.take_output() {
            let v: Value = serde_json::from_str(&m).unwrap();
            if v["t"] == "state" {
                state = v.clone();
            }
            all.push(v);
        }
    }
    (state, all)
}

fn send(s: &mut Session, v: Value) {
    s.handle(&v.to_string());
}

#[test]
fn a_slow_engine_is_waited_for_by_ticks() {
    let script = Shared::default();
    script.lock().unwrap().moves = VecDeque::from(["8,8"]);
    let mut s = session(&script);
    send(
        &mut s,
        json!({ "t": "new", "rule": "freestyle", "w": 15, "h": 15, "black": null, "white": 0, "turn_ms": 1000 }),
    );
    send(&mut s, json!({ "t": "move", "pos": "h8" }));
    let (state, _) = ticks(&mut s, 20);
    assert_eq!(state["moves"], json!(["h8"]));
    // The engine was started and asked its name; nothing else until it answers.
    assert_eq!(script.lock().unwrap().sent[0], "ABOUT");
    assert!(!script.lock().unwrap().sent.iter().any(|l| l == "BOARD"));
    script.lock().unwrap().open = true;
    let (state, _) = ticks(&mut s, 20);
    assert_eq!(state["moves"], json!(["h8", "i9"]), "{state}");
    assert_eq!(state["seats"][1]["name"], "Scripted", "the ABOUT name");
    let sent = script.lock().unwrap().sent.clone();
    let start = sent.iter().position(|l| l == "START 15").unwrap();
    let board = sent.iter().position(|l| l == "BOARD").unwrap();
    assert!(start < board, "{sent:?}");
    assert_eq!(sent[board + 1..board + 3], ["7,7,2", "DONE"]);
}

#[test]
fn an_opening_step_for_the_engine_then_one_for_the_person() {
    let script = Shared::default();
    script.lock().unwrap().swap2 = Some("7,7 7,8 8,8");
    let mut s = session(&script);
    send(
        &mut s,
        json!({ "t": "new", "rule": "freestyle", "w": 15, "h": 15, "black": 0, "white": null,
                "turn_ms": 1000, "opening": "swap2" }),
    );
    let (state, _) = ticks(&mut s, 10);
    assert_eq!(state["opening"]["prompt"], Value::Null);
    script.lock().unwrap().open = true;
    let (state, _) = ticks(&mut s, 10);
    let q = &state["opening"]["prompt"]["question"];
    assert_eq!(state["opening"]["prompt"]["seat"], "second", "{state}");
    assert_eq!(q["stones"], json!(["h8", "h9", "i9"]));
    assert_eq!(q["swap"], true);
    // A refused answer is asked again; a swap ends the opening with the person as Black.
    send(&mut s, json!({ "t": "answer", "stones": ["h8"] }));
    let (_, msgs) = ticks(&mut s, 2);
    assert!(msgs.iter().any(|m| m["t"] == "error"), "{msgs:?}");
    send(&mut s, json!({ "t": "answer", "swap": true }));
    let (state, _) = ticks(&mut s, 5);
    assert_eq!(state["opening"], Value::Null, "{state}");
    assert_eq!(state["moves"], json!(["h8", "h9", "i9"]));
    assert_eq!(state["seats"][0]["kind"], "human");
    assert_eq!(state["to_move"], "White");
    let sent = script.lock().unwrap().sent.clone();
    assert!(sent.iter().any(|l| l == "SWAP2BOARD"), "{sent:?}");
}

#[test]
fn a_crash_is_reported_and_the_game_kept() {
    let script = Shared::default();
    script.lock().unwrap().open = true;
    let mut s = session(&script);
    send(
        &mut s,
        json!({ "t": "new", "rule": "freestyle", "w": 15, "h": 15, "black": null, "white": 0, "turn_ms": 1000 }),
    );
    let _ = ticks(&mut s, 5);
    send(&mut s, json!({ "t": "move", "pos": "h8" }));
    script.lock().unwrap().crashed = true;
    let (state, msgs) = ticks(&mut s, 5);
    assert!(msgs.iter().any(|m| m["t"] == "failure"), "{msgs:?}");
    assert!(
        state["notice"].as_str().unwrap().contains("crashed"),
        "{state}"
    );
    assert_eq!(state["moves"], json!(["h8"]));
    assert_eq!(state["result"], Value::Null);
}
