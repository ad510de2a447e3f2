"""Throughput of the executors: the local process pool against a Dask LocalCluster, at 1 and 2 workers.

    python benchmarks/batch_throughput.py [--pairs 60] [--deals 200] [--empty 2000]

Three kinds of work unit, each through ``core.batch.Batch`` exactly as the command line runs them (results
streamed to a JSON Lines file): an empty unit (the cost of shipping a unit and its record: the overhead per
unit), a Euchre duplicate pair (hard vs normal, two hands) and a Yukon deal solved at a 3,000-position budget.
Prints units per second for each engine and worker count, the overhead per unit, and the ratio
LocalCluster / local pool (the baseline) in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.batch import Batch
from core.cli_options import guarded, positive_int
from core.executors import DaskCluster, Executor, LocalPool
from core.progress import silence


def empty_unit(task: int) -> dict[str, Any]:
    return {"value": task}


def units() -> dict[str, tuple[Callable[[Any], dict[str, Any]], Callable[[int], Any]]]:
    from plugins.euchre.tournament import play_pair
    from plugins.yukon.cli import solve_one

    settings = {"stick_the_dealer": False, "trump_holding": False, "defender_alone": False,
                "dealer_may_decline": False, "target": 10, "opponents": "normal"}
    return {
        "empty": (empty_unit, lambda key: key),
        "euchre pair": (play_pair, lambda key: (key, "hard", "normal", settings)),
        "yukon deal": (solve_one, lambda key: (key, "standard", False, 3000, None)),
    }


def measure(executor: Executor, name: str, count: int) -> float:
    """Units per second through a batch on ``executor`` (the executor's start-up not counted)."""
    function, task = units()[name]
    batch = Batch(f"bench {name}", {}, executor)
    with batch:
        started = time.perf_counter()
        batch.run(function, range(1, count + 1), task, name)
        elapsed = time.perf_counter() - started
    batch.finish()
    return count / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=positive_int, default=60, help="Euchre duplicate pairs per measurement")
    parser.add_argument("--deals", type=positive_int, default=200, help="Yukon deals per measurement")
    parser.add_argument("--empty", type=positive_int, default=2000, help="empty units per measurement")
    args = parser.parse_args()
    silence()
    counts = {"empty": args.empty, "euchre pair": args.pairs, "yukon deal": args.deals}
    print(f"{'unit':<12} {'workers':>7} {'local pool /s':>14} {'LocalCluster /s':>16} {'ratio':>6} "
          f"{'overhead/unit (pool, cluster)':>30}")
    for workers in (1, 2):
        for name, count in counts.items():
            pool = measure(LocalPool(workers) if workers > 1 else _SpawnedPool(), name, count)
            dask = measure(DaskCluster("local", workers), name, count)
            overhead = f"{1000 * workers / pool:.2f} ms, {1000 * workers / dask:.2f} ms" if name == "empty" else ""
            print(f"{name:<12} {workers:>7} {pool:>14.1f} {dask:>16.1f} {dask / pool:>6.2f} {overhead:>30}", flush=True)
    return 0


class _SpawnedPool(LocalPool):
    """One worker process (``--jobs 1`` runs in-process, which would not compare like with like)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.name = "1 local process"

    def __enter__(self) -> LocalPool:
        from concurrent.futures import ProcessPoolExecutor

        self._pool = ProcessPoolExecutor(max_workers=1)
        return self


if __name__ == "__main__":
    sys.exit(guarded(main, "batch_throughput.py"))
