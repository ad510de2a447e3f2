"""Deal numbers compatible with KDE's KPatience: deal N is, card for card and face for face, the Yukon
layout KPatience deals for game number N.

The deck starts rank by rank (A♣ A♦ A♥ A♠ 2♣ … K♠), is shuffled with the Microsoft FreeCell generator
(``seed = 214013·seed + 2531011 mod 2³²``, ``rand = (seed >> 16) & 0x7fff``; for i = 52 … 2 swap
positions i−1 and rand mod i), and cards are then taken from the end of the list. Dealing goes in
eleven rounds; in each round every column that still takes cards gets one, left to right: column 1 takes
one card, column j (2 … 7) takes j+4; a card is face up when its round is at least j−1 (column 1's card
is face up). This is our own code, written from that description.
"""

from __future__ import annotations

from core.cards import Card, Suit

MAX_DEAL = 2**31 - 1
_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def shuffled_deck(number: int) -> list[Card]:
    cards = [Card(i // 4 + 1, _SUIT_ORDER[i % 4]) for i in range(52)]
    seed = number & 0xFFFFFFFF
    for i in range(52, 1, -1):
        seed = (214013 * seed + 2531011) & 0xFFFFFFFF
        j = ((seed >> 16) & 0x7FFF) % i
        cards[i - 1], cards[j] = cards[j], cards[i - 1]
    return cards


def deal_columns(number: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]:
    """The seven columns (bottom card first) and how many cards at the bottom of each are face down."""
    if not 1 <= number <= MAX_DEAL:
        raise ValueError(f"deal numbers run from 1 to {MAX_DEAL}; got {number}")
    cards = shuffled_deck(number)
    columns: list[list[Card]] = [[] for _ in range(7)]
    for round_ in range(11):
        for j in range(7):
            if (j == 0 and round_ == 0) or (j > 0 and round_ < j + 5):
                columns[j].append(cards.pop())
    return tuple(tuple(c) for c in columns), (0, 1, 2, 3, 4, 5, 6)
