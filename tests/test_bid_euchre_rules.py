"""Bid Euchre's rules, one test per line of ``shared/spec/bid-euchre.md``, each with a concrete deal; the
conformance kit; and a fuzz over whole matches checking the 24 cards and the score sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards import Card, parse_cards
from core.conformance import GameConformance
from core.game import IllegalMove, Outcome
from core.rng import Rng
from plugins.bid_euchre.plugin import GAME
from plugins.bid_euchre.rules import BidEuchreRules, BidState, Move, Phase
from plugins.euchre.holds import about_previous
from plugins.euchre.public import DECK

RULES = BidEuchreRules()
SEATS = "SWNE"


def deal(dealer: str = "S", scores: tuple[int, int] = (0, 0), **hands: str) -> BidState:
    """A first hand with the given hands (the rest filled from the deck in order)."""
    given = {seat: [c.text for c in parse_cards(text)] for seat, text in hands.items()}
    rest = [c.text for c in DECK if c.text not in {t for cards in given.values() for t in cards}]
    for seat in SEATS:
        if seat not in given:
            given[seat], rest = rest[:6], rest[6:]
    return RULES.from_deal({}, {"dealer": dealer, "hands": given, "scores": list(scores), "seed": 5})


def play(state: BidState, *steps: str) -> BidState:
    """Apply ``"W bid 4"``, ``"N pass"``…, checking each is made by the seat to move."""
    for step in steps:
        seat, text = step.split(" ", 1)
        assert RULES.to_move(state) == SEATS.index(seat), f"expected {seat} to move before '{step}'"
        state = RULES.apply(state, RULES.parse_move(text))
    return state


def legal(state: BidState) -> list[str]:
    return [m.text for m in RULES.legal_moves(state)]


def refused(state: BidState, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, RULES.parse_move(text))
    return str(caught.value)


# -- Deal ---------------------------------------------------------------------------------------------


def test_all_24_cards_are_dealt_six_each_with_no_upcard_or_kitty() -> None:
    state = RULES.new_game({}, 7)
    cards = [c for h in state.hand.hands for c in h]
    assert [len(h) for h in state.hand.hands] == [6, 6, 6, 6] and sorted(cards, key=DECK.index) == list(DECK)


SUITED = {"S": "9S TS JS QS KS AS", "W": "9H TH JH QH KH AH", "N": "9D TD JD QD KD AD", "E": "9C TC JC QC KC AC"}
SIX_EACH = r"^a Bid Euchre deal gives each of the 24 cards once, six to each seat$"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("dealer"), r"^a Bid Euchre deal needs dealer and hands \(S W N E\); 'dealer' is missing$"),
    (lambda d: d["hands"].pop("E"), r"'E' is missing$"),
    (lambda d: d["hands"]["E"].pop(), SIX_EACH),
    (lambda d: d["hands"]["E"].__setitem__(5, "9S"), SIX_EACH),
    (lambda d: d["hands"]["E"].__setitem__(5, "2H"), r"^2♥ is not in the Euchre deck$"),
    (lambda d: d.__setitem__("dealer", "X"), r"^'X' is not a seat: use S, W, N or E$")])
def test_a_deal_that_is_not_24_cards_six_each_is_refused_saying_why(change: Callable[[dict[str, Any]], object],
                                                                    message: str) -> None:
    data = {"dealer": "S", "hands": {seat: SUITED[seat].split() for seat in SEATS}}
    change(data)
    with pytest.raises(ValueError, match=message):
        RULES.from_deal({}, data)


# -- Auction --------------------------------------------------------------------------------------------


def test_the_auction_starts_left_of_the_dealer_and_each_seat_speaks_once() -> None:
    state = deal("S")
    assert RULES.to_move(state) == 1 and legal(state) == ["pass", "bid 3", "bid 4", "bid 5", "bid 6"]
    state = play(state, "W pass", "N bid 3", "E pass", "S pass")
    assert state.hand.phase == Phase.DECLARE and state.hand.bids == ((1, 0), (2, 3), (3, 0), (0, 0))


def test_a_bid_must_be_higher_than_the_last_and_3_to_6() -> None:
    state = play(deal("S"), "W bid 4")
    assert legal(state) == ["pass", "bid 5", "bid 6"]
    reason = refused(state, "bid 4")
    assert "higher than 4" in reason and "only the dealer may take the contract at the same number" in reason
    assert "3 to 6" in refused(play(deal("S")), "bid 2") and "3 to 6" in refused(play(deal("S")), "bid 7")


def test_the_dealer_speaks_last_and_may_take_the_contract_at_an_equal_number() -> None:
    state = play(deal("S"), "W bid 4", "N pass", "E pass")
    assert legal(state) == ["pass", "bid 4", "bid 5", "bid 6"]
    state = play(state, "S bid 4")
    assert state.hand.contract is not None and state.hand.contract.declarer == 0 and state.hand.contract.bid == 4


def test_six_can_be_taken_at_six_by_the_dealer() -> None:
    state = play(deal("S"), "W pass", "N bid 6", "E pass")
    assert legal(state) == ["pass", "bid 6"]
    state = play(state, "S bid 6")
    assert state.hand.contract is not None and (state.hand.contract.declarer, state.hand.contract.bid) == (0, 6)


def test_the_dealer_may_bid_higher_or_pass_when_someone_bid() -> None:
    higher = play(deal("S"), "W bid 3", "N pass", "E pass", "S bid 5")
    assert higher.hand.contract is not None and (higher.hand.contract.declarer, higher.hand.contract.bid) == (0, 5)
    passed = play(deal("S"), "W bid 3", "N bid 4", "E pass", "S pass")
    assert passed.hand.contract is not None and (passed.hand.contract.declarer, passed.hand.contract.bid) == (2, 4)


def test_a_dealer_whom_everyone_passed_to_must_bid_at_least_three() -> None:
    state = play(deal("S"), "W pass", "N pass", "E pass")
    assert legal(state) == ["bid 3", "bid 4", "bid 5", "bid 6"]
    assert "the dealer cannot pass and must bid at least 3" in refused(state, "pass")
    state = play(state, "S bid 3")
    assert state.hand.contract is not None and state.hand.contract.declarer == 0


# -- The declarer's choice, and card order ---------------------------------------------------------------


def test_the_declarer_names_trump_no_trump_high_or_no_trump_low_and_leads() -> None:
    state = play(deal("S"), "W bid 3", "N pass", "E pass", "S pass")
    assert RULES.to_move(state) == 1 and legal(state) == ["trump S", "trump H", "trump D", "trump C",
                                                        "notrump high", "notrump low"]
    state = play(state, "W notrump low")
    assert state.hand.phase == Phase.PLAY and RULES.to_move(state) == 1 and state.hand.leader == 1


def _trick(hands: dict[str, str], declaration: str, plays: list[str]) -> int:
    """Declarer West leads; the seat that wins the trick."""
    state = play(deal("S", **hands), "W bid 3", "N pass", "E pass", "S pass", f"W {declaration}")
    for seat, card in zip("WNES", plays, strict=True):
        state = play(state, f"{seat} play {card}")
    return state.hand.tricks[0].winner


def test_trump_has_bowers_as_in_euchre() -> None:
    hands = {"W": "9H TH QS KS AS 9S", "N": "JD 9C TC QC KC AC", "E": "AH 9D TD QD KD AD", "S": "JH KH QH JC JS TS"}
    # hearts trump: the J♦ (left bower) is a heart and beats the A♥; the J♥ (right bower) beats it
    assert _trick(hands, "trump H", ["9H", "JD", "AH", "JH"]) == 0
    assert _trick(hands, "trump H", ["9H", "JD", "AH", "KH"]) == 2


def test_no_trump_high_ranks_a_k_q_j_10_9_with_no_bowers() -> None:
    hands = {"W": "9H TH QS KS AS 9S", "N": "JD 9C TC QC KC AC", "E": "AH 9D TD QD KD AD", "S": "JH KH QH JC JS TS"}
    assert _trick(hands, "notrump high", ["9H", "JD", "AH", "KH"]) == 3, "A♥ is highest; J♦ is just a diamond"


def test_no_trump_low_ranks_9_10_j_q_k_a() -> None:
    hands = {"W": "TH 9H QS KS AS 9S", "N": "JD 9C TC QC KC AC", "E": "AH 9D TD QD KD AD", "S": "JH KH QH JC JS TS"}
    assert _trick(hands, "notrump low", ["TH", "JD", "AH", "JH"]) == 1, "10♥ beats J♥ and A♥ in no-trump low"
    hands["S"] = "9H KH QH JC JS TS"
    hands["W"] = "TH JH QS KS AS 9S"
    assert _trick(hands, "notrump low", ["TH", "JD", "AH", "9H"]) == 0, "the 9 is the highest card"


def test_follow_the_effective_suit_and_the_reason_names_the_suit() -> None:
    hands = {"W": "9H TH QS KS AS 9S", "N": "JD 9C TC QC KC AC", "E": "AH 9D TD QD KD AD", "S": "JH KH QH JC JS TS"}
    state = play(deal("S", **hands), "W bid 3", "N pass", "E pass", "S pass", "W trump H", "W play 9H")
    assert legal(state) == ["play JD"], "North's J♦ is the left bower: a heart it must play"
    assert "you must follow hearts" in refused(state, "play AC")
    state = play(deal("S", **hands), "W bid 3", "N pass", "E pass", "S pass", "W notrump high", "W play 9H")
    north = ["JD", "9C", "TC", "QC", "KC", "AC"]
    assert sorted(legal(state)) == sorted(f"play {c}" for c in north), "no hearts: any card"


# -- Scoring and the match ------------------------------------------------------------------------------


def _finish(state: BidState) -> BidState:
    """Everyone plays the first legal card to the end of the hand."""
    number = state.number
    while state.number == number and not state.over:
        state = RULES.apply(state, RULES.legal_moves(state)[0])
    return state


STRONG = {"W": "JH JD AH KH QH TH", "N": "9H 9C TC QC KC AC", "E": "AS KS QS JS TS 9S", "S": "9D TD QD KD AD JC"}


def test_each_side_scores_a_point_per_trick_when_the_bid_is_made() -> None:
    state = _finish(play(deal("S", **STRONG), "W bid 3", "N pass", "E pass", "S pass", "W trump H"))
    result = state.results[0]
    assert result.made and sum(result.points) == 6 and result.points == (6 - result.declarer_tricks,
                                                                         result.declarer_tricks)


def test_a_set_side_loses_its_bid_and_the_defenders_still_score_their_tricks() -> None:
    """North bids 5 in hearts, but West holds the six best hearts: North/South are set."""
    state = _finish(play(deal("S", **STRONG), "W pass", "N bid 5", "E pass", "S pass", "N trump H"))
    result = state.results[0]
    assert not result.made and result.points == (-5, 6 - result.declarer_tricks)
    assert state.scores == (-5, 6 - result.declarer_tricks) and state.scores[0] < 0, "scores may go negative"


def test_the_deal_passes_clockwise_after_every_hand() -> None:
    state = _finish(play(deal("S", **STRONG), "W bid 3", "N pass", "E pass", "S pass", "W trump H"))
    assert state.hand.dealer == 1 and RULES.to_move(state) == 2 and state.number == 1


# no-trump high, West leads: West takes three spades, then North/South take three diamonds: 3 — 3
BALANCED = {"W": "AS KS QS 9D TD JD", "N": "AD KD QD 9H TH JH", "E": "JS TS 9S AH KH QH", "S": "9C TC JC QC KC AC"}
BALANCED_PLAY = ("W play AS", "N play 9H", "E play JS", "S play 9C", "W play KS", "N play TH", "E play TS",
                 "S play TC", "W play QS", "N play JH", "E play 9S", "S play JC", "W play 9D", "N play AD",
                 "E play AH", "S play QC", "N play KD", "E play KH", "S play KC", "W play TD", "N play QD",
                 "E play QH", "S play AC", "W play JD")


def test_a_made_bid_that_reaches_32_wins() -> None:
    state = play(deal("S", (0, 30), **BALANCED), "W bid 3", "N pass", "E pass", "S pass", "W notrump high",
                 *BALANCED_PLAY)
    assert state.results[0].made and state.results[0].points == (3, 3)
    assert state.scores == (3, 33) and state.over and state.winner == 1
    assert RULES.outcome(state) == Outcome((1, 3), (3, 33), "East/West win 33-3 after 1 hand")


def test_trick_points_against_a_made_bid_never_win_even_past_32() -> None:
    """North/South at 31 take three tricks against East/West's made bid: 34, but no win; play goes on."""
    state = play(deal("S", (31, 0), **BALANCED), "W bid 3", "N pass", "E pass", "S pass", "W notrump high",
                 *BALANCED_PLAY)
    assert state.results[0].made and state.scores == (34, 3) and not state.over and state.winner is None


