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

from core.batch import Batch
from core.cli_options import guarded, jobs
from core.duplicate import hands_argument, run_pairs, timing_lines
from core.executors import LocalPool
from plugins.bid_euchre.plugin import GAME
from plugins.bid_euchre.tournament import play_pair, summarize


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=hands_argument(), default=2000)
    parser.add_argument("--jobs", type=jobs, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for a, b in (("normal", "easy"), ("hard", "normal"), ("hard", "easy")):
        started = time.perf_counter()
        settings = GAME.settings.defaults()
        batch = Batch("bid-euchre tournament", {"a": a, "b": b, "settings": settings}, LocalPool(args.jobs))
        records = run_pairs(batch, play_pair, a, b, range(args.seed, args.seed + args.hands // 2), settings)
        batch.finish()
        print(f"== {a} vs {b} ({time.perf_counter() - started:.0f} s)")
        for line in summarize(a, b, records) + timing_lines(a, b, records):
            print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "bid_euchre_cpu.py"))
