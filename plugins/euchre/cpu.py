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
from typing import ClassVar

from core.cards import SUITS, Card, Suit
from core.rng import Rng
from plugins.euchre.cards import ALL_CARDS, DECK, TRUMP_BASE, Ranking
from plugins.euchre.dd import CARD_INDEX, Solver, Table
from plugins.euchre.infer import dealer_discard, play_surprises, sample_deals, sample_hands
from plugins.euchre.model import Deal, EuchreState, Move, Phase, partner, team_of
from plugins.euchre.observe import Observation, observe
from plugins.euchre.rules import EuchreRules, deal_state, hand_points, legal_moves

# Raise it when the CPU players (or the rules they play by) play a hand differently: a tournament's or
# simulation's results file names it, and one written by another version is not resumed into a mix of the two.
# tests/test_result_versions.py notices the play changing under the same number.
CPU_VERSION = 1

# by order within trump (9 the joker, 8 the right bower … 1 the nine; 0 and −1 the 8 and 7 of the 32-card deck)
_TRUMP_VALUE = {9: 1.0, 8: 0.95, 7: 0.85, 6: 0.7, 5: 0.55, 4: 0.45, 2: 0.35, 1: 0.3, 0: 0.27, -1: 0.25}


@dataclass(frozen=True)
class Style:
    """Thresholds in estimated tricks; the strengths of issue 7 tune these."""

    call: float = 2.15  # own tricks needed to call (a partner adds about one)
    alone: float = 4.2
    partner_help: float = 0.8
    forced_alone: float = 0.8  # more than ``call`` to order up where only a loner may (the dealer's partner)


def estimate_tricks(cards: Sequence[Card], trump: Suit) -> float:
    """Expected tricks for ``cards`` with ``trump``, playing with a partner."""
    ranking = Ranking.of(trump)
    suits = ranking.suits
    total = 0.0
    trumps = 0
    ranks: dict[Suit, list[int]] = {}  # per plain suit held, its ranks (one pass: the bidding model's hot path)
    for card in cards:
        suit = suits[card]
        if suit == trump:
            total += _TRUMP_VALUE[ranking.order(card) - TRUMP_BASE]
            trumps += 1
        else:
            ranks.setdefault(suit, []).append(card.rank)
    if trumps >= 3:
        total += 0.15 * (trumps - 2)
    for suit in SUITS:
        if suit == trump:
            continue
        plain = ranks.get(suit)
        if not plain:
            total += 0.2 if trumps >= 2 else 0.0
            continue
        if 1 in plain:
            total += 0.7 if len(plain) <= 2 else 0.55
            if 13 in plain:
                total += 0.3
        elif 13 in plain and len(plain) == 1 and trumps >= 2:
            total += 0.15
    return total


def best_discard(cards: Sequence[Card], trump: Suit, keep: Card | None = None) -> Card:
    """The card to throw away: a lone low off-suit card (making a void) first, never trump when avoidable."""
    ranking = Ranking.of(trump)
    choices = [c for c in cards if c != keep]

    def cost(card: Card) -> tuple[int, int, int, int]:
        suit = ranking.suit_of(card)
        is_trump = int(suit == trump)
        is_ace = int(card.rank == 1 and not is_trump)
        length = ranking.count(cards, suit)
        return (is_trump, is_ace, length, ranking.order(card))

    return min(choices, key=cost)


def _value_of_upcard(upcard: Card) -> float:
    ranking = Ranking.of(upcard.suit)
    return _TRUMP_VALUE[ranking.order(upcard) - TRUMP_BASE]


def sure_tricks(cards: Sequence[Card], trump: Suit, deck: Sequence[Card] = DECK) -> int:
    """Tricks the hand wins against any distribution when it leads: its unbroken run of top trumps
    (right, left, A, K, Q …), plus — once it holds every trump still out — its off-suit aces."""
    ranking = Ranking.of(trump)
    top = sorted((c for c in deck if ranking.is_trump(c)), key=ranking.order, reverse=True)
    run = 0
    for card in top:
        if card not in cards:
            break
        run += 1
    trumps = sum(1 for c in cards if ranking.is_trump(c))
    if run < trumps:
        return run
    # every trump it holds is a winner; the opponents' trumps are gone after it draws them (at most len(top)-run)
    if run >= len(top) - run or trumps == len(cards):
        return run + sum(1 for c in cards if not ranking.is_trump(c) and c.rank == 1)
    return run


