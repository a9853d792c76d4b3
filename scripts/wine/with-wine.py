"""Runs a Python script whose subprocesses start Windows `.exe` files directly (GomocupJudge's
`test_zip_rules.py`, its client) with each such exe started under Wine instead.

usage: python3 scripts/wine/with-wine.py SCRIPT.py [ARGS...]
env:   WINE (default "wine"), plus Wine's own (WINEPREFIX, WINEDEBUG=-all)

Registering Wine for `.exe` with binfmt_misc would do the same without this wrapper, but a file
extracted by Python's zipfile has no execute permission, so the kernel refuses to start it
before binfmt_misc is consulted.
"""

import os
import runpy
import shlex
import subprocess
import sys

WINE = shlex.split(os.environ.get("WINE", "wine"))
_popen_init = subprocess.Popen.__init__


def _init(self, args, *rest, **kw):
    if isinstance(args, str) and not kw.get("shell"):
        args = shlex.split(args)
    if isinstance(args, (list, tuple)) and args and str(args[0]).lower().endswith(".exe"):
        args = WINE + list(args)
    _popen_init(self, args, *rest, **kw)


subprocess.Popen.__init__ = _init

if __name__ == "__main__":
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")
