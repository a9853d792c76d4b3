//! The lines between the web board and one engine, wherever the engine runs: a line out, the
//! reply lines that have arrived (never a wait), the end. Natively the engine is a child process
//! ([`processes`]); in the browser it is an engine Web Worker of the page, the lines carried by
//! `crates/kakugo-web`. The session polls a link from its tick, so nothing here blocks but the
//! process's end (END, then a short grace before the kill).

use crate::config::EngineSpec;
use crate::reply::Failure;

/// One engine's lines.
pub trait Link: Send {
    /// Sends one command line (to an engine that has gone: ignored, the next poll says so).
    fn send(&mut self, line: &str);
    /// The next reply line if one has arrived; `Err(Failure::Crash)` once the engine has gone.
    fn poll(&mut self) -> Option<Result<String, Failure>>;
    /// Ends the engine.
    fn end(self: Box<Self>);
}

/// Starts the engine of a spec, or says why it cannot start.
pub type Launch = Box<dyn FnMut(&EngineSpec) -> Result<Box<dyn Link>, String> + Send>;

/// Engines as child processes (`EngineSpec::cmd` through the shell).
#[cfg(feature = "native")]
pub fn processes() -> Launch {
    Box::new(|spec: &EngineSpec| {
        let e =
            crate::engine::Engine::spawn(&spec.cmd).map_err(|e| format!("cannot start: {e}"))?;
        Ok(Box::new(Process(e)) as Box<dyn Link>)
    })
}

/// A child process's pipes.
#[cfg(feature = "native")]
struct Process(crate::engine::Engine);

#[cfg(feature = "native")]
impl Link for Process {
    fn send(&mut self, line: &str) {
        self.0.send(line);
    }

    fn poll(&mut self) -> Option<Result<String, Failure>> {
        self.0.try_line()
    }

    fn end(self: Box<Self>) {
        let mut e = self.0;
        e.send_end();
        e.finish(std::time::Instant::now() + crate::engine::END_GRACE);
    }
}
