"""The two-handed Euchre plugin: a variant of Euchre with two seats, registered the way a third party's would
be — through the variants hook, importing only ``core.plugin`` and Euchre's public module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.plugin import CommandRegistry, GameSpec, Lazy, RulesText, SeatSpec, Text, VariantRegistry, hookimpl
from plugins.two_handed.rules import TwoHandedRules
from plugins.two_handed.settings import SCHEMA
from plugins.two_handed.stats import TwoHandedStatistics

SEATS = (SeatSpec(Text("South (you)", "南（あなた）"), 0), SeatSpec(Text("North", "北"), 1))


def seat_players(settings: Mapping[str, Any]) -> tuple[str | None, ...]:
    return (None, str(settings.get("opponent", "normal")))


GAME = GameSpec(
    id="two-handed-euchre",
    name=Text("Two-handed Euchre", "2人ユーカー"),
    description=Text("You against one opponent: five cards each and the upcard, two rounds of making trump, "
                     "a march scores 2; game to 5.",
                     "1対1で5枚ずつと公開札。2巡で切札を決め、5トリック全部で2点。5点先取。"),
    rules=TwoHandedRules(),
    settings=SCHEMA,
    seats=SEATS,
    strategies={name: Lazy(f"plugins.two_handed.cpu:{player}")
                for name, player in (("easy", "EasyPlayer"), ("normal", "NormalPlayer"), ("hard", "HardPlayer"))},
    seat_players=seat_players,
    presenter="plugins.two_handed.presenter:TwoHandedPresenter",
    statistics=TwoHandedStatistics(),
    help=RulesText("plugins.two_handed", {"en": "help/rules.en.md", "ja": "help/rules.ja.md"}),
    view="plugins.two_handed.view:create_view",
    icon="icons/euchre.svg",
    variant_of="euchre",
)


@hookimpl
def cardtable_register_variants(variants: VariantRegistry) -> None:
    if variants.has_game("euchre"):
        variants.add(GAME)
    else:
        raise LookupError("Two-handed Euchre is a variant of Euchre, and no loaded plugin provides the game 'euchre'")


@hookimpl
def cardtable_register_commands(commands: CommandRegistry) -> None:
    from plugins.two_handed.cli import configure, run

    commands.add("two-handed-euchre", "Two-handed Euchre tools: simulate CPU matches, duplicate tournaments",
                 configure, run)
