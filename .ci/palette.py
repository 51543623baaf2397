#!/usr/bin/env python3
"""Checks the colours a screenshot really shows, as seen with deuteranopia and protanopia.

Reads the game's `cubepath swatches: start=R,G,B end=...` log lines (one per --screenshot run,
the mean colour of a few pixels on one cell of each role and on the agent), merges them (a role
seen in several runs: the mean), simulates both colour blindnesses (Machado, Oliveira and
Fernandes 2009, full severity, on linear RGB) and fails when two roles come closer than MIN
(CIE76, D65) under normal vision or either simulation.

    python3 .ci/palette.py [--min D] [--expect-fail] LOG [LOG ...]

--expect-fail turns the verdict round (the tutorials' palette must fail: the check can fail).
"""
import re
import sys

MIN = 15.0
VISIONS = {
    "normal": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
}


def linear(c):
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb):
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def seen(rgb, m):
    v = [linear(c) for c in rgb]
    return lab([min(1.0, max(0.0, sum(m[i][k] * v[k] for k in range(3)))) for i in range(3)])


def main(argv):
    expect_fail = "--expect-fail" in argv
    argv = [a for a in argv if a != "--expect-fail"]
    least = MIN
    if "--min" in argv:
        k = argv.index("--min")
        least = float(argv[k + 1])
        del argv[k : k + 2]
    samples = {}
    for path in argv:
        lines = [l for l in open(path, encoding="utf-8", errors="replace") if "cubepath swatches:" in l]
        if not lines:
            sys.exit(f"{path}: no 'cubepath swatches:' line")
        for name, r, g, b in re.findall(r"(\w+)=(\d+),(\d+),(\d+)", lines[-1].split("cubepath swatches:")[1]):
            samples.setdefault(name, []).append((int(r), int(g), int(b)))
    roles = {n: tuple(sum(c[i] for c in cs) / len(cs) for i in range(3)) for n, cs in samples.items()}
    missing = {"start", "end", "path", "open", "closed", "barrier", "floor", "agent"} - set(roles)
    if missing:
        sys.exit(f"the screenshots show no {', '.join(sorted(missing))}")
    worst = []
    for vision, m in VISIONS.items():
        labs = {n: seen(c, m) for n, c in roles.items()}
        names = sorted(labs)
        d, a, b = min(
            (sum((p - q) ** 2 for p, q in zip(labs[a], labs[b])) ** 0.5, a, b) for i, a in enumerate(names) for b in names[i + 1 :]
        )
        worst.append((vision, d, a, b))
        print(f"{vision}: closest {a} / {b}, {d:.1f} apart")
    failed = [w for w in worst if w[1] < least]
    print("roles: " + "  ".join(f"{n}={','.join(str(round(v)) for v in c)}" for n, c in sorted(roles.items())))
    if bool(failed) != expect_fail:
        print(("passed where it should fail" if expect_fail else "FAILED") + f": the least distance allowed is {least}")
        return 1
    print(f"ok: {'fails as expected' if expect_fail else 'every pair at least ' + str(least) + ' apart'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
