#!/usr/bin/env bash
# Builds the browser version into web/dist: the game's wasm with the size-tuned profile, the
# JavaScript glue from wasm-bindgen (the CLI at the exact version of the crate in Cargo.lock),
# the page; and the engine alone (crates/search-web) in web/dist/engine with the page that
# races it against PathFinding.js (bench.html) and the benchmark maps it reads.
# Serve it with: python3 -m http.server -d web/dist 8080
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/cubepath/target}"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  echo "installing wasm-bindgen-cli $version"
  cargo install wasm-bindgen-cli --version "$version"
fi
# wasm-opt (binaryen) and PathFinding.js come pinned from web/package.json.
[ -x web/node_modules/.bin/wasm-opt ] && [ -d web/node_modules/pathfinding ] || npm ci --prefix web --no-audit --no-fund
wasm_opt() { # in place, shrinking for size; the wasm's own target_features section says what it may use
  web/node_modules/.bin/wasm-opt -Oz --strip-debug --strip-producers "$1" -o "$1.opt" && mv "$1.opt" "$1"
}
out="$CARGO_TARGET_DIR/wasm32-unknown-unknown/web"
cargo build --profile web --target wasm32-unknown-unknown --bin cubepath
cargo build --profile web-engine --target wasm32-unknown-unknown -p cubepath-search-web --lib
rm -rf web/dist
mkdir -p web/dist/engine web/dist/maps web/dist/fonts
bindgen() { wasm-bindgen --no-typescript --target web --remove-name-section --remove-producers-section "$@"; }
bindgen --out-dir web/dist --out-name cubepath "$out/cubepath.wasm"
# The game's wasm is not run through wasm-opt: on the LTO build -Oz took 6 minutes of CPU and
# cut 17 % raw but nothing gzip (see the README's size table); the engine's small one is.
bindgen --out-dir web/dist/engine "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web-engine/cubepath_search_web.wasm"
wasm_opt web/dist/engine/cubepath_search_web_bg.wasm
cp web/index.html web/bench.html web/dist/
# the Chinese panel's font, downloaded only when Chinese is chosen
cp assets/fonts/cubepath-zh.otf assets/fonts/OFL.txt web/dist/fonts/
node web/bundle-pf.mjs web/dist/pathfinding.js
for map in arena lak304d maze255 64room_000 random512-10; do
  cp "assets/maps/$map.map" "assets/maps/$map.map.scen" web/dist/maps/
done
# the book beside the game (docs/, built by mdBook): the page links to it, its lessons link back
command -v mdbook >/dev/null || { echo "web/build.sh: mdbook builds the book beside the game: cargo install mdbook --locked" >&2; exit 1; }
mdbook build docs --dest-dir "$PWD/web/dist/book"
size() { echo "$(( $(stat -c %s "$1") / 1024 )) KiB, $(( $(gzip -9 -c "$1" | wc -c) / 1024 )) KiB gzip"; }
echo "web/dist ready: cubepath_bg.wasm $(size web/dist/cubepath_bg.wasm); engine alone $(size web/dist/engine/cubepath_search_web_bg.wasm)"
