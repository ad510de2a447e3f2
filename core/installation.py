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
from collections.abc import Iterable, Sequence
from pathlib import Path
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


def _homes(also: Iterable[str] = ()) -> tuple[str, ...]:
    """The folder this program's packages were loaded from, as named and as resolved: site-packages for an
    installed program (its plugins and libraries beside it), the checkout for a developer's; and the folders the
    modules named in ``also`` were loaded from (a plugin installed elsewhere, with ``pip install --user``)."""
    named = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
    for name in also:
        path = getattr(sys.modules.get(name), "__file__", None)
        if isinstance(path, str):
            named.append(str(Path(path).absolute().parents[name.count(".")]))  # above its top package
    return tuple({os.path.join(way(folder), "") for folder in named for way in (str, os.path.realpath)})


def _code_files(modules: Sequence[ModuleType], homes: tuple[str, ...]) -> dict[str, tuple[int, int] | None]:
    found: dict[str, tuple[int, int] | None] = {}
    for module in modules:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.startswith(homes):  # (a few of PySide6's own name no real file)
            found[path] = _stamp(path)
    return found


def watch(also: Iterable[str] = ()) -> None:
    """Note the files of every module loaded now from where this program's own came, or the modules named in
    ``also`` (:func:`_homes`), and guard later imports. Called again, it notes the files anew (a test's window
    after another's)."""
    global _files, _watching, _changed, _looked_at
    _files = _code_files(list(sys.modules.values()), _homes(also))
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