def order_estimate(obs: Observation, legal: Sequence[Move]) -> float | None:
    """Round 1: the tricks ordering up the upcard promises (None when ordering up is not allowed). The upcard
    helps the dealer's side, unless the dealer's partner may order up only alone (the dealer then sits out)."""
    plain = Move("order") in legal
    if not plain and Move("order", alone=True) not in legal:
        return None
    trump = obs.upcard.suit
    cards = list(obs.hand)
    if obs.seat == obs.dealer:
        cards = [*cards, obs.upcard]
        cards.remove(best_discard(cards, trump, keep=obs.upcard))
    estimate = estimate_tricks(cards, trump)
    if obs.seat != obs.dealer:
        upcard = _value_of_upcard(obs.upcard)
        if obs.dealer != partner(obs.seat):
            estimate -= 0.6 * upcard
        elif plain:
            estimate += 0.6 * upcard
    return estimate


class RuleBasedPlayer:
    """Normal strength: conventional calls and play from the observation alone."""

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if obs.phase is Phase.PLAY and legal:  # first: most decisions are cards (the hard player's playouts)
            card = self._play(obs, [m.card for m in legal if m.card is not None])
            return next(m for m in legal if m.card == card)  # the legal move itself, which the rules know on sight
        if obs.phase == Phase.NAME:
            return rng.choice(list(legal))  # named blind: every suit is as good as another
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
        return legal[0]

    # -- bidding ------------------------------------------------------------------------------------

    def _round_one(self, obs: Observation, legal: Sequence[Move]) -> Move:
        estimate = order_estimate(obs, legal)
        if estimate is None:
            return Move("pass")
        return self._decide(estimate, Move("order"), Move("order", alone=True), legal, obs)

    def _round_two(self, obs: Observation, legal: Sequence[Move]) -> Move:
        options = [m for m in legal if m.kind == "call" and not m.alone]
        if not options:
            return Move("pass")
        scored = [(estimate_tricks(obs.hand, m.suit), m) for m in options if m.suit is not None]
        estimate, best = max(scored, key=lambda pair: pair[0])
        decision = self._decide(estimate, best, Move("call", suit=best.suit, alone=True), legal, obs)
        if decision == Move("pass") and Move("pass") not in legal:
            return best  # stuck dealer
        return decision

    def _decide(self, estimate: float, call: Move, alone: Move, legal: Sequence[Move],
                obs: Observation | None = None) -> Move:
        threshold, alone_at = self.style.call, self.style.alone
        if obs is not None:
            mine, theirs = obs.scores[obs.seat % 2], obs.scores[1 - obs.seat % 2]
            target = obs.options.target
            if target - theirs <= 2:
                threshold -= 0.35  # they are about to win anyway: a call risks little
            if target - mine <= 2:
                alone_at = 99.0  # a loner's extra points are wasted: just make the point
        if call not in legal and alone in legal:  # only a loner may be made here (the dealer's partner)
            alone_at = min(alone_at, threshold + self.style.forced_alone)
        if estimate >= alone_at and alone in legal:
            return alone
        if estimate >= threshold and call in legal:
            return call
        return Move("pass") if Move("pass") in legal else call

    def _defend(self, obs: Observation, legal: Sequence[Move]) -> Move:
        assert obs.trump is not None
        ranking = Ranking.of(obs.trump)
        trumps = [c for c in obs.hand if ranking.is_trump(c)]
        sure = sum(1 for c in trumps if ranking.order(c) >= TRUMP_BASE + 7)
        if sure >= 2 and len(trumps) >= 4 and Move("alone") in legal:
            return Move("alone")
        return Move("pass")

    # -- play ---------------------------------------------------------------------------------------

    def _play(self, obs: Observation, cards: list[Card]) -> Card:
        return self._play_why(obs, cards)[0]

    def _play_why(self, obs: Observation, cards: list[Card]) -> tuple[Card, str]:
        """The card, and which conventional rule chose it (a key of ``plugins.euchre.advice.RULES``)."""
        assert obs.trump is not None
        ranking = Ranking.of(obs.trump)
        if len(cards) == 1:
            return cards[0], "only"
        if not obs.current:
            return self._lead(obs, ranking, cards)
        led = ranking.suit_of(obs.current[0][1])
        win_seat, win_card = max(obs.current, key=lambda p: ranking.power(p[1], led))
        win_power = ranking.power(win_card, led)
        active = 4 - len(obs.sitting_out)
        last = len(obs.current) == active - 1
        if win_seat == partner(obs.seat) and (last or self._is_boss(obs, ranking, win_card)):
            return self._lowest(ranking, cards, led), "partner_sure"
        beaters = [c for c in cards if ranking.power(c, led) > win_power]
        if win_seat == partner(obs.seat):
            return self._lowest(ranking, cards, led), "partner_winning"
        if beaters:
            return min(beaters, key=lambda c: ranking.power(c, led)), "cheapest_winner"
        return self._lowest(ranking, cards, led), "cannot_win"

    def _lead(self, obs: Observation, ranking: Ranking, cards: list[Card]) -> tuple[Card, str]:
        assert obs.trump is not None and obs.maker is not None
        trumps = [c for c in cards if ranking.is_trump(c)]
        makers = team_of(obs.seat) == team_of(obs.maker)
        if makers and trumps:
            top = max(trumps, key=ranking.order)
            if self._is_boss(obs, ranking, top):
                return top, "lead_boss_trump"
            if obs.maker == obs.seat and len(trumps) >= 2:
                return top, "lead_draw_trump"
        loner = obs.alone is not None and team_of(obs.alone) != team_of(obs.seat)
        aces = [c for c in cards if c.rank == 1 and not ranking.is_trump(c)]
        if loner:
            # against a loner: cash an ace backed by a second card of its suit, never a lone ace or trump
            backed = [c for c in aces if ranking.count(cards, c.suit) >= 2]
            if backed:
                return backed[0], "lead_backed_ace"
            plain = [c for c in cards if not ranking.is_trump(c) and c not in aces]
            if plain:
                return max(plain, key=lambda c: (ranking.count(cards, ranking.suit_of(c)), ranking.order(c))), \
                    "lead_long_suit"
        if aces:
            return min(aces, key=lambda c: ranking.count(cards, c.suit)), "lead_ace"
        plain = [c for c in cards if not ranking.is_trump(c)]
        if plain:
            if makers:
                return max(plain, key=ranking.order), "lead_high_plain"
            return min(plain, key=lambda c: (ranking.count(cards, ranking.suit_of(c)), ranking.order(c))), \
                "lead_low_plain"
        return (max(cards, key=ranking.order), "lead_only_trump") if makers else \
            (min(cards, key=ranking.order), "lead_only_trump")

    @staticmethod
    def _is_boss(obs: Observation, ranking: Ranking, card: Card) -> bool:
        """No unseen card of the same effective suit (or trump) ranks above it."""
        seen = {*obs.played, *obs.hand, card}
        suits, trump = ranking.suits, ranking.trump
        suit, order = suits[card], ranking.order(card)
        for other in obs.options.deck:
            if other in seen:
                continue
            other_suit = suits[other]
            if other_suit == suit:
                if ranking.order(other) > order:
                    return False
            elif other_suit == trump:
                return False
        return True

    @staticmethod
    def _lowest(ranking: Ranking, cards: list[Card], led: Suit) -> Card:
        """The cheapest card to give away: off-suit low cards before trumps."""
        return min(cards, key=lambda c: (ranking.is_trump(c), ranking.order(c)))


