"""Bid Euchre's CPU players. Each sees only its observation and the legal moves.

Normal counts the tricks its hand should take under each declaration (top cards that draw the higher ones
out, long suits, trumps that ruff a void), adds a partner's usual share, bids what the total reaches and
declares the best; it plays conventionally (draw trump as declarer with the best one, cash winners, win a
trick as cheaply as it can, never overtake a partner who is winning, throw the least useful card).
Easy overbids, declares loosely and plays a careless card now and then. Hard samples the hidden hands from
what it has seen (cards played, suits shown void, and — as soft evidence — what each bid or pass says,
judged by a model of conventional bidding) and plays every sampled deal out: after each bid it may make or a
pass (the rest of the auction and the others' declarations by conventional judgement) to decide its bid, under
each declaration to decide its declaration; from the second trick it solves the sampled deals exactly for its
card.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import ClassVar

from core.plugin import Card, Rng, Suit
from plugins.bid_euchre.observe import Observation
from plugins.bid_euchre.rules import (
    DECLARATIONS,
    Contract,
    Hand,
    Move,
    Phase,
    auction_winner,
    bids_allowed,
    deal_hand,
    hand_points,
    legal_moves,
)
from plugins.euchre.public import CARD_INDEX, DECK, Ranking, Solver, SolverTable, left_of, partner, team_of

# Raise it when the CPU players (or the rules they play by) play a hand differently: a tournament's or
# simulation's results file names it, and one written by another version is not resumed into a mix of the two.
# tests/test_result_versions.py notices the play changing under the same number.
CPU_VERSION = 1

SUITS = tuple(Suit)
PARTNER_SHARE = 0.6  # bid the level made about 70% of the time (estimate vs playouts, 1500 deals)


def ranking_of(declaration: Move) -> Ranking:
    return Ranking(declaration.suit, declaration.low)


_ID = {card: i for i, card in enumerate(DECK)}


@cache
def _tables(declaration: Move) -> tuple[list[int], list[int], list[int], int]:
    """Per card id: its effective suit (0–3), its strength, and the mask of the cards of its suit above it;
    and the trump suit's number (-1 for no trump)."""
    ranking = ranking_of(declaration)
    suits = [SUITS.index(ranking.suit_of(c)) for c in DECK]
    order = [ranking.order(c) for c in DECK]
    above = [sum(1 << j for j in range(24) if suits[j] == suits[i] and order[j] > order[i]) for i in range(24)]
    return suits, order, above, SUITS.index(ranking.trump) if ranking.trump is not None else -1


def estimate(cards: Iterable[Card], declaration: Move) -> float:
    """Tricks ``cards`` should take as declarer under ``declaration``: in each suit the cards that only as
    many higher ones as the hand has cards below them stand above (they draw those out), long suits, and
    — with a trump — ruffs in a suit the hand lacks."""
    suits, order, above, trump = _tables(declaration)
    ids = [_ID[c] for c in cards]
    mask = sum(1 << i for i in ids)
    total = 0.0
    by_suit: list[list[int]] = [[], [], [], []]
    for i in ids:
        by_suit[suits[i]].append(i)
    for suit, mine in enumerate(by_suit):
        mine.sort(key=order.__getitem__, reverse=True)
        for depth, i in enumerate(mine):
            higher = (above[i] & ~mask).bit_count()
            if higher <= depth:
                total += 0.95 if depth == 0 else 0.8
            elif higher == depth + 1 and len(mine) >= depth + 2:
                total += 0.4
        if len(mine) >= 4 and suit != trump:
            total += 0.4 * (len(mine) - 3)
    if trump >= 0:
        trumps = len(by_suit[trump])
        if trumps >= 2:
            void = sum(1 for suit in range(4) if suit != trump and not by_suit[suit])
            total += min(void, trumps - 1) * 0.6
        elif trumps <= 1:
            total -= 0.5
    return total


@lru_cache(maxsize=1 << 14)
def _best_declaration(cards: frozenset[Card]) -> tuple[float, Move]:
    """The declaration ``cards`` promise most tricks under, with that estimate (the first on a tie). Remembered:
    the hard player asks it of every seat in every deal it samples, and a seat's six cards recur across draws.
    16,384 hands keep half the answers (65,536 kept 55%, as fast) in a quarter of the memory, which a long
    session in the window would otherwise fill with hands of deals long gone."""
    return max(((estimate(cards, d), d) for d in DECLARATIONS), key=lambda pair: pair[0])


