"""Exact ("double dummy") play of the rest of a Euchre hand when every hand is known.

Cards are ints (0–23 in ``cards.DECK`` order). The value is the number of tricks North/South take from
here on with best play by both sides. Positions at trick boundaries are memoised; inside a trick the
search is plain minimax with alpha-beta, trying strong cards first and skipping a card when the
player holds the next-higher card of the same suit (touching cards win or lose the same tricks).
"""

from __future__ import annotations

from core.cards import SUITS, Suit
from plugins.euchre.cards import DECK, Ranking

CARD_INDEX = {card: i for i, card in enumerate(DECK)}


class Table:
    """Per-trump lookup tables: effective suit and strength of each card id."""

    def __init__(self, trump: Suit | None, low: bool = False) -> None:
        ranking = Ranking(trump, low)
        self.trump = SUITS.index(trump) if trump is not None else -1
        self.suit = [SUITS.index(ranking.suit_of(c)) for c in DECK]
        self.order = [ranking.order(c) for c in DECK]

    def power(self, cid: int, led: int) -> int:
        suit = self.suit[cid]
        if suit == self.trump or suit == led:
            return self.order[cid]
        return 0


class Solver:
    """Exact play for one deal and trump; positions at trick boundaries are remembered across calls.

    Hands are bitmasks over card ids; each table keeps, per effective suit, the mask of its cards and the
    card ids from strongest to weakest, so a player's candidates come out already ordered."""

    def __init__(self, table: Table, out: frozenset[int]) -> None:
        self.table = table
        self.out = out
        self.memo: dict[tuple[int, int, int, int, int], int] = {}
        self.seats = {leader: tuple(s for s in ((leader + i) % 4 for i in range(4)) if s not in out)
                      for leader in range(4)}
        strength = [table.order[c] + (100 if table.suit[c] == table.trump else 0) for c in range(24)]
        self.by_strength = sorted(range(24), key=lambda c: -strength[c])
        self.suit_mask = [0, 0, 0, 0]
        for c in range(24):
            self.suit_mask[table.suit[c]] |= 1 << c

    def boundary(self, hands: tuple[int, int, int, int], leader: int) -> int:
        if not hands[leader]:
            return 0
        key = (*hands, leader)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self.trick(hands, leader, (), -1, 10)
        return value

    def candidates(self, hand: int, led: int) -> list[int]:
        table = self.table
        if led >= 0 and hand & self.suit_mask[led]:
            hand &= self.suit_mask[led]
        kept: list[int] = []
        order, suit = table.order, table.suit
        for c in self.by_strength:
            if hand >> c & 1:
                # touching cards (same suit, next strength) win and lose the same tricks: try one of them
                if kept and suit[kept[-1]] == suit[c] and order[kept[-1]] == order[c] + 1:
                    continue
                kept.append(c)
        return kept

    def trick(self, hands: tuple[int, int, int, int], leader: int, plays: tuple[tuple[int, int], ...],
              alpha: int, beta: int) -> int:
        table = self.table
        seats = self.seats[leader]
        if len(plays) == len(seats):
            led = table.suit[plays[0][1]]
            winner = max(plays, key=lambda p: table.power(p[1], led))[0]
            rest = list(hands)
            for seat, c in plays:
                rest[seat] &= ~(1 << c)
            return (1 if winner % 2 == 0 else 0) + self.boundary((rest[0], rest[1], rest[2], rest[3]), winner)
        seat = seats[len(plays)]
        led = table.suit[plays[0][1]] if plays else -1
        maximize = seat % 2 == 0
        best = -1 if maximize else 10
        for c in self.candidates(hands[seat], led):
            value = self.trick(hands, leader, (*plays, (seat, c)), alpha, beta)
            if maximize:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def values(self, hands: tuple[tuple[int, ...], ...], leader: int, current: tuple[tuple[int, int], ...],
               seat: int) -> dict[int, int]:
        """For each card ``seat`` may play now: the tricks North/South take from here with best play.
        ``hands`` are the cards still held (ids), ``current`` the trick so far as (seat, id)."""
        masks = [0, 0, 0, 0]
        for s, cards in enumerate(hands):
            for c in cards:
                masks[s] |= 1 << c
        packed = (masks[0], masks[1], masks[2], masks[3])
        table = self.table
        led = table.suit[current[0][1]] if current else -1
        legal = [c for c in hands[seat] if led >= 0 and table.suit[c] == led] or list(hands[seat])
        return {c: self.trick(packed, leader, (*current, (seat, c)), -1, 10) for c in legal}