class EasyPlayer(RuleBasedPlayer):
    """Plausible but beatable: calls on trump count alone, goes alone too readily, counts no cards, and
    now and then throws a card away or spends a high card it did not need."""

    def __init__(self) -> None:
        super().__init__(Style(call=1.7, alone=3.4))

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if obs.phase == Phase.PLAY and len(legal) > 1 and rng.random() < 0.3:
            return rng.choice(list(legal))  # a careless card
        return super().choose(obs, legal, rng)

    @staticmethod
    def _is_boss(obs: Observation, ranking: Ranking, card: Card) -> bool:
        return card == ranking.top_trump(obs.options.deck) or (card.rank == 1 and not ranking.is_trump(card))

    def _round_one(self, obs: Observation, legal: Sequence[Move]) -> Move:
        trumps = Ranking.of(obs.upcard.suit).count(obs.hand, obs.upcard.suit)
        return self._decide(0.9 * trumps, Move("order"), Move("order", alone=True), legal)

    def _round_two(self, obs: Observation, legal: Sequence[Move]) -> Move:
        calls = [m for m in legal if m.kind == "call" and not m.alone and m.suit is not None]
        if not calls:
            return Move("pass")
        best = max(calls, key=lambda m: Ranking.of(m.suit).count(obs.hand, m.suit))  # type: ignore[arg-type]
        trumps = Ranking.of(best.suit).count(obs.hand, best.suit)  # type: ignore[arg-type]
        decision = self._decide(0.9 * trumps, best, Move("call", suit=best.suit, alone=True), legal)
        return best if decision == Move("pass") and Move("pass") not in legal else decision


