"""The Yukon plugin: registers the game and ``cardtable yukon`` through the public hooks."""

from __future__ import annotations

from core.help import RulesText
from core.plugin import CommandRegistry, GameRegistry, GameSpec, Lazy, SeatSpec, Text, hookimpl
from plugins.yukon.rules import YukonRules
from plugins.yukon.settings import SCHEMA
from plugins.yukon.stats import YukonStatistics

GAME = GameSpec(
    id="yukon",
    name=Text("Yukon", "ユーコン"),
    description=Text("Solitaire: move any face-up group, uncover 21 face-down cards, build A to K.",
                     "一人用: 表の札を集団ごと動かし、裏札21枚を出して A から K まで集めます。"),
    rules=YukonRules(),
    settings=SCHEMA,
    seats=(SeatSpec(Text("Player", "プレイヤー")),),
    hint=Lazy("plugins.yukon.hint:hint"),
    presenter="plugins.yukon.presenter:YukonPresenter",
    statistics=YukonStatistics(),
    help=RulesText("plugins.yukon", {"en": "help/rules.en.md", "ja": "help/rules.ja.md"}),
    view="plugins.yukon.view:create_view",
    analysis=Lazy("plugins.yukon.solvability:analyse"),
    icon="icons/yukon.svg",
)


@hookimpl
def cardtable_register_games(games: GameRegistry) -> None:
    games.add(GAME)


@hookimpl
def cardtable_register_commands(commands: CommandRegistry) -> None:
    from plugins.yukon.cli import configure, run

    commands.add("yukon", "Yukon tools: print a deal, solve deals, build the deal catalogue", configure, run)
