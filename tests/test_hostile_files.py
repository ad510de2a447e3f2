"""Files that cannot hurt: every damaged or hostile save, settings or preferences file is moved aside with
a message and the program falls back — no traceback, and never the same failure on the next start."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import plugins.yukon.plugin as yukon_plugin
from core.saves import SaveService
from core.settings_store import SettingsStore
from gui.i18n import set_language
from gui.prefs import ShellPrefs
from plugins.euchre.settings import SCHEMA as EUCHRE_SCHEMA
from tests.gui_helpers import make_window


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


HOSTILE: dict[str, Callable[[Path], None]] = {
    "infinity": lambda p: p.write_text('{"format_version": 1, "values": {"target": Infinity}, "language": NaN}'),
    "5000 digits": lambda p: p.write_text('{"format_version": ' + "9" * 5000 + ', "values": {}}'),
    "100000 deep": lambda p: p.write_text('{"values": ' + _deep(100_000) + "}"),
    "a list": lambda p: p.write_text("[1, 2, 3]"),
    "a string": lambda p: p.write_text('"hello"'),
    "wrong types": lambda p: p.write_text('{"format_version": "1", "game": 7, "values": [], "settings": 3, '
                                          '"start": "x", "moves": {}, "language": 5, "animations": "yes"}'),
    "binary": lambda p: p.write_bytes(b"\xff\xfe\x00\x01garbage\x80"),
    "empty": lambda p: p.write_text(""),
    "a folder": lambda p: (p.mkdir(), (p / "inside.txt").write_text("x")),
}


def _aside(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(name + ".corrupt-")]


REASONS = {
    "infinity": "it holds Infinity, which is not a number JSON allows",
    "5000 digits": "it holds a value that cannot be read (Exceeds the limit (4300 digits) for integer string",  # …
    "100000 deep": "it is nested too deeply to read",
    "binary": "it is not UTF-8 text",
    "empty": "it is not valid JSON (line 1, column 1)",
    "a folder": "it is not a regular file",
}


@pytest.mark.parametrize("kind", REASONS)
def test_each_kind_of_damage_is_named_in_the_reason_a_person_reads(tmp_path: Path, kind: str) -> None:
    from core.storage import BadFile, read_json_file

    HOSTILE[kind](tmp_path / "file.json")
    with pytest.raises(BadFile) as refused:
        read_json_file(tmp_path / "file.json")
    said = str(refused.value.reason)
    if kind == "5000 digits":  # Python's own words follow, cut to 80 characters
        assert said.startswith(REASONS[kind]) and said.endswith(")")
    else:
        assert said == REASONS[kind]


def test_a_file_too_large_to_be_ours_is_named_and_one_just_small_enough_is_read(tmp_path: Path) -> None:
    from core.storage import MAX_FILE_BYTES, BadFile, read_json_file, write_json_atomic

    path = tmp_path / "file.json"
    path.write_bytes(b"{}" + b" " * (MAX_FILE_BYTES - 2))
    assert read_json_file(path) == {}
    with path.open("ab") as grown:
        grown.write(b" ")
    with pytest.raises(BadFile) as refused:
        read_json_file(path)
    assert str(refused.value.reason) == "it is larger than 16 MB"
    path.unlink()
    with pytest.raises(BadFile) as refused:
        read_json_file(path)
    assert str(refused.value.reason) == "it does not exist"
    write_json_atomic(path, {"name": "ユーコン"})
    assert "ユーコン" in path.read_text(encoding="utf-8"), "a file a person may read keeps its words as written"


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_save_is_moved_aside_and_the_next_read_is_clean(tmp_path: Path, kind: str) -> None:
    saves = SaveService(tmp_path)
    HOSTILE[kind](saves.path_for("euchre"))
    assert saves.exists("euchre"), "Continue is offered, so reading can explain what was wrong"
    result = saves.read("euchre")
    assert result.record is None and result.problem and "moved to euchre.json.corrupt-" in str(result.problem)
    assert len(_aside(tmp_path, "euchre.json")) == 1 and not saves.exists("euchre")
    assert saves.read("euchre").problem is None


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_settings_file_is_moved_aside_and_defaults_are_used(tmp_path: Path, kind: str) -> None:
    store = SettingsStore(tmp_path)
    store.path_for("euchre").parent.mkdir(parents=True)
    HOSTILE[kind](store.path_for("euchre"))
    values, problems = store.load("euchre", EUCHRE_SCHEMA)
    assert values == EUCHRE_SCHEMA.defaults() and problems and "moved to euchre.json.corrupt-" in str(problems[-1])
    assert store.load("euchre", EUCHRE_SCHEMA) == (EUCHRE_SCHEMA.defaults(), [])


def test_a_settings_file_with_one_bad_value_keeps_the_good_ones(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.path_for("euchre").parent.mkdir(parents=True)
    store.path_for("euchre").write_text('{"format_version": 1, "values": {"trump_holding": true, "target": 6}}')
    values, problems = store.load("euchre", EUCHRE_SCHEMA)
    assert values["trump_holding"] and values["target"] == 10
    assert len(problems) == 1 and "'target' = 6" in str(problems[0]) and "moved to" in str(problems[0])


@pytest.mark.parametrize("kind", HOSTILE)
def test_hostile_interface_preferences_fall_back_with_a_message(cardtable_home: Path, kind: str) -> None:
    path = cardtable_home / "config" / "shell.json"
    path.parent.mkdir(parents=True)
    HOSTILE[kind](path)
    prefs = ShellPrefs.load()
    assert prefs.language == "en" and prefs.animations is True
    assert "moved to shell.json.corrupt-" in str(prefs.problem)
    assert ShellPrefs.load().problem is None


def test_a_save_that_json_cannot_hold_is_refused_with_a_reason(tmp_path: Path) -> None:
    from core.saves import SaveError

    saves = SaveService(tmp_path)
    for record in ({"settings": {"x": float("nan")}}, {"settings": {"x": object()}}):
        with pytest.raises(SaveError, match="not plain data"):
            saves.write("euchre", record)
    assert not list(tmp_path.iterdir()), "no temp file is left behind"


def test_stale_temp_files_of_an_interrupted_save_are_cleaned_on_start(tmp_path: Path) -> None:
    import os
    import time

    saves = SaveService(tmp_path)
    (tmp_path / "plugin-dist").mkdir()
    stale = [tmp_path / ".euchre.json.abc123.tmp", tmp_path / "plugin-dist" / ".hilo.json.x.tmp"]
    fresh = tmp_path / ".yukon.json.def456.tmp"  # another window may be writing this one right now
    for path in [*stale, fresh]:
        path.write_text("{")
    old = time.time() - 3600
    for path in stale:
        os.utime(path, (old, old))
    assert saves.clean() == 2
    assert not any(p.exists() for p in stale) and fresh.exists()


ENGLISH = re.compile(r"\b(cannot|moved|damaged|using|ignored|is not|it is|the (save|file|settings|statistics))\b")


def _japanese_only(message: str) -> str:
    """``message`` with the names of files moved aside taken out; it must hold no English sentence."""
    message = re.sub(r"[\w.-]+\.json\.corrupt-[\d-]+", "", message)
    assert not ENGLISH.search(message), message
    return message


def test_damaged_files_are_explained_in_japanese(qtbot: QtBot, cardtable_home: Path) -> None:
    """Every notice about a file moved aside reads in Japanese from its lead-in to its reason: the save, the
    game's settings, its statistics and the interface preferences."""
    set_language("ja")
    try:
        (cardtable_home / "config").mkdir(parents=True)
        (cardtable_home / "config" / "shell.json").write_text('{"language": "ja", "sound": "loud"}')
        window = make_window(qtbot, {"yukon": yukon_plugin})
        prefs_notice = window.launcher.message.text()
        assert "画面の設定に使えない値があります（sound）" in _japanese_only(prefs_notice), prefs_notice

        window.saves.path_for("yukon").parent.mkdir(parents=True, exist_ok=True)
        window.saves.path_for("yukon").write_text("{ not json")
        settings = window.settings_store.path_for("yukon")
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text('{"format_version": 1, "values": {"variant": "klondike"}}')
        page = window.continue_game("yukon")
        assert page is not None
        notice = _japanese_only(page.notice.text())
        assert "JSON として正しくありません（1行目3文字目）" in notice and "に移しました" in notice, notice
        assert "設定「variant」の 'klondike' は使えません" in notice, notice

        window.stats.path_for("yukon").parent.mkdir(parents=True, exist_ok=True)
        window.stats.path_for("yukon").write_text("[1, 2")
        page.view.play(page.session.legal_moves()[0])
        page = window.new_game("yukon")  # the deal left unwon is counted: the damaged file is found then
        assert page is not None
        notice = _japanese_only(page.notice.text())
        assert "統計のファイルを読み込めません（JSON として正しくありません" in notice, notice
    finally:
        set_language("en")
