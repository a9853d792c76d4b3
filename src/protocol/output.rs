//! Protocol output: one process-wide writer to stdout that writes whole lines under a lock and
//! flushes each one, and that can be closed so that nothing more is written (after `END`).
//!
//! Every line the engine sends goes through [`Output::line`]; the reader thread, the worker and
//! the deadline guard may all write, and the lock keeps their lines whole.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared, line-locked, flushed writer. Clones write to the same stream.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Sink>>,
}

/// The stream and whether it is still open.
struct Sink {
    out: Box<dyn Write + Send>,
    open: bool,
}

impl Output {
    /// An output writing to the process's stdout.
    pub fn stdout() -> Output {
        Output::to(Box::new(std::io::stdout()))
    }

    /// An output writing to any stream (used by tests).
    pub fn to(out: Box<dyn Write + Send>) -> Output {
        Output {
            inner: Arc::new(Mutex::new(Sink { out, open: true })),
        }
    }

    /// Writes one line and flushes it; does nothing once closed. Write errors (a closed pipe)
    /// close the output: the manager is gone, so there is nobody left to answer.
    pub fn line(&self, text: &str) {
        let mut sink = self.lock();
        if !sink.open {
            return;
        }
        let ok = sink
            .out
            .write_all(text.as_bytes())
            .and_then(|()| sink.out.write_all(b"\n"))
            .and_then(|()| sink.out.flush());
        if ok.is_err() {
            sink.open = false;
        }
    }

    /// A `MESSAGE` line.
    pub fn message(&self, text: &str) {
        self.line(&format!("MESSAGE {text}"));
    }

    /// An `ERROR` line.
    pub fn error(&self, why: &str) {
        self.line(&format!("ERROR {why}"));
    }

    /// Closes the output for good and returns with the lock released: nothing is written after.
    pub fn close(&self) {
        self.lock().open = false;
    }

    /// Whether lines are still written (for the tests: the engine never asks).
    #[cfg(test)]
    pub fn is_open(&self) -> bool {
        self.lock().open
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Sink> {
        // A panic while holding the lock cannot leave a half line that matters more than going on.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream that keeps what was written.
    #[derive(Clone, Default)]
    struct Keep(Arc<Mutex<Vec<u8>>>);

    impl Write for Keep {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_then_nothing_after_close() {
        let keep = Keep::default();
        let out = Output::to(Box::new(keep.clone()));
        out.line("OK");
        out.message("depth 1");
        out.error("bad");
        out.close();
        out.line("7,7");
        assert!(!out.is_open());
        let text = String::from_utf8(keep.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text, "OK\nMESSAGE depth 1\nERROR bad\n");
    }
}
