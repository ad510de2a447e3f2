"""The save service: atomic writes, corrupt and future saves moved aside, unwritable folders reported."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from core.saves import SAVE_FORMAT, SaveService

RECORD = {"settings": {}, "start": {"seed": 1}, "moves": ["higher"], "plugin_version": "1"}


def test_save_round_trips_with_format_version(tmp_path: Path) -> None:
    saves = SaveService(tmp_path)
    saves.write("hilo", RECORD)
    data = json.loads((tmp_path / "hilo.json").read_text())
    assert data["format_version"] == SAVE_FORMAT and data["game"] == "hilo"
    assert saves.read("hilo").record == data


def test_interrupted_save_leaves_previous_save_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saves = SaveService(tmp_path)
    saves.write("hilo", RECORD)
    before = (tmp_path / "hilo.json").read_bytes()

    def power_cut(src: str, dst: str) -> None:
        raise OSError(5, "power cut between write and replace")

    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(Exception, match="power cut"):
        saves.write("hilo", {**RECORD, "moves": ["higher", "lower"]})
    monkeypatch.undo()
    assert (tmp_path / "hilo.json").read_bytes() == before
    assert saves.read("hilo").record is not None
    assert [p.name for p in tmp_path.iterdir()] == ["hilo.json"], "the temp file must be cleaned up"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "cannot be read"),  # truncated (filled below)
        ('{"format_version": 99, "game": "hilo"}', "newer Card Table"),
        ('["not", "a", "record"]', "does not hold a save"),
        ('{"format_version": 1, "game": "hilo", "settings": {}, "start": {"seed": 1}, "moves": [3]}',
         "move list is damaged"),
    ],
)
def test_bad_save_is_moved_aside_with_a_message(tmp_path: Path, content: str | None, reason: str) -> None:
    saves = SaveService(tmp_path)
    saves.write("hilo", RECORD)
    path = tmp_path / "hilo.json"
    if content is None:
        content = path.read_text()[:25]  # a save cut off half-way
    path.write_text(content)
    result = saves.read("hilo")
    assert result.record is None
    said = str(result.problem)
    assert result.problem is not None and reason in said and "moved to hilo.json.corrupt-" in said
    if reason == "newer Card Table":  # the program's Japanese name, as its title bar gives it
        assert "新しい版のカードテーブルの保存記録です（形式 99。" in result.problem.get("ja")
    assert not path.exists()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("hilo.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text() == content
    assert saves.read("hilo").record is None and saves.read("hilo").problem is None


def test_a_save_edited_in_windows_notepad_still_reads(tmp_path: Path) -> None:
    """Notepad may start a UTF-8 file with a byte-order mark: not a reason to move a player's save aside."""
    saves = SaveService(tmp_path)
    saves.write("hilo", RECORD)
    path = tmp_path / "hilo.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    result = saves.read("hilo")
    assert result.problem is None and result.record is not None and result.record["moves"] == ["higher"]
    assert [p.name for p in tmp_path.iterdir()] == ["hilo.json"]


