#!/usr/bin/env python3
"""Writes MAPF benchmark instances as Moving AI .map and .scen files, for benches/mapf.sh.

Usage: mapf-instances.py SNAPSHOT OUT

SNAPSHOT is a git directory of github.com/czmarikaivanova/ColoredMAPF (`fetch` brings one),
whose copies of the MAPF benchmark (Stern et al. 2019, movingai.com/benchmarks/mapf, ODC-By)
are rewritten: a map as its height, width and rows of 0 (free) and 1 (blocked); a scenario
as its agent count and one `sx sy gx gy` line per agent. This puts them back in the
benchmark's own layout. The scenario's length column is written as 0: `cubepath mapf` and
LaCAM2 read only the starts and goals. (random-32-32-20-random-1 checked against the original
in assets/maps/mapf: the same starts and goals.)
"""
import subprocess
import sys
from pathlib import Path

MAPS = ["random-32-32-20", "random-64-64-20", "room-32-32-4", "warehouse-10-20-10-2-1", "empty-16-16"]


def show(snapshot, path):
    return subprocess.run(["git", "--git-dir", snapshot, "show", f"HEAD:{path}"], check=True, capture_output=True, text=True).stdout


def main():
    snapshot, out = sys.argv[1], Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for name in MAPS:
        lines = show(snapshot, f"{name}.map").split("\n")
        h, w = int(lines[0]), int(lines[1])
        rows = ["".join("." if c == "0" else "@" for c in line.split()) for line in lines[2 : 2 + h]]
        assert all(len(r) == w for r in rows), name
        (out / f"{name}.map").write_text(f"type octile\nheight {h}\nwidth {w}\nmap\n" + "\n".join(rows) + "\n")
        for k in range(1, 6):
            agents = show(snapshot, f"{name}-random-{k}.scen").split("\n")[1:]
            text = "version 1\n"
            for a in agents:
                if a.strip():
                    sx, sy, gx, gy = a.split()
                    text += f"0\t{name}.map\t{w}\t{h}\t{sx}\t{sy}\t{gx}\t{gy}\t0\n"
            (out / f"{name}-random-{k}.scen").write_text(text)


main()
