"""Words a screen reader says now, from any widget, sent the one way the running screen reader presents.

There are two ways, and no Orca presents both alike (read from Orca's source, each version's handlers):

- AT-SPI's **announcement** (Qt's ``QAccessibleAnnouncementEvent``): Orca presents it from 45.2 (45.0 and 45.1
  drop it in a faulty check), whatever has the focus, every one; elsewhere than Linux it is the only way.
- a change of the **focused widget's description**: Orca 43 to 47.1 present it (Debian 12 has 43.1, which knows no
  announcement); 47.2 takes the focus's new description for a repeat of the focus's own words and says nothing;
  48 and 49 skip only the same words again; 50 also skips words too like the ones before (85% alike: "East's card
  in the trick: ace of spades", then "…: queen of spades") — one piece of a table's news in ten to five.

So the running Orca's version, read from its own files, picks: before 45.2 the focused widget's description (its
own put back when the focus leaves it), else an announcement. Sending both would have most versions say it twice.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication, QWidget

ANNOUNCED_FROM = (45, 2)  # the first Orca that presents announcements
ZERO_WIDTH_SPACE = "\u200b"  # unspoken: it makes the same words a new description
OWN = "own_description"  # the Qt property a widget keeps its own description in while it lends it to the news
RECHECK_S = 5.0  # a screen reader started or stopped is noticed within this
GIVE_BACK_MS = 500  # a widget the focus left gets its own description back after this (see _give_back)
_VERSION = re.compile(r'^version\s*=\s*"([^"]+)"', re.MULTILINE)
_checked: tuple[float, tuple[int, ...] | None] | None = None


def orca_version_in(proc: Path) -> tuple[int, ...] | None:
    """The version of the Orca this user runs, as its ``orca_platform.py`` says, found from its process in ``proc``
    (the newest when several run); ``None`` when none runs or its version cannot be read."""
    found: list[tuple[int, ...]] = []
    try:
        processes = [entry for entry in proc.iterdir() if entry.name.isdigit()]
    except OSError:
        return None
    for process in processes:
        try:
            if process.stat().st_uid != os.getuid():
                continue  # another user's screen reader, on another seat
            argv = (process / "cmdline").read_bytes().split(b"\0")[:3]
        except OSError:
            continue  # gone meanwhile, or not ours to read
        script = next((Path(arg.decode(errors="replace")) for arg in argv if arg.rsplit(b"/", 1)[-1] == b"orca"),
                      None)
        if script is not None:
            found += _installed_versions(script)
    return max(found, default=None)


def _installed_versions(script: Path) -> list[tuple[int, ...]]:
    """The versions of Orca installed beside the ``script`` that started it (``/usr/bin/orca``: ``/usr/lib/...``)."""
    try:
        prefix = script.resolve().parent.parent
        platforms = [*prefix.glob("lib*/python3*/*-packages/orca/orca_platform.py")]
    except OSError:
        return []
    versions = []
    for platform in platforms:
        try:
            match = _VERSION.search(platform.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
        numbers = re.findall(r"\d+", match.group(1))[:3] if match else []
        if numbers:
            versions.append(tuple(int(n) for n in numbers))
    return versions


def orca_version() -> tuple[int, ...] | None:
    """The running Orca's version (Linux; ``None`` elsewhere or without Orca), looked up again after a while."""
    global _checked
    now = time.monotonic()
    if _checked is None or now - _checked[0] > RECHECK_S:
        _checked = (now, orca_version_in(Path("/proc")) if sys.platform.startswith("linux") else None)
    return _checked[1]


def by_description() -> bool:
    """Whether words go as the focused widget's new description (an Orca before 45.2 runs), not an announcement."""
    version = orca_version()
    return version is not None and version < ANNOUNCED_FROM


def say(widget: QWidget, words: str) -> None:
    """Have a screen reader say ``words`` (``widget``'s): announced, or, for an Orca before 45.2, as the new
    description of the widget that has the focus, which gets its own back when the focus leaves it."""
    if not by_description():
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, words))
        return
    focused = QApplication.focusWidget()
    if focused is None:
        return  # the program is not in front: Orca presents another program's focus
    _watch_focus()
    if focused.property(OWN) is None:
        focused.setProperty(OWN, focused.accessibleDescription())
    if words == focused.accessibleDescription():  # the same words again are said again
        words += ZERO_WIDTH_SPACE
    focused.setAccessibleDescription(words)


def own_description(widget: QWidget) -> str:
    """``widget``'s own description, even while the news has it."""
    own = widget.property(OWN)
    return widget.accessibleDescription() if own is None else str(own)


def set_own_description(widget: QWidget, words: str) -> None:
    """Give ``widget`` its own description, kept aside if the news has it just now."""
    if widget.property(OWN) is not None:
        widget.setProperty(OWN, words)
    else:
        widget.setAccessibleDescription(words)


def _watch_focus() -> None:
    app = QApplication.instance()
    if isinstance(app, QApplication) and not app.property("screen_reader_watch"):
        app.setProperty("screen_reader_watch", True)
        app.focusChanged.connect(_give_back)


def _give_back(old: QWidget | None, new: QWidget | None) -> None:
    """The widget the focus left gets its own description back, for a screen reader to read when the focus comes
    back — a moment later: Orca 43, told of the change before the focus moved on, would say it now."""
    if old is not None and old.property(OWN) is not None:
        QTimer.singleShot(GIVE_BACK_MS, old, lambda: _restore(old))


def _restore(widget: QWidget) -> None:
    own = widget.property(OWN)
    if own is not None and not widget.hasFocus():
        widget.setProperty(OWN, None)
        widget.setAccessibleDescription(str(own))
