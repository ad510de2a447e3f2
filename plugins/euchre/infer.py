"""What a seat can infer, and deals consistent with it: cards seen, voids shown, the upcard in the
dealer's hand, and what bids and passes suggest. The buried three cards and the dealer's discard stay
unknown: an unseen card is not necessarily in anyone's hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.cards import Card, Suit
from core.rng import Rng
from plugins.euchre.cards import DECK, Ranking
from plugins.euchre.observe import Observation


def voids(obs: Observation) -> list[set[Suit]]:
    """Per seat, the effective suits it has shown it does not hold (it failed to follow them)."""
    result: list[set[Suit]] = [set() for _ in range(4)]
    if obs.trump is None:
        return result
    ranking = Ranking(obs.trump)
    tricks = [t.plays for t in obs.tricks] + ([obs.current] if obs.current else [])
    for plays in tricks:
        led = ranking.suit_of(plays[0][1])
        for seat, card in plays[1:]:
            if ranking.suit_of(card) != led:
                result[seat].add(led)
    return result


def hand_sizes(obs: Observation) -> list[int]:
    played = [0, 0, 0, 0]
    for trick in obs.tricks:
        for seat, _ in trick.plays:
            played[seat] += 1
    for seat, _ in obs.current:
        played[seat] += 1
    return [5 - played[s] for s in range(4)]


def sample_hands(obs: Observation, rng: Rng, tries: int = 60) -> list[tuple[Card, ...]] | None:
    """Hands for the other active seats consistent with everything ``obs`` shows (own hand as is);
    None if no consistent deal was found in ``tries`` attempts."""
    seen = set(obs.hand) | set(obs.played)
    if obs.discard is not None:
        seen.add(obs.discard)
    fixed: dict[int, list[Card]] = {s: [] for s in range(4)}
    upcard = obs.upcard
    if obs.upcard_fate == "taken" and upcard not in seen and obs.dealer != obs.seat:
        fixed[obs.dealer].append(upcard)
    seen.add(upcard)
    pool = [c for c in DECK if c not in seen]
    sizes = hand_sizes(obs)
    shown = voids(obs)
    ranking = Ranking(obs.trump) if obs.trump is not None else None
    seats = [s for s in range(4) if s != obs.seat and s not in obs.sitting_out]
    last: list[tuple[Card, ...]] | None = None
    for _ in range(tries):
        rng.shuffle(pool)
        hands: dict[int, list[Card]] = {s: list(fixed[s]) for s in range(4)}
        left = list(pool)
        ok = True
        for seat in sorted(seats, key=lambda s: -len(shown[s])):
            need = sizes[seat] - len(hands[seat])
            take = [c for c in left if ranking is None or ranking.suit_of(c) not in shown[seat]][:need]
            if len(take) < need:
                ok = False
                break
            hands[seat] += take
            for c in take:
                left.remove(c)
        if ok:
            hands[obs.seat] = list(obs.hand)
            if _plausible(obs, hands, ranking, rng):
                return [tuple(hands[s]) for s in range(4)]
            last = [tuple(hands[s]) for s in range(4)]
    return last


def _plausible(obs: Observation, hands: dict[int, list[Card]], ranking: Ranking | None, rng: Rng) -> bool:
    """What the bidding suggests, as soft evidence: the maker holds trumps; a seat that passed the upcard's
    suit in round 1 rarely held three of them with a bower. Unlikely samples are mostly drawn again."""
    if ranking is None or obs.trump is None:
        return True
    played: dict[int, list[Card]] = {s: [] for s in range(4)}
    for trick in obs.tricks:
        for seat, card in trick.plays:
            played[seat].append(card)
    for seat, card in obs.current:
        played[seat].append(card)

    def trumps(seat: int) -> list[Card]:
        return [c for c in hands[seat] + played[seat] if ranking.is_trump(c)]

    if obs.maker is not None and obs.maker != obs.seat and len(trumps(obs.maker)) < 2 and rng.random() < 0.8:
        return False
    if obs.trump == obs.upcard.suit:
        passers = {s for s, text in obs.bids[:4] if text == "pass"} - {obs.seat, obs.dealer}
        for seat in passers:
            held = trumps(seat)
            bowers = sum(1 for c in held if c.rank == 11)
            if len(held) >= 3 and bowers and rng.random() < 0.7:
                return False
    return True


@dataclass(frozen=True)
class SampledDeal:
    """A whole deal consistent with a bidder's view: its own hand, the upcard, the others' hands."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    buried: tuple[Card, ...]

    def as_json(self) -> dict[str, Any]:
        return {"dealer": "SWNE"[self.dealer],
                "hands": {"SWNE"[s]: [c.text for c in h] for s, h in enumerate(self.hands)},
                "upcard": self.upcard.text, "buried": [c.text for c in self.buried]}


def sample_deal(obs: Observation, rng: Rng, tries: int = 30) -> SampledDeal | None:
    """During the bidding: the other hands and the buried cards, drawn from the unseen cards. A seat that
    passed is unlikely to have held a clear call: such samples are usually drawn again."""
    from plugins.euchre.cpu import estimate_tricks

    pool = [c for c in DECK if c not in obs.hand and c != obs.upcard]
    passed_round1 = {s for s, text in obs.bids[:4] if text == "pass"}
    best: SampledDeal | None = None
    for _ in range(tries):
        rng.shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        at = 0
        for seat in range(4):
            if seat == obs.seat:
                hands.append(obs.hand)
            else:
                hands.append(tuple(pool[at : at + 5]))
                at += 5
        deal = SampledDeal(obs.dealer, tuple(hands), obs.upcard, tuple(pool[at : at + 3]))
        best = deal
        clear_call = any(estimate_tricks(hands[s], obs.upcard.suit) >= 2.9 for s in passed_round1 if s != obs.seat)
        if not clear_call or rng.random() < 0.2:
            return deal
    return best
