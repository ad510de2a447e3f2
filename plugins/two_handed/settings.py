"""Two-handed Euchre's settings: the target and the opponent's strength (no lone hands, no stick the dealer)."""

from __future__ import annotations

from core.plugin import CPU_STRENGTHS, Choice, SettingsSchema, Text

SCHEMA = SettingsSchema(options=(
    Choice("target", Text("Game to", "終了点"),
           ((5, Text("5 points", "5点")), (7, Text("7 points", "7点")), (10, Text("10 points", "10点"))), 5,
           Text("The first player to reach this score after a hand wins.", "先にこの点に達した人の勝ちです。")),
    Choice("opponent", Text("Opponent", "相手CPUの強さ"), CPU_STRENGTHS, "normal",
           Text("Strength of North, the player across the table.", "向かいの相手（北）の強さ。")),
))
