"""The game contract: what a plugin describes (:class:`GameSpec`) and the protocols its objects follow.

A game is a pure *rules* object over immutable states, plus CPU *strategies*, a settings schema, an
optional hint provider and a lazily imported view. Nothing here imports Qt.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from core.help import RulesText
from core.rng import Rng
from core.settings import SettingsSchema
from core.text import Text

S = TypeVar("S")
M = TypeVar("M")


class IllegalMove(ValueError):
    """A move the rules do not allow, or move text that does not parse.

    The reason is for a player: it says what was wrong and what is allowed ("7♣ is not one lower than
    9♥"). Give it as :class:`Text` so the window can say it in Japanese too (``error.text``); ``str(error)``
    is the English. Raising it never changes the state.
    """

    def __init__(self, reason: str | Text) -> None:
        self.text = reason if isinstance(reason, Text) else Text(reason)
        super().__init__(self.text.en)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``winners`` are seat numbers (empty for a loss in a solitaire), ``scores`` whatever the game counts
    (per team or per seat), ``summary`` one English line for logs and the command line.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat at the table: its name as people see it, and its team (seats of one team share it)."""

    name: Text
    team: int = 0


class Lazy:
    """A function or class named ``"package.module:attribute"``, imported on its first call: a plugin lists
    its CPU players, hint and analysis this way so that discovering games (the launcher) imports none of
    them. ``Lazy("mygame.cpu:HardPlayer")()`` is ``HardPlayer()``."""

    def __init__(self, target: str) -> None:
        module, _, attribute = target.partition(":")
        if not module or not attribute:
            raise ValueError(f"Lazy target {target!r} must be 'package.module:attribute'")
        self.target = target
        self._loaded: Any = None

    def load(self) -> Any:
        if self._loaded is None:
            module, _, attribute = self.target.partition(":")
            value: Any = importlib.import_module(module)
            for part in attribute.split("."):
                value = getattr(value, part)
            self._loaded = value
        return self._loaded

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)

    def __getstate__(self) -> dict[str, Any]:
        return {"target": self.target}  # a worker process imports it again

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.target, self._loaded = state["target"], None

    def __repr__(self) -> str:
        return f"Lazy({self.target!r})"


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move for the current player and a short reason to show beside it. ``move`` is a legal
    move's text, or ``""`` for advice without a move (Yukon: the game cannot be won from here)."""

    move: str
    reason: Text = Text("")


class Rules(Protocol[S, M]):
    """The pure rules of a game. States are immutable; every method is a function of its arguments.

    ``settings`` are the validated values of the game's :class:`SettingsSchema`.
    """

    def new_game(self, settings: Mapping[str, Any], seed: int) -> S:
        """A new game whose deal comes from ``seed`` through the game's own documented shuffle."""

    def from_deal(self, settings: Mapping[str, Any], deal: Mapping[str, Any]) -> S:
        """A new game from an explicit deal (JSON-able, in the game's documented form)."""

    def legal_moves(self, state: S) -> Sequence[M]:
        """The moves of the player to move, in a stable order (empty when the game is over)."""

    def apply(self, state: S, move: M) -> S:
        """The state after ``move``; raises :class:`IllegalMove` with a reason, leaving ``state`` as it was."""

    def to_move(self, state: S) -> int | None:
        """The seat whose turn it is, or ``None`` when the game is over."""

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def observation(self, state: S, seat: int) -> Any:
        """What a player in ``seat`` may see: CPU players and hints get this, never the state."""

    def hidden_from(self, state: S, seat: int) -> frozenset[str]:
        """Text forms of the cards ``seat`` may not see now (the conformance kit checks observations)."""

    def state_to_json(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data; :meth:`state_from_json` gives back an equal state."""

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """The inverse of :meth:`state_to_json`."""

    def move_text(self, move: M) -> str:
        """The move's short, stable text form (saves, logs, replays, tests)."""

    def parse_move(self, text: str) -> M:
        """The move written as ``text``; raises :class:`IllegalMove` when it is not a move."""

    def may_undo(self, state: S, move: M) -> bool:
        """Whether ``move``, made from ``state``, may be taken back (the game's undo policy)."""


# Optional parts of a rules object. A rules object implements any of these by having the method; the
# session asks with ``isinstance(rules, Protocol)``. Each is documented here, the one place to look.


@runtime_checkable
class RecordsItsDeal(Protocol):
    """For games whose ``new_game`` depends on more than settings and seed (Yukon's deal of the day)."""

    def start_of(self, state: Any) -> dict[str, Any] | None:
        """The explicit deal behind a new game, in ``from_deal``'s form; the session keeps it in the save,
        so the game replays the same deal on any later day."""


@runtime_checkable
class HoldsForThePlayer(Protocol):
    """For games whose table should stop at moments a person wants to read (a finished trick, a hand's
    summary, the match result) before the game goes on."""

    def hold_points(self, state: Any) -> tuple[str, ...]:
        """Keys of the moments ``state`` stands at, in the order they are shown (``("trick:3:5", "hand:3")``
        after the last trick of hand 3); empty when there is nothing to read. Keys are stable strings: the
        session saves which ones the player has acknowledged, and holds CPU moves until each is."""


class Strategy(Protocol):
    """A CPU player. It sees only its seat's observation and the legal moves, never the state."""

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Rng) -> Any:
        """One of ``legal_moves``; any randomness must come from ``rng``."""


RULES_METHODS = ("new_game", "from_deal", "legal_moves", "apply", "to_move", "outcome", "observation",
                 "hidden_from", "state_to_json", "state_from_json", "move_text", "parse_move", "may_undo")

