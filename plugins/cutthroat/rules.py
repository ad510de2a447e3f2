"""Euchre for two or three, each player for themselves (the rules are in ``SPEC.md`` beside this module):
five cards each and an upcard; round one from the dealer's left each orders it up or passes (the dealer
takes it up), and the dealer takes the upcard and discards; round two each may name another suit in the same
order, with the dealer stuck in the three-handed game (an option), else a new deal; the player left of the
dealer leads; the maker plays alone against the rest: 1 point for three or four tricks, 2 (two-handed) or 3
(three-handed) for a march, and 2 to every other player for a euchre.

Seats are clockwise from South (the person): S N for two players, S W E for three.
Moves: ``pass``, ``order``, ``discard 9C``, ``call H``, ``play JH``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from core.plugin import Card, IllegalMove, Outcome, Rng, Suit, Text, plural
from plugins.euchre.public import DECK, Ranking, Trick, sort_hand, trick_holds

SUITS = tuple(Suit(letter) for letter in "SHDC")
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


@dataclass(frozen=True, slots=True)
class Format:
    """What differs between the tables: the number of players, the march's points, the seats' letters."""

    players: int
    march: int
    letters: str
    name: str  # the game id, also the label of its shuffles

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players


TWO = Format(2, 2, "SN", "two-handed-euchre")
THREE = Format(3, 3, "SWE", "three-handed-euchre")
FORMATS = {f.players: f for f in (TWO, THREE)}
EUCHRE_POINTS = 2  # to every other player when the maker is euchred


PASS = Move("pass")
ORDER = Move("order")
CALLS = {suit: Move("call", suit=suit) for suit in SUITS}


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    stock: tuple[Card, ...]  # the cards left face down, never used in the hand


@dataclass(frozen=True, slots=True)
class Hand:
    deal: Deal
    phase: Phase
    turn: int | None
    hands: tuple[tuple[Card, ...], ...]
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

    def tricks_won(self) -> tuple[int, ...]:
        return tuple(sum(1 for t in self.tricks if t.winner == seat) for seat in range(len(self.hands)))


@dataclass(frozen=True, slots=True)
class HandResult:
    deal: Deal
    log: tuple[tuple[int, str], ...]
    trump: Suit | None  # None: thrown in (everyone passed twice)
    maker: int | None
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]

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
class CutthroatState:
    """A match: the table's format, the rule options, the seed that deals every hand, the scores, the hand in
    progress, the hands played."""

    format: Format
    target: int
    stick_the_dealer: bool
    seed: int
    number: int
    scores: tuple[int, ...]
    hand: Hand
    results: tuple[HandResult, ...] = ()
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.hand.phase == Phase.OVER

    @property
    def players(self) -> int:
        return self.format.players


# -- dealing and scoring ---------------------------------------------------------------------------


def start_hand(fmt: Format, deal: Deal) -> Hand:
    return Hand(deal, Phase.BID1, fmt.left_of(deal.dealer), deal.hands)


def deal_from_seed(fmt: Format, seed: int, number: int, dealer: int) -> Deal:
    """Five cards to each player from the dealer's left, then the upcard; the rest face down."""
    cards = list(DECK)
    Rng.derive(seed, f"{fmt.name}-deal", number).shuffle(cards)
    hands: list[tuple[Card, ...]] = [()] * fmt.players
    for i in range(fmt.players):
        hands[(dealer + 1 + i) % fmt.players] = tuple(cards[5 * i: 5 * i + 5])
    up = 5 * fmt.players
    return Deal(dealer, tuple(hands), cards[up], tuple(cards[up + 1:]))


def first_dealer(fmt: Format, seed: int) -> int:
    return Rng.derive(seed, f"{fmt.name}-first-dealer").below(fmt.players)


def hand_points(fmt: Format, maker: int, maker_tricks: int) -> tuple[int, ...]:
    """The maker scores 1 for three or four tricks and the march's points for all five; a euchre gives
    every other player 2."""
    if maker_tricks >= 3:
        return tuple((fmt.march if maker_tricks == TRICKS else 1) if seat == maker else 0
                     for seat in range(fmt.players))
    return tuple(0 if seat == maker else EUCHRE_POINTS for seat in range(fmt.players))


