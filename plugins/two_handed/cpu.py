"""CPU players for two-handed Euchre. Each sees only its observation and the legal moves.

- **normal**: counts the tricks a hand should take alone (bowers, high trumps, off-suit aces) against the
  three it needs; leads the highest trump left while it made trump, else an off-suit ace; wins a trick as
  cheaply as it can, else throws its lowest card.
- **easy**: calls on the number of trumps alone and now and then plays a careless card.
- **hard**: imagines the opponent's hand (the cards it cannot have seen, the suits the opponent has shown
  it lacks, the upcard in a dealer's hand) many times over, plays each imagined deal out exactly and picks
  the card — or the call — with the best average points.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.plugin import Card, Rng, Suit
from plugins.euchre.public import CARD_INDEX, DECK, Ranking, Solver, SolverTable
from plugins.two_handed.observe import Observation
from plugins.two_handed.rules import ORDER, PASS, TRICKS, Move, Phase, hand_points, other

_TRUMP_VALUE = {1: 0.75, 13: 0.6, 12: 0.5, 10: 0.4, 9: 0.35}  # a trump's worth in tricks by rank (bowers apart)


def estimate_tricks(cards: Sequence[Card], trump: Suit) -> float:
    """Tricks ``cards`` should take alone against one hand of five with ``trump``."""
    ranking = Ranking(trump)
    value = 0.0
    for card in cards:
        if ranking.is_trump(card):
            value += 1.0 if card == ranking.right_bower else 0.9 if card == ranking.left_bower else \
                _TRUMP_VALUE[card.rank]
        elif card.rank == 1:
            value += 0.65
        elif card.rank == 13:
            value += 0.3
    return value


def best_discard(cards: Sequence[Card], trump: Suit, keep: Card) -> Card:
    """The dealer's discard: the lowest card outside trump, preferring one that leaves a suit empty."""
    ranking = Ranking(trump)
    choices = [c for c in cards if c != keep]

    def cost(card: Card) -> tuple[int, int, int]:
        suit = ranking.suit_of(card)
        length = sum(1 for c in cards if ranking.suit_of(c) == suit)
        return (int(ranking.is_trump(card)), int(card.rank == 1), ranking.order(card) + 2 * length)

    return min(choices, key=cost)


def _order_cards(obs: Observation) -> list[Card]:
    """The hand the player would play if the upcard's suit were trump (a dealer takes it and discards)."""
    cards = list(obs.hand)
    if obs.seat == obs.dealer:
        cards = [*cards, obs.upcard]
        cards.remove(best_discard(cards, obs.upcard.suit, obs.upcard))
    return cards


class NormalPlayer:
    """Conventional calls and play from the observation alone."""

    CALL = 2.55  # tricks to expect before making trump (three are needed)

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if obs.phase == Phase.BID1:
            estimate = estimate_tricks(_order_cards(obs), obs.upcard.suit)
            if obs.seat != obs.dealer:
                estimate -= 0.5 * estimate_tricks([obs.upcard], obs.upcard.suit)  # the dealer gets the upcard
            return ORDER if estimate >= self.CALL else PASS
        if obs.phase == Phase.DISCARD:
            assert obs.trump is not None
            return Move("discard", card=best_discard(obs.hand, obs.trump, obs.upcard))
        if obs.phase == Phase.BID2:
            calls = [m for m in legal if m.kind == "call" and m.suit is not None]
            best = max(calls, key=lambda m: estimate_tricks(obs.hand, m.suit))  # type: ignore[arg-type]
            assert best.suit is not None
            return best if estimate_tricks(obs.hand, best.suit) >= self.CALL else PASS
        return Move("play", card=self.play(obs, [m.card for m in legal if m.card is not None]))

    def play(self, obs: Observation, cards: list[Card]) -> Card:
        ranking = Ranking(obs.trump)
        if obs.current:
            led_card = obs.current[0][1]
            winners = [c for c in cards if ranking.winner(((0, led_card), (1, c))) == 1]
            if winners:
                return min(winners, key=ranking.order)  # the cheapest card that wins (trumps rank above)
            return min(cards, key=ranking.order)
        trumps = [c for c in cards if ranking.is_trump(c)]
        if trumps and obs.maker == obs.seat:
            top = max(trumps, key=ranking.order)
            if _is_boss(obs, ranking, top):
                return top
        aces = [c for c in cards if c.rank == 1 and not ranking.is_trump(c)]
        if aces:
            return aces[0]
        plain = [c for c in cards if not ranking.is_trump(c)]
        return min(plain or cards, key=ranking.order)