def test_a_side_past_32_wins_at_the_end_of_a_later_hand_in_which_it_qualifies() -> None:
    """North/South stand at 33 (reached against a made bid, so no win yet). When they set East/West they
    win; when East/West make their bid, North/South still do not, whatever their trick points."""
    sets = _finish(play(deal("S", (33, 0), **STRONG), "W pass", "N pass", "E bid 6", "S pass", "E trump C"))
    assert not sets.results[0].made and sets.over and sets.winner == 0
    assert RULES.outcome(sets) == Outcome((0, 2), sets.scores, f"North/South win {sets.scores[0]}-{sets.scores[1]} "
                                                               "after 1 hand")
    made = _finish(play(deal("S", (33, 0), **STRONG), "W bid 3", "N pass", "E pass", "S pass", "W trump H"))
    assert made.results[0].made and made.scores[0] >= 33 and not made.over


def test_setting_the_declarers_qualifies_the_defenders_to_win() -> None:
    """South, stuck as dealer, bids 6 in diamonds; West holds both bowers: East/West set them and reach 32."""
    state = _finish(play(deal("S", (0, 30), **STRONG), "W pass", "N pass", "E pass", "S bid 6", "S trump D"))
    result = state.results[0]
    assert not result.made and result.points[0] == -6 and state.scores[1] >= 32
    assert state.over and state.winner == 1


