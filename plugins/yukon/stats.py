"""Yukon's statistics: deals played and won (with help or without: hints asked for — the demo counts as one —
or returns from the foundations allowed, as seed 003 counts them), streaks, best time and fewest moves, per
variant and level, and today's deals (each remembers its day) apart.
A deal counts as played once a move was made; it is recorded when it is won, or when the player leaves it
for another deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.stats import Chart, Context, Figure, Series, percent, rate_by, running_rate
from core.text import Text, amount, duration
from plugins.yukon.rules import YukonState
from plugins.yukon.settings import DIFFICULTIES, VARIANTS

LEVELS = (*DIFFICULTIES, ("other", Text("Other deals", "その他の配り")))
LAST_WINS = 100  # the time chart shows at most this many won deals, the latest


def _deal(state: YukonState, context: Context, won: bool) -> dict[str, Any]:
    from plugins.yukon.solvability import catalogue_entry  # the catalogue only once a deal is counted

    entry = catalogue_entry(state.variant, state.deal_number)
    return {"kind": "deal", "won": won, "variant": state.variant, "level": entry.level if entry else "other",
            "deal": state.deal_number, "moves": state.moves_made, "seconds": round(context.seconds, 1),
            "help": context.hints > 0 or state.with_help, "hints": context.hints,
            **({"day": state.day.isoformat()} if state.day else {})}


class YukonStatistics:
    def record(self, before: YukonState, after: YukonState, context: Context) -> list[dict[str, Any]]:
        return [_deal(after, context, True)] if after.won and not before.won else []

    def finish(self, state: YukonState, context: Context) -> list[dict[str, Any]]:
        return [_deal(state, context, False)] if state.moves_made and not state.won else []

    def figures(self, events: Sequence[Mapping[str, Any]]) -> list[Figure]:
        deals = [e for e in events if e["kind"] == "deal"]
        wins = [d for d in deals if d["won"]]
        streak = best = 0
        for deal in deals:
            streak = streak + 1 if deal["won"] else 0
            best = max(best, streak)
        figures = [
            Figure(Text("Deals won", "クリアした配り"), percent(len(wins), len(deals))),
            Figure(Text("… without help", "…手助けなし"), amount(sum(1 for d in wins if not d["help"]))),
            Figure(Text("… with help (hints, the demo or returns)", "…手助けあり（ヒント・デモ・戻し）"),
                   amount(sum(1 for d in wins if d["help"]))),
            Figure(Text("Hints asked for", "ヒントの回数"), amount(sum(d.get("hints", 0) for d in deals))),
            Figure(Text("Current / best winning streak", "現在 / 最長の連勝"), f"{amount(streak)} / {amount(best)}"),
            Figure(Text("Best time", "最短時間"),
                   duration(min(d["seconds"] for d in wins)) if wins else "—"),
            Figure(Text("Fewest moves", "最少手数"), amount(min(d["moves"] for d in wins)) if wins else "—"),
        ]
        for variant, variant_name in VARIANTS:
            for level, level_name in LEVELS:
                mine = [d for d in deals if d["variant"] == variant and d["level"] == level]
                if mine:
                    figures.append(Figure(Text("{variant}, {level}", "{variant}・{level}").format(
                        variant=variant_name, level=level_name), percent(sum(1 for d in mine if d["won"]), len(mine))))
        daily = [d for d in deals if d.get("day")]
        if daily:
            figures.append(Figure(Text("Today's deals won", "クリアした今日の配り"),
                                  percent(sum(1 for d in daily if d["won"]), len(daily))))
        return figures

    def charts(self, events: Sequence[Mapping[str, Any]]) -> list[Chart]:
        deals = [e for e in events if e["kind"] == "deal"]
        series = tuple(Series(name, rate_by([d for d in deals if d["variant"] == variant], "level", LEVELS))
                       for variant, name in VARIANTS)
        times = [(str(n), float(d["seconds"])) for n, d in enumerate((d for d in deals if d["won"]), start=1)]
        title, unit = Text("Time of each won deal", "クリアまでの時間"), Text("s", "秒")
        if len(times) > LAST_WINS:  # thousands of points would draw a solid block
            times = times[-LAST_WINS:]
            title = Text(f"Time of the last {LAST_WINS} won deals", f"最近{LAST_WINS}回のクリアまでの時間")
        if max((t for _, t in times), default=0.0) >= 120:  # minutes read better than hundreds of seconds
            times = [(n, round(t / 60, 1)) for n, t in times]
            unit = Text("min", "分")
        title += Text(" ({unit})", "（{unit}）").format(unit=unit)
        return [
            Chart("line", Text("Deals won so far (%)", "これまでのクリア率（%）"),
                  (Series(Text("win rate", "クリア率"), running_rate(deals)),), Text("%", "%"), 100.0),
            Chart("bar", Text("Deals won per level (%)", "難度別のクリア率（%）"), series, Text("%", "%"), 100.0),
            Chart("line", title, (Series(Text("time", "時間"), tuple(times)),), unit),
        ]
