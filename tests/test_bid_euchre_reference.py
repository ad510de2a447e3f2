"""Bid Euchre's rules against an independent reading of the spec (``tests/bid_euchre_reference.py``): random
matches, every auction shape included, compared move by move — who is to move, the legal moves, the deal,
each hand's points, the score, the next dealer and the match's winner."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.rng import Rng
from plugins.bid_euchre.rules import BidEuchreRules, BidState
from tests import bid_euchre_reference as reference
from tests.reference_play import side_by_side

RULES = BidEuchreRules()
HANDS_AT_MOST = 30  # bold random bidders are set so often that a match may never end


def assert_same(state: BidState, match: reference.Match) -> None:
    assert state.over == (match.phase == "over")
    assert list(state.scores) == match.scores
    if match.phase == "over":
        assert state.winner == match.winner
        return
    assert state.number == match.number and state.hand.dealer == match.dealer
    assert [sorted(c.text for c in h) for h in state.hand.hands] == [sorted(h) for h in match.hands]
    assert RULES.to_move(state) == match.turn
    assert sorted(m.text for m in RULES.legal_moves(state)) == sorted(match.legal())


def play_side_by_side(seed: int, quiet: float) -> tuple[BidState, reference.Match]:
    """A match of random moves (a seat passes with chance ``quiet`` where it may), checked at every step."""
    state, match = RULES.new_game({}, seed), reference.Match(seed)
    state = side_by_side(RULES, state, match, Rng.derive(seed, "reference-moves"), quiet,
                         lambda: match.phase != "over" and match.number < HANDS_AT_MOST, assert_same)
    return state, match


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), quiet=st.sampled_from([0.0, 0.5, 0.8, 0.95]))
def test_random_matches_follow_the_spec_move_by_move(seed: int, quiet: float) -> None:
    play_side_by_side(seed, quiet)


def test_the_sample_reaches_every_rule_the_comparison_checks() -> None:
    """The seeded matches above are only worth something if they cover the spec's cases: each declaration,
    the dealer taking at an equal number and forced to bid, a set, a negative score and a won match."""
    seen: set[str] = set()
    for seed in range(40):
        state, match = play_side_by_side(seed, 0.8)
        seen |= {"won match"} if match.phase == "over" else set()
        seen |= {"negative score"} if min(min(r.points) for r in state.results) < 0 else set()
        for result in state.results:
            bids = [n for _, n in _auction(result.log)]
            seen.add(result.contract.declaration.split()[0] + (" low" if result.contract.low else ""))
            if result.contract.declarer == result.dealer:
                seen.add("dealer forced" if max(bids[:3]) == 0 else
                         "dealer took equal" if bids[3] == max(bids[:3]) else "dealer bid higher")
            seen |= {"set"} if not result.made else set()
    assert seen >= {"trump", "notrump", "notrump low", "dealer forced", "dealer took equal", "dealer bid higher",
                    "set", "negative score", "won match"}, seen


def _auction(log: tuple[tuple[int, str], ...]) -> list[tuple[int, int]]:
    """The four auction calls of a hand's log, a pass as 0."""
    calls = [text for _, text in log if text == "pass" or text.startswith("bid ")]
    return [(i, int(text.split()[1]) if text != "pass" else 0) for i, text in enumerate(calls[:4])]
