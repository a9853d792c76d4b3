//! The protocol embedded in a host program: the same commands and answers as on stdin/stdout,
//! but driven on the caller's own thread, one line at a time ([`Embedded::line`]), each output
//! line handed to the caller's sink as it is written (a search's reports arrive while it runs).
//! This is how the browser runs the engine (`crates/kakugo-web`, one thread, no stdin): a line
//! is handled whole before the call returns, so a `STOP` can only arrive between commands, and a
//! host that must cut a search short ends the engine instead (see `docs/web.md`).

use super::output::Output;
use super::reader::{Control, Line, MAX_LINE};
use super::session::{process_start, Session};
use crate::clock::Instant;
use crate::search::Searcher;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

/// The engine's state between lines, with its output going to the caller.
pub struct Embedded {
    session: Session,
    control: Arc<Control>,
    out: Output,
    /// The number of the last line handled.
    seq: u64,
    /// `END` was read: later lines are not handled.
    ended: bool,
}

/// Gathers the output's bytes into lines for the caller's sink.
struct LineSink<F: FnMut(&str)> {
    sink: F,
    partial: Vec<u8>,
}

impl<F: FnMut(&str)> Write for LineSink<F> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                (self.sink)(&line);
            } else {
                self.partial.push(b);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Embedded {
    /// An engine that hands every output line, without its terminator, to `sink`.
    pub fn new(sink: impl FnMut(&str) + Send + 'static) -> Embedded {
        Embedded::with_searcher(Searcher::new(), sink)
    }

    /// [`Embedded::new`] with a searcher set up by the caller.
    pub fn with_searcher(searcher: Searcher, sink: impl FnMut(&str) + Send + 'static) -> Embedded {
        process_start();
        let out = Output::to(Box::new(LineSink {
            sink,
            partial: Vec::new(),
        }));
        let control = Arc::new(Control::default());
        let mut session = Session::new(out.clone(), Arc::clone(&control));
        session.searcher = searcher;
        Embedded {
            session,
            control,
            out,
            seq: 0,
            ended: false,
        }
    }

    /// Handles one input line as the reader and the worker would (blank lines ignored, a line
    /// cut at [`MAX_LINE`] bytes), thinking to the end if it asks to. False once `END` has been
    /// read: the engine answers nothing more.
    pub fn line(&mut self, text: &str) -> bool {
        if self.ended {
            return false;
        }
        let mut end = text.len().min(MAX_LINE);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let text = text[..end].trim();
        if text.is_empty() {
            return true;
        }
        self.seq += 1;
        if text.split_whitespace().next().map(str::to_ascii_uppercase) == Some("END".into()) {
            self.control.end_input();
            self.out.close();
            self.ended = true;
            return false;
        }
        let line = Line {
            text: text.to_string(),
            seq: self.seq,
            at: Instant::now(),
        };
        let session = &mut self.session;
        if catch_unwind(AssertUnwindSafe(|| session.handle(&line))).is_err() {
            session.reset_block();
            self.out.error("internal error");
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn engine() -> (Embedded, Arc<Mutex<Vec<String>>>) {
        let got = Arc::new(Mutex::new(Vec::new()));
        let keep = Arc::clone(&got);
        let e = Embedded::new(move |l| keep.lock().unwrap().push(l.to_string()));
        (e, got)
    }

    #[test]
    fn answers_as_on_stdin() {
        let (mut e, got) = engine();
        for l in ["START 15", "INFO max_node 2000", "", "TURN 7,7", "FOO"] {
            assert!(e.line(l));
        }
        let lines = got.lock().unwrap().clone();
        assert_eq!(lines[0], "OK");
        let is_move = |l: &&String| {
            l.split_once(',').is_some_and(|(x, y)| {
                x.parse::<u32>().is_ok_and(|x| x < 15) && y.parse::<u32>().is_ok_and(|y| y < 15)
            })
        };
        let mv = lines.iter().find(is_move).expect("a move");
        assert_ne!(mv, "7,7");
        assert_eq!(lines.last().unwrap(), "UNKNOWN FOO");
    }

    #[test]
    fn nothing_after_end() {
        let (mut e, got) = engine();
        assert!(e.line("ABOUT"));
        assert!(!e.line("END"));
        assert!(!e.line("ABOUT"));
        assert_eq!(got.lock().unwrap().len(), 1);
    }
}
