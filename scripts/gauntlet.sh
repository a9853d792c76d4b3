#!/bin/sh
# Gauntlet: Kakugo against every engine listed in a file, each opening twice with colours swapped.
#
# usage: scripts/gauntlet.sh ENGINES_FILE [key=value ...]
#   ENGINES_FILE  one opponent a line: `NAME COMMAND...` (`#` starts a comment line)
# env: CONF (default tournaments/fast-freestyle15.conf), KAKUGO (default
#      target/release/pbrain-kakugo), OUT (default runs/gauntlet-DATE)
set -eu
cd "$(dirname "$0")/.."
LIST=${1:?usage: scripts/gauntlet.sh ENGINES_FILE [key=value ...]}
shift
CONF=${CONF:-tournaments/fast-freestyle15.conf}
KAKUGO=${KAKUGO:-target/release/pbrain-kakugo}
OUT=${OUT:-runs/gauntlet-$(date +%Y%m%d-%H%M%S)}
TMP=$(mktemp "${TMPDIR:-/tmp}/kakugo-gauntlet.XXXXXX")
trap 'rm -f "$TMP"' EXIT INT TERM
{
    echo "engine = $KAKUGO"
    echo "name = kakugo"
    grep -v '^[[:space:]]*#' "$LIST" | while read -r name cmd; do
        if [ -n "$name" ] && [ -n "$cmd" ]; then
            printf 'engine = %s\nname = %s\n' "$cmd" "$name"
        fi
    done
} > "$TMP"
cargo build --release --quiet -p kakugo -p kakugo-arena
target/release/kakugo-arena config="$CONF" config="$TMP" mode=gauntlet out="$OUT" "$@"
