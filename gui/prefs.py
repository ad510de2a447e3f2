"""The shell's own preferences (language, card theme, animations) as validated JSON in the config folder."""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass

from core.paths import config_dir
from core.storage import write_json_atomic


@dataclass
class ShellPrefs:
    language: str = "en"
    card_theme: str = "classic"
    animations: bool = True

    @classmethod
    def load(cls) -> ShellPrefs:
        path = config_dir() / "shell.json"
        prefs = cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return prefs
        if isinstance(data, dict):
            if data.get("language") in ("en", "ja"):
                prefs.language = data["language"]
            if isinstance(data.get("card_theme"), str):
                prefs.card_theme = data["card_theme"]
            if isinstance(data.get("animations"), bool):
                prefs.animations = data["animations"]
        return prefs

    def save(self) -> None:
        # preferences are a convenience; failing to store them must not stop play
        with contextlib.suppress(OSError):
            write_json_atomic(config_dir() / "shell.json", {"format_version": 1, **asdict(self)})
