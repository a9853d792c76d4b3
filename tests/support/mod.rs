//! Driving the real `pbrain-kakugo` binary over its stdin/stdout, as a manager does.
//!
//! `KAKUGO_ENGINE` names another command to drive instead (a program and its arguments, split at
//! whitespace), e.g. `KAKUGO_ENGINE="wine target/gomocup/pbrain-kakugo.exe"` for the Windows
//! build under Wine (`scripts/ci-windows.sh`).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Generous wait for any one answer (the machine is shared and noisy).
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The command that starts the engine: `KAKUGO_ENGINE` if set, else the binary cargo built.
pub fn engine_command() -> Command {
    match std::env::var("KAKUGO_ENGINE") {
        Ok(cmd) if !cmd.trim().is_empty() => {
            let mut words = cmd.split_whitespace();
            let mut c = Command::new(words.next().expect("a program"));
            c.args(words);
            c
        }
        _ => Command::new(env!("CARGO_BIN_EXE_pbrain-kakugo")),
    }
}

/// The engine command (see [`engine_command`]) with its executable, the command's last word,
/// copied into `dir`, so that it finds the files put beside it there (a config file).
pub fn engine_command_in(dir: &std::path::Path) -> Command {
    let words: Vec<String> = match std::env::var("KAKUGO_ENGINE") {
        Ok(cmd) if !cmd.trim().is_empty() => cmd.split_whitespace().map(String::from).collect(),
        _ => vec![env!("CARGO_BIN_EXE_pbrain-kakugo").to_string()],
    };
    let (exe, runner) = words.split_last().expect("a program");
    let exe = std::path::Path::new(exe);
    let copy = dir.join(exe.file_name().expect("an executable's file name"));
    std::fs::copy(exe, &copy).expect("copy the engine");
    match runner.split_first() {
        Some((program, args)) => {
            let mut c = Command::new(program);
            c.args(args).arg(&copy);
            c
        }
        None => Command::new(copy),
    }
}

/// Whether `KAKUGO_ENGINE` names another engine command than the built binary: facts about the
/// Linux process itself (its `/proc` entries) then do not describe the engine.
pub fn external_engine() -> bool {
    std::env::var("KAKUGO_ENGINE").is_ok_and(|c| !c.trim().is_empty())
}

/// Whether `KAKUGO_ENGINE` runs the engine under Wine.
fn under_wine() -> bool {
    std::env::var("KAKUGO_ENGINE").is_ok_and(|c| {
        c.split_whitespace()
            .next()
            .is_some_and(|p| p.rsplit('/').next() == Some("wine"))
    })
}

/// `text` without the lines Wine's own client writes (`wine: …`, `wine client error:…`).
fn without_wine_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|l| !(l.starts_with("wine: ") || l.starts_with("wine client error:")))
        .collect()
}

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Every line received so far.
    pub log: Vec<String>,
}

impl Engine {
    /// Starts the engine (see [`engine_command`]).
    pub fn spawn() -> Engine {
        Engine::from_command(engine_command())
    }

    /// Starts the engine `command`.
    pub fn from_command(mut command: Command) -> Engine {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A copy of the engine just written (`engine_command_in`) is "busy" while a process
        // forked meanwhile by another test thread still holds the copy's write handle: wait.
        let mut tries = 0;
        let mut child = loop {
            match command.spawn() {
                Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 100 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(20));
                }
                r => break r.expect("engine starts"),
            }
        };
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let mut err = child.stderr.take().expect("stderr");
        let keep = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = err.read_to_end(&mut buf);
            keep.lock().unwrap().extend(buf);
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            stderr,
            log: Vec::new(),
        }
    }

    /// Sends one line (LF-terminated).
    /// The engine's process id.
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Sends several lines.
    pub fn send_all(&mut self, lines: &[&str]) {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        self.send_raw(text.as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Takes the input pipe (to write from another thread); give it back with `give_stdin`.
    pub fn take_stdin(&mut self) -> ChildStdin {
        self.stdin.take().expect("stdin open")
    }

    /// Returns the input pipe taken by `take_stdin`.
    pub fn give_stdin(&mut self, stdin: ChildStdin) {
        self.stdin = Some(stdin);
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line within `wait`, if any.
    pub fn line_within(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(l) => {
                self.log.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line; panics if none comes in time.
    pub fn line(&mut self) -> String {
        self.line_within(PATIENCE)
            .unwrap_or_else(|| panic!("no line from the engine; log: {:?}", self.tail()))
    }

    /// The next line that is not `MESSAGE` or `DEBUG`.
    pub fn reply(&mut self) -> String {
        loop {
            let l = self.line();
            if !l.starts_with("MESSAGE") && !l.starts_with("DEBUG") {
                return l;
            }
        }
    }

    /// The next reply, which must be a move `x,y`.
    pub fn reply_move(&mut self) -> (i64, i64) {
        let r = self.reply();
        parse_move(&r).unwrap_or_else(|| panic!("expected a move, got {r:?}"))
    }

    /// Sends `ABOUT` and checks that the very next line is its answer: nothing was pending.
    pub fn sync(&mut self) {
        self.send("ABOUT");
        let l = self.line();
        assert!(
            l.starts_with("name=\"Kakugo\""),
            "expected the ABOUT line, got {l:?}"
        );
    }

    /// Waits for the process to exit; `None` if it does not within `wait`.
    pub fn exit_within(&mut self, wait: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        while start.elapsed() < wait {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    /// Whatever the engine wrote to stderr (after it exited). Under Wine, the lines Wine itself
    /// writes (`wine client error:…` when its server connection drops as a process exits) are
    /// left out: they are not the engine's.
    pub fn stderr(&mut self) -> String {
        let _ = self.exit_within(PATIENCE);
        std::thread::sleep(Duration::from_millis(50));
        let text = String::from_utf8_lossy(&self.stderr.lock().unwrap()).to_string();
        if under_wine() {
            without_wine_lines(&text)
        } else {
            text
        }
    }

    /// Sends `END` and checks a clean, quiet exit.
    pub fn end(mut self) {
        self.send("END");
        let status = self.exit_within(PATIENCE).expect("engine exits after END");
        assert!(status.success(), "exit status {status:?}");
        assert_eq!(self.stderr(), "", "nothing on stderr");
    }

    fn tail(&self) -> Vec<String> {
        self.log.iter().rev().take(10).rev().cloned().collect()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Parses a move line `x,y`.
pub fn parse_move(s: &str) -> Option<(i64, i64)> {
    let (a, b) = s.split_once(',')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// `BOARD` lines for moves in play order (Black first), labelled for the side to move.
pub fn board_lines(moves: &[(i64, i64)]) -> Vec<String> {
    let n = moves.len();
    moves
        .iter()
        .enumerate()
        .map(|(i, (x, y))| {
            let own = i % 2 == n % 2;
            format!("{x},{y},{}", if own { 1 } else { 2 })
        })
        .collect()
}

/// Sends a whole block: `head`, the lines, `DONE`.
pub fn send_block(e: &mut Engine, head: &str, lines: &[String]) {
    let mut all = vec![head.to_string()];
    all.extend(lines.iter().cloned());
    all.push("DONE".into());
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    e.send_all(&refs);
}
