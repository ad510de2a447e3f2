"""Nothing a player has is lost on an upgrade. Earlier versions' own files — saves of every game at several
points and under each preset and toggle, statistics of finished games, settings with every option changed —
were written by those versions (``tools/earlier_version_files.py``, kept in ``tests/data/earlier_versions/``)
and are read here by today's code: each save continues the same game (before every move, the legal moves and
the cards each seat may not see are those of that version, ply by ply, and play goes on from it), each
statistics file sums up with no event set aside, each settings file and the window's preferences give back
the values chosen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.manager import load_host
from core.saves import SaveService
from core.session import GameSession
from core.settings_store import SettingsStore
from core.stats import StatsStore
from tests.session_helpers import plays_on
from tools.earlier_version_files import digest, step

HOST = load_host()
VERSIONS = {path.stem: json.loads(path.read_text())
            for path in sorted((Path(__file__).parent / "data" / "earlier_versions").glob("*.json"))}
SAVES = [pytest.param(version, save, id=f"{version}-{save['game']}-{save['settings']}-{save['plies']}")
         for version, files in VERSIONS.items() for save in files["saves"]]


def test_there_are_files_from_the_first_days_on() -> None:
    assert len(VERSIONS) >= 3 and min(VERSIONS) < "2026-12"
    games = {save["game"] for files in VERSIONS.values() for save in files["saves"]}
    assert games == {"euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre", "yukon"}


@pytest.mark.parametrize(("version", "save"), SAVES)
def test_a_save_from_an_earlier_version_continues_the_same_game(tmp_path: Path, version: str,
                                                                 save: dict[str, Any]) -> None:
    game = HOST.game(save["game"])
    service = SaveService(tmp_path)
    service.path_for(game.id).write_text(json.dumps(save["file"]))
    loaded = service.read(game.id)
    assert loaded.problem is None and loaded.record is not None, loaded.problem
    assert service.continuable(game.id) == (not loaded.record.get("finished", False))
    record = loaded.record
    values, problems = game.settings.validate(record["settings"])
    assert not problems

    replay = GameSession(game, values, record["start"], players=record.get("players"))
    automatic, steps = set(record.get("automatic", [])), []
    for ply, text in enumerate(record["moves"]):
        if ply not in automatic:  # the session's own moves (cards sent home) were not the version's choices
            steps.append(step(replay))
        replay.play(text, automatic=ply in automatic)
    assert len(steps) == save["plies"]
    assert digest(steps) == save["digest"], "the same start and moves give another game than that version's"

    session = GameSession.restore(game, record)
    assert session.moves == record["moves"] and session.is_over == record.get("finished", session.is_over)
    plays_on(session)


@pytest.mark.parametrize("version", VERSIONS)
def test_statistics_from_an_earlier_version_sum_up_with_nothing_set_aside(tmp_path: Path, version: str) -> None:
    store = StatsStore(tmp_path)
    for game_id, stored in VERSIONS[version]["stats"].items():
        store.path_for(game_id).write_text(json.dumps(stored))
        summary = store.summary(game_id, HOST.game(game_id).statistics)
        assert summary.problem is None, (game_id, summary.problem)
        assert summary.events == len(stored["events"]) and summary.figures and summary.charts
        assert store.path_for(game_id).exists()


@pytest.mark.parametrize("version", VERSIONS)
def test_settings_from_an_earlier_version_come_back_as_chosen(tmp_path: Path, version: str) -> None:
    store = SettingsStore(tmp_path)
    for game_id, saved in VERSIONS[version]["settings"].items():
        store.path_for(game_id).parent.mkdir(parents=True, exist_ok=True)
        store.path_for(game_id).write_text(json.dumps(saved["file"]))
        values, problems = store.load(game_id, HOST.game(game_id).settings)
        assert not problems, (game_id, [p.en for p in problems])
        assert {key: values[key] for key in saved["values"]} == saved["values"]


@pytest.mark.parametrize("version", VERSIONS)
def test_the_window_preferences_from_an_earlier_version_come_back(version: str) -> None:
    from core.paths import config_dir
    from gui.prefs import ShellPrefs  # no Qt in it

    written = VERSIONS[version]["prefs"]
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "shell.json").write_text(json.dumps(written))
    prefs = ShellPrefs.load()
    assert prefs.problem is None
    assert (prefs.language, prefs.card_theme, prefs.animations, prefs.sound) == (
        written["language"], written["card_theme"], written["animations"], written["sound"])
    assert prefs.felt == written.get("felt", "green")  # the table colour came later: green, as it was
    assert prefs.table_text == "normal"  # the table's text size came later: as it was
