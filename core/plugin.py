"""What a plugin author imports: the ``hookimpl`` marker, the description types, and the table types a
presenter builds (documented in :mod:`core.table`).

    from core.plugin import hookimpl, GameSpec, Text, SettingsSchema, Toggle

    @hookimpl
    def cardtable_register_games(games):
        games.add(GameSpec(id="mygame", ..., presenter="mygame.table:MyPresenter",
                           view="mygame.view:create_view"))

Command-line tools get the shared pieces too (``UsageError``, ``Progress``, ``parallel_map``, ``write_rows``,
``jobs``, ``positive_int``, ``output_file``, ``output_folder``) and ``GameSession`` to play headless.

A presenter is pure (``table(situation, ui) -> Table`` and ``respond(situation, ui, event) -> Reply``); the
view module binds it to the shell's scene in a few lines (``gui.table_view.TableView``). This module is the
stable surface; the rest of ``core`` may change between versions.
"""

import pluggy

from core.cards import Card, Suit, full_deck, parse_cards
from core.cli_options import UsageError, jobs, output_file, output_folder, positive_int
from core.game import GameSpec, Hint, IllegalMove, Lazy, Outcome, Rules, SeatSpec, Strategy
from core.help import RulesText
from core.progress import Progress, parallel_map, write_rows
from core.registry import CommandRegistry, GameRegistry, VariantRegistry
from core.rng import Rng
from core.session import GameSession
from core.settings import CPU_STRENGTHS, Choice, Number, Preset, SettingsSchema, Toggle
from core.stats import Chart, Figure, Series, Statistics, percent, rate_by, running_rate
from core.stats import Context as StatsContext
from core.table import (
    CARD_HEIGHT,
    IGNORED,
    Background,
    CardFace,
    Click,
    Drop,
    Event,
    Hold,
    Key,
    Label,
    Mark,
    Pile,
    Presenter,
    Press,
    Reply,
    Situation,
    Style,
    Table,
)
from core.table import Choice as Button
from core.text import Text

hookimpl = pluggy.HookimplMarker("cardtable")

__all__ = [
    "CARD_HEIGHT",
    "CPU_STRENGTHS",
    "IGNORED",
    "Background",
    "Button",
    "Card",
    "CardFace",
    "Chart",
    "Choice",
    "Click",
    "CommandRegistry",
    "Drop",
    "Event",
    "Figure",
    "GameRegistry",
    "GameSession",
    "GameSpec",
    "Hint",
    "Hold",
    "IllegalMove",
    "Key",
    "Label",
    "Lazy",
    "Mark",
    "Number",
    "Outcome",
    "Pile",
    "Presenter",
    "Preset",
    "Press",
    "Progress",
    "Reply",
    "Rng",
    "Rules",
    "RulesText",
    "SeatSpec",
    "Series",
    "SettingsSchema",
    "Situation",
    "Statistics",
    "StatsContext",
    "Strategy",
    "Style",
    "Suit",
    "Table",
    "Text",
    "Toggle",
    "UsageError",
    "VariantRegistry",
    "full_deck",
    "hookimpl",
    "jobs",
    "output_file",
    "output_folder",
    "parallel_map",
    "parse_cards",
    "percent",
    "positive_int",
    "rate_by",
    "running_rate",
    "write_rows",
]
