#!/usr/bin/env python3
"""The web board in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`)
driven by selenium, against `kakugo-arena web` with the real engine and the arena's fake engines,
or (`--static`) on the static site scripts/build-web.sh writes, served by a plain static file
server, the session and the engine running in the page's Web Workers.

    python3 tests/web_board.py target/release/kakugo-arena target/release/pbrain-kakugo [SHOT.png]
    python3 tests/web_board.py --static target/web [SHOT.png]

Checks, by clicks as a player makes them: a renju game against Kakugo played to its end, with a
click on a forbidden point refused with the referee's reason; Kakugo against itself watched to
the end; analysis showing a principal variation that changes, ghost stones on the board, and
Stop; an engine that crashes and one that hangs reported while the game is kept; a game saved as
SGF and PSQ and loaded back; a page refused when its Host is not the server. Writes a screenshot
of the refused click, one of the analysis and one at a phone's size next to it.

On the static site: the cold page's first move by Kakugo (its time printed); the renju game with
its refusal, SGF and PSQ, the analysis with Stop, Kakugo's move cut short by Stop, a Soosõrv-8
opening against Kakugo; the arena's engine choice hidden; every file fetched one of the site's,
under a Content-Security-Policy that has the browser refuse and report any other request (the
workers' included), as tests/web_engine.py serves it.
"""

import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

STATIC = sys.argv[1] == "--static"
if STATIC:
    SITE = os.path.abspath(sys.argv[2])
    SHOT = sys.argv[3] if len(sys.argv) > 3 else None
