"""What a seat may see: its own hand, the upcard and its fate, the bidding, trump, every card played and
by whom, tricks, scores — and the dealer's discard only for the dealer. Never another hand or the buried
cards; and while a dealer names trump under a turned-up joker, not even the dealer's own hand (the rule
says before looking at it). ``previous`` is the public record of the hand before (its bidding, tricks and
points), so a table can show how that hand ended while the next deal waits."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from core.cards import Card, Suit
from plugins.euchre.model import EuchreState, Phase, Trick, held_when_play_began
from plugins.euchre.settings import Options


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A finished hand as everyone saw it: no hidden card (the discard and the buried cards stay unknown)."""

    number: int  # 0-based
    dealer: int
    upcard: Card
    bids: tuple[tuple[int, str], ...]
    trump: Suit | None
    maker: int | None
    alone: int | None
    defender_alone: int | None
    tricks: tuple[Trick, ...]
    points: tuple[int, int]
    scores: tuple[int, int]  # the match score after this hand
    # the seat's own cards as play began; out of the repr, which seeds the hint's samples (hints stay as they were)
    held: tuple[Card, ...] = field(default=(), repr=False)
    dealt: tuple[Card, ...] = field(default=(), repr=False)  # the seat's own cards as dealt (its bidding hand)

    @property
    def thrown_in(self) -> bool:
        return self.maker is None

    @property
    def scores_before(self) -> tuple[int, int]:
        return (self.scores[0] - self.points[0], self.scores[1] - self.points[1])

    def tricks_won(self) -> tuple[int, int]:
        ns = sum(1 for t in self.tricks if t.winner % 2 == 0)
        return (ns, len(self.tricks) - ns)

    @property
    def maker_tricks(self) -> int:
        return self.tricks_won()[self.maker % 2] if self.maker is not None else 0


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
    previous: HandSummary | None = None

    @property
    def over(self) -> bool:
        """The match is over (``previous`` is its last hand)."""
        return self.phase == Phase.OVER

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
    plays = len(hand.current) + sum(len(t.plays) for t in hand.tricks)  # the log's last entries: only bids before
    public = _public(hand.log[: len(hand.log) - plays] if plays else hand.log)
    return Observation(
        seat=seat,
        options=state.options,
        phase=hand.phase,
        turn=hand.turn,
        dealer=hand.dealer,
        hand=() if hand.phase == Phase.NAME and seat == hand.dealer else hand.hands[seat],
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
        previous=_summary(state, seat) if state.results else None,
    )


@lru_cache(maxsize=4096)  # a hand's bids are read again at every card of it (the CPU players' playouts)
def _public(log: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    return tuple((s, text) for s, text in log if not text.startswith(("discard", "play")))


def _summary(state: EuchreState, seat: int) -> HandSummary:
    last = state.results[-1]
    held = held_when_play_began(last.deal.hands[seat], last.deal.upcard, last.log, seat)
    return HandSummary(len(state.results) - 1, last.deal.dealer, last.deal.upcard, _public(last.log), last.trump,
                       last.maker, last.alone, last.defender_alone, last.tricks, last.points, state.scores, held,
                       tuple(last.deal.hands[seat]))


