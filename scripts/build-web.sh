#!/bin/sh
# Builds the browser site into target/web/: Kakugo compiled to WebAssembly
# (crates/kakugo-web, kakugo_web_bg.wasm and its wasm-bindgen glue kakugo_web.js) and the Web
# Worker that runs it (engine-worker.js); prints each file's size and the gzip-compressed total.
# Installs what it needs: the wasm32-unknown-unknown target and the wasm-bindgen CLI of exactly
# the version Cargo.lock holds (the glue and the crate must match).
#
# usage: scripts/build-web.sh            then: python3 -m http.server -d target/web 8000
# env:   CARGO_TARGET_DIR  where cargo builds (default target)
set -eu
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
want=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock)
if [ -z "$want" ]; then
    echo "build-web: no wasm-bindgen in Cargo.lock" >&2
    exit 2
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ]; then
    # --locked builds the CLI as released; a registry mirror missing one of its newest locked
    # dependencies gets the newest compatible ones instead.
    cargo install wasm-bindgen-cli --version "$want" --locked \
        || cargo install wasm-bindgen-cli --version "$want"
fi
cargo build --release --quiet --target wasm32-unknown-unknown -p kakugo-web
out=$target/web
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
    "$target/wasm32-unknown-unknown/release/kakugo_web.wasm"
cp crates/kakugo-web/web/* "$out/"
total=0
for f in "$out"/*; do
    raw=$(wc -c <"$f")
    packed=$(gzip -9 -c "$f" | wc -c)
    total=$((total + packed))
    printf '%-28s %9d bytes %9d gzip\n' "${f##*/}" "$raw" "$packed"
done
printf 'build-web: %s, %d bytes gzip-compressed\n' "$out" "$total"
