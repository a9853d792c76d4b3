#!/bin/sh
# Draws a held-out evaluation suite: openings of seven or eight stones (the training games start
# from three to six, so no training game can share one), balanced by a long node-limited search
# (the same suite on every machine), none of the repository's suites in any orientation. Keep it
# outside the repository and pass it to `gendata --exclude` when making training data.
#
# usage: scripts/heldout-suite.sh RULE SIZE SEED OUT [COUNT] [NODES] [LIMIT]
#   RULE   freestyle | standard | renju | caro
#   SIZE   board side (15, 20)
#   SEED   seed of the generator (a fresh one per suite)
#   OUT    the suite, pos notation, one opening a line
#   COUNT  openings                                       default 100
#   NODES  nodes of the balancing search                  default 400000
#   LIMIT  kept when that search's score is within this   default 100
set -eu
cd "$(dirname "$0")/.."
rule=$1 size=$2 seed=$3 out=$4 count=${5:-100} nodes=${6:-400000} limit=${7:-100}
cargo build --release -p kakugo-tools
target/release/kakugo-tools gendata --list --rule "$rule" --size "$size" --seed "$seed" \
    --games "$count" --stones 7-8 --balance-nodes "$nodes" --balance-limit "$limit" > "$out"
wc -l "$out"
