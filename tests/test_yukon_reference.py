"""Yukon's moves against an independent reading of the spec (``tests/yukon_reference.py``): random games of
standard and Russian Yukon, with and without returns from the foundations, compared move by move — the legal
moves, every column's cards and which of them lie face up, the foundations, and the win."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.rng import Rng
from plugins.yukon.rules import RUSSIAN, YukonRules, YukonState
from tests import yukon_reference as reference

RULES = YukonRules()
MOVES_AT_MOST = 250


def assert_same(state: YukonState, position: reference.Position) -> None:
    assert [[(c.text, i >= state.hidden[n]) for i, c in enumerate(column)] for n, column in
            enumerate(state.columns)] == [[(p.card, p.face_up) for p in column] for column in position.columns]
    assert list(state.foundations) == list(position.home.values())
    assert state.won == position.won()
    assert {m.text for m in RULES.legal_moves(state)} == position.legal()


def play_side_by_side(deal: int, russian: bool, returns: bool, homeward: float) -> Counter[str]:
    """Random moves (a card home with chance ``homeward`` when one can go), checked at every step; how many
    moves of each kind were made ("home", "return", "king to an empty column", "other")."""
    state = RULES.deal({"variant": "russian" if russian else "standard", "return_from_foundations": returns},
                       deal)
    assert (state.variant == RUSSIAN) == russian and state.returns_allowed == returns
    assert [len(c) for c in state.columns] == [1, 6, 7, 8, 9, 10, 11] and list(state.hidden) == list(range(7))
    position = reference.Position([[c.text for c in column] for column in state.columns], list(state.hidden),
                                  russian, returns)
    rng = Rng.derive(deal, "reference-moves")
    kinds: Counter[str] = Counter()
    for _ in range(MOVES_AT_MOST):
        assert_same(state, position)
        legal = sorted(position.legal())
        if not legal:
            break
        home = [m for m in legal if m.endswith(">F")]
        move = rng.choice(home) if home and rng.random() < homeward else rng.choice(legal)
        target = move.split(">")[1]
        kinds["home" if target == "F" else "return" if move.startswith("F.") else
              "king to an empty column" if not position.front(int(target) - 1) else "other"] += 1
        state = RULES.apply(state, RULES.parse_move(move))
        position.apply(move)
    return kinds


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 1_000_000), russian=st.booleans(), returns=st.booleans(),
       homeward=st.sampled_from([0.0, 0.5, 0.9]))
def test_random_games_follow_the_spec_move_by_move(deal: int, russian: bool, returns: bool,
                                                    homeward: float) -> None:
    play_side_by_side(deal, russian, returns, homeward)


def test_the_sample_reaches_the_moves_the_comparison_checks() -> None:
    """Seeded games like those above return cards from the foundations and fill emptied columns with kings in
    both variants, so those rules are compared, not only the common moves."""
    for russian in (False, True):
        kinds: Counter[str] = Counter()
        for deal in range(1, 41):
            kinds += play_side_by_side(deal, russian, True, 0.5)
        assert kinds["return"] and kinds["king to an empty column"] and kinds["home"], (russian, kinds)
