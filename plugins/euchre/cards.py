"""The one Euchre card model: the 24-card deck (and the 32-card one, with 7s and 8s, and either with the
joker), effective suits, card order, the follow rule, trick winners.

Rules, CPU players, Bid Euchre and the view all ask this module. A :class:`Ranking` is "how cards rank
this hand": a trump suit (with right and left bowers) or no trump, high (A K Q J 10 9) or low (9 10 J Q K A,
Bid Euchre's no-trump low). With a trump suit the joker (benny) is the highest trump and belongs to the
trump suit (so a player holding it follows trump with it); with no trump it is a suit of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from core.cards import JOKER, SUITS, Card, Suit

RANKS = (9, 10, 11, 12, 13, 1)  # 9 10 J Q K A
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
# the 32-card deck: the 24 first (so a card's place, and the solver's card ids, are the same in both), then
# the 7s and 8s
DECK_32: tuple[Card, ...] = DECK + tuple(Card(rank, suit) for suit in SUITS for rank in (7, 8))
# every card a Euchre deck may hold, in card-id order: the 24, the 7s and 8s, the joker
ALL_CARDS: tuple[Card, ...] = (*DECK_32, JOKER)
JACK = 11

# 7 and 8 rank below the 9 (orders −1 and 0), so every 24-card order is the same with either deck
_PLAIN_ORDER = {7: -1, 8: 0, 9: 1, 10: 2, 11: 3, 12: 4, 13: 5, 1: 6}
OFF_SUIT = -100  # the power of a card that neither follows the led suit nor trumps: below every other card


def deck_of(thirty_two: bool, joker: bool = False) -> tuple[Card, ...]:
    """The deck a game is dealt from: 24 cards, or 32 with the 7s and 8s; plus the joker with that option."""
    deck = DECK_32 if thirty_two else DECK
    return (*deck, JOKER) if joker else deck

_PARTNER_SUIT = {Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES, Suit.HEARTS: Suit.DIAMONDS,
                 Suit.DIAMONDS: Suit.HEARTS}
TRUMP_BASE = 100


def same_colour_suit(suit: Suit) -> Suit:
    """The other suit of the same colour: where the left bower comes from."""
    return _PARTNER_SUIT[suit]


@dataclass(frozen=True, slots=True)
class Ranking:
    """How cards rank in a hand: ``trump`` (or ``None`` for no trump) and ``low`` (no-trump low)."""

    trump: Suit | None
    low: bool = False
    suits: dict[Card, Suit] = field(init=False, repr=False, compare=False)  # card -> effective suit
    _order: dict[Card, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        suit_of, order = _tables(self.trump, self.low)
        object.__setattr__(self, "suits", suit_of)
        object.__setattr__(self, "_order", order)

    @staticmethod
    def of(trump: Suit | None, low: bool = False) -> Ranking:
        """The shared ranking for ``trump`` (and ``low``): built once, then looked up."""
        return _shared(trump, low)

    def top_trump(self, deck: Sequence[Card]) -> Card | None:
        """The highest trump of ``deck``: the joker when the deck has it, else the right bower."""
        if self.trump is None:
            return None
        return JOKER if JOKER in deck else Card(JACK, self.trump)

    @property
    def right_bower(self) -> Card | None:
        return Card(JACK, self.trump) if self.trump else None

    @property
    def left_bower(self) -> Card | None:
        return Card(JACK, same_colour_suit(self.trump)) if self.trump else None

    def suit_of(self, card: Card) -> Suit:
        """The effective suit: the printed suit, except the left bower, which belongs to trump."""
        return self.suits[card]

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and self.suit_of(card) == self.trump

    def order(self, card: Card) -> int:
        """A card's strength within its effective suit; trumps are above ``TRUMP_BASE``."""
        return self._order[card]

    def power(self, card: Card, led: Suit) -> int:
        """Strength in a trick whose led suit is ``led``: trumps beat the led suit; other cards are ``OFF_SUIT``."""
        suit = self.suit_of(card)
        if suit == self.trump or suit == led:
            return self.order(card)
        return OFF_SUIT

    def follow(self, hand: Iterable[Card], led: Suit | None) -> tuple[Card, ...]:
        """The cards of ``hand`` that may be played: the led effective suit if held, else any card."""
        cards = tuple(hand)
        if led is None:
            return cards
        following = tuple(c for c in cards if self.suit_of(c) == led)
        return following or cards

    def winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """The seat that wins a trick, given (seat, card) in the order played."""
        suits, order, trump = self.suits, self._order, self.trump
        seat, card = plays[0]
        led, best = suits[card], order[card]
        for other, card in plays[1:]:  # the strongest by ``power``, the first of equals, written out: a hot path
            suit = suits[card]
            if (suit is led or suit is trump) and order[card] > best:
                seat, best = other, order[card]
        return seat

    def count(self, hand: Iterable[Card], suit: Suit) -> int:
        return sum(1 for c in hand if self.suit_of(c) == suit)

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Hand order: trumps first, then the other suits alternating colours, each high to low."""
        suit = self.suit_of(card)
        if self.trump is not None:
            pos = (0 if suit == self.trump else
                   [s for s in _DISPLAY_AFTER[self.trump]].index(suit) + 1)
        else:
            pos = SUITS.index(suit) if suit is not Suit.JOKER else -1
        return (pos, -self.order(card))


_DISPLAY_AFTER = {
    Suit.SPADES: (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS),
    Suit.HEARTS: (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS),
    Suit.DIAMONDS: (Suit.CLUBS, Suit.HEARTS, Suit.SPADES),
    Suit.CLUBS: (Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS),
}


@cache
def _tables(trump: Suit | None, low: bool) -> tuple[dict[Card, Suit], dict[Card, int]]:
    suit_of: dict[Card, Suit] = {}
    order: dict[Card, int] = {}
    suit_of[JOKER] = trump if trump is not None else Suit.JOKER
    order[JOKER] = TRUMP_BASE + 9 if trump is not None else 9
    for card in DECK_32:
        plain = _PLAIN_ORDER[card.rank]
        if low:
            plain = 7 - plain
        suit_of[card] = card.suit
        order[card] = plain
        if trump is None:
            continue
        if card.suit == trump:
            order[card] = TRUMP_BASE + (8 if card.rank == JACK else plain)
        elif card.rank == JACK and card.suit == same_colour_suit(trump):
            suit_of[card] = trump
            order[card] = TRUMP_BASE + 7
    return suit_of, order


@cache
def _shared(trump: Suit | None, low: bool) -> Ranking:
    return Ranking(trump, low)


NO_TRUMP = Ranking(None)


def sort_hand(cards: Iterable[Card], ranking: Ranking) -> list[Card]:
    return sorted(cards, key=ranking.sort_key)
