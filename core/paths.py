"""Where Card Table keeps files: ``platformdirs`` locations, all moved under ``$CARDTABLE_HOME`` when set."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "cardtable"
HOME_ENV = "CARDTABLE_HOME"


def chosen_home() -> Path | None:
    """``$CARDTABLE_HOME`` when set, made absolute (a relative one is taken from where the program started, so a
    menu entry made from it names the same folder)."""
    value = os.environ.get(HOME_ENV)
    return Path(value).absolute() if value else None


def data_dir() -> Path:
    """Saves and other game data."""
    home = chosen_home()
    return home / "data" if home else platformdirs.user_data_path(APP)


def config_dir() -> Path:
    """The player's settings."""
    home = chosen_home()
    return home / "config" if home else platformdirs.user_config_path(APP)


def saves_dir() -> Path:
    return data_dir() / "saves"