@dataclass(frozen=True)
class Values:
    """The hard player's evaluation behind a decision: the average points (its side's minus the other's) of
    each move over ``samples`` sampled deals or hands: ``kind`` is "deal" for a call, "hand" for a card."""

    points: dict[Move, float]
    samples: int
    kind: str


class HardPlayer(RuleBasedPlayer):
    """Everything normal knows, plus inference: for each card it samples deals consistent with what it has
    seen (cards played, voids shown, the upcard in the dealer's hand; the buried cards and the discard stay
    unknown) and with what the bidding implies (deals in which a seat would have bid otherwise are usually
    redrawn), weighs each by how well conventional play explains the cards played, solves each exactly and
    plays the card with the best expected points (for the opening lead, where least is known, only when it beats
    the conventional card by a margin). Close calls, possible loners and (with two trumps or more) defending
    alone are judged by playing sampled deals out; it goes alone at once when its hand wins all five tricks
    against any distribution."""

    SAMPLES: ClassVar[dict[int, int]] = {5: 32, 4: 72, 3: 72, 2: 48, 1: 1}  # sampled hands by cards in hand
    OPENING_LEAD_MARGIN: ClassVar[float] = 0.1  # points a hand the search must gain to overrule the usual opening lead
    PLAY_SURPRISE_WEIGHT: ClassVar[float] = 0.3  # a sampled deal's weight per play conventional play would not make
    BID_SAMPLES: ClassVar[int] = 48
    CLOSE: ClassVar[float] = 0.9  # how near the fixed threshold a call must be to be simulated

    last_values: Values | None = None  # what the last simulation found (the hint's reason quotes it)

    def __init__(self, style: Style | None = None) -> None:
        # a loner is weighed by simulation from an estimate of 2.5 tricks (alone − 0.5) instead of 3.7: with
        # the playouts judging, more loners pay (2,000 duplicate hands against normal: +0.178 → +0.223)
        super().__init__(style or Style(alone=3.0))

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        self.last_values = None
        if obs.phase in (Phase.BID1, Phase.BID2):
            sure = self._sure_loner(obs, legal)
            if sure is not None:
                return sure
            simulated = self._simulated_call(obs, legal, rng)
            if simulated is not None:
                return simulated
        if obs.phase == Phase.DEFEND:
            defence = self._simulated_defence(obs, legal, rng)
            if defence is not None:
                return defence
        if obs.phase == Phase.PLAY and len(legal) > 1:
            card = self._exact(obs, [m.card for m in legal if m.card is not None], rng)
            if card is not None:
                return next(m for m in legal if m.card == card)
        return super().choose(obs, legal, rng)

    def _sure_loner(self, obs: Observation, legal: Sequence[Move]) -> Move | None:
        for move in legal:
            if not move.alone:
                continue
            trump = obs.upcard.suit if move.kind == "order" else move.suit
            assert trump is not None
            cards = list(obs.hand)
            if move.kind == "order" and obs.seat == obs.dealer:
                cards = [*cards, obs.upcard]
                cards.remove(best_discard(cards, trump, keep=obs.upcard))
            if sure_tricks(cards, trump, obs.options.deck) >= 5:
                return move
        return None

    def _candidate(self, obs: Observation, legal: Sequence[Move]) -> tuple[float, Move] | None:
        """The call the fixed judgement would consider, with its estimate."""
        if obs.phase == Phase.BID1:
            estimate = order_estimate(obs, legal)
            return None if estimate is None else (estimate, Move("order"))
        calls = [m for m in legal if m.kind == "call" and not m.alone and m.suit is not None]
        if not calls:
            return None
        scored = [(estimate_tricks(obs.hand, m.suit), m) for m in calls if m.suit is not None]
        return max(scored, key=lambda pair: pair[0])

    def _simulated_call(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move | None:
        """For close calls and possible loners: expected points of pass / call / alone by playing sampled
        deals out (the bidding so far replayed, then everyone at normal strength). A dealer stuck with
        naming a suit weighs every suit it may name this way."""
        candidate = self._candidate(obs, legal)
        if candidate is None:
            return None
        estimate, call = candidate
        alone = Move(call.kind, suit=call.suit, alone=True)
        forced = call not in legal and alone in legal  # only a loner may be made here (the dealer's partner)
        options = [m for m in (call, alone)
                   if m in legal and (not m.alone or forced or estimate >= self.style.alone - 0.5)]
        stuck = obs.phase == Phase.BID2 and Move("pass") not in legal  # the dealer must name a suit
        if stuck:
            options += [m for m in legal if m.kind == "call" and not m.alone and m not in options]
        threshold = self.style.call + (self.style.forced_alone if forced else 0.0)
        if not stuck and abs(estimate - threshold) > self.CLOSE and (forced or not any(m.alone for m in options)):
            return None
        moves = [*options, Move("pass")] if Move("pass") in legal else options
        values = self._played_out(obs, moves, rng)
        if values is None:
            return None
        points = values.points
        best = call if call in points else options[0]
        if stuck:  # the suit whose deals score most (the strongest by estimate on a tie)
            best = max((m for m in options if not m.alone), key=lambda m: (points[m], m == call))
        if alone in points and points[alone] > points[best]:
            best = alone  # a loner when the same deals say it scores more than the plain call
        if Move("pass") in points and points[Move("pass")] >= points[best]:
            best = Move("pass")
        self.last_values = values
        return best

    def _simulated_defence(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move | None:
        """Defend alone or with the partner, by playing sampled deals out (the bidding and the dealer's
        discard replayed); with fewer than two trumps the conventional pass stands."""
        assert obs.trump is not None
        ranking = Ranking.of(obs.trump)
        if Move("alone") not in legal or sum(1 for c in obs.hand if ranking.is_trump(c)) < 2:
            return None
        values = self._played_out(obs, [Move("pass"), Move("alone")], rng)
        if values is None:
            return None
        self.last_values = values
        return Move("alone") if values.points[Move("alone")] > values.points[Move("pass")] else Move("pass")

    def _played_out(self, obs: Observation, moves: list[Move], rng: Rng) -> Values | None:
        """Each move's average points over the same sampled deals, each played out from now (the bidding so
        far and the dealer's discard replayed, then everyone at normal strength); None when no deal fits."""
        rules = EuchreRules()
        totals = dict.fromkeys(moves, 0.0)
        samples = 0
        for deal in sample_deals(obs, rng, _NORMAL, self.BID_SAMPLES):
            samples += 1
            now = _replayed(rules, obs, deal)
            for move in moves:
                totals[move] += _playout(rules, obs, now, move, rng)
        return Values({m: v / samples for m, v in totals.items()}, samples, "deal") if samples else None

    def _exact(self, obs: Observation, cards: list[Card], rng: Rng) -> Card | None:
        assert obs.trump is not None and obs.maker is not None
        table = Table(obs.trump)
        done_ns = obs.tricks_won()[0]
        # the hand's points change only where the makers reach three tricks and all five; as North/South
        # totals those thresholds are 3 and 5 when North/South made trump, else 1 and 3
        thresholds = (3, 5) if obs.maker % 2 == 0 else (1, 3)
        left = len(obs.hand)
        already = sum(1 for t in thresholds if t <= done_ns)
        targets = tuple(t - done_ns for t in thresholds if done_ns < t <= done_ns + left)
        points_for = []
        for count in range(len(thresholds) + 1):
            ns = thresholds[count - 1] if count else thresholds[0] - 1
            maker_tricks = ns if obs.maker % 2 == 0 else 5 - ns
            points = hand_points(obs.maker, maker_tricks, obs.alone is not None, obs.defender_alone is not None)
            points_for.append(points[obs.seat % 2] - points[1 - obs.seat % 2])
        totals = dict.fromkeys(cards, 0.0)
        current = tuple((s, CARD_INDEX[c]) for s, c in obs.current)
        samples = 0
        weights = 0.0
        for hands in sample_hands(obs, rng, _NORMAL, self.SAMPLES.get(left, 6)):
            weight = self.PLAY_SURPRISE_WEIGHT ** play_surprises(obs, hands, _NORMAL)
            ids = tuple(tuple(CARD_INDEX[c] for c in h) for h in hands)
            reached = Solver(table, obs.sitting_out).reaches(ids, obs.leader, current, obs.seat, targets)
            for cid, count in reached.items():
                totals[ALL_CARDS[cid]] += weight * points_for[already + count]
            samples += 1
            weights += weight
        if not samples:
            return None
        self.last_values = Values({Move("play", card=c): v / weights for c, v in totals.items()}, samples, "hand")
        usual = self._play(obs, cards)
        best = max(totals.values())
        margin = self.OPENING_LEAD_MARGIN * weights if left == 5 and not obs.current else 1e-9
        return usual if totals[usual] >= best - margin else max(cards, key=lambda c: totals[c])


_NORMAL = RuleBasedPlayer()


def _replayed(rules: EuchreRules, obs: Observation, deal: Deal) -> EuchreState:
    """The sampled deal's hand replayed up to now: the bidding so far, and the dealer's discard when due."""
    state = deal_state(obs.options, deal)
    for _, text in obs.bids:
        state = _discarded(rules, obs, state)
        state = rules.apply(state, Move.parse(text))
    return _discarded(rules, obs, state)


def _playout(rules: EuchreRules, obs: Observation, now: EuchreState, move: Move, rng: Rng) -> float:
    """Points for ``obs.seat``'s side (the other side's subtracted) when ``move`` is made in ``now`` (a
    sampled deal replayed up to now) and everyone plays on at normal strength to the end of the hand."""
    state = rules.apply(now, move)
    while state.number == 0 and not state.over:
        seat = state.hand.turn
        assert seat is not None
        state = rules.apply(state, _NORMAL.choose(observe(state, seat), legal_moves(state.options, state.hand), rng))
    points = state.results[-1].points
    return float(points[obs.seat % 2] - points[1 - obs.seat % 2])


def _discarded(rules: EuchreRules, obs: Observation, state: EuchreState) -> EuchreState:
    """``state`` past the dealer's discard when it is due: the seat's own discard, else the model's."""
    if state.hand.phase != Phase.DISCARD:
        return state
    return rules.apply(state, dealer_discard(state, _NORMAL, obs.discard))
