"""Driving a Gomocup brain through one turn: the part `nps.py` and `win-speed.py` share.

A brain is started afresh, given a position with BOARD and one turn of `turn_ms`, and its output
lines are handed to the caller until it plays its move; then it is told END. Positions are in pos
notation (`h8i9j8`: a letter for the column, the row counted from 1).
"""

import os
import re
import shlex
import subprocess


def parse_moves(text):
    """`h8i9` -> [(7, 7), (8, 8)]."""
    return [(ord(c) - ord("a"), int(n) - 1) for c, n in re.findall(r"([a-z])(\d+)", text)]


def notation(moves):
    """[(7, 7), (8, 8)] -> `h8i9`."""
    return "".join(f"{chr(ord('a') + x)}{y + 1}" for x, y in moves)


def one_turn(engine, rule, size, moves, turn_ms):
    """Yields the brain's output lines (stripped) up to its move, the side to move owning the
    stones of its colour. `engine` is a command line; the brain runs in its own directory (where
    Rapfi finds its config.toml)."""
    side = len(moves) % 2
    lines = [
        f"START {size}",
        f"INFO timeout_turn {turn_ms}",
        "INFO timeout_match 0",
        f"INFO rule {rule}",
        "BOARD",
    ]
    for k, (x, y) in enumerate(moves):
        lines.append(f"{x},{y},{1 if k % 2 == side else 2}")
    lines.append("DONE")
    argv = shlex.split(engine)
    p = subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=os.path.dirname(os.path.abspath(argv[0])),
    )
    try:
        p.stdin.write("\n".join(lines) + "\n")
        p.stdin.flush()
        for line in p.stdout:
            line = line.strip()
            yield line
            if re.fullmatch(r"\d+,\d+", line):
                break
    finally:
        try:
            p.stdin.write("END\n")
            p.stdin.close()
        except BrokenPipeError:
            pass
        p.wait(timeout=10)
