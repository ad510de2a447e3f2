"""What a plugin author imports: the ``hookimpl`` marker and the description types.

    from core.plugin import hookimpl, GameSpec, Text, SettingsSchema, Toggle

    @hookimpl
    def cardtable_register_games(games):
        games.add(GameSpec(id="mygame", ...))

This module is the stable surface; the rest of ``core`` may change between versions.
"""

import pluggy

from core.cards import Card, Suit, full_deck, parse_cards
from core.game import GameSpec, Hint, IllegalMove, Outcome, Rules, SeatSpec, Strategy
from core.registry import CommandRegistry, GameRegistry, VariantRegistry
from core.rng import Rng
from core.settings import Choice, Number, Preset, SettingsSchema, Toggle
from core.text import Text

hookimpl = pluggy.HookimplMarker("cardtable")

__all__ = [
    "Card",
    "Choice",
    "CommandRegistry",
    "GameRegistry",
    "GameSpec",
    "Hint",
    "IllegalMove",
    "Number",
    "Outcome",
    "Preset",
    "Rng",
    "Rules",
    "SeatSpec",
    "SettingsSchema",
    "Strategy",
    "Suit",
    "Text",
    "Toggle",
    "VariantRegistry",
    "full_deck",
    "hookimpl",
    "parse_cards",
]
