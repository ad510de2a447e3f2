"""Whole Euchre matches between two CPU strengths, in duplicate: how often A wins the match, not how many points.

    python benchmarks/euchre_matches.py [--a hard] [--b normal] [--matches 2000] [--seed 1] [--late]
                                        [--preset …] [--target 10] [--jobs 2] [--json F | --resume F] [--csv F]

Each seed's match is played twice from the same cards and the same score: once with A as North/South and once
with A as East/West, so the luck of the cards and of the score cancels out. With ``--late`` a seed's match starts
from a score drawn from those at which the first hand can already end it (one side within 4 points of the
target), to compare players on how they finish a match; without it every match starts at 0–0. Prints A's
match wins with a 95% confidence interval over the seeds, points per hand, and decision times.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.batch import Batch, add_batch_arguments
from core.cli_options import add_settings_arguments, at_least, describe_settings, guarded, settings_from_args
from core.duplicate import TimedStrategy, half_interval, timing_lines
from core.results import Record
from core.rng import Rng
from core.text import plural
from plugins.euchre.cli import SKIP, STRENGTHS
from plugins.euchre.cpu import CPU_VERSION
from plugins.euchre.settings import SCHEMA


def start_scores(seed: int, target: int, late: bool) -> tuple[int, int]:
    """North/South's and East/West's score as the seed's match starts."""
    if not late:
        return (0, 0)
    scores = [(ns, ew) for ns in range(target) for ew in range(target) if max(ns, ew) + 4 >= target]
    return Rng.derive(seed, "euchre-match-scores").choice(scores)


def play_match_pair(task: tuple[int, str, str, dict[str, Any], bool]) -> Record:
    """The seed's match played with A as North/South, then as East/West: A's wins (0–2), hands and points."""
    from plugins.euchre.observe import observe
    from plugins.euchre.plugin import GAME
    from plugins.euchre.rules import EuchreRules, deal_from_seed, deal_state, first_dealer, legal_moves
    from plugins.euchre.settings import Options

    seed, a, b, settings, late = task
    options = Options.from_settings(settings)
    scores = start_scores(seed, options.target, late)
    deal = deal_from_seed(seed, 0, first_dealer(seed), options.deck)
    rules = EuchreRules()
    record: Record = {"scores": list(scores), "a_wins": 0, "hands": 0, "a_points": 0, "b_points": 0,
                      "times": {name: [] for name in dict.fromkeys((a, b))}}
    for a_team in (0, 1):
        names = [a if seat % 2 == a_team else b for seat in range(4)]
        players = [TimedStrategy(GAME.strategies[name](), record["times"][name]) for name in names]
        state = deal_state(options, deal, scores, seed)
        ply = 0
        while not state.over:
            seat = state.hand.turn
            assert seat is not None
            move = players[seat].choose(observe(state, seat), legal_moves(state.options, state.hand),
                                        Rng.derive(seed * 2 + a_team, "match", seat, ply))
            state = rules.apply(state, move)
            ply += 1
        record["a_wins"] += int(state.scores[a_team] >= options.target)
        record["hands"] += len(state.results)
        record["a_points"] += sum(r.points[a_team] for r in state.results)
        record["b_points"] += sum(r.points[1 - a_team] for r in state.results)
    return record


def summarize(a: str, b: str, records: list[Record]) -> list[str]:
    """A's match wins with their confidence interval, and points per hand."""
    matches = 2 * len(records)
    shares = [r["a_wins"] / 2 for r in records]
    half = half_interval(shares)
    hands = sum(r["hands"] for r in records)
    rate = statistics.mean(shares)
    return [f"{matches} matches ({plural(len(records), 'seed')}, each played twice), {hands} hands: "
            f"A ({a}) won {sum(r['a_wins'] for r in records)}, {rate:.1%} "
            + (f"(95% CI [{rate - half:.1%}, {rate + half:.1%}])" if len(records) > 1
               else "(no confidence interval from one seed)"),
            f"points per hand: A {sum(r['a_points'] for r in records) / hands:.3f}, "
            f"B ({b}) {sum(r['b_points'] for r in records) / hands:.3f}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="hard", choices=STRENGTHS, help="strength A")
    parser.add_argument("--b", default="normal", choices=STRENGTHS, help="strength B")
    parser.add_argument("--matches", type=at_least(2, " (each seed's match is played twice)", 2), default=2000,
                        help="matches to play, a multiple of 2 (each seed twice; default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed; match pair i uses seed+i")
    parser.add_argument("--late", action="store_true", help="start each match from a score near its end")
    add_batch_arguments(parser, default_jobs=2, what="seed")
    add_settings_arguments(parser, SCHEMA, skip=SKIP)
    args = parser.parse_args()
    settings = settings_from_args(SCHEMA, args)
    print(describe_settings(SCHEMA, settings, SKIP))
    keys = range(args.seed, args.seed + args.matches // 2)
    batch = Batch.from_args(args, "euchre matches", {"a": args.a, "b": args.b, "settings": settings,
                                                     "late": args.late, "CPU_players_version": CPU_VERSION})
    with batch:
        batch.run(play_match_pair, keys, lambda seed: (seed, args.a, args.b, settings, args.late),
                  f"{args.a} vs {args.b}")
    records = batch.records(keys)
    lines = (summarize(args.a, args.b, records) + timing_lines(args.a, args.b, records)) if records else []
    for line in lines:
        print(line)
    batch.finish(records)
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "euchre_matches.py"))
