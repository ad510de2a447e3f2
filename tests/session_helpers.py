"""Driving a game session in tests the way the window does: past held moments and CPU turns."""

from __future__ import annotations

from collections.abc import Callable

from core.session import GameSession


def until_person(session: GameSession, ready: Callable[[GameSession], bool] = lambda s: True) -> None:
    """Acknowledge holds and let the CPU seats move until seat 0 is to move, nothing is held and ``ready`` (or
    the game is over)."""
    while (session.to_move != 0 or session.hold is not None or not ready(session)) and not session.is_over:
        if session.hold is not None:
            session.acknowledge()
        else:
            session.cpu_step()
