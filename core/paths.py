"""Where Card Table keeps files: ``platformdirs`` locations, all moved under ``$CARDTABLE_HOME`` when set."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "cardtable"
HOME_ENV = "CARDTABLE_HOME"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def data_dir() -> Path:
    """Saves and other game data."""
    home = _home()
    return home / "data" if home else platformdirs.user_data_path(APP)


def config_dir() -> Path:
    """The player's settings."""
    home = _home()
    return home / "config" if home else platformdirs.user_config_path(APP)


def saves_dir() -> Path:
    return data_dir() / "saves"
