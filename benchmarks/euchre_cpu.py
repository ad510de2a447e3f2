"""The Euchre CPU ladder: easy ↔ normal ↔ hard in duplicate hands at a fixed seed, plus decision times.

    python benchmarks/euchre_cpu.py [--hands 2000] [--jobs 2] [--seed 1] [--preset holding_stick] [--defender-alone]

Each rung plays the stronger side as A against the weaker as B; the table shows A − B points per hand
with a 95% confidence interval (the targets: hard over normal ≥ +0.25 with the interval's lower end above
+0.15, normal over easy ≥ +0.15), and per strength the median and p99 decision times (targets: hard ≤ 50 ms
median and ≤ 200 ms p99; easy and normal under 5 ms). The baseline in each rung is the weaker strength.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.batch import Batch
from core.cli_options import add_settings_arguments, describe_settings, guarded, jobs, settings_from_args
from core.duplicate import hands_argument, run_pairs, timing_lines
from core.executors import LocalPool
from plugins.euchre.cli import SKIP
from plugins.euchre.settings import SCHEMA
from plugins.euchre.tournament import play_pair, summarize


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=hands_argument(), default=2000)
    parser.add_argument("--jobs", type=jobs, default=2)
    parser.add_argument("--seed", type=int, default=1)
    add_settings_arguments(parser, SCHEMA, skip=SKIP)
    args = parser.parse_args()
    settings = settings_from_args(SCHEMA, args)
    print(describe_settings(SCHEMA, settings, SKIP))
    for a, b in (("normal", "easy"), ("hard", "normal"), ("hard", "easy")):
        started = time.perf_counter()
        batch = Batch("euchre tournament", {"a": a, "b": b, "settings": settings}, LocalPool(args.jobs))
        records = run_pairs(batch, play_pair, a, b, range(args.seed, args.seed + args.hands // 2), settings)
        batch.finish()
        print(f"== {a} vs {b} ({time.perf_counter() - started:.0f} s)")
        for line in summarize(a, b, records) + timing_lines(a, b, records):
            print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "euchre_cpu.py"))
