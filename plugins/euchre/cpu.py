"""A sound rule-based Euchre CPU. It receives only its observation and the legal moves.

Calls: it estimates the tricks its hand will take with a candidate trump (bowers, trump length,
off-suit aces, voids), counts what the upcard gives the dealer — its own side or the other — and
calls when its hand plus a partner's usual trick reaches three; it goes alone when its hand alone
looks like four or more. Play: the makers lead trump while they hold the best one, defenders cash
off-suit aces, a player never trumps or overtakes a partner who is winning, and wins as cheaply as it can.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.cards import SUITS, Card, Suit
from core.rng import Rng
from plugins.euchre.cards import DECK, TRUMP_BASE, Ranking
from plugins.euchre.model import Move, Phase, partner, team_of
from plugins.euchre.observe import Observation

_TRUMP_VALUE = {8: 0.95, 7: 0.85, 6: 0.7, 5: 0.55, 4: 0.45, 2: 0.35, 1: 0.3}  # by order within trump


@dataclass(frozen=True)
class Style:
    """Thresholds in estimated tricks; the strengths of issue 7 tune these."""

    call: float = 2.15  # own tricks needed to call (a partner adds about one)
    alone: float = 4.2
    partner_help: float = 0.8


def estimate_tricks(cards: Sequence[Card], trump: Suit) -> float:
    """Expected tricks for ``cards`` with ``trump``, playing with a partner."""
    ranking = Ranking(trump)
    trumps = [c for c in cards if ranking.is_trump(c)]
    total = sum(_TRUMP_VALUE[ranking.order(c) - TRUMP_BASE] for c in trumps)
    if len(trumps) >= 3:
        total += 0.15 * (len(trumps) - 2)
    for suit in SUITS:
        if suit == trump:
            continue
        plain = [c for c in cards if ranking.suit_of(c) == suit]
        if not plain:
            total += 0.2 if len(trumps) >= 2 else 0.0
            continue
        ranks = {c.rank for c in plain}
        if 1 in ranks:
            total += 0.7 if len(plain) <= 2 else 0.55
            if 13 in ranks:
                total += 0.3
        elif 13 in ranks and len(plain) == 1 and len(trumps) >= 2:
            total += 0.15
    return total


def best_discard(cards: Sequence[Card], trump: Suit, keep: Card | None = None) -> Card:
    """The card to throw away: a lone low off-suit card (making a void) first, never trump when avoidable."""
    ranking = Ranking(trump)
    choices = [c for c in cards if c != keep]

    def cost(card: Card) -> tuple[int, int, int, int]:
        suit = ranking.suit_of(card)
        is_trump = int(suit == trump)
        is_ace = int(card.rank == 1 and not is_trump)
        length = ranking.count(cards, suit)
        return (is_trump, is_ace, length, ranking.order(card))

    return min(choices, key=cost)


def _value_of_upcard(upcard: Card) -> float:
    ranking = Ranking(upcard.suit)
    return _TRUMP_VALUE[ranking.order(upcard) - TRUMP_BASE]


class RuleBasedPlayer:
    """Normal strength: conventional calls and play from the observation alone."""

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        kinds = {m.kind for m in legal}
        if obs.phase == Phase.BID1:
            return self._round_one(obs, legal)
        if obs.phase == Phase.PICKUP:
            return Move("pickup")
        if obs.phase == Phase.DISCARD:
            assert obs.trump is not None
            return Move("discard", card=best_discard(obs.hand, obs.trump, keep=obs.upcard))
        if obs.phase == Phase.BID2:
            return self._round_two(obs, legal)
        if obs.phase == Phase.DEFEND:
            return self._defend(obs, legal)
        if "play" in kinds:
            return Move("play", card=self._play(obs, [m.card for m in legal if m.card is not None]))
        return legal[0]

    # -- bidding ------------------------------------------------------------------------------------

    def _round_one(self, obs: Observation, legal: Sequence[Move]) -> Move:
        if Move("order") not in legal:
            return Move("pass")
        trump = obs.upcard.suit
        cards = list(obs.hand)
        if obs.seat == obs.dealer:
            cards = [*cards, obs.upcard]
            cards.remove(best_discard(cards, trump, keep=obs.upcard))
        estimate = estimate_tricks(cards, trump)
        if obs.seat != obs.dealer:
            upcard = _value_of_upcard(obs.upcard)
            estimate += 0.6 * upcard if obs.dealer == partner(obs.seat) else -0.6 * upcard
        return self._decide(estimate, Move("order"), Move("order", alone=True), legal)

    def _round_two(self, obs: Observation, legal: Sequence[Move]) -> Move:
        options = [m for m in legal if m.kind == "call" and not m.alone]
        if not options:
            return Move("pass")
        scored = [(estimate_tricks(obs.hand, m.suit), m) for m in options if m.suit is not None]
        estimate, best = max(scored, key=lambda pair: pair[0])
        decision = self._decide(estimate, best, Move("call", suit=best.suit, alone=True), legal)
        if decision == Move("pass") and Move("pass") not in legal:
            return best  # stuck dealer
        return decision

    def _decide(self, estimate: float, call: Move, alone: Move, legal: Sequence[Move]) -> Move:
        if estimate >= self.style.alone and alone in legal:
            return alone
        if estimate + self.style.partner_help >= 3.0 - (2.15 - self.style.call) and call in legal:
            return call
        return Move("pass") if Move("pass") in legal else call

    def _defend(self, obs: Observation, legal: Sequence[Move]) -> Move:
        assert obs.trump is not None
        ranking = Ranking(obs.trump)
        trumps = [c for c in obs.hand if ranking.is_trump(c)]
        sure = sum(1 for c in trumps if ranking.order(c) >= TRUMP_BASE + 7)
        if sure >= 2 and len(trumps) >= 4 and Move("alone") in legal:
            return Move("alone")
        return Move("pass")

    # -- play ---------------------------------------------------------------------------------------

    def _play(self, obs: Observation, cards: list[Card]) -> Card:
        assert obs.trump is not None
        ranking = Ranking(obs.trump)
        if len(cards) == 1:
            return cards[0]
        if not obs.current:
            return self._lead(obs, ranking, cards)
        led = ranking.suit_of(obs.current[0][1])
        win_seat, win_card = max(obs.current, key=lambda p: ranking.power(p[1], led))
        win_power = ranking.power(win_card, led)
        active = 4 - len(obs.sitting_out)
        last = len(obs.current) == active - 1
        if win_seat == partner(obs.seat) and (last or self._is_boss(obs, ranking, win_card)):
            return self._lowest(ranking, cards, led)
        beaters = [c for c in cards if ranking.power(c, led) > win_power]
        if win_seat == partner(obs.seat):
            return self._lowest(ranking, cards, led)
        if beaters:
            return min(beaters, key=lambda c: ranking.power(c, led))
        return self._lowest(ranking, cards, led)

    def _lead(self, obs: Observation, ranking: Ranking, cards: list[Card]) -> Card:
        assert obs.trump is not None and obs.maker is not None
        trumps = [c for c in cards if ranking.is_trump(c)]
        makers = team_of(obs.seat) == team_of(obs.maker)
        if makers and trumps:
            top = max(trumps, key=ranking.order)
            if self._is_boss(obs, ranking, top) or (obs.maker == obs.seat and len(trumps) >= 2):
                return top
        aces = [c for c in cards if c.rank == 1 and not ranking.is_trump(c)]
        if aces:
            return min(aces, key=lambda c: ranking.count(cards, c.suit))
        plain = [c for c in cards if not ranking.is_trump(c)]
        if plain:
            if makers:
                return max(plain, key=ranking.order)
            return min(plain, key=lambda c: (ranking.count(cards, ranking.suit_of(c)), ranking.order(c)))
        return max(cards, key=ranking.order) if makers else min(cards, key=ranking.order)

    @staticmethod
    def _is_boss(obs: Observation, ranking: Ranking, card: Card) -> bool:
        """No unseen card of the same effective suit (or trump) ranks above it."""
        seen = set(obs.played) | set(obs.hand)
        suit = ranking.suit_of(card)
        for other in DECK:
            if other in seen or other == card:
                continue
            if ranking.is_trump(other) and not ranking.is_trump(card):
                return False
            if ranking.suit_of(other) == suit and ranking.order(other) > ranking.order(card):
                return False
        return True

    @staticmethod
    def _lowest(ranking: Ranking, cards: list[Card], led: Suit) -> Card:
        """The cheapest card to give away: off-suit low cards before trumps."""
        return min(cards, key=lambda c: (ranking.is_trump(c), ranking.order(c)))
