//! Kakugo in the browser: the engine compiled to WebAssembly behind wasm-bindgen, for a Web
//! Worker (`web/engine-worker.js`) or Node. [`Engine`] takes the protocol lines the native
//! engine reads on stdin and hands every line it writes to the host's global
//! `kakugoOutput(line)` as it is written, so a search's reports reach the page while it runs;
//! [`bench`] is `pbrain-kakugo bench`, returned as text. The engine itself is the library's
//! (`kakugo::protocol::Embedded`): one search thread, the clock of `kakugo::clock`, and a table
//! sized for a browser tab ([`BROWSER_MEMORY`]) until the manager sends its own `max_memory`.
//! [`board::Board`] is the web board's session for the board's worker (`web/board-worker.js`),
//! its engine in engine workers: the glue between the arena's session and the engine.

pub mod board;

use kakugo::protocol::Embedded;
use kakugo::search::Searcher;
use wasm_bindgen::prelude::wasm_bindgen;

/// The memory the engine holds itself to in a browser tab (`INFO max_memory`), before the
/// manager says otherwise: 256 MB, of which the hash table gets about half.
pub const BROWSER_MEMORY: u64 = 256 << 20;

#[wasm_bindgen]
extern "C" {
    /// The host's sink for the engine's output lines: `globalThis.kakugoOutput`.
    #[wasm_bindgen(js_name = kakugoOutput)]
    pub(crate) fn output(line: &str);
}

/// One engine, as a process on stdin/stdout would be.
#[wasm_bindgen]
pub struct Engine {
    inner: Embedded,
}

#[wasm_bindgen]
impl Engine {
    /// A new engine, held to [`BROWSER_MEMORY`].
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Engine {
        // A panic stops the WebAssembly instance for good (there is no unwinding there): the
        // page is told why before the call fails.
        std::panic::set_hook(Box::new(|p| {
            output(&format!("ERROR internal error: {p}").replace('\n', " "))
        }));
        let mut inner = Embedded::new(output);
        inner.line(&format!("INFO max_memory {BROWSER_MEMORY}"));
        Engine { inner }
    }

    /// Handles one protocol line, thinking to the end if it asks to; its answers have gone to
    /// `kakugoOutput` when this returns. False once `END` was read.
    pub fn line(&mut self, text: &str) -> bool {
        self.inner.line(text)
    }
}

/// The benchmarks of `pbrain-kakugo bench` (`part`: "board", "search" or "" for both): the
/// lines it prints, joined by newlines; the search bench's last line is `Bench: N`.
#[wasm_bindgen]
pub fn bench(part: &str) -> String {
    let mut lines = Vec::new();
    if part != "search" {
        lines.extend(kakugo::bench::board_lines());
    }
    if part != "board" {
        lines.extend(kakugo::bench::search_lines(Searcher::new()));
    }
    lines.join("\n")
}
