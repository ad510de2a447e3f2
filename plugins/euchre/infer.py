"""What a seat can infer, and deals consistent with it: cards seen, voids shown, the upcard in the
dealer's hand, and what bids and passes suggest. The buried three cards and the dealer's discard stay
unknown: an unseen card is not necessarily in anyone's hand.

Every deal drawn is one the match's rules could have produced: under trump-holding a seat that ordered up
or named a suit (the exempt dealer aside) was dealt a card of that suit, and the whole bidding so far — the
dealer's hidden discard included — replays legally on the drawn cards. ``surprises`` returns ``None`` for a
deal that does not, and such a deal is never used.

Bids and plays are judged by a model of how the others decide (a strategy object, in practice the
conventional normal-strength player): a sampled deal in which a seat would have bid otherwise than it did
is usually drawn again, and one in which it would have played another card counts for less — usually and
less, not never, since real players decide by their own lights.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Protocol, TypeVar

from core.cards import Card, Suit
from core.frozen import replacer
from core.game import IllegalMove
from core.rng import Rng
from plugins.euchre.cards import Ranking
from plugins.euchre.model import Deal, EuchreState, Move, Phase
from plugins.euchre.observe import Observation, observe
from plugins.euchre.rules import EuchreRules, legal_moves, start_hand

TRIES_PER_SAMPLE = 4  # attempts a decision's draws share, per draw
SURPRISE_KEPT = 0.15  # chance a sampled deal is kept per bid the model would have made otherwise
_RULES = EuchreRules()
_NO_RANDOM = Rng(0)  # the model is deterministic; strategies still take an Rng
# the model's verdict on a bid (was it a surprise?) by the bid's place, the bidder's cards and the dealer's discard
Verdicts = dict[tuple[int, frozenset[Card], Card | None], bool]
# an observation as a seat saw it earlier in the hand (judging its play then): seat, turn, hand, discard, tricks,
# leader, current
_then = replacer(Observation, "seat", "turn", "hand", "discard", "tricks", "leader", "current")


T = TypeVar("T")


class PlayerModel(Protocol):
    """How the other seats are assumed to decide: any strategy."""

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move: ...


def voids(obs: Observation) -> list[set[Suit]]:
    """Per seat, the effective suits it has shown it does not hold (it failed to follow them)."""
    result: list[set[Suit]] = [set() for _ in range(4)]
    if obs.trump is None:
        return result
    ranking = Ranking.of(obs.trump)
    tricks = [t.plays for t in obs.tricks] + ([obs.current] if obs.current else [])
    for plays in tricks:
        led = ranking.suit_of(plays[0][1])
        for seat, card in plays[1:]:
            if ranking.suit_of(card) != led:
                result[seat].add(led)
    return result


def dealt_suits(obs: Observation) -> dict[int, Suit]:
    """Under trump-holding, the suit each seat must have been dealt a card of because it ordered it up or
    named it. The dealer ordering up and a stuck dealer are exempt, as in the rules."""
    if not obs.options.trump_holding:
        return {}
    needed: dict[int, Suit] = {}
    if obs.upcard.is_joker:
        return needed  # the dealer named trump blind; nobody bid
    for seat, text in obs.bids:
        move = Move.parse(text)
        if move.kind == "order" and seat != obs.dealer:
            needed[seat] = obs.upcard.suit
        elif move.kind == "call" and move.suit is not None and not (obs.options.stick_the_dealer
                                                                     and seat == obs.dealer):
            needed[seat] = move.suit
    return needed


def sample_hands(obs: Observation, rng: Rng, model: PlayerModel, count: int) -> Iterator[list[tuple[Card, ...]]]:
    """Up to ``count`` draws of the hands the other active seats hold now (own hand as is), consistent with
    everything ``obs`` shows: cards seen, voids shown, the upcard in the dealer's hand, the suits the
    bidding proves a seat was dealt, and — as soft evidence — the bidding, judged by what ``model`` would
    have bid with each seat's whole hand (see ``surprises``). Stops early only when no deal fits the cards."""
    verdicts: Verdicts = {}
    return _shared(count, 60, lambda tries: _draw_hands(obs, rng, model, tries, verdicts))


