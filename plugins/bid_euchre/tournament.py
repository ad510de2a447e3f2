"""Duplicate-hand tournaments between two Bid Euchre CPU strengths.

Each deal is played twice from the same cards, once with A as North/South and once as East/West, so the
luck of the cards cancels out. Reported: A's points per hand minus B's with a 95% confidence interval over
the deals, how often each side declared, made and was set, its no-trump choices, and decision times.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.plugin import Rng
from plugins.bid_euchre.rules import BidEuchreRules, BidState, deal_from_seed, deal_to_json, first_dealer

STATS = ("hands", "declared", "made", "set", "notrump_high", "notrump_low")


class TimedStrategy:
    """A strategy that records how long each decision took."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner, self.times = inner, times

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


def play_hand(deal: dict[str, Any], players: list[Any], seed: int) -> BidState:
    rules = BidEuchreRules()
    state = rules.from_deal({}, deal)
    ply = 0
    while state.number == 0 and not state.over:
        seat = rules.to_move(state)
        assert seat is not None
        move = players[seat].choose(rules.observation(state, seat), rules.legal_moves(state),
                                    Rng.derive(seed, "bid-tournament", seat, ply))
        state = rules.apply(state, move)
        ply += 1
    return state


def play_pair(task: tuple[int, str, str]) -> PairResult:
    """One deal, played with A as North/South and again with A as East/West."""
    from plugins.bid_euchre.plugin import GAME

    seed, a, b = task
    deal = deal_to_json(deal_from_seed(seed, 0, first_dealer(seed)))
    result = PairResult(seed)
    result.times = {a: [], b: []} if a != b else {a: []}
    result.stats = {side: dict.fromkeys(STATS, 0) for side in "AB"}
    for a_team in (0, 1):
        players = [TimedStrategy(GAME.strategies[a if seat % 2 == a_team else b](),
                                 result.times[a if seat % 2 == a_team else b]) for seat in range(4)]
        outcome = play_hand(deal, players, seed * 2 + a_team).results[-1]
        result.a_points += outcome.points[a_team]
        result.b_points += outcome.points[1 - a_team]
        for side, team in (("A", a_team), ("B", 1 - a_team)):
            stats = result.stats[side]
            stats["hands"] += 1
            if outcome.contract.side == team:
                stats["declared"] += 1
                stats["made" if outcome.made else "set"] += 1
                if outcome.contract.trump is None:
                    stats["notrump_low" if outcome.contract.low else "notrump_high"] += 1
    return result


def summarize(a: str, b: str, pairs: list[PairResult]) -> list[str]:
    hands = 2 * len(pairs)
    diffs = [(p.a_points - p.b_points) / 2 for p in pairs]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    lines = [f"{len(pairs)} deals, {hands} hands: A ({a}) {sum(p.a_points for p in pairs) / hands:+.3f} points/hand, "
             f"B ({b}) {sum(p.b_points for p in pairs) / hands:+.3f}",
             f"A − B: {mean:+.3f} points per hand, 95% CI [{mean - half:+.3f}, {mean + half:+.3f}]"]
    for side, name in (("A", a), ("B", b)):
        t = {k: sum(p.stats[side][k] for p in pairs) for k in STATS}
        declared = max(t["declared"], 1)
        lines.append(f"{side} ({name}): declared in {t['declared'] / hands:.1%} of hands, made "
                     f"{t['made'] / declared:.1%} of its bids, set {t['set'] / declared:.1%}; "
                     f"no-trump high {t['notrump_high']}, no-trump low {t['notrump_low']}")
    for name in dict.fromkeys((a, b)):
        times = sorted(t for p in pairs for t in p.times.get(name, []))
        if times:
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            lines.append(f"decision time {name}: median {1000 * statistics.median(times):.2f} ms, "
                         f"p99 {1000 * p99:.2f} ms, max {1000 * times[-1]:.1f} ms over {len(times)} decisions")
    return lines
