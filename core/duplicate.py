"""Duplicate tournaments between two CPU strengths, shared by every partnership game's ``tournament`` tool.

Each deal is a work unit keyed by its seed, played from the same cards once with A in each place (A's team
in one seat pair, then in the other; or A in each seat of a table for three) so the luck of the deal cancels
out. A unit's record holds both sides' points, the
game's own counts per side and every decision time per strength; the summary — A − B points per hand
with a 95% confidence interval over the deals — is computed from the records in unit order, so it is the
same whichever executor ran them. Decision times are reported apart: they depend on the machine.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from core.batch import Batch
from core.cli_options import at_least
from core.results import Record, nearest_rank
from core.rng import Rng
from core.text import plural

Summarize = Callable[[str, str, list[Record]], list[str]]


class TimedStrategy:
    """Wraps a strategy and records how long each decision took, in milliseconds."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, observation: Any, legal: Sequence[Any], rng: Rng) -> Any:
        started = time.perf_counter()
        move = self.inner.choose(observation, legal, rng)
        self.times.append(round(1000 * (time.perf_counter() - started), 3))
        return move


def play_first_hand(rules: Any, settings: dict[str, Any], deal: dict[str, Any], players: Sequence[Any], seed: int,
                    label: str) -> Any:
    """The match state once the first hand of ``deal`` is over (or the match is), each seat's strategy choosing
    with its own seeded randomness (``Rng.derive(seed, label, seat, ply)``)."""
    state = rules.from_deal(settings, deal)
    ply = 0
    while state.number == 0 and not state.over:
        seat = rules.to_move(state)
        assert seat is not None
        move = players[seat].choose(rules.observation(state, seat), rules.legal_moves(state),
                                    Rng.derive(seed, label, seat, ply))
        state = rules.apply(state, move)
        ply += 1
    return state


def new_record(a: str, b: str, stats: Sequence[str]) -> Record:
    """A unit's record before its two hands: no points, zero counts per side, empty decision times."""
    return {"a_points": 0, "b_points": 0, "stats": {side: dict.fromkeys(stats, 0) for side in "AB"},
            "times": {name: [] for name in dict.fromkeys((a, b))}}


def half_interval(values: Sequence[float]) -> float:
    """Half the width of the 95% confidence interval of the mean of ``values`` (NaN for fewer than two)."""
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")


def points_lines(a: str, b: str, records: list[Record], signed: bool = False, per_deal: int = 2) -> list[str]:
    """Points per hand of each side and A − B with its 95% confidence interval (each deal played
    ``per_deal`` times: once with A in each seat it can take)."""
    hands = per_deal * len(records)
    diffs = [(r["a_points"] - r["b_points"]) / per_deal for r in records]
    mean = statistics.mean(diffs)
    half = half_interval(diffs)
    form = "+.3f" if signed else ".3f"
    a_pts = sum(r["a_points"] for r in records) / hands
    b_pts = sum(r["b_points"] for r in records) / hands
    interval = (f"95% CI [{mean - half:+.3f}, {mean + half:+.3f}]" if len(diffs) > 1
                else "no confidence interval from one deal")
    return [f"{plural(len(records), 'deal')}, {hands} hands: A ({a}) {a_pts:{form}} points/hand, "
            f"B ({b}) {b_pts:{form}}",
            f"A − B: {mean:+.3f} points per hand, {interval}"]


def side_totals(records: list[Record], side: str) -> dict[str, int]:
    keys = records[0]["stats"][side] if records else {}
    return {k: sum(r["stats"][side][k] for r in records) for k in keys}


def timing_lines(a: str, b: str, records: list[Record]) -> list[str]:
    """Median, p99 and slowest decision per strength (machine-dependent, so apart from the summary)."""
    lines = []
    for name in dict.fromkeys((a, b)):
        times = sorted(t for r in records for t in r["times"].get(name, []))
        if times:
            p99 = nearest_rank(times, 0.99)
            lines.append(f"decision time {name}: median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms, "
                         f"max {times[-1]:.2f} ms over {len(times)} decisions")
    return lines


def hands_argument(per_deal: int = 2) -> Callable[[str], int]:
    """``--hands``' type: a whole number of deals, each played ``per_deal`` times."""
    return at_least(per_deal, f" (each deal is played {_times(per_deal)})", per_deal)


def _times(per_deal: int) -> str:
    return {2: "twice", 3: "three times"}.get(per_deal, f"{per_deal} times")


def add_tournament_arguments(parser: argparse.ArgumentParser, strengths: Sequence[str], per_deal: int = 2) -> None:
    parser.add_argument("--a", default="hard", choices=strengths, help="strength A")
    parser.add_argument("--b", default="normal", choices=strengths, help="strength B")
    default = 2000 - 2000 % per_deal
    parser.add_argument("--hands", type=hands_argument(per_deal), default=default,
                        help=f"hands to play, a multiple of {per_deal} (each deal {_times(per_deal)}; "
                             f"default {default})")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed; deal i uses seed+i")


def run_pairs(batch: Batch, play_pair: Callable[[Any], Record], a: str, b: str, keys: range,
              settings: dict[str, Any]) -> list[Record]:
    """The deals ``keys`` (seeds) played by A and B under ``settings`` through ``batch``; the records in seed
    order (the caller ends with ``batch.finish``)."""
    with batch:
        batch.run(play_pair, keys, lambda seed: (seed, a, b, settings), f"{a} vs {b}")
    return batch.records(keys)


def tournament(args: argparse.Namespace, command: str, play_pair: Callable[[Any], Record],
               settings: dict[str, Any], summarize: Summarize, per_deal: int = 2, *,
               cpu_version: int | None = None) -> list[str]:
    """Run ``args.hands // per_deal`` duplicate deals as a batch; the summary lines, then the timing lines.
    ``cpu_version``, the version of the game's CPU players (raised whenever they play differently), is recorded in
    the results file, which another version then does not resume into a mix of the two."""
    keys = range(args.seed, args.seed + args.hands // per_deal)
    params = {"a": args.a, "b": args.b, "settings": settings}
    if cpu_version is not None:
        params["CPU_players_version"] = cpu_version
    batch = Batch.from_args(args, command, params)
    records = run_pairs(batch, play_pair, args.a, args.b, keys, settings)
    lines = (summarize(args.a, args.b, records) + timing_lines(args.a, args.b, records)) if records else []
    for line in lines:
        print(line)
    batch.finish(records)
    return lines
