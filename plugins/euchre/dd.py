"""Exact ("double dummy") play of the rest of a Euchre hand when every hand is known.

Cards are ints (0–32 in ``cards.ALL_CARDS`` order: the 24-card deck is ids 0–23, the 7s and 8s 24–31, the
joker 32). The value is the number of tricks North/South take from here on with best play by both sides. The
search is alpha-beta over single cards; positions at trick boundaries are memoised with the bounds learnt there
(a search with a narrow window proves only a bound), so asking "do North/South take at least k more tricks?"
is far cheaper than asking for the exact count. A position met for the first time starts from a bound: the
side holding the highest trump still out takes at least one more trick (the trick that card falls in, whoever
leads), which answers many null-window questions ("all the rest?", "one more?") at once. A leader tries strong
cards first; a follower whose partner is winning the trick, or who cannot beat it, tries its lowest first (the
cheap card is usually right, and an early cut-off saves the rest). A card is skipped when the player holds the
next higher card of its suit still in play (every card ranked between them has been played: the two win or
lose the same tricks, whatever the others hold). The last trick is counted directly: every card in it is
forced. A :class:`Table` is built once per trump and shared by the solvers of every sampled deal: it holds the
search order and remembers, per suit, which of a hand's cards are worth trying for each pattern of cards
still in play — the same few patterns recur in every deal.
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
        # what every solver of this trump orders its search by (built once, shared by the sampled deals):
        strength = [self.order[c] + (100 if self.suit[c] == self.trump else 0) for c in range(CARDS)]
        by_strength = sorted(range(CARDS), key=lambda c: -strength[c])
        self.rank = [0] * CARDS  # a card's place from the strongest, to order the candidates
        for place, c in enumerate(by_strength):
            self.rank[c] = place
        self.suit_mask = [0] * len(_SUIT_ID)
        for c in range(CARDS):
            self.suit_mask[self.suit[c]] |= 1 << c
        self.suit_cards = [[c for c in by_strength if self.suit[c] == s] for s in range(len(_SUIT_ID))]
        self.powers = [[self.power(c, led) for led in range(len(_SUIT_ID))] for c in range(CARDS)]
        self._kept: dict[tuple[int, int, int], list[int]] = {}

    def kept(self, suit: int, mine: int, live: int) -> list[int]:
        """Of ``mine`` (cards of ``suit``), strongest first, those worth trying: of cards with no other ``live``
        card of the suit ranked between them, only the highest. Remembered (the list is shared: not to be
        changed): the same few patterns recur in every sampled deal."""
        key = (suit, mine, live)
        known = self._kept.get(key)
        if known is not None:
            return known
        kept: list[int] = []
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
        self._kept[key] = kept
        return kept

    def power(self, cid: int, led: int) -> int:
        suit = self.suit[cid]
        if suit == self.trump or suit == led:
            return self.order[cid]
        return OFF_SUIT


class Solver:
    """Exact play for one deal and trump; what is learnt at trick boundaries is kept across calls.

    Hands are bitmasks over card ids; the shared :class:`Table` gives each effective suit's mask and its cards
    from strongest to weakest, so a player's candidates come out already ordered."""

    def __init__(self, table: Table, out: frozenset[int]) -> None:
        self.table = table
        self.out = out
        self.memo: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.seats = {leader: tuple(s for s in ((leader + i) % 4 for i in range(4)) if s not in out)
                      for leader in range(4)}
        self.rank, self.suit_mask = table.rank, table.suit_mask
        self.power = table.powers
        self.trump_mask = table.suit_mask[table.trump] if table.trump >= 0 else 0
        self.trump_cards = table.suit_cards[table.trump] if table.trump >= 0 else []

    def boundary(self, hands: Hands, leader: int, alpha: int = -1, beta: int = 10) -> int:
        """North/South tricks from a trick boundary, exact when it lies strictly inside (alpha, beta);
        otherwise a bound on the correct side of the window (fail-soft)."""
        left = hands[leader].bit_count()
        if left <= 1:
            return self._last_trick(hands, leader) if left else 0
        key = (*hands, leader)
        known = self.memo.get(key)
        if known is not None:
            lo, hi = known
        else:
            lo, hi = 0, left
            trumps = (hands[0] | hands[1] | hands[2] | hands[3]) & self.trump_mask
            if trumps:  # the side holding the highest trump still out takes at least the trick it falls in
                top = next(c for c in self.trump_cards if trumps >> c & 1)
                if (hands[0] | hands[2]) >> top & 1:
                    lo = 1
                else:
                    hi = left - 1
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        value = self._search(hands, leader, 0, -1, -1, leader, 0, a, b)
        if value <= a:
            hi = value
        elif value >= b:
            lo = value
        else:
            lo = hi = value
        self.memo[key] = (lo, hi)
        return value

    def _last_trick(self, hands: Hands, leader: int) -> int:
        """North/South's share (0 or 1) of the last trick: every card is forced."""
        lead = hands[leader].bit_length() - 1
        led = self.table.suit[lead]
        power = self.power
        top, winner = power[lead][led], leader
        for seat in self.seats[leader][1:]:
            card = hands[seat].bit_length() - 1
            if power[card][led] > top:
                top, winner = power[card][led], seat
        return 1 if winner % 2 == 0 else 0

    def candidates(self, hand: int, led: int, live: int) -> list[int]:
        """The cards worth trying from ``hand``, strongest first: of cards with no ``live`` card (held or on
        the table) ranked between them, only the highest."""
        masks = self.suit_mask
        if led >= 0:
            mask = masks[led]
            if hand & mask:
                return self.table.kept(led, hand & mask, live & mask)
        kept: list[int] = []
        for suit, mask in enumerate(masks):
            if hand & mask:
                kept += self.table.kept(suit, hand & mask, live & mask)
        kept.sort(key=self.rank.__getitem__)
        return kept

    def _within(self, hands: Hands, leader: int, plays: Plays, alpha: int, beta: int) -> int:
        """North/South tricks from within a trick: ``plays`` is the trick so far, its cards already out of
        ``hands`` (fail-soft, as :meth:`boundary`)."""
        led, top, winner, on_table = -1, -1, leader, 0
        for seat, c in plays:
            on_table |= 1 << c
            if led < 0:
                led = self.table.suit[c]
                top, winner = self.power[c][led], seat
            elif self.power[c][led] > top:
                top, winner = self.power[c][led], seat
        if len(plays) == len(self.seats[leader]):  # the trick is complete
            won = 1 if winner % 2 == 0 else 0
            return won + self.boundary(hands, winner, alpha - won, beta - won)
        return self._search(hands, leader, len(plays), led, top, winner, on_table, alpha, beta)

    def _search(self, hands: Hands, leader: int, count: int, led: int, top: int, winner: int, on_table: int,
                alpha: int, beta: int) -> int:
        """The search inside a trick: ``count`` cards played so far (taken out of ``hands`` and kept in the
        ``on_table`` mask), ``led`` suit, the winning card's power ``top`` and its ``winner``."""
        seats = self.seats[leader]
        seat = seats[count]
        maximize = seat % 2 == 0
        best = -1 if maximize else 10
        hand = hands[seat]
        live = hands[0] | hands[1] | hands[2] | hands[3] | on_table  # the trick's cards are live until it ends
        power = self.power
        last = count == len(seats) - 1
        h0, h1, h2, h3 = hands
        order = self.candidates(hand, led, live)
        if count and len(order) > 1 and (winner % 2 == seat % 2 or power[order[0]][led] <= top):
            order = order[::-1]  # a follower whose partner wins the trick, or who cannot: lowest first
        for c in order:
            left = hand & ~(1 << c)
            rest = (left, h1, h2, h3) if seat == 0 else (h0, left, h2, h3) if seat == 1 else \
                (h0, h1, left, h3) if seat == 2 else (h0, h1, h2, left)
            if count == 0:
                new_led = self.table.suit[c]
                new_top, new_winner = power[c][new_led], seat
            else:
                new_led = led
                strength = power[c][led]
                new_top, new_winner = (strength, seat) if strength > top else (top, winner)
            if last:
                won = 1 if new_winner % 2 == 0 else 0
                value = won + self.boundary(rest, new_winner, alpha - won, beta - won)
            else:
                value = self._search(rest, leader, count + 1, new_led, new_top, new_winner, on_table | (1 << c),
                                     alpha, beta)
            if maximize:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _start(self, hands: tuple[tuple[int, ...], ...], current: Plays,
               seat: int) -> tuple[Hands, list[int], dict[int, int]]:
        """The hands as masks, the cards ``seat`` may play, and for each of those the card it plays exactly
        like: the highest of its run in the hand (no live card of its suit ranked between them), so one search
        answers for the whole run."""
        masks = [0, 0, 0, 0]
        for s, cards in enumerate(hands):
            for c in cards:
                masks[s] |= 1 << c
        table = self.table
        led = table.suit[current[0][1]] if current else -1
        legal = [c for c in hands[seat] if led >= 0 and table.suit[c] == led] or list(hands[seat])
        live = masks[0] | masks[1] | masks[2] | masks[3]
        for _, c in current:
            live |= 1 << c
        alike = {}
        for c in legal:
            run = table.suit_cards[table.suit[c]]  # strongest first
            top = c
            for higher in reversed(run[: run.index(c)]):
                if masks[seat] >> higher & 1:
                    top = higher
                elif live >> higher & 1:
                    break
            alike[c] = top
        return (masks[0], masks[1], masks[2], masks[3]), legal, alike

    @staticmethod
    def _without(hands: Hands, seat: int, card: int) -> Hands:
        rest = list(hands)
        rest[seat] &= ~(1 << card)
        return (rest[0], rest[1], rest[2], rest[3])

    def values(self, hands: tuple[tuple[int, ...], ...], leader: int, current: Plays, seat: int) -> dict[int, int]:
        """For each card ``seat`` may play now: the tricks North/South take from here with best play.
        ``hands`` are the cards still held (ids), ``current`` the trick so far as (seat, id)."""
        packed, legal, alike = self._start(hands, current, seat)
        found: dict[int, int] = {}
        for c in legal:
            top = alike[c]
            if top not in found:
                found[top] = self._within(self._without(packed, seat, top), leader, (*current, (seat, top)), -1, 10)
        return {c: found[alike[c]] for c in legal}

    def reaches(self, hands: tuple[tuple[int, ...], ...], leader: int, current: Plays, seat: int,
                targets: tuple[int, ...]) -> dict[int, int]:
        """For each card ``seat`` may play now: how many of ``targets`` (North/South tricks from here,
        ascending) North/South reach with best play — a null-window search per target."""
        packed, legal, alike = self._start(hands, current, seat)
        found: dict[int, int] = {}
        for c in legal:
            top = alike[c]
            if top in found:
                continue
            plays, after = (*current, (seat, top)), self._without(packed, seat, top)
            reached = 0
            for target in targets:
                if self._within(after, leader, plays, target - 1, target) < target:
                    break
                reached += 1
            found[top] = reached
        return {c: found[alike[c]] for c in legal}
