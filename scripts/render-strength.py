#!/usr/bin/env python3
"""Render the strength tables from the strength log's data, so that each figure is written once.

    python3 scripts/render-strength.py           # write docs/strength-log.md and README.md's tables
    python3 scripts/render-strength.py --check   # exit 1 if either is out of date (CI)

Reads `docs/strength-log.csv` (one row a match) and `docs/strength-log.in.md` (the log's prose,
with a `<!-- table: GROUP -->` line where each group's table goes). Writes `docs/strength-log.md`
and, in README.md, the rows whose `readme` column names a table, between
`<!-- strength:NAME:begin -->` and `<!-- strength:NAME:end -->`. Score, games and Elo with its
95 % interval are computed from W–L–D (normal approximation over the game results).
Standard library only.

The CSV's columns, one row a match, appended oldest first within its group:
  date, group          YYYY-MM-DD; the log's table (`<!-- table: GROUP -->` in the template)
  commit, bench        Kakugo's commit measured and its `pbrain-kakugo bench` count
  what, opponent       the variant measured (blank: the commit as it was) and what it played
  rule, board          freestyle | standard | renju | caro; 15, 20
  clock                300 ms, 100 ms, 1 s, 2 s / 12 s, 5 s / 120 s, N nodes (the template says what each means)
  runner, conc         arena | cgc (c-gomoku-cli); games at once
  suite, role          suite tags joined by "+"; held-out | development (development if any tag is)
  w, l, d              games won, lost, drawn by the first engine
  black, white         optional: its W-L-D as Black and as White (they must add up to w, l, d)
  nps                  Kakugo's nodes/s : the opponent's, as measured in the run
  readme               the README table that shows the row (<!-- strength:NAME:begin -->), or blank
  note                 one line, at most 200 characters
"""
import csv
import math
import re
import sys
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "strength-log.csv"
TEMPLATE = ROOT / "docs" / "strength-log.in.md"
LOG = ROOT / "docs" / "strength-log.md"
README = ROOT / "README.md"

COLUMNS = ("date group commit bench what opponent rule board clock runner conc suite role "
           "w l d black white nps readme note").split()
ROLES = ("held-out", "development")
RULES = ("freestyle", "standard", "renju", "caro")
NOTE_MAX = 200  # characters: a note is one line, not a paragraph

# Columns of a rendered table: (header, cell function). A column empty in every row is left out.
TABLE = [
    ("date", lambda r: r["date"]),
    ("Kakugo", lambda r: code(r["commit"])),
    ("bench", lambda r: r["bench"]),
    ("measured", lambda r: code(r["what"])),
    ("against", lambda r: code(r["opponent"])),
    ("rule", lambda r: rule_board(r)),
    ("clock", lambda r: r["clock"]),
    ("runner", lambda r: r["runner"] + (" ×" + r["conc"] if r["conc"] else "")),
    ("suite", lambda r: suite(r)),
    ("games", lambda r: str(r["n"])),
    ("W–L–D", lambda r: wld(r)),
    ("score", lambda r: score_text(r)),
    ("Elo [95 %]", lambda r: elo_text(r)),
    ("as Black / White", lambda r: " / ".join(dash(r[c]) for c in ("black", "white")) if r["black"] else ""),
    ("nodes/s", lambda r: r["nps"]),
    ("note", lambda r: code(r["note"])),
]
README_TABLE = ["against", "measured", "rule", "clock", "W–L–D", "score", "Elo [95 %]", "suite", "Kakugo", "date",
                "nodes/s"]
CLOCK_ORDER = ["300 ms", "100 ms", "1 s", "2 s / 12 s", "5 s / 120 s"]


def code(s):
    """Commits (seven hex digits, a letter and a digit among them) in backticks: `a636300`."""
    return re.sub(r"(?<![`\w])((?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7})(?![`\w])", r"`\1`", s)


