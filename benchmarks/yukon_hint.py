"""How far pressing Hint again and again gets a Yukon player: from the start of each deal the solver wins,
the hint's move is played until the deal is won, the hint says it cannot be won from here, it has no move,
or a position comes round again — against the one-move preferences alone (the hint before its look-ahead),
in the same run. Each "cannot be won from here" is re-checked with the true face-down cards by the solver and
by a plain exhaustive search written only against the rules.

    python benchmarks/yukon_hint.py [--deals 300] [--first 1] [--variant standard] [--cap 50000]

Prints, for each hint, deals won / called lost / ended with no move / gone round in circles, the hint's
time per move (median, p90, p99, worst), and the re-check (none of its "lost" may be won).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import guarded, positive_int
from core.game import Hint
from core.progress import Progress
from plugins.yukon.cli import VARIANTS
from plugins.yukon.hint import hint, score
from plugins.yukon.rules import Move, YukonObservation, YukonRules, YukonState
from plugins.yukon.solver import LOST, WON, solve
from tests.test_yukon_soundness import exhaustive, key

R = YukonRules()
HintRule = Callable[[YukonObservation, Sequence[Move]], Hint | None]


def one_move(observation: YukonObservation, legal: Sequence[Move]) -> Hint | None:
    """The baseline: the move the one-move preferences like best, never a look-ahead."""
    if not legal:
        return None
    best = max(legal, key=lambda m: score(observation, m)[0])
    return Hint(best.text)


def follow(state: YukonState, rule: HintRule, times: list[float]) -> tuple[str, YukonState]:
    seen = set()
    while not state.won:
        if key(state) in seen:
            return "circles", state
        seen.add(key(state))
        started = time.perf_counter()
        suggestion = rule(R.observation(state, 0), R.legal_moves(state))
        times.append(time.perf_counter() - started)
        if suggestion is None:
            return "no move", state
        if not suggestion.move:
            return "lost", state
        state = R.apply(state, R.parse_move(suggestion.move))
    return "won", state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=positive_int, default=300, help="how many deals (those the solver wins)")
    parser.add_argument("--first", type=positive_int, default=1, help="the first deal's number")
    parser.add_argument("--variant", choices=VARIANTS, default="standard")
    parser.add_argument("--cap", type=positive_int, default=50_000,
                        help="positions the plain search may visit to re-check a 'lost'")
    args = parser.parse_args()
    settings = {"variant": args.variant}
    started = time.perf_counter()
    deals = []
    with Progress(args.deals, "solving deals") as bar:
        for number in range(args.first, args.first + args.deals):
            if solve(R.deal(settings, number)).verdict == WON:
                deals.append(number)
            bar.advance()
    results: dict[str, Counter[str]] = {}
    times: dict[str, list[float]] = {}
    rechecked: Counter[str] = Counter()
    for name, rule in (("one move (baseline)", one_move), ("hint", hint)):
        results[name], times[name] = Counter(), []
        with Progress(len(deals), name) as bar:
            for number in deals:
                end, state = follow(R.deal(settings, number), rule, times[name])
                results[name][end] += 1
                if end == "lost":
                    rechecked["solver " + solve(state, args.cap).verdict] += 1
                    rechecked["plain " + exhaustive(state, args.cap)] += 1
                bar.advance()
    print(f"{len(deals)} of deals {args.first}-{args.first + args.deals - 1} ({args.variant}) won by the solver, "
          "each followed by pressing Hint:")
    for name, counts in results.items():
        spent = sorted(times[name])
        pct = [1000 * spent[min(len(spent) - 1, int(q * len(spent)))] for q in (0.9, 0.99)]
        print(f"  {name:20} won {counts['won']:4} ({100 * counts['won'] / len(deals):.1f}%), called lost "
              f"{counts['lost']:4}, no move {counts['no move']:3}, round in circles {counts['circles']:4}; "
              f"{len(spent):,} hints, ms median {1000 * statistics.median(spent):.1f}, p90 {pct[0]:.1f}, "
              f"p99 {pct[1]:.1f}, worst {1000 * spent[-1]:.0f}")
    refuted = rechecked["solver won"] + rechecked["plain won"]
    print(f"'cannot be won from here' re-checked with the true face-down cards: solver {rechecked['solver lost']} "
          f"lost, {rechecked['solver unknown']} unknown; plain search {rechecked['plain ' + LOST]} lost, "
          f"{rechecked['plain unknown']} unknown; {refuted} won; {time.perf_counter() - started:.0f} s")
    return 1 if refuted else 0


if __name__ == "__main__":
    sys.exit(guarded(main, "yukon_hint.py"))