def parse_deal(fmt: Format, data: Mapping[str, Any]) -> Deal:
    """``{"dealer": "N", "hands": {"S": [five], "N": [five]}, "upcard": "JH"}`` (seats S W E for three); the
    rest of the 24 cards is the stock (in deck order unless ``"stock"`` lists them)."""
    letters = fmt.letters
    try:
        dealer = letters.index(str(data["dealer"]).upper())
        hands = tuple(tuple(_card(t) for t in data["hands"][letter]) for letter in letters)
        upcard = _card(data["upcard"])
    except (KeyError, ValueError) as error:
        raise ValueError(f"a {fmt.name.replace('-', ' ')} deal needs dealer ({' '.join(letters)}), hands "
                         f"({' '.join(letters)}, five cards each) and upcard: {error}") from None
    used = [c for h in hands for c in h] + [upcard]
    if any(len(h) != 5 for h in hands) or len(set(used)) != len(used):
        raise ValueError("a deal gives five different cards to each player and an upcard")
    stock = tuple(_card(t) for t in data["stock"]) if "stock" in data else tuple(c for c in DECK if c not in used)
    if sorted(c.text for c in (*used, *stock)) != sorted(c.text for c in DECK):
        raise ValueError("the stock must hold the rest of the deck")
    return Deal(dealer, hands, upcard, stock)


def deal_to_json(fmt: Format, deal: Deal) -> dict[str, Any]:
    return {"dealer": fmt.letters[deal.dealer],
            "hands": {fmt.letters[s]: [c.text for c in deal.hands[s]] for s in range(fmt.players)},
            "upcard": deal.upcard.text, "stock": [c.text for c in deal.stock]}


# -- legal moves -----------------------------------------------------------------------------------


def _stuck(state: CutthroatState) -> bool:
    hand = state.hand
    return hand.phase == Phase.BID2 and state.stick_the_dealer and hand.turn == hand.dealer


def bids_allowed(phase: Phase, upcard: Card, stuck: bool) -> list[Move]:
    """The bids a player may make in round one (``BID1``) or two (``BID2``; ``stuck``: the dealer may not pass)."""
    if phase == Phase.BID1:
        return [PASS, ORDER]
    calls = [CALLS[s] for s in SUITS if s != upcard.suit]
    return calls if stuck else [PASS, *calls]


def legal_moves(state: CutthroatState) -> list[Move]:
    hand = state.hand
    seat = hand.turn
    if seat is None or state.over:
        return []
    if hand.phase in (Phase.BID1, Phase.BID2):
        return bids_allowed(hand.phase, hand.deal.upcard, _stuck(state))
    if hand.phase == Phase.DISCARD:
        return [Move("discard", card=c) for c in hand.hands[seat] if c != hand.deal.upcard]
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


def why_illegal(state: CutthroatState, move: Move) -> Text:
    """What a player is told, in English and Japanese: which rule the move breaks and what is allowed."""
    hand = state.hand
    seat = hand.turn
    if seat is None or state.over:
        return Text("the match is over: start a new game", "対戦は終わりました。新しい対戦を始めてください")
    now = _PHASE_WORDS[hand.phase]
    wanted = _KIND_PHASE.get(move.kind)
    if move.kind == "pass" and _stuck(state):
        return Text("stick the dealer: the dealer cannot pass and must name one of the three other suits",
                    "配り手強制: 配り手はパスできず、ほかの3つのマークから1つを指名します")
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


