"""The match result of every Euchre-family table: it counts the hands in words that agree with the number, and
the line under the table names the buttons the result panel offers (not "Next", which it no longer has)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from core.rng import Rng
from core.session import GameSession
from core.table import Situation
from plugins.bid_euchre.plugin import GAME as BID_EUCHRE
from plugins.cutthroat.plugin import GAMES as CUTTHROAT
from plugins.euchre.plugin import GAME as EUCHRE

FAMILY = [EUCHRE, BID_EUCHRE, *CUTTHROAT.values()]


def play_to_the_match_result(game: Any, seed: int) -> GameSession:
    """Every seat, South too, played by the normal CPU; each held moment read, until the match result."""
    players = len(game.seats)
    session = GameSession.new(game, game.settings.defaults(), seed=seed, players=[None] * players)
    cpu = game.strategies["normal"]()
    while not (session.is_over and session.hold == "match"):
        if session.hold is not None:
            session.acknowledge()
            continue
        seat = session.to_move
        legal = session.legal_moves()
        session.play(cpu.choose(session.rules.observation(session.state, seat), legal, Rng(len(session.history))))
    return session


@pytest.mark.parametrize("game", FAMILY, ids=[g.id for g in FAMILY])
def test_the_match_result_counts_its_hands_and_the_status_names_its_buttons(game: Any) -> None:
    session = play_to_the_match_result(game, seed=3)
    module, _, factory = game.presenter.partition(":")
    presenter = getattr(importlib.import_module(module), factory)()
    table = presenter.table(Situation(session.observation(0), (), 0, session.to_move, session.hold),
                            presenter.initial_ui())
    hands = session.state.number + 1
    assert table.hold is not None and {c.id for c in table.hold.choices} == {"again", "back"}
    assert table.hold.lines[-1].en == (f"{hands} hands played" if hands > 1 else "1 hand played")
    assert "Play again (Enter)" in table.status.en and "Next" not in table.status.en
    assert "もう一度" in table.status.get("ja")
