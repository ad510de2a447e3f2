"""GameSession: CPU turns from observations only, undo policy, autosave (and its failure), restore."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from core.game import GameSpec, IllegalMove
from core.rng import Rng
from core.saves import SaveService
from core.session import GameSession, PlayerFailed, RestoreError, SessionListener
from core.text import Text
from tests.test_example_plugin import hilo_game


class Recorder(SessionListener):
    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    def moved(self, seat: int, move: str) -> None:
        self.events.append(("moved", move))

    def save_failed(self, message: Text) -> None:
        self.events.append(("save_failed", message))

    def save_recovered(self) -> None:
        self.events.append(("save_recovered", None))

    def paused(self, paused: bool) -> None:
        self.events.append(("paused", paused))

    def undone(self) -> None:
        self.events.append(("undone", None))

    def redone(self) -> None:
        self.events.append(("redone", None))


def test_cpu_gets_only_its_observation(tmp_path: Path) -> None:
    game = hilo_game()
    seen: list[Any] = []

    class Spy:
        def choose(self, observation: Any, legal: Sequence[str], rng: Rng) -> str:
            seen.append(observation)
            return legal[0]

    spy_game = GameSpec(**{**game.__dict__, "strategies": {"spy": Spy}})
    session = GameSession.new(spy_game, seed=1, players=["spy"])
    session.run_cpus()
    assert session.is_over and seen
    assert all(type(o).__name__ == "Observation" for o in seen)


def test_illegal_move_changes_nothing_and_says_why() -> None:
    session = GameSession.new(hilo_game(), seed=1, players=[None])
    before = session.state
    with pytest.raises(IllegalMove, match="higher or lower"):
        session.play("sideways")
    assert session.state == before and session.moves == []


def test_autosave_after_every_move_and_restore(tmp_path: Path) -> None:
    saves = SaveService(tmp_path)
    session = GameSession.new(hilo_game(), seed=7, players=[None], saves=saves)
    session.play("higher")
    assert saves.read("hilo").record["moves"] == ["higher"]  # type: ignore[index]
    restored = GameSession.restore(hilo_game(), saves.read("hilo").record or {})
    assert restored.state == session.state and restored.seed == session.seed


def test_restore_of_an_unreplayable_save_raises_restore_error() -> None:
    record = {"settings": {}, "start": {"seed": 1}, "moves": ["higher"] * 60, "players": [None]}
    with pytest.raises(RestoreError, match="cannot be replayed"):
        GameSession.restore(hilo_game(), record)


def test_hints_asked_and_time_played_come_back_with_the_game_and_a_damaged_count_is_zero(tmp_path: Path) -> None:
    """A Yukon deal won after a hint is won with help, and the time played goes on from where it was, also after
    the program was closed in between; a count no game could have written starts again from nothing."""
    from plugins.yukon.plugin import GAME as YUKON

    saves = SaveService(tmp_path)
    session = GameSession.new(YUKON, YUKON.settings.defaults(), deal={"number": 12}, players=[None], saves=saves)
    assert session.hint() is not None and session.hint() is not None
    session.seconds = 125.34
    session.play("4>F")
    record = saves.read("yukon").record or {}
    restored = GameSession.restore(YUKON, record)
    assert restored.hints == 2 and restored.seconds == 125.3
    for hints in (True, -1, "2", 2.5, None):
        assert GameSession.restore(YUKON, record | {"hints": hints}).hints == 0, hints
    for seconds in (-1, 1e9, float("inf"), float("nan"), "60", None, [1]):
        assert GameSession.restore(YUKON, record | {"seconds": seconds}).seconds == 0.0, seconds
    assert GameSession.restore(YUKON, record | {"seconds": 7}).seconds == 7.0


def test_a_save_names_its_cpu_players_and_one_no_longer_offered_is_replaced_alone() -> None:
    """Each seat keeps the CPU player it was saved with, even one its settings would not choose now; a player the
    game dropped gives way to the settings' choice for that seat, said once; a save without players takes the
    settings'."""
    from plugins.euchre.plugin import GAME

    session = GameSession.new(GAME, GAME.settings.defaults(), seed=4, players=[None, "easy", "hard", "normal"])
    turns = []
    while len(session.moves) < 8:
        turns.append((session.to_move, session.is_cpu_turn))
        session.play(session.legal_moves()[0])
    assert {cpu for seat, cpu in turns if seat == 0} == {False} and {cpu for seat, cpu in turns if seat != 0} == {True}
    record = session.record()
    assert GameSession.restore(GAME, record).players == (None, "easy", "hard", "normal")
    dropped = GameSession.restore(GAME, record | {"players": [None, "grandmaster", "hard", "grandmaster"]})
    assert dropped.players == (None, "normal", "hard", "normal")
    assert [str(problem) for problem in dropped.settings_problems] == [
        "the CPU player 'grandmaster' is no longer offered; 'normal' plays instead"]
    assert GameSession.restore(GAME, {k: v for k, v in record.items() if k != "players"}).players == (
        None, "normal", "normal", "normal")


