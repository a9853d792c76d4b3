#!/usr/bin/env python3
"""The match and data scripts on real input: `scripts/win-speed.py` and `scripts/nps.py` against the
built engine, `scripts/cgc-score.py` on stored matches, `scripts/corpus.py` with the built tools (target/release).

usage: tests/scripts_check.py ENGINE      (CI runs it with target/release/pbrain-kakugo)
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "scripts")
MATCH = os.path.join(ROOT, "tests", "data", "cgc-match")
FORFEITS = os.path.join(ROOT, "tests", "data", "cgc-forfeits")
LOSSES = os.path.join(ROOT, "tests", "data", "cgc-losses")
SUITE = os.path.join(ROOT, "tournaments", "openings", "freestyle15.pos.txt")


def script(name, *args):
    out = subprocess.run(
        [sys.executable, os.path.join(SCRIPTS, name), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, f"{name} {args}: {out.stderr}"
    return out.stdout


def main(engine):
    with tempfile.TemporaryDirectory() as tmp:
        # Extract: Kakugo (White) first reported its win at ply 12 of game 1, Rapfi (White) at ply 8 of game 2.
        found = os.path.join(tmp, "wins.txt")
        print(script("win-speed.py", "extract", MATCH, found).strip())
        with open(found) as f:
            rows = [line.split() for line in f if not line.startswith("#")]
        assert rows == [
            ["1", "12", "i11i9g9e7i5h7j6g7f7h8f6", "11", "kakugo"],
            ["2", "8", "i11i9g9e7i5h7j6", "45", "rapfi-trained"],
        ], rows

        # Run: at ply 26 of game 1 Kakugo (to move) has a win in 4 that it proves in milliseconds; a
        # balanced opening of the repository's suite has no win a short search could prove.
        positions = os.path.join(tmp, "positions.txt")
        with open(positions, "w") as f:
            f.write("# test positions\n")
            f.write("1 26 i11i9g9e7i5h7j6g7f7h8f6h10h9j10k11i10k10f10g10g11j8e9d8e10e8 4 kakugo\n")
        out = script("win-speed.py", "run", "0", "15", positions, "1000", engine)
        print(out.strip())
        assert "1 of 1 wins proven within 1000 ms" in out, out
        with open(SUITE) as f:
            opening = f.readline().split()[0]
        with open(positions, "w") as f:
            f.write(f"0 0 {opening} 0 none\n")
        out = script("win-speed.py", "run", "0", "15", positions, "300", engine)
        print(out.strip())
        assert "0 of 1 wins proven within 300 ms" in out, out

    # nps.py: one opening, one engine, a full turn searched and its rate read from the reports.
    out = script("nps.py", "0", SUITE, "1", "300", engine)
    print(out.strip())
    assert "nodes/s over 1 positions (ratio 1.00)" in out, out

    cgc_score()
    corpus()


def cgc_score():
    """cgc-score.py: results from the SGF file, Rapfi's start-up forfeits left out, nodes/s read."""
    out = script("cgc-score.py", FORFEITS)
    print(out.strip())
    # Games 3, 4, 5, 6, 10, 42 count: 2-3-1 (score 5/12, -58 Elo); 55 is a Rapfi START forfeit that
    # c-gomoku-cli scores as a Kakugo loss, 1 and 2 its first moves late.
    assert "kakugo against rapfi: 6 games, 2–3–1, score 0.417, Elo -58 [" in out, out
    assert "as Black 1–2–1, as White 1–1–0" in out, out
    assert "left out (lost on time at start-up): 1, 2, 55" in out, out
    assert "Draw by fullfilled board 1; Black play forbidden move - overline 1" in out, out
    out = script("cgc-score.py", MATCH, "rapfi-trained")
    print(out.strip())
    assert "rapfi-trained against kakugo: 2 games, 1–1–0, score 0.500, Elo +0 [" in out, out
    assert "M nodes/s (median of" in out, out
    assert fails("cgc-score.py", MATCH, "nobody")
    # --losses: game 1 lost at once (its first evaluation -482 against main's +736), game 4 slowly
    # (never above -39), game 32 after standing +208 at ply 27 (main answered at -107).
    out = script("cgc-score.py", LOSSES, "kakugo", "--losses")
    print(out.strip())
    assert "losses 3: from the opening 1, after standing +150 or better past ply 14 1, slowly 1" in out, out
    assert "from the opening: games 1\n" in out and "slowly: games 4\n" in out, out
    assert "game 32 (B): +208 at ply 27, main -107 at ply 28" in out, out


def fails(name, *args):
    out = subprocess.run(
        [sys.executable, os.path.join(SCRIPTS, name), *args], capture_output=True, text=True, timeout=120
    )
    assert out.returncode != 0, f"{name} {args} succeeded: {out.stdout}"
    return out.stderr


def corpus():
    """Two machines' shards of one seed are the same bytes; folders merge (with the children `train`
    cached); a damaged shard is refused."""
    with tempfile.TemporaryDirectory() as tmp:
        a, b, c = (os.path.join(tmp, n) for n in "abc")
        small = ["--games", "2", "--nodes", "1500"]
        script("corpus.py", "gen", "renju", a, "1000", "1001", *small)
        script("corpus.py", "gen", "renju", b, "1001", "1002", *small)
        # Training caches the searched children beside a shard; merging copies the cache too.
        tools = os.path.join(ROOT, "target", "release", "kakugo-tools")
        shard = os.path.join(b, "renju-1002.kgd")
        train = [tools, "train", "--rule", "renju", "--data", shard, "--epochs", "1", "--children-nodes", "300"]
        for how in ("searched", "cached"):
            out = subprocess.run(train + ["--out", os.path.join(tmp, "n.kgn")], capture_output=True, text=True)
            assert out.returncode == 0 and f"children {how}" in out.stderr, out.stderr
        with open(os.path.join(a, "renju-1001.kgd"), "rb") as f, open(os.path.join(b, "renju-1001.kgd"), "rb") as g:
            assert f.read() == g.read(), "seed 1001 played twice gave other games"
        print(script("corpus.py", "merge", a, b).strip())
        out = script("corpus.py", "stats", a)
        print(out.strip())
        names = [f"renju-{s}.{e}" for s in (1000, 1001, 1002) for e in ("json", "kgd")]
        assert sorted(os.listdir(a)) == sorted(names + ["renju-1002.300.kgc"]), os.listdir(a)
        assert "\nrenju           3        6 " in out, out
        # A seed whose bytes differ from the folder's is not merged over it.
        script("corpus.py", "gen", "renju", c, "1002", "1002", "--games", "2", "--nodes", "1600")
        assert "differs" in fails("corpus.py", "merge", a, c)
        assert "FIRST" in fails("corpus.py", "gen", "renju", c, "5", "6")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(os.path.abspath(sys.argv[1]))
