#!/bin/sh
# Builds the browser site into target/web/: the board page (index.html, app.js, style.css: the
# arena's page, told by its `kakugo-board` meta tag that it is a static site), Kakugo and the
# board's session compiled to WebAssembly (crates/kakugo-web, kakugo_web_bg.wasm and its
# wasm-bindgen glue kakugo_web.js), the Web Worker that runs the session (board-worker.js) and
# the one that runs an engine (engine-worker.js, kakugo-engine.js); prints each file's size and
# the gzip-compressed total (goal: under 2 MB).
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
page=crates/kakugo-arena/src/web/page
cp "$page/app.js" "$page/style.css" "$out/"
sed 's|<meta name="kakugo-board" content="arena">|<meta name="kakugo-board" content="static">|' \
    "$page/index.html" >"$out/index.html"
grep -q 'content="static"' "$out/index.html" || {
    echo "build-web: the page has no kakugo-board meta tag" >&2
    exit 2
}
total=0
for f in "$out"/*; do
    raw=$(wc -c <"$f")
    packed=$(gzip -9 -c "$f" | wc -c)
    total=$((total + packed))
    printf '%-28s %9d bytes %9d gzip\n' "${f##*/}" "$raw" "$packed"
done
printf 'build-web: %s, %d bytes gzip-compressed\n' "$out" "$total"
if [ "$total" -ge 2000000 ]; then
    echo "build-web: over the 2 MB goal" >&2
fi
