"""One test per rule of the Euchre spec, with concrete hands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core.cards import JOKER, Card, Suit, parse_cards
from core.game import IllegalMove, Outcome
from core.rng import Rng
from plugins.euchre.cards import DECK, Ranking
from plugins.euchre.model import EAST, NORTH, SOUTH, WEST, Phase
from plugins.euchre.rules import deal_from_seed, first_dealer, hand_points
from plugins.euchre.settings import SCHEMA
from tests.euchre_helpers import RULES, legal, make_deal, moves, new_state

C = Card.parse
SCHEMA_DEFAULTS = SCHEMA.defaults()


# -- table and deal ---------------------------------------------------------------------------------


def test_deck_is_24_cards_nine_to_ace() -> None:
    assert len(DECK) == 24 and len(set(DECK)) == 24
    assert {c.rank for c in DECK} == {9, 10, 11, 12, 13, 1}


def test_deal_gives_five_each_an_upcard_and_three_buried_from_the_seed() -> None:
    deal = deal_from_seed(42, 0, WEST)
    cards = [c for hand in deal.hands for c in hand] + [deal.upcard, *deal.buried]
    assert all(len(h) == 5 for h in deal.hands) and len(deal.buried) == 3 and len(set(cards)) == 24
    assert deal_from_seed(42, 0, WEST) == deal and deal_from_seed(43, 0, WEST) != deal


def test_first_dealer_comes_from_the_seed_and_the_deal_passes_left() -> None:
    dealers = {first_dealer(seed) for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    state = RULES.new_game({}, 9)
    first = state.hand.dealer
    state = moves(state, *[f"{'SWNE'[(first + 1 + i) % 4]} pass" for i in range(8)])
    assert state.hand.dealer == (first + 1) % 4 and state.number == 1


# -- card order and effective suit ------------------------------------------------------------------


def test_trump_order_right_left_then_a_k_q_10_9() -> None:
    r = Ranking(Suit.HEARTS)
    order = sorted(parse_cards("9H TH QH KH AH JD JH"), key=r.order, reverse=True)
    assert [c.text for c in order] == ["JH", "JD", "AH", "KH", "QH", "TH", "9H"]


def test_plain_order_and_the_suit_that_lost_its_jack() -> None:
    r = Ranking(Suit.HEARTS)
    diamonds = sorted((c for c in DECK if r.suit_of(c) == Suit.DIAMONDS), key=r.order, reverse=True)
    assert [c.text for c in diamonds] == ["AD", "KD", "QD", "TD", "9D"]
    clubs = sorted((c for c in DECK if r.suit_of(c) == Suit.CLUBS), key=r.order, reverse=True)
    assert [c.text for c in clubs] == ["AC", "KC", "QC", "JC", "TC", "9C"]


def test_left_bower_effective_suit_is_trump() -> None:
    assert Ranking(Suit.SPADES).suit_of(C("JC")) == Suit.SPADES
    assert Ranking(Suit.HEARTS).suit_of(C("JD")) == Suit.HEARTS
    assert Ranking(Suit.HEARTS).suit_of(C("JC")) == Suit.CLUBS


# -- round 1 ----------------------------------------------------------------------------------------


def test_round_one_first_order_ends_bidding_and_dealer_picks_up() -> None:
    state = new_state("S", "AH", W="9H TH 9C TC 9S")
    state = moves(state, "W pass", "N order")
    assert state.hand.phase == Phase.DISCARD and RULES.to_move(state) == SOUTH
    assert state.hand.trump == Suit.HEARTS and state.hand.maker == NORTH
    assert C("AH") in state.hand.hands[SOUTH] and len(state.hand.hands[SOUTH]) == 6
    assert [s for s, _ in state.hand.log] == [WEST, NORTH], "East never spoke"


def test_passing_is_legal_in_both_rounds_for_everyone_unforced() -> None:
    state = new_state("S", "AH")
    for step in ("W pass", "N pass", "E pass", "S pass", "W pass", "N pass", "E pass"):
        assert "pass" in legal(state)
        state = moves(state, step)
    assert "pass" in legal(state) and RULES.to_move(state) == SOUTH


def test_eight_passes_throw_the_hand_in_without_score_and_next_dealer_deals() -> None:
    state = new_state("S", "AH")
    state = moves(state, *[f"{s} pass" for s in "WNESWNES"])
    assert state.scores == (0, 0) and state.number == 1
    assert state.hand.dealer == WEST and state.hand.phase == Phase.BID1
    assert state.results[-1].thrown_in and state.results[-1].points == (0, 0)


# -- round 2 ----------------------------------------------------------------------------------------


def test_round_two_cannot_name_the_upcard_suit() -> None:
    state = moves(new_state("S", "AH"), *[f"{s} pass" for s in "WNES"])
    assert state.hand.phase == Phase.BID2 and state.hand.upcard_fate == "down"
    assert not any(t.startswith("call H") for t in legal(state))
    with pytest.raises(IllegalMove, match="^hearts was the upcard's suit and was turned down: name one of the three "
                                          "other suits$"):
        RULES.apply(state, RULES.parse_move("call H"))


def test_round_two_call_makes_trump_without_exchange() -> None:
    state = moves(new_state("S", "AH"), *[f"{s} pass" for s in "WNES"], "W call S")
    assert state.hand.trump == Suit.SPADES and state.hand.maker == WEST
    assert state.hand.phase == Phase.PLAY and C("AH") not in state.hand.hands[SOUTH]
    assert all(len(h) == 5 for h in state.hand.hands)


# -- going alone ------------------------------------------------------------------------------------


def test_only_the_caller_goes_alone_and_the_partner_sits_out_for_five_tricks() -> None:
    state = moves(new_state("E", "9S"), "S order alone")
    assert state.hand.alone == SOUTH and state.hand.sitting_out == {NORTH}
    state = moves(state, "E " + legal(state)[0])
    played = 0
    while state.hand.phase == Phase.PLAY and state.number == 0:
        assert RULES.to_move(state) != NORTH
        state = RULES.apply(state, RULES.legal_moves(state)[0])
        played += 1
    assert played == 15, "three players, five tricks"


# -- the dealer's pickup and discard ----------------------------------------------------------------


def test_dealer_cannot_discard_the_upcard() -> None:
    state = moves(new_state("S", "AH"), "W order")
    assert "discard AH" not in legal(state) and len(legal(state)) == 5
    with pytest.raises(IllegalMove, match="upcard cannot be discarded"):
        RULES.apply(state, RULES.parse_move("discard AH"))
    discard = legal(state)[0]
    after = moves(state, f"S {discard}")
    assert C("AH") in after.hand.hands[SOUTH] and after.hand.discard == C(discard.split()[1])


def test_dealer_sitting_out_still_exchanges() -> None:
    state = moves(new_state("S", "AH"), "W pass", "N order alone")
    assert state.hand.sitting_out == {SOUTH}
    assert state.hand.phase == Phase.DISCARD and RULES.to_move(state) == SOUTH
    state = moves(state, "S " + legal(state)[0])
    assert C("AH") in state.hand.hands[SOUTH] and state.hand.phase == Phase.PLAY


# -- play -------------------------------------------------------------------------------------------


def test_lead_is_left_of_dealer_and_skips_a_sitting_out_seat() -> None:
    plain = moves(new_state("S", "AH"), "W order")
    plain = moves(plain, "S " + legal(plain)[0])
    assert RULES.to_move(plain) == WEST
    alone = moves(new_state("S", "AH"), "W pass", "N pass", "E order alone")
    alone = moves(alone, "S " + legal(alone)[0])
    assert alone.hand.sitting_out == {WEST} and RULES.to_move(alone) == NORTH


def test_jack_of_diamonds_led_with_hearts_trump_must_be_followed_by_a_heart() -> None:
    state = new_state("E", "9H", S="JD AS KS QS 9C", W="TH AD KD QD TC", N="AC KC QC JC TS", E="JH AH KH QH JS")
    state = moves(state, "S order", "E discard JS")
    assert state.hand.trump == Suit.HEARTS
    state = moves(state, "S play JD")
    assert legal(state) == ["play TH"], "West holds diamonds, but JD is a heart lead"


def test_with_ace_of_diamonds_led_a_lone_jack_of_diamonds_does_not_follow() -> None:
    state = new_state("E", "9H", S="AD AS KS QS 9C", W="JD AC KC QC TC", N="KD QD TD JC TS", E="JH AH KH QH JS")
    state = moves(state, "S order", "E discard JS", "S play AD")
    assert sorted(legal(state)) == sorted(["play JD", "play AC", "play KC", "play QC", "play TC"])
    after = moves(state, "W play AC")  # throwing off while holding the left bower is fine
    assert after.hand.current[-1] == (WEST, C("AC"))


def test_no_duty_to_trump_or_to_beat_and_off_suit_ace_wins_nothing() -> None:
    state = new_state("E", "9H", S="KS AS QS 9S 9C", W="AC TD KD QD TC", N="JC TS KC QC AD", E="JH AH KH QH JS")
    state = moves(state, "S order", "E discard JS", "S play KS")
    assert "play AC" in legal(state)  # West is void in spades: any card
    state = moves(state, "W play AC", "N play TS", "E play JH")
    trick = state.hand.tricks[-1]
    assert trick.winner == EAST and RULES.to_move(state) == EAST, "the trump wins and the winner leads"


def test_highest_card_of_the_led_suit_wins_without_trump() -> None:
    state = new_state("E", "9H", S="KS AD QS 9S 9C", W="AS TD KD QD TC", N="JC TS KC QC AC", E="JH AH KH QH JS")
    state = moves(state, "S order", "E discard JS", "S play KS", "W play AS", "N play TS", "E play JH")
    assert state.hand.tricks[-1].winner == EAST
    state = new_state("E", "9H", S="KS AD QS 9S 9C", W="AS TD KD QD TC", N="JC TS KC QC AC", E="JH AH KH QH 9D")
    state = moves(state, "S order", "E discard 9D", "S play KS", "W play AS", "N play TS", "E play JH")
    assert state.hand.tricks[-1].winner == EAST  # East trumped
    state = new_state("E", "9H", S="KS AD QS 9S 9C", W="AS TD KD QD TC", N="JC TS KC QC AC", E="JH AH KH 9D JS")
    state = moves(state, "S order", "E discard 9D", "S play KS", "W play AS", "N play TS", "E play JS")
    assert state.hand.tricks[-1].winner == WEST  # no trump: the ace of the led suit


# -- scoring ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "alone", "defender_alone", "points"),
    [(3, False, False, (1, 0)), (4, False, False, (1, 0)), (5, False, False, (2, 0)), (5, True, False, (4, 0)),
     (3, True, False, (1, 0)), (4, True, False, (1, 0)), (2, False, False, (0, 2)), (0, False, False, (0, 2)),
     (0, True, False, (0, 2)), (1, False, True, (0, 4))],
)
def test_every_scoring_row(tricks: int, alone: bool, defender_alone: bool, points: tuple[int, int]) -> None:
    assert hand_points(SOUTH, tricks, alone, defender_alone) == points
    assert hand_points(WEST, tricks, alone, defender_alone) == points[::-1]


def test_a_played_hand_is_scored_after_the_fifth_trick() -> None:
    # South orders and holds every top trump: all five tricks → 2 points to N/S.
    state = new_state("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS")
    state = moves(state, "S order", "E discard JS")
    for card in ("JH", "JD", "AH", "KH", "QH"):
        state = moves(state, f"S play {card}")
        while RULES.to_move(state) not in (SOUTH, None) and state.number == 0:
            state = RULES.apply(state, RULES.legal_moves(state)[0])
    assert state.scores == (2, 0) and state.results[-1].maker_tricks == 5


def test_the_match_ends_at_exactly_the_target() -> None:
    state = new_state("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS", settings={"target": 5})
    state = RULES.from_deal({"target": 5}, {**_deal_of(state), "scores": [3, 1]})
    state = moves(state, "S order", "E discard JS")
    while not state.over:
        assert state.number == 0
        state = RULES.apply(state, RULES.legal_moves(state)[0])
    assert state.scores == (5, 1) and RULES.to_move(state) is None and RULES.legal_moves(state) == []
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (SOUTH, NORTH)


def _deal_of(state):  # type: ignore[no-untyped-def]
    from plugins.euchre.rules import deal_to_json

    return deal_to_json(state.hand.deal)


# -- presets and toggles ----------------------------------------------------------------------------


def test_stick_the_dealer_forces_a_call_after_seven_passes() -> None:
    state = new_state("S", "AH", settings={"stick_the_dealer": True})
    state = moves(state, *[f"{s} pass" for s in "WNESWNE"])
    assert RULES.to_move(state) == SOUTH and "pass" not in legal(state)
    with pytest.raises(IllegalMove, match="^stick the dealer: the dealer cannot pass and must name one of the three "
                                          "other suits$"):
        RULES.apply(state, RULES.parse_move("pass"))


def test_forced_dealer_may_call_a_suit_without_holding_it() -> None:
    state = new_state("S", "AH", S="9C TC QC KC AC", settings={"stick_the_dealer": True, "trump_holding": True})
    state = moves(state, *[f"{s} pass" for s in "WNESWNE"])
    assert {"call S", "call D", "call C"} <= set(legal(state))
    state = moves(state, "S call D")
    assert state.hand.trump == Suit.DIAMONDS and state.hand.maker == SOUTH


def test_trump_holding_needs_a_card_of_the_suit_and_a_lone_left_bower_counts() -> None:
    holding = {"trump_holding": True}
    # West holds no heart and not the JD: may not order hearts.
    state = new_state("S", "AH", W="9S TS QS 9C TC", settings=holding)
    assert legal(state) == ["pass"]
    with pytest.raises(IllegalMove, match=r"^trump-holding: you may order up hearts only while holding one \(a left "
                                          r"bower counts\)$"):
        RULES.apply(state, RULES.parse_move("order"))
    # West's only "heart" is the left bower JD: may order.
    state = new_state("S", "AH", W="JD TS QS 9C TC", settings=holding)
    assert "order" in legal(state)
    # the dealer ordering up is exempt
    state = new_state("S", "AH", S="9S TS QS 9C TC", settings=holding)
    state = moves(state, "W pass", "N pass", "E pass")
    assert "order" in legal(state)


def test_trump_holding_in_round_two_and_standard_without_it() -> None:
    state = new_state("S", "AH", W="9S TS QS 9C TC", settings={"trump_holding": True})
    state = moves(state, *[f"{s} pass" for s in "WNES"])
    assert legal(state) == ["pass", "call S", "call S alone", "call C", "call C alone"]
    state = new_state("S", "AH", W="9S TS QS 9C TC")
    state = moves(state, *[f"{s} pass" for s in "WNES"])
    assert "call D" in legal(state)


def test_defender_may_go_alone_and_a_lone_defender_euchre_scores_four() -> None:
    state = new_state("E", "9H", S="9C TC QC 9D TD", W="JH JD AH KH QH", settings={"defender_alone": True})
    state = moves(state, "S order")
    state = moves(state, "E " + legal(state)[0])
    assert state.hand.phase == Phase.DEFEND and RULES.to_move(state) == WEST, "first defender from dealer's left"
    state = moves(state, "W alone")
    assert state.hand.sitting_out == {EAST} and state.hand.phase == Phase.PLAY
    assert RULES.to_move(state) == SOUTH
    while state.number == 0:
        assert RULES.to_move(state) != EAST
        state = RULES.apply(state, RULES.legal_moves(state)[0])
    result = state.results[0]
    assert result.euchred and result.maker_tricks == 0 and result.points == (0, 4) and state.scores == (0, 4)


def test_second_defender_is_asked_after_the_first_passes() -> None:
    state = moves(new_state("E", "9S", settings={"defender_alone": True}), "S order")
    state = moves(state, "E " + legal(state)[0], "W pass")
    assert RULES.to_move(state) == EAST and state.hand.phase == Phase.DEFEND
    state = moves(state, "E pass")
    assert state.hand.phase == Phase.PLAY and state.hand.sitting_out == frozenset()


def test_dealer_may_decline_the_pickup() -> None:
    state = moves(new_state("S", "AH", settings={"dealer_may_decline": True}), "W order")
    assert state.hand.phase == Phase.PICKUP and legal(state) == ["pickup", "decline"]
    state = moves(state, "S decline")
    assert state.hand.trump == Suit.HEARTS and state.hand.upcard_fate == "declined"
    assert C("AH") not in state.hand.hands[SOUTH] and len(state.hand.hands[SOUTH]) == 5
    assert state.hand.phase == Phase.PLAY
    assert RULES.observation(state, EAST).upcard_fate == "declined"


def test_a_dealer_who_orders_up_takes_the_card_even_when_the_dealer_may_decline() -> None:
    """Seed 001: only a dealer who is not the maker may leave the upcard."""
    state = moves(new_state("S", "AH", settings={"dealer_may_decline": True}), "W pass", "N pass", "E pass")
    state = moves(state, "S order")
    assert state.hand.phase == Phase.DISCARD and state.hand.upcard_fate == "taken"
    assert C("AH") in state.hand.hands[SOUTH] and "decline" not in legal(state)
    with pytest.raises(IllegalMove, match="not possible now"):
        RULES.apply(state, RULES.parse_move("decline"))


def test_the_dealers_partner_orders_up_only_alone_and_the_dealer_still_takes_the_card() -> None:
    """Seed 000, last section: where the dealer's partner who orders up plays alone."""
    on = {"dealer_partner_alone": True}
    state = moves(new_state("S", "AH", settings=on, N="JH JD KH 9S 9C"), "W pass")
    assert legal(state) == ["pass", "order alone"]
    with pytest.raises(IllegalMove, match="^the dealer's partner orders up only alone: choose 'alone' with it, or "
                                          "pass$"):
        RULES.apply(state, RULES.parse_move("order"))
    state = moves(state, "N order alone")
    assert state.hand.maker == NORTH and state.hand.alone == NORTH
    assert state.hand.phase == Phase.DISCARD and C("AH") in state.hand.hands[SOUTH]  # the exchange still happens
    state = moves(state, "S discard 9H" if C("9H") in state.hand.hands[SOUTH] else "S " + legal(state)[0])
    assert state.hand.phase == Phase.PLAY and state.hand.sitting_out == frozenset({SOUTH})
    # the opponents and the dealer order up as usual, alone or not
    for seat, first in (("W", ()), ("E", ("W pass", "N pass")), ("S", ("W pass", "N pass", "E pass"))):
        other = moves(new_state("S", "AH", settings=on), *first)
        assert RULES.to_move(other) == {"W": WEST, "E": EAST, "S": SOUTH}[seat]
        assert legal(other) == ["pass", "order", "order alone"], seat


