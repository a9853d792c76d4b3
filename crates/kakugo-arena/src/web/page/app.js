// Kakugo's web board: draws the state the session sends and sends the player's requests back.
// The session referees everything; this page only shows and asks. One page, two transports:
// served by the arena (`kakugo-arena web`), the session is the arena's, over a WebSocket;
// served as static files (scripts/build-web.sh writes `content="static"` into the page's
// `kakugo-board` meta tag), the same session runs in a Web Worker of this page
// (board-worker.js, WebAssembly), the same JSON messages carried by postMessage, its engine
// Kakugo in engine workers of its own. What only the arena has (other engines, the choice of
// the analysing engine) hides itself there.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const CELL = 1;
const PAD = 1.1;

const STATIC = document.querySelector('meta[name="kakugo-board"]')?.content === "static";
/** The session's end: `send(text)`, `open()`. */
let link = null;
let state = null;
let hello = null;
let report = null;
let reportPly = -1;
let best = [];
let pending = [];
let cursor = null;
let keyboardUsed = false;
let stateAt = Date.now();
let retry = 500;
const sessionId = (() => {
  let id = sessionStorage.getItem("kakugo-session");
  if (!id) {
    const a = new Uint8Array(12);
    crypto.getRandomValues(a);
    id = Array.from(a, (b) => (b % 36).toString(36)).join("");
    sessionStorage.setItem("kakugo-session", id);
  }
  return id;
})();

// Pos notation: column letter from a, row number from 1 at the top.
const cellName = (x, y) => String.fromCharCode(97 + x) + (y + 1);
const cellXY = (name) => [name.charCodeAt(0) - 97, parseInt(name.slice(1), 10) - 1];

function send(msg) {
  if (link && link.open()) link.send(JSON.stringify(msg));
  else toast("not connected");
}

function toast(text) {
  $("toast").textContent = text;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => ($("toast").textContent = ""), 6000);
}

