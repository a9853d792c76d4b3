#!/usr/bin/env python3
"""Nodes per second of Gomocup brains side by side, on the same positions and the same clock.

Each engine is started afresh for each position (an opening of a suite), given the position with
BOARD and one turn of TURN_MS, and the nodes and time of its last MESSAGE line that reports them
are read. Engines take turns position by position, so that a busy spell of a shared machine falls
on all of them alike. Searches that ended before a third of the turn (a proven result, a book
move) are left out.

usage: scripts/nps.py RULE SUITE COUNT TURN_MS ENGINE [ENGINE ...]
  RULE     Gomocup rule number (0 freestyle, 1 standard, 4 renju, 8 caro)
  SUITE    opening file, one opening a line (`h8i9j8`), e.g. tournaments/openings/renju15.pos.txt
  COUNT    how many openings from the top of the file
example: scripts/nps.py 0 tournaments/openings/freestyle15.pos.txt 30 1000 \\
             target/release/pbrain-kakugo /path/to/pbrain-other

MESSAGE formats read (those Rapfi prints, and Kakugo since 0.2.0): `... n N n/ms R tm T pv ...`
and `... | Node N | Time Tms`, N with an optional K/M/G suffix. Needs Python 3 only.
"""

import re
import statistics
import sys

from brain import one_turn, parse_moves

SIZE = 15


def count(text):
    """`12.5K` -> 12500."""
    scale = {"K": 1e3, "M": 1e6, "G": 1e9}
    if text[-1] in scale:
        return float(text[:-1]) * scale[text[-1]]
    return float(text)


def think(engine, rule, moves, turn_ms):
    """(nodes, ms) of the engine's last report on the position, or None."""
    last = None
    for line in one_turn(engine, rule, SIZE, moves, turn_ms):
        uci = re.search(r"\bn ([\d.]+[KMG]?) n/ms \d+ tm (\d+)\b", line)
        normal = re.search(r"Node ([\d.]+[KMG]?) \| Time (\d+)ms", line)
        if uci:
            last = (count(uci.group(1)), int(uci.group(2)))
        elif normal:
            last = (count(normal.group(1)), int(normal.group(2)))
    return last


def main(argv):
    if len(argv) < 5:
        sys.exit(__doc__)
    rule, suite, n, turn_ms, engines = int(argv[0]), argv[1], int(argv[2]), int(argv[3]), argv[4:]
    with open(suite) as f:
        openings = [line.strip() for line in f if line.strip()][:n]
    rates = {e: [] for e in engines}
    for opening in openings:
        moves = parse_moves(opening)
        for e in engines:
            r = think(e, rule, moves, turn_ms)
            if r and r[1] >= turn_ms / 3:
                rates[e].append(r[0] * 1000 / r[1])
    first = None
    for e, v in rates.items():
        if not v:
            print(f"{e}: no search reported nodes and lasted a third of the turn")
            continue
        m = statistics.median(v)
        first = first or m
        print(f"{e}: median {m / 1e3:.0f}k nodes/s over {len(v)} positions (ratio {m / first:.2f})")


if __name__ == "__main__":
    main(sys.argv[1:])
