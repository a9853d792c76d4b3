//! The Piskvork / Gomocup protocol (with the Yixin-Board extensions) on stdin/stdout.
//!
//! Two threads: the reader (`reader.rs`) reads lines and acts at once on `STOP`, `YXSTOP` and
//! `END`; the worker (`session.rs`, `think.rs`) handles every line in order, thinking with the
//! searcher while later lines wait in the queue. Lines are parsed in `command.rs`, position
//! blocks built aside in `block.rs`, settings kept in `settings.rs` (from `INFO` lines and the
//! config file, `config.rs`, held to the machine, `machine.rs`), the hash table made off the
//! clock by `table.rs`, search reports written by `report.rs`, and every output line written
//! whole and flushed by `output.rs`; Yixin-Board's opening-rule steps (`yxswap2step*`,
//! `yxsoosorvstep*`) are translated to and from `crate::opening`'s decisions by `opening.rs`.
//! There is no game logic here: legality and fouls come from [`crate::board`], moves from
//! [`crate::search`], swap2 and renju opening decisions from `crate::opening`,
//! balancing stones from `crate::analysis::balance`, the moves that hold against a threat from
//! `crate::analysis::defend`.
//!
//! The same protocol runs [`Embedded`] in a host's own thread (`embedded.rs`, the browser's Web
//! Worker): a line in, its answers out through the host's sink, no reader thread.

mod block;
mod command;
mod config;
mod embedded;
mod machine;
mod opening;
mod output;
mod reader;
mod report;
mod session;
mod settings;
mod table;
mod think;

use crate::search::Searcher;
pub use embedded::Embedded;
use output::Output;
use reader::{exit_now, Control, Event};
use session::Session;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{mpsc, Arc};

/// Stack of the worker thread (deep searches recurse).
const WORKER_STACK: usize = 64 << 20;

/// Runs the engine on stdin/stdout until `END` or end of input; never returns.
pub fn run() -> ! {
    run_with(Searcher::new())
}

/// [`run`] with a searcher set up by the caller (features switched for A/B matches).
pub fn run_with(searcher: Searcher) -> ! {
    session::process_start();
    machine::hand_back_large_blocks();
    // Nothing may reach stderr: a panic becomes one ERROR line (see `work`).
    std::panic::set_hook(Box::new(|_| {}));
    let out = Output::stdout();
    let control = Arc::new(Control::default());
    let (tx, rx) = mpsc::channel();
    let (done_tx, done) = mpsc::channel();
    let worker = {
        let (out, control) = (out.clone(), Arc::clone(&control));
        std::thread::Builder::new()
            .name("worker".into())
            .stack_size(WORKER_STACK)
            .spawn(move || {
                work(&rx, out, control, searcher);
                let _ = done_tx.send(());
            })
    };
    let worker = match worker {
        Ok(w) => w,
        Err(_) => {
            out.error("cannot start the worker thread");
            exit_now(&control, &out);
        }
    };
    let stdin = std::io::stdin();
    reader::read_loop(stdin.lock(), &tx, &control);
    reader::exit_when_done(worker, &done, &control, &out)
}

/// The worker: handles queued lines in order until end of input.
fn work(rx: &mpsc::Receiver<Event>, out: Output, control: Arc<Control>, searcher: Searcher) {
    let mut session = Session::new(out.clone(), Arc::clone(&control));
    session.searcher = searcher;
    session.load_config();
    while let Ok(Event::Line(line)) = rx.recv() {
        if catch_unwind(AssertUnwindSafe(|| session.handle(&line))).is_err() {
            session.reset_block();
            out.error("internal error");
        }
    }
}
