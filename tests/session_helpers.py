"""Driving a game in tests: a session the way the window does (past held moments and CPU turns), or a bare
rules state with one strategy in every seat."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from core.rng import Rng
from core.session import GameSession
from core.table import Situation


def until_person(session: GameSession, ready: Callable[[GameSession], bool] = lambda s: True) -> None:
    """Acknowledge holds and let the CPU seats move until seat 0 is to move, nothing is held and ``ready`` (or
    the game is over)."""
    while (session.to_move != 0 or session.hold is not None or not ready(session)) and not session.is_over:
        if session.hold is not None:
            session.acknowledge()
        else:
            session.cpu_step()


def first_moves_until(session: GameSession, done: Callable[[GameSession], bool]) -> None:
    """Seat 0 makes its first legal move each turn, the CPU seats move and held moments are passed, until
    ``done``."""
    while not done(session):
        if session.hold is not None:
            session.acknowledge()
        elif session.to_move == 0:
            session.play(session.legal_moves()[0])
        else:
            session.cpu_step()


def hint_reasons(session: GameSession, count: int) -> list[Any]:
    """The reasons of the first ``count`` hints seat 0 gets while it plays every hint (the CPU seats moving and
    held moments passed between)."""
    reasons = []
    while len(reasons) < count:
        until_person(session)
        hint = session.hint()
        assert hint is not None
        reasons.append(hint.reason)
        session.play(hint.move)
    return reasons


def first_hand_played_on(rules: Any, state: Any, player: Any) -> Any:
    """``state`` once its first hand is over, ``player`` choosing every move in every seat."""
    while state.number == 0 and not state.over:
        seat = rules.to_move(state)
        assert seat is not None
        state = rules.apply(state, player.choose(rules.observation(state, seat), rules.legal_moves(state), Rng(0)))
    return state


def plays_on(session: GameSession) -> None:
    """Forty steps of play — the table of seat 0 built at each, a hint asked for on its turns."""
    game = session.game
    module, _, name = (game.presenter or "").partition(":")
    presenter = getattr(importlib.import_module(module), name)() if module else None
    ui = presenter.initial_ui() if presenter is not None else None
    rng = Rng(3)
    for _ in range(40):
        if session.to_move is None:
            break
        mine = session.to_move == 0 and session.hold is None
        if presenter is not None:
            legal = tuple(session.legal_moves()) if mine else ()
            presenter.table(Situation(session.observation(0), legal, 0, session.to_move, session.hold), ui)
        if session.hold is not None:
            session.acknowledge()
        elif session.is_cpu_turn:
            session.cpu_step()
        else:
            session.hint()
            session.play(rng.choice(list(session.legal_moves())))
