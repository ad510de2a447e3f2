"""French-suited playing cards and their text form: rank ``A23456789TJQK`` + suit ``SHDC`` (``TH`` = 10♥).

The joker (Euchre's benny, the best bower) is the one card outside the four suits: it is written ``JK``,
has rank 0 and a suit of its own, :attr:`Suit.JOKER`, which is never one of :data:`SUITS` and never a
trump a player can name. Games that use it say what it counts as (Euchre: the highest trump).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from core.text import Text

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "SHDC"


class Suit(Enum):
    """The four suits, in the order ``SHDC`` used everywhere in text."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    JOKER = "*"  # the joker's own "suit": no suited card has it, and no game names it as trump

    # Members are singletons compared by identity, so identity hashing is consistent with equality and
    # much cheaper than Enum's hash of the name (card games hash suits in their innermost loops).
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def words(self) -> Text:
        """The suit's name for people: ``spades`` / ``スペード``."""
        return _WORDS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        letter = text.strip().upper()
        if len(letter) != 1 or letter not in SUIT_LETTERS:
            raise ValueError(f"'{text}' is not a suit: use one of S, H, D, C")
        return cls(letter)


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.JOKER: "★"}
_WORDS = {Suit.SPADES: Text("spades", "スペード"), Suit.HEARTS: Text("hearts", "ハート"),
          Suit.DIAMONDS: Text("diamonds", "ダイヤ"), Suit.CLUBS: Text("clubs", "クラブ"),
          Suit.JOKER: Text("joker", "ジョーカー")}
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # the four suits; the joker's is not one
JOKER_TEXT = "JK"
_CARDS: dict[tuple[int, Suit], Card] = {}  # the one object of each card


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card:
    """A card; ``rank`` runs 1 (ace) .. 13 (king); the joker is rank 0 of :attr:`Suit.JOKER` (see :data:`JOKER`).

    There is one object per card: ``Card(10, Suit.HEARTS)`` always returns the same one (copies and pickles
    too), so cards compare and hash by identity, which card games do in their innermost loops."""

    rank: int
    suit: Suit

    def __new__(cls, rank: int, suit: Suit) -> Card:
        card = _CARDS.get((rank, suit))
        if card is None:
            if not isinstance(suit, Suit) or not isinstance(rank, int):
                raise ValueError(f"a card is a rank (int) and a Suit, not {rank!r} and {suit!r}")
            if (suit is Suit.JOKER) != (rank == 0):
                raise ValueError("the joker is rank 0 of its own suit, and only the joker")
            if not 0 <= rank <= 13:
                raise ValueError(f"rank {rank} is outside 1..13")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", int(rank))
            object.__setattr__(card, "suit", suit)
            _CARDS[(rank, suit)] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit]]:
        return (Card, (self.rank, self.suit))

    @property
    def is_joker(self) -> bool:
        return self.suit is Suit.JOKER

    @property
    def text(self) -> str:
        if self.suit is Suit.JOKER:
            return JOKER_TEXT
        return RANK_LETTERS[self.rank - 1] + self.suit.letter

    @property
    def pretty(self) -> str:
        """For people: ``10♥``, ``J♦``, ``Joker``."""
        if self.suit is Suit.JOKER:
            return "Joker"
        rank = "10" if self.rank == 10 else RANK_LETTERS[self.rank - 1]
        return rank + self.suit.symbol

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"

    @classmethod
    def parse(cls, text: str) -> Card:
        t = text.strip().upper()
        if t == JOKER_TEXT:
            return JOKER
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
            raise ValueError(
                f"'{text}' is not a card: write rank (A23456789TJQK) then suit (SHDC), e.g. TH or JD (JK: the joker)"
            )
        return cls(RANK_LETTERS.index(t[0]) + 1, Suit(t[1]))


JOKER = Card(0, Suit.JOKER)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas: ``"JH 9C AS"``."""
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order: suits S H D C, each A..K."""
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
