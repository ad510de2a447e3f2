"""The save service: one JSON save per game, written atomically, never trusted blindly when read.

A save holds ``format_version``, the game id, the plugin version, the settings, how the game started
(a seed or an explicit deal) and the move list as text; the position is rebuilt by replaying the moves,
so a save never carries code (no pickle) and is readable by people.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.storage import move_aside, write_json_atomic

SAVE_FORMAT = 1


class SaveError(Exception):
    """The save could not be written; the message says why. Play goes on."""


@dataclass(frozen=True)
class LoadResult:
    """What reading a save gave: the record, or ``None`` with a message when there was a bad one."""

    record: dict[str, Any] | None
    problem: str | None = None


def _check_record(record: Any, game_id: str) -> str | None:
    if not isinstance(record, dict):
        return "the file does not hold a save record"
    version = record.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        return "the save has no format version"
    if version > SAVE_FORMAT:
        return f"the save is from a newer Card Table (format {version}; this one reads up to {SAVE_FORMAT})"
    if record.get("game") != game_id:
        return f"the save is for game '{record.get('game')}', not '{game_id}'"
    if not isinstance(record.get("settings"), dict):
        return "the save has no settings"
    start = record.get("start")
    if not isinstance(start, dict) or not ({"seed", "deal"} & set(start)):
        return "the save does not say how the game started"
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        return "the save's move list is damaged"
    return None


class SaveService:
    """Saves under one folder, ``<game id>.json`` each."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path_for(self, game_id: str) -> Path:
        return self.directory / f"{game_id}.json"

    def exists(self, game_id: str) -> bool:
        return self.path_for(game_id).is_file()

    def write(self, game_id: str, record: Mapping[str, Any]) -> None:
        data = {"format_version": SAVE_FORMAT, "game": game_id, "saved_at": time.time(), **record}
        try:
            write_json_atomic(self.path_for(game_id), data)
        except OSError as error:
            raise SaveError(f"cannot save to {self.directory}: {error.strerror or error}") from error

    def read(self, game_id: str) -> LoadResult:
        """The save, or ``None``. A corrupt or incompatible file is moved aside and reported."""
        path = self.path_for(game_id)
        if not path.is_file():
            return LoadResult(None)
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            problem = _check_record(record, game_id)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            problem = f"the save cannot be read ({error.__class__.__name__})"
        if problem is None:
            return LoadResult(record)
        return LoadResult(None, self.quarantine(game_id, problem))

    def quarantine(self, game_id: str, problem: str) -> str:
        """Move the game's save aside; the message says what was wrong and where the file went."""
        path = self.path_for(game_id)
        try:
            moved = move_aside(path)
        except OSError as error:
            return f"{problem}; it could not be moved aside either ({error.strerror}) and is ignored"
        return f"{problem}; it was moved to {moved.name} and a new game starts"

    def discard(self, game_id: str) -> None:
        self.path_for(game_id).unlink(missing_ok=True)