def test_the_dealers_partner_option_with_trump_holding_and_a_declining_dealer() -> None:
    both = {"dealer_partner_alone": True, "trump_holding": True, "dealer_may_decline": True}
    without = moves(new_state("S", "AH", settings=both, N="KS QS JS TS 9S"), "W pass")
    assert legal(without) == ["pass"]  # no heart: trump-holding forbids ordering up at all
    state = moves(new_state("S", "AH", settings=both, N="KH QS JS TS 9S"), "W pass", "N order alone")
    assert state.hand.phase == Phase.PICKUP and RULES.to_move(state) == SOUTH  # the dealer may still decline
    state = moves(state, "S decline")
    assert state.hand.phase == Phase.PLAY and state.hand.alone == NORTH and state.hand.upcard_fate == "declined"


THIRTY_TWO = {"thirty_two_cards": True}


def deal_32(dealer: str = "S", up: str = "9H", **hands: str) -> dict[str, object]:
    """A 32-card deal: the hands given, the rest filled in deck order, eleven buried."""
    from plugins.euchre.cards import DECK_32

    return make_deal(dealer, up, None, DECK_32, **hands)


def test_the_32_card_deck_deals_7s_and_8s_and_buries_eleven() -> None:
    from plugins.euchre.cards import DECK_32

    for seed in range(10):
        deal = deal_from_seed(seed, 0, first_dealer(seed), DECK_32)
        every = [*(c for h in deal.hands for c in h), deal.upcard, *deal.buried]
        assert len(deal.buried) == 11 and sorted(every, key=DECK_32.index) == list(DECK_32)
        assert deal_from_seed(seed, 0, first_dealer(seed)) == deal_from_seed(seed, 0, first_dealer(seed), DECK)
    state = RULES.new_game({**SCHEMA_DEFAULTS, **THIRTY_TWO}, 3)
    assert len(state.hand.deal.buried) == 11
    assert any(c.rank in (7, 8) for c in [*state.hand.deal.buried, *(c for h in state.hand.hands for c in h)])


