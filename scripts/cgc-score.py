#!/usr/bin/env python3
"""The score of a c-gomoku-cli match, as the strength log records it: W–L–D with the score's 95 %
interval in Elo, by colour, how the games ended, the engines' move times and nodes/s.

c-gomoku-cli's own summary counts every game; this one leaves out the games an engine lost on time
before it had played more than one move after the opening (its start-up: an engine that clears a
large hash at START, or allocates it at its first move, can miss its first deadline under a short
clock). They are listed, so that none of the engine's own slips hides among them: every other loss
on time counts. c-gomoku-cli writes such a game's result against the wrong side (it is scored from
the side to move at the opening), so results are read from the SGF file, not from its summary line.

usage: scripts/cgc-score.py MATCHDIR [ENGINE] [--min-ms N] [--losses]
  MATCHDIR  a c-gomoku-cli run with `-sgf games.sgf` (and `-msg msgs.txt` for nodes/s)
  ENGINE    the engine scored, by its `name=` (default: kakugo)
  --min-ms  nodes/s is the median over moves searched at least this long (default 100)
  --losses  where the engine's lost games were lost, from both engines' reported evaluations
            (`-msg`): from the opening (at its first searched moves it stood at −300 or worse, or
            the opponent at +300 or better), after standing (its evaluation +150 or better at a
            move past ply 14: the game, its colour, its last such move, the opponent's answer), or
            slowly (neither)

Move times are c-gomoku-cli's (the SGF comments), the clock a game is their sum; nodes/s comes from
each move's last MESSAGE report that gives nodes and time (Kakugo's `n N ... tm T`, Rapfi's `Node N
| Time Tms`). Needs Python 3 only.
"""

import math
import os
import re
import statistics
import sys

MOVE = re.compile(r";([BW])\[[a-z]{2}\](?:C\[([^\]]*)\])?")


def prop(record, key):
    m = re.search(key + r"\[([^\]]*)\]", record)
    return m.group(1) if m else ""


def games(matchdir):
    """One dict a game of the SGF file: number, players, winner's colour (None: a draw), ending,
    moves after the opening and their times {colour: [ms, ...]}."""
    with open(os.path.join(matchdir, "games.sgf"), errors="replace") as f:
        text = f.read()
    out = []
    for record in text.split("(;")[1:]:
        if not prop(record, "GN"):
            continue
        result = prop(record, "RE")
        times, played = {"B": [], "W": []}, 0
        for colour, comment in MOVE.findall(record):
            m = re.fullmatch(r"(\d+)ms", comment or "")
            if m:
                played += 1
                times[colour].append(int(m.group(1)))
        out.append({
            "game": int(prop(record, "GN")),
            "B": prop(record, "PB"),
            "W": prop(record, "PW"),
            "winner": result[0] if result[:2] in ("B+", "W+") else None,
            "ending": prop(record, "TE"),
            "played": played,
            "times": times,
        })
    return sorted(out, key=lambda g: g["game"])


def rates(matchdir, min_ms):
    """{engine: [nodes/s of each move searched at least min_ms]} from the MESSAGE file."""
    path = os.path.join(matchdir, "msgs.txt")
    if not os.path.exists(path):
        return {}
    last, game = {}, None
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"Game ID: (\d+)", line)
            if m:
                game = int(m.group(1))
                continue
            m = re.match(r"(\d+)\) (\S+): (.*)", line)
            if not m:
                continue
            report = m.group(3)
            k = re.search(r"\bn (\d+) n/ms \d+ tm (\d+)", report)
            r = re.search(r"\bNode ([\d.]+)([KMG]?) \| Time (\d+)ms", report)
            if k:
                nodes, ms = int(k.group(1)), int(k.group(2))
            elif r:
                nodes = float(r.group(1)) * {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}[r.group(2)]
                ms = int(r.group(3))
            else:
                continue
            last[(game, int(m.group(1)), m.group(2))] = (nodes, ms)
    out = {}
    for (_, _, engine), (nodes, ms) in last.items():
        if ms >= min_ms:
            out.setdefault(engine, []).append(nodes * 1000 / ms)
    return out


OPENING_LOST = 300
STOOD = 150
STOOD_AFTER_PLY = 14


def eval_value(text):
    """An evaluation as reported: a number, or a mate `+M5` / `-M5` (as ±(30000 − plies))."""
    m = re.fullmatch(r"([+-])M(\d+)", text)
    if m:
        return (30000 - int(m.group(2))) * (1 if m.group(1) == "+" else -1)
    return int(text)


def evaluations(matchdir):
    """{(game, engine): {ply: the evaluation of its last report for that move}} from the MESSAGE
    file (plies from 1, as c-gomoku-cli numbers them; each engine reports for the side to move)."""
    path = os.path.join(matchdir, "msgs.txt")
    out, game = {}, None
    if not os.path.exists(path):
        return out
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"Game ID: (\d+)", line)
            if m:
                game = int(m.group(1))
                continue
            m = re.match(r"(\d+)\) (\S+): .*\bEval ([+-]?M\d+|-?\d+)\b", line)
            if m and game is not None:
                out.setdefault((game, m.group(2)), {})[int(m.group(1))] = eval_value(m.group(3))
    return out


