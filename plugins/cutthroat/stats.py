"""Statistics of the two- and three-handed tables, from South's side: matches won, trump made and euchred,
makers euchred by South, marches and points per hand; a match's level is the opponents' strength."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.plugin import (
    CPU_STRENGTHS,
    Chart,
    Figure,
    Series,
    Text,
    amount,
    averages,
    matches_won,
    percent,
    rate_by,
    running_rate,
    won_by_strength,
)
from core.plugin import StatsContext as Context
from plugins.cutthroat.rules import CutthroatState


class CutthroatStatistics:
    def record(self, before: CutthroatState, after: CutthroatState, context: Context) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        level = str((context.settings or {}).get("opponents", "normal"))
        for result in after.results[len(before.results):]:
            events.append({"kind": "hand", "level": level, "maker": result.maker, "euchred": result.euchred,
                           "march": result.maker is not None and result.maker_tricks == 5,
                           "points": list(result.points)})
        if after.over and not before.over:
            events.append({"kind": "match", "level": level, "won": after.winner == 0, "score": list(after.scores),
                           "help": context.hints > 0})
        return events

    def finish(self, state: CutthroatState, context: Context) -> list[dict[str, Any]]:
        return []

    def figures(self, events: Sequence[Mapping[str, Any]]) -> list[Figure]:
        matches = [e for e in events if e["kind"] == "match"]
        hands = [e for e in events if e["kind"] == "hand"]
        mine = [h for h in hands if h["maker"] == 0]
        theirs = [h for h in hands if h["maker"] not in (0, None)]
        points = [h["points"] for h in hands]
        return [
            *matches_won(matches),
            Figure(Text("Hands played", "ハンド数"), amount(len(hands))),
            Figure(Text("You made trump", "あなたの切札宣言"), percent(len(mine), len(hands))),
            Figure(Text("… and were euchred", "…ユーカーされた"), percent(sum(1 for h in mine if h["euchred"]), len(mine))),
            Figure(Text("… and marched", "…5トリック全部"), amount(sum(1 for h in mine if h["march"]))),
            Figure(Text("Others' calls euchred", "相手の宣言をユーカー"),
                   percent(sum(1 for h in theirs if h["euchred"]), len(theirs))),
            Figure(Text("Points per hand (you — each opponent)", "1ハンドの得点（あなた — 相手1人あたり）"),
                   averages([(p[0], sum(p[1:]) / (len(p) - 1)) for p in points])),
            *won_by_strength(matches),
        ]

    def charts(self, events: Sequence[Mapping[str, Any]]) -> list[Chart]:
        matches = [e for e in events if e["kind"] == "match"]
        return [
            Chart("line", Text("Matches won so far (%)", "これまでの勝率（%）"),
                  (Series(Text("win rate", "勝率"), running_rate(matches)),), Text("%", "%"), 100.0),
            Chart("bar", Text("Matches won by opponents' strength (%)", "相手の強さ別の勝率（%）"),
                  (Series(Text("win rate", "勝率"), rate_by(matches, "level", CPU_STRENGTHS)),), Text("%", "%"), 100.0),
        ]
