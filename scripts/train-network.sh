#!/bin/sh
# Makes the evaluation network of a rule from scratch: self-play games of the classical
# evaluation alone (`--feature network=off`) at a fixed node count from generated openings (a
# fresh seed per batch), then `kakugo-tools train` on them (which also searches a random child
# of every position, at 6,000 nodes: a few minutes on two cores). The
# shipped nets were made with the defaults below (see docs/network.md); a smaller budget
# (fewer games) gives a net within noise of them for a quicker check.
#
# usage: scripts/train-network.sh RULE OUTDIR [BATCHES] [GAMES] [NODES] [EPOCHS] [EXCLUDE.pos.txt...]
#   RULE     freestyle | renju
#   OUTDIR   gets RULE-N.kgd (the games) and RULE.kgn (the weights, for src/network/weights/)
#   BATCHES  batches of games, seeds 100+N (freestyle) / 200+N (renju)   default 4
#   GAMES    games a batch                                                 default 2000
#   NODES    nodes a move                                                  default 30000
#   EPOCHS   training passes                                               default 40
#   EXCLUDE  held-out opening suites never to start a game from
#
# With the default GAMES and NODES, a batch whose games are in the repository
# (data/network-games/RULE-SEED.kgd) is taken from there instead of being played again;
# FRESH=1 plays every batch.
set -eu
cd "$(dirname "$0")/.."
rule=$1 out=$2 batches=${3:-4} games=${4:-2000} nodes=${5:-30000} epochs=${6:-40}
shift $(( $# < 6 ? $# : 6 ))
case $rule in freestyle) base=100 ;; renju) base=200 ;; *) echo "rule: freestyle or renju" >&2; exit 2 ;; esac
excl=""
for f in "$@"; do excl="$excl --exclude $f"; done
cargo build --release -p kakugo-tools
tools=target/release/kakugo-tools
mkdir -p "$out"
data=""
b=1
while [ "$b" -le "$batches" ]; do
    file="$out/$rule-$b.kgd"
    stored="data/network-games/$rule-$((base + b)).kgd"
    if [ ! -s "$file" ] && [ "${FRESH:-0}" != 1 ] && [ "$games" = 2000 ] \
        && [ "$nodes" = 30000 ] && [ -s "$stored" ]; then
        cp "$stored" "$file"
        # with the children `train` searched for it, if cached (FILE.NODES.kgc)
        for kgc in "${stored%.kgd}".*.kgc; do
            if [ -e "$kgc" ]; then cp "$kgc" "${file%.kgd}.${kgc#"${stored%.kgd}".}"; fi
        done
    fi
    if [ ! -s "$file" ]; then
        # shellcheck disable=SC2086
        $tools gendata --rule "$rule" --games "$games" --nodes "$nodes" --seed $((base + b)) \
            --feature network=off --out "$file.part" $excl
        mv "$file.part" "$file"
    fi
    data="$data $file"
    b=$((b + 1))
done
# shellcheck disable=SC2086
$tools train --rule "$rule" --data $data --epochs "$epochs" --out "$out/$rule.kgn"
