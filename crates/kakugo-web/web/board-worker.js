// The web board's session in a Web Worker, for the board page served as static files: the
// arena's session compiled to WebAssembly (`Board`, crates/kakugo-web/src/board.rs), ticked
// from a timer. Each message from the page is one JSON request, as the arena's WebSocket
// carries it, and each message back is one JSON message for the page. The board's engine is
// Kakugo in engine workers started from here (kakugo-engine.js), the session's lines to them
// carried both ways.
import init, { Board } from './kakugo_web.js';
import { KakugoEngine } from './kakugo-engine.js';

/** How often the session looks at its engines and clocks (ms), as the arena's server does. */
const TICK_MS = 20;

let board = null;
const early = [];
const engines = new Map();

// A panic in the session is said once before its instance stops.
globalThis.kakugoOutput = (line) => postMessage(JSON.stringify({ t: 'error', msg: line }));

/** Carries the session's work to its engine workers and its messages to the page. */
function flush() {
  for (;;) {
    const work = board.take_engine_work();
    if (!work) break;
    for (const text of work.split('\n')) {
      const w = JSON.parse(text);
      if (w.start) {
        const id = w.engine;
        engines.set(id, new KakugoEngine((line) => {
          // The worker failing, or the engine's instance stopping, is the engine crashing.
          if (/^ERROR the engine (worker failed|stopped)/.test(line)) board.engine_failed(id);
          else board.engine_line(id, line);
        }));
      } else if (w.end) {
        engines.get(w.engine)?.end();
        engines.delete(w.engine);
      } else {
        engines.get(w.engine)?.send(w.line);
      }
    }
  }
  const out = board.take_output();
  if (out) for (const m of out.split('\n')) postMessage(m);
}

function step(request) {
  try {
    if (request !== undefined) board.handle(request);
    board.tick();
    flush();
  } catch (e) {
    postMessage(JSON.stringify({ t: 'error', msg: `the board stopped: ${e}` }));
    board = null;
  }
}

onmessage = (e) => {
  if (board) step(String(e.data));
  else early.push(String(e.data));
};

init().then(() => {
  board = new Board();
  for (const m of early.splice(0)) step(m);
  step();
  setInterval(() => board && step(), TICK_MS);
});