def _is_boss(obs: Observation, ranking: Ranking, card: Card) -> bool:
    """Whether no trump higher than ``card`` is left out of sight."""
    gone = set(obs.played) | set(obs.hand)
    return all(c in gone for c in DECK if ranking.is_trump(c) and ranking.order(c) > ranking.order(card))


class EasyPlayer(NormalPlayer):
    """Calls on the number of trumps alone and plays a careless card three times in ten."""

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if obs.phase == Phase.BID1:
            trumps = Ranking(obs.upcard.suit).count(_order_cards(obs), obs.upcard.suit)
            return ORDER if trumps >= 3 else PASS
        if obs.phase == Phase.BID2:
            calls = [m for m in legal if m.kind == "call" and m.suit is not None]
            best = max(calls, key=lambda m: Ranking(m.suit).count(obs.hand, m.suit))  # type: ignore[arg-type]
            assert best.suit is not None
            return best if Ranking(best.suit).count(obs.hand, best.suit) >= 3 else PASS
        if obs.phase == Phase.PLAY and len(legal) > 1 and rng.random() < 0.3:
            return rng.choice(list(legal))
        return super().choose(obs, legal, rng)


class HardPlayer(NormalPlayer):
    """Normal's judgement, checked by playing imagined deals out exactly (see the module notes)."""

    PLAY_SAMPLES = 32
    BID_SAMPLES = 40
    MARGIN = 0.15  # points a call must be worth on average, when passing still leaves a chance later

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if obs.phase == Phase.PLAY and len(legal) > 1:
            return Move("play", card=self._best_card(obs, [m.card for m in legal if m.card is not None], rng))
        if obs.phase in (Phase.BID1, Phase.BID2):
            return self._bid(obs, legal, rng)
        return super().choose(obs, legal, rng)

    # -- imagining the opponent's hand ---------------------------------------------------------------

    @staticmethod
    def unseen(obs: Observation) -> tuple[list[Card], list[Card]]:
        """The cards the opponent must hold (the upcard a dealing opponent took and has not played) and the
        pool the rest of its hand comes from."""
        seen = set(obs.hand) | set(obs.played) | {obs.upcard}
        if obs.discard is not None:
            seen.add(obs.discard)
        fixed = [obs.upcard] if (obs.upcard_fate == "taken" and obs.dealer != obs.seat
                                 and obs.upcard not in obs.played) else []
        return fixed, [c for c in DECK if c not in seen]

    @staticmethod
    def voids(obs: Observation) -> set[Suit]:
        """Suits the opponent has shown it lacks (it did not follow them)."""
        ranking = Ranking(obs.trump)
        found = set()
        for trick in (*((t.plays) for t in obs.tricks), obs.current):
            if len(trick) == 2 and trick[1][0] != obs.seat:
                led = ranking.suit_of(trick[0][1])
                if ranking.suit_of(trick[1][1]) != led:
                    found.add(led)
        return found

    def _opponent_hands(self, obs: Observation, rng: Rng, count: int, size: int) -> list[list[Card]]:
        fixed, pool = self.unseen(obs)
        lacking = self.voids(obs) if obs.trump is not None else set()
        ranking = Ranking(obs.trump)
        allowed = [c for c in pool if ranking.suit_of(c) not in lacking] if lacking else pool
        need = size - len(fixed)
        if len(allowed) < need:
            allowed = pool  # cannot happen with honest play; never fail for it
        draws = []
        for _ in range(count):
            cards = list(allowed)
            rng.shuffle(cards)
            draws.append([*fixed, *cards[:need]])
        return draws

    # -- play ----------------------------------------------------------------------------------------

    def _best_card(self, obs: Observation, cards: list[Card], rng: Rng) -> Card:
        assert obs.trump is not None and obs.maker is not None
        opponent = other(obs.seat)
        size = len(obs.hand) - (1 if obs.current and obs.current[0][0] == opponent else 0)
        solver = Solver(SolverTable(obs.trump), frozenset({2, 3}))
        mine, theirs = obs.tricks_won()[obs.seat], obs.tricks_won()[opponent]
        totals = dict.fromkeys(cards, 0.0)
        current = tuple((0 if s == obs.seat else 1, CARD_INDEX[c]) for s, c in obs.current)
        leader = 0 if obs.leader == obs.seat else 1
        for hand in self._opponent_hands(obs, rng, self.PLAY_SAMPLES, size):
            ids = (tuple(CARD_INDEX[c] for c in obs.hand), tuple(CARD_INDEX[c] for c in hand), (), ())
            for cid, more in solver.values(ids, leader, current, 0).items():
                totals[DECK[cid]] += self._points(obs, mine + more, theirs + TRICKS - len(obs.tricks) - more)
        usual = self.play(obs, cards)
        best = max(totals.values())
        return usual if totals[usual] >= best - 1e-9 else max(cards, key=lambda c: totals[c])

    @staticmethod
    def _points(obs: Observation, mine: int, theirs: int) -> float:
        assert obs.maker is not None
        points = hand_points(0 if obs.maker == obs.seat else 1, mine if obs.maker == obs.seat else theirs)
        return float(points[0] - points[1])

    # -- bidding -------------------------------------------------------------------------------------

    def _bid(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        calls = [m for m in legal if m.kind in ("order", "call")]
        values = {m: self._call_value(obs, m, rng) for m in calls}
        best = max(calls, key=lambda m: values[m])
        last_chance = obs.phase == Phase.BID2 and obs.seat == obs.dealer  # passing throws the hand in
        return best if values[best] > (0.0 if last_chance else self.MARGIN) else PASS

    def _call_value(self, obs: Observation, move: Move, rng: Rng) -> float:
        """Average points (mine less theirs) of making ``move``'s trump, over imagined opponent hands."""
        trump = obs.upcard.suit if move.kind == "order" else move.suit
        assert trump is not None
        solver = Solver(SolverTable(trump), frozenset({2, 3}))
        total = 0.0
        for hand in self._opponent_hands(obs, rng, self.BID_SAMPLES, 5):
            mine, theirs = list(obs.hand), list(hand)
            if move.kind == "order":  # the dealer takes the upcard and discards
                dealt = mine if obs.seat == obs.dealer else theirs
                dealt.append(obs.upcard)
                dealt.remove(best_discard(dealt, trump, obs.upcard))
            ids = (tuple(CARD_INDEX[c] for c in mine), tuple(CARD_INDEX[c] for c in theirs), (), ())
            leader = 0 if obs.dealer != obs.seat else 1
            tricks = solver.boundary(self._pack(ids), leader)
            points = hand_points(0, tricks)
            total += points[0] - points[1]
        return total / self.BID_SAMPLES

    @staticmethod
    def _pack(hands: tuple[tuple[int, ...], ...]) -> tuple[int, int, int, int]:
        masks = [0, 0, 0, 0]
        for seat, cards in enumerate(hands):
            for c in cards:
                masks[seat] |= 1 << c
        return (masks[0], masks[1], masks[2], masks[3])