def test_a_deal_and_the_32_card_option_must_agree() -> None:
    with pytest.raises(ValueError, match="32-card option is off"):
        RULES.from_deal(SCHEMA_DEFAULTS, deal_32())
    with pytest.raises(ValueError, match="must use the 7s and 8s"):
        RULES.from_deal({**SCHEMA_DEFAULTS, **THIRTY_TWO}, {"dealer": "S", "upcard": "9H", "buried": ["9S", "TS", "JS"],
                                                             "hands": make_deal("S", "9H", "9S TS JS")["hands"]})


def test_7s_and_8s_rank_below_the_9_in_trump_and_in_the_led_suit() -> None:
    state = RULES.from_deal({**SCHEMA_DEFAULTS, **THIRTY_TWO},
                            deal_32("S", "AH", W="7H 8S 9S TS JS", N="8H KS QC KC AC", E="9H 7S 7C 8C 9C",
                                    S="TH QH KH 8D 7D"))
    state = moves(state, "W order")
    state = moves(state, "S discard 7D")
    assert state.hand.trump == Suit.HEARTS
    state = moves(state, "W play 8S", "N play KS", "E play 7S", "S play 8D")  # 8 of the led suit vs higher
    assert state.hand.tricks[0].winner == NORTH
    state = moves(state, "N play 8H", "E play 9H", "S play TH", "W play 7H")  # trump 7 and 8 below the 9
    assert state.hand.tricks[1].winner == SOUTH
    assert Ranking(Suit.HEARTS).power(C("7H"), Suit.CLUBS) > Ranking(Suit.HEARTS).power(C("AC"), Suit.SPADES)


