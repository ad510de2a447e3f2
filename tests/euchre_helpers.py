"""Build Euchre positions from short text: the hands you care about, the rest filled in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.cards import Card, parse_cards
from plugins.euchre.cards import DECK
from plugins.euchre.model import EuchreState, parse_seat
from plugins.euchre.rules import EuchreRules
from plugins.euchre.settings import SCHEMA, Options

RULES = EuchreRules()


def make_deal(dealer: str, up: str, buried: str | None = None, deck: Sequence[Card] = DECK,
              **hands: str) -> dict[str, Any]:
    """A deal from ``deck``: the hands given, the others filled in deck order, the rest buried."""
    given = {seat: [c.text for c in parse_cards(text)] for seat, text in hands.items()}
    used = {t for cards in given.values() for t in cards} | {up} | set((buried or "").split())
    rest = [c.text for c in deck if c.text not in used]
    for seat in "SWNE":
        if seat not in given:
            given[seat], rest = rest[:5], rest[5:]
    return {"dealer": dealer, "hands": given, "upcard": up,
            "buried": buried.split() if buried else rest}


def new_state(dealer: str, up: str, buried: str | None = None, settings: dict[str, Any] | None = None,
              **hands: str) -> EuchreState:
    """A match under ``settings`` (defaults otherwise) whose first deal is ``make_deal`` from the match's deck."""
    values = {**SCHEMA.defaults(), **(settings or {})}
    return RULES.from_deal(values, make_deal(dealer, up, buried, Options.from_settings(values).deck, **hands))


def moves(state: EuchreState, *steps: str) -> EuchreState:
    """Apply ``"W pass"``, ``"N order alone"``…, checking that each is made by the seat to move."""
    for step in steps:
        seat, text = step.split(" ", 1)
        assert RULES.to_move(state) == parse_seat(seat), f"expected {seat} to move before '{step}'"
        state = RULES.apply(state, RULES.parse_move(text))
    return state


def legal(state: EuchreState) -> list[str]:
    return [m.text for m in RULES.legal_moves(state)]
