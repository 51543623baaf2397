#!/usr/bin/env bash
# cubepath's prepared search (subgoal graph, contracted) against cubepath's JPS+ and block JPS
# and against mkpath (github.com/MinusKelvin/mkpath, Rust) on the same Moving AI files, in one
# run on one machine. Fetches nothing.
#
# Usage: benches/prepared.sh [MKPATH_EXAMPLES] MAP...
#   MKPATH_EXAMPLES  a folder holding mkpath's examples built from its source with
#                    `cargo build --release --example jps_plus --example jps_plus_bb
#                    --example tops --example topping_plus` (target/release/examples), or -
#                    to race cubepath alone
#   MAP              .map files, each with MAP.scen beside it
# RUNS (3) runs of each contender; the best is kept. BB_MAX_CELLS (70000): mkpath's JPS+BB is
# prepared only on maps this small (its preparation took 4 s for 64room_000, 190 s for 8room_000
# and 27 minutes for random512-10 here).
# TOPS_MAX_CELLS (40000): mkpath's TOPS and Topping+ (one preparation, a partial cell CPD, serves
# both) only on maps this small.
#
# Prints one row per map: problems; cubepath's preparation (ms, file bytes, bytes per cell);
# total query time in ms over every problem for cubepath's jps-plus, jps-block and subgoal
# (preparation outside the span) and mkpath's JPS+ (its example builds its jump table inside
# its span and prints each path), JPS+BB, TOPS and Topping+ (after their preparation, also
# printing; mk_prep_s the seconds of the two preparations, JPS+BB's + TOPS's); the ratios
# of jps-plus and of mkpath's best to subgoal. Every cubepath answer is checked against the
# file's length (bench exits 1 on a wrong one).
set -euo pipefail
mk=$1
shift
here=$(cd "$(dirname "$0")/.." && pwd)
cubepath=${CUBEPATH:-${CARGO_TARGET_DIR:-$here/target}/release/cubepath}
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
best() { sort -g | head -1; }
# total query ms of one algorithm from a bench output: mean us x problems
total_ms() { awk -v a="$1" -v n="$2" '$1 == "algorithm" {cur = $2} cur == a && $1 == "search_mean_us" {printf "%.2f\n", $2 * n / 1000}'; }
# mkpath's "Search: 12.3ms" (or s, us) in ms
mk_ms() { sed -n 's/.*Search: *\([0-9.]*\)\([a-zµ]*\).*/\1 \2/p' | awk '{v = $1; if ($2 == "s") v *= 1000; if ($2 == "µs" || $2 == "us") v /= 1000; printf "%.2f\n", v}'; }
printf '%-18s %6s %9s %9s %6s %10s %10s %10s %10s %10s %10s %10s %10s %8s %8s\n' map problems prep_ms prep_B B/cell jps+_ms block_ms subgoal_ms mk_jps+_ms mk_bb_ms mk_tops_ms mk_top+_ms mk_prep_s jps+/sg mk/sg
for map in "$@"; do
    scen="$map.scen"
    name=$(basename "$map")
    problems=$(($(grep -c . "$scen") - 1))
    read -r w h < <(tr -d '\r' < "$map" | awk '/^width/ {w = $2} /^height/ {h = $2} END {print w, h}')
    prep="$work/$name.prep"
    prep_out=$("$cubepath" prep "$map" --out "$prep" | tail -1)
    prep_ms=$(echo "$prep_out" | awk '{print $3}')
    prep_b=$(stat -c %s "$prep")
    declare -A t=()
    for alg in jps-plus jps-block subgoal; do
        t[$alg]=$(for _ in $(seq "$runs"); do
            "$cubepath" bench "$map" "$scen" --algorithm "$alg" $([ "$alg" = subgoal ] && echo --prep "$prep") | total_ms "$alg" "$problems"
        done | best)
    done
    mk_jps=-; mk_bb=-; mk_tops=-; mk_topp=-; mk_prep=-
    if [ "$mk" != - ]; then
        # mkpath reads the map named inside the scenario, relative to where it runs
        inner=$(awk 'NR == 2 {print $2}' "$scen")
        mkdir -p "$work/run/$(dirname "$inner")"
        ln -sf "$(realpath "$map")" "$work/run/$inner"
        cp "$scen" "$work/run/$name.scen"
        mk_jps=$(cd "$work/run" && for _ in $(seq "$runs"); do "$mk/jps_plus" "$name.scen" 2>&1 >/dev/null | mk_ms; done | best)
        if [ $((w * h)) -le "${BB_MAX_CELLS:-70000}" ]; then
            t0=$(date +%s.%N)
            (cd "$work/run" && "$mk/jps_plus_bb" --generate "$inner" >/dev/null)
            mk_prep=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
            mk_bb=$(cd "$work/run" && for _ in $(seq "$runs"); do "$mk/jps_plus_bb" "$name.scen" 2>&1 >/dev/null | mk_ms; done | best)
        fi
        if [ $((w * h)) -le "${TOPS_MAX_CELLS:-40000}" ]; then
            t0=$(date +%s.%N)
            (cd "$work/run" && "$mk/tops" --generate "$inner" >/dev/null)
            mk_prep="$mk_prep+$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')"
            mk_tops=$(cd "$work/run" && for _ in $(seq "$runs"); do "$mk/tops" "$name.scen" 2>&1 >/dev/null | mk_ms; done | best)
            mk_topp=$(cd "$work/run" && for _ in $(seq "$runs"); do "$mk/topping_plus" "$name.scen" 2>&1 >/dev/null | mk_ms; done | best)
        fi
    fi
    mk_best=$(printf '%s\n' "$mk_jps" "$mk_bb" "$mk_tops" "$mk_topp" | grep -v '^-$' | best || true)
    ratio_mk=-
    [ -n "$mk_best" ] && ratio_mk=$(awk -v a="$mk_best" -v b="${t[subgoal]}" 'BEGIN {printf "%.2f", a / b}')
    printf '%-18s %6d %9s %9d %6.2f %10s %10s %10s %10s %10s %10s %10s %10s %8.2f %8s\n' "$name" "$problems" "$prep_ms" "$prep_b" \
        "$(awk -v b="$prep_b" -v c=$((w * h)) 'BEGIN {print b / c}')" "${t[jps-plus]}" "${t[jps-block]}" "${t[subgoal]}" "$mk_jps" "$mk_bb" \
        "$mk_tops" "$mk_topp" "$mk_prep" \
        "$(awk -v a="${t[jps-plus]}" -v b="${t[subgoal]}" 'BEGIN {print a / b}')" "$ratio_mk"
done