def score_text(r):
    exact = Fraction(2 * r["w"] + r["d"], 2 * r["n"])
    return str((Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(Decimal("0.001"), ROUND_HALF_UP))


def dash(s):
    return s.replace("-", "–")


def rule_board(r):
    return r["rule"] + ("" if r["board"] == "15" else f" {r['board']}×{r['board']}")


def suite(r):
    if not r["suite"]:
        return "—"
    return f"{r['suite']} ({r['role']})"


def wld(r):
    return f"{r['w']}–{r['l']}–{r['d']}"


def signed(x):
    v = round(x)
    return "0" if v == 0 else f"{v:+d}".replace("-", "−")


def elo(p):
    if p <= 0.0:
        return -math.inf
    if p >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / p - 1.0)


def elo_text(r):
    e, lo, hi = r["elo"]
    if math.isinf(e):
        return "—"
    bound = lambda x: "∞" if x == math.inf else "−∞" if x == -math.inf else signed(x)
    return f"{signed(e)} [{bound(lo)}, {bound(hi)}]"


def derive(r):
    """Games, score and Elo with its 95 % interval from W–L–D."""
    w, l, d = r["w"], r["l"], r["d"]
    n = w + l + d
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + l * s ** 2 + d * (0.5 - s) ** 2) / n
    half = 1.96 * math.sqrt(var / n)
    r["n"], r["score"], r["elo"] = n, s, (elo(s), elo(s - half), elo(s + half))


def load(errors):
    with DATA.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != COLUMNS:
            errors.append(f"{DATA.name}: columns must be {','.join(COLUMNS)}")
            return []
        rows = list(reader)
    roles = {}
    last = {}
    for i, r in enumerate(rows, start=2):
        where = f"{DATA.name}:{i}"
        r["line"] = i
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", r["date"]):
            errors.append(f"{where}: date {r['date']!r} is not YYYY-MM-DD")
        if r["date"] < last.get(r["group"], ""):
            errors.append(f"{where}: rows of a group go oldest first (append new runs at the end)")
        last[r["group"]] = max(last.get(r["group"], ""), r["date"])
        try:
            r["w"], r["l"], r["d"] = int(r["w"]), int(r["l"]), int(r["d"])
            if min(r["w"], r["l"], r["d"]) < 0 or r["w"] + r["l"] + r["d"] == 0:
                raise ValueError
        except ValueError:
            errors.append(f"{where}: w, l, d must be counts of games")
            continue
        if r["rule"] not in RULES:
            errors.append(f"{where}: rule {r['rule']!r} not one of {', '.join(RULES)}")
        if not r["board"].isdigit():
            errors.append(f"{where}: board {r['board']!r} is not a number")
        if r["black"] or r["white"]:
            try:
                b = [int(x) for x in r["black"].split("-")]
                wt = [int(x) for x in r["white"].split("-")]
                if len(b) != 3 or len(wt) != 3 or [x + y for x, y in zip(b, wt)] != [r["w"], r["l"], r["d"]]:
                    raise ValueError
            except ValueError:
                errors.append(f"{where}: black and white must be W-L-D that add up to the row's")
        if bool(r["suite"]) != bool(r["role"]):
            errors.append(f"{where}: a suite needs its role and a role its suite")
        elif r["suite"]:
            if r["role"] not in ROLES:
                errors.append(f"{where}: role {r['role']!r} not one of {', '.join(ROLES)}")
            parts = r["suite"].split("+")
            if len(parts) == 1:
                if roles.setdefault(r["suite"], r["role"]) != r["role"]:
                    errors.append(f"{where}: suite {r['suite']} has two roles")
        if len(r["note"]) > NOTE_MAX:
            errors.append(f"{where}: note longer than {NOTE_MAX} characters; say it shorter")
        derive(r)
    # A run on several suites is development if any of them is.
    for r in rows:
        parts = r["suite"].split("+") if r["suite"] else []
        if len(parts) > 1 and all(p in roles for p in parts):
            want = "development" if any(roles[p] == "development" for p in parts) else "held-out"
            if r["role"] != want:
                errors.append(f"{DATA.name}:{r['line']}: suites {r['suite']} make the role {want}")
    return rows


