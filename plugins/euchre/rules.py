"""Euchre's rules as explicit phases: deal, round 1 (order up), the dealer's pickup and discard, round 2
(name a suit), a defender going alone (option), five tricks, scoring, and the match to the target.

Deals come from the match seed: hand *k* shuffles the deck (9 10 J Q K A of S H D C, in that order; then
7 8 of each suit with the 32-card deck; then the joker with that option) with ``Rng.derive(seed,
"euchre-deal", k)`` and deals five cards to each player starting left of the dealer, then the upcard, then
the buried cards (three; four with the joker, eleven or twelve with 32 cards). The first dealer is
``Rng.derive(seed, "euchre-first-dealer").below(4)``; the deal passes to the left after every hand.

With the joker, a joker turned up is the British rule: the dealer names trump before looking at the hand
(the dealer's own observation shows no cards until then), takes the joker and discards; there is no
bidding, so no one orders up, names a suit or goes alone as a maker that hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from core.cards import JOKER, SUITS, Card, Suit
from core.frozen import replacer
from core.game import IllegalMove, Outcome
from core.rng import Rng
from core.text import Text, plural
from plugins.euchre.cards import ALL_CARDS, DECK, Ranking, deck_of
from plugins.euchre.holds import trick_holds
from plugins.euchre.model import (
    PASS,
    SEAT_LETTERS,
    Deal,
    EuchreState,
    Hand,
    HandResult,
    Move,
    Phase,
    Trick,
    euchre_card,
    left_of,
    parse_seat,
    partner,
    seat_letter,
    team_of,
)
from plugins.euchre.settings import Options

_DECK_INDEX = {card: i for i, card in enumerate(ALL_CARDS)}
_SUITS_OF = {trump: Ranking.of(trump).suits for trump in (*SUITS, None)}  # trump -> card -> effective suit
_hand = replacer(Hand)
_state = replacer(EuchreState)
# a card play's copies take their fields by position, and its phase test reads the member once: in Python
# 3.11 keyword handling costs 0.5 µs a copy and each ``Phase.X`` lookup 0.1 µs
_played = replacer(Hand, "hands", "current", "turn", "log")
_trick_taken = replacer(Hand, "hands", "current", "tricks", "turn", "leader", "log")
_with_hand = replacer(EuchreState, "hand")
_PLAY = Phase.PLAY


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_DECK_INDEX.__getitem__))


# -- dealing ----------------------------------------------------------------------------------------


@lru_cache(maxsize=64)  # the hard player's playouts finish many hands of one match: each deals the same next hand
def deal_from_seed(seed: int, number: int, dealer: int, deck: tuple[Card, ...] = DECK) -> Deal:
    """Hand ``number`` of the match ``seed`` dealt from ``deck`` (the match's ``Options.deck``)."""
    order = list(range(len(deck)))  # shuffling the places shuffles the cards the same way; places sort fast
    Rng.derive(seed, "euchre-deal", number).shuffle(order)
    hands: list[tuple[Card, ...]] = [()] * 4
    for i in range(4):
        hands[(dealer + 1 + i) % 4] = tuple([deck[j] for j in sorted(order[5 * i : 5 * i + 5])])
    return Deal(dealer, tuple(hands), deck[order[20]], tuple([deck[j] for j in order[21:]]))


def first_dealer(seed: int) -> int:
    return Rng.derive(seed, "euchre-first-dealer").below(4)


def deal_state(options: Options, deal: Deal, scores: tuple[int, int] = (0, 0), seed: int = 0) -> EuchreState:
    """A match whose first hand is ``deal`` (each hand in deck order, as ``from_deal`` reads it); later hands
    come from ``seed``."""
    sorted_deal = Deal(deal.dealer, tuple(_sorted(h) for h in deal.hands), deal.upcard, deal.buried)
    return EuchreState(options, seed, 0, scores, start_hand(sorted_deal))


def start_hand(deal: Deal) -> Hand:
    if deal.upcard.is_joker:
        return Hand(deal, Phase.NAME, deal.dealer, deal.hands)
    return Hand(deal, Phase.BID1, left_of(deal.dealer), deal.hands)


_DECKS = tuple(_sorted(deck_of(thirty_two, joker)) for thirty_two in (False, True) for joker in (False, True))


def parse_deal(data: Mapping[str, Any]) -> Deal:
    """A deal written as JSON: ``{"dealer": "W", "hands": {"S": ["9H", …], …}, "upcard": "AH", "buried": […]}``."""
    try:
        dealer = parse_seat(str(data["dealer"]))
        hands_data = data["hands"]
        hands = tuple(_sorted([euchre_card(t) for t in hands_data[letter]]) for letter in SEAT_LETTERS)
        upcard = euchre_card(str(data["upcard"]))
        buried = tuple(euchre_card(t) for t in data["buried"])
    except KeyError as error:
        raise ValueError(
            f"a Euchre deal needs dealer, hands (S W N E), upcard and buried; {error} is missing"
        ) from None
    if any(len(h) != 5 for h in hands):
        raise ValueError("a Euchre deal gives five cards to each seat")
    every = _sorted([c for h in hands for c in h] + [upcard, *buried])
    if every not in _DECKS:
        raise ValueError("a Euchre deal must use each card of its deck exactly once: 24 cards (9 to A), 32 with "
                         "the 7s and 8s, and the joker (JK) too with that option")
    return Deal(dealer, hands, upcard, buried)


def deck_options(deal: Deal) -> tuple[bool, bool]:
    """Which deck ``deal`` is from: (32 cards, with the joker)."""
    cards = {c for h in deal.hands for c in h} | {deal.upcard, *deal.buried}
    return (len(cards) >= 32, JOKER in cards)


def deal_to_json(deal: Deal) -> dict[str, Any]:
    return {
        "dealer": seat_letter(deal.dealer),
        "hands": {seat_letter(s): [c.text for c in deal.hands[s]] for s in range(4)},
        "upcard": deal.upcard.text,
        "buried": [c.text for c in deal.buried],
    }


# -- scoring ----------------------------------------------------------------------------------------


def hand_points(maker: int, maker_tricks: int, alone: bool, defender_alone: bool) -> tuple[int, int]:
    """Points (N/S, E/W) for a played hand, per the scoring table."""
    makers = team_of(maker)
    points = [0, 0]
    if maker_tricks == 5:
        points[makers] = 4 if alone else 2
    elif maker_tricks >= 3:
        points[makers] = 1
    else:
        points[1 - makers] = 4 if defender_alone else 2
    return (points[0], points[1])


# -- the rules object -------------------------------------------------------------------------------


class EuchreRules:
    """Implements :class:`core.game.Rules` for Euchre."""

    def new_game(self, settings: Mapping[str, Any], seed: int) -> EuchreState:
        options = Options.from_settings(settings)
        deal = deal_from_seed(seed, 0, first_dealer(seed), options.deck)
        return EuchreState(options, seed, 0, (0, 0), start_hand(deal))

    def from_deal(self, settings: Mapping[str, Any], deal: Mapping[str, Any]) -> EuchreState:
        """The first hand as given; later hands come from ``deal["seed"]`` (default 0)."""
        options = Options.from_settings(settings)
        scores = tuple(deal.get("scores", (0, 0)))
        parsed = parse_deal(deal)
        thirty_two, joker = deck_options(parsed)
        if thirty_two != options.thirty_two_cards:
            raise ValueError("the deal is from the 32-card deck but the 32-card option is off" if thirty_two else
                             "the 32-card option is on: the deal must use the 7s and 8s too")
        if joker != options.joker:
            raise ValueError("the deal has the joker (JK) but the joker option is off" if joker else
                             "the joker option is on: the deal must use the joker (JK) too")
        return deal_state(options, parsed, (int(scores[0]), int(scores[1])), int(deal.get("seed", 0)))

    # -- moves ------------------------------------------------------------------------------------

    def legal_moves(self, state: EuchreState) -> list[Move]:
        return legal_moves(state.options, state.hand)

    def apply(self, state: EuchreState, move: Move) -> EuchreState:
        hand = state.hand
        text = _KNOWN.get(id(move))
        if text is None:
            if not isinstance(move, Move):
                raise IllegalMove(f"{move!r} is not a Euchre move; write it as text, e.g. 'play JH' or 'pass'")
            problem = move.problem()
            if problem:
                raise IllegalMove(f"'{move.text}' is not a move: {problem}")
            text = move.text
        seat = hand.turn
        if move.kind == "play" and hand.phase is _PLAY and seat is not None:  # the hot path
            card = move.card
            assert card is not None
            if _may_play(hand, hand.hands[seat], card):
                new_hand = _play(hand, seat, card, (*hand.log, (seat, text)))
                return _finish_hand(state, new_hand) if new_hand.turn is None else _with_hand(state, new_hand)
        if not is_legal(state.options, hand, move):
            raise IllegalMove(why_illegal(state.options, hand, move))
        assert seat is not None
        new_hand = _advance(state.options, _hand(hand, log=(*hand.log, (seat, text))), seat, move)
        if new_hand.turn is None:
            return _finish_hand(state, new_hand)
        return _state(state, hand=new_hand)

    def to_move(self, state: EuchreState) -> int | None:
        return state.hand.turn

    def outcome(self, state: EuchreState) -> Outcome | None:
        if not state.over:
            return None
        ns, ew = state.scores
        team = 0 if ns > ew else 1
        winners = (0, 2) if team == 0 else (1, 3)
        name = "North/South" if team == 0 else "East/West"
        return Outcome(winners, state.scores,
                       f"{name} win {max(ns, ew)}-{min(ns, ew)} after {plural(state.number + 1, 'hand')}")

    def observation(self, state: EuchreState, seat: int) -> Any:
        from plugins.euchre.observe import observe

        return observe(state, seat)

    def hidden_from(self, state: EuchreState, seat: int) -> frozenset[str]:
        hand = state.hand
        hidden = {c.text for s in range(4) if s != seat or _blind(hand, s) for c in hand.hands[s]}
        hidden |= {c.text for c in hand.deal.buried}
        if hand.upcard_fate == "taken":
            hidden.discard(hand.deal.upcard.text)  # everyone saw the dealer take it
        if hand.discard is not None and seat != hand.dealer:
            hidden.add(hand.discard.text)
        return frozenset(hidden)

    def state_to_json(self, state: EuchreState) -> dict[str, Any]:
        from plugins.euchre.serial import state_to_json

        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> EuchreState:
        from plugins.euchre.serial import state_from_json

        return state_from_json(data)

    def move_text(self, move: Move) -> str:
        return move.text

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def may_undo(self, state: EuchreState, move: Move) -> bool:
        return move.kind != "play"  # a played card is never taken back

    def hold_points(self, state: EuchreState) -> tuple[str, ...]:
        """The moments a person reads before play goes on (see :mod:`plugins.euchre.holds`)."""
        return trick_holds(state, state.hand.phase == Phase.PLAY)


# -- legal moves and reasons ------------------------------------------------------------------------


def _blind(hand: Hand, seat: int) -> bool:
    """The joker is turned up and ``seat``, the dealer, names trump before looking at the hand."""
    return hand.phase == Phase.NAME and seat == hand.dealer


def _holds(hand: Sequence[Card], suit: Suit) -> bool:
    return Ranking.of(suit).count(hand, suit) > 0


def _forced(options: Options, hand: Hand) -> bool:
    return hand.phase == Phase.BID2 and options.stick_the_dealer and hand.turn == hand.dealer


_ORDERS = [PASS, Move("order"), Move("order", alone=True)]
_PICKUPS = [Move("pickup"), Move("decline")]
_DEFENDS = [PASS, Move("alone")]
_CALLS = {suit: (Move("call", suit=suit), Move("call", suit=suit, alone=True)) for suit in SUITS}
_NAMES = [pair[0] for pair in _CALLS.values()]
_PLAYS = {card: Move("play", card=card) for card in ALL_CARDS}
_DISCARDS = {card: Move("discard", card=card) for card in ALL_CARDS}
# the moves legal_moves hands out are well formed; their text is looked up by identity (the hot path)
_KNOWN = {id(m): m.text for m in (*_ORDERS, *_PICKUPS, *_DEFENDS, *(m for pair in _CALLS.values() for m in pair),
                                   *_PLAYS.values(), *_DISCARDS.values())}


def legal_moves(options: Options, hand: Hand) -> list[Move]:
    seat = hand.turn
    if seat is None:
        return []
    cards = hand.hands[seat]
    phase = hand.phase
    if phase is _PLAY:  # Ranking.follow, written out for the hot path
        if hand.current:
            suits = _SUITS_OF[hand.trump]
            led = suits[hand.current[0][1]]
            following = [_PLAYS[c] for c in cards if suits[c] is led]
            if following:
                return following
        return [_PLAYS[c] for c in cards]
    if phase == Phase.NAME:
        return list(_NAMES)
    if phase == Phase.BID1:
        upsuit = hand.deal.upcard.suit
        if not options.trump_holding or seat == hand.dealer or _holds(cards, upsuit):
            if options.dealer_partner_alone and seat == partner(hand.dealer):
                return [PASS, _ORDERS[2]]  # the dealer's partner orders up only alone
            return list(_ORDERS)
        return [PASS]
    if phase == Phase.PICKUP:
        return list(_PICKUPS)
    if phase == Phase.DISCARD:
        return [_DISCARDS[c] for c in cards if c != hand.deal.upcard]
    if phase == Phase.BID2:
        forced = _forced(options, hand)
        moves = [] if forced else [PASS]
        for suit in SUITS:
            if suit == hand.deal.upcard.suit:
                continue
            if options.trump_holding and not forced and not _holds(cards, suit):
                continue
            moves += _CALLS[suit]
        return moves
    if phase == Phase.DEFEND:
        return list(_DEFENDS)
    return []


def is_legal(options: Options, hand: Hand, move: Move) -> bool:
    """``move in legal_moves(options, hand)``, without building the list for a card play (the hot path)."""
    if hand.phase is _PLAY and hand.turn is not None:
        if move.kind != "play" or move.card is None or move.alone or move.suit is not None:
            return False
        return _may_play(hand, hand.hands[hand.turn], move.card)
    return move in legal_moves(options, hand)


def _may_play(hand: Hand, cards: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` may be played from ``cards`` in the trick so far: held, and following the led
    effective suit when the hand can."""
    if card not in cards:
        return False
    if not hand.current:
        return True
    suits = _SUITS_OF[hand.trump]
    led = suits[hand.current[0][1]]
    return suits[card] is led or all(suits[c] is not led for c in cards)


_PHASE_WORDS = {
    Phase.NAME: Text("the joker is turned up: the dealer names trump before looking at the hand",
                     "公開札はジョーカーです。配り手が手札を見る前に切札を指名します"),
    Phase.BID1: Text("order up the upcard or pass", "公開札を切札にするかパスしてください"),
    Phase.PICKUP: Text("the dealer picks up or declines the upcard", "配り手が公開札を拾うか決めます"),
    Phase.DISCARD: Text("the dealer discards one of the original five cards", "配り手が元の5枚から1枚捨てます"),
    Phase.BID2: Text("name a suit or pass", "マークを指名するかパスしてください"),
    Phase.DEFEND: Text("a defender may go alone or pass", "守備側は単独かパスを選びます"),
    Phase.PLAY: Text("play a card", "札を出してください"),
    Phase.OVER: Text("the match is over", "対戦は終わりました"),
}


_KIND_PHASE = {"order": Phase.BID1, "call": Phase.BID2, "pickup": Phase.PICKUP, "decline": Phase.PICKUP,
               "discard": Phase.DISCARD, "alone": Phase.DEFEND, "play": Phase.PLAY}


def why_illegal(options: Options, hand: Hand, move: Move) -> Text:
    """What a player is told, in English and Japanese: what was wrong and what is allowed."""
    seat = hand.turn
    if seat is None:
        return Text("the match is over: start a new game", "対戦は終わりました。新しい対戦を始めてください")
    cards = hand.hands[seat]
    wanted = _KIND_PHASE.get(move.kind)
    now = _PHASE_WORDS[hand.phase]
    if hand.phase == Phase.NAME:
        return Text("'{move}' is not possible now: {now} (call S, call H, call D or call C; no one plays alone "
                    "this hand)", "「{move}」は今はできません。{now}（call S/H/D/C。このハンドは単独なし）").format(
            move=move.text, now=now)
    if move.kind == "pass":
        if hand.phase == Phase.BID2 and _forced(options, hand):
            return Text("stick the dealer: the dealer cannot pass and must name one of the three other suits",
                        "配り手強制: 配り手はパスできず、ほかの3つのマークから1つを指名します")
        return Text("you cannot pass now: {now}", "今はパスできません。{now}").format(now=now)
    if wanted is not None and wanted != hand.phase:
        return Text("'{move}' is not possible now: {now}", "「{move}」は今はできません。{now}").format(
            move=move.text, now=now)
    if move.card is not None and move.card not in cards:
        return Text("you do not hold {card}", "{card} は持っていません").format(card=move.card.pretty)
    if move.kind == "discard":
        return Text("the upcard cannot be discarded: discard one of your original five cards",
                    "公開札は捨てられません。元の5枚から1枚捨ててください")
    if move.kind == "order" and options.dealer_partner_alone and seat == partner(hand.dealer) and not move.alone \
            and is_legal(options, hand, Move("order", alone=True)):
        return Text("the dealer's partner orders up only alone: choose 'alone' with it, or pass",
                    "配り手の味方は単独でしか公開札を切札にできません。単独を選ぶかパスしてください")
    if move.kind == "order":
        suit = hand.deal.upcard.suit
        return Text("trump-holding: you may order up {suit} only while holding one (a left bower counts)",
                    "切札所持: {suit}を1枚以上持っているときだけ切札にできます（左バウアーも数えます）").format(
            suit=suit.words)
    if move.kind == "call" and move.suit is not None:
        if move.suit == hand.deal.upcard.suit:
            return Text("{suit} was the upcard's suit and was turned down: name one of the three other suits",
                        "{suit}は伏せた公開札のマークです。ほかの3つから指名してください").format(suit=move.suit.words)
        return Text("trump-holding: you may name {suit} only while holding one (a left bower counts)",
                    "切札所持: {suit}を1枚以上持っているときだけ指名できます（左バウアーも数えます）").format(
            suit=move.suit.words)
    if move.kind == "play" and move.card is not None and hand.current:
        ranking = Ranking(hand.trump)
        led = ranking.suit_of(hand.current[0][1])
        follow = ", ".join(c.pretty for c in ranking.follow(cards, led))
        return Text("you must follow {suit} (the led card's suit): play {follow}",
                    "台札の{suit}を出す必要があります: {follow}").format(suit=led.words, follow=follow)
    return Text("'{move}' is not allowed now: {now}", "「{move}」は今はできません。{now}").format(
        move=move.text, now=now)


# -- advancing --------------------------------------------------------------------------------------


def _next_active(hand: Hand, seat: int) -> int:
    """The next seat to play to the trick when someone sits out (``_play`` handles the usual four)."""
    out = hand.sitting_out
    nxt = left_of(seat)
    while nxt in out:
        nxt = left_of(nxt)
    return nxt


def _passes_in_row(hand: Hand) -> int:
    n = 0
    for _, text in reversed(hand.log):
        if text != "pass":
            break
        n += 1
    return n


def _first_defender(hand: Hand) -> int:
    """The defender nearer the dealer's left: asked first whether to go alone."""
    assert hand.maker is not None
    seat = left_of(hand.dealer)
    return seat if team_of(seat) != team_of(hand.maker) else left_of(seat)


def _after_trump(options: Options, hand: Hand) -> Hand:
    if options.defender_alone:
        return _hand(hand, phase=Phase.DEFEND, turn=_first_defender(hand))
    return _start_play(hand)


def _start_play(hand: Hand) -> Hand:
    leader = left_of(hand.dealer)
    while leader in hand.sitting_out:
        leader = left_of(leader)
    return _hand(hand, phase=Phase.PLAY, turn=leader, leader=leader)


def _pick_up(hand: Hand) -> Hand:
    dealer = hand.dealer
    hands = list(hand.hands)
    hands[dealer] = _sorted([*hands[dealer], hand.deal.upcard])
    return _hand(hand, hands=tuple(hands), phase=Phase.DISCARD, turn=dealer, upcard_fate="taken")


def _advance(options: Options, hand: Hand, seat: int, move: Move) -> Hand:
    """The hand after a legal bidding move (a card play goes through ``EuchreRules.apply``'s hot path)."""
    kind = move.kind
    if hand.phase == Phase.NAME:
        return _pick_up(_hand(hand, trump=move.suit, maker=seat))
    if hand.phase == Phase.BID1:
        if kind == "pass":
            if _passes_in_row(hand) == 4:
                return _hand(hand, phase=Phase.BID2, turn=left_of(hand.dealer), upcard_fate="down")
            return _hand(hand, turn=left_of(seat))
        made = _hand(hand, trump=hand.deal.upcard.suit, maker=seat, alone=seat if move.alone else None)
        if options.dealer_may_decline and seat != hand.dealer:  # a dealer who orders up takes the card
            return _hand(made, phase=Phase.PICKUP, turn=hand.dealer)
        return _pick_up(made)
    if hand.phase == Phase.PICKUP:
        if kind == "pickup":
            return _pick_up(hand)
        return _after_trump(options, _hand(hand, upcard_fate="declined"))
    if hand.phase == Phase.DISCARD:
        assert move.card is not None
        hands = list(hand.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        return _after_trump(options, _hand(hand, hands=tuple(hands), discard=move.card))
    if hand.phase == Phase.BID2:
        if kind == "pass":
            if _passes_in_row(hand) == 8:
                return _hand(hand, turn=None)  # thrown in: the match deals the next hand
            return _hand(hand, turn=left_of(seat))
        return _after_trump(options, _hand(hand, trump=move.suit, maker=seat, alone=seat if move.alone else None))
    if hand.phase == Phase.DEFEND:
        if kind == "alone":
            return _start_play(_hand(hand, defender_alone=seat))
        if seat == _first_defender(hand):
            return _hand(hand, turn=partner(seat))
        return _start_play(hand)
    raise AssertionError(f"'{move.text}' in phase {hand.phase}: card plays are applied by EuchreRules.apply")


def _play(hand: Hand, seat: int, card: Card, log: tuple[tuple[int, str], ...]) -> Hand:
    hands = list(hand.hands)
    held = hands[seat]
    at = held.index(card)
    hands[seat] = held[:at] + held[at + 1 :]
    current = (*hand.current, (seat, card))
    everyone = hand.alone is None and hand.defender_alone is None  # the usual case: no one sits out
    if len(current) < (4 if everyone else 4 - len(hand.sitting_out)):
        return _played(hand, tuple(hands), current, (seat + 1) % 4 if everyone else _next_active(hand, seat), log)
    winner = Ranking.of(hand.trump).winner(current)
    tricks = (*hand.tricks, Trick(hand.leader, current, winner))
    if len(tricks) == 5:
        return _trick_taken(hand, tuple(hands), (), tricks, None, hand.leader, log)
    return _trick_taken(hand, tuple(hands), (), tricks, winner, winner, log)


def _finish_hand(state: EuchreState, hand: Hand) -> EuchreState:
    if hand.maker is None:
        points = (0, 0)
        maker_tricks = 0
    else:
        won = hand.tricks_won()
        maker_tricks = won[team_of(hand.maker)]
        points = hand_points(hand.maker, maker_tricks, hand.alone is not None, hand.defender_alone is not None)
    result = HandResult(hand.deal, hand.log, hand.trump, hand.maker, hand.alone, hand.defender_alone,
                        maker_tricks, points, hand.tricks)
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    results = (*state.results, result)
    if max(scores) >= state.options.target:
        return _state(state, scores=scores, results=results, hand=_hand(hand, phase=Phase.OVER, turn=None))
    number = state.number + 1
    deal = deal_from_seed(state.seed, number, left_of(hand.dealer), state.options.deck)
    return _state(state, number=number, scores=scores, results=results, hand=start_hand(deal))


__all__ = ["EuchreRules", "deal_from_seed", "deal_state", "deal_to_json", "deck_options", "hand_points", "legal_moves",
           "parse_deal", "why_illegal"]
