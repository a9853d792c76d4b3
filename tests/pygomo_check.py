#!/usr/bin/env python3
"""Kakugo's answers and search reports as read by pygomo-lib, a third-party Python client for
Gomocup engines (PyPI `pygomo-lib`), which parses the MESSAGE forms Rapfi prints.

Drives the built engine through pygomo's EngineClient and checks that pygomo reads every move
and, for each, Kakugo's search report: depth, selective depth, evaluation (mates as +Mn / -Mn,
n the winner's moves), nodes, speed, time and principal variation; and that the win rate
Kakugo prints is the sigmoid of its evaluation at the documented scale. Exits non-zero (an
AssertionError) if pygomo reads anything less.

usage: python3 tests/pygomo_check.py [ENGINE]   (default: target/release/pbrain-kakugo)
needs: pip install pygomo-lib
"""

import math
import os
import re
import sys

from pygomo import EngineClient
from pygomo.protocol import GomocupProtocol
from pygomo.protocol.models import BoardPosition, Move

# The win-rate scales of src/search/params.rs (WINRATE_SCALE_FREESTYLE, WINRATE_SCALE_RENJU).
SCALE = {0: 278.0, 4: 306.0}


class Recording(GomocupProtocol):
    """pygomo's own protocol, keeping the raw MESSAGE lines it parses."""

    def __init__(self):
        super().__init__()
        self.raw = []

    def parse_search_info(self, data):
        self.raw.append(data)
        return super().parse_search_info(data)


def position(stones):
    """A BoardPosition of (x, y) stones in move order, labelled for the side to move."""
    p = BoardPosition()
    n = len(stones)
    for i, (x, y) in enumerate(stones):
        p.add_move(Move((x, y)), 1 if i % 2 == n % 2 else 2)
    return p


def check_report(result, proto, rule, what):
    """The last report of a move, as pygomo reads it, is whole and agrees with the move."""
    assert result is not None, f"{what}: pygomo got no move"
    info = result.search_info
    assert info is not None, f"{what}: pygomo read no search report"
    assert info.depth >= 1, f"{what}: depth {info.depth}"
    assert info.sel_depth >= info.depth, f"{what}: seldepth {info.sel_depth} < {info.depth}"
    assert info.pv, f"{what}: no principal variation"
    assert info.pv[0] == result.move, f"{what}: pv {info.pv[0]} but played {result.move}"
    raw = info.eval.raw_value
    assert re.fullmatch(r"-?\d+|[+-]M\d+", raw), f"{what}: eval {raw!r}"
    # The summary line before it carries the win rate.
    summaries = [m for m in proto.raw if "Winrate" in m]
    assert summaries, f"{what}: no summary line"
    rate = float(re.search(r"Winrate (\d+\.\d)%", summaries[-1]).group(1))
    if info.eval.is_mate():
        want = 100.0 if info.eval.is_winning() else 0.0
    else:
        want = 100.0 * info.eval.winrate(scaling_factor=SCALE.get(rule, SCALE[0]))
    assert abs(rate - want) <= 0.051, f"{what}: win rate {rate}% but sigmoid gives {want:.2f}%"
    summary = proto.parse_message(summaries[-1])
    assert (summary["depth"], summary["eval"]) == (info.depth, raw), f"{what}: {summaries[-1]}"
    return info


def main(argv):
    exe = argv[0] if argv else os.path.join("target", "release", "pbrain-kakugo")
    proto = Recording()
    engine = EngineClient(exe, protocol=proto)
    try:
        assert engine.start(15), "START"
        about = engine.about()
        assert about and about.startswith('name="Kakugo", version="'), f"ABOUT: {about!r}"
        engine.configure(timeout_turn=500, timeout_match=0, rule=0)

        r = engine.begin()
        assert r and r.move == Move("h8"), f"BEGIN: {r}"
        check_report(r, proto, 0, "BEGIN")

        proto.raw.clear()
        r = engine.turn("i9")
        info = check_report(r, proto, 0, "TURN")
        assert info.depth >= 3, f"TURN: depth {info.depth} in 500 ms"
        assert info.nodes > 0 and info.nps > 0 and info.time_ms > 0, f"TURN: {info}"
        assert not info.eval.is_mate(), f"TURN: {info.eval.raw_value}"

        # A win with the next stone (an open four of our own): +M1, 100%.
        proto.raw.clear()
        four = [(7, 7), (7, 8), (8, 7), (8, 8), (9, 7), (9, 8), (10, 7), (10, 8)]
        r = engine.board(position(four))
        info = check_report(r, proto, 0, "BOARD win")
        assert r.move in (Move((6, 7)), Move((11, 7))), f"BOARD win: played {r.move}"
        assert info.eval.is_winning() and info.eval.score().steps() == 1, info.eval.raw_value

        # A loss: the opponent has an open four and we none: -M1 (its next stone), 0%.
        engine.start(15)
        proto.raw.clear()
        lost = [(0, 0), (7, 8), (0, 2), (8, 8), (2, 0), (9, 8), (14, 14), (10, 8)]
        r = engine.board(position(lost))
        info = check_report(r, proto, 0, "BOARD loss")
        assert info.eval.is_losing() and info.eval.score().steps() == 1, info.eval.raw_value

        # Renju, its own scale.
        engine.start(15)
        engine.configure(rule=4)
        proto.raw.clear()
        r = engine.board(position([(7, 7), (8, 8), (8, 6)]))
        check_report(r, proto, 4, "renju BOARD")

        # YXNBEST: a machine line per move, numbered.
        proto.raw.clear()
        engine.start(15)
        engine.configure(rule=0)
        r = engine.board(position([(7, 7), (8, 8)]), start_thinking=False)
        r = engine.nbest(2)
        assert r is not None, "YXNBEST"
        numbered = sorted(i.multipv for i in r.all_info if i.pv and i.depth > 0)
        assert numbered == [1, 2], f"YXNBEST: multipv {numbered}"
    finally:
        engine.quit()
    print("pygomo-lib reads Kakugo's moves and search reports")


if __name__ == "__main__":
    main(sys.argv[1:])
