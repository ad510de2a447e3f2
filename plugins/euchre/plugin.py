"""The Euchre plugin: registers the game and its command-line tools through the public hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.help import RulesText
from core.plugin import CommandRegistry, GameRegistry, GameSpec, Lazy, SeatSpec, Text, hookimpl
from plugins.euchre.rules import EuchreRules
from plugins.euchre.settings import SCHEMA
from plugins.euchre.stats import EuchreStatistics

SEATS = (
    SeatSpec(Text("South (you)", "南（あなた）"), 0),
    SeatSpec(Text("West", "西"), 1),
    SeatSpec(Text("North (partner)", "北（味方）"), 0),
    SeatSpec(Text("East", "東"), 1),
)


def seat_players(settings: Mapping[str, Any]) -> tuple[str | None, ...]:
    opponents = str(settings.get("opponents", "normal"))
    return (None, opponents, "normal", opponents)


GAME = GameSpec(
    id="euchre",
    name=Text("Euchre", "ユーカー"),
    description=Text("Four players, two partnerships: make trump and take three tricks.",
                     "4人2組で切札を決め、3トリックを取るゲーム。"),
    rules=EuchreRules(),
    settings=SCHEMA,
    seats=SEATS,
    strategies={"easy": Lazy("plugins.euchre.cpu:EasyPlayer"), "normal": Lazy("plugins.euchre.cpu:RuleBasedPlayer"),
                "hard": Lazy("plugins.euchre.cpu:HardPlayer")},
    seat_players=seat_players,
    hint=Lazy("plugins.euchre.advice:euchre_hint"),
    presenter="plugins.euchre.presenter:EuchrePresenter",
    statistics=EuchreStatistics(),
    help=RulesText("plugins.euchre", {"en": "help/rules.en.md", "ja": "help/rules.ja.md"}),
    view="plugins.euchre.view:create_view",
    icon="icons/euchre.svg",
)


@hookimpl
def cardtable_register_games(games: GameRegistry) -> None:
    games.add(GAME)


@hookimpl
def cardtable_register_commands(commands: CommandRegistry) -> None:
    from plugins.euchre.cli import configure, run

    commands.add("euchre", "Euchre tools: simulate CPU matches, duplicate tournaments, replay a hand record",
                 configure, run)
