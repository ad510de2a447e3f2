"""Bid Euchre (six-card auction): all 24 cards dealt six each; one round of bids from the dealer's left (3–6,
each higher than the last, or pass; the dealer speaks last, may take the contract at an equal number, and
must bid at least 3 when the others all passed); the declarer names a trump suit (bowers as in Euchre),
no-trump high or no-trump low, and leads; each side scores a point per trick, a set side loses its bid
instead; game to 32, won only at the end of a hand in which that side made its bid or set the declarers.

Deals come from the match seed: hand *k* shuffles the 24 cards (9 10 J Q K A of S H D C) with
``Rng.derive(seed, "bid-euchre-deal", k)`` and deals six to each player from the dealer's left. The first
dealer is ``Rng.derive(seed, "bid-euchre-first-dealer").below(4)``; the deal passes left after every hand.
Moves: ``bid 4``, ``pass``, ``trump H``, ``notrump high``, ``notrump low``, ``play JH``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from core.plugin import Card, IllegalMove, Outcome, Rng, Suit, Text, plural
from plugins.euchre.public import (
    DECK,
    Ranking,
    Trick,
    left_of,
    parse_seat,
    seat_letter,
    sort_hand,
    team_of,
    trick_holds,
)

TARGET = 32
SUIT_LETTERS = "SHDC"
USAGE = "moves are: bid 3 … bid 6, pass, trump H, notrump high, notrump low, play JH"


class Phase(StrEnum):
    AUCTION = "auction"
    DECLARE = "declare"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Move:
    """``bid 4``, ``pass``, ``trump H``, ``notrump high``, ``notrump low``, ``play JH``."""

    kind: str
    number: int = 0
    suit: Suit | None = None
    low: bool = False
    card: Card | None = None

    @property
    def text(self) -> str:
        if self.kind == "bid":
            return f"bid {self.number}"
        if self.kind == "trump":
            return f"trump {self.suit.letter if isinstance(self.suit, Suit) else '?'}"
        if self.kind == "notrump":
            return "notrump low" if self.low else "notrump high"
        if self.kind == "play":
            return f"play {self.card.text if isinstance(self.card, Card) else '?'}"
        return str(self.kind)

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.strip().lower().split()
        try:
            if words == ["pass"]:
                return cls("pass")
            if len(words) == 2 and words[0] == "bid" and words[1].isdigit() and len(words[1]) == 1:
                return cls("bid", number=int(words[1]))
            if len(words) == 2 and words[0] == "trump":
                return cls("trump", suit=Suit.parse(words[1]))
            if len(words) == 2 and words[0] == "notrump" and words[1] in ("high", "low"):
                return cls("notrump", low=words[1] == "low")
            if len(words) == 2 and words[0] == "play":
                card = Card.parse(words[1])
                if card not in DECK:
                    raise ValueError(f"{card.pretty} is not in the Euchre deck: only 9, 10, J, Q, K and A are used")
                return cls("play", card=card)
        except ValueError as error:
            raise IllegalMove(f"'{text}': {error}") from None
        raise IllegalMove(f"'{text}' is not a move; {USAGE}")


PASS = Move("pass")
DECLARATIONS = (*(Move("trump", suit=Suit(letter)) for letter in SUIT_LETTERS), Move("notrump"),
                Move("notrump", low=True))


@dataclass(frozen=True, slots=True)
class Contract:
    """Who declared, how many tricks their side promised, and how cards rank (``trump``; ``low`` for
    no-trump low; neither for no-trump high). ``named`` is False until the declarer has chosen."""

    declarer: int
    bid: int
    trump: Suit | None = None
    low: bool = False
    named: bool = False

    @property
    def ranking(self) -> Ranking:
        return Ranking(self.trump, self.low)

    @property
    def side(self) -> int:
        return team_of(self.declarer)

    @property
    def declaration(self) -> str:
        """``trump H``, ``notrump high`` or ``notrump low`` (empty before the declarer chose)."""
        if not self.named:
            return ""
        if self.trump is not None:
            return f"trump {self.trump.letter}"
        return "notrump low" if self.low else "notrump high"


@dataclass(frozen=True, slots=True)
class Hand:
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    phase: Phase
    turn: int | None
    hands: tuple[tuple[Card, ...], ...]
    log: tuple[tuple[int, str], ...] = ()
    bids: tuple[tuple[int, int], ...] = ()  # (seat, number) for each bid, 0 for a pass
    contract: Contract | None = None
    tricks: tuple[Trick, ...] = ()
    leader: int = 0
    current: tuple[tuple[int, Card], ...] = ()

    @property
    def high(self) -> int:
        return max((n for _, n in self.bids), default=0)

    def tricks_won(self) -> tuple[int, int]:
        ns = sum(1 for t in self.tricks if team_of(t.winner) == 0)
        return (ns, len(self.tricks) - ns)


@dataclass(frozen=True, slots=True)
class HandResult:
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    log: tuple[tuple[int, str], ...]
    contract: Contract
    tricks: tuple[Trick, ...]
    points: tuple[int, int]

    @property
    def declarer_tricks(self) -> int:
        return sum(1 for t in self.tricks if team_of(t.winner) == self.contract.side)

    @property
    def made(self) -> bool:
        return self.declarer_tricks >= self.contract.bid


@dataclass(frozen=True, slots=True)
class BidState:
    """A match: the seed that deals every hand, the score, the hand in progress, the hands played."""

    seed: int
    number: int
    scores: tuple[int, int]
    hand: Hand
    results: tuple[HandResult, ...] = ()
    winner: int | None = None  # the winning side (0 North/South, 1 East/West) once the match is over

    @property
    def over(self) -> bool:
        return self.hand.phase == Phase.OVER


# -- dealing and scoring ---------------------------------------------------------------------------


def deal_hand(dealer: int, cards: Sequence[Card]) -> Hand:
    hands: list[tuple[Card, ...]] = [()] * 4
    for i in range(4):
        hands[(dealer + 1 + i) % 4] = tuple(cards[6 * i : 6 * i + 6])
    return Hand(dealer, tuple(hands), Phase.AUCTION, left_of(dealer), tuple(hands))


def deal_from_seed(seed: int, number: int, dealer: int) -> Hand:
    deck = list(DECK)
    Rng.derive(seed, "bid-euchre-deal", number).shuffle(deck)
    return deal_hand(dealer, deck)


def first_dealer(seed: int) -> int:
    return Rng.derive(seed, "bid-euchre-first-dealer").below(4)


def hand_points(contract: Contract, tricks_won: tuple[int, int]) -> tuple[int, int]:
    """Each side a point per trick; a declaring side short of its bid loses the bid instead."""
    points = list(tricks_won)
    if tricks_won[contract.side] < contract.bid:
        points[contract.side] = -contract.bid
    return (points[0], points[1])


def qualifier(contract: Contract, tricks_won: tuple[int, int]) -> int:
    """The one side that may win the match at the end of this hand: the declarers if they made their bid,
    else the defenders who set them."""
    return contract.side if tricks_won[contract.side] >= contract.bid else 1 - contract.side


def parse_deal(data: Mapping[str, Any]) -> Hand:
    """``{"dealer": "W", "hands": {"S": ["9H", …six], …}}`` — the 24 cards, six to each seat."""
    try:
        dealer = parse_seat(str(data["dealer"]))
        hands = tuple(tuple(_card(t) for t in data["hands"][letter]) for letter in "SWNE")
    except KeyError as error:
        raise ValueError(f"a Bid Euchre deal needs dealer and hands (S W N E); {error} is missing") from None
    every = [c for h in hands for c in h]
    if any(len(h) != 6 for h in hands) or len(set(every)) != 24:
        raise ValueError("a Bid Euchre deal gives each of the 24 cards once, six to each seat")
    return Hand(dealer, hands, Phase.AUCTION, left_of(dealer), hands)


def _card(text: object) -> Card:
    card = Card.parse(str(text))
    if card not in DECK:
        raise ValueError(f"{card.pretty} is not in the Euchre deck")
    return card


def deal_to_json(hand: Hand) -> dict[str, Any]:
    return {"dealer": seat_letter(hand.dealer),
            "hands": {seat_letter(s): [c.text for c in hand.dealt[s]] for s in range(4)}}


# -- legal moves -----------------------------------------------------------------------------------


def bids_allowed(high: int, dealer: bool) -> list[Move]:
    """The auction's moves over the highest bid so far (0: none yet): above it, or for the dealer — who speaks
    last — at an equal number too, and a bid it must make when everyone else passed."""
    if not dealer:
        return [PASS, *(Move("bid", number=n) for n in range(max(high + 1, 3), 7))]
    if high == 0:
        return [Move("bid", number=n) for n in range(3, 7)]
    return [PASS, *(Move("bid", number=n) for n in range(high, 7))]


def legal_moves(hand: Hand) -> list[Move]:
    seat = hand.turn
    if seat is None:
        return []
    if hand.phase == Phase.AUCTION:
        return bids_allowed(hand.high, seat == hand.dealer)
    if hand.phase == Phase.DECLARE:
        return list(DECLARATIONS)
    if hand.phase == Phase.PLAY:
        assert hand.contract is not None
        ranking = hand.contract.ranking
        led = ranking.suit_of(hand.current[0][1]) if hand.current else None
        return [Move("play", card=c) for c in ranking.follow(hand.hands[seat], led)]
    return []


def why_illegal(hand: Hand, move: Move) -> Text:
    """What a player is told, in English and Japanese: which rule the move breaks and what is allowed."""
    if hand.turn is None:
        return Text("the match is over: start a new game", "対戦は終わりました。新しい対戦を始めてください")
    phase_words = {Phase.AUCTION: Text("bid 3 to 6 or pass", "3〜6をビッドするかパスしてください"),
                   Phase.DECLARE: Text("the declarer names trump or no-trump", "宣言者が切札かノートランプを選びます"),
                   Phase.PLAY: Text("play a card", "札を出してください"),
                   Phase.OVER: Text("the match is over", "対戦は終わりました")}
    wanted = {"bid": Phase.AUCTION, "pass": Phase.AUCTION, "trump": Phase.DECLARE, "notrump": Phase.DECLARE,
              "play": Phase.PLAY}.get(move.kind)
    now = phase_words[hand.phase]
    if wanted != hand.phase:
        return Text("'{move}' is not possible now: {now}", "「{move}」は今はできません。{now}").format(
            move=move.text, now=now)
    if move.kind == "pass":
        return Text("everyone else passed: the dealer cannot pass and must bid at least 3",
                    "ほかの全員がパスしました。配り手はパスできず、3以上をビッドします")
    if move.kind == "bid":
        if not 3 <= move.number <= 6:
            return Text("bids run from 3 to 6 tricks", "ビッドは3〜6トリックです")
        if hand.turn == hand.dealer:
            return Text("the dealer may take the contract at {high} or bid higher, not lower",
                        "配り手は{high}で取るか、より高くビッドできます。低くはできません").format(high=hand.high)
        allowed = ", ".join(str(n) for n in range(hand.high + 1, 7))
        if not allowed:
            return Text("nothing is higher than {high}: pass",
                        "{high}より高いビッドはありません。パスしてください").format(high=hand.high)
        return Text("a bid must be higher than {high}, the highest so far (only the dealer may take the "
                    "contract at the same number): bid {allowed}, or pass",
                    "ビッドはこれまでの最高の{high}より高くします（同じ数で取れるのは配り手だけ）: "
                    "{allowed}、またはパス").format(high=hand.high, allowed=allowed)
    if move.kind == "play" and move.card is not None:
        if move.card not in hand.hands[hand.turn]:
            return Text("you do not hold {card}", "{card} は持っていません").format(card=move.card.pretty)
        assert hand.contract is not None
        ranking = hand.contract.ranking
        led = ranking.suit_of(hand.current[0][1])
        follow = ", ".join(c.pretty for c in sort_hand(ranking.follow(hand.hands[hand.turn], led), ranking))
        return Text("you must follow {suit} (the led card's suit): play {follow}",
                    "台札の{suit}を出す必要があります: {follow}").format(suit=led.words, follow=follow)
    return Text("'{move}' is not allowed now: {now}", "「{move}」は今はできません。{now}").format(
        move=move.text, now=now)


def _malformed(move: object) -> str | None:
    if not isinstance(move, Move):
        return f"{move!r} is not a Bid Euchre move; {USAGE}"
    parts = {"bid": ("number",), "pass": (), "trump": ("suit",), "notrump": (), "play": ("card",)}
    if move.kind not in parts:
        return f"'{move.kind}' is not a kind of move; {USAGE}"
    if not isinstance(move.number, int) or isinstance(move.number, bool) or not isinstance(move.low, bool):
        return "a bid's number is a whole number; low is true or false"
    if (move.suit is not None) != ("suit" in parts[move.kind]) or (move.suit is not None and
                                                                   not isinstance(move.suit, Suit)):
        return f"'{move.kind}' {'needs' if 'suit' in parts[move.kind] else 'takes no'} suit"
    if (move.card is not None) != ("card" in parts[move.kind]) or (move.card is not None and
                                                                   not isinstance(move.card, Card)):
        return f"'{move.kind}' {'needs' if 'card' in parts[move.kind] else 'takes no'} card"
    if move.kind != "bid" and move.number:
        return f"'{move.kind}' takes no number"
    return None


# -- advancing -------------------------------------------------------------------------------------


def auction_winner(bids: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The declarer and the number of a finished auction (``bids`` end with the dealer's): the highest bid, the
    dealer taking it at an equal number."""
    high = max(n for _, n in bids)
    return (bids[-1][0] if bids[-1][1] == high else next(s for s, n in bids if n == high)), high


