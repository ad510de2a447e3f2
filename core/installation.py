"""Whether the program's code changed on disk while it runs: an upgrade (pip, a system's package manager) or a
checkout switched under an open window.

The window imports much of its code only when first needed (a game's table, the rules, the statistics), and a
worker process it starts imports its own. After an upgrade those imports read the new files into a program still
running the old ones: opening any game failed with ``ImportError`` (a name the new file takes from a module whose
old version, already loaded, lacks it), and that error's handling moved the player's saved game aside as if the
game had failed. :func:`watch` notes the files of the code loaded so far from where the program's own packages
are; from then on, importing a module that is not yet loaded (other than the standard library's) first looks at
them, at most once a second, and once they changed raises :class:`CodeChanged` instead, which the window answers
by asking the player to restart.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from core import __version__

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

DISTRIBUTION = "cardtable"
CHECK_EVERY = 1.0  # seconds: an import burst (a game's table opening) looks at the files once

_files: dict[str, tuple[int, int] | None] = {}
_watching = False
_changed = False
_looked_at = 0.0


class CodeChanged(ImportError):
    """The program's files changed since it started; a module imported now would not fit those in memory."""


def _stamp(path: str) -> tuple[int, int] | None:
    """What tells a file's new version from the old: its time and size (not its inode, which a network or FUSE
    file system may number afresh for the same file)."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


def _homes() -> tuple[str, ...]:
    """The folder this program's packages were loaded from, as named and as resolved: site-packages for an
    installed program (its plugins and libraries beside it), the checkout for a developer's."""
    named = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return tuple({os.path.join(named, ""), os.path.join(os.path.realpath(named), "")})


def _code_files(modules: Sequence[ModuleType]) -> dict[str, tuple[int, int] | None]:
    homes = _homes()
    found: dict[str, tuple[int, int] | None] = {}
    for module in modules:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.startswith(homes):  # (a few of PySide6's own name no real file)
            found[path] = _stamp(path)
    return found


def watch() -> None:
    """Note the files of every module loaded now from where this program's own came (:func:`_homes`), and guard
    later imports. Called again, it notes the files anew (a test's window after another's)."""
    global _files, _watching, _changed, _looked_at
    _files = _code_files(list(sys.modules.values()))
    _changed, _looked_at = False, time.monotonic()
    if not _watching:
        sys.meta_path.insert(0, _Guard())
        _watching = True


def changed() -> bool:
    """Whether a file noted by :func:`watch` was replaced, changed or removed since (looked at now)."""
    global _changed, _looked_at
    if not _changed and _files:
        _changed = any(_stamp(path) != stamp for path, stamp in _files.items())
        _looked_at = time.monotonic()
    return _changed


def version_now() -> str | None:
    """The version installed on disk now (the running one is ``core.__version__``), None when it cannot be read
    (a checkout run without installing)."""
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except (metadata.PackageNotFoundError, OSError, ValueError):
        return None


def versions_changed() -> tuple[str, str] | None:
    """The running version and the one on disk, when they differ."""
    now = version_now()
    return (__version__, now) if now is not None and now != __version__ else None


class _Guard:
    """First on ``sys.meta_path`` (a finder needs only ``find_spec``; ``importlib.abc`` would cost the window's first
    frame a millisecond): finds nothing itself, and refuses an import once the code changed."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname.partition(".")[0] in sys.stdlib_module_names:
            return None  # the interpreter is not what an upgrade of Card Table replaces
        if _changed or (_files and time.monotonic() - _looked_at >= CHECK_EVERY and changed()):
            raise CodeChanged(f"Card Table's files changed since it started (an update?): {fullname} was not "
                              "loaded; restart Card Table")
        return None
