"""The player's settings per game, as validated JSON under the config folder.

A file that cannot be read, or holds a value the schema refuses, is moved aside with a message; the good
values are kept (written afresh) and the rest fall back to their defaults, so the same problem is never reported
twice. A file a newer Card Table saved (a higher format) is moved aside whole, as saves are: its values are not this
version's to guess at, and the player's own save later does not write over it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from core.settings import SettingsSchema
from core.storage import (
    BadFile,
    clean_stale_temp_files,
    move_aside,
    newer_format,
    read_json_file,
    write_json_atomic,
)
from core.text import Text, os_reason

SETTINGS_FORMAT = 1


class SettingsStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._unwritten: dict[str, dict[str, Any]] = {}  # values a full disk refused: in force while the program runs

    def path_for(self, game_id: str) -> Path:
        return self.directory / "games" / f"{game_id}.json"

    def clean(self) -> int:
        """Remove temp files an interrupted save left behind (run at start)."""
        return clean_stale_temp_files(self.directory / "games")

    def load(self, game_id: str, schema: SettingsSchema) -> tuple[dict[str, Any], list[Text]]:
        """Validated values (defaults where missing or bad) and the problems found."""
        if game_id in self._unwritten:
            return schema.validate(self._unwritten[game_id])
        path = self.path_for(game_id)
        if not path.exists():
            return schema.defaults(), []
        try:
            data = read_json_file(path)
        except BadFile as error:
            return schema.defaults(), [self._set_aside(path, Text(
                "the settings file cannot be read: {why}; using the defaults",
                "設定ファイルを読み込めません: {why}。既定の設定を使います").format(why=error.reason))]
        version = newer_format(data, SETTINGS_FORMAT)
        if version is not None:
            return schema.defaults(), [self._set_aside(path, Text(
                "the settings were saved by a newer Card Table (format {version}; this one reads up to {newest}); "
                "using the defaults",
                "新しい版のカードテーブルが保存した設定です（形式 {version}。この版が読めるのは形式 {newest} まで）。"
                "既定の設定を使います").format(version=version, newest=SETTINGS_FORMAT))]
        raw = data.get("values") if isinstance(data, dict) else None
        if not isinstance(raw, dict):
            return schema.defaults(), [self._set_aside(path, Text("the settings file is damaged; using the defaults",
                                                                  "設定ファイルが壊れています。既定の設定を使います"))]
        values, problems = schema.validate(raw)
        if problems:
            problems[-1] = self._set_aside(path, problems[-1])
            with contextlib.suppress(OSError):  # (then in force until the program ends, as any unwritten change)
                self.save(game_id, values)  # the good values, for the next start too (without the file, defaults)
        return values, problems

    @staticmethod
    def _set_aside(path: Path, problem: Text) -> Text:
        try:
            moved = move_aside(path)
        except OSError as error:
            return Text("{problem} (the file could not be moved aside: {why})",
                        "{problem}（ファイルをよけておけませんでした: {why}）").format(
                problem=problem, why=os_reason(error))
        return Text("{problem} (the old file was moved to {name})",
                    "{problem}（元のファイルは {name} に移しました）").format(problem=problem, name=moved.name)

    def save(self, game_id: str, values: Mapping[str, Any]) -> None:
        """Raises ``OSError`` when the folder cannot be written; the values are then in force until the program
        ends (or a later save works)."""
        try:
            write_json_atomic(self.path_for(game_id), {"format_version": SETTINGS_FORMAT, "values": dict(values)})
        except OSError:
            self._unwritten[game_id] = dict(values)
            raise
        self._unwritten.pop(game_id, None)

    def flush(self) -> None:
        """Write the values a full disk refused, if it has room now (the window does at closing)."""
        for game_id, values in list(self._unwritten.items()):
            with contextlib.suppress(OSError):
                self.save(game_id, values)
