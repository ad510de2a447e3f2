"""What a seat may see in Bid Euchre: its own hand, every bid, the contract, the cards played and by whom,
the tricks and the score — never another hand. ``previous`` is the public record of the hand before, so the
table can show how it ended while the next deal waits."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.plugin import Card
from plugins.bid_euchre.rules import TARGET, BidState, Contract, Phase
from plugins.euchre.public import Trick, team_of


@dataclass(frozen=True, slots=True)
class HandSummary:
    number: int
    dealer: int
    bids: tuple[tuple[int, int], ...]
    contract: Contract
    tricks: tuple[Trick, ...]
    points: tuple[int, int]
    scores: tuple[int, int]  # after this hand
    # the seat's own cards (all six are played); out of the repr, which seeds the hint's samples
    held: tuple[Card, ...] = field(default=(), repr=False)

    def tricks_won(self) -> tuple[int, int]:
        ns = sum(1 for t in self.tricks if team_of(t.winner) == 0)
        return (ns, len(self.tricks) - ns)

    @property
    def made(self) -> bool:
        return self.tricks_won()[self.contract.side] >= self.contract.bid

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
    bids: tuple[tuple[int, int], ...]  # (seat, number) in order; 0 is a pass
    contract: Contract | None
    tricks: tuple[Trick, ...]
    leader: int
    current: tuple[tuple[int, Card], ...]
    scores: tuple[int, int]
    hand_number: int
    previous: HandSummary | None = None
    winner: int | None = None
    target: int = TARGET

    @property
    def high(self) -> int:
        return max((n for _, n in self.bids), default=0)

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def played(self) -> tuple[Card, ...]:
        return tuple(c for t in self.tricks for _, c in t.plays) + tuple(c for _, c in self.current)

    def tricks_won(self) -> tuple[int, int]:
        ns = sum(1 for t in self.tricks if team_of(t.winner) == 0)
        return (ns, len(self.tricks) - ns)


def observe(state: BidState, seat: int) -> Observation:
    hand = state.hand
    previous = None
    if state.results:
        last = state.results[-1]
        bids = tuple((s, int(text[4:]) if text.startswith("bid") else 0) for s, text in last.log
                     if text.startswith(("bid", "pass")))
        previous = HandSummary(len(state.results) - 1, last.dealer, bids, last.contract, last.tricks, last.points,
                               state.scores, last.dealt[seat])
    return Observation(seat, hand.phase, hand.turn, hand.dealer, hand.hands[seat], hand.bids, hand.contract,
                       hand.tricks, hand.leader, hand.current, state.scores, state.number, previous, state.winner)
