"""A search for a counter-example to the Yukon solver's "lost": random endgames of every variant, each
"lost" answer re-checked by an exhaustive search written only against the rules.

    python benchmarks/yukon_soundness.py [--count 2000] [--seed 1] [--cards 8-13] [--cap 20000]

Prints how many lost answers were checked (none may be refuted), wins replayed, and the time taken.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import positive_int
from core.progress import Progress
from tests.test_yukon_soundness import check_endgames


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=positive_int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=positive_int, default=20_000, help="positions the exhaustive search may visit")
    args = parser.parse_args()
    totals = {"lost_checked": 0, "won_replayed": 0, "not_dead": 0}
    started = time.perf_counter()
    batch = 50
    with Progress(args.count, "endgames") as bar:
        for first in range(0, args.count, batch):
            size = min(batch, args.count - first)
            for key, value in check_endgames(args.seed * 1_000_003 + first, size, args.cap).items():
                totals[key] += value
            bar.advance(size)
    print(f"{args.count} random endgames: {totals['lost_checked']} lost answers re-checked by exhaustive search, "
          f"0 refuted; {totals['won_replayed']} wins replayed through the rules, none judged dead at the start; "
          f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
