"""The keyboard cursor over a table, as pure functions: where the arrow keys take it and where it stays when the
table changes. The window's scene moves its cursor with these, and the conformance kit plays by keyboard alone
with the same ones.

A cursor is ``(pile id, card index)``: a face-up card in view of a pile offering ``focus`` (not one under
another in a squared-up pile: a foundation shows its top card only), or ``(pile id, None)`` on a pile with no such
card. Enter and Space on it are a click on that card (or pile)."""

from __future__ import annotations

from core.table import Pile, Table

Cursor = tuple[str, int | None]
ARROWS = ("Left", "Right", "Up", "Down")


def in_view(pile: Pile) -> list[int]:
    """The indices of ``pile``'s face-up cards a pointer can reach (see :meth:`Pile.uncovered`)."""
    return [i for i in pile.uncovered() if pile.cards[i].face_up]


def kept_cursor(table: Table, cursor: Cursor | None) -> Cursor | None:
    """``cursor`` on ``table``, kept on a face-up card in view of its pile (its front one when the pile shrank);
    ``None`` when its pile is gone or no longer offers focus."""
    if cursor is None:
        return None
    pile = next((p for p in table.piles if p.id == cursor[0] and p.focus), None)
    if pile is None:
        return None
    up = in_view(pile)
    index = cursor[1]
    if not pile.cards:
        return (pile.id, None)
    if index is None or index not in up:
        return (pile.id, up[-1] if up and (index is None or index > up[-1]) else up[0] if up else None)
    return cursor


def moved_cursor(table: Table, cursor: Cursor | None, direction: str) -> Cursor | None:
    """Where an arrow key (``"Left"``, ``"Right"``, ``"Up"``, ``"Down"``) takes ``cursor``: along its pile's face-up
    cards (Up and Down in a column, Left and Right in a row), or onto the nearest focus pile that way (round a row's
    end); with no cursor yet, onto the first focus pile. ``None``: it does not move."""
    piles = [p for p in table.piles if p.focus]
    if not piles:
        return None
    current = next((p for p in piles if cursor and p.id == cursor[0]), None)
    if current is None or cursor is None:
        return kept_cursor(table, (piles[0].id, None))
    up = in_view(current)
    index = cursor[1]
    axis = ("Up", "Down") if abs(current.fan[1]) >= abs(current.fan[0]) else ("Left", "Right")
    if direction in axis and up and index is not None:
        step = -1 if direction == axis[0] else 1
        if up[0] <= index + step <= up[-1]:
            return (current.id, index + step)
    dx, dy = {"Left": (-1, 0), "Right": (1, 0), "Up": (0, -1), "Down": (0, 1)}[direction]
    best, score = None, float("inf")
    for pile in piles:
        ox, oy = pile.x - current.x, pile.y - current.y
        along = ox * dx + oy * dy
        if pile is current or along <= 0.2:
            continue
        cost = along + 3 * abs(ox * dy + oy * dx)
        if cost < score:
            best, score = pile, cost
    if best is None:  # wrap around a row
        row = sorted((p for p in piles if abs(p.y - current.y) < 0.5), key=lambda p: p.x * dx or p.y * dy)
        best = row[0] if row and dx else None
    return None if best is None else kept_cursor(table, (best.id, None))
