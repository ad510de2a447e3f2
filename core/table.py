"""The table as data: what a game shows, described without Qt, and the input that comes back.

A game's **presenter** is two pure functions (see :class:`Presenter`)::

    table(situation, ui) -> Table          # what the seat sees now
    respond(situation, ui, event) -> Reply # what a click, drop or key means

``situation`` (:class:`Situation`) is everything the table may be built from: the seat's observation, its
legal moves, the moment the session holds at, the hint shown, the last refusal, the background analysis.
Never the full state, so a table shows only what the seat may see. ``ui`` is the presenter's own small
state (a selection, an armed "alone"), a frozen value the presenter defines; the shell keeps it and hands it
back. The shell's shared scene (``gui/table_scene.py``) draws any :class:`Table`: it lays piles out in
*card units* for the window size, fans and squeezes them, animates cards from pile to pile by identity,
deals a fresh deal out of its deck (:class:`Deal`), draws marks, turns :class:`Choice` objects into focusable
buttons, moves a keyboard cursor over piles, and offers click, double-click and drag-and-drop. A game's view
module only binds the two together.

Units: one card width is 1.0; a card is :data:`CARD_HEIGHT` tall. Positions are the top-left corner of a
pile's first card, inside a table of ``Table.width`` × ``Table.height`` that the scene scales to the
window (extra room is added on the right and below, where fanned piles may spread into it).
"""

from __future__ import annotations

import functools
import math
import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from core.cards import Card
from core.game import Hint
from core.sounds import SOUNDS
from core.text import Text

CARD_HEIGHT = 1.4  # in card widths; the shared card art has this ratio
SLIVER = 0.1  # card widths: a covered card showing less than this is no place for a pointer (a pile squared up
# with a hair's offset for depth, a hand squeezed into too little room)


class Mark(StrEnum):
    """How a card or an empty pile is highlighted."""

    SELECTED = "selected"  # picked up by the player (yellow)
    TARGET = "target"  # where the selection may go (green outline)
    HINTED = "hinted"  # part of the hint being shown (blue)
    WINNING = "winning"  # the card that wins a finished trick (gold)
    PLAYABLE = "playable"  # a legal card to play now (white frame)
    DIMMED = "dimmed"  # not playable now (greyed)
    SITTING_OUT = "sitting-out"  # a player who sits this hand out (faded)


# -------------------------------------------------------------------------------------------------
# What the table shows
# -------------------------------------------------------------------------------------------------


def _check_kinds(where: str, **fields: tuple[Any, type | tuple[type, ...], str]) -> None:
    """Each field's value is of its kind, and each item of a field given as a tuple or list: a str where a
    :class:`Text` belongs stopped the window inside the scene with "'str' object has no attribute 'get'"."""
    for name, (value, kind, what) in fields.items():
        for item in (value if isinstance(value, tuple | list) else (value,)):
            if not isinstance(item, kind):
                raise ValueError(f"{where}: {name} holds {item!r}, a {type(item).__name__}, not {what}")


_WORDS = "Text (every word on the table is Text(english, japanese))"


_SIGNS: dict[str, tuple[str, Callable[[float], bool]]] = {
    "": ("finite numbers", lambda n: True), ">0": ("a number above 0", lambda n: n > 0),
    ">=0": ("a number from 0 up", lambda n: n >= 0)}


def _check_numbers(where: str, **fields: tuple[Any, str]) -> None:
    """Each field's numbers are finite and of their sign (``""``: any, ``">0"``, ``">=0"``): a NaN place left a pile
    out of sight, an infinite fan or a negative scale shrank the whole table to a dot, a zero scale drew specks."""
    for name, (value, sign) in fields.items():
        wanted, fits = _SIGNS[sign]
        if isinstance(value, tuple | list) and (len(value) != 2 or isinstance(value, list)):
            raise ValueError(f"{where}: {name} is {value!r}: give a tuple of two numbers, (x, y) in card units")
        for number in value if isinstance(value, tuple) else (value,):
            if not (isinstance(number, numbers.Real) and math.isfinite(float(number)) and fits(float(number))):
                raise ValueError(f"{where}: {name} is {value!r}: give {wanted} (card units)")


