"""File paths handed to Qt, for folders whose names are not UTF-8.

Qt 6 reads and writes every file name as UTF-8. A folder named in another encoding (a home made under an
ISO-8859-1 locale, an old disk's names) is one Python holds with surrogate escapes; given to Qt as it is, the
lock, ``window.ini`` and the card art went to a folder of another name, or nowhere. On Linux such a folder is
opened once and named to Qt through ``/proc/self/fd``, a path in plain ASCII that leads to it. The program's own
path, handed to Qt's application object, is the other way such a name reaches Qt: PySide6 crashes on it. Shown
in words, such a name keeps a mark where Qt would drop the byte it cannot read (:func:`shown_in_qt`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from core.text import utf8_holds

_PROC_FD = "/proc/self/fd"
_opened: dict[bytes, int] = {}  # folder → its descriptor, kept open while the program runs


def qt_path(path: Path) -> str:
    """``path`` as Qt will find it: its text when that is UTF-8; else, where the system allows, through its
    folder's descriptor (the folder must exist; the file's own name must be UTF-8, as the program's are)."""
    text = str(path)
    if utf8_holds(text) or not utf8_holds(path.name) or not os.path.isdir(_PROC_FD):
        return text
    folder = os.fsencode(path.parent)
    descriptor = _opened.get(folder)
    if descriptor is None:
        try:
            descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)  # not inherited by child processes
        except OSError:
            return text  # no such folder: what Qt then fails to find is reported where it is used
        _opened[folder] = descriptor
    return f"{_PROC_FD}/{descriptor}/{path.name}"


def qt_arguments() -> list[str]:
    """The command line for Qt's application object: the program's path alone, as Qt reads it (its file name
    names the window to the desktop). PySide6 crashed the program when that path was not UTF-8 (Card Table
    installed under such a folder); its file name stands for it then."""
    program = sys.argv[0] if sys.argv else ""
    if utf8_holds(program):
        return [program]
    name = os.path.basename(program)
    return [name if utf8_holds(name) else "cardtable"]


def shown_in_qt(words: str) -> str:
    """``words`` as Qt can show them: a file name's byte that is not UTF-8 (a lone surrogate in Python's hands),
    which Qt dropped without a trace (the About page named a folder ``dt`` for one whose name is d, byte E4, t),
    becomes the replacement mark U+FFFD."""
    return words if words.isascii() or utf8_holds(words) else words.encode("utf-8", "surrogateescape").decode(
        "utf-8", "replace")
