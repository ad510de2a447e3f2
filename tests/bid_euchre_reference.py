"""Bid Euchre written a second time, straight from ``shared/spec/bid-euchre.md`` and the plugin's documented
seed contract, sharing no code with ``plugins/``: cards are two-letter texts, a match is one mutable object.
``tests/test_bid_euchre_reference.py`` plays the plugin and this reading side by side and compares every step.

Seats are 0–3 = S W N E, clockwise; S and N are side 0, W and E side 1.
"""

from __future__ import annotations

from core.rng import Rng
from tests.reference_play import card_plays, trick_winner

RANKS = "9TJQKA"
DECK = [rank + suit for suit in "SHDC" for rank in RANKS]  # the documented order the shuffle starts from
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
DECLARATIONS = ["trump S", "trump H", "trump D", "trump C", "notrump high", "notrump low"]
TARGET = 32


def effective_suit(card: str, trump: str | None) -> str:
    """The left bower belongs to trump; under no-trump every card is its printed suit."""
    if trump is not None and card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump
    return card[1]


def power(card: str, trump: str | None, low: bool, led: str) -> int:
    """How strongly ``card`` plays to a trick led in ``led``: 0 when it can never win it."""
    suit = effective_suit(card, trump)
    if trump is not None:
        if card == "J" + trump:
            return 300
        if card == "J" + SAME_COLOUR[trump]:
            return 299
        if suit == trump:
            return 200 + "9TQKA".index(card[0])
    if suit == led:
        return 100 + ("AKQJT9" if low else "9TJQKA").index(card[0])
    return 0


class Match:
    """One match, advanced by move texts; ``legal()`` lists what the spec allows now."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.number = 0
        self.scores = [0, 0]
        self.winner: int | None = None
        self.last_points: tuple[int, int] | None = None
        self.deal(Rng.derive(seed, "bid-euchre-first-dealer").below(4))

    def deal(self, dealer: int) -> None:
        cards = list(DECK)
        Rng.derive(self.seed, "bid-euchre-deal", self.number).shuffle(cards)
        self.dealer = dealer
        self.hands: list[list[str]] = [[] for _ in range(4)]
        for i in range(4):
            self.hands[(dealer + 1 + i) % 4] = cards[6 * i: 6 * i + 6]
        self.phase = "auction"
        self.turn: int | None = (dealer + 1) % 4
        self.spoken: list[tuple[int, int]] = []  # (seat, bid) with 0 for a pass
        self.declarer = -1
        self.bid = 0
        self.trump: str | None = None
        self.low = False
        self.trick: list[tuple[int, str]] = []
        self.won = [0, 0]

    @property
    def high(self) -> int:
        return max((n for _, n in self.spoken), default=0)

    def legal(self) -> list[str]:
        if self.turn is None:
            return []
        if self.phase == "auction":
            if self.turn != self.dealer:
                return ["pass", *(f"bid {n}" for n in range(3, 7) if n > self.high)]
            if self.high == 0:  # the other three passed: the dealer must bid
                return [f"bid {n}" for n in range(3, 7)]
            return ["pass", *(f"bid {n}" for n in range(3, 7) if n >= self.high)]
        if self.phase == "declare":
            return list(DECLARATIONS)
        return card_plays(self.hands[self.turn], self.trick, lambda card: effective_suit(card, self.trump))

    def apply(self, text: str) -> None:
        assert text in self.legal(), f"{text!r} is not allowed: {self.legal()}"
        seat = self.turn
        assert seat is not None
        words = text.split()
        if self.phase == "auction":
            self.spoken.append((seat, int(words[1]) if words[0] == "bid" else 0))
            if seat != self.dealer:
                self.turn = (seat + 1) % 4
                return
            self.bid = self.high
            # the dealer takes the contract by bidding the highest number (equal to it is enough); else the one
            # seat that bid it (each bid before the dealer's was higher than the last) holds it
            self.declarer = self.dealer if self.spoken[-1][1] == self.bid else next(
                s for s, n in self.spoken if n == self.bid)
            self.phase, self.turn = "declare", self.declarer
            return
        if self.phase == "declare":
            self.trump = words[1] if words[0] == "trump" else None
            self.low = words[1] == "low"
            self.phase = "play"  # the declarer leads
            return
        card = words[1]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        winner = trick_winner(self.trick, lambda card: effective_suit(card, self.trump),
                              lambda card, led: power(card, self.trump, self.low, led))
        self.won[winner % 2] += 1
        self.trick = []
        self.turn = winner
        if sum(self.won) == 6:
            self.score()

    def score(self) -> None:
        side = self.declarer % 2
        points = list(self.won)
        made = self.won[side] >= self.bid
        if not made:
            points[side] = -self.bid
        self.last_points = (points[0], points[1])
        self.scores = [self.scores[0] + points[0], self.scores[1] + points[1]]
        qualifying = side if made else 1 - side
        if self.scores[qualifying] >= TARGET:
            self.winner, self.phase, self.turn = qualifying, "over", None
            return
        self.number += 1
        self.deal((self.dealer + 1) % 4)
