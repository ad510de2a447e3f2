"""What a seat may see: its own hand, the upcard and its fate, the bidding, trump, every card played and
by whom, tricks, scores — and the dealer's discard only for the dealer. Never another hand or the buried cards."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card, Suit
from plugins.euchre.model import EuchreState, Phase, Trick
from plugins.euchre.settings import Options


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    options: Options
    phase: Phase
    turn: int | None
    dealer: int
    hand: tuple[Card, ...]
    upcard: Card
    upcard_fate: str  # up, taken, declined, down
    bids: tuple[tuple[int, str], ...]  # every public decision so far this hand, in order
    trump: Suit | None
    maker: int | None
    alone: int | None
    defender_alone: int | None
    discard: Card | None  # the dealer's own discard; None for everybody else
    tricks: tuple[Trick, ...]
    leader: int
    current: tuple[tuple[int, Card], ...]
    scores: tuple[int, int]
    hand_number: int

    @property
    def sitting_out(self) -> frozenset[int]:
        out = set()
        if self.alone is not None:
            out.add((self.alone + 2) % 4)
        if self.defender_alone is not None:
            out.add((self.defender_alone + 2) % 4)
        return frozenset(out)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played this hand, in order."""
        return tuple(card for trick in self.tricks for _, card in trick.plays) + tuple(c for _, c in self.current)

    def tricks_won(self) -> tuple[int, int]:
        ns = sum(1 for t in self.tricks if t.winner % 2 == 0)
        return (ns, len(self.tricks) - ns)


def observe(state: EuchreState, seat: int) -> Observation:
    hand = state.hand
    public = tuple((s, text) for s, text in hand.log if not text.startswith(("discard", "play")))
    return Observation(
        seat=seat,
        options=state.options,
        phase=hand.phase,
        turn=hand.turn,
        dealer=hand.dealer,
        hand=hand.hands[seat],
        upcard=hand.deal.upcard,
        upcard_fate=hand.upcard_fate,
        bids=public,
        trump=hand.trump,
        maker=hand.maker,
        alone=hand.alone,
        defender_alone=hand.defender_alone,
        discard=hand.discard if seat == hand.dealer else None,
        tricks=hand.tricks,
        leader=hand.leader,
        current=hand.current,
        scores=state.scores,
        hand_number=state.number,
    )


