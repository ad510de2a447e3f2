"""CPU players for two- and three-handed Euchre. Each sees only its observation and the legal moves.

- **normal**: counts the tricks its hand should take alone (bowers, high trumps, off-suit aces) against the
  three it needs; leads the highest trump left when it made trump, else an off-suit ace; wins a trick as
  cheaply as it can, else throws its lowest card. A defender of the three-handed game never overtakes the
  other defender's winning card: the two play together against the maker, each knowing only its own hand.
- **easy**: calls on the number of trumps alone and now and then plays a careless card.
- **hard**: imagines the hidden hands (the cards it cannot have seen, the suits each player has shown it
  lacks, the upcard in a dealer's hand, and — mostly — hands with which the others would have bid as they did
  by normal's judgement) many times over and picks the card or the call with the best average result for
  itself over them — its points less the average of the others': a card by playing each imagined deal out
  exactly with Euchre's solver (the maker against the rest); a call, and passing (the rest of the bidding
  made by normal's judgement), by playing each imagined deal out by normal's judgement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from core.plugin import Card, Rng, Suit
from plugins.cutthroat.observe import Observation
from plugins.cutthroat.rules import ORDER, PASS, Format, Move, Phase, bids_allowed, hand_points
from plugins.euchre.public import CARD_INDEX, DECK, Ranking, Solver, SolverTable, Trick

# Raise it when the CPU players (or the rules they play by) play a hand differently: a tournament's or
# simulation's results file names it, and one written by another version is not resumed into a mix of the two.
# tests/test_result_versions.py notices the play changing under the same number.
CPU_VERSION = 1

_TRUMP_VALUE = {1: 0.75, 13: 0.6, 12: 0.5, 10: 0.4, 9: 0.35}  # a trump's worth in tricks by rank (bowers apart)
SOLVER_SEATS = {2: (0, 1), 3: (0, 1, 3)}  # the maker and the players after it, as seats of Euchre's solver


def estimate_tricks(cards: Sequence[Card], trump: Suit) -> float:
    """Tricks ``cards`` should take alone with ``trump``."""
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

    def cost(card: Card) -> tuple[int, int, int]:
        suit = ranking.suit_of(card)
        length = sum(1 for c in cards if ranking.suit_of(c) == suit)
        return (int(ranking.is_trump(card)), int(card.rank == 1), ranking.order(card) + 2 * length)

    return min((c for c in cards if c != keep), key=cost)


def _ordered_hand(hand: Sequence[Card], upcard: Card, dealer: bool) -> list[Card]:
    """The hand a player would play if the upcard's suit were trump (a dealer takes it and discards)."""
    cards = list(hand)
    if dealer:
        cards = [*cards, upcard]
        cards.remove(best_discard(cards, upcard.suit, upcard))
    return cards


def utility(fmt: Format, seat: int, points: Sequence[int]) -> float:
    """A player's result: its points less the average of the others' (in two-handed play, zero-sum)."""
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - sum(others) / len(others)


class NormalPlayer:
    """Conventional calls and play from the observation alone."""

    CALL: ClassVar[dict[int, float]] = {2: 1.75, 3: 2.3}  # estimated tricks to make trump (tuned against easy)

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if obs.phase in (Phase.BID1, Phase.BID2):
            return self.bid(obs.format, obs.phase, obs.hand, obs.upcard, obs.seat == obs.dealer, legal)
        if obs.phase == Phase.DISCARD:
            assert obs.trump is not None
            return Move("discard", card=best_discard(obs.hand, obs.trump, obs.upcard))
        return Move("play", card=self.play(obs, [m.card for m in legal if m.card is not None]))

    def bid(self, fmt: Format, phase: Phase, hand: Sequence[Card], upcard: Card, dealer: bool,
            legal: Sequence[Move]) -> Move:
        """The conventional bid with ``hand`` (the hard player also judges the others' bids by it)."""
        threshold = self.CALL[fmt.players]
        if phase == Phase.BID1:
            estimate = estimate_tricks(_ordered_hand(hand, upcard, dealer), upcard.suit)
            if not dealer:
                estimate -= 0.5 * estimate_tricks([upcard], upcard.suit)  # the dealer gets the upcard
            return ORDER if estimate >= threshold else PASS
        calls = [m for m in legal if m.kind == "call" and m.suit is not None]
        best = max(calls, key=lambda m: estimate_tricks(hand, m.suit))  # type: ignore[arg-type]
        assert best.suit is not None
        return best if estimate_tricks(hand, best.suit) >= threshold or PASS not in legal else PASS

    def play(self, obs: Observation, cards: list[Card]) -> Card:
        return self.play_why(obs, cards)[0]

    def play_why(self, obs: Observation, cards: list[Card]) -> tuple[Card, str]:
        """The card, and which conventional rule chose it (a key of ``plugins.cutthroat.advice.RULES``)."""
        ranking = Ranking(obs.trump)
        if len(cards) == 1:
            return cards[0], "only"
        if obs.current:
            ahead = ranking.winner(obs.current)
            if obs.maker not in (None, obs.seat, ahead) and ahead != obs.seat:
                return min(cards, key=ranking.order), "defender_winning"  # do not overtake the other defender
            winners = [c for c in cards if ranking.winner((*obs.current, (obs.seat, c))) == obs.seat]
            if winners:
                return min(winners, key=ranking.order), "cheapest_winner"  # trumps rank above the rest
            return min(cards, key=ranking.order), "cannot_win"
        trumps = [c for c in cards if ranking.is_trump(c)]
        if trumps and obs.maker == obs.seat:
            top = max(trumps, key=ranking.order)
            if _is_boss(obs, ranking, top):
                return top, "lead_boss_trump"
        aces = [c for c in cards if c.rank == 1 and not ranking.is_trump(c)]
        if aces:
            return aces[0], "lead_ace"
        plain = [c for c in cards if not ranking.is_trump(c)]
        return min(plain or cards, key=ranking.order), "lead_low" if plain else "lead_only_trump"