@dataclass(frozen=True)
class Style:
    partner_share: float = PARTNER_SHARE
    careless: float = 0.0  # chance of a random card when there is a choice


class NormalPlayer:
    """Conventional bidding and play from the observation alone."""

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if obs.phase == Phase.AUCTION:
            return self.bid(obs, legal, rng)
        if obs.phase == Phase.DECLARE:
            return self.declare(obs, rng)
        cards = [m.card for m in legal if m.card is not None]
        if len(cards) > 1 and rng.random() < self.style.careless:
            return Move("play", card=rng.choice(cards))
        return Move("play", card=self.card(obs, cards))

    # -- bidding ------------------------------------------------------------------------------------

    def best_declaration(self, cards: Sequence[Card]) -> tuple[float, Move]:
        return _best_declaration(frozenset(cards))

    def bid(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        return self.bid_with(obs.hand, legal)

    def bid_with(self, cards: Sequence[Card], legal: Sequence[Move]) -> Move:
        """The conventional bid with ``cards`` (the hard player also plays the rest of an auction by it)."""
        tricks, _ = self.best_declaration(cards)
        return bid_for(tricks + self.style.partner_share, legal)

    def declare(self, obs: Observation, rng: Rng) -> Move:
        return self.declare_for(obs.hand)

    def declare_for(self, cards: Sequence[Card]) -> Move:
        return self.best_declaration(cards)[1]

    # -- play ---------------------------------------------------------------------------------------

    def card(self, obs: Observation, cards: list[Card]) -> Card:
        assert obs.contract is not None
        ranking = obs.contract.ranking
        if len(cards) == 1:
            return cards[0]
        seen = set(obs.played) | set(obs.hand)
        if not obs.current:
            return self._lead(obs, ranking, cards, seen)
        led = ranking.suit_of(obs.current[0][1])
        win_seat, win_card = max(obs.current, key=lambda p: ranking.power(p[1], led))
        last = len(obs.current) == 3
        if win_seat == partner(obs.seat) and (last or boss(ranking, win_card, seen)):
            return cheapest(ranking, cards)
        beaters = [c for c in cards if ranking.power(c, led) > ranking.power(win_card, led)]
        if beaters and win_seat != partner(obs.seat):
            return min(beaters, key=lambda c: ranking.power(c, led))
        return cheapest(ranking, cards)

    def _lead(self, obs: Observation, ranking: Ranking, cards: list[Card], seen: set[Card]) -> Card:
        assert obs.contract is not None
        declaring = team_of(obs.seat) == obs.contract.side
        trumps = [c for c in cards if ranking.is_trump(c)]
        if declaring and trumps:
            top = max(trumps, key=ranking.order)
            out = [c for c in DECK if ranking.is_trump(c) and c not in seen]
            if out and boss(ranking, top, seen):
                return top
        winners = [c for c in cards if boss(ranking, c, seen) and not ranking.is_trump(c)]
        if winners:
            return max(winners, key=lambda c: sum(1 for x in cards if ranking.suit_of(x) == ranking.suit_of(c)))
        plain = [c for c in cards if not ranking.is_trump(c)] or cards
        longest = max(plain, key=lambda c: (sum(1 for x in cards if ranking.suit_of(x) == ranking.suit_of(c)),
                                            -ranking.order(c)))
        suit = ranking.suit_of(longest)
        return min((c for c in cards if ranking.suit_of(c) == suit), key=ranking.order)


def bid_for(tricks: float, legal: Sequence[Move]) -> Move:
    """The highest legal bid ``tricks`` reaches (rounded down, 3 to 6), else pass — or the lowest bid when
    passing is not allowed (a stuck dealer)."""
    bids = [m for m in legal if m.kind == "bid"]
    reach = [m for m in bids if m.number <= int(tricks + 1e-9)]
    if reach:
        return max(reach, key=lambda m: m.number)
    return Move("pass") if Move("pass") in legal else min(bids, key=lambda m: m.number)


def boss(ranking: Ranking, card: Card, seen: set[Card]) -> bool:
    """No unseen card of its suit ranks above it (nor, for a plain card, any unseen trump)."""
    suit = ranking.suit_of(card)
    for other in DECK:
        if other in seen or other == card:
            continue
        if ranking.is_trump(other) and not ranking.is_trump(card):
            return False
        if ranking.suit_of(other) == suit and ranking.order(other) > ranking.order(card):
            return False
    return True


def cheapest(ranking: Ranking, cards: Sequence[Card]) -> Card:
    """The card to give away: a low plain card before a trump, from a short suit before a long one."""
    return min(cards, key=lambda c: (ranking.is_trump(c), ranking.order(c),
                                     sum(1 for x in cards if ranking.suit_of(x) == ranking.suit_of(c))))


class EasyPlayer(NormalPlayer):
    """Bids as if its partner always helped more than partners do, and throws a careless card now and then."""

    def __init__(self) -> None:
        super().__init__(Style(partner_share=1.4, careless=0.25))


_NORMAL = NormalPlayer()
_NO_RANDOM = Rng(0)


@dataclass(frozen=True)
class Judgement:
    """What the hard player's last decision rested on: each move's average points (its side's minus the
    other's) over ``samples`` sampled deals."""

    points: dict[Move, float]
    samples: int


class HardPlayer(NormalPlayer):
    """Normal's judgement plus inference: sampled deals played out to bid and declare, solved exactly to play."""

    BID_SAMPLES: ClassVar[int] = 24
    PLAY_SAMPLES: ClassVar[dict[int, int]] = {6: 3, 5: 8, 4: 16, 3: 20, 2: 20}
    SURPRISE_KEPT: ClassVar[float] = 0.15

    last_judgement: Judgement | None = None  # what the last decision's sampled deals said (the hint quotes it)

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        self.last_judgement = None
        if len(legal) == 1:
            return legal[0]  # nothing to weigh (a pass after a bid of 6, a card it must follow with)
        return super().choose(obs, legal, rng)

    def bid(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        tricks, _ = self.best_declaration(obs.hand)
        if tricks + self.style.partner_share < 2.2 and Move("pass") in legal:
            return Move("pass")  # hopeless: no need to look further
        return self._auctioned(obs, legal, rng)

    def _auctioned(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        """The bid (or pass) with the best average over the same sampled deals, each played out after the rest of
        the auction by conventional judgement: by conventional players under the winner's declaration — this
        seat's best on average over the deals where its bid stands. Passing on a tie, else the lower bid."""
        ranked = sorted(DECLARATIONS, key=lambda d: -estimate(obs.hand, d))[:3]
        elsewhere = dict.fromkeys(legal, 0.0)  # net points summed over the deals where another seat declares
        standing: dict[Move, dict[Move, float]] = {m: dict.fromkeys(ranked, 0.0) for m in legal}
        samples = 0
        for hands in sample_hands(obs, rng, self.BID_SAMPLES):
            samples += 1
            own: dict[Move, int] = {}  # this side's tricks by declaration, with this seat declaring
            theirs: dict[int, int] = {}  # the declaring side's tricks, by another declarer
            for move in legal:
                declarer, number = auction_after(obs, hands, move)
                if declarer == obs.seat:
                    for declaration in ranked:
                        if declaration not in own:
                            own[declaration] = playout(hands, obs.seat, declaration, rng)
                        standing[move][declaration] += net(own[declaration], number)
                    continue
                if declarer not in theirs:
                    theirs[declarer] = playout(hands, declarer, _NORMAL.declare_for(hands[declarer]), rng)
                value = net(theirs[declarer], number)
                elsewhere[move] += value if team_of(declarer) == team_of(obs.seat) else -value
        if not samples:  # no deal fits what it has seen: the conventional bid
            return self.bid_with(obs.hand, legal)
        points = {m: (elsewhere[m] + max(standing[m].values())) / samples for m in legal}
        self.last_judgement = Judgement(points, samples)
        return max(legal, key=lambda m: (points[m], m.kind == "pass"))

    def declare(self, obs: Observation, rng: Rng) -> Move:
        assert obs.contract is not None
        bid = obs.contract.bid
        results, samples = self._simulate(obs, rng)
        points = {d: sum(net(t, bid) for t in ts) / len(ts) for d, ts in results.items()}
        if samples:
            self.last_judgement = Judgement(points, samples)
        return max(results, key=lambda d: points[d])

    def _simulate(self, obs: Observation, rng: Rng) -> tuple[dict[Move, list[int]], int]:
        """Per promising declaration, the tricks this seat's side took in each sampled deal played out by
        conventional players with this seat declaring; and how many deals were sampled."""
        ranked = sorted(DECLARATIONS, key=lambda d: -estimate(obs.hand, d))[:3]
        results: dict[Move, list[int]] = {d: [] for d in ranked}
        for hands in sample_hands(obs, rng, self.BID_SAMPLES):
            for declaration in ranked:
                results[declaration].append(playout(hands, obs.seat, declaration, rng))
        if not any(results.values()):  # no deal fits what it has seen: the estimate stands in (0 samples)
            return {ranked[0]: [round(estimate(obs.hand, ranked[0]) + PARTNER_SHARE)]}, 0
        return results, len(results[ranked[0]])

    def card(self, obs: Observation, cards: list[Card]) -> Card:
        samples = self.PLAY_SAMPLES.get(len(obs.hand), 0)
        if len(cards) < 2 or not samples:
            return super().card(obs, cards)
        assert obs.contract is not None
        contract = obs.contract
        solver_table = SolverTable(contract.trump, contract.low)
        done = obs.tricks_won()
        current = tuple((s, CARD_INDEX[c]) for s, c in obs.current)
        totals = dict.fromkeys(cards, 0.0)
        count = 0
        for hands in sample_hands(obs, Rng.derive("bid-hard-play", obs.seat, len(obs.played)), samples):
            ids = tuple(tuple(CARD_INDEX[c] for c in h) for h in hands)
            values = Solver(solver_table, frozenset()).values(ids, obs.leader, current, obs.seat)
            for cid, ns_future in values.items():
                ns = done[0] + ns_future
                points = hand_points(contract, (ns, 6 - ns))
                totals[DECK[cid]] += points[team_of(obs.seat)] - points[1 - team_of(obs.seat)]
            count += 1
        if not count:
            return super().card(obs, cards)
        self.last_judgement = Judgement({Move("play", card=c): v / count for c, v in totals.items()}, count)
        usual = super().card(obs, cards)
        best = max(totals.values())
        return usual if totals[usual] >= best - 1e-9 else max(cards, key=lambda c: totals[c])


def auction_after(obs: Observation, hands: Sequence[Sequence[Card]], move: Move) -> tuple[int, int]:
    """The declarer and the contract's number when this seat makes ``move`` and every later seat bids by
    conventional judgement of its hand in ``hands``."""
    bids = [*obs.bids, (obs.seat, move.number if move.kind == "bid" else 0)]
    seat = obs.seat
    while seat != obs.dealer:
        seat = left_of(seat)
        choice = _NORMAL.bid_with(hands[seat], bids_allowed(max(n for _, n in bids), seat == obs.dealer))
        bids.append((seat, choice.number if choice.kind == "bid" else 0))
    return auction_winner(bids)


def net(tricks: int, bid: int) -> float:
    """Net points (ours minus theirs) when our side declared ``bid`` and took ``tricks``."""
    ours = tricks if tricks >= bid else -bid
    return ours - (6 - tricks)


def playout(hands: Sequence[Sequence[Card]], declarer: int, declaration: Move, rng: Rng) -> int:
    """Tricks the declarer's side takes when everyone plays conventionally from a fresh deal."""
    hand = Hand(0, tuple(tuple(h) for h in hands), Phase.PLAY, declarer, tuple(tuple(h) for h in hands),
                contract=Contract(declarer, 3, declaration.suit, declaration.low, True), leader=declarer)
    ranking = ranking_of(declaration)
    cards = [list(h) for h in hands]
    leader = declarer
    won = 0
    tricks: list[tuple[int, tuple[tuple[int, Card], ...], int]] = []
    for _ in range(6):
        plays: list[tuple[int, Card]] = []
        for k in range(4):
            seat = (leader + k) % 4
            led = ranking.suit_of(plays[0][1]) if plays else None
            legal = list(ranking.follow(cards[seat], led))
            obs = _playout_view(hand, seat, cards[seat], plays, tricks, leader)
            card = _NORMAL.card(obs, legal) if len(legal) > 1 else legal[0]
            cards[seat].remove(card)
            plays.append((seat, card))
        winner = ranking.winner(plays)
        tricks.append((leader, tuple(plays), winner))
        won += team_of(winner) == team_of(declarer)
        leader = winner
    return won


def _playout_view(hand: Hand, seat: int, cards: list[Card], plays: list[tuple[int, Card]],
                  tricks: list[tuple[int, tuple[tuple[int, Card], ...], int]], leader: int) -> Observation:
    from plugins.euchre.public import Trick

    return Observation(seat, Phase.PLAY, seat, hand.dealer, tuple(cards), (), hand.contract,
                       tuple(Trick(lead, p, w) for lead, p, w in tricks), leader, tuple(plays), (0, 0), 0)


# -- what the others may hold -------------------------------------------------------------------------


def voids(obs: Observation) -> list[set[Suit]]:
    """Per seat, the effective suits it has shown it lacks (it failed to follow them)."""
    result: list[set[Suit]] = [set() for _ in range(4)]
    if obs.contract is None or not obs.contract.named:
        return result
    ranking = obs.contract.ranking
    for plays in [t.plays for t in obs.tricks] + ([obs.current] if obs.current else []):
        led = ranking.suit_of(plays[0][1])
        for seat, card in plays[1:]:
            if ranking.suit_of(card) != led:
                result[seat].add(led)
    return result


def sample_hands(obs: Observation, rng: Rng, count: int, tries: int = 8) -> Iterator[list[tuple[Card, ...]]]:
    """Up to ``count`` draws of what every seat holds now (this seat's own hand as it is), consistent with
    the cards played and the voids shown; a draw in which the bidding replayed by conventional bidders
    differs from what happened is usually drawn again (kept with chance 0.15 per difference)."""
    seen = set(obs.hand) | set(obs.played)
    pool = [c for c in DECK if c not in seen]
    played = {s: [c for t in obs.tricks for p, c in t.plays if p == s] + [c for p, c in obs.current if p == s]
              for s in range(4)}
    sizes = [6 - len(played[s]) for s in range(4)]
    shown = voids(obs)
    ranking = obs.contract.ranking if obs.contract is not None and obs.contract.named else None
    others = sorted((s for s in range(4) if s != obs.seat), key=lambda s: -len(shown[s]))
    budget = tries * count
    for _ in range(count):
        best: tuple[int, list[tuple[Card, ...]]] | None = None
        while budget > 0:
            budget -= 1
            rng.shuffle(pool)
            left = list(pool)
            hands: dict[int, list[Card]] = {obs.seat: list(obs.hand)}
            for seat in others:
                take = [c for c in left if ranking is None or ranking.suit_of(c) not in shown[seat]][:sizes[seat]]
                if len(take) < sizes[seat]:
                    break
                hands[seat] = take
                for c in take:
                    left.remove(c)
            if len(hands) < 4:
                continue
            result = [tuple(hands[s]) for s in range(4)]
            surprise = bid_surprises(obs, [tuple(hands[s]) + tuple(played[s]) for s in range(4)])
            if best is None or surprise < best[0]:
                best = (surprise, result)
            if surprise == 0 or rng.random() < HardPlayer.SURPRISE_KEPT ** surprise:
                break
        if best is None:
            return
        yield best[1]


def bid_surprises(obs: Observation, dealt: Sequence[Sequence[Card]]) -> int:
    """How many of the other seats' bids and passes a conventional bidder would not have made with the
    cards ``dealt`` gives it."""
    hand = deal_hand(obs.dealer, [c for i in range(4) for c in dealt[(obs.dealer + 1 + i) % 4]])
    count = 0
    for seat, number in obs.bids:
        move = Move("bid", number=number) if number else Move("pass")
        legal = legal_moves(hand)
        if seat != obs.seat:
            view = Observation(seat, Phase.AUCTION, seat, obs.dealer, hand.hands[seat], hand.bids, None, (), 0, (),
                               obs.scores, 0)
            if _NORMAL.bid(view, legal, _NO_RANDOM) != move:
                count += 1
        hand = replace(hand, bids=(*hand.bids, (seat, number)), turn=(seat + 1) % 4)
    return count