def test_the_hard_player_imagines_only_cards_of_the_deck_in_play() -> None:
    from plugins.euchre.cards import DECK, DECK_32
    from plugins.euchre.cpu import RuleBasedPlayer
    from plugins.euchre.infer import sample_deals

    for options, deck in ((SCHEMA_DEFAULTS, DECK), ({**SCHEMA_DEFAULTS, **THIRTY_TWO}, DECK_32)):
        state = RULES.new_game(options, 5)
        obs = RULES.observation(state, RULES.to_move(state))
        seen = set()
        for deal in sample_deals(obs, Rng(5), RuleBasedPlayer(), 20):
            cards = [*(c for h in deal.hands for c in h), deal.upcard, *deal.buried]
            assert sorted(cards, key=DECK_32.index) == list(deck)
            seen |= set(cards)
        assert any(c.rank in (7, 8) for c in seen) == (deck is DECK_32)


# -- the joker (benny, best bower) -------------------------------------------------------------------

JOKER_ON = {"joker": True}


def test_the_joker_deck_has_25_cards_and_buries_four() -> None:
    from plugins.euchre.cards import DECK_32, deck_of

    for thirty_two, size, buried in ((False, 25, 4), (True, 33, 12)):
        deck = deck_of(thirty_two, joker=True)
        assert len(deck) == size and deck[-1] == JOKER and deck[:-1] == (DECK_32 if thirty_two else DECK)
        for seed in range(5):
            deal = deal_from_seed(seed, 0, first_dealer(seed), deck)
            every = [*(c for h in deal.hands for c in h), deal.upcard, *deal.buried]
            assert len(deal.buried) == buried and sorted(every, key=deck.index) == list(deck)
    # the joker turns up in play: in 40 matches' first deals it is dealt to every seat and turned up too
    places = set()
    for seed in range(40):
        hand = RULES.new_game({**SCHEMA_DEFAULTS, **JOKER_ON}, seed).hand
        places |= {s for s in range(4) if JOKER in hand.hands[s]} | ({"up"} if hand.deal.upcard == JOKER else set())
        places |= {"buried"} if JOKER in hand.deal.buried else set()
    assert places == {0, 1, 2, 3, "up", "buried"}


