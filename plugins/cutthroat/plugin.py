"""Two- and three-handed Euchre, each player for themselves: two variants of Euchre with a different number
of seats, registered the way a third party's would be — through the variants hook, importing only
``core.plugin`` and Euchre's public module."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from core.plugin import CommandRegistry, GameSpec, Lazy, RulesText, SeatSpec, Text, VariantRegistry, hookimpl
from plugins.cutthroat.rules import THREE, TWO, CutthroatRules, Format
from plugins.cutthroat.settings import SCHEMAS
from plugins.cutthroat.stats import CutthroatStatistics
from plugins.cutthroat.words import SEATS

DESCRIPTIONS = {
    2: Text("You against one opponent: five cards each and the upcard, two rounds of making trump, a march "
            "scores 2; game to 5.", "1対1で5枚ずつと公開札。2巡で切札を決め、5トリック全部で2点。5点先取。"),
    3: Text("Three players, each for themselves: the maker plays alone against the other two; a march scores 3, "
            "a euchre 2 to each defender; game to 10.",
            "3人がそれぞれ自分のために。宣言者は2人を相手に単独で戦い、5トリック全部で3点、ユーカーなら守備の2人に2点ずつ。10点先取。"),
}
NAMES = {2: Text("Two-handed Euchre", "2人ユーカー"), 3: Text("Three-handed Euchre", "3人ユーカー")}


def _seat_players(players: int) -> Callable[[Mapping[str, Any]], tuple[str | None, ...]]:
    def seat_players(settings: Mapping[str, Any]) -> tuple[str | None, ...]:
        return (None, *([str(settings.get("opponents", "normal"))] * (players - 1)))

    return seat_players


def _game(fmt: Format, help_name: str) -> GameSpec:
    n = fmt.players
    return GameSpec(
        id=fmt.name, name=NAMES[n], description=DESCRIPTIONS[n], rules=CutthroatRules(fmt), settings=SCHEMAS[n],
        seats=tuple(SeatSpec(name, seat) for seat, name in enumerate(SEATS[n])),
        strategies={name: Lazy(f"plugins.cutthroat.cpu:{player}")
                    for name, player in (("easy", "EasyPlayer"), ("normal", "NormalPlayer"), ("hard", "HardPlayer"))},
        seat_players=_seat_players(n),
        presenter="plugins.cutthroat.presenter:CutthroatPresenter",
        hint=Lazy("plugins.cutthroat.advice:cutthroat_hint"),
        statistics=CutthroatStatistics(),
        help=RulesText("plugins.cutthroat", {"en": f"help/{help_name}.en.md", "ja": f"help/{help_name}.ja.md"}),
        view="plugins.cutthroat.view:create_view",
        icon="icons/euchre.svg",
        variant_of="euchre",
    )


GAMES = {2: _game(TWO, "two"), 3: _game(THREE, "three")}


@hookimpl
def cardtable_register_variants(variants: VariantRegistry) -> None:
    if not variants.has_game("euchre"):
        raise LookupError("Two- and three-handed Euchre are variants of Euchre, and no loaded plugin provides "
                          "the game 'euchre'")
    for game in GAMES.values():
        variants.add(game)


@hookimpl
def cardtable_register_commands(commands: CommandRegistry) -> None:
    from plugins.cutthroat.cli import configurer, runner

    for players, fmt in ((2, TWO), (3, THREE)):
        commands.add(fmt.name, f"{NAMES[players].en} tools: simulate CPU matches, duplicate tournaments",
                     configurer(players), runner(players))
