"""Where Card Table keeps files: ``platformdirs`` locations, all moved under ``$CARDTABLE_HOME`` when set."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import platformdirs

APP = "cardtable"
HOME_ENV = "CARDTABLE_HOME"


def chosen_home() -> Path | None:
    """``$CARDTABLE_HOME`` when set, made absolute (a relative one is taken from where the program started, so a
    menu entry made from it names the same folder)."""
    value = os.environ.get(HOME_ENV)
    return Path(value).absolute() if value else None


class NoHome(Exception):
    """No home folder is known for this user ($HOME unset, and no entry in the system's user database, as under a
    service or a container's made-up user id), so there is no place for saves and settings; the message says what
    to set."""

    def __init__(self) -> None:
        uid = os.getuid() if hasattr(os, "getuid") else None
        who = f"user id {uid}" if uid is not None else "this user"
        super().__init__(f"no home folder is known for {who} (HOME is not set to a folder, and the system's user "
                         f"database names none): set HOME, or {HOME_ENV} to a folder for Card Table's saves and "
                         "settings")


def _in_home(where: Callable[[str | None], Path], app: str | None = APP) -> Path:
    try:
        path = where(app)
    except RuntimeError:  # platformdirs since 4.14 when it finds no home folder
        raise NoHome from None
    if not path.is_absolute():  # before, "~" was left as it is: saves under wherever the program started
        raise NoHome
    return path


def data_dir() -> Path:
    """Saves and other game data."""
    home = chosen_home()
    return home / "data" if home else _in_home(platformdirs.user_data_path)


def desktop_data_dir() -> Path:
    """The user's data folder that desktops read (``~/.local/share``, or ``$XDG_DATA_HOME`` when absolute), not
    moved by ``$CARDTABLE_HOME``: menu entries go under it."""
    return _in_home(platformdirs.user_data_path, None)


def config_dir() -> Path:
    """The player's settings."""
    home = chosen_home()
    return home / "config" if home else _in_home(platformdirs.user_config_path)


def saves_dir() -> Path:
    return data_dir() / "saves"