def test_the_joker_is_the_highest_trump_and_its_holder_follows_trump_with_it() -> None:
    state = new_state("W", "AH", settings=JOKER_ON, N="9S JH JD 9H TH", E="AS 9C TC QC KC", S="KH AD KD QD TD",
                      W="JK TS QS KS QH")
    state = moves(state, "N order", "W discard TS")
    assert state.hand.trump == Suit.HEARTS
    state = moves(state, "N play 9S", "E play AS", "S play AD")
    assert legal(state) == ["play QS", "play KS"], "spades led: the joker is a heart now, not a spade"
    state = moves(state, "W play KS", "E play 9C", "S play KH")
    assert "play JK" in legal(state) and "play AH" in legal(state)  # void in clubs: any card, trump or not
    state = moves(state, "W play JK", "N play JH")
    assert state.hand.tricks[1].winner == WEST, "the joker beats the right bower"
    state = moves(state, "W play QH")
    assert sorted(legal(state)) == ["play 9H", "play JD", "play TH"], "hearts led: North follows with trump"
    ranking = Ranking(Suit.CLUBS)
    assert ranking.suit_of(JOKER) == Suit.CLUBS
    assert ranking.power(JOKER, Suit.HEARTS) > ranking.power(C("JC"), Suit.HEARTS)


