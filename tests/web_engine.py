#!/usr/bin/env python3
"""Kakugo's WebAssembly engine in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`) driven by selenium, on the static site scripts/build-web.sh writes, served by
a plain static file server with a check page (tests/web/engine-check.*) beside it.

    python3 tests/web_engine.py target/web [BENCH]

Checks, through the page's side of the engine worker (kakugo-engine.js) as a page drives it:
the engine's first move from a cold page (its time printed); the search bench in the page, its
signature BENCH if given (the native engine's), its nodes/s printed; a renju game on 15x15
between two engines played to its end, every answer an empty cell and none of Black's a foul
(a third engine lists them) unless nothing else is left; analysis whose principal
variation changes while the search runs, then STOP answered with a move and the engine
answering again after it; no request made by the page or its workers outside the site's own
files.
"""

import functools
import http.server
import json
import os
import re
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SITE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/web")
BENCH = sys.argv[2] if len(sys.argv) > 2 else None
CHECK_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "web")
CHECK_FILES = {"engine-check.html": "text/html; charset=utf-8",
               "engine-check.js": "text/javascript; charset=utf-8"}
N = 15


class Handler(http.server.SimpleHTTPRequestHandler):
    """The site's files and the check page's two (tests/web/engine-check.*), each under a
    Content-Security-Policy that lets the page and its workers reach this server only, and has
    the browser report any other request to /csp-report. Every path asked is kept, and every
    report."""

    asked = []
    reports = []

    def end_headers(self):
        self.send_header("Content-Security-Policy",
                         "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; "
                         "report-uri /csp-report")
        super().end_headers()

    def do_GET(self):
        Handler.asked.append(self.path)
        name = self.path.lstrip("/")
        if name in CHECK_FILES:
            with open(os.path.join(CHECK_DIR, name), "rb") as f:
                body = f.read()
            self.send_response(200)
            self.send_header("Content-Type", CHECK_FILES[name])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def do_POST(self):
        n = int(self.headers.get("Content-Length", 0))
        Handler.reports.append((self.path, self.rfile.read(n).decode(errors="replace")))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def serve():
    handler = functools.partial(Handler, directory=SITE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage",
              f"--user-data-dir={tempfile.mkdtemp(prefix='kakugo-chrome-')}"]:
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def wait(drv, cond, timeout=60.0, what="condition"):
    end = time.time() + timeout
    while time.time() < end:
        v = drv.execute_script(cond)
        if v:
            return v
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}: {cond}")


def heard(drv, i):
    return drv.execute_script(f"return window.heard[{i}].map(h => h[1])")


def send(drv, i, *lines):
    drv.execute_script(f"for (const l of arguments[0]) window.engines[{i}].send(l)", list(lines))


def answer(drv, i, since, timeout=60.0):
    """The first move (`x,y`) engine `i` says after its `since` first lines."""
    cond = (f"return window.heard[{i}].slice({since}).map(h => h[1])"
            r".find(l => /^\d+,\d+$/.test(l) || l.startsWith('ERROR'))")
    line = wait(drv, cond, timeout, f"an answer from engine {i}")
    assert not line.startswith("ERROR"), line
    x, y = map(int, line.split(","))
    return x, y


def longest(cell, x, y, c):
    """The longest line of `c` stones the stone at (x, y) makes."""
    best = 0
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            a, b = x + s * dx, y + s * dy
            while 0 <= a < N and 0 <= b < N and cell[a][b] == c:
                n += 1
                a, b = a + s * dx, b + s * dy
        best = max(best, n)
    return best


def first_move(drv):
    """A cold page's first move at 1 s a move: returns ms from the page's start to the answer."""
    wait(drv, "return window.ready", what="the check page")
    i = drv.execute_script("return window.makeEngine()")
    send(drv, i, "START 15", "INFO rule 4", "INFO timeout_turn 1000", "INFO timeout_match 0", "BEGIN")
    answer(drv, i, 0)
    return drv.execute_script(
        f"return window.heard[{i}].find(h => /^\\d+,\\d+$/.test(h[1]))[0]")


def fouls(drv, referee, cell):
    """Black's fouls now, as the referee engine (told each move with PLAY) lists them."""
    since = len(heard(drv, referee))
    send(drv, referee, "YXSHOWFORBID")
    line = wait(drv, f"return window.heard[{referee}].slice({since}).map(h => h[1])"
                ".find(l => l.startsWith('FORBID'))", 60, "the referee's FORBID line")
    m = re.fullmatch(r"FORBID ((?:\d{4})*)\.", line)
    assert m, line
    d = m.group(1)
    return {(int(d[i:i + 2]), int(d[i + 2:i + 4])) for i in range(0, len(d), 4)}


