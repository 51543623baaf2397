#!/usr/bin/env bash
# cubepath's joint planner against LaCAM2 (github.com/Kei18/lacam2), on the same instances, the
# same machine, in one run: time to the first plan and its sum of costs, over several seeds.
#
# Usage: benches/mapf.sh LACAM2 INSTANCES [RUNS]
#   LACAM2     LaCAM2's `main`, built from its source with -O3, e.g. from a snapshot:
#                g++ -O3 -std=c++17 -Ilacam2/include -I<argparse>/include main.cpp lacam2/src/*.cpp -o lacam2
#   INSTANCES  a folder of .map and .scen files (assets/maps/mapf, or benches/mapf-instances.py's)
#   RUNS       seeds per instance (5)
# CUBEPATH_ARGS adds options to cubepath's runs (e.g. --guide); AGENTS picks agent counts.
# Both read the first N problems of a scenario as N agents; both are run with their defaults
# (LaCAM2: first solution, restart rate 0.001). Prints one row per instance: the medians, the
# spread of cubepath's times and the ratios (cubepath / LaCAM2).
set -euo pipefail
lacam2=$1
dir=$2
runs=${3:-5}
here=$(cd "$(dirname "$0")/.." && pwd)
cubepath=${CUBEPATH:-$here/target/release/cubepath}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-34s %6s %10s %10s %16s %10s %10s %8s %8s %s\n' instance agents cp_ms lc2_ms cp_ms_spread cp_soc lc2_soc lb t_ratio soc_ratio
for scen in "$dir"/*.scen; do
    name=$(basename "$scen" .scen)
    map="$dir/${name%-random-*}.map"
    [ -f "$map" ] || continue
    agents=$(($(grep -c . "$scen") - 1))
    for n in ${AGENTS:-$agents}; do
        [ "$n" -le "$agents" ] || continue
        cp_t=(); cp_c=(); lc_t=(); lc_c=()
        lb=0
        for seed in $(seq 0 $((runs - 1))); do
            line=$("$cubepath" mapf "$map" "$scen" --agents "$n" --seed "$seed" --time-limit 60 ${CUBEPATH_ARGS:-} | tail -1)
            cp_t+=("$(echo "$line" | awk '{print $NF}')")
            cp_c+=("$(echo "$line" | awk '{print $8}')")
            lb=$(echo "$line" | awk '{print $10}')
            out=$("$lacam2" -m "$map" -i "$scen" -N "$n" -s "$seed" -t 60 -v 1 -o /tmp/lacam2-result.txt 2>&1 | tail -1)
            lc_t+=("$(grep '^comp_time=' /tmp/lacam2-result.txt | cut -d= -f2)")
            lc_c+=("$(grep '^soc=' /tmp/lacam2-result.txt | cut -d= -f2)")
        done
        ct=$(printf '%s\n' "${cp_t[@]}" | median); cc=$(printf '%s\n' "${cp_c[@]}" | median)
        lt=$(printf '%s\n' "${lc_t[@]}" | median); lcost=$(printf '%s\n' "${lc_c[@]}" | median)
        spread="$(printf '%s\n' "${cp_t[@]}" | sort -n | head -1)-$(printf '%s\n' "${cp_t[@]}" | sort -n | tail -1)"
        printf '%-34s %6s %10s %10s %16s %10s %10s %8s %8.2f %8.2f\n' "$name" "$n" "$ct" "$lt" "$spread" "$cc" "$lcost" "$lb" \
            "$(echo "$ct / ($lt + 0.0001)" | bc -l)" "$(echo "$cc / $lcost" | bc -l)"
    done
done
