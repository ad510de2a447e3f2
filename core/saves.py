"""The save service: one JSON save per game, written atomically, never trusted blindly when read.

A save holds ``format_version``, the game id, the plugin that wrote it and its version, the settings, how
the game started (a seed or an explicit deal) and the move list as text; the position is rebuilt by
replaying the moves, so a save never carries code (no pickle) and is readable by people.

Saves live in *slots*: a built-in game's slot is its id (``euchre`` → ``euchre.json``); a third-party
plugin's game lives under its distribution's folder (``cardtable-hilo/hilo.json``), so a plugin that claims
another plugin's game id can never read, overwrite or move aside that plugin's save.
"""

from __future__ import annotations

import contextlib
import copy
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.storage import BadFile, clean_stale_temp_files, move_aside, read_json_file, write_json_atomic
from core.text import Text, TextError, os_reason

SAVE_FORMAT = 1


class SaveError(TextError):
    """The save could not be written; ``reason`` says why. Play goes on."""


@dataclass(frozen=True)
class LoadResult:
    """What reading a save gave: the record, or ``None`` with a message when there was a bad one."""

    record: dict[str, Any] | None
    problem: Text | None = None


def slot_for(game_id: str, owner: str = "") -> str:
    """The save slot of ``game_id`` provided by the distribution ``owner`` ("" or ``cardtable``: built in)."""
    if not owner or owner == "cardtable":
        return game_id
    return f"{re.sub(r'[^A-Za-z0-9._-]', '_', owner)}/{game_id}"


def _game_of(slot: str) -> str:
    return slot.rpartition("/")[2]


def _check_record(record: Any, game_id: str) -> Text | None:
    if not isinstance(record, dict):
        return Text("the file does not hold a save record", "保存記録の入ったファイルではありません")
    version = record.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        return Text("the save has no format version", "保存記録に形式の版がありません")
    if version > SAVE_FORMAT:
        return Text("the save is from a newer Card Table (format {version}; this one reads up to {newest})",
                    "新しい版のカードテーブルの保存記録です（形式 {version}。この版が読めるのは形式 {newest} まで）"
                    ).format(version=version, newest=SAVE_FORMAT)
    if record.get("game") != game_id:
        return Text("the save is for game '{other}', not '{game}'",
                    "ゲーム「{other}」の保存記録で、「{game}」のものではありません").format(
            other=record.get("game"), game=game_id)
    if not isinstance(record.get("settings"), dict):
        return Text("the save has no settings", "保存記録に設定がありません")
    start = record.get("start")
    if not isinstance(start, dict) or not ({"seed", "deal"} & set(start)):
        return Text("the save does not say how the game started", "保存記録にゲームの始まり方がありません")
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        return Text("the save's move list is damaged", "保存記録の手順が壊れています")
    players = record.get("players")
    if players is not None and (not isinstance(players, list)
                                or not all(p is None or isinstance(p, str) for p in players)):
        return Text("the save's list of players is damaged", "保存記録のプレイヤー一覧が壊れています")
    return None