def test_there_is_no_going_alone() -> None:
    with pytest.raises(IllegalMove):
        RULES.parse_move("alone")
    with pytest.raises(IllegalMove):
        RULES.parse_move("bid 4 alone")


@pytest.mark.parametrize("text", ["bid 3", "bid 6", "pass", "trump H", "notrump high", "notrump low", "play JH"])
def test_move_text_is_stable(text: str) -> None:
    assert RULES.parse_move(text).text == text


@pytest.mark.parametrize(("text", "message"), [
    ("play 2H", r"^'play 2H': 2♥ is not in the Euchre deck: only 9, 10, J, Q, K and A are used$"),
    ("trump X", r"^'trump X': 'x' is not a suit"),
    ("play", r"^'play' is not a move; moves are: bid 3 … bid 6, pass"),
    ("play JH now", r"^'play JH now' is not a move; moves are:"),
    ("bid 10", r"^'bid 10' is not a move; moves are:"),
    ("notrump middle", r"^'notrump middle' is not a move; moves are:"),
    ("jump", r"^'jump' is not a move; moves are:")])
def test_bad_move_text_says_what_was_wrong_and_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        RULES.parse_move(text)


HIGHER = ("a bid must be higher than 4, the highest so far (only the dealer may take the contract at the same "
          "number): bid 5, 6, or pass")


