"""Duplicate tournaments between two CPU strengths at two- or three-handed Euchre. Each deal is played once
with A in each seat (twice for two players, three times for three; at three, B fills the other two seats), so
the luck of the cards cancels out. A hand is played to its end (a thrown-in hand counts 0). Reported per
hand: A's points less B's (at three, A's less the average of the two Bs') with a 95% confidence interval,
how often each made trump, was euchred and marched, and decision times."""

from __future__ import annotations

from typing import Any

from core.plugin import Record, TimedStrategy, new_record, play_first_hand, points_lines, side_totals
from plugins.cutthroat.rules import FORMATS, CutthroatRules, deal_from_seed, deal_to_json, first_dealer

STATS = ("hands", "made", "euchred", "marches")


def play_pair(task: tuple[int, str, str, dict[str, Any]]) -> Record:
    """One deal, played with A in each seat in turn: the record (points summed over A's seats; B's points are
    the average of the other seats', so the two sides' totals compare hand for hand)."""
    from plugins.cutthroat.plugin import GAMES

    seed, a, b, settings = task
    game = GAMES[int(settings["players"])]
    fmt = FORMATS[int(settings["players"])]
    rules = CutthroatRules(fmt)
    deal = deal_to_json(fmt, deal_from_seed(fmt, seed, 0, first_dealer(fmt, seed)))
    rule_settings = {k: v for k, v in settings.items() if k != "players"}
    record = new_record(a, b, STATS)
    hands = 0
    for a_seat in range(fmt.players):
        names = [a if seat == a_seat else b for seat in range(fmt.players)]
        players = [TimedStrategy(game.strategies[name](), record["times"][name]) for name in names]
        outcome = play_first_hand(rules, rule_settings, deal, players, seed * 3 + a_seat,
                                  "cutthroat-tournament").results[-1]
        others = [outcome.points[s] for s in range(fmt.players) if s != a_seat]
        record["a_points"] += outcome.points[a_seat]
        record["b_points"] += sum(others) / len(others)
        hands += 1
        for side, seats in (("A", [a_seat]), ("B", [s for s in range(fmt.players) if s != a_seat])):
            stats = record["stats"][side]
            stats["hands"] += 1
            if outcome.maker in seats:
                stats["made"] += 1
                stats["euchred"] += int(outcome.euchred)
                stats["marches"] += int(outcome.maker_tricks == 5)
    record["hands"] = hands
    return record


def summarize(a: str, b: str, records: list[Record]) -> list[str]:
    """Points per hand, A − B with its confidence interval, trump made, euchred and marches per side."""
    hands = sum(r["hands"] for r in records)
    lines = points_lines(a, b, records, per_deal=records[0]["hands"] if records else 2)
    for side, name in (("A", a), ("B", b)):
        totals = side_totals(records, side)
        made = totals["made"]
        lines.append(f"{side} ({name}): made trump in {made / hands:.1%} of hands, euchred on "
                     f"{totals['euchred'] / max(made, 1):.1%} of its calls, marches {totals['marches']}")
    return lines
