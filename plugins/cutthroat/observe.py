"""What a player may see at two- or three-handed Euchre: their own hand, the upcard (and that the dealer took
it), their own discard if they dealt, every bid, the cards played, the tricks and the scores — never another
hand or the stock. ``previous`` is the public record of the hand before, so the table can show how it ended while the
next deal waits."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.plugin import Card, Suit
from plugins.cutthroat.rules import CutthroatState, Format, Phase
from plugins.euchre.public import Trick, held_when_play_began


@dataclass(frozen=True, slots=True)
class HandSummary:
    number: int
    dealer: int
    upcard: Card = field(repr=False)  # out of the repr, which seeds the hint's samples: hints stay as they were
    log: tuple[tuple[int, str], ...]  # public moves only (no discard)
    trump: Suit | None
    maker: int | None
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]  # after this hand
    held: tuple[Card, ...] = field(default=(), repr=False)  # the seat's own cards as play began (see ``upcard``)
    dealt: tuple[Card, ...] = field(default=(), repr=False)  # the seat's own cards as dealt (its bidding hand)

    def tricks_won(self) -> tuple[int, ...]:
        return tuple(sum(1 for t in self.tricks if t.winner == seat) for seat in range(len(self.scores)))

    @property
    def scores_before(self) -> tuple[int, ...]:
        return tuple(s - p for s, p in zip(self.scores, self.points, strict=True))


@dataclass(frozen=True, slots=True)
class Observation:
    format: Format
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
    scores: tuple[int, ...]
    target: int
    hand_number: int
    previous: HandSummary | None = None
    winner: int | None = None
    stick_the_dealer: bool = False

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def played(self) -> tuple[Card, ...]:
        return tuple(c for t in self.tricks for _, c in t.plays) + tuple(c for _, c in self.current)

    def tricks_won(self) -> tuple[int, ...]:
        return tuple(sum(1 for t in self.tricks if t.winner == seat) for seat in range(self.format.players))

    @property
    def stuck(self) -> bool:
        """Whether the dealer may not pass in round two (the player to move sees it from the legal moves)."""
        return self.phase == Phase.BID2 and self.turn == self.dealer and self.stick_the_dealer


def observe(state: CutthroatState, seat: int) -> Observation:
    hand = state.hand
    previous = None
    if state.results:
        last = state.results[-1]
        public = tuple((s, text) for s, text in last.log if not text.startswith(("discard", "play")))
        held = held_when_play_began(last.deal.hands[seat], last.deal.upcard, last.log, seat)
        previous = HandSummary(len(state.results) - 1, last.deal.dealer, last.deal.upcard, public, last.trump,
                               last.maker, last.tricks, last.points, state.scores, held, tuple(last.deal.hands[seat]))
    bids = tuple((s, text) for s, text in hand.log if not text.startswith(("discard", "play")))
    return Observation(state.format, seat, hand.phase, hand.turn, hand.dealer, hand.hands[seat], hand.deal.upcard,
                       hand.upcard_fate, hand.discard if seat == hand.dealer else None, bids, hand.trump, hand.maker,
                       hand.tricks, hand.leader, hand.current, state.scores, state.target, state.number, previous,
                       state.winner, state.stick_the_dealer)
