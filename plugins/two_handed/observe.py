"""What a player may see in two-handed Euchre: their own hand, the upcard (and that the dealer took it), their
own discard if they dealt, every bid, the cards played, the tricks and the score — never the other hand or
the stock. ``previous`` is the public record of the hand before, so the table can show how it ended while the
next deal waits."""

from __future__ import annotations

from dataclasses import dataclass

from core.plugin import Card, Suit
from plugins.euchre.public import Trick
from plugins.two_handed.rules import Phase, TwoHandedState


@dataclass(frozen=True, slots=True)
class HandSummary:
    number: int
    dealer: int
    log: tuple[tuple[int, str], ...]  # public moves only (no discard)
    trump: Suit | None
    maker: int | None
    tricks: tuple[Trick, ...]
    points: tuple[int, int]
    scores: tuple[int, int]  # after this hand

    def tricks_won(self) -> tuple[int, int]:
        south = sum(1 for t in self.tricks if t.winner == 0)
        return (south, len(self.tricks) - south)

    @property
    def scores_before(self) -> tuple[int, int]:
        return (self.scores[0] - self.points[0], self.scores[1] - self.points[1])


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    phase: Phase
    turn: int | None
    dealer: int
    hand: tuple[Card, ...]
    upcard: Card
    upcard_fate: str
    discard: Card | None  # only the dealer sees it
    bids: tuple[tuple[int, str], ...]  # (seat, "pass" / "order" / "call H") in order
    trump: Suit | None
    maker: int | None
    tricks: tuple[Trick, ...]
    leader: int
    current: tuple[tuple[int, Card], ...]
    scores: tuple[int, int]
    target: int
    hand_number: int
    previous: HandSummary | None = None
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def played(self) -> tuple[Card, ...]:
        return tuple(c for t in self.tricks for _, c in t.plays) + tuple(c for _, c in self.current)

    def tricks_won(self) -> tuple[int, int]:
        south = sum(1 for t in self.tricks if t.winner == 0)
        return (south, len(self.tricks) - south)


def observe(state: TwoHandedState, seat: int) -> Observation:
    hand = state.hand
    previous = None
    if state.results:
        last = state.results[-1]
        public = tuple((s, text) for s, text in last.log if not text.startswith(("discard", "play")))
        previous = HandSummary(len(state.results) - 1, last.deal.dealer, public, last.trump, last.maker,
                               last.tricks, last.points, state.scores)
    bids = tuple((s, text) for s, text in hand.log if not text.startswith(("discard", "play")))
    return Observation(seat, hand.phase, hand.turn, hand.dealer, hand.hands[seat], hand.deal.upcard,
                       hand.upcard_fate, hand.discard if seat == hand.dealer else None, bids, hand.trump, hand.maker,
                       hand.tricks, hand.leader, hand.current, state.scores, state.target, state.number, previous,
                       state.winner)