function connect() {
  if (STATIC) return startWorker();
  const ws = new WebSocket(`ws://${location.host}/ws?session=${sessionId}`);
  link = { send: (text) => ws.send(text), open: () => ws.readyState === WebSocket.OPEN };
  ws.onopen = () => {
    retry = 500;
    $("conn").textContent = "connected";
    $("conn").classList.remove("down");
  };
  ws.onclose = () => {
    $("conn").textContent = "reconnecting…";
    $("conn").classList.add("down");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
  ws.onmessage = (ev) => receive(ev.data);
}

// The session in a worker of this page: it lives as long as the page.
function startWorker() {
  const worker = new Worker("board-worker.js", { type: "module" });
  link = { send: (text) => worker.postMessage(text), open: () => true };
  worker.onmessage = (ev) => receive(ev.data);
  worker.onerror = (e) => {
    $("conn").textContent = "stopped";
    $("conn").classList.add("down");
    toast(`the board's worker failed: ${e.message || "no reason given"}`);
  };
  $("conn").textContent = "in this page";
  document.body.classList.add("static-site");
}

function receive(data) {
  let m;
  try {
    m = JSON.parse(data);
  } catch (e) {
    return;
  }
  if (m.t === "hello") onHello(m);
  else if (m.t === "state") onState(m);
  else if (m.t === "report") onReport(m);
  else if (m.t === "best") onBest(m);
  else if (m.t === "error") toast(m.msg);
  else if (m.t === "failure") toast(m.msg);
  else if (m.t === "file") download(m.name, m.text);
}

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

function onHello(m) {
  hello = m;
  const rule = $("rule");
  if (!rule.options.length) m.rules.forEach((r) => rule.append(option(r, r)));
  const size = $("size");
  if (!size.options.length) {
    for (let n = m.sizes[0]; n <= m.sizes[1]; n++) size.append(option(String(n), `${n}×${n}`));
    size.value = "15";
  }
  for (const id of ["black", "white", "analysis-engine"]) {
    const sel = $(id);
    const keep = sel.value;
    sel.innerHTML = "";
    if (id !== "analysis-engine") sel.append(option("human", "Human"));
    m.engines.forEach((e, i) => sel.append(option(String(i), e.name)));
    if (keep) sel.value = keep;
  }
  if (!$("white").dataset.init && m.engines.length) {
    $("white").value = "0";
    $("white").dataset.init = "1";
  }
  $("analyse").disabled = $("best").disabled = !m.engines.length;
}

function onState(m) {
  const changed = !state || state.moves.join() !== m.moves.join() || state.w !== m.w;
  if (changed || !state) stateAt = Date.now();
  state = m;
  window.kakugo.state = m;
  // When the first stone came (ms since the page started): the time to a first move.
  if (m.moves.length && window.kakugo.firstMoveAt == null) window.kakugo.firstMoveAt = performance.now();
  if (changed) {
    best = [];
    $("best-list").innerHTML = "";
  }
  const prompt = m.opening && m.opening.prompt;
  if (!prompt) pending = [];
  if (!cursor || cursor[0] >= m.w || cursor[1] >= m.h) cursor = [m.w >> 1, m.h >> 1];
  draw();
  panel();
}

function onReport(m) {
  report = m;
  reportPly = m.ply;
  window.kakugo.reports.push(m);
  const r = m.report;
  $("report-name").textContent = `${nameOf(m.engine)} (${m.colour} to move)`;
  $("r-depth").textContent = r.depth != null ? `${r.depth}${r.seldepth != null ? "-" + r.seldepth : ""}` : "–";
  $("r-eval").textContent = r.eval ?? "–";
  $("r-nps").textContent = r.nps != null ? human(r.nps) + "n/s" : "–";
  $("r-nodes").textContent = r.nodes != null ? human(r.nodes) : "–";
  $("r-time").textContent = r.ms != null ? (r.ms / 1000).toFixed(1) + " s" : "–";
  $("r-pv").textContent = r.pv.length ? r.pv.join(" ") : "–";
  if (r.winrate != null) {
    // The bar shows Black's share: white fill from the left is Black's chance.
    const black = m.colour === "Black" ? r.winrate : 1 - r.winrate;
    $("winbar-fill").style.width = (black * 100).toFixed(1) + "%";
    $("winbar-text").textContent = `Black ${(black * 100).toFixed(1)}%`;
  }
  draw();
}

// The report panel as before any engine spoke (a new game's board owes nothing to the last one).
function clearReport() {
  report = null;
  $("report-name").textContent = "idle";
  for (const id of ["r-depth", "r-eval", "r-nps", "r-nodes", "r-time", "r-pv"]) $(id).textContent = "–";
  $("winbar-fill").style.width = "50%";
  $("winbar-text").textContent = "";
}

function onBest(m) {
  best = m.lines.slice().sort((a, b) => a.multipv - b.multipv);
  $("best-list").innerHTML = "";
  for (const b of best) {
    const li = document.createElement("li");
    li.textContent = `${b.pv[0] || "?"}  ev ${b.eval ?? "?"}  d ${b.depth ?? "?"}  ${b.pv.slice(1).join(" ")}`;
    $("best-list").append(li);
  }
  draw();
}

function nameOf(i) {
  return hello && hello.engines[i] ? (state && state.engines[i] ? state.engines[i].name : hello.engines[i].name) : `engine ${i}`;
}

function human(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(2) + "G";
  if (n >= 1e6) return (n / 1e6).toFixed(2) + "M";
  if (n >= 1e3) return (n / 1e3).toFixed(1) + "K";
  return String(n);
}

function el(name, attrs, parent, text) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text != null) e.textContent = text;
  if (parent) parent.append(e);
  return e;
}

function stone(g, x, y, colour, cls, label) {
  el("circle", { cx: x, cy: y, r: 0.46, class: `stone ${colour} ${cls || ""}`,
    fill: colour === "black" ? "#111" : "#fafafa", stroke: "#222", "stroke-width": 0.04 }, g);
  if (label != null) {
    el("text", { x, y: y + 0.15, "text-anchor": "middle", "font-size": label.length > 2 ? 0.34 : 0.42,
      fill: colour === "black" ? "#fff" : "#111" }, g, label);
  }
}

