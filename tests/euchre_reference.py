"""Euchre written a second time, from ``shared/spec/euchre.md``, the rules help (``plugins/euchre/help/
rules.en.md``, for the options beyond the spec) and the deal contract in ``plugins/euchre/rules.py``'s
docstring, sharing no code with ``plugins/``: cards are two-letter texts (``JK`` the joker), a match is one
mutable object advanced by move texts. ``tests/test_euchre_reference.py`` plays the plugin and this reading
side by side under every combination of options and compares every step.

Seats are 0–3 = S W N E, clockwise; S and N are side 0, W and E side 1.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from core.rng import Rng
from tests.reference_play import card_plays, trick_winner

SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
SUITS = "SHDC"


@dataclass(frozen=True)
class Options:
    stick_the_dealer: bool = False
    trump_holding: bool = False
    defender_alone: bool = False
    dealer_may_decline: bool = False
    dealer_partner_alone: bool = False
    thirty_two_cards: bool = False
    joker: bool = False
    target: int = 10

    @property
    def deck(self) -> list[str]:
        """The documented order the shuffle starts from: 9 10 J Q K A of S H D C, then 7 8 of each suit, then
        the joker."""
        cards = [rank + suit for suit in SUITS for rank in "9TJQKA"]
        if self.thirty_two_cards:
            cards += [rank + suit for suit in SUITS for rank in "78"]
        return cards + (["JK"] if self.joker else [])


def effective_suit(card: str, trump: str) -> str:
    """The left bower and the joker belong to trump."""
    if card == "JK" or (card[0] == "J" and card[1] == SAME_COLOUR[trump]):
        return trump
    return card[1]


def power(card: str, trump: str, led: str) -> int:
    """How strongly ``card`` plays to a trick led in ``led``: 0 when it can never win it."""
    order = "789TJQKA"
    if card == "JK":
        return 400
    if card == "J" + trump:
        return 300
    if card == "J" + SAME_COLOUR[trump]:
        return 299
    if card[1] == trump:
        return 200 + "789TQKA".index(card[0])
    return 100 + order.index(card[0]) if card[1] == led else 0


class Match:
    def __init__(self, options: Options, seed: int) -> None:
        self.options, self.seed = options, seed
        self.number = 0
        self.scores = [0, 0]
        self.turn: int | None = None
        self.last_points: tuple[int, int] | None = None
        self.events: Counter[str] = Counter()  # which rules came up, for the test of the sample's coverage
        self.deal(Rng.derive(seed, "euchre-first-dealer").below(4))

    @property
    def over(self) -> bool:
        return self.turn is None

    def deal(self, dealer: int) -> None:
        cards = self.options.deck
        Rng.derive(self.seed, "euchre-deal", self.number).shuffle(cards)
        self.dealer = dealer
        self.hands: list[list[str]] = [[] for _ in range(4)]
        for i in range(4):
            self.hands[(dealer + 1 + i) % 4] = cards[5 * i: 5 * i + 5]
        self.upcard, self.buried = cards[20], cards[21:]
        self.trump = ""
        self.maker = self.alone = self.defender_alone = -1
        self.passes = 0
        self.trick: list[tuple[int, str]] = []
        self.won = [0, 0]
        if self.upcard == "JK":  # the British rule: the dealer names trump, nobody bids
            self.events["joker turned up"] += 1
            self.phase, self.turn = "name", dealer
        else:
            self.phase, self.turn = "round one", (dealer + 1) % 4

    def sitting_out(self) -> set[int]:
        return {(s + 2) % 4 for s in (self.alone, self.defender_alone) if s >= 0}

    def next_active(self, seat: int) -> int:
        seat = (seat + 1) % 4
        while seat in self.sitting_out():
            seat = (seat + 1) % 4
        return seat

    def holds(self, seat: int, suit: str) -> bool:
        return any(effective_suit(card, suit) == suit for card in self.hands[seat])

    def legal(self) -> list[str]:
        seat, options = self.turn, self.options
        if seat is None:
            return []
        if self.phase == "name":
            return [f"call {s}" for s in SUITS]
        if self.phase == "round one":
            if options.trump_holding and seat != self.dealer and not self.holds(seat, self.upcard[1]):
                return ["pass"]
            if options.dealer_partner_alone and seat == (self.dealer + 2) % 4:
                return ["pass", "order alone"]
            return ["pass", "order", "order alone"]
        if self.phase == "pickup":
            return ["pickup", "decline"]
        if self.phase == "discard":  # one of the original five: the upcard is kept
            return [f"discard {c}" for c in self.hands[seat] if c != self.upcard]
        if self.phase == "round two":
            forced = options.stick_the_dealer and seat == self.dealer
            self.events["forced dealer"] += forced
            suits = [s for s in SUITS if s != self.upcard[1] and
                     (forced or not options.trump_holding or self.holds(seat, s))]
            return ([] if forced else ["pass"]) + [f"call {s}{alone}" for s in suits for alone in ("", " alone")]
        if self.phase == "defend":
            return ["pass", "alone"]
        return card_plays(self.hands[seat], self.trick, lambda card: effective_suit(card, self.trump))

    def apply(self, text: str) -> None:
        assert text in self.legal(), f"{text!r} is not allowed: {self.legal()}"
        seat = self.turn
        assert seat is not None
        words = text.split()
        if self.phase == "name":
            self.trump, self.maker = words[1], seat
            self.pick_up()
        elif self.phase == "round one":
            if text == "pass":
                self.passes += 1
                if self.passes == 4:
                    self.phase, self.passes = "round two", 0
                self.turn = (seat + 1) % 4
                return
            self.trump, self.maker = self.upcard[1], seat
            self.alone = seat if text == "order alone" else -1
            if self.options.dealer_may_decline and seat != self.dealer:
                self.phase, self.turn = "pickup", self.dealer
            else:
                self.pick_up()
        elif self.phase == "pickup":
            if text == "pickup":
                self.pick_up()
            else:
                self.events["declined"] += 1
                self.trump_made()  # declined: the upcard is out of play
        elif self.phase == "discard":
            self.hands[seat].remove(words[1])
            self.trump_made()
        elif self.phase == "round two":
            if text == "pass":
                self.passes += 1
                if self.passes == 4:
                    self.events["thrown in"] += 1
                    self.end_hand((0, 0))
                else:
                    self.turn = (seat + 1) % 4
                return
            self.trump, self.maker = words[1], seat
            self.alone = seat if text.endswith("alone") else -1
            self.trump_made()
        elif self.phase == "defend":
            if text == "alone":
                self.defender_alone = seat
                self.start_play()
            elif seat == self.first_defender():
                self.turn = (seat + 2) % 4
            else:
                self.start_play()
        else:
            self.play(seat, words[1])

    def pick_up(self) -> None:
        """The dealer takes the upcard and discards, even when sitting the hand out."""
        self.hands[self.dealer].append(self.upcard)
        self.phase, self.turn = "discard", self.dealer

    def first_defender(self) -> int:
        seat = (self.dealer + 1) % 4
        return seat if seat % 2 != self.maker % 2 else (seat + 1) % 4

    def trump_made(self) -> None:
        if self.options.defender_alone:
            self.phase, self.turn = "defend", self.first_defender()
        else:
            self.start_play()

    def start_play(self) -> None:
        self.phase = "play"
        self.turn = self.next_active(self.dealer)  # left of the dealer, skipping a seat that sits out

    def play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.events["joker played"] += card == "JK"
        self.events["7 or 8 played"] += card[0] in "78"
        if len(self.trick) < 4 - len(self.sitting_out()):
            self.turn = self.next_active(seat)
            return
        winner = trick_winner(self.trick, lambda card: effective_suit(card, self.trump),
                              lambda card, led: power(card, self.trump, led))
        self.won[winner % 2] += 1
        self.trick = []
        self.turn = winner
        if sum(self.won) < 5:
            return
        makers = self.maker % 2
        points = [0, 0]
        if self.won[makers] == 5:
            points[makers] = 4 if self.alone >= 0 else 2
        elif self.won[makers] >= 3:
            points[makers] = 1
        else:
            points[1 - makers] = 4 if self.defender_alone >= 0 else 2
        self.events["lone march" if max(points) == 4 and self.alone >= 0 and self.won[makers] == 5 else
                    "lone defender's euchre" if max(points) == 4 else "dealer's partner alone"
                    if self.alone == (self.dealer + 2) % 4 else "other hand"] += 1
        self.end_hand((points[0], points[1]))

    def end_hand(self, points: tuple[int, int]) -> None:
        self.last_points = points
        self.scores = [self.scores[0] + points[0], self.scores[1] + points[1]]
        if max(self.scores) >= self.options.target:
            self.phase, self.turn = "over", None
            return
        self.number += 1
        self.deal((self.dealer + 1) % 4)
