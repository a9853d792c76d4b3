#!/bin/sh
# Self-play: an engine against itself, every opening twice with colours swapped.
#
# usage: scripts/selfplay.sh [ENGINE_CMD] [GAMES] [OUT_DIR] [key=value ...]
#   ENGINE_CMD  any engine command line (default: target/release/pbrain-kakugo)
#   GAMES       games to play (default 20)
#   OUT_DIR     where games (PSQ, SGF), results.jsonl, summary.txt and game0001.svg go
#               (default runs/selfplay-DATE)
#   key=value   more arena settings, e.g. timeout_turn=1000 concurrency=1
# env: CONF (default tournaments/fast-renju15.conf: renju 15x15, 200 ms a move)
#
# example (the arena's own legal-move test engine):
#   scripts/selfplay.sh "target/release/kakugo-arena fake legal" 20 runs/demo
set -eu
cd "$(dirname "$0")/.."
ENGINE=${1:-target/release/pbrain-kakugo}
GAMES=${2:-20}
OUT=${3:-runs/selfplay-$(date +%Y%m%d-%H%M%S)}
[ $# -ge 3 ] && shift 3 || shift $#
CONF=${CONF:-tournaments/fast-renju15.conf}
cargo build --release --quiet -p kakugo -p kakugo-arena
ARENA=target/release/kakugo-arena
"$ARENA" config="$CONF" engine="$ENGINE" name=A engine="$ENGINE" name=B \
    games="$GAMES" out="$OUT" "$@"
"$ARENA" render "$OUT/games/0001.psq" > "$OUT/game0001.svg"
echo "games: $OUT/games  results: $OUT/results.jsonl  picture: $OUT/game0001.svg"
