"""Random matches under every combination of toggles, checked against an independent reading of the rules."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards import Card, Suit
from core.rng import Rng
from plugins.euchre.cards import DECK, DECK_32
from plugins.euchre.model import EuchreState, Phase
from tests.euchre_helpers import RULES

SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def eff_suit(card: Card, trump: Suit) -> str:
    if card.text == "JK":
        return trump.letter
    if card.rank == 11 and card.suit.letter == SAME_COLOUR[trump.letter]:
        return trump.letter
    return card.suit.letter


def strength(card: Card, trump: Suit, led: str) -> int:
    """Written from the spec's tables, independently of plugins.euchre.cards."""
    plain = "789TJQKA"
    letter = card.text[0]
    if card.text == "JK":
        return 201
    if card.rank == 11 and card.suit == trump:
        return 200
    if card.rank == 11 and card.suit.letter == SAME_COLOUR[trump.letter]:
        return 199
    if card.suit == trump:
        return 100 + "789TQKA".index(letter)
    if card.suit.letter == led:
        return plain.index(letter)
    return -1


def accounted(state: EuchreState) -> list[Card]:
    hand = state.hand
    cards = [c for h in hand.hands for c in h] + list(hand.deal.buried)
    cards += [c for t in hand.tricks for _, c in t.plays] + [c for _, c in hand.current]
    if hand.discard is not None:
        cards.append(hand.discard)
    if hand.upcard_fate in ("up", "down", "declined"):
        cards.append(hand.deal.upcard)
    return cards


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**40),
    stick=st.booleans(), holding=st.booleans(), defender=st.booleans(), decline=st.booleans(),
    partner=st.booleans(), thirty_two=st.booleans(), joker=st.booleans(), target=st.sampled_from([5, 7, 10]),
)
def test_random_matches_keep_every_rule(seed: int, stick: bool, holding: bool, defender: bool, decline: bool,
                                       partner: bool, thirty_two: bool, joker: bool, target: int) -> None:
    options = {"stick_the_dealer": stick, "trump_holding": holding, "defender_alone": defender,
               "dealer_may_decline": decline, "dealer_partner_alone": partner, "thirty_two_cards": thirty_two,
               "joker": joker, "target": target}
    deck = [*(DECK_32 if thirty_two else DECK), *([Card.parse("JK")] if joker else [])]
    state = RULES.new_game(options, seed)
    rng = Rng(seed)
    for _ in range(5000):
        if state.over:
            break
        assert sorted(c.text for c in accounted(state)) == sorted(c.text for c in deck)
        moves = RULES.legal_moves(state)
        move = rng.choice(moves)
        hand, seat = state.hand, RULES.to_move(state)
        assert seat is not None
        if move.kind == "play":
            assert hand.trump is not None and move.card is not None
            if hand.current:
                led = eff_suit(hand.current[0][1], hand.trump)
                holds_led = any(eff_suit(c, hand.trump) == led for c in hand.hands[seat])
                assert not holds_led or eff_suit(move.card, hand.trump) == led
        if move.kind == "pass" and hand.phase == Phase.BID2 and stick:
            assert seat != hand.dealer
        if move.kind == "order" and partner and seat == (hand.dealer + 2) % 4:
            assert move.alone
        if hand.deal.upcard.text == "JK" and not hand.log:  # the British rule: the dealer names, nobody bids
            assert seat == hand.dealer and {m.text for m in moves} == {"call S", "call H", "call D", "call C"}
        before = state
        state = RULES.apply(state, move)
        if len(state.results) > len(before.results) or (state.over and not before.over):
            result = state.results[-1]
            assert state.scores == tuple(a + b for a, b in zip(before.scores, result.points, strict=True))
        if state.hand.tricks and len(state.hand.tricks) > len(before.hand.tricks) and state.number == before.number:
            trick = state.hand.tricks[-1]
            trump = state.hand.trump
            assert trump is not None
            led = eff_suit(trick.plays[0][1], trump)
            assert trick.winner == max(trick.plays, key=lambda p: strength(p[1], trump, led))[0]
    assert state.over, "a match must end"
    assert max(state.scores) >= target and max(state.scores) <= target + 3
    for result in state.results:
        if result.maker is None:
            assert result.points == (0, 0)
            continue
        makers = result.maker % 2
        got = [0, 0]
        n = result.maker_tricks
        if n == 5:
            got[makers] = 4 if result.alone is not None else 2
        elif n >= 3:
            got[makers] = 1
        else:
            got[1 - makers] = 4 if result.defender_alone is not None else 2
        assert result.points == tuple(got)
        plays = [text for _, text in result.log if text.startswith("play ")]
        active = 4 - (result.alone is not None) - (result.defender_alone is not None)
        assert len(plays) == 5 * active
