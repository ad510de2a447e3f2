"""The settings of two- and three-handed Euchre: the target, stick the dealer (three-handed only; on by
default) and the opponents' strength. Neither table has lone hands: every maker plays alone already."""

from __future__ import annotations

from core.plugin import CPU_STRENGTHS, Choice, SettingsSchema, Text, Toggle


def _target(default: int) -> Choice:
    return Choice("target", Text("Game to", "終了点"),
                  ((5, Text("5 points", "5点")), (7, Text("7 points", "7点")), (10, Text("10 points", "10点"))),
                  default, Text("The first player to reach this score after a hand wins.",
                                "ハンドの終わりに先にこの点に達した人の勝ちです。"))


TWO = SettingsSchema(options=(
    _target(5),
    Choice("opponents", Text("Opponent", "相手CPUの強さ"), CPU_STRENGTHS, "normal",
           Text("Strength of North, the player across the table.", "向かいの相手（北）の強さ。")),
))

THREE = SettingsSchema(options=(
    Toggle("stick_the_dealer", Text("Stick the dealer", "配り手強制"), True,
           Text("After five passes the dealer must name one of the three other suits.",
                "2巡目でほかの2人がパスしたら、配り手はパスできず別のマークを必ず選びます。")),
    _target(10),
    Choice("opponents", Text("Opponents", "相手CPUの強さ"), CPU_STRENGTHS, "normal",
           Text("Strength of West and East.", "西と東の強さ。")),
))

SCHEMAS = {2: TWO, 3: THREE}
