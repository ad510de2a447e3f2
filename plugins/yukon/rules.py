"""Yukon's rules: group moves onto a card one rank higher of the opposite colour (standard) or the same
suit (Russian), K-headed groups onto empty columns, front cards to the foundations, automatic turn-over,
and the option to return a foundation's top card to the tableau (which marks the game assisted).

A move's text: ``3.2>5`` (column 3, the group of the 2 front cards, onto column 5), ``3>F`` (column 3's
front card to its foundation), ``F.H>5`` (the top heart of the foundations onto column 5). Columns are
numbered 1–7 from the left.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from core.cards import SUITS, Card, Suit
from core.game import IllegalMove, Outcome
from core.text import Text, counted
from plugins.yukon.catalogue import CatalogueError, load_catalogue
from plugins.yukon.deal import MAX_DEAL, deal_columns
from plugins.yukon.settings import SCHEMA

STANDARD, RUSSIAN = "standard", "russian"
FOUNDATION = -1
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


@dataclass(frozen=True, slots=True)
class Move:
    """``source``/``target``: column 0–6 or FOUNDATION; ``count``: cards moved from the column's front;
    ``suit``: which foundation a return comes from."""

    source: int
    target: int
    count: int = 1
    suit: Suit | None = None

    @property
    def text(self) -> str:
        if self.source == FOUNDATION:
            assert self.suit is not None
            return f"F.{self.suit.letter}>{self.target + 1}"
        if self.target == FOUNDATION:
            return f"{self.source + 1}>F" if self.count == 1 else f"{self.source + 1}.{self.count}>F"
        return f"{self.source + 1}.{self.count}>{self.target + 1}"

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Move:
        usage = "write 3.2>5 (column 3, two cards, onto column 5), 3>F (to the foundation) or F.H>5"
        raw = text.strip().upper().replace(" ", "")
        source, arrow, target = raw.partition(">")
        try:
            if not arrow:
                raise ValueError
            if source.startswith("F."):
                return cls(FOUNDATION, _column(target), 1, Suit.parse(source[2:]))
            column, _, count = source.partition(".")
            if target == "F":  # a group is read too, for the rules to say why only one card goes home
                return cls(_column(column), FOUNDATION, int(count) if count else 1)
            return cls(_column(column), _column(target), int(count) if count else 1)
        except ValueError:
            raise IllegalMove(f"'{text}' is not a Yukon move: {usage}") from None


def _column(text: str) -> int:
    number = int(text)
    if not 1 <= number <= 7:
        raise ValueError
    return number - 1


class _Foundations:
    """What a state and an observation both answer from their foundations (top rank per suit, S H D C) and
    the assist flags."""

    __slots__ = ()
    foundations: tuple[int, ...]
    returns_allowed: bool
    assisted: bool

    @property
    def won(self) -> bool:
        return all(rank == 13 for rank in self.foundations)

    @property
    def with_help(self) -> bool:
        """A win here counts as "with help": the return-from-foundations assist is on (seed 003: choosing
        the assist marks the win, whether or not a card was returned)."""
        return self.returns_allowed or self.assisted

    def foundation_top(self, suit: Suit) -> Card | None:
        rank = self.foundations[_SUIT_INDEX[suit]]
        return Card(rank, suit) if rank else None


@dataclass(frozen=True, slots=True)
class YukonState(_Foundations):
    columns: tuple[tuple[Card, ...], ...]
    hidden: tuple[int, ...]  # how many cards at the bottom of each column are face down
    foundations: tuple[int, ...]  # top rank per suit, in S H D C order (0 = empty)
    variant: str = STANDARD
    returns_allowed: bool = False
    assisted: bool = False
    deal_number: int | None = None
    moves_made: int = 0
    last_move: str = ""
    day: datetime.date | None = None  # the date whose deal of the day this is, if it is one

    def face_up(self, column: int) -> tuple[Card, ...]:
        return self.columns[column][self.hidden[column] :]


def accepts(variant: str, front: Card | None, head: Card) -> bool:
    """Whether a column with ``front`` as its front card (None: empty) takes a group headed by ``head``."""
    if front is None:
        return head.rank == 13
    if head.rank != front.rank - 1:
        return False
    if variant == RUSSIAN:
        return head.suit == front.suit
    return head.is_red != front.is_red


def _malformed(move: Move) -> str | None:
    """Why a hand-built move is out of range or incomplete, else None."""
    places = range(FOUNDATION, 7)
    for name in ("source", "target", "count"):
        value = getattr(move, name)
        if not isinstance(value, int) or isinstance(value, bool):
            return f"{name} must be a whole number"
    if move.source not in places or move.target not in places:
        return "columns are 0-6 (shown as 1-7), or the foundation"
    if move.source == move.target == FOUNDATION:
        return "a card cannot go from the foundations to the foundations"
    if move.count < 1:
        return "a move takes one card or more"
    if move.source == FOUNDATION and (not isinstance(move.suit, Suit) or move.count != 1):
        return "a return from the foundations names its suit and moves one card"
    if move.source != FOUNDATION and move.suit is not None:
        return "only a return from the foundations names a suit"
    return None


def _day(text: object) -> datetime.date | None:
    """A deal's day as written in a save (``"2026-12-03"``), or None when it has none."""
    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(str(text))
    except ValueError:
        raise ValueError(f"a deal's day is a date written like 2026-12-03, not {text!r}") from None