else:
    ARENA, KAKUGO = sys.argv[1], sys.argv[2]
    SHOT = sys.argv[3] if len(sys.argv) > 3 else None


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """The static site's files under a Content-Security-Policy that lets the page and its workers
    reach this server only and has the browser report any other request to /csp-report. Every
    path asked is kept, and every report."""

    asked = []
    reports = []

    def end_headers(self):
        self.send_header("Content-Security-Policy",
                         "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; "
                         "report-uri /csp-report")
        super().end_headers()

    def do_GET(self):
        SiteHandler.asked.append(self.path)
        super().do_GET()

    def do_POST(self):
        n = int(self.headers.get("Content-Length", 0))
        SiteHandler.reports.append((self.path, self.rfile.read(n).decode(errors="replace")))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def serve_site():
    handler = functools.partial(SiteHandler, directory=SITE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def start_server():
    cmd = [
        ARENA, "web", "port=0",
        f"engine={KAKUGO}", "name=Kakugo",
        f"engine={ARENA} fake crash", "name=Crasher",
        f"engine={ARENA} fake hang", "name=Hanger",
        "tolerance=200",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = proc.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:") and url.endswith("/"), url
    return proc, url


def browser(width=1280, height=1080):
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage", f"--window-size={width},{height}",
              f"--user-data-dir={tempfile.mkdtemp(prefix='kakugo-chrome-')}"]:
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def wait(drv, cond, timeout=30.0, what="condition"):
    end = time.time() + timeout
    while time.time() < end:
        v = drv.execute_script(cond)
        if v:
            return v
        time.sleep(0.05)
    toast = drv.execute_script("return document.getElementById('toast').textContent")
    st = drv.execute_script("return JSON.stringify(window.kakugo.state)")
    raise AssertionError(f"timed out waiting for {what}: {cond}\ntoast: {toast}\nstate: {st[:600]}")


def state(drv):
    return drv.execute_script("return window.kakugo.state")


def click(drv, cell):
    drv.find_element(By.CSS_SELECTOR, f'#board [data-pos="{cell}"]').click()


def new_game(drv, rule, size, black, white, turn_s, opening="none"):
    Select(drv.find_element(By.ID, "rule")).select_by_value(rule)
    Select(drv.find_element(By.ID, "size")).select_by_value(str(size))
    Select(drv.find_element(By.ID, "black")).select_by_visible_text(black)
    Select(drv.find_element(By.ID, "white")).select_by_visible_text(white)
    Select(drv.find_element(By.ID, "opening")).select_by_value(opening)
    t = drv.find_element(By.ID, "turn")
    t.clear()
    t.send_keys(str(turn_s))
    before = drv.execute_script("return window.kakugo.state")
    drv.find_element(By.ID, "start").click()
    wait(drv, f"""const s = window.kakugo.state; return s && s.rule === '{rule}' && s.w === {size}
        && s.seats[0].name === '{black}' && s.seats[1].name === '{white}'""",
         what="the new game")
    return before


def cells(w, h):
    return [chr(97 + x) + str(y + 1) for y in range(h) for x in range(w)]


def xy(c):
    return ord(c[0]) - 97, int(c[1:]) - 1


def black_choice(s):
    """An eager Black: the cell that lines up with most of its own stones (double threes come
    quickly), avoiding forbidden points and taken cells."""
    moves = s["moves"]
    own = {xy(m) for m in moves[0::2]}
    taken = {xy(m) for m in moves}
    forb = {xy(f) for f in s["forbidden"]}
    best, score = None, -1
    for c in cells(s["w"], s["h"]):
        p = xy(c)
        if p in taken or p in forb:
            continue
        sc = 0
        for dx, dy in [(1, 0), (0, 1), (1, 1), (1, -1)]:
            for k in (-2, -1, 1, 2):
                if (p[0] + k * dx, p[1] + k * dy) in own:
                    sc += 3 - abs(k)
        sc = sc * 100 - abs(p[0] - 7) - abs(p[1] - 7)
        if sc > score:
            best, score = c, sc
    return best


def refuse(drv, s, f):
    """Clicks Black's forbidden point `f` of state `s`: it is marked, refused with the reason, and
    no stone is placed. Returns (f, the message)."""
    assert drv.find_elements(By.CSS_SELECTOR, f'[data-forbidden="{f}"]'), "forbidden mark drawn"
    n = len(s["moves"])
    click(drv, f)
    msg = wait(drv, "const t = document.getElementById('toast').textContent; return t || null",
               what="the refusal")
    assert "forbidden for Black" in msg and f in msg, msg
    time.sleep(0.3)
    assert len(state(drv)["moves"]) == n, "a forbidden click placed a stone"
    if SHOT:
        drv.save_screenshot(SHOT)
    return f, msg


def renju_game(drv, refused=None):
    """One renju game as Black against Kakugo by clicks; a forbidden point that comes up is
    clicked once and must be refused. Returns the last state and the refusal, if any."""
    Select(drv.find_element(By.ID, "opening")).select_by_value("none")
    new_game(drv, "renju", 15, "Human", "Kakugo", 0.3)
    while True:
        s = wait(drv, """const s = window.kakugo.state;
            return s && !s.thinking && (s.result || s.moves.length % 2 === 0) ? s : null""",
                 what="Black's turn or the end")
        if s["result"]:
            break
        if s["forbidden"] and not refused:
            refused = refuse(drv, s, s["forbidden"][0])
        n = len(s["moves"])
        click(drv, black_choice(s))
        wait(drv, f"const s = window.kakugo.state; return s.moves.length > {n} || s.result",
             what="the click taken")
    s = state(drv)
    text = drv.find_element(By.ID, "result").text
    assert s["result"]["reason"] and ("wins" in text or "Draw" in text), text
    print(f"renju game: {len(s['moves'])} stones, {text}" + (f"; refused {refused[0]}: {refused[1]!r}" if refused else ""))
    return s, refused


# Black g8 i8 h7 h9 against White's four corners, Black to move: h8 makes two open threes.
DOUBLE_THREE = ("g8a1i8a15h7o1h9o15", "h8")


def renju_games(drv):
    """A renju game against Kakugo to its end, its forbidden points refused when one comes up (in
    about one game of three: Kakugo often wins first); if none did, the double three of a set-up
    position is refused instead."""
    s, refused = renju_game(drv)
    if not refused:
        new_game(drv, "renju", 15, "Human", "Human", 1)
        box = drv.find_element(By.ID, "pos")
        box.clear()
        box.send_keys(DOUBLE_THREE[0])
        drv.find_element(By.ID, "setup").click()
        set_up = wait(drv, f"""const s = window.kakugo.state;
            return s.moves.join('') === '{DOUBLE_THREE[0]}' ? s : null""", what="the set-up position")
        assert set_up["forbidden"] == [DOUBLE_THREE[1]], set_up["forbidden"]
        f, msg = refuse(drv, set_up, DOUBLE_THREE[1])
        assert "double-three" in msg, msg
        print(f"set-up position: refused {f}: {msg!r}")
    return s


def self_play(drv):
    new_game(drv, "freestyle", 15, "Kakugo", "Kakugo", 0.1)
    s = wait(drv, "const s = window.kakugo.state; return s.result ? s : null", timeout=180, what="the end")
    assert len(s["moves"]) >= 9, s["moves"]
    reports = drv.execute_script("return window.kakugo.reports.length")
    assert reports > 0, "no engine report shown while watching"
    print(f"self-play: {len(s['moves'])} stones, {s['result']['reason']}; {reports} reports")


def analysis(drv):
    new_game(drv, "freestyle", 15, "Human", "Human", 1)
    box = drv.find_element(By.ID, "pos")
    box.clear()
    box.send_keys("h8i9h9h10")
    drv.find_element(By.ID, "setup").click()
    wait(drv, "return window.kakugo.state.moves.join('') === 'h8i9h9h10'", what="the pasted position")
    drv.execute_script("window.kakugo.reports.length = 0")
    Select(drv.find_element(By.ID, "analysis-engine")).select_by_visible_text("Kakugo")
    drv.find_element(By.ID, "analyse").click()
    wait(drv, "return window.kakugo.state.thinking && window.kakugo.state.thinking.work === 'analysis'",
         what="analysis")
    wait(drv, "return document.querySelectorAll('[data-ghost]').length >= 2", what="ghost stones")
    time.sleep(3)
    pvs = drv.execute_script("return window.kakugo.reports.map(r => r.report.pv.join(' '))")
    distinct = [p for i, p in enumerate(pvs) if p and p not in pvs[:i]]
    assert len(distinct) >= 2, f"the PV never changed: {pvs[:5]}"
    depth = drv.find_element(By.ID, "r-depth").text
    assert depth != "–", "no depth shown while analysing"
    if SHOT:
        drv.save_screenshot(SHOT.replace(".png", "-analysis.png"))
    drv.find_element(By.ID, "stop").click()
    wait(drv, "return !window.kakugo.state.thinking && window.kakugo.state.analysis === null", what="stop")
    print(f"analysis: {len(pvs)} reports, {len(distinct)} different PVs, depth shown {depth!r}")


def failures(drv):
    for name, turn in [("Crasher", 1), ("Hanger", 0.3)]:
        new_game(drv, "freestyle", 15, "Human", name, turn)
        click(drv, "h8")
        msg = wait(drv, "const s = window.kakugo.state; return s.notice || null", timeout=20,
                   what=f"{name}'s failure")
        s = state(drv)
        assert name in msg and s["moves"] == ["h8"] and not s["result"], (msg, s["moves"])
        assert not s["thinking"]
        print(f"{name}: {msg!r}; the game kept at {s['moves']}")
    # The game goes on: the human takes White's move too, with set-up clicks.
    drv.find_element(By.ID, "edit").click()
    click(drv, "i9")
    wait(drv, "return window.kakugo.state.moves.length === 2", what="the game going on")
    drv.find_element(By.ID, "edit").click()


def save_and_load(drv, played):
    for fmt in ["sgf", "psq"]:
        drv.execute_script("window.kakugo.files.length = 0")
        drv.find_element(By.ID, f"save-{fmt}").click()
        f = wait(drv, "return window.kakugo.files[0] || null", what=f"the {fmt} file")
        assert f["name"].endswith("." + fmt), f["name"]
        path = os.path.join(tempfile.mkdtemp(), f["name"])
        with open(path, "w") as out:
            out.write(f["text"])
        yield fmt, path


def roundtrip(drv):
    s = state(drv)
    files = list(save_and_load(drv, s))
    for fmt, path in files:
        new_game(drv, "freestyle", 15, "Human", "Human", 1)
        drv.find_element(By.ID, "load").send_keys(path)
        wait(drv, f"return window.kakugo.state.moves.join('') === {json.dumps(''.join(s['moves']))}",
             what=f"the {fmt} game loaded back")
        if fmt == "sgf":
            assert state(drv)["rule"] == s["rule"], "SGF keeps the rule"
    print(f"save and load: {len(s['moves'])} stones through SGF and PSQ")


def spiral(w, h):
    c = (w // 2, h // 2)
    return sorted(((x, y) for x in range(w) for y in range(h)),
                  key=lambda p: (max(abs(p[0] - c[0]), abs(p[1] - c[1])), abs(p[0] - c[0]) + abs(p[1] - c[1]), p))


def answer_opening(drv):
    """Answers every question the opening puts to the person, as a player would: stones near the
    centre, no swaps, the first offer; a refused answer is tried again with other cells."""
    asked = []
    shift = 0
    while True:
        s = wait(drv, """const s = window.kakugo.state;
            if (!s || (s.opening && !s.opening.prompt)) return null;
            window.asked = JSON.stringify(s.opening ? s.opening.prompt : null);
            return s""", timeout=60, what="a question")
        if not s["opening"]:
            return s, asked
        q = s["opening"]["prompt"]["question"]
        # An answer is taken when its question goes (`window.asked`: the question as it was read;
        # the opening's other fields change for other reasons too).
        drv.execute_script("document.getElementById('toast').textContent = ''")
        if q["yes_no"]:
            asked.append("yes/no")
            drv.find_element(By.ID, "opening-no").click()
        elif q["offers"]:
            asked.append("choice")
            click(drv, q["offers"][0])
        else:
            asked.append(f"place {q['place'][0]}")
            taken = set(q["stones"])
            free = [chr(97 + x) + str(y + 1) for x, y in spiral(s["w"], s["h"])]
            free = [c for c in free if c not in taken]
            k = q["place"][0]
            picks = [free[shift]] if k == 1 else free[:1] + free[1 + shift:k + shift]
            for c in picks:
                click(drv, c)
            if q["ask_n"]:
                n = drv.find_element(By.ID, "opening-n")
                n.clear()
                n.send_keys("3")
            drv.find_element(By.ID, "opening-done").click()
        got = wait(drv, f"""const s = window.kakugo.state, t = document.getElementById('toast').textContent;
            const p = JSON.stringify(s.opening ? s.opening.prompt : null);
            return t ? 'refused: ' + t : p !== window.asked ? 'taken' : null""",
                   timeout=60, what="the answer taken or refused")
        if got.startswith("refused"):
            shift += 1
            asked[-1] += " (" + got + ")"
            assert shift < 20, asked
            drv.find_element(By.ID, "opening-clear").click()
        else:
            shift = 0


OPENINGS = [("renju", "soosorv8", "Human", "Kakugo", 5), ("renju", "soosorv8", "Kakugo", "Human", 5),
            ("freestyle", "swap2", "Human", "Kakugo", 3)]


def openings(drv, which=OPENINGS):
    for rule, opening, first, second, least in which:
        new_game_opening(drv, rule, opening, first, second)
        s, asked = answer_opening(drv)
        assert s["opening_len"] >= least, s
        assert s["steps"] and not s["result"], s
        # The game goes on after the opening: whoever is to move, a move is made.
        n = len(s["moves"])
        tomove = s["seats"][0 if s["to_move"] == "Black" else 1]
        if tomove["kind"] == "human":
            click(drv, black_choice(s) if s["to_move"] == "Black" else
                  next(c for c in cells(15, 15) if c not in s["moves"] and c not in s["forbidden"]))
        wait(drv, f"return window.kakugo.state.moves.length > {n}", timeout=30, what="play after the opening")
        print(f"{opening} ({first} first): {s['opening_len']} opening stones; person asked {asked}; "
              f"steps: {'; '.join(s['steps'])}")


def new_game_opening(drv, rule, opening, first, second):
    Select(drv.find_element(By.ID, "rule")).select_by_value(rule)
    Select(drv.find_element(By.ID, "size")).select_by_value("15")
    Select(drv.find_element(By.ID, "black")).select_by_visible_text(first)
    Select(drv.find_element(By.ID, "white")).select_by_visible_text(second)
    Select(drv.find_element(By.ID, "opening")).select_by_value(opening)
    t = drv.find_element(By.ID, "turn")
    t.clear()
    t.send_keys("1")
    drv.find_element(By.ID, "start").click()
    wait(drv, f"""const s = window.kakugo.state; return s && s.opening && s.opening.rule === '{opening}'""",
         what="the opening to start")


def foreign_host(url):
    req = urllib.request.Request(url, headers={"Host": "attacker.example:80"})
    try:
        urllib.request.urlopen(req, timeout=5)
        raise AssertionError("a foreign Host was served")
    except urllib.error.HTTPError as e:
        assert e.code == 403, e.code


def first_move(drv):
    """Kakugo's first move as Black on a cold page (1 s a move): ms from the page's start, and
    from the click on New game (the engine's worker is started on first use)."""
    wait(drv, "return window.kakugo && window.kakugo.state && document.getElementById('black').options.length > 1",
         what="the first state")
    Select(drv.find_element(By.ID, "rule")).select_by_value("renju")
    Select(drv.find_element(By.ID, "black")).select_by_visible_text("Kakugo")
    Select(drv.find_element(By.ID, "white")).select_by_visible_text("Human")
    t = drv.find_element(By.ID, "turn")
    t.clear()
    t.send_keys("1")
    clicked = drv.execute_script("document.getElementById('start').click(); return performance.now()")
    wait(drv, "const s = window.kakugo.state; return s.moves.length > 0 && !s.thinking", what="the first move")
    at = drv.execute_script("return window.kakugo.firstMoveAt")
    return at, at - clicked


def stop_move(drv):
    """Kakugo to move with a minute to think; Stop makes it move now."""
    new_game(drv, "freestyle", 15, "Human", "Kakugo", 60)
    click(drv, "h8")
    wait(drv, "const s = window.kakugo.state; return s.thinking && s.thinking.work === 'move'",
         what="Kakugo thinking")
    wait(drv, "return window.kakugo.reports.length > 0", what="a report")
    time.sleep(1)
    t0 = time.time()
    drv.find_element(By.ID, "stop").click()
    s = wait(drv, "const s = window.kakugo.state; return s.moves.length === 2 && !s.thinking ? s : null",
             timeout=10, what="the move after Stop")
    print(f"stop: Kakugo moved {s['moves'][1]} {time.time() - t0:.2f} s after Stop")


def outside_requests(drv, origin):
    """Every URL the page or its workers asked for that is not one of the site's files
    (Chromium's network log and the page's resource timings), and every request the browser
    refused under the Content-Security-Policy (its reports)."""
    ours = set()
    for entry in drv.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        # The site's page and workers (the browser's own pages before it are not the site's).
        if msg.get("method") == "Network.requestWillBeSent":
            p = msg["params"]
            if p.get("documentURL", "").startswith(origin):
                ours.add(p["request"]["url"])
    ours |= set(drv.execute_script("return performance.getEntriesByType('resource').map(e => e.name)"))
    files = set(os.listdir(SITE))
    asked = {p.lstrip("/") for p in SiteHandler.asked} - {""}
    assert asked <= files, asked - files
    assert {"kakugo_web_bg.wasm", "board-worker.js", "engine-worker.js", "app.js"} <= asked, asked
    outside = {u for u in ours
               if not u.startswith("data:") and not (u.startswith(origin) and u[len(origin):] in files | {""})}
    return outside | {body for _, body in SiteHandler.reports}


def static_site():
    server, url = serve_site()
    drv = browser()
    try:
        drv.get(url)
        ms, after_click = first_move(drv)
        print(f"static site: Kakugo's first move {ms:.0f} ms after the page started, "
              f"{after_click:.0f} ms after New game (1 s a move)")
        assert drv.execute_script("return document.getElementById('conn').textContent") == "in this page"
        hidden = drv.execute_script("return getComputedStyle(document.getElementById('analysis-engine')).display")
        assert hidden == "none", hidden
        played = renju_games(drv)
        assert played["rule"] == "renju"
        roundtrip(drv)
        analysis(drv)
        stop_move(drv)
        openings(drv, [("renju", "soosorv8", "Human", "Kakugo", 5)])
        if SHOT:
            drv.save_screenshot(SHOT.replace(".png", "-opening.png"))
        outside = outside_requests(drv, url)
        assert not outside, outside
        if SHOT:
            phone = browser(390, 844)
            try:
                phone.get(url)
                wait(phone, "return window.kakugo && window.kakugo.state", what="the phone page")
                phone.save_screenshot(SHOT.replace(".png", "-phone.png"))
            finally:
                phone.quit()
        print("static site: all checks passed")
    finally:
        drv.quit()
        server.shutdown()


def main():
    if STATIC:
        return static_site()
    proc, url = start_server()
    drv = None
    try:
        foreign_host(url)
        drv = browser()
        drv.get(url)
        wait(drv, "return window.kakugo && window.kakugo.state", what="the first state")
        assert drv.execute_script("return document.getElementById('conn').textContent") == "connected"
        # Nothing is fetched from anywhere but the server itself.
        fetched = drv.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert fetched and all(u.startswith(url) or u.startswith(url.replace("http", "ws")) for u in fetched), fetched
        played = renju_games(drv)
        roundtrip(drv)
        assert played["rule"] == "renju"
        self_play(drv)
        analysis(drv)
        failures(drv)
        openings(drv)
        if SHOT:
            phone = browser(390, 844)
            try:
                phone.get(url)
                wait(phone, "return window.kakugo && window.kakugo.state", what="the phone page")
                phone.save_screenshot(SHOT.replace(".png", "-phone.png"))
            finally:
                phone.quit()
        print("web board: all checks passed")
    finally:
        if drv:
            drv.quit()
        proc.kill()


if __name__ == "__main__":
    main()