function draw() {
  if (!state) return;
  const svg = $("board");
  const { w, h } = state;
  svg.setAttribute("viewBox", `${-PAD} ${-PAD} ${w - 1 + 2 * PAD} ${h - 1 + 2 * PAD}`);
  svg.innerHTML = "";
  const g = el("g", {}, svg);
  for (let i = 0; i < w; i++) {
    el("line", { x1: i, y1: 0, x2: i, y2: h - 1, stroke: "#5a4520", "stroke-width": 0.03 }, g);
    el("text", { x: i, y: -0.65, "text-anchor": "middle", "font-size": 0.38, fill: "#3a2a10" }, g,
      String.fromCharCode(97 + i));
  }
  for (let j = 0; j < h; j++) {
    el("line", { x1: 0, y1: j, x2: w - 1, y2: j, stroke: "#5a4520", "stroke-width": 0.03 }, g);
    el("text", { x: -0.7, y: j + 0.13, "text-anchor": "middle", "font-size": 0.36, fill: "#3a2a10" }, g,
      String(j + 1));
  }
  if (w % 2 && h % 2) el("circle", { cx: (w - 1) / 2, cy: (h - 1) / 2, r: 0.09, fill: "#5a4520" }, g);
  const opening = state.opening;
  const moves = opening ? opening.stones : state.moves;
  const occupied = new Set(moves);
  const numbers = $("numbers").checked;
  moves.forEach((m, i) => {
    const [x, y] = cellXY(m);
    const s = el("g", { "data-stone": m, "data-colour": i % 2 ? "white" : "black" }, g);
    stone(s, x, y, i % 2 ? "white" : "black", "", numbers ? String(i + 1) : null);
  });
  const last = moves[moves.length - 1];
  if (last) {
    const [x, y] = cellXY(last);
    el("circle", { cx: x, cy: y, r: 0.5, fill: "none", stroke: "#e33", "stroke-width": 0.07, id: "last-move" }, g);
  }
  if (!opening) {
    for (const f of state.forbidden) {
      const [x, y] = cellXY(f);
      el("path", { d: `M${x - 0.18} ${y - 0.18}L${x + 0.18} ${y + 0.18}M${x + 0.18} ${y - 0.18}L${x - 0.18} ${y + 0.18}`,
        stroke: "#d11", "stroke-width": 0.08, class: "forbidden", "data-forbidden": f }, g);
    }
    // The engine's principal variation as numbered ghost stones, while it fits the position.
    if (report && reportPly === state.moves.length && state.thinking) {
      const first = state.moves.length % 2 ? "white" : "black";
      let n = 0;
      for (const p of report.report.pv) {
        if (occupied.has(p)) break;
        occupied.add(p);
        const [x, y] = cellXY(p);
        const colour = n % 2 ? (first === "black" ? "white" : "black") : first;
        const ghost = el("g", { opacity: 0.5, class: "ghost", "data-ghost": p }, g);
        stone(ghost, x, y, colour, "", String(++n));
        if (n >= 12) break;
      }
    }
    best.forEach((b, k) => {
      if (!b.pv[0] || occupied.has(b.pv[0])) return;
      const [x, y] = cellXY(b.pv[0]);
      el("circle", { cx: x, cy: y, r: 0.36, fill: "#1f6feb", opacity: 0.75, class: "candidate" }, g);
      el("text", { x, y: y + 0.14, "text-anchor": "middle", "font-size": 0.4, fill: "#fff" }, g, String(k + 1));
    });
  } else {
    const prompt = opening.prompt && opening.prompt.question;
    if (prompt) {
      for (const o of prompt.offers) {
        const [x, y] = cellXY(o);
        el("circle", { cx: x, cy: y, r: 0.4, fill: "none", stroke: "#1f6feb", "stroke-width": 0.08, class: "offer" }, g);
      }
    }
    pending.forEach((p, i) => {
      const [x, y] = cellXY(p);
      const colour = pendingColour(i);
      const s = el("g", { opacity: 0.65, class: "pending", "data-pending": p }, g);
      stone(s, x, y, colour, "", String(moves.length + i + 1));
    });
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      el("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: "hit", "data-pos": cellName(x, y) }, g);
    }
  }
  el("rect", { width: 0.96, height: 0.96, class: "cursor", id: "cursor" }, g);
  placeCursor();
}

