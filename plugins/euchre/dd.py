"""Exact ("double dummy") play of the rest of a Euchre hand when every hand is known.

Cards are ints (0–32 in ``cards.ALL_CARDS`` order: the 24-card deck is ids 0–23, the 7s and 8s 24–31, the
joker 32). The value is the number of
tricks North/South take from here on with best play by both sides. The search is alpha-beta over single
cards; positions at trick boundaries are memoised with the bounds learnt there (a search with a narrow window
proves only a bound), so asking "do North/South take at least k more tricks?" is far cheaper than asking
for the exact count. Strong cards are tried first, and a card is skipped when the player holds the next
higher card of its suit still in play (every card ranked between them has been played: the two win or lose
the same tricks, whatever the others hold).
"""

from __future__ import annotations

from core.cards import Suit
from plugins.euchre.cards import ALL_CARDS, OFF_SUIT, Ranking

CARD_INDEX = {card: i for i, card in enumerate(ALL_CARDS)}
CARDS = len(ALL_CARDS)
_SUIT_ID = {suit: i for i, suit in enumerate(Suit)}  # S H D C 0–3; the joker's own suit (no trump) is 4

Hands = tuple[int, int, int, int]  # a bitmask of card ids per seat
Plays = tuple[tuple[int, int], ...]  # (seat, card id) in playing order


class Table:
    """Per-trump lookup tables: effective suit and strength of each card id."""

    def __init__(self, trump: Suit | None, low: bool = False) -> None:
        ranking = Ranking(trump, low)
        self.trump = _SUIT_ID[trump] if trump is not None else -1
        self.suit = [_SUIT_ID[ranking.suit_of(c)] for c in ALL_CARDS]
        self.order = [ranking.order(c) for c in ALL_CARDS]

    def power(self, cid: int, led: int) -> int:
        suit = self.suit[cid]
        if suit == self.trump or suit == led:
            return self.order[cid]
        return OFF_SUIT


class Solver:
    """Exact play for one deal and trump; what is learnt at trick boundaries is kept across calls.

    Hands are bitmasks over card ids; per effective suit the solver keeps the mask of its cards, and the
    card ids from strongest to weakest, so a player's candidates come out already ordered."""

    def __init__(self, table: Table, out: frozenset[int]) -> None:
        self.table = table
        self.out = out
        self.memo: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.seats = {leader: tuple(s for s in ((leader + i) % 4 for i in range(4)) if s not in out)
                      for leader in range(4)}
        strength = [table.order[c] + (100 if table.suit[c] == table.trump else 0) for c in range(CARDS)]
        by_strength = sorted(range(CARDS), key=lambda c: -strength[c])
        self.rank = [0] * CARDS  # a card's place from the strongest, to order the candidates
        for place, c in enumerate(by_strength):
            self.rank[c] = place
        self.suit_mask = [0] * len(_SUIT_ID)
        for c in range(CARDS):
            self.suit_mask[table.suit[c]] |= 1 << c
        self.suit_cards = [[c for c in by_strength if table.suit[c] == s] for s in range(len(_SUIT_ID))]
        self.power = [[table.power(c, led) for led in range(len(_SUIT_ID))] for c in range(CARDS)]

    def boundary(self, hands: Hands, leader: int, alpha: int = -1, beta: int = 10) -> int:
        """North/South tricks from a trick boundary, exact when it lies strictly inside (alpha, beta);
        otherwise a bound on the correct side of the window (fail-soft)."""
        left = hands[leader].bit_count()
        if not left:
            return 0
        key = (*hands, leader)
        lo, hi = self.memo.get(key, (0, left))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        value = self.trick(hands, leader, (), a, b)
        if value <= a:
            hi = value
        elif value >= b:
            lo = value
        else:
            lo = hi = value
        self.memo[key] = (lo, hi)
        return value

    def candidates(self, hand: int, led: int, live: int) -> list[int]:
        """The cards worth trying from ``hand``, strongest first: of cards with no ``live`` card (held or on
        the table) ranked between them, only the highest."""
        if led >= 0 and hand & self.suit_mask[led]:
            suits: tuple[int, ...] | range = (led,)
        else:
            suits = range(len(self.suit_mask))
        kept: list[int] = []
        for suit in suits:
            mine = hand & self.suit_mask[suit]
            touching = False
            for c in self.suit_cards[suit]:
                if not mine:
                    break
                bit = 1 << c
                if mine & bit:
                    mine ^= bit
                    if not touching:
                        kept.append(c)
                        touching = True
                elif live & bit:
                    touching = False
        if len(suits) > 1:
            kept.sort(key=self.rank.__getitem__)
        return kept

    def trick(self, hands: Hands, leader: int, plays: Plays, alpha: int, beta: int) -> int:
        seats = self.seats[leader]
        if len(plays) == len(seats):
            led = self.table.suit[plays[0][1]]
            power = self.power
            winner, first = plays[0]
            top = power[first][led]
            for seat, c in plays[1:]:
                if power[c][led] > top:
                    top, winner = power[c][led], seat
            rest = list(hands)
            for seat, c in plays:
                rest[seat] &= ~(1 << c)
            won = 1 if winner % 2 == 0 else 0
            return won + self.boundary((rest[0], rest[1], rest[2], rest[3]), winner, alpha - won, beta - won)
        seat = seats[len(plays)]
        led = self.table.suit[plays[0][1]] if plays else -1
        maximize = seat % 2 == 0
        best = -1 if maximize else 10
        live = hands[0] | hands[1] | hands[2] | hands[3]  # the trick's cards stay in the hands until it ends
        for c in self.candidates(hands[seat], led, live):
            value = self.trick(hands, leader, (*plays, (seat, c)), alpha, beta)
            if maximize:
                if value > best:
                    best = value
                    alpha = max(alpha, best)
            elif value < best:
                best = value
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def _start(self, hands: tuple[tuple[int, ...], ...], current: Plays, seat: int) -> tuple[Hands, list[int]]:
        masks = [0, 0, 0, 0]
        for s, cards in enumerate(hands):
            for c in cards:
                masks[s] |= 1 << c
        for s, c in current:  # as within a search: a trick's cards leave the hands when it is complete
            masks[s] |= 1 << c
        led = self.table.suit[current[0][1]] if current else -1
        legal = [c for c in hands[seat] if led >= 0 and self.table.suit[c] == led] or list(hands[seat])
        return (masks[0], masks[1], masks[2], masks[3]), legal

    def values(self, hands: tuple[tuple[int, ...], ...], leader: int, current: Plays, seat: int) -> dict[int, int]:
        """For each card ``seat`` may play now: the tricks North/South take from here with best play.
        ``hands`` are the cards still held (ids), ``current`` the trick so far as (seat, id)."""
        packed, legal = self._start(hands, current, seat)
        return {c: self.trick(packed, leader, (*current, (seat, c)), -1, 10) for c in legal}

    def reaches(self, hands: tuple[tuple[int, ...], ...], leader: int, current: Plays, seat: int,
                targets: tuple[int, ...]) -> dict[int, int]:
        """For each card ``seat`` may play now: how many of ``targets`` (North/South tricks from here,
        ascending) North/South reach with best play — a null-window search per target."""
        packed, legal = self._start(hands, current, seat)
        result = {}
        for c in legal:
            plays = (*current, (seat, c))
            reached = 0
            for target in targets:
                if self.trick(packed, leader, plays, target - 1, target) < target:
                    break
                reached += 1
            result[c] = reached
        return result