def _is_boss(obs: Observation, ranking: Ranking, card: Card) -> bool:
    """Whether no trump higher than ``card`` is left out of sight."""
    gone = set(obs.played) | set(obs.hand)
    return all(c in gone for c in DECK if ranking.is_trump(c) and ranking.order(c) > ranking.order(card))


class EasyPlayer(NormalPlayer):
    """Calls on the number of trumps alone and plays a careless card three times in ten."""

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if obs.phase == Phase.BID1:
            trumps = Ranking(obs.upcard.suit).count(_ordered_hand(obs.hand, obs.upcard, obs.seat == obs.dealer),
                                                    obs.upcard.suit)
            return ORDER if trumps >= 3 else PASS
        if obs.phase == Phase.BID2:
            calls = [m for m in legal if m.kind == "call" and m.suit is not None]
            best = max(calls, key=lambda m: Ranking(m.suit).count(obs.hand, m.suit))  # type: ignore[arg-type]
            assert best.suit is not None
            return best if Ranking(best.suit).count(obs.hand, best.suit) >= 3 or PASS not in legal else PASS
        if obs.phase == Phase.PLAY and len(legal) > 1 and rng.random() < 0.3:
            return rng.choice(list(legal))
        return super().choose(obs, legal, rng)


@dataclass(frozen=True)
class Values:
    """What the hard player's last decision rested on: each move's average result for it (its points less the
    others' average) over ``samples`` imagined deals — every call it may make and, when it may, passing."""

    points: dict[Move, float]
    samples: int


_NORMAL = NormalPlayer()


