"""Bid Euchre's statistics, from the player's side (North/South): matches, bids made and set, the other
side's bids set, no-trump choices and points per hand; a match's level is the opponents' strength."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.plugin import Chart, Figure, Text, amount, averages, matches_won, percent, won_by_strength
from core.plugin import StatsContext as Context
from plugins.bid_euchre.rules import BidState
from plugins.euchre.public import partnership_charts


class BidEuchreStatistics:
    def record(self, before: BidState, after: BidState, context: Context) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        level = str((context.settings or {}).get("opponents", "normal"))
        for result in after.results[len(before.results):]:
            contract = result.contract
            events.append({"kind": "hand", "level": level, "declared": contract.side == 0, "bid": contract.bid,
                           "made": result.made, "notrump": contract.trump is None, "points": list(result.points)})
        if after.over and not before.over:
            events.append({"kind": "match", "level": level, "won": after.winner == 0, "score": list(after.scores),
                           "help": context.hints > 0})
        return events

    def finish(self, state: BidState, context: Context) -> list[dict[str, Any]]:
        return []

    def figures(self, events: Sequence[Mapping[str, Any]]) -> list[Figure]:
        matches = [e for e in events if e["kind"] == "match"]
        hands = [e for e in events if e["kind"] == "hand"]
        ours = [h for h in hands if h["declared"]]
        theirs = [h for h in hands if not h["declared"]]
        points = [h["points"] for h in hands]
        return [
            *matches_won(matches),
            Figure(Text("Hands played", "ハンド数"), amount(len(hands))),
            Figure(Text("You & North declared", "あなたと北の宣言"), percent(len(ours), len(hands))),
            Figure(Text("… and made the bid", "…ビッド達成"), percent(sum(1 for h in ours if h["made"]), len(ours))),
            Figure(Text("… in no-trump", "…ノートランプで"), amount(sum(1 for h in ours if h["notrump"]))),
            Figure(Text("Their bids set", "相手のビッドをセット"),
                   percent(sum(1 for h in theirs if not h["made"]), len(theirs))),
            Figure(Text("Points per hand (you & North — them)", "1ハンドの得点（味方 — 相手）"),
                   averages([(p[0], p[1]) for p in points])),
            *won_by_strength(matches),
        ]

    def charts(self, events: Sequence[Mapping[str, Any]]) -> list[Chart]:
        return partnership_charts(events, range(-12, 7))