def renju_game(drv):
    black, white, referee = (drv.execute_script("return window.makeEngine()") for _ in range(3))
    for e in (black, white, referee):
        send(drv, e, "START 15", "INFO rule 4", "INFO timeout_turn 100", "INFO timeout_match 0")
    cell = [[0] * N for _ in range(N)]
    seen = {black: 0, white: 0}
    send(drv, black, "BEGIN")
    x, y = answer(drv, black, 0)
    seen[black] = len(heard(drv, black))
    c, plies = 1, 1
    while True:
        assert 0 <= x < N and 0 <= y < N and cell[x][y] == 0, f"ply {plies}: {x},{y} is taken"
        # Black plays a foul only when every empty cell is one (he must, and loses).
        foul = fouls(drv, referee, cell) if c == 1 else set()
        empty = {(a, b) for a in range(N) for b in range(N) if cell[a][b] == 0}
        forced = c == 1 and empty <= foul
        assert forced or (x, y) not in foul, f"ply {plies}: black played a foul at {x},{y}"
        cell[x][y] = c
        send(drv, referee, f"PLAY {x},{y}")
        n = longest(cell, x, y, c)
        assert forced or not (c == 1 and n > 5), f"ply {plies}: black played an overline at {x},{y}"
        if forced:
            return plies, "white (Black had nothing but fouls left)"
        if n >= 5:
            return plies, "black" if c == 1 else "white"
        if plies == N * N:
            return plies, "nobody (a full board)"
        nxt = white if c == 1 else black
        send(drv, nxt, f"TURN {x},{y}")
        x, y = answer(drv, nxt, seen[nxt])
        seen[nxt] = len(heard(drv, nxt))
        c, plies = 3 - c, plies + 1


def analysis(drv):
    """A search without end whose PV changes, then STOP; the engine answers again after it."""
    i = drv.execute_script("return window.makeEngine()")
    send(drv, i, "START 15", "INFO rule 4", "INFO show_detail 3", "INFO timeout_turn 86400000",
         "INFO timeout_match 0", "INFO time_left 2147483647",
         "BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE")
    pvs = wait(drv, f"""const p = [...new Set(window.heard[{i}].map(h => h[1])
                        .filter(l => l.startsWith('MESSAGE REALTIME PV ')))];
                      return p.length >= 3 && p""", 120, "a changing principal variation")
    before = len(heard(drv, i))
    assert not any(l for l in heard(drv, i) if l.count(",") == 1 and "MESSAGE" not in l)
    send(drv, i, "STOP")
    x, y = answer(drv, i, before, 10)
    said = heard(drv, i)
    cut = said.index(f"{x},{y}", before)
    best = [l for l in said[:cut] if l.startswith("MESSAGE REALTIME BEST ")][-1]
    assert best == f"MESSAGE REALTIME BEST {x},{y}", (best, x, y)
    assert drv.execute_script(f"return window.engines[{i}].restarts") == 1
    # The restarted engine holds the settings: a quick move on a new position.
    after = len(heard(drv, i))
    send(drv, i, "INFO timeout_turn 200", "BOARD", "7,7,2", "8,8,1", "7,8,2", "8,7,1", "DONE")
    mv = answer(drv, i, after, 30)
    assert mv not in [(7, 7), (8, 8), (7, 8), (8, 7)], mv
    return len(pvs)


def outside_requests(drv, origin):
    """Every URL the page asked for that is not one of the site's own (Chromium's network log of
    the page), and every request the page or its workers tried outside the server (the
    browser's reports of the Content-Security-Policy's refusals)."""
    ours = set()
    for entry in drv.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg.get("method") == "Network.requestWillBeSent":
            p = msg["params"]
            if p.get("documentURL", "").startswith(origin):
                ours.add(p["request"]["url"])
    ours |= set(drv.execute_script("return performance.getEntriesByType('resource').map(e => e.name)"))
    files = set(os.listdir(SITE)) | set(CHECK_FILES)
    asked = {p.lstrip("/") for p in Handler.asked}
    assert asked <= files, asked - files
    assert {"kakugo_web_bg.wasm", "kakugo_web.js", "engine-worker.js"} <= asked, asked
    outside = {u for u in ours if not (u.startswith(origin) and u[len(origin):] in files)}
    return outside | {body for _, body in Handler.reports}


def main():
    server, url = serve()
    drv = browser()
    drv.set_script_timeout(300)
    try:
        drv.get(url + "engine-check.html")
        ms = first_move(drv)
        print(f"web engine: first move {ms:.0f} ms after the page started (1 s a move)")
        lines = drv.execute_async_script("window.bench().then(arguments[arguments.length - 1])")
        print(f"web engine: in the page: {lines.replace(chr(10), '; ')}")
        if BENCH:
            assert lines.splitlines()[-1] == f"Bench: {BENCH}", (lines, BENCH)
        plies, winner = renju_game(drv)
        print(f"web engine: a renju game to the end, {plies} plies, {winner} made five")
        n = analysis(drv)
        print(f"web engine: analysis showed {n} principal variations, STOP answered")
        outside = outside_requests(drv, url)
        assert not outside, outside
        print("web engine: all checks passed")
    finally:
        drv.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