@pytest.mark.parametrize(("steps", "move", "message"), [
    ((), "trump H", "'trump H' is not possible now: bid 3 to 6 or pass"),
    ((), "play 9H", "'play 9H' is not possible now: bid 3 to 6 or pass"),
    (("W bid 4",), "bid 3", HIGHER),
    (("W bid 4", "N bid 6"), "bid 6", "nothing is higher than 6: pass"),
    (("W bid 5", "N pass", "E pass"), "bid 4", "the dealer may take the contract at 5 or bid higher, not lower"),
    (("W bid 3", "N pass", "E pass", "S pass"), "bid 4",
     "'bid 4' is not possible now: the declarer names trump or no-trump"),
    (("W bid 3", "N pass", "E pass", "S pass", "W trump H", "W play JH"), "play AS", "you do not hold A♠"),
    (("W bid 3", "N pass", "E pass", "S pass", "W trump H", "W play JH"), "play 9C",
     "you must follow hearts (the led card's suit): play 9♥"),
    (("W bid 3", "N pass", "E pass", "S pass", "W trump H", "W play JH"), "trump S",
     "'trump S' is not possible now: play a card")])
def test_each_refused_move_says_what_was_wrong_and_what_is_allowed(steps: tuple[str, ...], move: str,
                                                                   message: str) -> None:
    state = play(deal("S", **STRONG), *steps)
    assert move not in legal(state) and refused(state, move) == message


