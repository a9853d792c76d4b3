//! The web board's server over real sockets: `kakugo-arena web` started as a user starts it, a
//! WebSocket client in place of the page. The browser itself is driven by `tests/web_board.py`.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::client::IntoClientRequest;
use tungstenite::{Message, WebSocket};

const EXE: &str = env!("CARGO_BIN_EXE_kakugo-arena");

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn server() -> Server {
    let mut child = Command::new(EXE)
        .args([
            "web",
            "port=0",
            &format!("engine={EXE} fake legal"),
            "name=Fake",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start kakugo-arena web");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line.trim();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
        "{url:?}"
    );
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    Server { child, addr }
}

type Ws = WebSocket<TcpStream>;

fn connect(s: &Server, session: &str, origin: Option<&str>) -> Result<Ws, String> {
    let mut req = format!("ws://{}/ws?session={session}", s.addr)
        .into_client_request()
        .unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("Origin", o.parse().unwrap());
    }
    let stream = TcpStream::connect(&s.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    tungstenite::client(req, stream)
        .map(|(ws, _)| ws)
        .map_err(|e| e.to_string())
}

fn send(ws: &mut Ws, v: &Value) {
    ws.send(Message::text(v.to_string())).unwrap();
}

/// Reads messages until one satisfies `done`; returns all read.
fn until(ws: &mut Ws, done: impl Fn(&Value) -> bool) -> Vec<Value> {
    let mut got = Vec::new();
    let end = Instant::now() + Duration::from_secs(30);
    while Instant::now() < end {
        let m = ws.read().expect("a message");
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            let stop = done(&v);
            got.push(v);
            if stop {
                return got;
            }
        }
    }
    panic!("no such message in 30 s: {got:?}");
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

fn last_state(ws: &mut Ws) -> Value {
    // A save answers with a file and no state change: everything before it has been handled.
    send(ws, &json!({"t": "save", "format": "psq"}));
    let got = until(ws, |v| v["t"] == "file");
    got.into_iter()
        .rev()
        .find(|v| v["t"] == "state")
        .unwrap_or(Value::Null)
}

fn http(s: &Server, head: &str) -> String {
    let mut c = TcpStream::connect(&s.addr).unwrap();
    c.write_all(head.as_bytes()).unwrap();
    let mut out = String::new();
    let _ = c.read_to_string(&mut out);
    out
}

#[test]
fn serves_the_page_and_refuses_other_sites() {
    let s = server();
    let page = http(&s, &format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr));
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<svg id=\"board\"") && page.contains("src=\"app.js\""));
    // The page learns it is the arena's (a WebSocket to this server, not a board worker).
    assert!(page.contains("<meta name=\"kakugo-board\" content=\"arena\">"));
    let js = http(
        &s,
        &format!(
            "GET /app.js HTTP/1.1\r\nHost: localhost:{}\r\n\r\n",
            s.addr.split(':').nth(1).unwrap()
        ),
    );
    assert!(js.starts_with("HTTP/1.1 200") && js.contains("text/javascript"));
    // DNS rebinding: a name that resolves here is still not this server.
    let rebound = http(&s, "GET / HTTP/1.1\r\nHost: attacker.example:80\r\n\r\n");
    assert!(rebound.starts_with("HTTP/1.1 403"), "{rebound}");
    let no_host = http(&s, "GET / HTTP/1.1\r\n\r\n");
    assert!(no_host.starts_with("HTTP/1.1 403"), "{no_host}");
    let junk = http(&s, "\x16\x03\x01garbage\r\n\r\n");
    assert!(junk.starts_with("HTTP/1.1 400"), "{junk}");
    let post = http(
        &s,
        &format!(
            "POST / HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\n\r\n",
            s.addr
        ),
    );
    assert!(post.starts_with("HTTP/1.1 405"), "{post}");
    // A WebSocket from another origin is refused; from the page's own origin it opens.
    assert!(connect(&s, "abcdefgh1", Some("http://attacker.example")).is_err());
    let own = format!("http://{}", s.addr);
    let mut ws = connect(&s, "abcdefgh1", Some(&own)).expect("the page's own origin");
    let hello = until(&mut ws, |v| v["t"] == "hello");
    assert_eq!(hello.last().unwrap()["engines"][0]["name"], "Fake");
    assert!(connect(&s, "short", None).is_err());
}