def test_a_cpu_player_that_cannot_be_made_is_the_plugins_fault_not_the_saves() -> None:
    """Its error is a PlayerFailed naming the player, on a new game and on restoring a sound save alike (which
    the window then keeps: a RestoreError would have set it aside)."""

    class Unborn:
        def __init__(self) -> None:
            raise RuntimeError("no brain today")

    game = GameSpec(**{**hilo_game().__dict__, "strategies": {"unborn": Unborn}})
    with pytest.raises(PlayerFailed, match="the CPU player 'unborn' could not be made: RuntimeError: no brain"):
        GameSession.new(game, seed=1, players=["unborn"])
    record = {"settings": {}, "start": {"seed": 1}, "moves": [], "players": ["unborn"]}
    with pytest.raises(PlayerFailed):
        GameSession.restore(game, record)


def test_save_failure_is_reported_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    listener = Recorder()
    session = GameSession.new(hilo_game(), seed=3, players=[None], saves=SaveService(blocker), listener=listener)
    session.play("higher")
    if not session.is_over:
        session.play("lower")
    failures = [e for e in listener.events if e[0] == "save_failed"]
    assert len(failures) == 1 and "cannot save" in str(failures[0][1])
    assert session.save_problem and len(session.moves) >= 1
    session.saves = SaveService(tmp_path / "ok")
    session.autosave()
    assert ("save_recovered", None) in listener.events and session.save_problem is None


def test_pause_blocks_moves_and_cpu() -> None:
    listener = Recorder()
    session = GameSession.new(hilo_game(), seed=3, players=["normal"], listener=listener)
    session.set_paused(True)
    assert session.cpu_turn() is None, "no CPU player starts thinking during a pause"
    assert session.cpu_step() is None and session.moves == []
    session.set_paused(False)
    assert session.cpu_step() is not None
    assert ("paused", True) in listener.events and ("paused", False) in listener.events


def test_a_cpu_decision_that_comes_back_after_the_game_moved_on_is_dropped() -> None:
    session = GameSession.new(hilo_game(), seed=3, players=["normal"])
    turn = session.cpu_turn()
    assert turn is not None and turn.seat == 0
    move = turn.decide()
    session.set_paused(True)
    assert session.finish_cpu_turn(turn, move) is None  # paused while it thought
    session.set_paused(False)
    later = session.cpu_turn()
    assert later is not None and session.finish_cpu_turn(later, later.decide()) is not None
    assert session.finish_cpu_turn(turn, move) is None and len(session.moves) == 1  # asked about an older position


def test_hint_comes_from_the_plugin() -> None:
    session = GameSession.new(hilo_game(), seed=3, players=[None])
    hint = session.hint()
    assert hint is not None and hint.move in session.legal_moves() and "%" in hint.reason.en


def test_a_hint_is_offered_only_to_a_person_to_move_in_a_game_that_gives_them() -> None:
    session = GameSession.new(hilo_game(), seed=3, players=[None])
    assert session.can_hint()
    session.set_paused(True)
    assert not session.can_hint() and session.hint() is None and session.hints == 0, "not while paused"
    session.set_paused(False)
    assert not GameSession.new(GameSpec(**{**hilo_game().__dict__, "hint": None}), seed=3, players=[None]).can_hint()
    held = _euchre_at_a_finished_trick(None)
    assert held.hold is not None and not held.can_hint(), "not while a finished trick is held"
    held.acknowledge()
    while held.to_move != 0:
        held.cpu_step()
    assert held.can_hint() and held.hint() is not None and held.hints == 1
    held.play(held.legal_moves()[0])
    assert held.to_move != 0 and not held.can_hint() and held.hint() is None and held.hints == 1, "nor on a CPU turn"


