"""Duplicate-hand tournaments between two Bid Euchre CPU strengths.

Each deal is played twice from the same cards, once with A as North/South and once as East/West, so the
luck of the cards cancels out. Reported: A's points per hand minus B's with a 95% confidence interval over
the deals, how often each side declared, made and was set, its no-trump choices, and decision times.
"""

from __future__ import annotations

from typing import Any

from core.plugin import Record, TimedStrategy, new_record, play_first_hand, points_lines, side_totals
from plugins.bid_euchre.rules import BidEuchreRules, deal_from_seed, deal_to_json, first_dealer

STATS = ("hands", "declared", "made", "set", "notrump_high", "notrump_low")


def play_pair(task: tuple[int, str, str, dict[str, Any]]) -> Record:
    """One deal, played with A as North/South and again with A as East/West: the record."""
    from plugins.bid_euchre.plugin import GAME

    seed, a, b, settings = task
    deal = deal_to_json(deal_from_seed(seed, 0, first_dealer(seed)))
    record = new_record(a, b, STATS)
    for a_team in (0, 1):
        players = [TimedStrategy(GAME.strategies[a if seat % 2 == a_team else b](),
                                 record["times"][a if seat % 2 == a_team else b]) for seat in range(4)]
        outcome = play_first_hand(BidEuchreRules(), settings, deal, players, seed * 2 + a_team,
                                  "bid-tournament").results[-1]
        record["a_points"] += outcome.points[a_team]
        record["b_points"] += outcome.points[1 - a_team]
        for side, team in (("A", a_team), ("B", 1 - a_team)):
            stats = record["stats"][side]
            stats["hands"] += 1
            if outcome.contract.side == team:
                stats["declared"] += 1
                stats["made" if outcome.made else "set"] += 1
                if outcome.contract.trump is None:
                    stats["notrump_low" if outcome.contract.low else "notrump_high"] += 1
    return record


def summarize(a: str, b: str, records: list[Record]) -> list[str]:
    """Points per hand, A − B with its confidence interval, contracts declared, made and set per side."""
    hands = 2 * len(records)
    lines = points_lines(a, b, records, signed=True)
    for side, name in (("A", a), ("B", b)):
        t = side_totals(records, side)
        declared = max(t["declared"], 1)
        lines.append(f"{side} ({name}): declared in {t['declared'] / hands:.1%} of hands, made "
                     f"{t['made'] / declared:.1%} of its bids, set {t['set'] / declared:.1%}; "
                     f"no-trump high {t['notrump_high']}, no-trump low {t['notrump_low']}")
    return lines