def _advance(hand: Hand, seat: int, move: Move) -> Hand:
    if hand.phase == Phase.AUCTION:
        bids = (*hand.bids, (seat, move.number if move.kind == "bid" else 0))
        if seat != hand.dealer:
            return replace(hand, bids=bids, turn=left_of(seat))
        declarer, high = auction_winner(bids)
        return replace(hand, bids=bids, phase=Phase.DECLARE, turn=declarer, contract=Contract(declarer, high))
    if hand.phase == Phase.DECLARE:
        assert hand.contract is not None
        contract = replace(hand.contract, trump=move.suit, low=move.low, named=True)
        return replace(hand, contract=contract, phase=Phase.PLAY, turn=seat, leader=seat)
    assert move.card is not None and hand.contract is not None
    hands = list(hand.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != move.card)
    current = (*hand.current, (seat, move.card))
    played = replace(hand, hands=tuple(hands), current=current)
    if len(current) < 4:
        return replace(played, turn=left_of(seat))
    winner = hand.contract.ranking.winner(current)
    tricks = (*hand.tricks, Trick(hand.leader, current, winner))
    done = len(tricks) == 6
    return replace(played, tricks=tricks, current=(), turn=None if done else winner, leader=winner)


def _finish(state: BidState, hand: Hand) -> BidState:
    assert hand.contract is not None
    won = hand.tricks_won()
    points = hand_points(hand.contract, won)
    result = HandResult(hand.dealer, hand.dealt, hand.log, hand.contract, hand.tricks, points)
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    results = (*state.results, result)
    side = qualifier(hand.contract, won)
    if scores[side] >= TARGET:
        return replace(state, scores=scores, results=results, hand=replace(hand, phase=Phase.OVER), winner=side)
    number = state.number + 1
    return replace(state, number=number, scores=scores, results=results,
                   hand=deal_from_seed(state.seed, number, left_of(hand.dealer)))