#[test]
fn plays_against_an_engine_and_survives_a_reconnect() {
    let s = server();
    let mut ws = connect(&s, "game0001", None).unwrap();
    send(
        &mut ws,
        &json!({"t": "new", "rule": "renju", "w": 15, "h": 15, "black": null, "white": 0, "turn_ms": 1000}),
    );
    send(&mut ws, &json!({"t": "move", "pos": "h8"}));
    let got = until(&mut ws, |v| {
        v["t"] == "state" && v["moves"].as_array().unwrap().len() == 2
    });
    let st = got.last().unwrap();
    assert_eq!(st["seats"][1]["name"], "Fake");
    assert_eq!(st["to_move"], "Black");
    // The page goes away and comes back: the same game.
    drop(ws);
    let mut ws = connect(&s, "game0001", None).unwrap();
    let got = until(&mut ws, |v| v["t"] == "state");
    assert_eq!(moves(got.last().unwrap()).len(), 2);
    // Undo takes back the engine's move and the person's before it: the person is to move.
    send(&mut ws, &json!({"t": "undo"}));
    let st = last_state(&mut ws);
    assert_eq!((moves(&st).len(), st["redo"].as_u64()), (0, Some(2)));
    // The SGF written is read back by load.
    send(&mut ws, &json!({"t": "setup", "moves": "h8i9h9i10h10i11"}));
    send(&mut ws, &json!({"t": "save", "format": "sgf"}));
    let file = until(&mut ws, |v| v["t"] == "file").pop().unwrap();
    let sgf = file["text"].as_str().unwrap().to_string();
    assert!(sgf.contains("RU[renju]") && sgf.contains(";B[hh]"), "{sgf}");
    send(
        &mut ws,
        &json!({"t": "new", "rule": "freestyle", "w": 20, "h": 20, "black": null, "white": null}),
    );
    send(&mut ws, &json!({"t": "load", "text": sgf}));
    let st = last_state(&mut ws);
    assert_eq!(moves(&st).concat(), "h8i9h9i10h10i11");
    assert_eq!(
        (st["rule"].as_str(), st["w"].as_u64()),
        (Some("renju"), Some(15))
    );
}

