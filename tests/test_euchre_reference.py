"""Euchre's rules against an independent reading of the spec and the rules help (``tests/euchre_reference.py``):
random matches under every combination of the seven options and each target, compared move by move — the
deal (hands, upcard, buried cards), who is to move, the legal moves, each hand's points (thrown-in hands
included), the score, the next dealer and the end of the match."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.rng import Rng
from plugins.euchre.model import EuchreState
from plugins.euchre.rules import EuchreRules
from plugins.euchre.settings import SCHEMA
from tests import euchre_reference as reference
from tests.reference_play import side_by_side

RULES = EuchreRules()
TOGGLES = ("stick_the_dealer", "trump_holding", "defender_alone", "dealer_may_decline", "dealer_partner_alone",
           "thirty_two_cards", "joker")


def assert_same(state: EuchreState, match: reference.Match) -> None:
    assert state.over == match.over
    assert list(state.scores) == match.scores
    if match.over:
        return
    hand = state.hand
    assert state.number == match.number and hand.dealer == match.dealer
    assert hand.deal.upcard.text == match.upcard
    assert sorted(c.text for c in hand.deal.buried) == sorted(match.buried)
    assert [sorted(c.text for c in h) for h in hand.hands] == [sorted(h) for h in match.hands]
    assert RULES.to_move(state) == match.turn
    assert sorted(m.text for m in RULES.legal_moves(state)) == sorted(match.legal())


def play_side_by_side(options: reference.Options, seed: int, quiet: float) -> reference.Match:
    """A match of random moves (a seat passes with chance ``quiet`` where it may), checked at every step."""
    settings_ = {**SCHEMA.defaults(), **{name: getattr(options, name) for name in TOGGLES}, "target": options.target}
    state, match = RULES.new_game(settings_, seed), reference.Match(options, seed)
    side_by_side(RULES, state, match, Rng.derive(seed, "reference-moves"), quiet, lambda: not match.over, assert_same)
    return match


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), quiet=st.sampled_from([0.0, 0.5, 0.8]),
       options=st.builds(reference.Options, *(st.booleans() for _ in TOGGLES), target=st.sampled_from([5, 7, 10])))
def test_random_matches_follow_the_rules_move_by_move(seed: int, quiet: float, options: reference.Options) -> None:
    play_side_by_side(options, seed, quiet)


def test_the_sample_reaches_every_rule_the_comparison_checks() -> None:
    """The random matches are only worth something if they reach the rare rules: a joker turned up and played,
    the 7s and 8s, a forced dealer, a declined pickup, a hand thrown in, the dealer's partner alone, a lone
    march and a lone defender's euchre."""
    events: Counter[str] = Counter()
    for seed in range(12):
        options = reference.Options(seed % 2 == 0, seed % 3 == 0, True, True, True, True, True, target=10)
        events += play_side_by_side(options, seed, 0.8).events
    wanted = {"joker turned up", "joker played", "7 or 8 played", "forced dealer", "declined", "thrown in",
              "dealer's partner alone", "lone march", "lone defender's euchre"}
    assert wanted <= {name for name, count in events.items() if count}, events
