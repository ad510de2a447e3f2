"""The player's settings per game, as validated JSON under the config folder."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from core.settings import SettingsSchema
from core.storage import write_json_atomic

SETTINGS_FORMAT = 1


class SettingsStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path_for(self, game_id: str) -> Path:
        return self.directory / "games" / f"{game_id}.json"

    def load(self, game_id: str, schema: SettingsSchema) -> tuple[dict[str, Any], list[str]]:
        """Validated values (defaults where missing or bad) and the problems found."""
        path = self.path_for(game_id)
        if not path.is_file():
            return schema.defaults(), []
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            return schema.defaults(), [f"settings for {game_id} could not be read ({error}); using defaults"]
        raw = data.get("values") if isinstance(data, dict) else None
        if not isinstance(raw, dict):
            return schema.defaults(), [f"settings file for {game_id} is damaged; using defaults"]
        return schema.validate(raw)

    def save(self, game_id: str, values: Mapping[str, Any]) -> None:
        """Raises ``OSError`` when the folder cannot be written."""
        write_json_atomic(self.path_for(game_id), {"format_version": SETTINGS_FORMAT, "values": dict(values)})