# -- the rules object -------------------------------------------------------------------------------


class BidEuchreRules:
    """Implements :class:`core.game.Rules` for Bid Euchre (and the optional ``hold_points``)."""

    def new_game(self, settings: Mapping[str, Any], seed: int) -> BidState:
        from plugins.bid_euchre.settings import SCHEMA

        SCHEMA.checked(settings)
        return BidState(seed, 0, (0, 0), deal_from_seed(seed, 0, first_dealer(seed)))

    def from_deal(self, settings: Mapping[str, Any], deal: Mapping[str, Any]) -> BidState:
        """The first hand as given; later hands come from ``deal["seed"]`` (default 0); ``deal["scores"]``
        starts the match from a score (default 0–0)."""
        from plugins.bid_euchre.settings import SCHEMA

        SCHEMA.checked(settings)
        scores = tuple(int(v) for v in deal.get("scores", (0, 0)))
        if len(scores) != 2:
            raise ValueError("scores are two numbers: North/South, East/West")
        return BidState(int(deal.get("seed", 0)), 0, (scores[0], scores[1]), parse_deal(deal))

    def legal_moves(self, state: BidState) -> list[Move]:
        return legal_moves(state.hand)

    def apply(self, state: BidState, move: Move) -> BidState:
        problem = _malformed(move)
        if problem:
            raise IllegalMove(problem)
        hand = state.hand
        if move not in legal_moves(hand):
            raise IllegalMove(why_illegal(hand, move))
        seat = hand.turn
        assert seat is not None
        after = _advance(replace(hand, log=(*hand.log, (seat, move.text))), seat, move)
        if after.phase == Phase.PLAY and after.turn is None:
            return _finish(state, after)
        return replace(state, hand=after)

    def to_move(self, state: BidState) -> int | None:
        return state.hand.turn if not state.over else None

    def outcome(self, state: BidState) -> Outcome | None:
        if not state.over or state.winner is None:
            return None
        name = "North/South" if state.winner == 0 else "East/West"
        won, lost = state.scores[state.winner], state.scores[1 - state.winner]  # (the losers may have more)
        return Outcome((0, 2) if state.winner == 0 else (1, 3), state.scores,
                       f"{name} win {won}-{lost} after {plural(state.number + 1, 'hand')}")

    def observation(self, state: BidState, seat: int) -> Any:
        from plugins.bid_euchre.observe import observe

        return observe(state, seat)

    def hidden_from(self, state: BidState, seat: int) -> frozenset[str]:
        return frozenset(c.text for s in range(4) if s != seat for c in state.hand.hands[s])

    def state_to_json(self, state: BidState) -> dict[str, Any]:
        from plugins.bid_euchre.serial import state_to_json

        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> BidState:
        from plugins.bid_euchre.serial import state_from_json

        return state_from_json(data)

    def move_text(self, move: Move) -> str:
        return move.text

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def may_undo(self, state: BidState, move: Move) -> bool:
        return move.kind != "play"  # a played card is never taken back

    def hold_points(self, state: BidState) -> tuple[str, ...]:
        """A finished trick (``trick:H:T``), a finished hand's summary (``hand:H``), the match (``match``)."""
        return trick_holds(state, state.hand.phase == Phase.PLAY)
