"""core.frozen.replacer: the engines' fast copy-with-changes of a frozen, slotted dataclass."""

from __future__ import annotations

import dataclasses

import pytest

from core.frozen import replacer


@dataclasses.dataclass(frozen=True, slots=True)
class Seat:
    name: str
    score: int = 0
    cards: tuple[str, ...] = ()


def test_a_copy_changes_only_the_fields_named_and_leaves_the_original_alone() -> None:
    with_ = replacer(Seat)
    before = Seat("N", 3, ("JH", "9C"))
    after = with_(before, score=5)
    assert after == dataclasses.replace(before, score=5) == Seat("N", 5, ("JH", "9C"))
    assert before == Seat("N", 3, ("JH", "9C"))
    assert after.cards is before.cards  # unchanged fields are shared, not copied
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.score = 6  # type: ignore[misc]


def test_a_positional_copier_sets_the_named_fields_in_order() -> None:
    scored = replacer(Seat, "cards", "score")
    before = Seat("N", 3, ("JH",))
    assert scored(before, ("9C",), 4) == Seat("N", 4, ("9C",))
    assert before == Seat("N", 3, ("JH",))
    with pytest.raises(TypeError):
        scored(before, ("9C",))  # every named field is given


def test_a_copy_refuses_a_field_the_class_does_not_have() -> None:
    with pytest.raises(TypeError):
        replacer(Seat)(Seat("N"), points=1)
    for fields in (("points",), ("score", "score")):
        with pytest.raises(TypeError):
            replacer(Seat, *fields)


def test_only_slotted_dataclasses_without_post_init_are_accepted() -> None:
    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        name: str

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        name: str

        def __post_init__(self) -> None:
            assert self.name

    for cls in (Unslotted, Checked, dict):
        with pytest.raises(TypeError):
            replacer(cls)