def _draw_hands(obs: Observation, rng: Rng, model: PlayerModel, tries: int,
                verdicts: Verdicts) -> tuple[list[tuple[Card, ...]] | None, int]:
    """One draw of ``sample_hands`` within ``tries`` attempts: the hands (None when no deal fits the
    cards) and the attempts used."""
    seen = set(obs.hand) | set(obs.played)
    if obs.discard is not None:
        seen.add(obs.discard)
    fixed: dict[int, list[Card]] = {s: [] for s in range(4)}
    upcard = obs.upcard
    if obs.upcard_fate == "taken" and upcard not in seen and obs.dealer != obs.seat:
        fixed[obs.dealer].append(upcard)
    seen.add(upcard)
    pool = [c for c in obs.options.deck if c not in seen]
    shown = voids(obs)
    ranking = Ranking.of(obs.trump) if obs.trump is not None else None
    others = [s for s in range(4) if s != obs.seat]  # a seat sitting out still bid with its cards
    played = played_by(obs)
    sizes = [5 - len(played[s]) for s in range(4)]
    # a suit the bidding proves a seat was dealt, and which it has not played yet, is still in its hand
    must = {seat: suit for seat, suit in dealt_suits(obs).items()
            if seat != obs.seat and not Ranking.of(suit).count([*played[seat], *fixed[seat]], suit)}
    order = sorted(others, key=lambda s: (-len(shown[s]), s not in must))
    best: tuple[int, list[tuple[Card, ...]]] | None = None
    for attempt in range(1, tries + 1):
        rng.shuffle(pool)
        hands: dict[int, list[Card]] = {s: list(fixed[s]) for s in range(4)}
        left = list(pool)
        ok = True
        for seat in order:
            need = sizes[seat] - len(hands[seat])
            allowed = [c for c in left if ranking is None or ranking.suit_of(c) not in shown[seat]]
            if seat in must and need > 0:
                suit = must[seat]
                first = next((c for c in allowed if Ranking.of(suit).suit_of(c) == suit), None)
                if first is None:
                    ok = False
                    break
                allowed.remove(first)
                allowed.insert(0, first)
            take = allowed[:need]
            if len(take) < need:
                ok = False
                break
            hands[seat] += take
            for c in take:
                left.remove(c)
        if not ok:
            continue
        hands[obs.seat] = list(obs.hand)
        dealt = {s: hands[s] + played[s] for s in range(4)}
        discard = None
        if obs.upcard_fate == "taken":
            discard = obs.discard if obs.discard is not None else left.pop()
            dealt[obs.dealer].remove(upcard)
            dealt[obs.dealer].append(discard)
        deal = Deal(obs.dealer, tuple(tuple(dealt[s]) for s in range(4)), upcard, tuple(left[:3]))
        surprise = surprises(obs, deal, model, discard, verdicts)
        if surprise is None:
            continue
        result = [tuple(hands[s]) if s not in obs.sitting_out else () for s in range(4)]
        if best is None or surprise < best[0]:
            best = (surprise, result)
        if surprise == 0 or rng.random() < SURPRISE_KEPT**surprise:
            return result, attempt
    return (best[1] if best else None), tries


def _shared(count: int, most: int, draw: Callable[[int], tuple[T | None, int]]) -> Iterator[T]:
    """``count`` draws sharing ``TRIES_PER_SAMPLE * count`` attempts (each draw at most ``most``), so a
    position the model finds hard to explain cannot make every draw use its maximum; a draw that runs
    out of attempts gives the least surprising deal it saw."""
    budget = TRIES_PER_SAMPLE * count
    for number in range(count):
        result, used = draw(max(1, min(most, budget - (count - number - 1))))
        if result is None:
            return
        budget -= used
        yield result


def played_by(obs: Observation) -> dict[int, list[Card]]:
    """The cards each seat has played this hand."""
    played: dict[int, list[Card]] = {s: [] for s in range(4)}
    for trick in obs.tricks:
        for seat, card in trick.plays:
            played[seat].append(card)
    for seat, card in obs.current:
        played[seat].append(card)
    return played


def play_surprises(obs: Observation, hands: Sequence[Sequence[Card]], model: PlayerModel, limit: int = 3) -> int:
    """How many of the other seats' card plays so far ``model`` would not have made holding what ``hands``
    (the cards each seat holds now) says they held then; only plays with a choice count, up to ``limit``."""
    assert obs.trump is not None
    ranking = Ranking.of(obs.trump)
    tricks = [*obs.tricks, None]
    later = played_by(obs)  # per seat, the cards it played from the point being judged on
    count = 0
    for number, trick in enumerate(tricks):
        plays = trick.plays if trick is not None else obs.current
        for index, (seat, card) in enumerate(plays):
            held = (*hands[seat], *later[seat])
            later[seat] = later[seat][1:]
            if seat == obs.seat:
                continue
            led = ranking.suit_of(plays[0][1]) if index else None
            legal = ranking.follow(held, led)
            if len(legal) < 2:
                continue
            then = _then(obs, seat, seat, held, None, obs.tricks[:number], plays[0][0], plays[:index])
            if model.choose(then, [Move("play", card=c) for c in legal], _NO_RANDOM).card != card:
                count += 1
                if count >= limit:
                    return count
    return count


