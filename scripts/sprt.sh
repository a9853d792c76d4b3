#!/bin/sh
# SPRT of the working tree against another git revision (elo0=0 elo1=5 alpha=beta=0.05):
# builds the other revision in a temporary git worktree, then plays until the test decides.
#
# usage: scripts/sprt.sh [BASE_REV] [key=value ...]       (BASE_REV default: HEAD)
# env:   CONF    preset (default tournaments/sprt.conf)
#        BIN     binary to build and play (default pbrain-kakugo)
#        ARGS    arguments given to both engines (default none)
#        OUT     output folder (default runs/sprt-DATE)
#        BASE_TARGET  cargo target folder of the base build (default $TMPDIR/kakugo-sprt-target,
#                kept between runs so that rebuilds are quick)
# example with the arena's test engine: BIN=kakugo-arena ARGS="fake legal" scripts/sprt.sh HEAD games=40
set -eu
cd "$(dirname "$0")/.."
BASE=${1:-HEAD}
[ $# -ge 1 ] && shift
BIN=${BIN:-pbrain-kakugo}
ARGS=${ARGS:-}
CONF=${CONF:-tournaments/sprt.conf}
OUT=${OUT:-runs/sprt-$(date +%Y%m%d-%H%M%S)}
BASE_TARGET=${BASE_TARGET:-${TMPDIR:-/tmp}/kakugo-sprt-target}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/kakugo-sprt.XXXXXX")
cleanup() {
    git worktree remove --force "$TMP/base" >/dev/null 2>&1 || true
    rm -rf "$TMP"
}
trap cleanup EXIT INT TERM
git worktree add --detach --quiet "$TMP/base" "$BASE"
echo "building $BASE in $TMP/base"
(cd "$TMP/base" && CARGO_TARGET_DIR="$BASE_TARGET" cargo build --release --quiet --workspace --bin "$BIN")
cp "$BASE_TARGET/release/$BIN" "$TMP/$BIN-base"
echo "building the working tree"
cargo build --release --quiet --workspace --bin "$BIN" --bin kakugo-arena
target/release/kakugo-arena config="$CONF" \
    engine="target/release/$BIN $ARGS" name=new \
    engine="$TMP/$BIN-base $ARGS" name="base-$BASE" \
    out="$OUT" "$@"
