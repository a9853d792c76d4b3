#!/usr/bin/env python3
"""The training corpus: self-play games at a fixed node count, one shard a seed, that keeps growing.

A shard is `DIR/RULE-SEED.kgd` (the games, `kakugo-tools gendata --out`, the `.kgd` format of
crates/kakugo-tools/src/dataset.rs) with `DIR/RULE-SEED.json` beside it (what made it: rule,
seed, games, nodes, switches, the engine's revision and Bench signature, size, a SHA-256). The
games depend only on those (fixed nodes, one thread a game), so a rerun of a seed with the same
engine gives the same bytes on any machine. Shards are independent: machines take disjoint seed
ranges under whatever batch scheduler they have, and their folders merge by copying.

usage:
  scripts/corpus.py gen RULE DIR FIRST LAST [--games N] [--nodes N] [--feature NAME=on|off]... [--bin D]
      plays the missing shards FIRST..LAST (seeds, inclusive), one after another, each using every
      core (gendata's --jobs), with the engine and tools of target/release (cargo build --release
      --workspace first) or of --bin; a shard that exists already is kept. Ctrl-C loses at most the shard
      being played.
  scripts/corpus.py stats DIR [--csv]
      the corpus by rule and by generation run: shards, games, positions, bytes (--csv: the runs
      alone, as the rows of docs/corpus.csv).
  scripts/corpus.py merge DIR SRC...
      copies the shards of SRC folders into DIR (with the searched children `train` cached
      beside them, FILE.NODES.kgc); the same seed with other bytes is an error.

  e.g. parallel scripts/corpus.py gen renju corpus {} {} ::: $(seq 1000 1099)
       kakugo-tools train --rule renju --data corpus/renju-*.kgd --out renju.kgn

Seeds below 1000 are the stored batches' (data/network-games) and the earlier experiments'.
"""

import argparse
import datetime
import hashlib
import glob
import json
import os
import shutil
import socket
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release")
RULES = ("freestyle", "standard", "renju", "caro")
# The first seed a corpus shard may have (below it: the stored batches and experiments).
FIRST_SEED = 1000


