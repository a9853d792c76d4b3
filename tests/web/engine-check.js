// The engine worker's check page's script (tests/web_engine.py): makes engines with the site's
// kakugo-engine.js and keeps what each says, with the time it was heard.
import { KakugoEngine } from './kakugo-engine.js';

window.heard = [];
window.engines = [];
window.makeEngine = () => {
  const i = window.engines.length;
  window.heard.push([]);
  window.engines.push(new KakugoEngine((line) => window.heard[i].push([performance.now(), line])));
  return i;
};
window.ready = true;

/** The search bench in the page itself (the main thread waits for it): its two lines. */
window.bench = async () => {
  const glue = await import('./kakugo_web.js');
  await glue.default();
  globalThis.kakugoOutput = () => {};
  return glue.bench('search');
};
