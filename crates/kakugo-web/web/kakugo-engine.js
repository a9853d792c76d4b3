// The page's side of the engine worker: one engine, driven with protocol lines as a manager
// drives a process over its pipes. `send(line)` posts a line; every line the engine writes
// arrives at `onLine(line)`, live while it searches.
//
// STOP: the worker handles one line at a time and cannot read a message while a search runs
// (the browser gives it one thread, and a stop flag shared with the page would need a
// SharedArrayBuffer, which a plain static host cannot offer: it takes cross-origin isolation
// headers). So `stop()` answers it here: if a line is being handled, the worker is ended, the
// search's answer is the best move it last reported (`MESSAGE REALTIME BEST`, the first move of
// its principal variation, which is what the engine itself answers when stopped), and a fresh
// worker is started with the settings sent so far (START and INFO lines) and the lines that
// were still waiting. A line handled to its end in the meantime needs no stop: as in the native
// engine, a STOP with nothing to stop is answered by nothing. The fresh worker's answers to the
// settings replayed (START's `OK`) are not passed on: the manager had them from the first.

/** The lines that set the engine up, replayed to a restarted worker. */
const SETUP = /^(START|RECTSTART|RESTART|INFO)\b/i;
/** The commands that think (answering a move or a report); `BOARD` and `SWAP2BOARD` think at
 * their `DONE`. */
const THINKS = /^(BEGIN|TURN|YXNBEST|YXBALANCE|YXSWAP2|YXSOOSORV|YXDEFEND)/i;
const THINKING_BLOCK = /^(BOARD|SWAP2BOARD)$/i;
const BLOCK = /^(BOARD|YXBOARD|SWAP2BOARD)$/i;

export class KakugoEngine {
  /** An engine whose output lines go to `onLine`; `url` is the worker script. */
  constructor(onLine, url = new URL('./engine-worker.js', import.meta.url)) {
    this.onLine = onLine;
    this.url = url;
    /** The START and INFO lines sent since the last START. */
    this.setup = [];
    /** Lines posted and not yet handled, the one being handled first: { text, thinks, quiet }
     * (a quiet line's output is dropped: a setting replayed after a restart). */
    this.pending = [];
    /** The block last opened (its `DONE` thinks if it is `BOARD` or `SWAP2BOARD`). */
    this.block = null;
    /** The best move of the search under way, as last reported (`x,y`). */
    this.best = null;
    /** How many times `stop` ended a worker. */
    this.restarts = 0;
    this.start();
  }

  start() {
    this.worker = new Worker(this.url, { type: 'module' });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.onLine(`ERROR the engine worker failed: ${e.message}`);
  }

  receive(data) {
    if (typeof data === 'object' && data !== null && 'done' in data) {
      this.pending.shift();
      this.best = null;
      return;
    }
    if (this.pending[0]?.quiet) return;
    const line = String(data);
    const best = /^MESSAGE REALTIME BEST (\d+,\d+)$/.exec(line);
    if (best) this.best = best[1];
    this.onLine(line);
  }

  /** Posts one protocol line (`STOP` and `YXSTOP` are [`stop`]); the output of a `quiet` one
   * is dropped. */
  send(line, quiet = false) {
    const text = String(line).trim();
    if (!text) return;
    if (/^(STOP|YXSTOP)$/i.test(text)) return this.stop();
    if (/^(START|RECTSTART)\b/i.test(text)) this.setup = [];
    if (SETUP.test(text)) this.setup.push(text);
    let thinks = THINKS.test(text);
    if (BLOCK.test(text)) this.block = text;
    if (/^DONE$/i.test(text)) {
      thinks = THINKING_BLOCK.test(this.block ?? '');
      this.block = null;
    }
    this.pending.push({ text, thinks, quiet });
    this.worker.postMessage(text);
  }

  /** Whether a line is being handled or waits. */
  busy() {
    return this.pending.length > 0;
  }

  /** Cuts the line being handled short (see the notes above). */
  stop() {
    if (!this.busy()) return;
    const [running, ...waiting] = this.pending;
    this.worker.terminate();
    if (running.thinks) {
      this.onLine(this.best ?? 'ERROR stopped before any move was reported');
    }
    this.best = null;
    this.pending = [];
    this.restarts++;
    this.start();
    const setup = this.setup;
    this.setup = [];
    const rest = waiting.map((l) => l.text).filter((l) => !SETUP.test(l));
    for (const l of setup) this.send(l, true);
    for (const l of rest) this.send(l);
  }

  /** Ends the engine. */
  end() {
    this.worker.terminate();
    this.pending = [];
  }
}