def test_a_turned_up_joker_the_dealer_names_trump_unseen_then_takes_it() -> None:
    state = new_state("S", "JK", settings=JOKER_ON, S="9S TS AH KD QC", W="JH JD AS 9C TC")
    assert state.hand.phase == Phase.NAME and RULES.to_move(state) == SOUTH
    assert legal(state) == ["call S", "call H", "call D", "call C"]
    assert RULES.observation(state, SOUTH).hand == (), "named before looking at the hand"
    assert {"9S", "TS", "AH", "KD", "QC"} <= RULES.hidden_from(state, SOUTH)
    assert RULES.observation(state, WEST).hand == state.hand.hands[WEST]
    blind = r"the joker is turned up: the dealer names trump before looking at the hand \(call S, call H, call D or " \
            r"call C; no one plays alone this hand\)$"
    for wrong in ("call H alone", "pass", "order"):
        with pytest.raises(IllegalMove, match=f"^'{wrong}' is not possible now: " + blind):
            RULES.apply(state, RULES.parse_move(wrong))
    state = moves(state, "S call D")
    hand = state.hand
    assert (hand.phase, hand.trump, hand.maker, hand.alone) == (Phase.DISCARD, Suit.DIAMONDS, SOUTH, None)
    assert JOKER in hand.hands[SOUTH] and "discard JK" not in legal(state) and len(legal(state)) == 5
    assert RULES.observation(state, SOUTH).hand == hand.hands[SOUTH]
    state = moves(state, "S discard QC")
    assert state.hand.phase == Phase.PLAY and RULES.to_move(state) == WEST
    assert [text for _, text in RULES.observation(state, WEST).bids] == ["call D"]


