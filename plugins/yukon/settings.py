"""Yukon's settings: variant, return from foundations, and how a new deal is chosen."""

from __future__ import annotations

from core.settings import Choice, Number, Preset, SettingsSchema, Toggle
from core.text import Text
from plugins.yukon.deal import MAX_DEAL

SCHEMA = SettingsSchema(
    options=(
        Choice("variant", Text("Variant", "変種"),
               (("standard", Text("Standard Yukon", "標準ユーコン")), ("russian", Text("Russian Yukon", "ロシアン"))),
               "standard", Text("Russian: build down in the same suit instead of alternating colours.",
                                "ロシアン: 赤黒交互ではなく同じマークで1つ小さい札を重ねます。")),
        Toggle("return_from_foundations", Text("Return from foundations", "組札から戻せる"), False,
               Text("The top card of a foundation may go back to a column; a win counts as assisted.",
                    "組札の一番上の札を列へ戻せます。達成は「手助けあり」になります。")),
        Choice("deal_mode", Text("New deals", "新しい配り"),
               (("random", Text("Random deal", "無作為")), ("number", Text("Deal number", "番号指定"))),
               "random", Text("Random picks any deal number; Deal number always deals the number below.",
                              "無作為はどの番号でも選びます。番号指定は下の番号を配ります。")),
        Number("deal_number", Text("Deal number", "配り番号"), 12, 1, MAX_DEAL,
               Text("Deal numbers match KDE's KPatience.", "配り番号は KDE の KPatience と同じです。")),
    ),
    presets=(
        Preset("standard", Text("Standard Yukon", "標準ユーコン"),
               {"variant": "standard", "return_from_foundations": False}),
        Preset("russian", Text("Russian Yukon", "ロシアン"), {"variant": "russian", "return_from_foundations": False}),
    ),
)
