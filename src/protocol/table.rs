//! The hash table's making: a table of the size the settings ask for is made on a thread of its
//! own, outside any move's clock, and handed to the searcher between commands once it is whole.
//! Until then the searcher keeps the table it has (or gets a small stand-in at once), so that
//! making even a table of gigabytes never delays an answer or `END`. A table no longer wanted
//! is given up half-made, its memory back with the system before the next command is read. In the browser (one thread) the table is made at once when asked for,
//! which is still between commands.

use crate::search::tt::TransTable;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// Tables up to this size are made at once on the worker (about 1 ms); the stand-in's size.
pub const QUICK_BYTES: usize = 2 << 20;

/// The making of the next table.
#[derive(Default)]
pub struct TableMaker {
    /// Bytes of the table asked for last (0: none).
    want: usize,
    /// The table being made, or made and not yet taken.
    making: Option<Making>,
}

/// A table on its way.
struct Making {
    table: mpsc::Receiver<TransTable>,
    give_up: Arc<AtomicBool>,
    /// The thread making it (none in the browser, where it is made at once).
    maker: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Making {
    /// Gives the table up and waits until its memory is back with the system: the maker stops
    /// within one chunk, so a `max_memory` lowered now holds when the next command is read.
    fn drop(&mut self) {
        self.give_up.store(true, Ordering::SeqCst);
        if let Some(maker) = self.maker.take() {
            let _ = maker.join();
        }
    }
}

impl TableMaker {
    /// Bytes of the table asked for last (0: none).
    pub fn wanted(&self) -> usize {
        self.want
    }

    /// Asks for a table of `bytes`: unless that is the size asked for last, gives up the table
    /// being made and starts making this one. True if a new table was started.
    pub fn ask(&mut self, bytes: usize) -> bool {
        if bytes == self.want {
            return false;
        }
        self.want = bytes;
        self.making = None;
        let (tx, rx) = mpsc::channel();
        let give_up = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&give_up);
        let make = move || {
            if let Some(t) = TransTable::try_new(bytes, &flag) {
                // Not taken (given up meanwhile): dropped here, before the worker goes on.
                let _ = tx.send(t);
            }
        };
        // The browser has one thread: the table is made here, between commands.
        #[cfg(target_family = "wasm")]
        let made: Result<Option<std::thread::JoinHandle<()>>, ()> = {
            make();
            Ok(None)
        };
        #[cfg(not(target_family = "wasm"))]
        let made = std::thread::Builder::new()
            .name("table".into())
            .spawn(make)
            .map(Some);
        if let Ok(maker) = made {
            self.making = Some(Making {
                table: rx,
                give_up,
                maker,
            });
        }
        true
    }

    /// Records a table of `bytes` as made elsewhere (a small one, made at once), giving up the
    /// one being made.
    pub fn settle(&mut self, bytes: usize) {
        self.want = bytes;
        self.making = None;
    }

    /// Forgets the size asked for, giving up the table being made (the next `ask` starts anew).
    pub fn forget(&mut self) {
        self.want = 0;
        self.making = None;
    }

    /// The table asked for, once made: waits for it up to `wait`, or until `cut` is raised.
    #[cfg(not(target_family = "wasm"))]
    pub fn take(&mut self, wait: Duration, cut: &AtomicBool) -> Option<TransTable> {
        use crate::clock::Instant;
        let making = self.making.as_ref()?;
        let until = Instant::now() + wait;
        let got = loop {
            let left = until.saturating_duration_since(Instant::now());
            match making
                .table
                .recv_timeout(left.min(Duration::from_millis(5)))
            {
                Ok(t) => break Some(t),
                Err(mpsc::RecvTimeoutError::Disconnected) => break None,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if left.is_zero() || cut.load(Ordering::SeqCst) {
                        return None;
                    }
                }
            }
        };
        self.making = None;
        got
    }

    /// The table asked for: in the browser it was made when asked for, so there is no wait
    /// (and no clock to wait by: a channel's timed wait reads `std`'s, absent there).
    #[cfg(target_family = "wasm")]
    pub fn take(&mut self, _wait: Duration, _cut: &AtomicBool) -> Option<TransTable> {
        let got = self.making.as_ref()?.table.try_recv().ok();
        self.making = None;
        got
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Instant;

    #[test]
    fn a_table_is_made_once_and_handed_over() {
        let mut m = TableMaker::default();
        let no = AtomicBool::new(false);
        assert!(m.ask(4 << 20));
        assert!(!m.ask(4 << 20));
        let t = m.take(Duration::from_secs(20), &no).expect("made");
        assert_eq!(t.bytes(), 4 << 20);
        assert!(m.take(Duration::ZERO, &no).is_none());
        assert_eq!(m.wanted(), 4 << 20);
    }

    #[test]
    fn a_new_size_replaces_the_one_being_made() {
        let mut m = TableMaker::default();
        let no = AtomicBool::new(false);
        m.ask(1 << 30);
        assert!(m.ask(8 << 20));
        let t = m.take(Duration::from_secs(20), &no).expect("made");
        assert_eq!(t.bytes(), 8 << 20);
        m.forget();
        assert!(m.ask(8 << 20));
    }

    #[test]
    fn waiting_is_cut_short() {
        let mut m = TableMaker::default();
        m.ask(2 << 30);
        let start = Instant::now();
        assert!(m
            .take(Duration::from_secs(20), &AtomicBool::new(true))
            .is_none());
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