def test_a_turned_up_joker_with_defender_alone_and_the_other_options() -> None:
    every = {"joker": True, "defender_alone": True, "stick_the_dealer": True, "trump_holding": True,
             "dealer_may_decline": True, "dealer_partner_alone": True}
    state = moves(new_state("E", "JK", settings=every), "E call S")
    assert state.hand.phase == Phase.DISCARD, "the dealer always takes the joker"
    state = moves(state, "E " + legal(state)[0])
    assert state.hand.phase == Phase.DEFEND and RULES.to_move(state) == SOUTH
    state = moves(state, "S alone")
    assert state.hand.phase == Phase.PLAY and state.hand.defender_alone == SOUTH


def test_a_deal_and_the_joker_option_must_agree() -> None:
    from plugins.euchre.cards import deck_of

    with pytest.raises(ValueError, match="joker option is off"):
        RULES.from_deal(SCHEMA_DEFAULTS, make_deal("S", "9H", None, deck_of(False, joker=True)))
    with pytest.raises(ValueError, match="must use the joker"):
        RULES.from_deal({**SCHEMA_DEFAULTS, **JOKER_ON}, make_deal("S", "9H"))
    with pytest.raises(ValueError, match="joker"):  # a joker with the wrong number of cards is no deck at all
        RULES.from_deal({**SCHEMA_DEFAULTS, **JOKER_ON}, make_deal("S", "JK", "9S TS JS"))
    both = {**SCHEMA_DEFAULTS, **JOKER_ON, **THIRTY_TWO}
    state = RULES.from_deal(both, make_deal("S", "7H", None, deck_of(True, joker=True)))
    assert len(state.hand.deal.buried) == 12


ONCE = ("a Euchre deal must use each card of its deck exactly once: 24 cards (9 to A), 32 with the 7s and 8s, and "
        "the joker (JK) too with that option")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("upcard"), "a Euchre deal needs dealer, hands (S W N E), upcard and buried; 'upcard' is missing"),
    (lambda d: d["hands"].pop("N"), "a Euchre deal needs dealer, hands (S W N E), upcard and buried; 'N' is missing"),
    (lambda d: d["hands"]["E"].pop(), "a Euchre deal gives five cards to each seat"),
    (lambda d: d["hands"]["E"].__setitem__(0, d["hands"]["S"][0]), ONCE),
    (lambda d: d["buried"].pop(), ONCE),
    (lambda d: d.__setitem__("upcard", "2H"), "2♥ is not in the Euchre deck: only 9, 10, J, Q, K and A are used (7 and "
                                               "8 with the 32-card deck, JK with the joker)")])
def test_a_deal_that_is_not_the_deck_once_is_refused_saying_why(change: Callable[[dict[str, Any]], object],
                                                                 message: str) -> None:
    data = make_deal("S", "AH")
    change(data)
    with pytest.raises(ValueError) as caught:
        RULES.from_deal(SCHEMA_DEFAULTS, data)
    assert str(caught.value) == message