def kgd_counts(path):
    """(games, positions chosen by a search) of a `.kgd` file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"KGD1":
        raise ValueError(f"{path}: not a .kgd file")
    games = positions = 0
    i = 4
    while i < len(data):
        if i + 7 > len(data):
            raise ValueError(f"{path}: cut short")
        opening = data[i + 4]
        moves = int.from_bytes(data[i + 5 : i + 7], "little")
        i += 7 + 4 * moves
        games += 1
        positions += max(moves - opening, 0)
    if i != len(data):
        raise ValueError(f"{path}: cut short")
    return games, positions


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def engine_identity(engine):
    """The engine's version as `ABOUT` gives it (with the revision it was built from) and its Bench
    signature: the search that plays the games."""
    about = subprocess.run(
        [engine], input="ABOUT\nEND\n", capture_output=True, text=True, check=True
    ).stdout
    version = about.split('version="', 1)[1].split('"', 1)[0]
    out = subprocess.run([engine, "bench", "search"], capture_output=True, text=True, check=True)
    bench = next(int(l.split()[1]) for l in out.stdout.splitlines() if l.startswith("Bench: "))
    return version, bench


def shard_paths(folder, rule, seed):
    base = os.path.join(folder, f"{rule}-{seed}")
    return base + ".kgd", base + ".json"


def gen(a):
    if a.first < FIRST_SEED or a.last < a.first:
        sys.exit(f"corpus: seeds FIRST..LAST with {FIRST_SEED} <= FIRST <= LAST")
    tools, engine = (os.path.join(a.bin, n) for n in ("kakugo-tools", "pbrain-kakugo"))
    for binary in (tools, engine):
        if not os.access(binary, os.X_OK):
            sys.exit(f"corpus: {binary} is missing: cargo build --release --workspace")
    os.makedirs(a.dir, exist_ok=True)
    rev, bench = engine_identity(engine)
    when = datetime.datetime.now(datetime.timezone.utc)
    run = f"{when:%Y-%m-%dT%H:%M}Z {socket.gethostname()} {a.first}-{a.last}"
    for seed in range(a.first, a.last + 1):
        kgd, meta = shard_paths(a.dir, a.rule, seed)
        if os.path.exists(kgd) and os.path.exists(meta):
            continue
        part = kgd + ".part"
        cmd = [tools, "gendata", "--rule", a.rule, "--games", str(a.games), "--nodes", str(a.nodes)]
        cmd += ["--seed", str(seed), "--out", part]
        for f in a.feature:
            cmd += ["--feature", f]
        subprocess.run(cmd, check=True)
        os.replace(part, kgd)
        games, positions = kgd_counts(kgd)
        record = {
            "rule": a.rule,
            "seed": seed,
            "games": games,
            "positions": positions,
            "nodes": a.nodes,
            "features": a.feature,
            "engine": rev,
            "bench": bench,
            "run": run,
            "bytes": os.path.getsize(kgd),
            "sha256": sha256(kgd),
        }
        with open(meta, "w") as f:
            json.dump(record, f)
            f.write("\n")
        print(f"{a.rule}-{seed}: {games} games, {positions} positions", flush=True)


def shards(folder):
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name)) as f:
                yield json.load(f)


def stats(a):
    by_rule, by_run = {}, {}
    for s in shards(a.dir):
        run = (s["run"], s["rule"], s["engine"], s["bench"], s["nodes"], " ".join(s["features"]))
        for key, table in ((s["rule"], by_rule), (run, by_run)):
            t = table.setdefault(key, [0, 0, 0, 0])
            t[0] += 1
            t[1] += s["games"]
            t[2] += s["positions"]
            t[3] += s["bytes"]
    if a.csv:
        # The rows of docs/corpus.csv: what each generation run added.
        print("run,rule,engine,bench,nodes,features,shards,games,positions,bytes")
        for key, t in sorted(by_run.items()):
            print(",".join(str(x) for x in (*key, *t)))
        return
    print("rule       shards    games  positions      bytes")
    for rule, (n, g, p, b) in sorted(by_rule.items()):
        print(f"{rule:<10} {n:>6} {g:>8} {p:>10} {b:>10}")
    print("\nrun (UTC, host, seeds)               rule       engine             shards    games  positions")
    for (run, rule, rev, *_), (n, g, p, _) in sorted(by_run.items()):
        print(f"{run:<36} {rule:<10} {rev:<18} {n:>6} {g:>8} {p:>10}")


def merge(a):
    os.makedirs(a.dir, exist_ok=True)
    for src in a.src:
        for s in shards(src):
            kgd, meta = shard_paths(src, s["rule"], s["seed"])
            to_kgd, to_meta = shard_paths(a.dir, s["rule"], s["seed"])
            if os.path.exists(to_kgd):
                if sha256(to_kgd) != s["sha256"]:
                    sys.exit(f"corpus: {os.path.basename(kgd)} differs in {src} and {a.dir}")
                continue
            if sha256(kgd) != s["sha256"]:
                sys.exit(f"corpus: {kgd} does not match its {os.path.basename(meta)}")
            shutil.copyfile(kgd, to_kgd + ".part")
            os.replace(to_kgd + ".part", to_kgd)
            shutil.copyfile(meta, to_meta)
            print(f"{os.path.basename(kgd)} from {src}")
        # The searched children `train` cached beside a shard (they check themselves).
        for kgc in glob.glob(os.path.join(glob.escape(src), "*.kgc")):
            to = os.path.join(a.dir, os.path.basename(kgc))
            if not os.path.exists(to):
                shutil.copyfile(kgc, to)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("rule", choices=RULES)
    g.add_argument("dir")
    g.add_argument("first", type=int)
    g.add_argument("last", type=int)
    g.add_argument("--games", type=int, default=200)
    g.add_argument("--nodes", type=int, default=30000)
    g.add_argument("--feature", action="append", default=[])
    g.add_argument("--bin", default=BIN, help="folder of pbrain-kakugo and kakugo-tools")
    s = sub.add_parser("stats")
    s.add_argument("dir")
    s.add_argument("--csv", action="store_true")
    m = sub.add_parser("merge")
    m.add_argument("dir")
    m.add_argument("src", nargs="+")
    a = p.parse_args()
    {"gen": gen, "stats": stats, "merge": merge}[a.cmd](a)


if __name__ == "__main__":
    main()
