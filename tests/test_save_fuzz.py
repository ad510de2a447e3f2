"""A save edited by hand or damaged on disk either is refused with a reason (:class:`RestoreError`) or gives a
game that plays on: its table is built, hints are given and CPU players move, with no exception. The fuzz
takes a real save of each game, changes one value or drops one key anywhere in it, and plays on from it."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.game import IllegalMove
from core.manager import load_host
from core.rng import Rng
from core.session import GameSession, RestoreError
from tests.session_helpers import plays_on

HOST = load_host()
GAMES = ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre", "yukon")

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.integers(-3, 60),
                   st.floats(allow_nan=False), st.text(max_size=4), st.sampled_from(["JK", "AS", "S", "F", "-1"]),
                   st.lists(st.integers(-2, 60), max_size=4), st.dictionaries(st.text(max_size=3), st.integers(),
                                                                            max_size=2))


def a_real_save(game_id: str) -> dict[str, Any]:
    """A game a few moves in, as the save service would store it (Yukon from a deal number, the others from
    a seed: both kinds of start)."""
    game = HOST.game(game_id)
    session = GameSession.new(game, seed=7, deal={"number": 12} if game_id == "yukon" else None)
    rng = Rng(7)
    for _ in range(12):
        if session.hold is not None:
            session.acknowledge()
        elif session.cpu_step() is None and session.to_move is not None:
            session.play(rng.choice(list(session.legal_moves())))
    return session.record()


SAVES = {game_id: a_real_save(game_id) for game_id in GAMES}


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside a JSON-like record, containers included."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += places(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += places(inner, (*path, index))
    return found


def damaged(record: dict[str, Any], path: tuple[Any, ...], value: Any, drop: bool) -> dict[str, Any]:
    record = copy.deepcopy(record)
    holder = record
    for step in path[:-1]:
        holder = holder[step]
    if drop:
        del holder[path[-1]]
    else:
        holder[path[-1]] = value
    return record


@pytest.mark.parametrize("game_id", GAMES)
def test_the_untouched_saves_restore_and_play_on(game_id: str) -> None:
    plays_on(GameSession.restore(HOST.game(game_id), SAVES[game_id]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(GAMES), where=st.integers(0, 10**6), value=VALUES, drop=st.booleans())
def test_a_damaged_save_is_refused_with_a_reason_or_plays_on(game_id: str, where: int, value: Any,
                                                             drop: bool) -> None:
    record = SAVES[game_id]
    paths = places(record)
    path = paths[where % len(paths)]
    try:
        session = GameSession.restore(HOST.game(game_id), damaged(record, path, value, drop))
    except RestoreError as error:
        assert str(error), "the player is told why"
        return
    try:
        plays_on(session)
    except IllegalMove:  # a rule refusing a move is a reason, not a crash; only legal moves are played here
        raise AssertionError(f"a legal move was refused after {path} became {value!r}") from None