HintProvider = Callable[[Any, Sequence[Any]], Hint | None]
"""``provider(observation, legal_moves)`` → a :class:`Hint`, or ``None`` when there is no move to suggest."""

SeatPlayers = Callable[[Mapping[str, Any]], tuple[str | None, ...]]
"""``seat_players(settings)`` → per seat, a strategy name for a CPU or ``None`` for a person."""

Analysis = Callable[[Any], Iterator[Any]]
"""``analysis(state)`` → an iterator the window runs away from its own thread while the position stands: it
yields ``None`` now and then (so it can be stopped when the position changes) and finally its verdict, which the
presenter receives in ``Situation.analysis``. Where the analysis and the state pickle (a module-level function or
a :class:`Lazy`; the verdict must pickle too) it runs in a worker process, so a long analysis never slows the
window (:mod:`core.analysis_worker`); else on a worker thread. It sees the whole state, so a game may only show
from it what its rules announce as an assist (Yukon's solver verdict)."""


def _one_human(settings: Mapping[str, Any]) -> tuple[str | None, ...]:
    return (None,)


@dataclass(frozen=True)
class GameSpec:
    """Everything the shell needs to offer a game; a plugin registers one per game or variant.

    ``presenter`` is ``"package.module:factory"`` of the game's pure table presenter
    (:class:`core.table.Presenter`); ``view`` is ``"package.module:factory"`` of its Qt view, imported only
    when a window shows the game, so that importing the rules never imports Qt — for an ordinary game a few
    lines binding the presenter to the shared scene (``gui.table_view.TableView``). ``analysis`` runs in the
    background while a position stands (see :data:`Analysis`). ``help`` says where the rules text is
    (:class:`core.help.RulesText`), shown by F1 and the Help button. ``icon`` is the launcher tile's picture
    (SVG or PNG): ``"package:path"`` names a file inside a plugin's package (``"mygame:icons/mygame.svg"``), a
    path without a package one of Card Table's own resources (``"icons/yukon.svg"``); see :meth:`icon_file`. A
    *variant* names the game it belongs to in ``variant_of`` and is listed under that game's tile.
    """

    id: str
    name: Text
    description: Text
    rules: Rules[Any, Any]
    settings: SettingsSchema
    seats: tuple[SeatSpec, ...] = (SeatSpec(Text("Player", "プレイヤー")),)
    strategies: Mapping[str, Callable[[], Strategy]] = field(default_factory=dict)
    seat_players: SeatPlayers = _one_human
    hint: HintProvider | None = None
    presenter: str | None = None
    view: str | None = None
    analysis: Analysis | None = None
    statistics: Any = None  # a core.stats.Statistics, or None: nothing is recorded
    help: RulesText | None = None
    icon: str | None = None
    variant_of: str | None = None

    def persons(self, settings: Mapping[str, Any]) -> tuple[int, ...]:
        """The seats ``seat_players`` leaves to persons (``None``) under ``settings``; the window plays one."""
        return tuple(seat for seat, name in enumerate(self.seat_players(settings)) if name is None)

    def icon_file(self) -> Path | None:
        """The icon's file, None when it names none or the file is not there (the tile then shows Card Table's)."""
        if not self.icon:
            return None
        package, colon, inside = self.icon.partition(":")
        try:
            if Path(self.icon).is_absolute():  # (a Windows drive's "C:\\" too)
                found = Path(self.icon)
            elif colon:
                found = Path(str(resources.files(package).joinpath(inside)))
            else:
                found = Path(str(resources.files("resources").joinpath(self.icon)))
        except (ImportError, TypeError, ValueError):  # no such package, or a module that is not one
            return None
        return found if found.is_file() else None

    def __post_init__(self) -> None:
        if (not isinstance(self.id, str) or not self.id or self.id != self.id.lower()
                or not self.id.replace("-", "").replace("_", "").isalnum() or not self.id.isascii()):
            raise ValueError(f"game id {self.id!r} must be lower-case letters, digits, '-' or '_'")
        problems = []
        for name in ("name", "description"):
            if not isinstance(getattr(self, name), Text):
                problems.append(f"{name} must be Text (English and Japanese), not {type(getattr(self, name)).__name__}")
        missing = [m for m in RULES_METHODS if not callable(getattr(self.rules, m, None))]
        if missing:
            problems.append(f"rules lack {', '.join(missing)}")
        if not isinstance(self.settings, SettingsSchema):
            problems.append(f"settings must be a SettingsSchema, not {type(self.settings).__name__}")
        if not isinstance(self.seats, tuple) or not self.seats or not all(isinstance(s, SeatSpec) for s in self.seats):
            problems.append("seats must be a non-empty tuple of SeatSpec")
        elif not all(isinstance(s.name, Text) for s in self.seats):
            problems.append("seat names must be Text")
        if not isinstance(self.strategies, Mapping) or not all(
                isinstance(k, str) and callable(v) for k, v in self.strategies.items()):
            problems.append("strategies must map names to factories")
        for name in ("seat_players", "hint", "analysis"):
            value = getattr(self, name)
            if value is not None and not callable(value):
                problems.append(f"{name} must be callable")
        for name in ("view", "presenter"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or not value.partition(":")[0]):
                problems.append(f"{name} must be 'package.module:factory'")
        if self.help is not None and not isinstance(self.help, RulesText):
            problems.append("help must be a RulesText (the rules files in the plugin's package)")
        for name in ("icon", "variant_of"):
            if getattr(self, name) is not None and not isinstance(getattr(self, name), str):
                problems.append(f"{name} must be a string")
        if problems:
            raise ValueError(f"game '{self.id}': " + "; ".join(problems))
