//! The reader: reads stdin on its own thread, splits it into lines (LF, CRLF or lone CR; over-long
//! lines cut), hands every line to the worker through a queue, and acts at once on the lines that
//! cannot wait: `STOP`/`YXSTOP` raise the stop flag; `END` and end of input stop reading and
//! stop the search, every command still queued is answered at once (searches stop with their
//! best move so far), and the process exits when the worker is done, or after [`EXIT_GRACE`].
//!
//! Stops are numbered by the line that asked for them, so a `YXSTOP` that overtakes the command it
//! is meant to cut short (still queued) still stops that command's search.

use super::command::split_word;
use super::output::Output;
use crate::clock::Instant;
use std::io::{BufRead, ErrorKind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

/// Longest line kept; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 1 << 16;
/// How long the worker may still answer after `END` or end of input before the process exits
/// regardless (it exits as soon as it is done, normally within milliseconds; GomocupJudge
/// kills a brain 500 ms after `END`).
const EXIT_GRACE: Duration = Duration::from_millis(400);

/// One line read, numbered, with the time it arrived.
#[derive(Debug)]
pub struct Line {
    /// The text, without its terminator.
    pub text: String,
    /// Its place in the input (1, 2, …).
    pub seq: u64,
    /// When it was read.
    pub at: Instant,
}

/// What the reader tells the worker.
#[derive(Debug)]
pub enum Event {
    /// A line.
    Line(Line),
    /// End of input.
    Eof,
}

/// Flags shared by the reader and the worker.
#[derive(Default)]
pub struct Control {
    /// Raised to stop the running search.
    pub stop: AtomicBool,
    /// The number of the last stop line read.
    stop_seq: AtomicU64,
    /// Input has ended (`END` or end of file): every later search stops at once.
    eof: AtomicBool,
}

impl Control {
    /// Called by the worker before the search for the command numbered `seq`: clears the stop
    /// flag unless a stop (or end of input) arrived after that command.
    pub fn begin_search(&self, seq: u64) {
        self.stop.store(false, Ordering::SeqCst);
        if self.stop_seq.load(Ordering::SeqCst) > seq || self.eof.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Asks the search to stop, on behalf of line `seq`.
    pub fn request_stop(&self, seq: u64) {
        self.stop_seq.fetch_max(seq, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether input has ended (`END` or end of file): answer at once, then exit.
    pub fn ending(&self) -> &AtomicBool {
        &self.eof
    }

    pub(super) fn end_input(&self) {
        self.eof.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// Reads lines from `input` until `END` or end of input, queueing them to `tx`, then tells the
/// worker that input has ended and returns; the caller exits once the worker is done
/// ([`exit_when_done`]).
pub fn read_loop(mut input: impl BufRead, tx: &Sender<Event>, control: &Control) {
    let mut seq = 0;
    let mut buf = Vec::new();
    while read_line(&mut input, &mut buf) {
        let text = String::from_utf8_lossy(&buf).trim().to_string();
        if text.is_empty() {
            continue;
        }
        seq += 1;
        let (word, _) = split_word(&text);
        match word.as_str() {
            "END" => break,
            "STOP" | "YXSTOP" => control.request_stop(seq),
            _ => {}
        }
        let line = Line {
            text,
            seq,
            at: Instant::now(),
        };
        if tx.send(Event::Line(line)).is_err() {
            break;
        }
    }
    control.end_input();
    let _ = tx.send(Event::Eof);
}

/// Exits once the worker has answered what was queued and ended (it sends on `done` as it
/// ends), or after [`EXIT_GRACE`] regardless. The process exits from this thread with the
/// worker gone, so that exiting stops no thread in the middle of its work.
pub fn exit_when_done(
    worker: std::thread::JoinHandle<()>,
    done: &Receiver<()>,
    control: &Control,
    out: &Output,
) -> ! {
    if done.recv_timeout(EXIT_GRACE).is_ok() {
        let _ = worker.join();
    }
    exit_now(control, out)
}

/// Stops everything and exits: nothing is written after this.
pub fn exit_now(control: &Control, out: &Output) -> ! {
    control.stop.store(true, Ordering::SeqCst);
    out.close();
    std::process::exit(0)
}

/// Reads up to the next `\n` or `\r` into `buf` (cut at [`MAX_LINE`] bytes). False at end of
/// input with nothing read.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> bool {
    buf.clear();
    let mut got_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return got_any,
        };
        if chunk.is_empty() {
            return got_any;
        }
        got_any = true;
        let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
        let take = end.unwrap_or(chunk.len());
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        match end {
            Some(i) => {
                input.consume(i + 1);
                return true;
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &[u8]) -> Vec<String> {
        let mut input = std::io::BufReader::with_capacity(7, data);
        let mut buf = Vec::new();
        let mut v = Vec::new();
        while read_line(&mut input, &mut buf) {
            v.push(String::from_utf8_lossy(&buf).to_string());
        }
        v
    }

    #[test]
    fn splits_on_lf_crlf_and_cr() {
        assert_eq!(
            lines(b"START 15\r\nINFO rule 1\nBEGIN\rEND"),
            ["START 15", "", "INFO rule 1", "BEGIN", "END"]
        );
    }

    #[test]
    fn cuts_long_lines() {
        let mut data = vec![b'7'; MAX_LINE * 2 + 5];
        data.extend_from_slice(b"\nABOUT\n");
        let v = lines(&data);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].len(), MAX_LINE);
        assert_eq!(v[1], "ABOUT");
    }

    #[test]
    fn stops_that_overtake_their_command_still_count() {
        let c = Control::default();
        c.request_stop(5);
        c.begin_search(4);
        assert!(c.stop.load(Ordering::SeqCst));
        c.begin_search(6);
        assert!(!c.stop.load(Ordering::SeqCst));
        c.end_input();
        c.begin_search(7);
        assert!(c.stop.load(Ordering::SeqCst));
    }
}
