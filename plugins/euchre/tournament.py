"""Duplicate-hand tournaments between two CPU strengths.

Each deal is played twice from the same cards: once with A in North/South and B in East/West, once
with the seats swapped, so the luck of the deal cancels out. A hand is played to its end (a thrown-in
hand counts as 0 for both). Reported: A's points per hand minus B's, with a 95% confidence interval
over the deal pairs, euchre and loner rates per side, and decision times per strength.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.rng import Rng
from plugins.euchre.model import EuchreState
from plugins.euchre.rules import EuchreRules, deal_from_seed, deal_to_json, first_dealer


class TimedStrategy:
    """Wraps a strategy and records how long each decision took."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, observation: Any, legal: Sequence[Any], rng: Rng) -> Any:
        started = time.perf_counter()
        move = self.inner.choose(observation, legal, rng)
        self.times.append(time.perf_counter() - started)
        return move


@dataclass
class PairResult:
    seed: int
    a_points: int = 0
    b_points: int = 0
    stats: dict[str, dict[str, int]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)


def play_hand(settings: dict[str, Any], deal: dict[str, Any], players: list[Any], seed: int) -> EuchreState:
    rules = EuchreRules()
    state = rules.from_deal(settings, deal)
    ply = 0
    while state.number == 0 and not state.over:
        seat = rules.to_move(state)
        assert seat is not None
        move = players[seat].choose(rules.observation(state, seat), rules.legal_moves(state),
                                    Rng.derive(seed, "tournament", seat, ply))
        state = rules.apply(state, move)
        ply += 1
    return state


def play_pair(task: tuple[int, str, str, dict[str, Any]]) -> PairResult:
    """One deal under ``settings``, played with A as North/South and again with A as East/West."""
    from plugins.euchre.plugin import GAME

    seed, a, b, settings = task
    deal = deal_to_json(deal_from_seed(seed, 0, first_dealer(seed)))
    result = PairResult(seed)
    result.times = {a: [], b: []} if a != b else {a: []}
    result.stats = {side: {"hands": 0, "made": 0, "euchred": 0, "loners": 0, "loner_sweeps": 0} for side in "AB"}
    for a_team in (0, 1):
        players = []
        for seat in range(4):
            name = a if seat % 2 == a_team else b
            players.append(TimedStrategy(GAME.strategies[name](), result.times[name]))
        state = play_hand(settings, deal, players, seed * 2 + a_team)
        outcome = state.results[-1]
        a_pts, b_pts = outcome.points[a_team], outcome.points[1 - a_team]
        result.a_points += a_pts
        result.b_points += b_pts
        for side, team in (("A", a_team), ("B", 1 - a_team)):
            stats = result.stats[side]
            stats["hands"] += 1
            if outcome.maker is not None and outcome.maker % 2 == team:
                stats["made"] += 1
                stats["euchred"] += int(outcome.euchred)
                if outcome.alone is not None:
                    stats["loners"] += 1
                    stats["loner_sweeps"] += int(outcome.maker_tricks == 5)
    return result


def summarize(a: str, b: str, pairs: list[PairResult]) -> list[str]:
    hands = 2 * len(pairs)
    diffs = [(p.a_points - p.b_points) / 2 for p in pairs]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    a_pts = sum(p.a_points for p in pairs) / hands
    b_pts = sum(p.b_points for p in pairs) / hands
    lines = [f"{len(pairs)} deals, {hands} hands: A ({a}) {a_pts:.3f} points/hand, B ({b}) {b_pts:.3f}",
             f"A − B: {mean:+.3f} points per hand, 95% CI [{mean - half:+.3f}, {mean + half:+.3f}]"]
    for side, name in (("A", a), ("B", b)):
        totals = {k: sum(p.stats[side][k] for p in pairs) for k in pairs[0].stats[side]}
        made = totals["made"]
        lines.append(f"{side} ({name}): called trump in {made / hands:.1%} of hands, euchred on "
                     f"{totals['euchred'] / max(made, 1):.1%} of its calls, loners {totals['loners']} "
                     f"({totals['loner_sweeps']} swept)")
    for name in dict.fromkeys((a, b)):
        times = sorted(t for p in pairs for t in p.times.get(name, []))
        if times:
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            lines.append(f"decision time {name}: median {1000 * statistics.median(times):.2f} ms, "
                         f"p99 {1000 * p99:.2f} ms, max {1000 * times[-1]:.1f} ms over {len(times)} decisions")
    return lines
