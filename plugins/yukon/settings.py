"""Yukon's settings: variant, return from foundations, and how a new deal is chosen."""

from __future__ import annotations

from core.settings import Choice, Number, SettingsSchema, Toggle
from core.text import Text
from plugins.yukon.deal import MAX_DEAL

VARIANTS = (("standard", Text("Standard Yukon", "標準ユーコン")), ("russian", Text("Russian Yukon", "ロシアン")))
DIFFICULTIES = (("easy", Text("Easy", "やさしい")), ("normal", Text("Normal", "ふつう")), ("hard", Text("Hard", "むずかしい")))

SCHEMA = SettingsSchema(
    options=(
        Choice("variant", Text("Variant", "変種"), VARIANTS, "standard", Text("Russian: build down in the same suit instead of alternating colours.",
                                "ロシアン: 赤黒交互ではなく同じマークで1つ小さい札を重ねます。")),
        Toggle("return_from_foundations", Text("Return from foundations", "組札から戻せる"), False,
               Text("The top card of a foundation may go back to a column; a win counts as assisted.",
                    "組札の一番上の札を列へ戻せます。達成は「手助けあり」になります。")),
        Toggle("auto_finish", Text("Finish by itself", "自動で仕上げる"), True,
               Text("Once every card left is face up, the cards go to the foundations by themselves.",
                    "残りの札がすべて表になったら、自動で組札へ送って仕上げます。"), at_once=True),
        Toggle("safe_cards_home", Text("Safe cards home by themselves", "安全な札は自動で組札へ"), False,
               Text("After each of your moves, a front card goes to its foundation by itself when no solution can "
                    "need it in the columns any more: an ace; a higher card once both cards one lower of the other "
                    "colour are home (Russian: any card; with returns from the foundations: once every lower card "
                    "is home).",
                    "自分の手のあと、列に残しても解に役立つことがない最前面の札を自動で組札へ送ります。Aは常に、"
                    "それ以外は反対色の1つ小さい2枚が組札にあるとき（ロシアンは常に、組札から戻せる設定では小さい札が"
                    "すべて組札にあるとき）。"), at_once=True),
        Choice("deal_mode", Text("New deals", "新しい配り"),
               (("random", Text("Random deal", "無作為")), ("number", Text("Deal number", "番号指定")),
                ("solvable", Text("Solvable deal", "解のある配り")), ("today", Text("Today's deal", "今日の配り"))),
               "random", Text("Random and numbered deals may be unwinnable; solvable deals come from a catalogue of "
                              "deals with a verified solution; today's deal is the same all day.",
                              "無作為と番号指定は解けない場合があります。解のある配りは解手順を確認済みの収録集から選び、"
                              "今日の配りは一日同じです。")),
        Choice("difficulty", Text("Difficulty", "難度"), DIFFICULTIES, "normal", Text("For solvable deals and today's deal: how far the obvious moves get you.",
                              "解のある配りと今日の配り用: 目についた手だけでどこまで進めるか。"),
               applies_when={"deal_mode": ("solvable", "today")}),
        Number("deal_number", Text("Deal number", "配り番号"), 12, 1, MAX_DEAL,
               Text("Deal numbers match KDE's KPatience.", "配り番号は KDE の KPatience と同じです。"),
               applies_when={"deal_mode": ("number",)}),
    ),
)