/// A small deterministic random source (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A message the server must refuse without changing the game.
fn broken(r: &mut Rng) -> String {
    const KINDS: [&str; 14] = [
        "move", "new", "undo", "redo", "setup", "analyze", "best", "load", "save", "answer",
        "stop", "go", "bogus", "",
    ];
    let junk_values = [
        json!(null),
        json!(-1),
        json!(1e300),
        json!(18446744073709551615u64),
        json!("z99"),
        json!("h8h9"),
        json!(""),
        json!([1, 2]),
        json!({"a": 1}),
        json!("\u{0}\u{ffff}"),
        json!(true),
    ];
    match r.below(9) {
        // Random printable and non-ASCII characters.
        0 => (0..r.below(200))
            .map(|_| char::from_u32(32 + r.below(0x3000) as u32).unwrap_or('?'))
            .collect(),
        // A valid message cut short.
        1 => {
            let full = json!({"t": "move", "pos": "j10", "edit": false}).to_string();
            full[..r.below(full.len() - 1)].to_string()
        }
        // Deep nesting.
        2 => format!("{}1{}", "[".repeat(1000 + r.below(5000)), "]".repeat(3)),
        // Known kinds with fields of the wrong type or out of range.
        3 => {
            let k = KINDS[r.below(KINDS.len())];
            let v = junk_values[r.below(junk_values.len())].clone();
            json!({"t": k, "pos": v, "rule": v, "w": v, "h": v, "engine": v, "n": v, "text": v,
                   "format": v, "moves": v, "stones": v, "black": v})
            .to_string()
        }
        // Moves the referee refuses: taken cells, off the board.
        4 => {
            let pos = ["h8", "i9", "z1", "a0", "p16", "a99999999999"][r.below(6)];
            json!({"t": "move", "pos": pos}).to_string()
        }
        // New games that cannot be.
        5 => {
            let rule = ["renju", "gomoku", "caro"][r.below(3)];
            let w = [0, 4, 27, 1000][r.below(4)];
            let white = [7usize, 99][r.below(2)];
            json!({"t": "new", "rule": rule, "w": w, "h": 15, "black": null, "white": white})
                .to_string()
        }
        // Requests that need what is not there.
        6 => [
            json!({"t": "best", "engine": 3, "n": 2}),
            json!({"t": "best", "engine": 0, "n": 0}),
            json!({"t": "analyze", "engine": 5}),
            json!({"t": "answer", "stones": ["h8"]}),
            json!({"t": "redo"}),
            json!({"t": "save", "format": "docx"}),
            json!({"t": "load", "text": "(;SZ[15];B[hh];W[hh])"}),
            json!({"t": "load", "text": "Piskvorky 15x15, 11:11, 0\n99,99,0\n"}),
            json!({"t": "load", "text": "hello"}),
            json!({"t": "setup", "moves": "h8h8"}),
            json!({"t": "setup", "moves": "h8 i9"}),
        ][r.below(11)]
        .to_string(),
        // Valid JSON that is not a request.
        7 => ["[]", "{}", "42", "\"move\"", "null", "{\"t\":null}"][r.below(6)].to_string(),
        // Long strings inside a request.
        _ => json!({"t": "setup", "moves": "h".repeat(1 + r.below(100_000))}).to_string(),
    }
}

#[test]
fn ten_thousand_broken_messages_leave_the_game_intact() {
    let s = server();
    let mut ws = connect(&s, "fuzz0001", None).unwrap();
    send(
        &mut ws,
        &json!({"t": "new", "rule": "renju", "w": 15, "h": 15, "black": null, "white": null}),
    );
    send(&mut ws, &json!({"t": "move", "pos": "h8"}));
    send(&mut ws, &json!({"t": "move", "pos": "i9"}));
    let before = last_state(&mut ws);
    assert_eq!(moves(&before), ["h8", "i9"]);
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut sent, mut errors) = (0, 0);
    while sent < 10_000 {
        for _ in 0..200 {
            let m = broken(&mut r);
            if r.below(50) == 0 {
                ws.send(Message::binary(m.into_bytes())).unwrap();
            } else {
                ws.send(Message::text(m)).unwrap();
            }
            sent += 1;
        }
        let got = {
            send(&mut ws, &json!({"t": "save", "format": "psq"}));
            until(&mut ws, |v| v["t"] == "file")
        };
        errors += got.iter().filter(|v| v["t"] == "error").count();
        let st = got
            .iter()
            .rev()
            .find(|v| v["t"] == "state")
            .expect("a state");
        assert_eq!(
            moves(st),
            ["h8", "i9"],
            "the game changed after {sent} messages"
        );
        assert!(st["result"].is_null());
    }
    assert_eq!(errors, sent, "every broken message answered by one error");
    // A message over the frame limit closes the connection; the page comes back to its game.
    let huge = "x".repeat(2 << 20);
    let _ = ws.send(Message::text(huge));
    let _ = ws.read();
    let mut ws = connect(&s, "fuzz0001", None).unwrap();
    let st = last_state(&mut ws);
    assert_eq!(moves(&st), ["h8", "i9"]);
    // And the game goes on.
    send(&mut ws, &json!({"t": "move", "pos": "j10"}));
    let st = last_state(&mut ws);
    assert_eq!(moves(&st), ["h8", "i9", "j10"]);
}