def test_a_hint_the_plugin_has_no_answer_for_is_not_counted_nor_asked_once_the_game_is_over() -> None:
    from core.session import hint_question

    game = GameSpec(**{**hilo_game().__dict__, "hint": lambda observation, legal: None})
    session = GameSession.new(game, seed=3, players=[None])
    assert session.can_hint() and session.hint() is None and session.hints == 0
    shown = GameSession.new(hilo_game(), seed=3, players=[None])
    assert shown.hint(counted=False) is not None and shown.hints == 0, "a demo's moves are not counted one by one"
    over = GameSession.new(hilo_game(), seed=3, players=["normal"])
    over.run_cpus()
    assert over.is_over and hint_question(over.game, over.state) is None


def test_run_cpus_stops_at_its_limit_and_says_how_many_it_made() -> None:
    from plugins.euchre.plugin import GAME

    session = GameSession.new(GAME, GAME.settings.defaults(), seed=3, players=["normal"] * 4)
    assert session.run_cpus(limit=3) == 3 and len(session.moves) == 3
    assert session.run_cpus() == len(session.moves) - 3 and session.is_over


def test_a_person_in_another_seat_undoes_their_own_move_with_the_cpu_replies() -> None:
    """A plugin may seat the person anywhere: hints are for that seat, and undo goes back to before its last move."""
    from plugins.euchre.plugin import GAME

    session = GameSession.new(GAME, GAME.settings.defaults(), seed=3, players=["normal", "normal", None, "normal"])
    start = session.state
    assert session.to_move == 2 and session.can_hint() and not session.can_undo() and session.undo() is False
    session.play("pass")
    while session.to_move != 2:
        session.cpu_step()
    assert session.moves[0] == "pass" and len(session.moves) > 1, "the CPU seats answered"
    assert session.undo() and session.state == start and session.moves == []


def _yukon_after_three_moves(saves: SaveService | None = None) -> tuple[GameSession, list[Any]]:
    """Yukon deal 12 three moves in (the first legal move each time), and the states it passed through."""
    from plugins.yukon.plugin import GAME as YUKON

    session = GameSession.new(YUKON, YUKON.settings.defaults(), deal={"number": 12}, players=[None], saves=saves)
    states = [session.state]
    for _ in range(3):
        session.play(session.legal_moves()[0])
        states.append(session.state)
    return session, states


def test_redo_plays_back_what_undo_took_until_a_new_move_is_made() -> None:
    session, states = _yukon_after_three_moves()
    moves = list(session.moves)
    assert not session.can_redo() and not session.redo()
    assert session.undo() and session.undo() and session.state == states[1]
    assert session.redo() and session.state == states[2] and session.moves == moves[:2]
    assert session.redo() and session.state == states[3] and session.moves == moves
    assert not session.can_redo() and not session.redo()
    assert session.undo() and session.state == states[2]
    session.set_paused(True)
    assert not session.can_redo() and not session.redo() and session.state == states[2]
    session.set_paused(False)
    other = next(m for m in session.legal_moves() if session.rules.move_text(m) != moves[2])
    session.play(other)
    assert not session.can_redo(), "a new move forgets what was undone"
    assert session.undo() and session.state == states[2] and session.redo() and session.moves[-1] != moves[2]


def test_redo_brings_back_the_cpu_replies_the_undo_took() -> None:
    from plugins.euchre.plugin import GAME

    listener = Recorder()
    session = GameSession.new(GAME, GAME.settings.defaults(), seed=22, players=[None, "normal", "normal", "normal"],
                              listener=listener)
    session.run_cpus()
    session.play("pass")
    session.run_cpus()
    after, moves = session.state, list(session.moves)
    assert moves == ["pass", "pass", "pass", "order", "discard JC"], "North's order and discard follow the pass"
    assert session.undo() and session.to_move == 0 and session.moves == []
    assert session.redo() and session.state == after and session.moves == moves
    assert [e for e in listener.events if e[0] != "moved"] == [("undone", None), ("redone", None)]


def test_what_undo_took_survives_a_save_and_a_damaged_list_costs_only_the_redo(tmp_path: Path) -> None:
    from plugins.yukon.plugin import GAME as YUKON

    saves = SaveService(tmp_path)
    session, states = _yukon_after_three_moves(saves)
    moves = list(session.moves)
    session.undo()
    session.undo()
    record = saves.read("yukon").record
    assert record is not None and record["moves"] == moves[:1] and record["undone"] == [[moves[1]], [moves[2]]]
    restored = GameSession.restore(YUKON, record)
    assert restored.state == states[1] and restored.redo() and restored.redo() and restored.state == states[3]
    assert not restored.can_redo()

    partly = GameSession.restore(YUKON, record | {"undone": [[moves[1]], ["7.1>F"], [moves[2]]]})
    assert partly.state == states[1] and partly.redo() and partly.state == states[2] and not partly.can_redo()
    for damaged in ("1>2", [["nonsense"]], [[]], [[3]], [["7.1>F"]]):
        restored = GameSession.restore(YUKON, record | {"undone": damaged})
        assert restored.state == states[1] and not restored.can_redo(), damaged


