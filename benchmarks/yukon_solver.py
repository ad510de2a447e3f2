"""Yukon solver figures: deals 1..N per variant under a fixed budget, against a baseline in the same run.

    python benchmarks/yukon_solver.py [--deals 300] [--budget 300000] [--jobs 2] [--baseline]

Prints won / lost / unknown, the share decided, mean / median / p90 seconds per deal and positions per
second. ``--baseline`` also runs the plain depth-first search (no portfolio, no dead-position proof) on
the same deals for comparison. The only default limit is the position budget, so the verdicts are the
same on every machine. Issue targets: standard ≥ 97% decided at the default budget with a median under
50 ms; Russian 100% decided.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.batch import Batch
from core.cli_options import guarded, jobs, positive_float, positive_int
from core.executors import LocalPool
from core.progress import Progress
from plugins.yukon.cli import solve_deals, summary, timing
from plugins.yukon.rules import YukonRules
from plugins.yukon.solver import DEFAULT_NODES, solve


def baseline(deals: int, variant: str, budget: int, seconds: float) -> str:
    rules = YukonRules()
    rows = []
    with Progress(deals, f"baseline {variant}") as bar:
        for number in range(1, deals + 1):
            result = solve(rules.deal({"variant": variant}, number), budget, seconds, strategy="plain")
            rows.append({"verdict": result.verdict, "seconds": result.seconds, "nodes": result.nodes})
            bar.advance()
    return f"{summary(rows)}; {timing(rows)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=positive_int, default=300)
    parser.add_argument("--budget", type=positive_int, default=DEFAULT_NODES)
    parser.add_argument("--seconds", type=positive_float, default=None,
                        help="optional time cap per deal (off by default)")
    parser.add_argument("--jobs", type=jobs, default=2)
    parser.add_argument("--baseline", action="store_true")
    args = parser.parse_args()
    for variant in ("standard", "russian"):
        started = time.perf_counter()
        batch = Batch("yukon solve", {"variant": variant, "budget": args.budget}, LocalPool(args.jobs))
        with batch:
            rows = solve_deals(batch, range(1, args.deals + 1), variant, False, args.budget, args.seconds, variant)
        batch.finish()
        print(f"{variant} (portfolio, {time.perf_counter() - started:.0f} s wall): {summary(rows)}; {timing(rows)}")
        if args.baseline:
            plain = baseline(args.deals, variant, args.budget, args.seconds)
            print(f"{variant} (baseline: plain depth-first): {plain}")
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "yukon_solver.py"))
