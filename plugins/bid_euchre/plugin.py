"""The Bid Euchre plugin: a variant of Euchre, registered the way a third party's would be — through the
variants hook, importing only ``core.plugin`` and Euchre's public module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.plugin import CommandRegistry, GameSpec, Lazy, RulesText, SeatSpec, Text, VariantRegistry, hookimpl
from plugins.bid_euchre.rules import BidEuchreRules
from plugins.bid_euchre.settings import SCHEMA
from plugins.bid_euchre.stats import BidEuchreStatistics

SEATS = (SeatSpec(Text("South (you)", "南（あなた）"), 0), SeatSpec(Text("West", "西"), 1),
         SeatSpec(Text("North (partner)", "北（味方）"), 0), SeatSpec(Text("East", "東"), 1))


def seat_players(settings: Mapping[str, Any]) -> tuple[str | None, ...]:
    opponents = str(settings.get("opponents", "normal"))
    return (None, opponents, "normal", opponents)


GAME = GameSpec(
    id="bid-euchre",
    name=Text("Bid Euchre", "ビッド・ユーカー"),
    description=Text("All 24 cards dealt six each; bid 3–6 tricks, name trump or no-trump high or low; game "
                     "to 32.",
                     "24枚を6枚ずつ配り、3〜6トリックをビッド。切札かノートランプ（ハイ・ロー）を決め、32点先取。"),
    rules=BidEuchreRules(),
    settings=SCHEMA,
    seats=SEATS,
    strategies={name: Lazy(f"plugins.bid_euchre.cpu:{player}")
                for name, player in (("easy", "EasyPlayer"), ("normal", "NormalPlayer"), ("hard", "HardPlayer"))},
    seat_players=seat_players,
    presenter="plugins.bid_euchre.presenter:BidEuchrePresenter",
    hint=Lazy("plugins.bid_euchre.advice:bid_euchre_hint"),
    statistics=BidEuchreStatistics(),
    help=RulesText("plugins.bid_euchre", {"en": "help/rules.en.md", "ja": "help/rules.ja.md"}),
    view="plugins.bid_euchre.view:create_view",
    icon="icons/euchre.svg",
    variant_of="euchre",
)


@hookimpl
def cardtable_register_variants(variants: VariantRegistry) -> None:
    if variants.has_game("euchre"):
        variants.add(GAME)
    else:
        raise LookupError("Bid Euchre is a variant of Euchre, and no loaded plugin provides the game 'euchre'")


@hookimpl
def cardtable_register_commands(commands: CommandRegistry) -> None:
    from plugins.bid_euchre.cli import configure, run

    commands.add("bid-euchre", "Bid Euchre tools: simulate CPU matches, duplicate tournaments", configure, run)
