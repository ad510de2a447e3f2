"""Euchre's table model: seats, teams, moves with their text form, and the frozen match state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.cards import Card, Suit
from core.game import IllegalMove
from plugins.euchre.cards import ALL_CARDS
from plugins.euchre.settings import Options

SEAT_LETTERS = "SWNE"  # clockwise from the human: South, West, North, East
SOUTH, WEST, NORTH, EAST = range(4)


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat]


def parse_seat(text: str) -> int:
    letter = text.strip().upper()[:1]
    if not letter or letter not in SEAT_LETTERS:
        raise ValueError(f"'{text}' is not a seat: use S, W, N or E")
    return SEAT_LETTERS.index(letter)


def team_of(seat: int) -> int:
    """0 for North/South, 1 for East/West."""
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % 4


def left_of(seat: int) -> int:
    return (seat + 1) % 4


def euchre_card(text: str) -> Card:
    card = Card.parse(text)
    if card not in ALL_CARDS:
        raise IllegalMove(f"{card.pretty} is not in the Euchre deck: only 9, 10, J, Q, K and A are used "
                          f"(7 and 8 with the 32-card deck, JK with the joker)")
    return card


class Phase(StrEnum):
    NAME = "name"  # the joker is the upcard: the dealer names trump without looking (joker option)
    BID1 = "bid1"  # order up or pass
    PICKUP = "pickup"  # the dealer picks up or declines (option)
    DISCARD = "discard"  # the dealer discards one of the original five
    BID2 = "bid2"  # name another suit or pass
    DEFEND = "defend"  # a defender may go alone (option)
    PLAY = "play"
    OVER = "over"  # the match is over


_OVER = Phase.OVER  # read once: EuchreState.over is asked after every move, and a member lookup costs 0.1 µs


@dataclass(frozen=True, slots=True)
class Move:
    """``pass``, ``order [alone]``, ``call H [alone]``, ``pickup``, ``decline``, ``discard 9C``, ``alone``
    (a defender goes alone), ``play JH``."""

    kind: str
    suit: Suit | None = None
    card: Card | None = None
    alone: bool = False

    @property
    def text(self) -> str:
        if self.kind == "order":
            return "order alone" if self.alone else "order"
        if self.kind == "call":
            suit = self.suit.letter if isinstance(self.suit, Suit) else "?"
            return f"call {suit}" + (" alone" if self.alone else "")
        if self.kind in ("discard", "play"):
            card = self.card.text if isinstance(self.card, Card) else "?"
            return f"{self.kind} {card}"
        return str(self.kind)

    def problem(self) -> str | None:
        """Why a hand-built move is not a move at all (wrong kind, missing or extra parts), else None."""
        if self.kind not in _PARTS:
            return f"'{self.kind}' is not a kind of Euchre move ({', '.join(_PARTS)})"
        suit, card, alone = _PARTS[self.kind]
        if not isinstance(self.alone, bool) or (self.alone and not alone):
            return f"'{self.kind}' cannot be made alone" if self.alone is True else "alone must be true or false"
        if (self.suit is not None) != suit or (self.suit is not None and not isinstance(self.suit, Suit)):
            return f"'{self.kind}' needs a suit" if suit else f"'{self.kind}' takes no suit"
        if (self.card is not None) != card or (self.card is not None and not isinstance(self.card, Card)):
            return f"'{self.kind}' needs a card" if card else f"'{self.kind}' takes no card"
        return None

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.strip().lower().split()
        usage = ("moves are: pass, order, order alone, call H, call S alone, pickup, decline, "
                 "discard 9C, alone, play JH")
        if not words:
            raise IllegalMove(f"empty move; {usage}")
        kind, rest = words[0], words[1:]
        try:
            if kind in ("pass", "pickup", "decline", "alone") and not rest:
                return cls(kind)
            if kind == "order" and rest in ([], ["alone"]):
                return cls("order", alone=bool(rest))
            if kind == "call" and rest and rest[1:] in ([], ["alone"]):
                return cls("call", suit=Suit.parse(rest[0]), alone=len(rest) == 2)
            if kind in ("discard", "play") and len(rest) == 1:
                return cls(kind, card=euchre_card(rest[0]))
        except ValueError as error:
            raise IllegalMove(f"'{text}': {error}") from None
        raise IllegalMove(f"'{text}' is not a move; {usage}")


_PARTS = {  # kind: (has a suit, has a card, may be alone)
    "pass": (False, False, False), "order": (False, False, True), "call": (True, False, True),
    "pickup": (False, False, False), "decline": (False, False, False), "discard": (False, True, False),
    "alone": (False, False, False), "play": (False, True, False),
}
PASS = Move("pass")


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    buried: tuple[Card, ...]


def held_when_play_began(dealt: Sequence[Card], upcard: Card, log: Sequence[tuple[int, str]],
                         seat: int) -> tuple[Card, ...]:
    """``seat``'s own cards as play began: as dealt, and for a dealer who took the upcard, with it in place of
    the card discarded. What the seat saw of its own hand, for its record of the hand."""
    held = list(dealt)
    for player, text in log:
        if player == seat and text.startswith("discard "):
            held.append(upcard)
            held.remove(Card.parse(text.split()[1]))
    return tuple(held)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: for the score sheet, statistics and records."""

    deal: Deal
    log: tuple[tuple[int, str], ...]
    trump: Suit | None
    maker: int | None
    alone: int | None
    defender_alone: int | None
    maker_tricks: int
    points: tuple[int, int]
    tricks: tuple[Trick, ...] = ()

    @property
    def thrown_in(self) -> bool:
        return self.maker is None

    @property
    def euchred(self) -> bool:
        return self.maker is not None and self.maker_tricks < 3


@dataclass(frozen=True, slots=True)
class Hand:
    """One deal in progress."""

    deal: Deal
    phase: Phase
    turn: int | None
    hands: tuple[tuple[Card, ...], ...]
    log: tuple[tuple[int, str], ...] = ()
    upcard_fate: str = "up"  # up, taken (by the dealer), declined, down (turned down after round 1)
    trump: Suit | None = None
    maker: int | None = None
    alone: int | None = None
    defender_alone: int | None = None
    discard: Card | None = None
    tricks: tuple[Trick, ...] = ()
    leader: int = 0
    current: tuple[tuple[int, Card], ...] = ()

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def sitting_out(self) -> frozenset[int]:
        out = set()
        if self.alone is not None:
            out.add(partner(self.alone))
        if self.defender_alone is not None:
            out.add(partner(self.defender_alone))
        return frozenset(out)

    def tricks_won(self) -> tuple[int, int]:
        ns = sum(1 for t in self.tricks if team_of(t.winner) == 0)
        return (ns, len(self.tricks) - ns)


@dataclass(frozen=True, slots=True)
class EuchreState:
    """A whole match: the options, the seed that deals later hands, the score and the hand in progress."""

    options: Options
    seed: int
    number: int  # which hand of the match (0-based)
    scores: tuple[int, int]
    hand: Hand
    results: tuple[HandResult, ...] = ()

    @property
    def over(self) -> bool:
        return self.hand.phase is _OVER