@functools.cache
def _canonical(card: str) -> str | None:
    """``card`` as Card Table writes it (``"10H"`` is ``"TH"``), or ``None`` for text that is no card."""
    try:
        return Card.parse(card).text if isinstance(card, str) else None
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card in a pile. ``card`` is its text (``"TH"``) when the seat may see it, else ``None`` and the
    card is drawn face down. ``badge`` is a small sign drawn beside the index (Euchre's left bower shows
    the trump suit there). ``copy`` tells identical cards apart in a game played with more than one deck
    (Spider, Pinochle): 0 for the first deck's, 1 for the second's, and so on, so that each card keeps its own
    place on the table as it moves; such a game writes a later deck's cards in ``hidden_from`` as :attr:`id`
    does (``"AS#1"``)."""

    card: str | None
    marks: frozenset[Mark] = frozenset()
    badge: str = ""
    copy: int = 0

    def __post_init__(self) -> None:  # drawn only later, where a card the art has no face for stopped the game
        if self.card is not None and _canonical(self.card) != self.card:
            raise ValueError(f"card face {self.card!r} is not a card as Card Table writes it: rank (A23456789TJQK) "
                             f"then suit (SHDC), e.g. TH or JD (JK: the joker)")

    @property
    def face_up(self) -> bool:
        return self.card is not None

    @property
    def id(self) -> str | None:
        """The face-up card's text, with ``#copy`` for a later deck's; None face down."""
        return self.card if self.card is None or not self.copy else f"{self.card}#{self.copy}"


@dataclass(frozen=True, slots=True)
class Pile:
    """A place for cards.

    ``x``, ``y``: the first card's top-left corner, in card units. ``fan``: how far each card lies from the
    one before it (``(0, 0.3)`` spreads downwards); ``fan_down`` is the step after a face-down card
    (default: ``fan``). ``room``: how far the fanned pile may reach in the fan's direction, in card units,
    from its first card's corner to the last card's far edge (``None``: to the window's edge). When the
    fan needs more room the scene squeezes it, but never below ``squeeze`` of its step, so an index stays
    readable; the scene shrinks the whole table instead. ``scale`` draws the cards smaller or larger.
    ``label`` is faintly shown in an empty pile (a suit sign on a foundation). ``focus``: the keyboard
    cursor may stop here. ``drag``: a face-up card here may be dragged, with the cards fanned over it (a group
    in a column) — with ``drag_alone`` on its own (a card from a hand).
    ``marks`` highlight the empty pile (a legal target). ``name`` is what a screen reader calls the pile ("Column
    3", "Your hand"; see :mod:`core.table_words`); a pile without one is called by its ``id``."""

    id: str
    x: float
    y: float
    cards: tuple[CardFace, ...] = ()
    fan: tuple[float, float] = (0.0, 0.0)
    fan_down: tuple[float, float] | None = None
    room: float | None = None
    squeeze: float = 0.5
    scale: float = 1.0
    label: str = ""
    outline: bool = False  # draw the pile's place (an empty column, a foundation); a hand has none
    focus: bool = False
    drag: bool = False
    drag_alone: bool = False
    marks: frozenset[Mark] = frozenset()
    name: Text = Text("")

    def __post_init__(self) -> None:
        _check_kinds(f"pile '{self.id}'", cards=(self.cards, CardFace, "a CardFace"), name=(self.name, Text, _WORDS))
        _check_numbers(f"pile '{self.id}'", x=(self.x, ""), y=(self.y, ""), fan=(self.fan, ""),
                       fan_down=((0.0, 0.0) if self.fan_down is None else self.fan_down, ""),
                       room=(0.0 if self.room is None else self.room, ">=0"), scale=(self.scale, ">0"))
        if not (isinstance(self.squeeze, numbers.Real) and 0 < self.squeeze <= 1):
            raise ValueError(f"pile '{self.id}': squeeze is {self.squeeze!r}: give the share of its fan's step the "
                             "scene may squeeze it to, above 0 and at most 1")

    def step(self, index: int) -> tuple[float, float]:
        """The offset from card ``index`` to the next one (before squeezing)."""
        if not self.cards[index].face_up and self.fan_down is not None:
            return self.fan_down
        return self.fan

    def uncovered(self) -> list[int]:
        """The indices of the cards a pointer can reach (the topmost card under it is the one clicked): the last,
        and each the next one leaves at least a :data:`SLIVER` of in view, squeezed into ``room`` when given."""
        squeeze = 1.0 if self.room is None else self.squeezed(self.room)
        last = len(self.cards) - 1
        return [i for i in range(len(self.cards)) if i == last or max(map(abs, self.step(i))) * squeeze >= SLIVER]

    def squeezed(self, length: float) -> float:
        """The share of its fan's steps the pile gets when it may reach ``length`` card units along its fan (from
        its first card's corner to its last card's far edge): 1 when the fan fits, else less, down to ``squeeze``."""
        if len(self.cards) < 2:
            return 1.0
        vertical = abs(self.fan[1]) >= abs(self.fan[0])
        total = sum(abs(self.step(i)[1] if vertical else self.step(i)[0]) for i in range(len(self.cards) - 1))
        room = length - (CARD_HEIGHT * self.scale if vertical else self.scale)
        return 1.0 if total <= 0 or total <= room else max(self.squeeze, room / total)


class Style(StrEnum):
    """How a label looks; the scene owns the colours."""

    PLAIN = "plain"  # white text on the felt
    SEAT = "seat"  # a player's name
    TURN = "turn"  # the player to move (stands out)
    BADGE = "badge"  # a small rounded tag: dealer, maker, tricks
    SPEECH = "speech"  # what a player said (a bid), in a bubble
    PANEL = "panel"  # a box of lines: the score sheet
    TITLE = "title"  # large text
    HINT = "hint"  # why the hint suggests its move, in a blue box beside it


ANCHORS = ("nw", "n", "ne", "w", "center", "e", "sw", "s", "se")
STYLES = frozenset(Style)
COLOURS = ("", "red", "black")  # a label's or button's: the table's own, or a suit sign's


@dataclass(frozen=True, slots=True)
class Label:
    """Text on the table at ``x``, ``y`` (card units) placed by ``anchor``: ``"nw"``, ``"n"``, ``"ne"``,
    ``"w"``, ``"center"``, ``"e"``, ``"sw"``, ``"s"``, ``"se"`` — the point of the label's box that sits there.
    ``size`` is the font's height in card widths. ``colour`` names a suit colour for a suit sign
    (``"red"``/``"black"``) or is empty. ``width`` (card widths) is the room the text has: longer lines wrap
    to it (with 0, the table's width). ``name`` is who or what the text belongs to, for a screen reader, when
    only its place on the table says so: a bid's bubble beside a seat is "West" ("West: pass")."""

    id: str
    text: Text
    x: float
    y: float
    anchor: str = "nw"
    style: Style = Style.PLAIN
    size: float = 0.2
    colour: str = ""
    width: float = 0.0
    name: Text = Text("")

    def __post_init__(self) -> None:  # what a typo would quietly change: the label's place, look or colour
        _check_kinds(f"label '{self.id}'", text=(self.text, Text, _WORDS), name=(self.name, Text, _WORDS))
        _check_numbers(f"label '{self.id}'", x=(self.x, ""), y=(self.y, ""), size=(self.size, ">0"),
                       width=(self.width, ">=0"))
        if self.anchor not in ANCHORS:
            raise ValueError(f"label '{self.id}': anchor {self.anchor!r} is not one of {', '.join(ANCHORS)}")
        if self.style not in STYLES:
            raise ValueError(f"label '{self.id}': style {self.style!r} is not one of {', '.join(Style)}")
        if self.colour not in COLOURS:
            raise ValueError(f"label '{self.id}': colour {self.colour!r} is not one of {COLOURS}")


NAMED_KEYS = ("Enter", "Space", "Escape", "Left", "Right", "Up", "Down", "Backspace", "Delete")  # as :class:`Key`
SHELL_KEYS = {"P": "pauses every game", "T": "reads the table aloud", "?": "asks for a hint"}
"""Keys the window keeps for itself in every game (R too, in a game that replays its last hand)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A button. Pressing it (click, its ``key``, or Tab then Enter) plays ``move``, or asks the shell for
    ``action`` (see :data:`ACTIONS`), or — with neither — sends :class:`Press` to the presenter.
    ``key`` is a key name as in :class:`Key` and is shown on the button (not one of :data:`SHELL_KEYS`, nor R in a
    game that replays its last hand). ``colour``: ``"red"`` or
    ``"black"`` for a suit button; ``hinted``: part of the hint being shown (outlined blue)."""

    id: str
    text: Text
    key: str = ""
    move: str | None = None
    action: str | None = None
    enabled: bool = True
    checked: bool = False
    colour: str = ""
    hinted: bool = False

    def __post_init__(self) -> None:
        _check_kinds(f"button '{self.id}'", text=(self.text, Text, _WORDS))
        if self.key and self.key not in NAMED_KEYS and (len(self.key) != 1 or self.key != self.key.upper()
                                                        or self.key.isspace()):
            raise ValueError(f"button '{self.id}': key {self.key!r} is not a key's name: a capital letter, a digit, "
                             f"another single character, or one of {', '.join(NAMED_KEYS)}")  # "h" never matched
        if self.key in SHELL_KEYS:  # the window took it first: the button showed P and P paused
            raise ValueError(f"button '{self.id}': key {self.key!r} is the window's own ({self.key} "
                             f"{SHELL_KEYS[self.key]}): choose a key other than {', '.join(SHELL_KEYS)}")
        if self.colour not in COLOURS:
            raise ValueError(f"button '{self.id}': colour {self.colour!r} is not one of {COLOURS}")
        if self.action is not None and self.action not in ACTIONS:  # else refused only when pressed
            raise ValueError(f"button '{self.id}': action {self.action!r} is not one of {', '.join(sorted(ACTIONS))}")


ACTIONS = frozenset({"continue", "undo", "redo", "hint", "pause", "restart", "new", "back"})
"""Shell actions a :class:`Choice` or :class:`Reply` may ask for. ``continue`` releases the moment the
session holds at (a finished trick, a hand summary)."""


@dataclass(frozen=True, slots=True)
class Hold:
    """Something the table shows until the player presses one of ``choices``: a finished trick, a hand's
    summary, the match result. Drawn as a panel at ``x``, ``y`` (its centre, card units); the piles of the
    table stay visible around it."""

    title: Text
    lines: tuple[Text, ...] = ()
    choices: tuple[Choice, ...] = ()
    x: float = 0.0
    y: float = 0.0

    def __post_init__(self) -> None:
        _check_kinds("the held panel", title=(self.title, Text, _WORDS), lines=(self.lines, Text, _WORDS),
                     choices=(self.choices, Choice, "a Button (Choice)"))
        _check_numbers("the held panel", x=(self.x, ""), y=(self.y, ""))


@dataclass(frozen=True, slots=True)
class Deal:
    """The deal a table shows and where its deck lies (``x``, ``y``: a card's top-left corner, card units).
    ``key`` tells one deal from the next (a hand's number, a deal's number). When a table names a deal the
    scene has not shown before, the cards are dealt: each glides from the deck to its place, one after another,
    round by round over the table's piles (each pile's first card, then each one's second…) — and so are the
    cards of a new game once its page is laid out. Each new deal plays the "deal" sound (a presenter's
    ``sound`` leaves it to the deal)."""

    key: str
    x: float
    y: float

    def __post_init__(self) -> None:
        _check_numbers(f"deal '{self.key}'", x=(self.x, ""), y=(self.y, ""))


@dataclass(frozen=True, slots=True)
class Table:
    """Everything a seat's table shows at one moment. ``width`` × ``height`` is the area in card units
    that must fit the window. ``choices`` are buttons laid in a row at ``choices_at`` (their row's centre,
    card units). ``status`` is the line under the table. ``deal``, when given, has a fresh deal dealt out
    (see :class:`Deal`); a table of an earlier hand, shown for review, names none."""

    width: float
    height: float
    piles: tuple[Pile, ...] = ()
    labels: tuple[Label, ...] = ()
    choices: tuple[Choice, ...] = ()
    choices_at: tuple[float, float] = (0.0, 0.0)
    hold: Hold | None = None
    status: Text = Text("")
    deal: Deal | None = None

    def __post_init__(self) -> None:
        _check_kinds("the table", piles=(self.piles, Pile, "a Pile"), labels=(self.labels, Label, "a Label"),
                     choices=(self.choices, Choice, "a Button (Choice)"), status=(self.status, Text, _WORDS),
                     hold=(self.hold, (Hold, type(None)), "a Hold or None"))
        _check_numbers("the table", width=(self.width, ">0"), height=(self.height, ">0"),
                       choices_at=(self.choices_at, ""))

    def pile(self, pile_id: str) -> Pile:
        for pile in self.piles:
            if pile.id == pile_id:
                return pile
        raise KeyError(pile_id)

    def face_up_cards(self) -> list[str]:
        """The :attr:`CardFace.id` of every face-up card on the table (the no-peeking tests read this)."""
        return [c.id for p in self.piles for c in p.cards if c.id is not None]

    def all_choices(self) -> tuple[Choice, ...]:
        return self.choices + (self.hold.choices if self.hold is not None else ())


# -------------------------------------------------------------------------------------------------
# What the table is built from, and the input that comes back
# -------------------------------------------------------------------------------------------------


Obs = TypeVar("Obs")
M = TypeVar("M")
U = TypeVar("U")


@dataclass(frozen=True)
class Situation(Generic[Obs, M]):
    """What a presenter may look at: the seat's ``observation``; its ``legal`` moves (empty when it is not
    that seat's turn, or while the session ``hold``s); ``to_move``; ``hold``, the key of the moment the
    session holds at (from the rules' ``hold_points``), or ``None``; the ``hint`` being shown; ``refusal``,
    why the last move was refused; ``analysis``, the background analysis results by ply (see
    ``GameSpec.analysis``) and ``analysing`` whether one is running; ``ply``, moves made so far; ``seconds``, the
    time the game has been played (pauses left out; 0 where nobody kept time, as in tests)."""

    observation: Obs
    legal: Sequence[M]
    seat: int
    to_move: int | None
    hold: str | None = None
    hint: Hint | None = None
    refusal: Text = Text("")
    analysis: dict[int, Any] = field(default_factory=dict)
    analysing: bool = False
    ply: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class Click:
    """A click (or Enter on the keyboard cursor) on card ``index`` of ``pile`` (``None``: the pile itself,
    e.g. an empty column). ``double``: a double-click. A pointer's click names the topmost card under it, so a
    pile's own place is clicked only where no card lies on it: an empty pile with ``outline``."""

    pile: str
    index: int | None = None
    double: bool = False


@dataclass(frozen=True, slots=True)
class Drop:
    """Card ``index`` of ``pile`` (with the cards fanned over it) dragged onto ``target``."""

    pile: str
    index: int
    target: str


@dataclass(frozen=True, slots=True)
class Key:
    """A key the scene did not use itself: its name (``"1"``, ``"S"``, ``"Space"``, ``"Escape"``, ``"F"``), and
    where the keyboard cursor stands (pile, card index), if it is shown."""

    name: str
    cursor: tuple[str, int | None] | None = None


@dataclass(frozen=True, slots=True)
class Press:
    """A :class:`Choice` with neither a move nor an action was pressed."""

    choice: str


@dataclass(frozen=True, slots=True)
class Background:
    """A click on the empty table."""


Event = Click | Drop | Key | Press | Background


@dataclass(frozen=True, slots=True)
class Reply(Generic[U]):
    """What an input means: play ``move`` (its text), and/or keep ``ui`` as the new presenter state,
    and/or ask the shell for ``action`` (one of :data:`ACTIONS`). ``used`` is False when the input meant
    nothing here (the shell may then use the key itself)."""

    move: str | None = None
    ui: U | None = None
    action: str | None = None
    used: bool = True

    def __post_init__(self) -> None:
        if self.action is not None and self.action not in ACTIONS:
            raise ValueError(f"reply: action {self.action!r} is not one of {', '.join(sorted(ACTIONS))}")


IGNORED: Reply[Any] = Reply(used=False)


class Presenter(Protocol[Obs, M, U]):
    """A game's table, as two pure functions and a starting ``ui`` state (no Qt: test it headless)."""

    def initial_ui(self) -> U:
        """The presenter's state when a game opens (no selection)."""

    def table(self, situation: Situation[Obs, M], ui: U) -> Table:
        """What the seat sees now."""

    def respond(self, situation: Situation[Obs, M], ui: U, event: Event) -> Reply[U]:
        """What ``event`` means now. A reply's move must be one of ``situation.legal`` in text form; the
        session checks it again and a refusal comes back as ``situation.refusal``."""


@runtime_checkable
class MovesByItself(Protocol[Obs, M]):
    """An optional part of a presenter: a move the table makes for the person without being asked (Yukon's
    automatic finish once every card is face up, its safe cards home). The shell plays it after a short pause,
    only right after a move — never after an undo or redo — and undo takes it back with the person's move
    before it."""

    def auto_move(self, situation: Situation[Obs, M]) -> str | None:
        """The move to make now (one of ``situation.legal`` in text form), or ``None``."""


@runtime_checkable
class MakesSounds(Protocol):
    """An optional part of a presenter: which effect a change of the seat's view deserves."""

    def sound(self, before: Any, after: Any) -> str | None:
        """One of :data:`SOUNDS` for the change from observation ``before`` to ``after`` (a move was made),
        or ``None`` for silence. A table that names its :class:`Deal` is heard dealing by itself; "deal" is for
        a game whose tables name none."""


@runtime_checkable
class PicksUpTheHint(Protocol[Obs, M]):
    """An optional part of a presenter: a hint shown with a move picks that move's cards up for the person, as
    if they had picked them (Yukon: the group yellow, its one destination green), so a single click on the
    destination, or its key, makes the move; putting the cards down puts the hint away."""

    def hint_ui(self, situation: Situation[Obs, M], hint: Hint) -> Any:
        """The presenter's state with ``hint``'s cards picked up; ``initial_ui()`` for advice without a move."""


@runtime_checkable
class ReviewsTheLastHand(Protocol):
    """An optional part of a presenter: the previous hand replayed step by step (the bidding, each trick, the
    result), built from the seat's observation alone. The shell offers "Last hand" while there is one."""

    def review(self, observation: Any) -> Sequence[Table]:
        """The frames, in order; empty when there is no previous hand yet."""


__all__ = [
    "ACTIONS",
    "CARD_HEIGHT",
    "IGNORED",
    "SOUNDS",
    "Background",
    "CardFace",
    "Choice",
    "Click",
    "Drop",
    "Event",
    "Hold",
    "Key",
    "Label",
    "MakesSounds",
    "Mark",
    "MovesByItself",
    "PicksUpTheHint",
    "Pile",
    "Presenter",
    "Press",
    "Reply",
    "ReviewsTheLastHand",
    "Situation",
    "Style",
    "Table",
]
