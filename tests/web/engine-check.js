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