def _goes_to_foundation(state: YukonState, card: Card) -> bool:
    return state.foundations[_SUIT_INDEX[card.suit]] == card.rank - 1


def settings_variant(settings: Mapping[str, Any]) -> tuple[str, bool]:
    """The variant and the return option; raises :class:`core.settings.SettingsError` for a bad setting."""
    values = SCHEMA.checked(settings)
    return values["variant"], values["return_from_foundations"]


def chosen_deal(settings: Mapping[str, Any], seed: int, today: datetime.date) -> tuple[int, datetime.date | None]:
    """The deal a new game gets — the chosen number, a catalogue deal (solvable at the chosen level, or
    today's), or one drawn from the seed — and the day it is the deal of, when it is today's deal. Without a
    readable catalogue, solvable and today's deals fall back to a random deal (the deal of no day)."""
    values = SCHEMA.checked(settings)
    mode = values["deal_mode"]
    if mode == "number":
        return int(values["deal_number"]), None
    if mode in ("solvable", "today"):
        variant, level = values["variant"], values["difficulty"]
        try:
            catalogue = load_catalogue()
            if mode == "today":
                return catalogue.todays(variant, level, today).deal, today
            return catalogue.pick(variant, level, seed).deal, None
        except CatalogueError:
            pass
    return seed % MAX_DEAL + 1, None


