"""A search for a counter-example to the Yukon solver's "lost": random endgames of every variant, each
"lost" answer re-checked by an exhaustive search written only against the rules; then positions from real
deals that only the relaxation's newest conditions (solver 4) call dead, re-solved without them; then the
cards the table sends home by itself ("Safe cards home by themselves"), each checked to keep a won endgame won.

    python benchmarks/yukon_soundness.py [--count 2000] [--seed 1] [--cap 20000] [--deals 40] [--recheck 3000]
                                         [--safe 2000]

Prints how many lost answers were checked (none may be refuted), how many of them only the new conditions
proved at the start, wins replayed, the real-deal positions re-solved, the safe moves checked, and the time
taken.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import guarded, positive_int
from core.progress import Progress
from core.text import plural
from tests.test_yukon_soundness import (
    check_endgames,
    positions_only_the_new_conditions_cut,
    recheck_without_new_conditions,
    safe_moves_that_lose,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=positive_int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=positive_int, default=20_000, help="positions the exhaustive search may visit")
    parser.add_argument("--deals", type=int, default=40, help="standard deals 1..N searched for positions the "
                        "new conditions cut (0: none)")
    parser.add_argument("--recheck", type=positive_int, default=3_000,
                        help="positions the solver without the new conditions may search for each")
    parser.add_argument("--safe", type=int, default=2000,
                        help="random endgames searched for a card sent home by itself that loses a won game (0: none)")
    args = parser.parse_args()
    totals = {"lost_checked": 0, "won_replayed": 0, "not_dead": 0, "new_conditions": 0}
    started = time.perf_counter()
    batch = 50
    with Progress(args.count, "endgames") as bar:
        for first in range(0, args.count, batch):
            size = min(batch, args.count - first)
            for key, value in check_endgames(args.seed * 1_000_003 + first, size, args.cap).items():
                totals[key] += value
            bar.advance(size)
    print(f"{plural(args.count, 'random endgame')}: {plural(totals['lost_checked'], 'lost answer')} re-checked by "
          f"exhaustive search "
          f"({totals['new_conditions']} of them dead at the start only by solver 4's conditions), 0 refuted; "
          f"{plural(totals['won_replayed'], 'win')} replayed through the rules, none judged dead at the start; "
          f"{time.perf_counter() - started:.0f} s")
    if args.deals > 0:
        started = time.perf_counter()
        cut = positions_only_the_new_conditions_cut(range(1, args.deals + 1), 2_000)
        verdicts = {"lost": 0, "unknown": 0}
        with Progress(len(cut), "re-solving") as bar:
            for state in cut:
                verdicts[recheck_without_new_conditions(state, args.recheck)] += 1
                bar.advance()
        print(f"deals 1-{args.deals}: {plural(len(cut), 'position')} only solver 4's conditions call dead; re-solved "
              f"without them at {args.recheck:,} positions: {verdicts['lost']} proved lost, {verdicts['unknown']} "
              f"unknown, 0 won; {time.perf_counter() - started:.0f} s")
    if args.safe > 0:
        started = time.perf_counter()
        checked = {"standard": 0, "russian": 0, "returns": 0, "not an ace": 0, "undecided": 0}
        failures: list[str] = []
        with Progress(args.safe, "safe moves") as bar:
            for first in range(0, args.safe, batch):
                size = min(batch, args.safe - first)
                counts, lost = safe_moves_that_lose(size, seed=args.seed * 1_000_003 + first)
                for key, value in counts.items():
                    checked[key] += value
                failures += lost
                bar.advance(size)
        sent = sum(checked[v] for v in ("standard", "russian"))
        print(f"{plural(args.safe, 'random endgame')}: {plural(sent, 'card')} the table "
              f"would send home by itself from a won position ({checked['standard']:,} standard, "
              f"{checked['russian']:,} Russian, {checked['returns']:,} with returns, {checked['not an ace']:,} not "
              f"aces); {len(failures):,} proved lost after it by exhaustive search, {checked['undecided']:,} where "
              f"neither search found a win; {time.perf_counter() - started:.0f} s")
        for failure in failures:
            print(f"  lost: {failure}")
        return 1 if failures else 0
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "yukon_soundness.py"))
