"""What a plugin author imports: the ``hookimpl`` marker, the description types, and the table types a
presenter builds (documented in :mod:`core.table`).

    from core.plugin import hookimpl, GameSpec, Text, SettingsSchema, Toggle

    @hookimpl
    def cardtable_register_games(games):
        games.add(GameSpec(id="mygame", ..., presenter="mygame.table:MyPresenter",
                           view="mygame.view:create_view"))

Command-line tools get the shared pieces too (``UsageError``, ``jobs``, ``positive_int``, ``output_file``,
``output_folder``; ``add_settings_arguments``, ``settings_from_args`` and ``describe_settings`` for a flag per
rule option; ``Progress``; ``Batch``, ``add_batch_arguments`` and ``Record`` to run work units locally or
on a Dask cluster with resumable results — a run's parameter named ``…_version``, such as the version of the
CPU players, keeps a results file from being resumed by other code; the duplicate-tournament helpers of
:mod:`core.duplicate`, whose ``tournament`` takes ``cpu_version``) and ``GameSession`` to play headless. The
heavy ones are imported when first used, so discovery stays fast.

A hook that cannot do its work (a missing file, a library too old) may raise ``TextError(Text(english,
japanese))``: the launcher greys the plugin out with that reason in the player's language (any other exception
is reported too, its own text quoted as it is).

A presenter is pure (``table(situation, ui) -> Table`` and ``respond(situation, ui, event) -> Reply``); the
view module binds it to the shell's scene in a few lines (``gui.table_view.TableView``). This module is the
stable surface; the rest of ``core`` may change between versions.
"""

import importlib
from typing import TYPE_CHECKING, Any

import pluggy

from core.cards import Card, Suit, full_deck, parse_cards
from core.cli_options import (
    UsageError,
    add_settings_arguments,
    describe_settings,
    jobs,
    output_file,
    output_folder,
    positive_int,
    settings_from_args,
)
from core.game import GameSpec, Hint, IllegalMove, Lazy, Outcome, Rules, SeatSpec, Strategy
from core.help import RulesText
from core.registry import CommandRegistry, GameRegistry, VariantRegistry
from core.rng import Rng
from core.session import GameSession
from core.settings import CPU_STRENGTHS, Choice, Number, Preset, SettingsSchema, Toggle
from core.stats import (
    Chart,
    Figure,
    Series,
    Statistics,
    averages,
    matches_won,
    percent,
    rate_by,
    running_rate,
    won_by_strength,
)
from core.stats import Context as StatsContext
from core.table import (
    CARD_HEIGHT,
    IGNORED,
    Background,
    CardFace,
    Click,
    Deal,
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
from core.text import Text, TextError, amount, calendar_day, counted, duration, next_best, plural, points, signed

if TYPE_CHECKING:
    from core.batch import Batch, add_batch_arguments
    from core.duplicate import (
        TimedStrategy,
        add_tournament_arguments,
        new_record,
        play_first_hand,
        points_lines,
        side_totals,
        tournament,
    )
    from core.progress import Progress
    from core.results import Record

hookimpl = pluggy.HookimplMarker("cardtable")

_LAZY = {
    "Progress": "core.progress",
    "Batch": "core.batch", "add_batch_arguments": "core.batch",
    "Record": "core.results",
    "TimedStrategy": "core.duplicate", "new_record": "core.duplicate", "points_lines": "core.duplicate",
    "side_totals": "core.duplicate", "add_tournament_arguments": "core.duplicate", "tournament": "core.duplicate",
    "play_first_hand": "core.duplicate",
}


def __getattr__(name: str) -> Any:
    """The command-line pieces, imported on first use (``rich`` and the executors cost time at start-up)."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'core.plugin' has no attribute '{name}'")

__all__ = [  # noqa: RUF022 — the lazy command-line pieces last
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
    "Deal",
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
    "TextError",
    "Toggle",
    "UsageError",
    "VariantRegistry",
    "add_settings_arguments",
    "amount",
    "averages",
    "calendar_day",
    "counted",
    "describe_settings",
    "duration",
    "full_deck",
    "hookimpl",
    "jobs",
    "matches_won",
    "next_best",
    "output_file",
    "output_folder",
    "parse_cards",
    "percent",
    "plural",
    "points",
    "positive_int",
    "rate_by",
    "running_rate",
    "settings_from_args",
    "signed",
    "won_by_strength",
    "Batch", "Record", "TimedStrategy", "add_batch_arguments", "add_tournament_arguments", "new_record",
    "play_first_hand", "points_lines", "side_totals", "tournament",
]
