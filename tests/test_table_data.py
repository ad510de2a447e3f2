"""A pile's fan as the shared scene lays it out (``Pile.step``, ``Pile.squeezed``): a column that does not fit
its room is squeezed, never below its ``squeeze``, along the direction it fans in. And what a pile, a button or
a situation a plugin author gives only what it must have is: the defaults the contract promises."""

from __future__ import annotations

import pytest

from core.table import CARD_HEIGHT, CardFace, Choice, Pile, Situation
from core.text import Text

UP, DOWN = CardFace("7D"), CardFace(None)


def column(*cards: CardFace, **options: object) -> Pile:
    return Pile("column", 0.0, 0.0, cards, **options)  # type: ignore[arg-type]


def test_a_face_down_card_steps_by_fan_down_and_a_face_up_one_by_fan() -> None:
    pile = column(DOWN, UP, UP, fan=(0.0, 0.3), fan_down=(0.0, 0.1))
    assert [pile.step(i) for i in range(3)] == [(0.0, 0.1), (0.0, 0.3), (0.0, 0.3)]
    assert column(DOWN, UP, fan=(0.0, 0.3)).step(0) == (0.0, 0.3), "without fan_down, face-down cards fan alike"


def test_a_fan_that_fits_its_room_exactly_is_not_squeezed() -> None:
    pile = column(UP, UP, UP, fan=(0.0, 0.25))
    assert pile.squeezed(CARD_HEIGHT + 0.5) == 1.0
    assert pile.squeezed(CARD_HEIGHT + 0.4) == pytest.approx(0.8)


def test_two_cards_are_squeezed_and_one_never_is() -> None:
    assert column(UP, UP, fan=(0.0, 0.5)).squeezed(CARD_HEIGHT + 0.4) == pytest.approx(0.8)
    assert column(UP, fan=(0.0, 0.5)).squeezed(0.1) == 1.0
    assert column(fan=(0.0, 0.5)).squeezed(0.1) == 1.0


def test_a_squeeze_stops_at_the_piles_floor() -> None:
    pile = column(*(UP,) * 13, fan=(0.0, 0.3), squeeze=0.6)
    assert pile.squeezed(CARD_HEIGHT + 1.2) == pytest.approx(0.6), "an index stays readable: the table shrinks"
    assert pile.squeezed(CARD_HEIGHT + 3.0) == pytest.approx(3.0 / 3.6)


def test_a_pile_with_no_fan_needs_no_room() -> None:
    assert column(UP, UP, UP).squeezed(0.5) == 1.0, "a stack laid square fits where its one card does"
    assert column(UP, UP, UP).squeezed(-1.0) == 1.0


def test_the_fans_longer_direction_decides_what_its_room_is_measured_by() -> None:
    across = column(UP, UP, UP, fan=(0.4, 0.1))  # a hand fanned sideways: its room is card widths
    assert across.squeezed(1.8) == 1.0 and across.squeezed(1.4) == pytest.approx(0.5)
    assert column(UP, UP, UP, fan=(0.2, 0.2)).squeezed(1.5) == 0.5, "a diagonal fan is measured downwards"
    assert column(UP, UP, UP, fan=(0.0, -0.2)).squeezed(CARD_HEIGHT + 0.2) == pytest.approx(0.5), "upwards too"


def test_a_pile_given_only_its_place_and_cards_is_plain() -> None:
    """What the contract promises a plugin author who leaves the rest out: no outline drawn, no keyboard stop,
    no dragging, no marks, squeezed to half its step at most, drawn at full size."""
    pile = Pile("deck", 1.0, 2.0, (UP,))
    assert (pile.outline, pile.focus, pile.drag, pile.drag_alone) == (False, False, False, False)
    assert (pile.marks, pile.squeeze, pile.scale, pile.fan, pile.fan_down, pile.room) == (
        frozenset(), 0.5, 1.0, (0.0, 0.0), None, None)


def test_a_button_given_only_its_words_is_a_plain_one_that_sends_a_press() -> None:
    button = Choice("deal", Text("Deal"))
    assert (button.enabled, button.checked, button.hinted, button.colour) == (True, False, False, "")
    assert (button.key, button.move, button.action) == ("", None, None)


def test_a_situation_given_only_what_the_seat_sees_holds_nothing_else() -> None:
    situation = Situation(observation={"hand": ["AS"]}, legal=["AS"], seat=0, to_move=0)
    assert (situation.hold, situation.hint, str(situation.refusal)) == (None, None, "")
    assert (situation.analysis, situation.analysing, situation.ply, situation.seconds) == ({}, False, 0, 0.0)
