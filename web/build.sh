#!/usr/bin/env bash
# Builds the browser version into web/dist: the wasm with the size-tuned profile, the
# JavaScript glue from wasm-bindgen (the CLI at the exact version of the crate in Cargo.lock),
# and the page. Serve it with: python3 -m http.server -d web/dist 8080
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/cubepath/target}"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  echo "installing wasm-bindgen-cli $version"
  cargo install wasm-bindgen-cli --version "$version"
fi
cargo build --profile web --target wasm32-unknown-unknown --bin cubepath
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --no-typescript --target web --out-dir web/dist --out-name cubepath \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/cubepath.wasm"
cp web/index.html web/dist/
raw=$(stat -c %s web/dist/cubepath_bg.wasm)
gz=$(gzip -9 -c web/dist/cubepath_bg.wasm | wc -c)
echo "web/dist ready: cubepath_bg.wasm $((raw / 1024)) KiB, $((gz / 1024)) KiB gzip"