def _advance(fmt: Format, hand: Hand, seat: int, move: Move) -> Hand:
    dealer = hand.dealer
    if hand.phase == Phase.BID1:
        if move.kind == "pass":
            if seat == dealer:
                return replace(hand, phase=Phase.BID2, turn=fmt.left_of(dealer), upcard_fate="down")
            return replace(hand, turn=fmt.left_of(seat))
        hands = list(hand.hands)
        hands[dealer] = (*hands[dealer], hand.deal.upcard)
        return replace(hand, hands=tuple(hands), phase=Phase.DISCARD, turn=dealer, upcard_fate="taken",
                       trump=hand.deal.upcard.suit, maker=seat)
    if hand.phase == Phase.DISCARD:
        assert move.card is not None
        hands = list(hand.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        return _start_play(fmt, replace(hand, hands=tuple(hands), discard=move.card))
    if hand.phase == Phase.BID2:
        if move.kind == "pass":
            return replace(hand, turn=None if seat == dealer else fmt.left_of(seat))  # all passed: thrown in
        return _start_play(fmt, replace(hand, trump=move.suit, maker=seat))
    assert move.card is not None
    hands = list(hand.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != move.card)
    current = (*hand.current, (seat, move.card))
    played = replace(hand, hands=tuple(hands), current=current)
    if len(current) < fmt.players:
        return replace(played, turn=fmt.left_of(seat))
    winner = Ranking(hand.trump).winner(current)
    tricks = (*hand.tricks, Trick(hand.leader, current, winner))
    done = len(tricks) == TRICKS
    return replace(played, tricks=tricks, current=(), turn=None if done else winner, leader=winner)


def _start_play(fmt: Format, hand: Hand) -> Hand:
    leader = fmt.left_of(hand.dealer)
    return replace(hand, phase=Phase.PLAY, turn=leader, leader=leader)


def _finish(state: CutthroatState, hand: Hand) -> CutthroatState:
    fmt = state.format
    points = (0,) * fmt.players if hand.maker is None else \
        hand_points(fmt, hand.maker, hand.tricks_won()[hand.maker])
    result = HandResult(hand.deal, hand.log, hand.trump, hand.maker, hand.tricks, points)
    scores = tuple(a + b for a, b in zip(state.scores, points, strict=True))
    results = (*state.results, result)
    top = max(scores)
    leaders = [seat for seat in range(fmt.players) if scores[seat] == top]
    if top >= state.target and len(leaders) == 1:  # two sharing the top score play on
        return replace(state, scores=scores, results=results, hand=replace(hand, phase=Phase.OVER, turn=None),
                       winner=leaders[0])
    number = state.number + 1
    return replace(state, number=number, scores=scores, results=results,
                   hand=start_hand(fmt, deal_from_seed(fmt, state.seed, number, fmt.left_of(hand.dealer))))


# -- the rules object -------------------------------------------------------------------------------


class CutthroatRules:
    """Implements :class:`core.game.Rules` (and the optional ``hold_points``) for one table format."""

    def __init__(self, fmt: Format) -> None:
        self.format = fmt

    def _options(self, settings: Mapping[str, Any]) -> tuple[int, bool]:
        from plugins.cutthroat.settings import SCHEMAS

        values = SCHEMAS[self.format.players].checked(settings)
        return int(values["target"]), bool(values.get("stick_the_dealer", False))

    def new_game(self, settings: Mapping[str, Any], seed: int) -> CutthroatState:
        fmt = self.format
        target, stick = self._options(settings)
        return CutthroatState(fmt, target, stick, seed, 0, (0,) * fmt.players,
                              start_hand(fmt, deal_from_seed(fmt, seed, 0, first_dealer(fmt, seed))))

    def from_deal(self, settings: Mapping[str, Any], deal: Mapping[str, Any]) -> CutthroatState:
        """The first hand as given; later hands come from ``deal["seed"]`` (default 0); ``deal["scores"]``
        starts the match from a score (default all 0)."""
        fmt = self.format
        target, stick = self._options(settings)
        scores = tuple(int(v) for v in deal.get("scores", (0,) * fmt.players))
        if len(scores) != fmt.players:
            raise ValueError(f"scores are {fmt.players} numbers, one per seat ({' '.join(fmt.letters)})")
        return CutthroatState(fmt, target, stick, int(deal.get("seed", 0)), 0, scores,
                              start_hand(fmt, parse_deal(fmt, deal)))

    def legal_moves(self, state: CutthroatState) -> list[Move]:
        return legal_moves(state)

    def apply(self, state: CutthroatState, move: Move) -> CutthroatState:
        problem = _malformed(move)
        if problem:
            raise IllegalMove(problem)
        hand = state.hand
        if move not in legal_moves(state):
            raise IllegalMove(why_illegal(state, move))
        seat = hand.turn
        assert seat is not None
        after = _advance(state.format, replace(hand, log=(*hand.log, (seat, move.text))), seat, move)
        if after.turn is None:
            return _finish(state, after)
        return replace(state, hand=after)

    def to_move(self, state: CutthroatState) -> int | None:
        return state.hand.turn if not state.over else None

    def outcome(self, state: CutthroatState) -> Outcome | None:
        if not state.over or state.winner is None:
            return None
        names = {"S": "South", "N": "North", "W": "West", "E": "East"}
        name = names[state.format.letters[state.winner]]
        score = "-".join(str(s) for s in state.scores)
        return Outcome((state.winner,), state.scores, f"{name} wins {score} after {plural(state.number + 1, 'hand')}")

    def observation(self, state: CutthroatState, seat: int) -> Any:
        from plugins.cutthroat.observe import observe

        return observe(state, seat)

    def hidden_from(self, state: CutthroatState, seat: int) -> frozenset[str]:
        hand = state.hand
        hidden = {c.text for s, cards in enumerate(hand.hands) if s != seat for c in cards if c != hand.deal.upcard}
        hidden |= {c.text for c in hand.deal.stock}
        if hand.discard is not None and seat != hand.dealer:
            hidden.add(hand.discard.text)
        return frozenset(hidden)

    def state_to_json(self, state: CutthroatState) -> dict[str, Any]:
        from plugins.cutthroat.serial import state_to_json

        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> CutthroatState:
        from plugins.cutthroat.serial import state_from_json

        return state_from_json(self.format, data)

    def move_text(self, move: Move) -> str:
        return move.text

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def may_undo(self, state: CutthroatState, move: Move) -> bool:
        return move.kind != "play"  # a played card is never taken back

    def hold_points(self, state: CutthroatState) -> tuple[str, ...]:
        """A finished trick (``trick:H:T``), a finished hand's summary (``hand:H``), the match (``match``)."""
        return trick_holds(state, state.hand.phase == Phase.PLAY)