def test_a_move_after_the_match_is_over_says_to_start_a_new_game() -> None:
    state = _finish(play(deal("S", (0, 30), **STRONG), "W pass", "N pass", "E pass", "S bid 6", "S trump D"))
    assert state.over and refused(state, "pass") == "the match is over: start a new game"


# -- the conformance kit and a fuzz -----------------------------------------------------------------------


def plain_auction(state: Any, moves: list[Any], rng: Rng) -> Any:
    """Random play, but a quiet auction (pass, or the dealer's 3): random bidders are set so often that a
    match could go on for ever."""
    if state.hand.phase == Phase.AUCTION:
        return Move("pass") if Move("pass") in moves else Move("bid", number=3)
    return rng.choice(moves)


class TestBidEuchreConformance(GameConformance):
    game = GAME
    cpu_plies = 60  # kept short for the suite's time
    seeds = (1, 2, 3)
    malformed_moves = (Move("bid"), Move("bid", number=9), Move("trump"), Move("play"), Move("pass", number=3),
                       Move("trump", suit="H"), Move("play", card="JH"), Move("fold"))  # type: ignore[arg-type]

    def random_move(self, state: Any, moves: list[Any], rng: Rng) -> Any:
        return plain_auction(state, moves, rng)

    def observed(self, observation: Any) -> Any:
        from dataclasses import replace

        return replace(observation, previous=None)

    def hidden_on_table(self, state: Any, seat: int, hold: str | None) -> frozenset[str]:
        previous = about_previous(hold, state.number, state.over)
        if not previous:
            return super().hidden_on_table(state, seat, hold)
        return frozenset()  # every card of a finished hand was played face up


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40))
def test_random_matches_account_for_every_card_and_score_each_hand(seed: int) -> None:
    state = RULES.new_game({}, seed)
    rng = Rng(seed)
    while not state.over:
        hand = state.hand
        played = [c for t in hand.tricks for _, c in t.plays] + [c for _, c in hand.current]
        assert sorted([*played, *(c for h in hand.hands for c in h)], key=DECK.index) == list(DECK)
        state = RULES.apply(state, plain_auction(state, RULES.legal_moves(state), rng))
    total = [0, 0]
    for result in state.results:
        won = [sum(1 for t in result.tricks if t.winner % 2 == side) for side in (0, 1)]
        side = result.contract.side
        expected = list(won)
        if won[side] < result.contract.bid:
            expected[side] = -result.contract.bid
        assert list(result.points) == expected
        total = [total[0] + expected[0], total[1] + expected[1]]
    assert list(state.scores) == total and max(state.scores) >= 32
    assert state.scores[state.winner or 0] >= 32


def test_the_first_dealer_comes_from_the_seed_and_hands_are_dealt_from_the_dealers_left() -> None:
    from plugins.bid_euchre.rules import deal_from_seed, first_dealer

    hand = deal_from_seed(9, 0, first_dealer(9))
    deck = list(DECK)
    Rng.derive(9, "bid-euchre-deal", 0).shuffle(deck)
    assert hand.hands[(hand.dealer + 1) % 4] == tuple(deck[:6])
    assert RULES.new_game({}, 9).hand == hand
    assert isinstance(hand.hands[0][0], Card)
