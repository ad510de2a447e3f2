"""Build Euchre positions from short text: the hands you care about, the rest filled in order."""

from __future__ import annotations

from typing import Any

from core.cards import parse_cards
from plugins.euchre.cards import DECK
from plugins.euchre.model import EuchreState, parse_seat
from plugins.euchre.rules import EuchreRules
from plugins.euchre.settings import SCHEMA

RULES = EuchreRules()


def make_deal(dealer: str, up: str, buried: str | None = None, **hands: str) -> dict[str, Any]:
    given = {seat: [c.text for c in parse_cards(text)] for seat, text in hands.items()}
    used = {t for cards in given.values() for t in cards} | {up} | set((buried or "").split())
    rest = [c.text for c in DECK if c.text not in used]
    for seat in "SWNE":
        if seat not in given:
            given[seat], rest = rest[:5], rest[5:]
    return {"dealer": dealer, "hands": given, "upcard": up,
            "buried": buried.split() if buried else rest[:3]}


def new_state(dealer: str, up: str, buried: str | None = None, settings: dict[str, Any] | None = None,
              **hands: str) -> EuchreState:
    values = {**SCHEMA.defaults(), **(settings or {})}
    return RULES.from_deal(values, make_deal(dealer, up, buried, **hands))


def moves(state: EuchreState, *steps: str) -> EuchreState:
    """Apply ``"W pass"``, ``"N order alone"``…, checking that each is made by the seat to move."""
    for step in steps:
        seat, text = step.split(" ", 1)
        assert RULES.to_move(state) == parse_seat(seat), f"expected {seat} to move before '{step}'"
        state = RULES.apply(state, RULES.parse_move(text))
    return state


def legal(state: EuchreState) -> list[str]:
    return [m.text for m in RULES.legal_moves(state)]
