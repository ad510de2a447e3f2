"""Euchre's statistics, from the player's side (North/South): matches, calls, euchres, marches, loners and
points per hand; a match's level is the opponents' strength."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from core.settings import CPU_STRENGTHS
from core.stats import (
    Chart,
    Context,
    Figure,
    Series,
    averages,
    matches_won,
    percent,
    rate_by,
    running_rate,
    won_by_strength,
)
from core.text import Text, amount, points
from plugins.euchre.model import EuchreState


class EuchreStatistics:
    def record(self, before: EuchreState, after: EuchreState, context: Context) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        level = str((context.settings or {}).get("opponents", "normal"))
        for result in after.results[len(before.results):]:
            ours = result.maker is not None and result.maker % 2 == 0
            events.append({"kind": "hand", "level": level, "thrown_in": result.thrown_in,
                           "called": ours, "euchred": result.euchred,
                           "march": result.maker is not None and result.maker_tricks == 5,
                           "alone": result.alone is not None and result.alone % 2 == 0,
                           "points": list(result.points)})
        if after.over and not before.over:
            events.append({"kind": "match", "level": level, "won": after.scores[0] > after.scores[1],
                           "score": list(after.scores),
                           "help": context.hints > 0})
        return events

    def finish(self, state: EuchreState, context: Context) -> list[dict[str, Any]]:
        return []  # an unfinished match is not counted

    def figures(self, events: Sequence[Mapping[str, Any]]) -> list[Figure]:
        matches = [e for e in events if e["kind"] == "match"]
        hands = [e for e in events if e["kind"] == "hand"]
        played = [h for h in hands if not h["thrown_in"]]
        calls = [h for h in played if h["called"]]
        theirs = [h for h in played if not h["called"]]
        loners = [h for h in calls if h["alone"]]
        points = [h["points"] for h in hands]
        return [
            *matches_won(matches),
            Figure(Text("Hands played", "ハンド数"),
                   Text("{n} ({out} thrown in)", "{n}（うち配り直し{out}）").format(n=amount(len(hands)), out=amount(len(hands) - len(played)))),
            Figure(Text("You & North made trump", "あなたと北の宣言"), percent(len(calls), len(played))),
            Figure(Text("… and were euchred", "…ユーカーされた"), percent(sum(1 for h in calls if h["euchred"]), len(calls))),
            Figure(Text("… and took all five", "…5トリック全部"), percent(sum(1 for h in calls if h["march"]), len(calls))),
            Figure(Text("Loners tried / swept", "単独の挑戦 / 全取り"),
                   f"{amount(len(loners))} / {amount(sum(1 for h in loners if h['march']))}"),
            Figure(Text("Opponents euchred", "相手をユーカー"), percent(sum(1 for h in theirs if h["euchred"]), len(theirs))),
            Figure(Text("Points per hand (you & North — them)", "1ハンドの得点（味方 — 相手）"),
                   averages([(p[0], p[1]) for p in points])),
            *won_by_strength(matches),
        ]

    def charts(self, events: Sequence[Mapping[str, Any]]) -> list[Chart]:
        return partnership_charts(events, range(-4, 5))


def partnership_charts(events: Sequence[Mapping[str, Any]], nets: range) -> list[Chart]:
    """The charts of a game for two partnerships, from the player's side: the running win rate, the win rate
    by the opponents' strength (a match event's ``level``) and how many hands ended with each net score in
    ``nets`` (a hand event's ``points``, North/South first)."""
    matches = [e for e in events if e["kind"] == "match"]
    counted = Counter(h["points"][0] - h["points"][1] for h in events if h["kind"] == "hand")
    spread = tuple((points(n, plus=True), float(counted.get(n, 0))) for n in nets)
    return [
        Chart("line", Text("Matches won so far (%)", "これまでの勝率（%）"),
              (Series(Text("win rate", "勝率"), running_rate(matches)),), Text("%", "%"), 100.0),
        Chart("bar", Text("Matches won by opponents' strength (%)", "相手の強さ別の勝率（%）"),
              (Series(Text("win rate", "勝率"), rate_by(matches, "level", CPU_STRENGTHS)),), Text("%", "%"), 100.0),
        Chart("bar", Text("Points per hand, you & North minus them", "1ハンドの得点差（味方−相手）"),
              (Series(Text("hands", "ハンド数"), spread),), Text("hands", "ハンド")),
    ]
