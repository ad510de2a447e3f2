"""Card Table in the desktop's menu: ``cardtable menu-entry`` writes a freedesktop.org desktop entry for this
installation (``cardtable.desktop`` in the player's applications folder, where GNOME, KDE, Xfce and the others look),
``--remove`` takes it out again. pip installs no menu entry by itself, so until then the program starts only
from a terminal.

The entry's name is the window's Wayland app id (``cardtable``; ``gui.app`` sets it), so the dock shows the
window under the entry's name and icon; ``StartupWMClass`` does the same on X11. It starts the ``cardtable``
beside the Python that runs this (the installation's own, not whichever is first on the ``PATH``), over the
data folder in use (``CARDTABLE_HOME`` when set).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import resources
from core.paths import APP, HOME_ENV, chosen_home, desktop_data_dir
from core.storage import write_text_atomic
from core.text import utf8_holds

APP_ID = APP  # the window's Wayland app id (``gui.app`` gives it to Qt)
APP_NAME = "Card Table"  # the application's name, which Qt makes the X11 window's class
FILE_NAME = f"{APP_ID}.desktop"  # the app id with ".desktop": how a Wayland compositor finds the entry
FREEDESKTOP_SYSTEMS = ("linux", "freebsd", "openbsd", "netbsd")  # sys.platform of X11 and Wayland desktops


class NoMenus(Exception):
    """This system's desktop does not read freedesktop.org entries."""


class NotUtf8(Exception):
    """A path the entry must name is not UTF-8 (a folder named under an old 8-bit locale), which an entry's text
    must be: ``what`` says which (the data folder, the program, its icon)."""

    def __init__(self, what: str, path: str) -> None:
        super().__init__(f"{what} {path}")
        self.what = what
        self.path = path


def entry_path() -> Path:
    """Where the entry goes: ``$XDG_DATA_HOME/applications`` (``~/.local/share/applications`` when it is unset or
    relative, which the XDG Base Directory Specification says to ignore)."""
    return desktop_data_dir() / "applications" / FILE_NAME


def _quoted(argument: str) -> str:
    """One argument of an ``Exec`` line, quoted as the Desktop Entry Specification asks: inside double quotes,
    a backslash before each of ``"`` `` ` `` ``$`` ``\\``; ``%`` doubled (a field code otherwise)."""
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument).replace("%", "%%")
    return f'"{escaped}"' if any(c in argument for c in ' \t\n"\'\\><~|&;$*?#()`%') or not argument else escaped


def _value(text: str) -> str:
    """A string value: backslashes, line ends and tabs escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def command() -> list[str]:
    """What the entry runs: the ``cardtable`` script beside this Python, or this Python with ``-m core.cli``."""
    script = Path(sys.executable).with_name("cardtable")
    return [str(script)] if script.is_file() and os.access(script, os.X_OK) else [sys.executable, "-m", "core.cli"]


def icon_path() -> Path:
    return Path(str(resources.files().joinpath("icons", "app.svg")))  # the window's own icon


def entry_text(run: list[str], icon: Path, home: str | None) -> str:
    """The entry's text: run ``run`` (over the data folder ``home`` when given), shown with ``icon``."""
    exec_line = " ".join(_quoted(a) for a in (["env", f"{HOME_ENV}={home}"] if home else []) + run)
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        f"Name={APP_NAME}",
        "Name[ja]=カードテーブル",
        "GenericName=Card games",
        "GenericName[ja]=カードゲーム",
        "Comment=Euchre, Bid Euchre and Yukon solitaire, with CPU players",
        "Comment[ja]=ユーカー、ビッド・ユーカー、ユーコン（ソリティア）。CPU と対戦",
        f"Exec={_value(exec_line)}",  # the quoting rule applies after the string escapes (spec 1.4, "Exec")
        f"Icon={_value(str(icon))}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=cards;euchre;solitaire;patience;yukon;",
        "Keywords[ja]=トランプ;ユーカー;ソリティア;ユーコン;",
        "StartupNotify=true",
        f"StartupWMClass={APP_NAME}",
    ]
    return "\n".join(lines) + "\n"


def install() -> Path:
    """Write the entry for this installation and return where. Raises :class:`NoMenus` off the freedesktop.org
    systems, :class:`NotUtf8` when a path it must name cannot be written in an entry, and ``OSError`` when the
    folder cannot be written."""
    if not sys.platform.startswith(FREEDESKTOP_SYSTEMS):
        raise NoMenus(sys.platform)
    chosen = chosen_home()
    run, icon, home = command(), icon_path(), str(chosen) if chosen else None
    for what, named in (("the data folder", home or ""), ("the program", " ".join(run)), ("its icon", str(icon))):
        if not utf8_holds(named):
            raise NotUtf8(what, named)
    path = entry_path()
    write_text_atomic(path, entry_text(run, icon, home))
    return path


def remove() -> Path | None:
    """Take the entry out; where it was, or ``None`` when there was none."""
    path = entry_path()
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    return path
