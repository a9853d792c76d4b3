// The WebAssembly engine under Node, through the same protocol lines a manager sends: ABOUT,
// then a renju game on 15x15 played to its end by two engines (one a side, 100 ms a move), each
// answer checked to be an empty cell of the board, until a five or a full board. Black plays no
// foul while any other cell is left: a third engine, told each move with PLAY, lists the fouls
// (YXSHOWFORBID), and an overline is checked here too. Run on the site scripts/build-web.sh writes.
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
const referee = new glue.Engine();
for (const e of [black, white, referee]) assert.deepEqual(send(e, ...setup), ['OK']);

/** The cells the referee calls Black's fouls now, as `x,y`. */
function fouls() {
  const lines = send(referee, 'YXSHOWFORBID');
  assert.equal(lines.length, 1, `one FORBID line in ${JSON.stringify(lines)}`);
  const m = /^FORBID ((?:\d{4})*)\.$/.exec(lines[0]);
  assert.ok(m, `a FORBID line: ${lines[0]}`);
  return new Set((m[1].match(/\d{4}/g) ?? []).map((d) => `${+d.slice(0, 2)},${+d.slice(2)}`));
}

/** Whether every empty cell is in `set`. */
function allIn(set) {
  return cell.every((col, a) => col.every((v, b) => v !== 0 || set.has(`${a},${b}`)));
}

let [x, y] = move(send(black, 'BEGIN'));
let c = 1;
let plies = 1;
let winner;
const played = [];
for (;;) {
  assert.ok(x < N && y < N && cell[x][y] === 0, `ply ${plies}: ${x},${y} is not an empty cell`);
  // Black plays a foul only when nothing else is left (he must, and loses).
  const foul = c === 1 ? fouls() : new Set();
  const forced = c === 1 && allIn(foul);
  assert.ok(forced || !foul.has(`${x},${y}`), `black played a foul: ${played.join(' ')} ${x},${y}`);
  cell[x][y] = c;
  played.push(`${x},${y}`);
  assert.deepEqual(send(referee, `PLAY ${x},${y}`), [`${x},${y}`]);
  const n = longest(x, y, c);
  assert.ok(!(c === 1 && n > 5 && !forced), `black played an overline: ${played.join(' ')}`);
  if (forced) {
    winner = 'white (Black had nothing but fouls left)';
    break;
  }
  if (n >= 5) {
    winner = `${c === 1 ? 'black' : 'white'} (a five)`;
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
console.log(`wasm engine: a renju game to the end, ${plies} plies, won by ${winner}`);
