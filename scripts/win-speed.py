#!/usr/bin/env python3
"""How soon Gomocup brains prove a win: positions taken from real games, each engine asked afresh.

A won game has a move at which the winner first reported a proven win (a mate score). The
position before that move is a test of win-finding: an engine that proves the win there sees it
when the winner did; one that does not is a few plies late, and late proofs lose games between
engines of similar strength. `extract` takes these positions from a c-gomoku-cli match directory;
`run` gives each position to each engine for one turn and counts the wins reported. (`kakugo-tools
wins` searches the same files in process, by nodes: repeatable figures for Kakugo alone.)

usage:
  scripts/win-speed.py extract MATCHDIR OUT
      MATCHDIR  a c-gomoku-cli run with `-sgf games.sgf -msg msgs.txt` and its standard output
                saved as out.txt; the engines' MESSAGE lines must report their score (Kakugo's and
                Rapfi's do)
      OUT       the format of `kakugo-tools wins` (tests/data/wins/): a `#` header, then one
                position a line: game, ply, moves (`h8i9j8`, a letter for the column, the row counted
                from 1), the length of the win the winner announced in plies, the winner's name
  scripts/win-speed.py run RULE SIZE POSITIONS TURN_MS ENGINE [ENGINE ...]
      RULE      Gomocup rule number (0 freestyle, 1 standard, 4 renju, 8 caro)
      SIZE      board side of the positions
      ENGINE    a brain command (it may carry arguments: "pbrain-kakugo --feature network=off");
                it runs in its own directory, where Rapfi finds its config.toml
example: scripts/win-speed.py run 0 15 wins.txt 1000 target/release/pbrain-kakugo /path/to/pbrain-rapfi

Engines take turns position by position, so that a busy spell of a shared machine falls on all of
them alike. A win counts when a MESSAGE line before the engine's move reports a positive mate
score (`ev +M11`, `Eval +M11`, `Eval M11`). Needs Python 3 only.
"""

import os
import re
import statistics
import sys
import time

from brain import notation, one_turn, parse_moves

MATE = re.compile(r"(?:\bev|\| Eval|\bEval) \+?M(\d+)\b")


def results(matchdir):
    """{game: winner's name} of the decisive games, from c-gomoku-cli's standard output."""
    won = {}
    with open(os.path.join(matchdir, "out.txt"), errors="replace") as f:
        for line in f:
            m = re.search(r"Finished game (\d+) \((\S+) vs (\S+)\): (1-0|0-1)", line)
            if m:
                won[int(m.group(1))] = m.group(2) if m.group(4) == "1-0" else m.group(3)
    return won


def first_mates(matchdir):
    """{game: {engine: (ply, distance)}}: the first ply at which each engine reported a proven win."""
    first, game = {}, None
    with open(os.path.join(matchdir, "msgs.txt"), errors="replace") as f:
        for line in f:
            m = re.match(r"Game ID: (\d+)", line)
            if m:
                game = int(m.group(1))
                first[game] = {}
                continue
            m = re.match(r"(\d+)\) (\S+): (.*)", line)
            if not m or game is None:
                continue
            mate = MATE.search(m.group(3))
            if mate and m.group(2) not in first[game]:
                first[game][m.group(2)] = (int(m.group(1)), int(mate.group(1)))
    return first


def games(matchdir):
    """{game: [(x, y), ...]} of the moves of each game, from the SGF file."""
    out = {}
    with open(os.path.join(matchdir, "games.sgf"), errors="replace") as f:
        text = f.read()
    for record in text.split("(;")[1:]:
        number = re.search(r"GN\[(\d+)\]", record)
        if number:
            moves = re.findall(r";[BW]\[([a-z])([a-z])\]", record)
            out[int(number.group(1))] = [(ord(x) - ord("a"), ord(y) - ord("a")) for x, y in moves]
    return out


def extract(matchdir, path):
    won, mates, moves = results(matchdir), first_mates(matchdir), games(matchdir)
    lines, winners = [], {}
    for game, winner in sorted(won.items()):
        seen = mates.get(game, {}).get(winner)
        if seen is None or game not in moves:
            continue
        ply, length = seen
        lines.append(f"{game} {ply} {notation(moves[game][: ply - 1])} {length} {winner}")
        winners[winner] = winners.get(winner, 0) + 1
    header = (
        f"# From the c-gomoku-cli match in {os.path.abspath(matchdir)}: of each decisive game, the\n"
        "# position before the move at which the winner first reported a proven win (side to move wins).\n"
        "# Columns: game, ply, moves, the win's length in plies as announced, the winner.\n"
    )
    with open(path, "w") as f:
        f.write(header + "".join(line + "\n" for line in lines))
    print(f"{len(lines)} positions from {len(won)} decisive games: {winners}")


def think(engine, rule, size, moves, turn_ms):
    """Seconds until the engine first reported a proven win on the position, or None."""
    start = time.monotonic()
    for line in one_turn(engine, rule, size, moves, turn_ms):
        if line.startswith("MESSAGE") and MATE.search(line):
            return time.monotonic() - start
    return None


def run(rule, size, path, turn_ms, engines):
    with open(path) as f:
        positions = [line.split()[2] for line in f if line.strip() and not line.startswith("#")]
    found = {e: [] for e in engines}
    for position in positions:
        moves = parse_moves(position)
        for e in engines:
            t = think(e, rule, size, moves, turn_ms)
            if t is not None:
                found[e].append(t)
    for e, times in found.items():
        median = f", median {statistics.median(times) * 1000:.0f} ms to the proof" if times else ""
        print(f"{e}: {len(times)} of {len(positions)} wins proven within {turn_ms} ms{median}")


def main(argv):
    if len(argv) == 3 and argv[0] == "extract":
        extract(argv[1], argv[2])
    elif len(argv) >= 6 and argv[0] == "run":
        run(int(argv[1]), int(argv[2]), argv[3], int(argv[4]), argv[5:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