# -- observations and move text ---------------------------------------------------------------------


def test_observation_shows_own_hand_and_the_discard_only_to_the_dealer() -> None:
    state = moves(new_state("S", "AH"), "W order")
    state = moves(state, "S " + legal(state)[0])
    south, west = RULES.observation(state, SOUTH), RULES.observation(state, WEST)
    assert south.discard is not None and west.discard is None
    assert west.hand == state.hand.hands[WEST]
    assert "discard" not in " ".join(text for _, text in west.bids)
    hidden = RULES.hidden_from(state, WEST)
    assert state.hand.deal.buried[0].text in hidden and south.discard.text in hidden
    assert "AH" not in hidden, "everyone saw the dealer take the upcard"


@pytest.mark.parametrize("text", ["pass", "order", "order alone", "call H", "call S alone", "pickup",
                                  "decline", "discard 9C", "alone", "play JH"])
def test_move_text_round_trips(text: str) -> None:
    assert RULES.parse_move(text).text == text


@pytest.mark.parametrize(("text", "message"), [("play 2H", "not in the Euchre deck"), ("call X", "not a suit"),
                                               ("jump", "not a move")])
def test_bad_move_text_says_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        RULES.parse_move(text)


# South deals and A♥ is turned up; West holds no hearts and leads 9♣ once South has picked it up; North holds one
# club, A♣.
TO_REFUSE = {"W": "9C TC JC QC KC", "N": "AC 9D TD QD KD"}


@pytest.mark.parametrize(("steps", "move", "message"), [
    ((), "play 9C", "'play 9C' is not possible now: order up the upcard or pass"),
    ((), "pickup", "'pickup' is not possible now: order up the upcard or pass"),
    (("W order",), "pass", "you cannot pass now: the dealer discards one of the original five cards"),
    (("W order",), "discard 9C", "you do not hold 9♣"),
    (("W order",), "order", "'order' is not possible now: the dealer discards one of the original five cards"),
    (("W order", "S discard 9S", "W play 9C"), "play 9D", "you must follow clubs (the led card's suit): play A♣"),
    (("W order", "S discard 9S", "W play 9C"), "play 9C", "you do not hold 9♣"),
    (("W order", "S discard 9S", "W play 9C"), "pass", "you cannot pass now: play a card"),
    (("W pass", "N pass", "E pass", "S pass"), "order", "'order' is not possible now: name a suit or pass"),
    (("W pass", "N pass", "E pass", "S pass"), "alone", "'alone' is not possible now: name a suit or pass")])
def test_each_refused_move_says_what_was_wrong_and_what_is_allowed(steps: tuple[str, ...], move: str,
                                                                   message: str) -> None:
    state = moves(new_state("S", "AH", **TO_REFUSE), *steps)
    assert move not in legal(state)
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, RULES.parse_move(move))
    assert str(caught.value) == message


def test_a_finished_match_names_its_winners_and_a_move_after_it_says_to_start_a_new_game() -> None:
    state, rng = RULES.new_game({}, 3), Rng(3)
    while not state.over:
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    ns, ew = state.scores
    team, name = ((0, 2), "North/South") if ns >= 10 else ((1, 3), "East/West")
    assert max(ns, ew) >= 10 > min(ns, ew) and len(state.results) > 1
    assert RULES.outcome(state) == Outcome(team, (ns, ew), f"{name} win {max(ns, ew)}-{min(ns, ew)} after "
                                                           f"{len(state.results)} hands")
    with pytest.raises(IllegalMove, match="^the match is over: start a new game$"):
        RULES.apply(state, RULES.parse_move("pass"))


def test_the_options_own_moments_say_what_is_allowed_when_a_move_is_refused() -> None:
    state = moves(new_state("S", "AH", settings={"defender_alone": True, "dealer_may_decline": True}, **TO_REFUSE),
                  "W order")
    with pytest.raises(IllegalMove, match="^'discard 9S' is not possible now: the dealer picks up or declines the "
                                          "upcard$"):
        RULES.apply(state, RULES.parse_move("discard 9S"))
    state = moves(state, "S pickup", "S discard 9S")
    with pytest.raises(IllegalMove, match="^'order' is not possible now: a defender may go alone or pass$"):
        RULES.apply(state, RULES.parse_move("order"))
