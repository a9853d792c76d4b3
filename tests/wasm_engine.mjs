// The WebAssembly engine under Node, through the same protocol lines a manager sends: ABOUT,
// then a renju game on 15x15 played to its end by two engines (one a side, 100 ms a move), each
// answer checked to be an empty cell of the board (and no overline by Black), until a five
// or a full board. Run on the site scripts/build-web.sh writes.
//
// usage: node tests/wasm_engine.mjs [SITE_DIR]   (SITE_DIR: target/web)
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? 'target/web');
const glue = await import(pathToFileURL(path.join(dir, 'kakugo_web.js')).href);
await glue.default({ module_or_path: await readFile(path.join(dir, 'kakugo_web_bg.wasm')) });

let got = [];
globalThis.kakugoOutput = (line) => got.push(line);

/** Sends lines to `engine`; returns what it answered. */
function send(engine, ...lines) {
  got = [];
  for (const l of lines) assert.ok(engine.line(l), `the engine ended at ${l}`);
  return got;
}

/** The move among an engine's answers (the one line that is `x,y`). */
function move(lines) {
  const m = lines.filter((l) => /^\d+,\d+$/.test(l));
  assert.equal(m.length, 1, `one move in ${JSON.stringify(lines)}`);
  return m[0].split(',').map(Number);
}

const N = 15;
const cell = Array.from({ length: N }, () => Array(N).fill(0));

/** The length of the line of `c` stones through (x, y) along (dx, dy). */
function run(x, y, dx, dy, c) {
  let n = 1;
  for (const s of [1, -1]) {
    for (let i = 1; ; i++) {
      const a = x + s * i * dx;
      const b = y + s * i * dy;
      if (a < 0 || b < 0 || a >= N || b >= N || cell[a][b] !== c) break;
      n++;
    }
  }
  return n;
}

/** The longest line the stone just played at (x, y) makes. */
function longest(x, y, c) {
  return Math.max(...[[1, 0], [0, 1], [1, 1], [1, -1]].map(([dx, dy]) => run(x, y, dx, dy, c)));
}

const about = send(new glue.Engine(), 'ABOUT');
assert.match(about[0], /^name="Kakugo"/);

const setup = ['START 15', 'INFO rule 4', 'INFO timeout_turn 100', 'INFO timeout_match 0'];
const black = new glue.Engine();
const white = new glue.Engine();
for (const e of [black, white]) assert.deepEqual(send(e, ...setup), ['OK']);
let [x, y] = move(send(black, 'BEGIN'));
let c = 1;
let plies = 1;
let winner;
const played = [];
for (;;) {
  assert.ok(x < N && y < N && cell[x][y] === 0, `ply ${plies}: ${x},${y} is not an empty cell`);
  cell[x][y] = c;
  played.push(`${x},${y}`);
  const n = longest(x, y, c);
  // Black's overline is a renju foul, which the engine never plays.
  assert.ok(!(c === 1 && n > 5), `black played an overline: ${played.join(' ')}`);
  if (n >= 5) {
    winner = c === 1 ? 'black' : 'white';
    break;
  }
  if (plies === N * N) {
    winner = 'nobody (a full board)';
    break;
  }
  const next = c === 1 ? white : black;
  [x, y] = move(send(next, `TURN ${x},${y}`));
  c = 3 - c;
  plies++;
}
console.log(`wasm engine: a renju game to the end, ${plies} plies, ${winner} made five`);
