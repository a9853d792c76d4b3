// Kakugo's engine in a Web Worker: each message the page posts is one protocol line, as on the
// engine's stdin; each line the engine writes comes back as one message, as on its stdout, and
// a search's reports arrive while it runs, and `{ done: true }` follows each line handled.
// Lines posted during a search wait in the worker's queue and are handled in order once it
// ends; STOP is answered by the page's side, kakugo-engine.js, which ends this worker.
import init, { Engine } from './kakugo_web.js';

const queue = [];
let engine = null;

globalThis.kakugoOutput = (line) => postMessage(line);

function drain() {
  while (engine && queue.length) {
    let more = false;
    try {
      more = engine.line(queue.shift());
    } catch (e) {
      // The engine's instance stopped (a panic, said in an ERROR line just before).
      postMessage(`ERROR the engine stopped: ${e}`);
    }
    postMessage({ done: true });
    if (!more) {
      engine = null;
      close();
    }
  }
}

onmessage = (e) => {
  queue.push(String(e.data));
  drain();
};

init().then(() => {
  engine = new Engine();
  drain();
});
