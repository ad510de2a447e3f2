"""Two-handed Euchre (the rules are in ``SPEC.md`` beside this module): two players, five cards each, the
upcard; round one the non-dealer orders up or passes, then the dealer takes it up or passes; round two each
may name another suit in the same order, a new deal when both pass; the non-dealer leads; 1 point for three
or four tricks, 2 for a march, 2 to the other player for a euchre; game to 5 (7 or 10 as options).

Seats: 0 is South (the person), 1 is North (the opponent across the table).
Moves: ``pass``, ``order``, ``discard 9C``, ``call H``, ``play JH``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from core.plugin import Card, IllegalMove, Outcome, Rng, Suit, Text
from plugins.euchre.public import DECK, Ranking, Trick, sort_hand

SUITS = tuple(Suit(letter) for letter in "SHDC")
SEAT_LETTERS = "SN"
USAGE = "moves are: pass, order, discard 9C, call H, play JH"
TRICKS = 5


class Phase(StrEnum):
    BID1 = "bid1"
    DISCARD = "discard"
    BID2 = "bid2"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Move:
    """``pass``, ``order``, ``discard 9C``, ``call H``, ``play JH``."""

    kind: str
    suit: Suit | None = None
    card: Card | None = None

    @property
    def text(self) -> str:
        if self.kind == "call":
            return f"call {self.suit.letter if isinstance(self.suit, Suit) else '?'}"
        if self.kind in ("discard", "play"):
            return f"{self.kind} {self.card.text if isinstance(self.card, Card) else '?'}"
        return str(self.kind)

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.strip().lower().split()
        try:
            if words in (["pass"], ["order"]):
                return cls(words[0])
            if len(words) == 2 and words[0] == "call":
                return cls("call", suit=Suit.parse(words[1]))
            if len(words) == 2 and words[0] in ("discard", "play"):
                return cls(words[0], card=_card(words[1]))
        except ValueError as error:
            raise IllegalMove(f"'{text}': {error}") from None
        raise IllegalMove(f"'{text}' is not a move; {USAGE}")


def _card(text: object) -> Card:
    card = Card.parse(str(text))
    if card not in DECK:
        raise ValueError(f"{card.pretty} is not in the Euchre deck: only 9, 10, J, Q, K and A are used")
    return card


PASS = Move("pass")
ORDER = Move("order")
CALLS = {suit: Move("call", suit=suit) for suit in SUITS}


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    upcard: Card
    stock: tuple[Card, ...]  # the 13 cards left face down, never used in the hand


@dataclass(frozen=True, slots=True)
class Hand:
    deal: Deal
    phase: Phase
    turn: int | None
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    log: tuple[tuple[int, str], ...] = ()
    upcard_fate: str = "up"  # "up", "taken" (by the dealer) or "down" (turned down)
    trump: Suit | None = None
    maker: int | None = None
    discard: Card | None = None
    tricks: tuple[Trick, ...] = ()
    leader: int = 0
    current: tuple[tuple[int, Card], ...] = ()

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    def tricks_won(self) -> tuple[int, int]:
        south = sum(1 for t in self.tricks if t.winner == 0)
        return (south, len(self.tricks) - south)


@dataclass(frozen=True, slots=True)
class HandResult:
    deal: Deal
    log: tuple[tuple[int, str], ...]
    trump: Suit | None  # None: thrown in (both passed twice)
    maker: int | None
    tricks: tuple[Trick, ...]
    points: tuple[int, int]

    @property
    def thrown_in(self) -> bool:
        return self.maker is None

    @property
    def maker_tricks(self) -> int:
        return sum(1 for t in self.tricks if t.winner == self.maker)

    @property
    def euchred(self) -> bool:
        return self.maker is not None and self.maker_tricks < 3


@dataclass(frozen=True, slots=True)
class TwoHandedState:
    """A match: the target, the seed that deals every hand, the score, the hand in progress, the hands played."""

    target: int
    seed: int
    number: int
    scores: tuple[int, int]
    hand: Hand
    results: tuple[HandResult, ...] = ()
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.hand.phase == Phase.OVER


# -- dealing and scoring ---------------------------------------------------------------------------


def other(seat: int) -> int:
    return 1 - seat


def start_hand(deal: Deal) -> Hand:
    return Hand(deal, Phase.BID1, other(deal.dealer), deal.hands)


def deal_from_seed(seed: int, number: int, dealer: int) -> Deal:
    cards = list(DECK)
    Rng.derive(seed, "two-handed-euchre-deal", number).shuffle(cards)
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[other(dealer)], hands[dealer] = tuple(cards[0:5]), tuple(cards[5:10])
    return Deal(dealer, (hands[0], hands[1]), cards[10], tuple(cards[11:]))


def first_dealer(seed: int) -> int:
    return Rng.derive(seed, "two-handed-euchre-first-dealer").below(2)


def hand_points(maker: int, maker_tricks: int) -> tuple[int, int]:
    """1 for three or four tricks, 2 for all five; a euchre gives the other player 2."""
    points = [0, 0]
    if maker_tricks >= 3:
        points[maker] = 2 if maker_tricks == TRICKS else 1
    else:
        points[other(maker)] = 2
    return (points[0], points[1])


def parse_deal(data: Mapping[str, Any]) -> Deal:
    """``{"dealer": "N", "hands": {"S": [five], "N": [five]}, "upcard": "JH"}``; the rest of the 24 cards is
    the stock (in deck order unless ``"stock"`` lists them)."""
    try:
        dealer = SEAT_LETTERS.index(str(data["dealer"]).upper())
        hands = tuple(tuple(_card(t) for t in data["hands"][letter]) for letter in SEAT_LETTERS)
        upcard = _card(data["upcard"])
    except (KeyError, ValueError) as error:
        raise ValueError(f"a two-handed Euchre deal needs dealer (S or N), hands (S and N, five cards each) "
                         f"and upcard: {error}") from None
    used = [c for h in hands for c in h] + [upcard]
    if any(len(h) != 5 for h in hands) or len(set(used)) != 11:
        raise ValueError("a two-handed Euchre deal gives five different cards to each player and an upcard")
    stock = tuple(_card(t) for t in data["stock"]) if "stock" in data else tuple(c for c in DECK if c not in used)
    if sorted(c.text for c in (*used, *stock)) != sorted(c.text for c in DECK):
        raise ValueError("the stock must hold the other 13 cards of the deck")
    return Deal(dealer, (hands[0], hands[1]), upcard, stock)


def deal_to_json(deal: Deal) -> dict[str, Any]:
    return {"dealer": SEAT_LETTERS[deal.dealer], "hands": {SEAT_LETTERS[s]: [c.text for c in deal.hands[s]]
                                                           for s in (0, 1)},
            "upcard": deal.upcard.text, "stock": [c.text for c in deal.stock]}


# -- legal moves -----------------------------------------------------------------------------------


def legal_moves(hand: Hand) -> list[Move]:
    seat = hand.turn
    if seat is None:
        return []
    if hand.phase == Phase.BID1:
        return [PASS, ORDER]
    if hand.phase == Phase.DISCARD:
        return [Move("discard", card=c) for c in hand.hands[seat] if c != hand.deal.upcard]
    if hand.phase == Phase.BID2:
        return [PASS, *(CALLS[s] for s in SUITS if s != hand.deal.upcard.suit)]
    if hand.phase == Phase.PLAY:
        ranking = Ranking(hand.trump)
        led = ranking.suit_of(hand.current[0][1]) if hand.current else None
        return [Move("play", card=c) for c in ranking.follow(hand.hands[seat], led)]
    return []


_PHASE_WORDS = {
    Phase.BID1: Text("order up the upcard or pass", "公開札を切札にするかパスしてください"),
    Phase.DISCARD: Text("the dealer discards one of the original five cards", "配り手が元の5枚から1枚捨てます"),
    Phase.BID2: Text("name another suit or pass", "ほかのマークを指名するかパスしてください"),
    Phase.PLAY: Text("play a card", "札を出してください"),
    Phase.OVER: Text("the match is over", "対戦は終わりました"),
}
_KIND_PHASE = {"order": Phase.BID1, "discard": Phase.DISCARD, "call": Phase.BID2, "play": Phase.PLAY}


def why_illegal(hand: Hand, move: Move) -> Text:
    """What a player is told, in English and Japanese: which rule the move breaks and what is allowed."""
    seat = hand.turn
    if seat is None:
        return Text("the match is over: start a new game", "対戦は終わりました。新しい対戦を始めてください")
    now = _PHASE_WORDS[hand.phase]
    wanted = _KIND_PHASE.get(move.kind)
    if move.kind == "pass" or (wanted is not None and wanted != hand.phase):
        return Text("'{move}' is not possible now: {now}", "「{move}」は今はできません。{now}").format(
            move=move.text, now=now)
    if move.card is not None and move.card not in hand.hands[seat]:
        return Text("you do not hold {card}", "{card} は持っていません").format(card=move.card.pretty)
    if move.kind == "discard":
        return Text("the upcard cannot be discarded: discard one of your original five cards",
                    "公開札は捨てられません。元の5枚から1枚捨ててください")
    if move.kind == "call" and move.suit is not None:
        return Text("{suit} was the upcard's suit and was turned down: name one of the three other suits",
                    "{suit}は伏せた公開札のマークです。ほかの3つから指名してください").format(suit=move.suit.words)
    if move.kind == "play" and move.card is not None and hand.current:
        ranking = Ranking(hand.trump)
        led = ranking.suit_of(hand.current[0][1])
        follow = ", ".join(c.pretty for c in sort_hand(ranking.follow(hand.hands[seat], led), ranking))
        return Text("you must follow {suit} (the led card's suit): play {follow}",
                    "台札の{suit}を出す必要があります: {follow}").format(suit=led.words, follow=follow)
    return Text("'{move}' is not allowed now: {now}", "「{move}」は今はできません。{now}").format(
        move=move.text, now=now)


def _malformed(move: object) -> str | None:
    if not isinstance(move, Move):
        return f"{move!r} is not a two-handed Euchre move; {USAGE}"
    parts = {"pass": (), "order": (), "call": ("suit",), "discard": ("card",), "play": ("card",)}
    if move.kind not in parts:
        return f"'{move.kind}' is not a kind of move; {USAGE}"
    for name, kind in (("suit", Suit), ("card", Card)):
        value = getattr(move, name)
        if (value is not None) != (name in parts[move.kind]) or (value is not None and not isinstance(value, kind)):
            return f"'{move.kind}' {'needs' if name in parts[move.kind] else 'takes no'} {name}"
    return None


# -- advancing -------------------------------------------------------------------------------------


def _advance(hand: Hand, seat: int, move: Move) -> Hand:
    dealer = hand.dealer
    if hand.phase == Phase.BID1:
        if move.kind == "pass":
            if seat == dealer:
                return replace(hand, phase=Phase.BID2, turn=other(dealer), upcard_fate="down")
            return replace(hand, turn=dealer)
        hands = list(hand.hands)
        hands[dealer] = (*hands[dealer], hand.deal.upcard)
        return replace(hand, hands=(hands[0], hands[1]), phase=Phase.DISCARD, turn=dealer, upcard_fate="taken",
                       trump=hand.deal.upcard.suit, maker=seat)
    if hand.phase == Phase.DISCARD:
        assert move.card is not None
        hands = list(hand.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        return _start_play(replace(hand, hands=(hands[0], hands[1]), discard=move.card))
    if hand.phase == Phase.BID2:
        if move.kind == "pass":
            return replace(hand, turn=None if seat == dealer else dealer)  # both passed twice: thrown in
        return _start_play(replace(hand, trump=move.suit, maker=seat))
    assert move.card is not None
    hands = list(hand.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != move.card)
    current = (*hand.current, (seat, move.card))
    played = replace(hand, hands=(hands[0], hands[1]), current=current)
    if len(current) < 2:
        return replace(played, turn=other(seat))
    winner = Ranking(hand.trump).winner(current)
    tricks = (*hand.tricks, Trick(hand.leader, current, winner))
    done = len(tricks) == TRICKS
    return replace(played, tricks=tricks, current=(), turn=None if done else winner, leader=winner)


def _start_play(hand: Hand) -> Hand:
    leader = other(hand.dealer)  # the non-dealer leads
    return replace(hand, phase=Phase.PLAY, turn=leader, leader=leader)


def _finish(state: TwoHandedState, hand: Hand) -> TwoHandedState:
    points = (0, 0) if hand.maker is None else hand_points(hand.maker, hand.tricks_won()[hand.maker])
    result = HandResult(hand.deal, hand.log, hand.trump, hand.maker, hand.tricks, points)
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    results = (*state.results, result)
    leaders = [seat for seat in (0, 1) if scores[seat] >= state.target]
    if leaders:
        return replace(state, scores=scores, results=results, hand=replace(hand, phase=Phase.OVER, turn=None),
                       winner=leaders[0])  # only the side that scored can reach the target
    number = state.number + 1
    return replace(state, number=number, scores=scores, results=results,
                   hand=start_hand(deal_from_seed(state.seed, number, other(hand.dealer))))


# -- the rules object -------------------------------------------------------------------------------


class TwoHandedRules:
    """Implements :class:`core.game.Rules` for two-handed Euchre (and the optional ``hold_points``)."""

    def new_game(self, settings: Mapping[str, Any], seed: int) -> TwoHandedState:
        from plugins.two_handed.settings import SCHEMA

        values = SCHEMA.checked(settings)
        return TwoHandedState(int(values["target"]), seed, 0, (0, 0),
                              start_hand(deal_from_seed(seed, 0, first_dealer(seed))))

    def from_deal(self, settings: Mapping[str, Any], deal: Mapping[str, Any]) -> TwoHandedState:
        """The first hand as given; later hands come from ``deal["seed"]`` (default 0); ``deal["scores"]``
        starts the match from a score (default 0–0)."""
        from plugins.two_handed.settings import SCHEMA

        values = SCHEMA.checked(settings)
        scores = tuple(int(v) for v in deal.get("scores", (0, 0)))
        if len(scores) != 2:
            raise ValueError("scores are two numbers: South, North")
        return TwoHandedState(int(values["target"]), int(deal.get("seed", 0)), 0, (scores[0], scores[1]),
                              start_hand(parse_deal(deal)))

    def legal_moves(self, state: TwoHandedState) -> list[Move]:
        return legal_moves(state.hand)

    def apply(self, state: TwoHandedState, move: Move) -> TwoHandedState:
        problem = _malformed(move)
        if problem:
            raise IllegalMove(problem)
        hand = state.hand
        if move not in legal_moves(hand):
            raise IllegalMove(why_illegal(hand, move))
        seat = hand.turn
        assert seat is not None
        after = _advance(replace(hand, log=(*hand.log, (seat, move.text))), seat, move)
        if after.turn is None:
            return _finish(state, after)
        return replace(state, hand=after)

    def to_move(self, state: TwoHandedState) -> int | None:
        return state.hand.turn if not state.over else None

    def outcome(self, state: TwoHandedState) -> Outcome | None:
        if not state.over or state.winner is None:
            return None
        name = "South" if state.winner == 0 else "North"
        return Outcome((state.winner,), state.scores,
                       f"{name} wins {max(state.scores)}-{min(state.scores)} after {state.number + 1} hands")

    def observation(self, state: TwoHandedState, seat: int) -> Any:
        from plugins.two_handed.observe import observe

        return observe(state, seat)

    def hidden_from(self, state: TwoHandedState, seat: int) -> frozenset[str]:
        hand = state.hand
        hidden = {c.text for c in hand.hands[other(seat)] if c != hand.deal.upcard}
        hidden |= {c.text for c in hand.deal.stock}
        if hand.discard is not None and seat != hand.dealer:
            hidden.add(hand.discard.text)
        return frozenset(hidden)

    def state_to_json(self, state: TwoHandedState) -> dict[str, Any]:
        from plugins.two_handed.serial import state_to_json

        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> TwoHandedState:
        from plugins.two_handed.serial import state_from_json

        return state_from_json(data)

    def move_text(self, move: Move) -> str:
        return move.text

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def may_undo(self, state: TwoHandedState, move: Move) -> bool:
        return move.kind != "play"  # a played card is never taken back

    def hold_points(self, state: TwoHandedState) -> tuple[str, ...]:
        """A finished trick (``trick:H:T``), a finished hand's summary (``hand:H``), the match (``match``)."""
        hand = state.hand
        if state.over or (state.results and not hand.log):
            last = state.results[-1]
            number = len(state.results) - 1
            trick = (f"trick:{number}:{TRICKS}",) if last.tricks else ()
            return (*trick, f"hand:{number}", *(("match",) if state.over else ()))
        if hand.phase == Phase.PLAY and hand.tricks and not hand.current:
            return (f"trick:{state.number}:{len(hand.tricks)}",)
        return ()
