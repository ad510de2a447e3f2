"""Duplicate tournaments between two CPU strengths at two-handed Euchre: each deal is played twice from the
same cards, A in the South seat and then in the North seat, so the luck of the cards cancels out. A hand is
played to its end (a thrown-in hand counts 0 for both). Reported: A's points per hand minus B's with a 95%
confidence interval, how often each made trump, was euchred and marched, and decision times."""

from __future__ import annotations

from typing import Any

from core.plugin import Record, Rng, TimedStrategy, new_record, points_lines, side_totals
from plugins.two_handed.rules import TwoHandedRules, TwoHandedState, deal_from_seed, deal_to_json, first_dealer

STATS = ("hands", "made", "euchred", "marches")


def play_hand(settings: dict[str, Any], deal: dict[str, Any], players: list[Any], seed: int) -> TwoHandedState:
    rules = TwoHandedRules()
    state = rules.from_deal(settings, deal)
    ply = 0
    while state.number == 0 and not state.over:
        seat = rules.to_move(state)
        assert seat is not None
        move = players[seat].choose(rules.observation(state, seat), rules.legal_moves(state),
                                    Rng.derive(seed, "two-handed-tournament", seat, ply))
        state = rules.apply(state, move)
        ply += 1
    return state


def play_pair(task: tuple[int, str, str, dict[str, Any]]) -> Record:
    """One deal, played with A as South and again with A as North: the record."""
    from plugins.two_handed.plugin import GAME

    seed, a, b, settings = task
    deal = deal_to_json(deal_from_seed(seed, 0, first_dealer(seed)))
    record = new_record(a, b, STATS)
    for a_seat in (0, 1):
        names = [a if seat == a_seat else b for seat in (0, 1)]
        players = [TimedStrategy(GAME.strategies[name](), record["times"][name]) for name in names]
        outcome = play_hand(settings, deal, players, seed * 2 + a_seat).results[-1]
        record["a_points"] += outcome.points[a_seat]
        record["b_points"] += outcome.points[1 - a_seat]
        for side, seat in (("A", a_seat), ("B", 1 - a_seat)):
            stats = record["stats"][side]
            stats["hands"] += 1
            if outcome.maker == seat:
                stats["made"] += 1
                stats["euchred"] += int(outcome.euchred)
                stats["marches"] += int(outcome.maker_tricks == 5)
    return record


def summarize(a: str, b: str, records: list[Record]) -> list[str]:
    """Points per hand, A − B with its confidence interval, trump made, euchred and marches per side."""
    hands = 2 * len(records)
    lines = points_lines(a, b, records)
    for side, name in (("A", a), ("B", b)):
        totals = side_totals(records, side)
        made = totals["made"]
        lines.append(f"{side} ({name}): made trump in {made / hands:.1%} of hands, euchred on "
                     f"{totals['euchred'] / max(made, 1):.1%} of its calls, marches {totals['marches']}")
    return lines