class HardPlayer(NormalPlayer):
    """Normal's judgement, checked on imagined deals: played out exactly for a card, by normal for a bid (see the
    module notes)."""

    # imagined deals per decision, by the number of players (three hands of five take longer to solve)
    PLAY_SAMPLES: ClassVar[dict[int, int]] = {2: 64, 3: 80}
    BID_SAMPLES: ClassVar[dict[int, int]] = {2: 40, 3: 16}
    SURPRISE_KEPT: ClassVar[float] = 0.15  # chance a draw is kept per bid conventional judgement would not make
    TRIES: ClassVar[int] = 8  # draws that fit the cards tried per imagined deal before the least surprising stands

    last_values: Values | None = None  # what the last decision's imagined deals said (the hint quotes it)

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        self.last_values = None
        if obs.phase == Phase.PLAY and len(legal) > 1:
            return Move("play", card=self._best_card(obs, [m.card for m in legal if m.card is not None], rng))
        if obs.phase in (Phase.BID1, Phase.BID2):
            return self._bid(obs, legal, rng)
        return super().choose(obs, legal, rng)

    # -- imagining the hidden hands ------------------------------------------------------------------

    @staticmethod
    def voids(obs: Observation) -> dict[int, set[Suit]]:
        """The suits each other player has shown it lacks (it did not follow them)."""
        ranking = Ranking(obs.trump)
        found: dict[int, set[Suit]] = {}
        for plays in (*(t.plays for t in obs.tricks), obs.current):
            if not plays:
                continue
            led = ranking.suit_of(plays[0][1])
            for seat, card in plays[1:]:
                if seat != obs.seat and ranking.suit_of(card) != led:
                    found.setdefault(seat, set()).add(led)
        return found

    def hidden_hands(self, obs: Observation, rng: Rng, count: int) -> list[dict[int, list[Card]]]:
        """``count`` draws of the other players' hands consistent with everything ``obs`` shows: cards seen,
        voids shown, the upcard in a dealer's hand, and — as soft evidence — the bidding: a draw in which a
        player would have bid otherwise by conventional judgement (:meth:`NormalPlayer.bid`) is kept only
        ``SURPRISE_KEPT`` of the time per such bid, else drawn again (within ``TRIES`` attempts, after
        which the least surprising draw stands)."""
        n = obs.format.players
        played: dict[int, list[Card]] = {seat: [] for seat in range(n)}
        for plays in (*(t.plays for t in obs.tricks), obs.current):
            for seat, card in plays:
                played[seat].append(card)
        others = [s for s in range(n) if s != obs.seat]
        sizes = {s: 5 - len(played[s]) for s in others}
        seen = set(obs.hand) | set(obs.played) | {obs.upcard}
        if obs.discard is not None:
            seen.add(obs.discard)
        fixed: dict[int, list[Card]] = {s: [] for s in others}
        if obs.upcard_fate == "taken" and obs.dealer != obs.seat and obs.upcard not in obs.played:
            fixed[obs.dealer].append(obs.upcard)
        pool = [c for c in DECK if c not in seen]
        lacking = self.voids(obs) if obs.trump is not None else {}
        ranking = Ranking(obs.trump)
        order = sorted(others, key=lambda s: -len(lacking.get(s, ())))
        bids = self.others_bids(obs)
        draws = []
        for _ in range(count):
            best: tuple[int, dict[int, list[Card]]] | None = None
            tries = 0
            for _attempt in range(20):
                cards = list(pool)
                rng.shuffle(cards)
                hands = {s: list(fixed[s]) for s in others}
                for seat in order:
                    need = sizes[seat] - len(hands[seat])
                    fits = [c for c in cards if ranking.suit_of(c) not in lacking.get(seat, ())]
                    if len(fits) < need:
                        break
                    hands[seat] += fits[:need]
                    cards = [c for c in cards if c not in fits[:need]]
                else:
                    surprise = self.bid_surprises(obs, bids, hands, played, cards)
                    if best is None or surprise < best[0]:
                        best = (surprise, hands)
                    tries += 1
                    if surprise == 0 or tries >= self.TRIES or rng.random() < self.SURPRISE_KEPT**surprise:
                        break
            if best is not None:
                draws.append(best[1])
                continue
            # no draw fits the voids (only after a revoke-free but unlikely history): ignore them
            cards = list(pool)
            rng.shuffle(cards)
            hands = {s: list(fixed[s]) for s in others}
            for seat in others:
                need = sizes[seat] - len(hands[seat])
                hands[seat] += cards[:need]
                cards = cards[need:]
            draws.append(hands)
        return draws

    @staticmethod
    def others_bids(obs: Observation) -> list[tuple[int, Phase, list[Move], Move]]:
        """The other players' bids so far: seat, round, the moves it could make then, the move it made."""
        return [(seat, *bid_turn(obs, number)[1:], Move.parse(text))
                for number, (seat, text) in enumerate(obs.bids) if seat != obs.seat]

    @staticmethod
    def bid_surprises(obs: Observation, bids: list[tuple[int, Phase, list[Move], Move]],
                      hands: dict[int, list[Card]], played: dict[int, list[Card]], unseen: list[Card]) -> int:
        """How many of ``bids`` (:meth:`others_bids`) conventional judgement would not have made with the cards
        ``hands`` gives each player now and the cards it has played (a dealer who took the upcard discarded
        ``unseen[0]``, a card nobody holds)."""
        count = 0
        for seat, phase, legal, made in bids:
            dealt = [*hands[seat], *played[seat]]
            if seat == obs.dealer and obs.upcard_fate == "taken":
                dealt.remove(obs.upcard)
                dealt.append(unseen[0])
            count += _NORMAL.bid(obs.format, phase, dealt, obs.upcard, seat == obs.dealer, legal) != made
        return count

    # -- play ----------------------------------------------------------------------------------------

    def _best_card(self, obs: Observation, cards: list[Card], rng: Rng) -> Card:
        assert obs.trump is not None and obs.maker is not None
        fmt = obs.format
        seats = SOLVER_SEATS[fmt.players]
        place = {seat: seats[(seat - obs.maker) % fmt.players] for seat in range(fmt.players)}
        solver = Solver(SolverTable(obs.trump), frozenset(range(4)) - set(seats))
        done = obs.tricks_won()[obs.maker]
        totals = dict.fromkeys(cards, 0.0)
        current = tuple((place[s], CARD_INDEX[c]) for s, c in obs.current)
        draws = self.hidden_hands(obs, rng, self.PLAY_SAMPLES[fmt.players])
        for hands in draws:
            hands[obs.seat] = list(obs.hand)
            ids: list[tuple[int, ...]] = [(), (), (), ()]
            for seat, held in hands.items():
                ids[place[seat]] = tuple(CARD_INDEX[c] for c in held)
            for cid, more in solver.values(tuple(ids), place[obs.leader], current, place[obs.seat]).items():
                points = hand_points(fmt, obs.maker, done + more)
                totals[DECK[cid]] += utility(fmt, obs.seat, points)
        self.last_values = Values({Move("play", card=c): v / len(draws) for c, v in totals.items()}, len(draws))
        usual = self.play(obs, cards)
        best = max(totals.values())
        return usual if totals[usual] >= best - 1e-9 else max(cards, key=lambda c: totals[c])

    # -- bidding -------------------------------------------------------------------------------------

    def _bid(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        """The call or pass with the best average over the same imagined deals (passing on a tie), each played
        out by normal's judgement (against normal players this judged calls better than exact play of each
        imagined deal, and passing better than a fixed bar: docs/benchmarks.md, twenty-seventh and
        twenty-eighth sessions)."""
        fmt = obs.format
        totals = dict.fromkeys(legal, 0.0)
        draws = self.hidden_hands(obs, rng, self.BID_SAMPLES[fmt.players])
        for hands in draws:
            hands[obs.seat] = list(obs.hand)
            for move in legal:
                if move == PASS:
                    totals[move] += self._after_pass(obs, hands)
                else:
                    totals[move] += self._made(obs, hands, obs.seat, move)
        self.last_values = Values({m: v / len(draws) for m, v in totals.items()}, len(draws))
        return max(legal, key=lambda m: (totals[m], m == PASS))

    @staticmethod
    def _made(obs: Observation, hands: dict[int, list[Card]], maker: int, move: Move) -> float:
        """This player's result when ``maker`` orders up or names a suit and everyone plays ``hands`` out by
        normal's judgement."""
        trump = obs.upcard.suit if move.kind == "order" else move.suit
        assert trump is not None
        held = dict(hands)  # played_out copies the hands it plays from
        if move.kind == "order":  # the dealer takes the upcard and discards
            dealt = [*hands[obs.dealer], obs.upcard]
            dealt.remove(best_discard(dealt, trump, obs.upcard))
            held[obs.dealer] = dealt
        tricks = played_out(obs, held, trump, maker)
        return utility(obs.format, obs.seat, hand_points(obs.format, maker, tricks))

    def _after_pass(self, obs: Observation, hands: dict[int, list[Card]]) -> float:
        """This player's result when it passes now and the rest of the bidding — its own later bid too — goes by
        normal's judgement of ``hands``; a hand thrown in scores nothing."""
        for number in range(len(obs.bids) + 1, 2 * obs.format.players):
            seat, phase, legal = bid_turn(obs, number)
            move = _NORMAL.bid(obs.format, phase, hands[seat], obs.upcard, seat == obs.dealer, legal)
            if move != PASS:
                return self._made(obs, hands, seat, move)
        return 0.0


def bid_turn(obs: Observation, number: int) -> tuple[int, Phase, list[Move]]:
    """Who makes the hand's bid number ``number`` (from 0), in which round, and the bids allowed then."""
    players = obs.format.players
    seat = (obs.dealer + 1 + number) % players
    phase = Phase.BID1 if number < players else Phase.BID2
    return seat, phase, bids_allowed(phase, obs.upcard, phase == Phase.BID2 and obs.stick_the_dealer
                                     and seat == obs.dealer)


def played_out(obs: Observation, hands: dict[int, list[Card]], trump: Suit, maker: int) -> int:
    """Tricks ``maker`` takes with ``trump`` when everyone plays ``hands`` (each player's five cards, the dealer's
    after its discard) out by normal's judgement from the first lead."""
    fmt = obs.format
    ranking = Ranking(trump)
    held = {seat: list(cards) for seat, cards in hands.items()}
    start = replace(obs, phase=Phase.PLAY, trump=trump, maker=maker, discard=None)
    leader = fmt.left_of(obs.dealer)
    tricks: list[Trick] = []
    won = 0
    for _ in range(5):
        plays: list[tuple[int, Card]] = []
        for k in range(fmt.players):
            seat = (leader + k) % fmt.players
            legal = ranking.follow(held[seat], ranking.suit_of(plays[0][1]) if plays else None)
            card = legal[0] if len(legal) == 1 else _NORMAL.play(
                replace(start, seat=seat, turn=seat, hand=tuple(held[seat]), tricks=tuple(tricks), leader=leader,
                        current=tuple(plays)), list(legal))
            held[seat].remove(card)
            plays.append((seat, card))
        winner = ranking.winner(plays)
        tricks.append(Trick(leader, tuple(plays), winner))
        won += winner == maker
        leader = winner
    return won