// The keyboard cursor is moved and shown without redrawing the board (a redraw between a
// mouse press and its release would lose the click).
function placeCursor() {
  const c = $("cursor");
  if (!c || !cursor) return;
  c.setAttribute("x", cursor[0] - 0.48);
  c.setAttribute("y", cursor[1] - 0.48);
  c.style.visibility = document.activeElement === $("board") && keyboardUsed ? "visible" : "hidden";
}

function pendingColour(i) {
  const q = state.opening.prompt.question;
  const base = q.stones.length;
  // Offers are all Black's fifth move; other placements alternate from the next colour.
  if (state.opening.prompt.question.text.startsWith("Offer")) return "black";
  return (base + i) % 2 ? "white" : "black";
}

function seatText(s) {
  return s.kind === "human" ? "Human" : s.name;
}

function clock(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// The players' clocks: the time used, counting on for the side to move between states.
function clocks() {
  const m = state;
  if (!m) return;
  const players = $("players");
  players.innerHTML = "";
  const running = !m.result && !m.opening && !(m.paused && m.seats[m.to_move === "Black" ? 0 : 1].kind === "engine");
  ["Black", "White"].forEach((c, i) => {
    const span = document.createElement("span");
    const used = m.used[i] + (c === m.to_move && running ? Date.now() - stateAt : 0);
    span.textContent = `${c === "Black" ? "●" : "○"} ${seatText(m.seats[i])} ${clock(used)}` +
      (m.match_ms ? ` / ${clock(m.match_ms)}` : "");
    if (c === m.to_move && !m.result && !m.opening) span.className = "tomove";
    players.append(span);
  });
}

function panel() {
  const m = state;
  const tomove = m.to_move;
  clocks();
  const st = $("status");
  st.innerHTML = "";
  const line = document.createElement("span");
  if (m.result) {
    line.className = "result";
    line.id = "result";
    line.textContent = (m.result.winner ? `${m.result.winner} wins` : "Draw") + `: ${m.result.reason}`;
  } else if (m.opening) {
    const o = m.opening;
    line.textContent = o.prompt ? `Opening (${o.rule}): your decision as the ${o.prompt.seat} player`
      : o.deciding ? `Opening (${o.rule}): ${o.deciding.name} is deciding…` : `Opening (${o.rule})`;
  } else if (m.thinking) {
    const t = m.thinking;
    line.textContent = t.work === "analysis" ? `${t.name} is analysing… (Stop ends it)`
      : t.work === "best" ? `${t.name} is finding the best moves…` : `${t.name} is thinking…`;
  } else {
    const who = m.seats[tomove === "Black" ? 0 : 1];
    line.textContent = `Move ${m.moves.length + 1}: ${tomove} to play` +
      (who.kind === "engine" ? (m.paused ? ` (${who.name} waits: press Go)` : "") : "");
  }
  st.append(line);
  if (m.notice) {
    const n = document.createElement("div");
    n.id = "notice";
    n.textContent = m.notice;
    st.append(n);
  }
  if (m.steps.length) {
    const d = document.createElement("div");
    d.className = "muted";
    d.textContent = "Opening: " + m.steps.join("; ");
    st.append(d);
  }
  const list = $("moves");
  list.innerHTML = "";
  m.moves.forEach((mv) => {
    const li = document.createElement("li");
    li.textContent = mv;
    list.append(li);
  });
  list.scrollTop = list.scrollHeight;
  $("undo").disabled = !m.moves.length || !!m.opening;
  $("redo").disabled = !m.redo || !!m.opening;
  $("stop").disabled = !m.thinking;
  $("analyse").textContent = m.analysis != null ? "Stop analysis" : "Analyse";
  if (!m.thinking && report && reportPly !== m.moves.length) {
    $("report-name").textContent = "idle";
  }
  openingBox();
}

function openingBox() {
  const box = $("opening-box");
  const p = state.opening && state.opening.prompt;
  box.hidden = !p;
  if (!p) return;
  const q = p.question;
  $("opening-text").textContent = q.text + (pending.length ? `  Placed: ${pending.join(" ")}` : "");
  $("n-label").hidden = !q.ask_n;
  $("opening-swap").hidden = !(q.swap && !q.yes_no);
  $("opening-yes").hidden = $("opening-no").hidden = !q.yes_no;
  $("opening-done").hidden = $("opening-clear").hidden = q.yes_no;
}

function clickCell(name) {
  if (!state) return;
  const p = state.opening && state.opening.prompt;
  if (state.opening) {
    if (!p) return toast("the opening is waiting for the engine");
    const q = p.question;
    if (q.yes_no) return toast("answer Yes or No");
    if (q.offers.length) {
      if (!q.offers.includes(name)) return toast(`${name} was not offered`);
      return send({ t: "answer", stones: [name] });
    }
    if (q.stones.includes(name)) return toast(`${name} is taken`);
    const at = pending.indexOf(name);
    if (at >= 0) pending.splice(at, 1);
    else if (pending.length < q.place[1]) pending.push(name);
    else return toast(`place ${q.place[1]} stone(s) at most`);
    draw();
    openingBox();
    return;
  }
  send({ t: "move", pos: name, edit: $("edit").checked });
}

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.kakugo.files.push({ name, text });
}