def test_undo_takes_the_moves_made_by_themselves_along_and_the_save_knows_which_they_were(tmp_path: Path) -> None:
    from plugins.yukon.plugin import GAME as YUKON

    saves = SaveService(tmp_path)
    session = GameSession.new(YUKON, YUKON.settings.defaults(), deal={"number": 12}, players=[None], saves=saves)
    start = session.state
    session.play("3.5>6")
    session.play("4>F", automatic=True)
    session.play("5>F", automatic=True)
    end = session.state
    record = saves.read("yukon").record
    assert record is not None and record["automatic"] == [1, 2]
    assert session.undo() and session.state == start and not session.can_undo()
    assert session.redo() and session.state == end
    restored = GameSession.restore(YUKON, record)
    assert restored.undo() and restored.state == start
    for damaged in ("1", [{}], [None, "2"]):
        restored = GameSession.restore(YUKON, record | {"automatic": damaged})
        assert restored.state == end and restored.undo() and restored.moves == ["3.5>6", "4>F"], damaged


# -- holds, listeners, background analysis -------------------------------------------------------------


def _euchre_at_a_finished_trick(saves: SaveService | None) -> GameSession:
    from plugins.euchre.plugin import GAME
    from tests.euchre_helpers import make_deal

    session = GameSession.new(GAME, GAME.settings.defaults(), deal=make_deal("E", "9H", S="JH JD AH KH QH"),
                              players=[None, "normal", "normal", "normal"], saves=saves)
    session.play("order")
    while session.hold is None:
        session.play(session.legal_moves()[0]) if session.to_move == 0 else session.cpu_step()
    return session


def test_a_held_trick_stops_cpu_moves_until_acknowledged_and_survives_a_restore(tmp_path: Path) -> None:
    saves = SaveService(tmp_path)
    session = _euchre_at_a_finished_trick(saves)
    assert session.hold == "trick:0:1" and session.cpu_turn() is None and session.cpu_step() is None
    again = GameSession.restore(session.game, saves.read("euchre").record or {})
    assert again.hold == "trick:0:1", "Back + Continue shows the held trick again"
    assert session.acknowledge() == "trick:0:1" and session.hold is None
    restored = GameSession.restore(session.game, saves.read("euchre").record or {})
    assert restored.hold is None, "an acknowledged trick is not shown again"
    if session.to_move != 0:
        assert session.cpu_turn() is not None


def test_cpu_only_sessions_never_hold() -> None:
    from plugins.euchre.plugin import GAME

    session = GameSession.new(GAME, GAME.settings.defaults(), seed=3, players=["normal"] * 4)
    session.run_cpus()
    assert session.is_over and session.hold is None


def test_every_listener_hears_every_event() -> None:
    game = hilo_game()
    first, second = Recorder(), Recorder()
    session = GameSession.new(game, seed=3, players=[None], listener=first)
    stop = session.add_listener(second)
    session.play("higher")
    stop()
    session.set_paused(True)
    assert first.events == [("moved", "higher"), ("paused", True)] and second.events == [("moved", "higher")]


def test_analysis_verdicts_are_kept_by_ply_and_dropped_when_undone() -> None:
    import threading

    from plugins.yukon.plugin import GAME as YUKON

    session = GameSession.new(YUKON, YUKON.settings.defaults(), deal={"number": 12})
    session.set_paused(True)
    assert session.analysis_job() is None, "nothing runs in the background during a pause"
    session.set_paused(False)
    job = session.analysis_job()
    assert job is not None and job.ply == 0
    verdict = job.run(threading.Event().is_set)
    assert session.finish_analysis(job, verdict) and session.analysis_job() is None
    assert session.analysis[0].verdict == "won"
    session.play("4>F")
    later = session.analysis_job()
    assert later is not None and later.ply == 1
    stale = later
    session.undo()
    assert not session.finish_analysis(stale, verdict), "a verdict for a position no longer there is dropped"
    assert set(session.analysis) == {0}