def surprises(obs: Observation, deal: Deal, model: PlayerModel, discard: Card | None = None,
              verdicts: Verdicts | None = None) -> int | None:
    """How many of the other seats' public decisions so far (bids, passes, going alone) ``model`` would
    not have made holding the cards ``deal`` gives them: the bidding replayed on the sampled deal under the
    match's options. The dealer's hidden discard is ``discard`` when the deal fixes it, else the model's.
    ``None`` when the deal could not have produced this bidding (a bid the rules refuse with those cards).

    ``verdicts`` remembers the model's verdicts across the deals drawn for one observation: every deal
    replays the same bids, so what a seat sees at its n-th bid differs between deals only in its own hand
    (and, for the dealer, its discard), and the model — deterministic — judges the same cards the same way.
    Late in a hand few cards are unknown and most verdicts repeat."""
    state = EuchreState(obs.options, 0, 0, obs.scores, start_hand(deal))
    count = 0
    known: Verdicts = {} if verdicts is None else verdicts
    try:
        for number, (seat, text) in enumerate(obs.bids):
            if state.hand.phase == Phase.DISCARD:
                state = _RULES.apply(state, dealer_discard(state, model, discard))
            legal = legal_moves(obs.options, state.hand)
            try:  # the rules' own instance of the move: applying it skips re-reading the move's form
                move = legal[legal.index(_parsed(text))]
            except ValueError:
                return None
            if state.hand.turn != seat:
                return None
            # the dealer's pickup is not a judgement of the hand, nor is a trump named blind under a joker
            if seat != obs.seat and move.kind not in ("pickup", "decline") and state.hand.phase != Phase.NAME:
                hand = state.hand
                key = (number, frozenset(hand.hands[seat]), hand.discard if seat == hand.dealer else None)
                surprised = known.get(key)
                if surprised is None:
                    surprised = known[key] = model.choose(observe(state, seat), legal, _NO_RANDOM) != move
                count += surprised
            state = _RULES.apply(state, move)
    except IllegalMove:
        return None
    return count


@lru_cache(maxsize=256)
def _parsed(text: str) -> Move:
    """A bid read from the log, once: every sampled deal replays the same bids."""
    return Move.parse(text)


def dealer_discard(state: EuchreState, model: PlayerModel, discard: Card | None) -> Move:
    """The dealer's discard now due in ``state``: ``discard`` when known, else the one ``model`` makes."""
    dealer = state.hand.dealer
    if discard is not None:
        return Move("discard", card=discard)
    return model.choose(observe(state, dealer), legal_moves(state.options, state.hand), _NO_RANDOM)


def sample_deals(obs: Observation, rng: Rng, model: PlayerModel, count: int) -> Iterator[Deal]:
    """Before the play, ``count`` draws of the other hands and the buried cards from the unseen cards,
    each a deal the bidding so far could have come from (a dealer who took the upcard was dealt its
    discard instead). Deals in which the others would have bid differently from how they did (by
    ``model``) are usually drawn again."""
    dealt = obs.hand
    if obs.discard is not None and obs.upcard in obs.hand:  # this seat is the dealer and took the upcard
        dealt = (*(c for c in obs.hand if c != obs.upcard), obs.discard)
    pool = [c for c in obs.options.deck if c not in dealt and c != obs.upcard]
    verdicts: Verdicts = {}
    return _shared(count, 30, lambda tries: _draw_deal(obs, rng, model, dealt, pool, tries, verdicts))


def _draw_deal(obs: Observation, rng: Rng, model: PlayerModel, dealt: tuple[Card, ...], pool: list[Card],
               tries: int, verdicts: Verdicts) -> tuple[Deal | None, int]:
    best: tuple[int, Deal] | None = None
    for attempt in range(1, tries + 1):
        rng.shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        at = 0
        for seat in range(4):
            if seat == obs.seat:
                hands.append(dealt)
            else:
                hands.append(tuple(pool[at : at + 5]))
                at += 5
        deal = Deal(obs.dealer, tuple(hands), obs.upcard, tuple(pool[at:]))  # three buried, or eleven
        surprise = surprises(obs, deal, model, obs.discard, verdicts)
        if surprise is None:
            continue
        if best is None or surprise < best[0]:
            best = (surprise, deal)
        if surprise == 0 or rng.random() < SURPRISE_KEPT**surprise:
            return deal, attempt
    return (best[1] if best else None), tries
