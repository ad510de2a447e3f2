"""The Bid Euchre CPU ladder: easy ↔ normal ↔ hard in duplicate hands at a fixed seed, plus decision times.

    python benchmarks/bid_euchre_cpu.py [--hands 2000] [--jobs 2] [--seed 1]

Each rung plays the stronger side as A against the weaker as B (the baseline of the rung) and prints A − B
points per hand with a 95% confidence interval, declare/make/set rates and decision times. Issue targets:
hard − normal and normal − easy each ≥ +0.25 with the CI's lower end above 0; hard median ≤ 50 ms, p99 ≤
300 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import jobs, positive_int
from plugins.bid_euchre.cli import run_tournament
from plugins.bid_euchre.tournament import summarize


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=positive_int, default=2000)
    parser.add_argument("--jobs", type=jobs, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for a, b in (("normal", "easy"), ("hard", "normal"), ("hard", "easy")):
        started = time.perf_counter()
        pairs = run_tournament(a, b, args.hands // 2, args.seed, args.jobs)
        print(f"== {a} vs {b} ({time.perf_counter() - started:.0f} s)")
        for line in summarize(a, b, pairs):
            print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