def table(rows, headers=None, fold=False):
    """A markdown table; columns empty in every row are left out, and with `fold` a column with the
    same value in every row becomes an "Every row:" line above the table."""
    cols = [(h, f) for h, f in TABLE if headers is None or h in headers]
    if headers is not None:
        cols.sort(key=lambda c: headers.index(c[0]))
    cells = [[f(r) for _, f in cols] for r in rows]
    keep = [j for j in range(len(cols)) if any(row[j] for row in cells)]
    same = [j for j in keep if fold and len(rows) > 1 and len({row[j] for row in cells}) == 1]
    keep = [j for j in keep if j not in same]
    esc = lambda s: s.replace("|", "\\|")
    out = []
    if same:
        out += ["Every row: " + "; ".join(f"{cols[j][0]} {cells[0][j]}" for j in same) + ".", ""]
    out += ["| " + " | ".join(cols[j][0] for j in keep) + " |",
            "|" + "---|" * len(keep)]
    out += ["| " + " | ".join(esc(row[j]) for j in keep) + " |" for row in cells]
    return "\n".join(out)


def render_log(rows, errors):
    text = TEMPLATE.read_text(encoding="utf-8")
    groups = {}
    for r in rows:
        groups.setdefault(r["group"], []).append(r)
    used = set()

    def put(m):
        g = m.group(1)
        used.add(g)
        if g not in groups:
            errors.append(f"{TEMPLATE.name}: no rows of group {g!r}")
            return ""
        return table(list(reversed(groups[g])), fold=True)  # newest first

    body = re.sub(r"^<!-- table: ([\w-]+) -->$", put, text, flags=re.M)
    for g in groups.keys() - used:
        errors.append(f"{DATA.name}: group {g!r} has no `<!-- table: {g} -->` in {TEMPLATE.name}")
    head = ("<!-- Generated: edit docs/strength-log.csv (the runs) or docs/strength-log.in.md (the prose), "
            "then run `python3 scripts/render-strength.py`. -->\n")
    return head + body


def render_readme(rows, errors):
    text = README.read_text(encoding="utf-8")
    wanted = {}
    for r in rows:
        if r["readme"]:
            wanted.setdefault(r["readme"], []).append(r)
    found = set()

    groups = list(dict.fromkeys(r["group"] for r in rows))

    def order(r):  # by group as the log has them, then opponent, rule, board, clock
        clock = CLOCK_ORDER.index(r["clock"]) if r["clock"] in CLOCK_ORDER else len(CLOCK_ORDER)
        return (groups.index(r["group"]), r["opponent"], RULES.index(r["rule"]), int(r["board"]), clock)

    def put(m):
        begin, name, end = m.group(1), m.group(2), m.group(3)
        found.add(name)
        if name not in wanted:
            errors.append(f"README.md: table {name!r} has no rows with readme={name}")
            return m.group(0)
        return f"{begin}{table(sorted(wanted[name], key=order), README_TABLE, fold=True)}\n{end}"

    marker = re.compile(r"^(<!-- strength:([\w-]+):begin -->\n)(?s:.*?)^(<!-- strength:\2:end -->)$", re.M)
    out = marker.sub(put, text)
    for name in wanted.keys() - found:
        errors.append(f"{DATA.name}: readme={name} but README.md has no <!-- strength:{name}:begin --> marker")
    return out


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit("usage: scripts/render-strength.py [--check]")
    errors = []
    rows = load(errors)
    outputs = {LOG: render_log(rows, errors), README: render_readme(rows, errors)} if rows else {}
    if errors:
        sys.exit("\n".join(errors))
    stale = [p for p, text in outputs.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
    if check:
        if stale:
            names = ", ".join(str(p.relative_to(ROOT)) for p in stale)
            sys.exit(f"{names}: out of date with docs/strength-log.csv; run python3 scripts/render-strength.py")
        return
    for p in stale:
        p.write_text(outputs[p], encoding="utf-8")
        print(f"wrote {p.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
