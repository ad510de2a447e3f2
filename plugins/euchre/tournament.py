"""Duplicate-hand tournaments between two CPU strengths.

Each deal is played twice from the same cards: once with A in North/South and B in East/West, once
with the seats swapped, so the luck of the deal cancels out. A hand is played to its end (a thrown-in
hand counts as 0 for both). Reported: A's points per hand minus B's, with a 95% confidence interval
over the deal pairs, euchre and loner rates per side, and decision times per strength (``core.duplicate``
runs the deals as work units).
"""

from __future__ import annotations

from typing import Any

from core.duplicate import TimedStrategy, new_record, play_first_hand, points_lines, side_totals
from core.results import Record
from plugins.euchre.model import EuchreState
from plugins.euchre.rules import EuchreRules, deal_from_seed, deal_to_json, first_dealer
from plugins.euchre.settings import Options

STATS = ("hands", "made", "euchred", "loners", "loner_sweeps")


def play_hand(settings: dict[str, Any], deal: dict[str, Any], players: list[Any], seed: int) -> EuchreState:
    state: EuchreState = play_first_hand(EuchreRules(), settings, deal, players, seed, "tournament")
    return state


def first_deal(seed: int, settings: dict[str, Any]) -> dict[str, Any]:
    """The deal a tournament plays for ``seed`` under ``settings`` (as JSON): the first hand of that seed's match."""
    return deal_to_json(deal_from_seed(seed, 0, first_dealer(seed), Options.from_settings(settings).deck))


def play_pair(task: tuple[int, str, str, dict[str, Any]]) -> Record:
    """One deal under ``settings``, played with A as North/South and again with A as East/West: the record."""
    from plugins.euchre.plugin import GAME

    seed, a, b, settings = task
    deal = first_deal(seed, settings)
    record = new_record(a, b, STATS)
    for a_team in (0, 1):
        players = []
        for seat in range(4):
            name = a if seat % 2 == a_team else b
            players.append(TimedStrategy(GAME.strategies[name](), record["times"][name]))
        state = play_hand(settings, deal, players, seed * 2 + a_team)
        outcome = state.results[-1]
        record["a_points"] += outcome.points[a_team]
        record["b_points"] += outcome.points[1 - a_team]
        for side, team in (("A", a_team), ("B", 1 - a_team)):
            stats = record["stats"][side]
            stats["hands"] += 1
            if outcome.maker is not None and outcome.maker % 2 == team:
                stats["made"] += 1
                stats["euchred"] += int(outcome.euchred)
                if outcome.alone is not None:
                    stats["loners"] += 1
                    stats["loner_sweeps"] += int(outcome.maker_tricks == 5)
    return record


def summarize(a: str, b: str, records: list[Record]) -> list[str]:
    """Points per hand, A − B with its confidence interval, calls, euchres and loners per side."""
    hands = 2 * len(records)
    lines = points_lines(a, b, records)
    for side, name in (("A", a), ("B", b)):
        totals = side_totals(records, side)
        made = totals["made"]
        lines.append(f"{side} ({name}): called trump in {made / hands:.1%} of hands, euchred on "
                     f"{totals['euchred'] / max(made, 1):.1%} of its calls, loners {totals['loners']} "
                     f"({totals['loner_sweeps']} swept)")
    return lines
