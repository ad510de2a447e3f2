"""What the independent readings of the trick-taking games (``tests/*_reference.py``) share: following suit,
a trick's winner, and the driver that plays a plugin's rules and a reading side by side. Nothing here comes
from ``plugins/``: the rules objects are driven only through their public methods."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from core.rng import Rng

Plays = Sequence[tuple[int, str]]  # (seat, card) in the order played


def card_plays(hand: Sequence[str], trick: Plays, suit_of: Callable[[str], str]) -> list[str]:
    """The card moves allowed: the led card's (effective) suit when the hand holds one, else any card."""
    if trick:
        led = suit_of(trick[0][1])
        following = [c for c in hand if suit_of(c) == led]
        if following:
            return [f"play {c}" for c in following]
    return [f"play {c}" for c in hand]


def trick_winner(trick: Plays, suit_of: Callable[[str], str], power: Callable[[str, str], int]) -> int:
    """The seat whose card ``power(card, led suit)`` rates highest."""
    led = suit_of(trick[0][1])
    return max(trick, key=lambda play: power(play[1], led))[0]


class Reading(Protocol):
    """A reading of a game's rules advanced by move texts, as the reference modules write them."""

    last_points: Any

    def legal(self) -> list[str]: ...

    def apply(self, text: str) -> None: ...


def side_by_side(rules: Any, state: Any, reading: Reading, rng: Rng, quiet: float, going: Callable[[], bool],
                 same: Callable[[Any, Any], None]) -> Any:
    """Random moves while ``going()`` (a seat passes with chance ``quiet`` where it may), each applied to the
    plugin's ``state`` and to ``reading``, compared by ``same(state, reading)`` after every move along with
    each finished hand's points; the final state."""
    same(state, reading)
    while going():
        legal = reading.legal()
        text = "pass" if "pass" in legal and rng.random() < quiet else rng.choice(legal)
        hands_before = len(state.results)
        state = rules.apply(state, rules.parse_move(text))
        reading.apply(text)
        if len(state.results) > hands_before:
            assert state.results[-1].points == reading.last_points
        same(state, reading)
    return state