def losses(played, me, matchdir):
    """Prints where `me`'s lost games were lost (see --losses)."""
    ev = evaluations(matchdir)
    kinds, stood = {"opening": [], "stood": [], "slowly": [], "unread": []}, []
    for g in played:
        colour = "B" if g["B"] == me else "W"
        if g["winner"] is None or g["winner"] == colour:
            continue
        opp = g["W" if colour == "B" else "B"]
        mine, theirs = ev.get((g["game"], me), {}), ev.get((g["game"], opp), {})
        if not mine:
            kinds["unread"].append(g["game"])
            continue
        first_mine = mine[min(mine)]
        first_theirs = theirs[min(theirs)] if theirs else 0
        high = [p for p, v in mine.items() if p > STOOD_AFTER_PLY and v >= STOOD]
        if first_mine <= -OPENING_LOST or first_theirs >= OPENING_LOST:
            kinds["opening"].append(g["game"])
        elif high:
            p = max(high)
            kinds["stood"].append(g["game"])
            answer = theirs.get(p + 1)
            reply = f", {opp} {answer:+d} at ply {p + 1}" if answer is not None else ""
            stood.append(f"game {g['game']} ({colour}): {mine[p]:+d} at ply {p}{reply}")
        else:
            kinds["slowly"].append(g["game"])
    n = sum(len(v) for v in kinds.values())
    line = f"  losses {n}: from the opening {len(kinds['opening'])}, after standing +{STOOD} or better "
    line += f"past ply {STOOD_AFTER_PLY} {len(kinds['stood'])}, slowly {len(kinds['slowly'])}"
    if kinds["unread"]:
        line += f", no evaluations read {len(kinds['unread'])}"
    print(line)
    for k, title in (("opening", "from the opening"), ("slowly", "slowly")):
        if kinds[k]:
            print(f"    {title}: games {', '.join(map(str, kinds[k]))}")
    for s in stood:
        print(f"    {s}")


def elo(p):
    return -400 * math.log10(1 / p - 1) if 0 < p < 1 else math.copysign(math.inf, p - 0.5)


def score(wld):
    """Score and its 95 % interval in Elo, from W–L–D (normal approximation over the results)."""
    w, l, d = wld
    n = w + l + d
    s = (w + d / 2) / n
    sd = math.sqrt((w * (1 - s) ** 2 + l * s**2 + d * (0.5 - s) ** 2) / n)
    half = 1.96 * sd / math.sqrt(n)
    return s, elo(s), elo(s - half), elo(s + half)


def signed(x):
    """An Elo figure with its sign: +0 for an even score, ±inf for a clean sweep."""
    return f"{x:+}" if math.isinf(x) else f"{round(x):+d}"


def ms_text(v):
    return f"median {statistics.median(v):.0f} ms, longest {max(v)} ms" if v else "no moves"


def main(argv):
    min_ms, args, want_losses = 100, [], False
    it = iter(argv)
    for a in it:
        if a == "--losses":
            want_losses = True
        elif a == "--min-ms":
            value = next(it, "")
            if not value.isdigit():
                sys.exit("--min-ms takes a number of milliseconds")
            min_ms = int(value)
        else:
            args.append(a)
    if not 1 <= len(args) <= 2:
        sys.exit(__doc__.split("\n\n")[2])
    matchdir, me = args[0], args[1] if len(args) > 1 else "kakugo"
    played = [g for g in games(matchdir) if me in (g["B"], g["W"])]
    if not played:
        sys.exit(f"{matchdir}: no game of {me}")
    left, late, tally, endings = [], [], {"B": [0, 0, 0], "W": [0, 0, 0]}, {}
    opponents = set()
    for g in played:
        colour = "B" if g["B"] == me else "W"
        opponents.add(g["W" if colour == "B" else "B"])
        on_time = "time forfeit" in g["ending"]
        if on_time and g["played"] <= 1:
            left.append(g["game"])
            continue
        k = 2 if g["winner"] is None else (0 if g["winner"] == colour else 1)
        if on_time:
            late.append(f"{g['game']} ({'lost' if k == 1 else 'won'})")
        tally[colour][k] += 1
        endings[g["ending"]] = endings.get(g["ending"], 0) + 1
    total = [tally["B"][i] + tally["W"][i] for i in range(3)]
    n = sum(total)
    if n == 0:
        sys.exit(f"{matchdir}: every game of {me} was left out")
    s, e, lo, hi = score(total)
    dash = lambda t: "–".join(map(str, t))
    print(f"{me} against {', '.join(sorted(opponents))}: {n} games, {dash(total)}, score {s:.3f}, "
          f"Elo {signed(e)} [{signed(lo)}, {signed(hi)}]")
    print(f"  as Black {dash(tally['B'])}, as White {dash(tally['W'])}")
    print(f"  left out (lost on time at start-up): {', '.join(map(str, left)) or 'none'}")
    print(f"  other games ended on time: {', '.join(late) or 'none'}")
    print("  endings: " + "; ".join(f"{k} {v}" for k, v in sorted(endings.items(), key=lambda x: -x[1])))
    speed = rates(matchdir, min_ms)
    for engine in [me] + sorted(opponents):
        moves, clocks = [], []
        for g in played:
            if g["played"] <= 1 and "time forfeit" in g["ending"]:
                continue
            colour = "B" if g["B"] == engine else "W"
            moves += g["times"][colour]
            clocks.append(sum(g["times"][colour]))
        line = f"  {engine}: move {ms_text(moves)}; clock a game median {statistics.median(clocks) / 1000:.1f} s, "
        line += f"most {max(clocks) / 1000:.1f} s"
        if speed.get(engine):
            line += f"; {statistics.median(speed[engine]) / 1e6:.2f} M nodes/s (median of {len(speed[engine])} moves "
            line += f"of {min_ms} ms or more)"
        print(line)
    if want_losses:
        losses([g for g in played if g["game"] not in left], me, matchdir)


if __name__ == "__main__":
    main(sys.argv[1:])
