"""The sounds of a trick-taking table, for Euchre and its variants: a card played, a trick taken, the match won
by you and North. A new deal sounds by itself: the shell plays "deal" whenever a table names a new deal."""

from __future__ import annotations

from typing import Protocol

from core.cards import Card
from plugins.euchre.model import Trick


class TrickTable(Protocol):
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def current(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def over(self) -> bool: ...


def trick_sound(before: TrickTable, after: TrickTable, we_won: bool) -> str | None:
    """``"win"`` when the match ends in your side's favour, ``"trick"`` when a trick is completed (the last
    one of a hand too, though the next hand is dealt at once), ``"card"`` for a card played; bids, and a hand
    thrown in, are silent (the next hand's deal is heard)."""
    if after.over and not before.over:
        return "win" if we_won else "trick"
    if after.hand_number != before.hand_number:
        return "trick" if before.tricks or before.current else None
    if len(after.tricks) > len(before.tricks):
        return "trick"
    if len(after.current) > len(before.current):
        return "card"
    return None