function newGame(ev) {
  ev.preventDefault();
  const size = parseInt($("size").value, 10);
  const seat = (v) => (v === "human" ? null : parseInt(v, 10));
  clearReport();
  send({
    t: "new", rule: $("rule").value, w: size, h: size,
    black: seat($("black").value), white: seat($("white").value),
    turn_ms: Math.round(parseFloat($("turn").value || "0") * 1000),
    match_ms: Math.round(parseFloat($("game").value || "0") * 1000),
    opening: $("opening").value,
  });
}

function wire() {
  $("board").addEventListener("click", (ev) => {
    const t = ev.target.closest("[data-pos]");
    if (t) {
      cursor = cellXY(t.dataset.pos);
      clickCell(t.dataset.pos);
    }
  });
  $("board").addEventListener("keydown", (ev) => {
    if (!state || !cursor) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    keyboardUsed = true;
    if (moves[ev.key]) {
      cursor = [Math.min(state.w - 1, Math.max(0, cursor[0] + moves[ev.key][0])),
        Math.min(state.h - 1, Math.max(0, cursor[1] + moves[ev.key][1]))];
      ev.preventDefault();
      placeCursor();
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      clickCell(cellName(cursor[0], cursor[1]));
    }
  });
  $("board").addEventListener("focus", placeCursor);
  $("board").addEventListener("blur", placeCursor);
  $("board").addEventListener("mousedown", () => (keyboardUsed = false));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, select, textarea")) return;
    if (ev.key === "u") send({ t: "undo" });
    else if (ev.key === "r") send({ t: "redo" });
  });
  $("undo").onclick = () => send({ t: "undo" });
  $("redo").onclick = () => send({ t: "redo" });
  $("go").onclick = () => send({ t: "go" });
  $("stop").onclick = () => send({ t: "stop" });
  $("numbers").onchange = draw;
  $("analyse").onclick = () => {
    if (state && state.analysis != null) send({ t: "stop" });
    else send({ t: "analyze", engine: parseInt($("analysis-engine").value, 10) });
  };
  $("best").onclick = () => send({ t: "best", engine: parseInt($("analysis-engine").value, 10), n: 3 });
  $("new-game").addEventListener("submit", newGame);
  $("setup").onclick = () => send({ t: "setup", moves: $("pos").value.trim() });
  $("copy").onclick = () => {
    $("pos").value = state ? state.moves.join("") : "";
    $("pos").select();
  };
  $("save-sgf").onclick = () => send({ t: "save", format: "sgf" });
  $("save-psq").onclick = () => send({ t: "save", format: "psq" });
  $("load").onchange = async () => {
    const f = $("load").files[0];
    if (f) send({ t: "load", text: await f.text() });
    $("load").value = "";
  };
  $("opening-clear").onclick = () => {
    pending = [];
    draw();
    openingBox();
  };
  $("opening-done").onclick = () =>
    send({ t: "answer", stones: pending, n: parseInt($("opening-n").value, 10) || null });
  $("opening-swap").onclick = () => send({ t: "answer", swap: true });
  $("opening-yes").onclick = () => send({ t: "answer", swap: true });
  $("opening-no").onclick = () => send({ t: "answer", swap: false });
}

window.kakugo = { state: null, reports: [], files: [], send };
wire();
connect();
setInterval(clocks, 1000);