def test_unwritable_folder_raises_a_save_error_with_the_reason(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    saves = SaveService(blocker / "saves")
    with pytest.raises(Exception, match="cannot save to"):
        saves.write("hilo", RECORD)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes as Unix has them")
def test_a_named_pipe_in_a_files_place_is_replaced_not_waited_on(tmp_path: Path) -> None:
    """Outputs a person names may be a pipe (``--csv /dev/stdout``) and are written into as they are; the
    program's own files are not: opened for writing with nobody reading, a pipe would stop the window for ever."""
    import threading

    from core.storage import write_json_atomic

    os.mkfifo(tmp_path / "shell.json")
    writer = threading.Thread(target=write_json_atomic, args=(tmp_path / "shell.json", {"width": 1100}), daemon=True)
    writer.start()
    writer.join(timeout=30)
    if writer.is_alive():  # let it go: a reader takes what it writes
        (tmp_path / "shell.json").read_bytes()
        raise AssertionError("the write waited for a reader of the pipe")
    assert json.loads((tmp_path / "shell.json").read_text()) == {"width": 1100}


def test_a_results_file_the_person_named_is_replaced_whole_and_its_folders_made(tmp_path: Path) -> None:
    """``--csv results.csv`` run twice leaves the second run's results, not both; a folder not yet there is made."""
    from core.storage import write_text_atomic

    named = tmp_path / "results.csv"
    named.write_text("seed,won\n1,yes\n", encoding="utf-8")
    write_text_atomic(named, "seed,won\n2,no\n", streams=True)
    assert named.read_text(encoding="utf-8") == "seed,won\n2,no\n"
    deep = tmp_path / "runs" / "2026" / "december" / "results.csv"
    write_text_atomic(deep, "seed,won\n", streams=True)
    assert deep.read_text(encoding="utf-8") == "seed,won\n" and not list(deep.parent.glob(".*.tmp"))


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links as Unix has them")
def test_a_data_folder_linked_to_a_disk_that_is_not_there_is_said_so(tmp_path: Path) -> None:
    """The data folder a link to another disk, and that disk not mounted: the reason given was "File exists"."""
    from core.saves import SaveError

    disk = tmp_path / "media" / "usb"
    (tmp_path / "data").symlink_to(disk / "cardtable")
    saves = SaveService(tmp_path / "data" / "saves")
    with pytest.raises(SaveError) as refused:
        saves.write("hilo", RECORD)
    assert refused.value.reason.en == (f"cannot save to {tmp_path}/data/saves: {tmp_path}/data leads to "
                                       f"{disk}/cardtable, which is not there: is its disk connected?")
    assert "ディスクはつながっていますか" in refused.value.reason.ja
    (disk / "cardtable").mkdir(parents=True)  # the disk connected again
    saves.write("hilo", RECORD)
    assert saves.read("hilo").record is not None and not saves.unwritten()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"format_version": "1"}, "the save has no format version"),
        ({"game": "yukon"}, "the save is for game 'yukon', not 'hilo'"),
        ({"settings": None}, "the save has no settings"),
        ({"start": {}}, "the save does not say how the game started"),
        ({"start": "seed"}, "the save does not say how the game started"),
        ({"players": [None, 3]}, "the save's list of players is damaged"),
        ({"players": "normal"}, "the save's list of players is damaged"),
    ],
)
def test_each_damage_to_a_record_is_named(tmp_path: Path, change: dict[str, object], reason: str) -> None:
    saves = SaveService(tmp_path)
    saves.write("hilo", RECORD)
    path = tmp_path / "hilo.json"
    path.write_text(json.dumps(json.loads(path.read_text()) | change))
    result = saves.read("hilo")
    assert result.record is None and str(result.problem).startswith(f"{reason}; it was moved to hilo.json.corrupt-")


def test_continue_is_offered_for_a_game_not_finished_or_a_file_reading_will_explain(tmp_path: Path) -> None:
    """And a new game asks before replacing only a game with moves in it."""
    saves = SaveService(tmp_path)
    assert not saves.continuable("hilo") and not saves.played("hilo") and not saves.exists("hilo")
    saves.write("hilo", {**RECORD, "moves": []})
    assert saves.continuable("hilo") and not saves.played("hilo")
    saves.write("hilo", RECORD)
    assert saves.continuable("hilo") and saves.played("hilo")
    saves.write("hilo", {**RECORD, "finished": True})
    assert not saves.continuable("hilo") and not saves.played("hilo") and saves.exists("hilo")
    for damaged in ('{"format_version": 1, "gam', '["a list"]'):
        (tmp_path / "hilo.json").write_text(damaged)
        assert saves.continuable("hilo") and not saves.played("hilo"), damaged


def test_a_plugins_saves_live_in_its_own_folder() -> None:
    from core.saves import slot_for

    assert slot_for("euchre") == slot_for("euchre", "cardtable") == "euchre"
    assert slot_for("hilo", "cardtable-hilo") == "cardtable-hilo/hilo"
    assert slot_for("euchre", "my plugin/../x") == "my_plugin_.._x/euchre"


def test_a_folder_in_a_saves_place_is_named_and_a_save_that_cannot_be_moved_aside_is_ignored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from core import saves as saves_module
    from core.saves import SaveError

    saves = SaveService(tmp_path)
    (tmp_path / "hilo.json").mkdir()
    with pytest.raises(SaveError) as refused:
        saves.write("hilo", RECORD)
    assert str(refused.value.reason) == (f"cannot save to {tmp_path}/hilo.json: something that is not a save file "
                                         "is in the way")
    assert (saves.read("hilo").record or {}).get("moves") == ["higher"], "the game goes on from what was refused"
    (tmp_path / "hilo.json").rmdir()
    (tmp_path / "hilo.json").write_text("[]")
    saves = SaveService(tmp_path)  # the program started again

    def stuck(path: Path, why: str) -> Path:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(saves_module, "move_aside", stuck)
    result = saves.read("hilo")
    assert result.record is None and str(result.problem).startswith(
        "the file does not hold a save record; it could not be moved aside either (")
    assert str(result.problem).endswith("): the next game saved replaces it")
    assert (tmp_path / "hilo.json").read_text() == "[]", "left as it is until then"
    saves.write("hilo", RECORD)
    assert saves.read("hilo").record is not None, "as it said"