class YukonRules:
    """Implements :class:`core.game.Rules` for Yukon."""

    def new_game(self, settings: Mapping[str, Any], seed: int) -> YukonState:
        number, day = chosen_deal(settings, seed, datetime.date.today())
        return self.deal(settings, number, day)

    def deal(self, settings: Mapping[str, Any], number: int, day: datetime.date | None = None) -> YukonState:
        variant, returns = settings_variant(settings)
        columns, hidden = deal_columns(number)
        return YukonState(columns, hidden, (0, 0, 0, 0), variant, returns, False, number, day=day)

    def start_of(self, state: YukonState) -> dict[str, Any] | None:
        """The deal behind a new game, kept in the save so it replays the same deal on any later day (and
        still says whose day's deal it was)."""
        if state.deal_number is None:
            return None
        return {"number": state.deal_number, **({"day": state.day.isoformat()} if state.day else {})}

    def from_deal(self, settings: Mapping[str, Any], deal: Mapping[str, Any]) -> YukonState:
        """``{"number": 12}`` (``"day": "2026-12-03"`` added for that day's deal) or an explicit
        ``{"columns": [["5H", …], …], "hidden": [0, 1, …]}``."""
        if "number" in deal:
            return self.deal(settings, int(deal["number"]), _day(deal.get("day")))
        variant, returns = settings_variant(settings)
        columns = tuple(tuple(Card.parse(t) for t in column) for column in deal["columns"])
        hidden = tuple(int(h) for h in deal.get("hidden", [0] * 7))
        cards = [c for column in columns for c in column]
        if len(columns) != 7 or len(cards) != 52 or len(set(cards)) != 52:
            raise ValueError("a Yukon deal has seven columns holding the 52 cards once each")
        if any(not 0 <= h < max(len(col), 1) for h, col in zip(hidden, columns, strict=True)):
            raise ValueError("each column needs its front card face up")
        return YukonState(columns, hidden, (0, 0, 0, 0), variant, returns)

    # -- moves ------------------------------------------------------------------------------------

    def legal_moves(self, state: YukonState) -> list[Move]:
        if state.won:
            return []
        moves: list[Move] = []
        fronts = [col[-1] if col else None for col in state.columns]
        for source, column in enumerate(state.columns):
            if column and _goes_to_foundation(state, column[-1]):
                moves.append(Move(source, FOUNDATION))
        for source, column in enumerate(state.columns):
            size = len(column)
            for count in range(1, size - state.hidden[source] + 1):
                head = column[size - count]
                for target in range(7):
                    if target != source and accepts(state.variant, fronts[target], head):
                        moves.append(Move(source, target, count))
        if state.returns_allowed:
            for suit in SUITS:
                top = state.foundation_top(suit)
                if top is None:
                    continue
                for target in range(7):
                    if accepts(state.variant, fronts[target], top):
                        moves.append(Move(FOUNDATION, target, 1, suit))
        return moves

    def apply(self, state: YukonState, move: Move) -> YukonState:
        problem = self.why_illegal(state, move)
        if problem:
            raise IllegalMove(problem)
        columns = list(state.columns)
        hidden = list(state.hidden)
        foundations = list(state.foundations)
        assisted = state.assisted
        if move.source == FOUNDATION:
            assert move.suit is not None
            index = _SUIT_INDEX[move.suit]
            columns[move.target] = (*columns[move.target], Card(foundations[index], move.suit))
            foundations[index] -= 1
            assisted = True
        else:
            column = columns[move.source]
            group = column[len(column) - move.count :]
            columns[move.source] = column[: len(column) - move.count]
            if move.target == FOUNDATION:
                foundations[_SUIT_INDEX[group[0].suit]] += 1
            else:
                columns[move.target] = columns[move.target] + group
            if hidden[move.source] and hidden[move.source] == len(columns[move.source]):
                hidden[move.source] -= 1  # the new front card turns face up by itself
        return replace(state, columns=tuple(columns), hidden=tuple(hidden), foundations=tuple(foundations),
                       assisted=assisted, moves_made=state.moves_made + 1, last_move=move.text)

    def why_illegal(self, state: YukonState, move: Move) -> Text | None:
        """None for a legal move, else what the player is told, in English and Japanese."""
        if not isinstance(move, Move):
            return Text(f"{move!r} is not a Yukon move; write it as text, e.g. 3.2>5, 3>F or F.H>5")
        malformed = _malformed(move)
        if malformed:
            return Text(f"not a Yukon move: {malformed}")
        if state.won:
            return Text("the game is won: start a new deal", "クリアしました。新しい配りを始めてください")
        if move.source == FOUNDATION:
            if not state.returns_allowed:
                return Text("cards on the foundations stay there (turn on 'return from foundations' to allow it)",
                            "組札の札は戻せません（「組札から戻せる」をオンにすると戻せます）")
            assert move.suit is not None
            top = state.foundation_top(move.suit)
            if top is None:
                return Text("the {suit} foundation is empty", "{suit}の組札は空です").format(suit=move.suit.words)
            return self._onto(state, top, move.target)
        column = state.columns[move.source]
        if not column:
            return Text("column {n} is empty", "{n}列目は空です").format(n=move.source + 1)
        if move.count < 1 or move.count > len(column):
            return counted(len(column), Text("column {c} has only 1 card", "{c}列目には1枚しかありません"),
                           Text("column {c} has only {n} cards", "{c}列目には{n}枚しかありません"), c=move.source + 1)
        if move.count > len(column) - state.hidden[move.source]:
            return Text("a face-down card cannot be moved: pick a face-up card",
                        "裏向きの札は動かせません。表の札を選んでください")
        head = column[len(column) - move.count]
        if move.target == FOUNDATION:
            if move.count != 1:
                return Text("only a column's front card can go to a foundation",
                            "組札へ送れるのは列の最前面の1枚だけです")
            if not _goes_to_foundation(state, head):
                have = state.foundation_top(head.suit)
                need = Text("the {suit} foundation needs {card} next", "{suit}の組札の次は{card}です").format(
                    suit=head.suit.words, card=Card(have.rank + 1, head.suit).pretty) if have \
                    else Text("the {suit} foundation starts with an ace", "{suit}の組札はAから始まります").format(
                        suit=head.suit.words)
                return Text("{card} cannot go to its foundation: {need}", "{card}は組札へ送れません。{need}").format(
                    card=head.pretty, need=need)
            return None
        if move.target == move.source:
            return Text("a group cannot move onto its own column", "同じ列へは動かせません")
        return self._onto(state, head, move.target)

    def _onto(self, state: YukonState, head: Card, target: int) -> Text | None:
        column = state.columns[target]
        front = column[-1] if column else None
        if accepts(state.variant, front, head):
            return None
        if front is None:
            return Text("only a group headed by a K can go to an empty column",
                        "空いた列にはKが先頭の札だけを置けます")
        if head.rank != front.rank - 1:
            return Text("{head} is not one lower than {front}", "{head}は{front}より1つ小さい札ではありません").format(
                head=head.pretty, front=front.pretty)
        if state.variant == RUSSIAN:
            return Text("in Russian Yukon {head} must go on a card of its own suit, not on {front}",
                        "ロシアンでは{head}は同じマークの札にだけ置けます（{front}には置けません）").format(
                head=head.pretty, front=front.pretty)
        return Text("{head} must go on a card of the other colour, not on {front}",
                    "{head}は色の違う札に置きます（{front}には置けません）").format(
            head=head.pretty, front=front.pretty)

    def to_move(self, state: YukonState) -> int | None:
        return None if state.won or not self.legal_moves(state) else 0

    def outcome(self, state: YukonState) -> Outcome | None:
        if state.won:
            how = " with help" if state.with_help else ""
            return Outcome((0,), (52,), f"won{how} in {state.moves_made} moves")
        if self.legal_moves(state):
            return None
        home = sum(state.foundations)
        return Outcome((), (home,), f"no moves left; {home} cards on the foundations")

    def observation(self, state: YukonState, seat: int) -> YukonObservation:
        return YukonObservation(
            columns=tuple(tuple(c if i >= h else None for i, c in enumerate(col))
                          for col, h in zip(state.columns, state.hidden, strict=True)),
            foundations=state.foundations, variant=state.variant, returns_allowed=state.returns_allowed,
            last_move=state.last_move, deal_number=state.deal_number, moves_made=state.moves_made,
            assisted=state.assisted, day=state.day,
        )

    def hidden_from(self, state: YukonState, seat: int) -> frozenset[str]:
        return frozenset(c.text for col, h in zip(state.columns, state.hidden, strict=True) for c in col[:h])

    def state_to_json(self, state: YukonState) -> dict[str, Any]:
        return {"columns": [[c.text for c in col] for col in state.columns], "hidden": list(state.hidden),
                "foundations": list(state.foundations), "variant": state.variant,
                "returns_allowed": state.returns_allowed, "assisted": state.assisted,
                "deal_number": state.deal_number, "moves_made": state.moves_made, "last_move": state.last_move,
                "day": state.day.isoformat() if state.day else None}

    def state_from_json(self, data: Mapping[str, Any]) -> YukonState:
        return YukonState(
            tuple(tuple(Card.parse(t) for t in col) for col in data["columns"]), tuple(data["hidden"]),
            tuple(data["foundations"]), data["variant"], bool(data["returns_allowed"]), bool(data["assisted"]),
            data["deal_number"], int(data["moves_made"]), str(data["last_move"]),
            _day(data.get("day")),  # saves written before December 2026 have no day
        )

    def move_text(self, move: Move) -> str:
        return move.text

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def may_undo(self, state: YukonState, move: Move) -> bool:
        return True

    def hold_points(self, state: YukonState) -> tuple[str, ...]:
        """A won deal is a moment to show (with New deal and Back)."""
        return ("won",) if state.won else ()


