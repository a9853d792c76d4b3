#!/bin/sh
# Fails when the search bench no longer prints the signature recorded in git: the `Bench: N`
# line of the most recent commit message that carries one (every commit that changes the
# search's tree, the board or the threat solvers ends its message with the new signature).
#
# usage: scripts/bench-check.sh          (from anywhere in a clone with its history)
# env:   CARGO_TARGET_DIR  where cargo builds (default target)
# exit:  0 the same signature; 1 a different one; 2 no signature in the history, or the bench
#        printed none.
set -eu
cd "$(dirname "$0")/.."
want=$(git log -n 1 -E --grep='^Bench: [0-9]+$' --format=%B | sed -n 's/^Bench: \([0-9][0-9]*\)$/\1/p' | tail -n 1)
if [ -z "$want" ]; then
    if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
        echo "bench-check: no commit message with a 'Bench: N' line in this shallow clone; fetch more history (git fetch --unshallow)" >&2
    else
        echo "bench-check: no commit message with a 'Bench: N' line in the history" >&2
    fi
    exit 2
fi
cargo build --release --quiet --bin pbrain-kakugo
target=${CARGO_TARGET_DIR:-target}
got=$("$target/release/pbrain-kakugo" bench search | sed -n 's/^Bench: \([0-9][0-9]*\)$/\1/p' | tail -n 1)
if [ -z "$got" ]; then
    echo "bench-check: pbrain-kakugo bench search printed no 'Bench: N' line" >&2
    exit 2
fi
commit=$(git log -n 1 -E --grep='^Bench: [0-9]+$' --format=%h)
if [ "$got" != "$want" ]; then
    echo "bench-check: Bench: $got, but commit $commit records Bench: $want" >&2
    echo "bench-check: a change to the search's tree must say so: end its commit message with 'Bench: $got'" >&2
    exit 1
fi
echo "bench-check: Bench: $got, as recorded in $commit"