class SaveService:
    """Saves under one folder, ``<slot>.json`` each (see :func:`slot_for`)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        # slot → the newest record a full disk or an unwritable folder refused: the game goes on from it (Continue,
        # a new game counting it) for as long as the program runs, and is written with the next save that works
        self._unwritten: dict[str, tuple[dict[str, Any], Text]] = {}  # each with why it was refused

    def unwritten(self) -> dict[str, Text]:
        """The slots whose newest progress is only in memory (quitting now loses it), each with why it was not
        written."""
        return {slot: why for slot, (_, why) in self._unwritten.items()}

    def flush(self) -> None:
        """Write again what the disk refused, where it now has room (a game left for another, or the launcher,
        whose next move would have written it)."""
        for slot, (record, _) in list(self._unwritten.items()):
            with contextlib.suppress(SaveError):
                self.write(slot, record)

    def path_for(self, slot: str) -> Path:
        return self.directory / f"{slot}.json"

    def exists(self, slot: str) -> bool:
        """Whether there is something to continue — a save, or something in its place that reading will
        explain and move aside."""
        return self.path_for(slot).exists()

    def continuable(self, slot: str) -> bool:
        """Whether the launcher offers Continue: a save of a game not yet finished, or a file in its place
        that reading will explain and move aside."""
        if slot in self._unwritten:
            return self._unwritten[slot][0].get("finished") is not True
        path = self.path_for(slot)
        if not path.exists():
            return False
        try:
            record = read_json_file(path)
        except BadFile:
            return True
        return not (isinstance(record, dict) and record.get("finished") is True)

    def played(self, slot: str) -> bool:
        """Whether the saved game is unfinished with moves in it: starting another would end something played."""
        try:
            record = self._unwritten[slot][0] if slot in self._unwritten else read_json_file(self.path_for(slot))
        except (BadFile, OSError):
            return False
        return isinstance(record, dict) and record.get("finished") is not True and bool(record.get("moves"))

    def clean(self) -> int:
        """Remove temp files an interrupted save left behind (run at start); how many went."""
        folders = [self.directory, *(p for p in self.directory.glob("*") if p.is_dir())] \
            if self.directory.is_dir() else []
        return sum(clean_stale_temp_files(folder) for folder in folders)

    def write(self, slot: str, record: Mapping[str, Any]) -> None:
        data = {"format_version": SAVE_FORMAT, "game": _game_of(slot), "saved_at": time.time(), **record}
        path = self.path_for(slot)
        try:
            if path.exists() and not path.is_file():
                raise SaveError(Text("cannot save to {path}: something that is not a save file is in the way",
                                     "{path} に保存できません: 保存ファイルではないものがあります").format(path=path))
            write_json_atomic(path, data)
        except (SaveError, OSError) as error:
            refused = error if isinstance(error, SaveError) else SaveError(Text(
                "cannot save to {folder}: {why}", "{folder} に保存できません: {why}").format(
                folder=path.parent, why=os_reason(error)))
            self._unwritten[slot] = (copy.deepcopy(data), refused.reason)
            if refused is error:
                raise
            raise refused from error
        except (TypeError, ValueError) as error:  # a plugin put something into the record JSON cannot hold
            raise SaveError(Text("cannot save: the game's record is not plain data ({error})",
                                 "保存できません: ゲームの記録が単純なデータではありません（{error}）")
                            .format(error=error)) from error
        self._unwritten.pop(slot, None)

    def read(self, slot: str) -> LoadResult:
        """The save, or ``None``. A corrupt or incompatible file (or a folder in its place) is moved aside and
        reported."""
        if slot in self._unwritten:
            return LoadResult(copy.deepcopy(self._unwritten[slot][0]))
        path = self.path_for(slot)
        if not path.exists():
            return LoadResult(None)
        try:
            record = read_json_file(path)
        except BadFile as error:
            problem: Text | None = Text("the save cannot be read: {why}", "保存記録を読み込めません: {why}").format(
                why=error.reason)
        else:
            problem = _check_record(record, _game_of(slot))
        if problem is None:
            return LoadResult(record)
        return LoadResult(None, self.quarantine(slot, problem))

    def quarantine(self, slot: str, problem: Text) -> Text:
        """Move the slot's bad save aside; the message says what was wrong and where the file went."""
        try:
            moved = self.set_aside(slot, "corrupt")
        except OSError as error:
            return Text("{problem}; it could not be moved aside either ({why}): the next game saved replaces it",
                        "{problem}。よけておくこともできませんでした（{why}）。次に保存するゲームで置き換わります").format(
                problem=problem, why=os_reason(error))
        return Text("{problem}; it was moved to {name}", "{problem}。{name} に移しました").format(
            problem=problem, name=moved.name)

    def set_aside(self, slot: str, why: str, reason: str = "") -> Path:
        """Rename the slot's save to ``<name>.<why>-<time>``, with ``reason`` (when given) in a ``.txt`` beside
        it for a bug report; the new path. Raises ``OSError`` when it cannot be moved."""
        self._unwritten.pop(slot, None)
        moved = move_aside(self.path_for(slot), why)
        if reason:
            with contextlib.suppress(OSError):  # the reason file is a courtesy
                moved.with_name(moved.name + ".txt").write_text(reason + "\n", encoding="utf-8")
        return moved

    def discard(self, slot: str) -> None:
        self._unwritten.pop(slot, None)
        self.path_for(slot).unlink(missing_ok=True)