@dataclass(frozen=True, slots=True)
class YukonObservation(_Foundations):
    """What the player sees: face-down cards are ``None``."""

    columns: tuple[tuple[Card | None, ...], ...]
    foundations: tuple[int, ...]
    variant: str
    returns_allowed: bool
    last_move: str
    deal_number: int | None = None
    moves_made: int = 0
    assisted: bool = False
    day: datetime.date | None = None


    def legal_moves(self) -> list[Move]:
        """The legal moves, computed from the visible cards alone (a face-down card never moves)."""
        return YukonRules().legal_moves(self.stand_in())

    def stand_in(self) -> YukonState:
        """This position as a state, each face-down card replaced by the same stand-in card: for what needs a
        state but never reads a face-down card (legal moves, the hint's look-ahead)."""
        hidden = tuple(sum(1 for c in col if c is None) for col in self.columns)
        stand_in = Card(1, Suit.SPADES)
        columns = tuple(tuple(c if c is not None else stand_in for c in col) for col in self.columns)
        return YukonState(columns, hidden, self.foundations, self.variant, self.returns_allowed)


def move_words(state: YukonState, move: Move) -> str:
    """A move as a person reads it, from the position it is made in: "7♦ and 5 cards from column 3 onto 8♣
    in column 5", "A♥ to the foundation", "K♠ and 2 cards from column 1 to the empty column 4",
    "6♥ back from the foundation onto 7♣ in column 2"."""
    if move.source == FOUNDATION:
        assert move.suit is not None
        card = state.foundation_top(move.suit)
        where = _onto(state, move.target)
        return f"{card.pretty if card else '?'} back from the foundation {where}"
    column = state.columns[move.source]
    head = column[len(column) - move.count]
    if move.target == FOUNDATION:
        return f"{head.pretty} to the foundation"
    extra = f" and {move.count - 1} card{'s' if move.count > 2 else ''}" if move.count > 1 else ""
    return f"{head.pretty}{extra} from column {move.source + 1} {_onto(state, move.target)}"


def _onto(state: YukonState, target: int) -> str:
    column = state.columns[target]
    return f"onto {column[-1].pretty} in column {target + 1}" if column else f"to the empty column {target + 1}"


def describe(state: YukonState) -> list[str]:
    """The layout as text: one line per column, face-down cards in brackets."""
    lines = []
    for i, (col, h) in enumerate(zip(state.columns, state.hidden, strict=True), start=1):
        cards = " ".join(f"({c.text})" if n < h else c.text for n, c in enumerate(col))
        lines.append(f"{i}: {cards}")
    tops = " ".join(f"{suit.letter}:{rank}" for suit, rank in zip(SUITS, state.foundations, strict=True))
    lines.append(f"F: {tops}")
    return lines


