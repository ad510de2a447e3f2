"""Two- and three-handed Euchre written a second time, straight from ``plugins/cutthroat/SPEC.md``, sharing no
code with ``plugins/``: cards are two-letter texts, a match is one mutable object.
``tests/test_cutthroat_reference.py`` plays the plugin and this reading side by side and compares every step.

Seats run clockwise from 0 (South): S N for two players, S W E for three.
"""

from __future__ import annotations

from core.rng import Rng
from tests.reference_play import card_plays, trick_winner

DECK = [rank + suit for suit in "SHDC" for rank in "9TJQKA"]  # the order the documented shuffle starts from
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def effective_suit(card: str, trump: str) -> str:
    return trump if card[0] == "J" and card[1] == SAME_COLOUR[trump] else card[1]


def power(card: str, trump: str, led: str) -> int:
    """How strongly ``card`` plays to a trick led in ``led``: 0 when it can never win it."""
    if card == "J" + trump:
        return 300
    if card == "J" + SAME_COLOUR[trump]:
        return 299
    if card[1] == trump:
        return 200 + "9TQKA".index(card[0])
    return 100 + "9TJQKA".index(card[0]) if card[1] == led else 0


class Match:
    """One match for ``players`` (2 or 3), advanced by move texts; ``legal()`` lists what the spec allows now."""

    def __init__(self, players: int, seed: int, target: int, stick_the_dealer: bool) -> None:
        self.players, self.seed, self.target = players, seed, target
        self.stick = stick_the_dealer and players == 3  # two-handed has no stuck dealer
        self.march = 2 if players == 2 else 3
        self.name = "two-handed-euchre" if players == 2 else "three-handed-euchre"
        self.number = 0
        self.scores = [0] * players
        self.winner: int | None = None
        self.last_points: tuple[int, ...] | None = None
        self.deal(Rng.derive(seed, f"{self.name}-first-dealer").below(players))

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def deal(self, dealer: int) -> None:
        cards = list(DECK)
        Rng.derive(self.seed, f"{self.name}-deal", self.number).shuffle(cards)
        self.dealer = dealer
        self.hands: list[list[str]] = [[] for _ in range(self.players)]
        for i in range(self.players):  # five each from the dealer's left, then the upcard
            self.hands[(dealer + 1 + i) % self.players] = cards[5 * i: 5 * i + 5]
        self.upcard = cards[5 * self.players]
        self.phase = "round one"
        self.turn: int | None = self.left_of(dealer)
        self.trump = ""
        self.maker = -1
        self.trick: list[tuple[int, str]] = []
        self.won = [0] * self.players

    def legal(self) -> list[str]:
        if self.turn is None:
            return []
        if self.phase == "round one":
            return ["pass", "order"]
        if self.phase == "discard":  # one of the dealer's original five
            return [f"discard {c}" for c in self.hands[self.turn] if c != self.upcard]
        if self.phase == "round two":
            calls = [f"call {s}" for s in "SHDC" if s != self.upcard[1]]
            return calls if self.stick and self.turn == self.dealer else ["pass", *calls]
        return card_plays(self.hands[self.turn], self.trick, lambda card: effective_suit(card, self.trump))

    def apply(self, text: str) -> None:
        assert text in self.legal(), f"{text!r} is not allowed: {self.legal()}"
        seat = self.turn
        assert seat is not None
        words = text.split()
        if self.phase == "round one":
            if text == "order":  # the dealer takes the upcard, whoever ordered it
                self.trump, self.maker = self.upcard[1], seat
                self.hands[self.dealer].append(self.upcard)
                self.phase, self.turn = "discard", self.dealer
            elif seat == self.dealer:
                self.phase, self.turn = "round two", self.left_of(self.dealer)
            else:
                self.turn = self.left_of(seat)
            return
        if self.phase == "discard":
            self.hands[seat].remove(words[1])
            self.lead()
            return
        if self.phase == "round two":
            if text != "pass":
                self.trump, self.maker = words[1], seat
                self.lead()
            elif seat == self.dealer:
                self.end_hand([0] * self.players)  # thrown in
            else:
                self.turn = self.left_of(seat)
            return
        self.hands[seat].remove(words[1])
        self.trick.append((seat, words[1]))
        if len(self.trick) < self.players:
            self.turn = self.left_of(seat)
            return
        winner = trick_winner(self.trick, lambda card: effective_suit(card, self.trump),
                              lambda card, led: power(card, self.trump, led))
        self.won[winner] += 1
        self.trick = []
        self.turn = winner
        if sum(self.won) == 5:
            tricks = self.won[self.maker]
            if tricks >= 3:
                self.end_hand([(self.march if tricks == 5 else 1) if s == self.maker else 0
                               for s in range(self.players)])
            else:
                self.end_hand([0 if s == self.maker else 2 for s in range(self.players)])

    def lead(self) -> None:
        self.phase, self.turn = "play", self.left_of(self.dealer)

    def end_hand(self, points: list[int]) -> None:
        self.last_points = tuple(points)
        self.scores = [a + b for a, b in zip(self.scores, points, strict=True)]
        top = max(self.scores)
        if top >= self.target and self.scores.count(top) == 1:
            self.winner, self.phase, self.turn = self.scores.index(top), "over", None
            return
        self.number += 1
        self.deal(self.left_of(self.dealer))
