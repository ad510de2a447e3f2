"""Where strength A's edge over B comes from: each duplicate deal is played with A as North/South and again
as East/West (as the tournament does), and the deal is filed under the first decision where the two tables
differ — a bid (by the two moves made there), or a card in trick N — with A's points minus B's.

    python benchmarks/euchre_divergence.py [--a hard] [--b normal] [--hands 2000] [--jobs 2] [--seed 1] [--preset P]

Prints per kind: deals, A − B points in total and per deal, and in how many deals A did better or worse.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import add_settings_arguments, describe_settings, guarded, jobs, settings_from_args
from core.duplicate import add_tournament_arguments
from core.progress import Progress
from core.text import plural
from plugins.euchre.cli import SKIP, STRENGTHS
from plugins.euchre.settings import SCHEMA
from plugins.euchre.tournament import first_deal, play_hand


def _kind(move: str) -> str:
    words = move.split()
    return words[0] + (" alone" if "alone" in words else "")


def divergence(task: tuple[int, str, str, dict[str, Any]]) -> tuple[str, int]:
    """The kind of the first differing decision of deal ``seed``, and A's points minus B's over both hands."""
    from plugins.euchre.plugin import GAME

    seed, a, b, settings = task
    deal = first_deal(seed, settings)
    logs, diff = [], 0
    for a_team in (0, 1):
        players = [GAME.strategies[a if seat % 2 == a_team else b]() for seat in range(4)]
        result = play_hand(settings, deal, players, seed * 2 + a_team).results[-1]
        logs.append(list(result.log))
        diff += result.points[a_team] - result.points[1 - a_team]
    first, second = logs
    at = next((i for i, (x, y) in enumerate(zip(first, second, strict=False)) if x != y), None)
    if at is None:
        return "same", diff
    seat, move = first[at]
    if move.startswith("play"):
        return f"card in trick {sum(1 for _, m in first[:at] if m.startswith('play')) // 4 + 1}", diff
    # up to here the tables agree, so the same seat decides in both: A's in the first when it sits North/South
    a_move, b_move = (move, second[at][1]) if seat % 2 == 0 else (second[at][1], move)
    return f"{_kind(a_move)} / {_kind(b_move)}", diff


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_tournament_arguments(parser, STRENGTHS)
    parser.add_argument("--jobs", type=jobs, default=2)
    add_settings_arguments(parser, SCHEMA, skip=SKIP)
    args = parser.parse_args()
    settings = settings_from_args(SCHEMA, args)
    print(describe_settings(SCHEMA, settings, SKIP))
    seeds = range(args.seed, args.seed + args.hands // 2)
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    with Pool(args.jobs) as pool, Progress(len(seeds), "deals") as bar:
        for kind, diff in pool.imap_unordered(divergence, [(s, args.a, args.b, settings) for s in seeds], 10):
            row = totals[kind]
            row[0] += 1
            row[1] += diff
            row[2] += diff > 0
            row[3] += diff < 0
            bar.advance()
    print(f"{plural(len(seeds), 'deal')}, {args.a} (A) against {args.b} (B), filed by the first decision that differs "
          f"(a bid as A's move / B's move):")
    for kind, (deals, points, better, worse) in sorted(totals.items(), key=lambda kv: -kv[1][0]):
        print(f"  {kind:28s} {deals:5d} deals  A − B {points:+5d} ({points / deals:+.3f} a deal)  "
              f"A better in {better}, worse in {worse}")
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "euchre_divergence.py"))
