"""Bid Euchre's settings: only the opponents' strength (none of Euchre's rule options apply: always 24
cards, no upcard, no going alone, game to 32)."""

from __future__ import annotations

from core.plugin import CPU_STRENGTHS, Choice, SettingsSchema, Text

SCHEMA = SettingsSchema(options=(
    Choice("opponents", Text("Opponents", "相手CPUの強さ"), CPU_STRENGTHS, "normal",
           Text("Strength of West and East. North, your partner, always plays at Normal.",
                "左右の相手の強さ。向かいの味方はいつも「ふつう」です。")),
))
