#!/bin/sh
# CI for the Windows engine: installs the Rust target, mingw-w64 and Wine (Debian's), builds the
# exe and Gomocup's zip (scripts/build-windows.sh), then runs the exe from the zip under Wine:
# a START smoke test, the bench signature against the Linux build's, and the protocol tests
# (Gomocup's rule checks, the manager sessions, the bad-input tests, Yixin-Board's commands) with
# KAKUGO_ENGINE set.
#
# Wine 8 (Debian 12) lacks bcryptprimitives.dll, whose ProcessPrng Rust's std imports; a
# test-only stand-in (scripts/wine/bcryptprimitives.c) goes into this script's own Wine prefix
# (target/wine/prefix), never next to the exe nor into the zip.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)

# Tools, idempotent.
if ! command -v x86_64-w64-mingw32-gcc >/dev/null || ! command -v wine >/dev/null \
    || ! command -v python3 >/dev/null; then
    SUDO=
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q gcc-mingw-w64-x86-64 wine wine64 python3
fi
rustup target add x86_64-pc-windows-gnu

# The exe and the zip (the script checks the zip: one pbrain- exe at the root, within 8 MB,
# importing only Windows' own DLLs).
scripts/build-windows.sh

# The exe as shipped: unpacked from the zip.
W="$ROOT/target/wine"
rm -rf "$W/zip"
mkdir -p "$W/zip"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' \
    target/gomocup/kakugo.zip "$W/zip"
EXE="$W/zip/pbrain-kakugo.exe"
if [ -d target/gomocup/x86-64-v3 ] && ! grep -qw avx2 /proc/cpuinfo; then
    echo "this CPU lacks x86-64-v3: testing the x86-64 exe instead of the zip's" >&2
    EXE="$ROOT/target/gomocup/pbrain-kakugo.exe"
fi

# The test-only ProcessPrng shim and a Wine prefix holding it.
x86_64-w64-mingw32-gcc -O2 -Wall -Wextra -Werror -shared -static-libgcc \
    -o "$W/bcryptprimitives.dll" scripts/wine/bcryptprimitives.c \
    scripts/wine/bcryptprimitives.def -lbcrypt
export WINEPREFIX="$W/prefix" WINEDEBUG=-all
if [ ! -f "$WINEPREFIX/system.reg" ]; then
    wineboot -i
fi
cp "$W/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
# One Wine server for every start below (each then takes ~0.5 s instead of seconds), once the
# one wineboot left has gone.
wineserver -w
wineserver -p
trap 'wineserver -k || true' EXIT

# START answers OK.
python3 - "$EXE" <<'PY'
import subprocess, sys, threading
p = subprocess.Popen(["wine", sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
timer = threading.Timer(60, p.kill)
timer.start()
p.stdin.write(b"START 15\r\n")
p.stdin.flush()
first = p.stdout.readline().decode().strip()
p.stdin.write(b"END\r\n")
p.stdin.close()
status = p.wait()
timer.cancel()
if first != "OK" or status != 0:
    sys.exit(f"error: the exe answered START 15 with {first!r}, exit status {status}")
print("START 15 -> OK", file=sys.stderr)
PY
# The same search as the Linux build: same nodes.
cargo build --release --quiet --bin pbrain-kakugo
want=$(target/release/pbrain-kakugo bench search | sed -n 's/^Bench: //p')
got=$(wine "$EXE" bench search | tr -d '\r' | sed -n 's/^Bench: //p')
[ -n "$want" ] && [ "$got" = "$want" ] || {
    echo "error: Bench: $got under Wine, $want on Linux" >&2
    exit 1
}
echo "exe under Wine: Bench: $got as on Linux" >&2

# The protocol tests against the exe.
KAKUGO_ENGINE="wine $EXE" cargo test --release \
    --test gomocup_rule_checks --test protocol_sessions --test protocol_robustness --test protocol_edges \
    --test protocol_yixin --test protocol_opening
