"""JSON files that cannot hurt: written atomically (a crash or power cut leaves either the old file or the new
one, never half of one), read defensively (any damage is one :class:`BadFile` error with a reason, never a
traceback), and moved aside when bad."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from core.text import Text, TextError, os_reason

MAX_FILE_BYTES = 16 * 1024 * 1024  # far above any save or settings file; a bigger one is not ours
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0


class BadFile(TextError, ValueError):
    """A file that cannot be used; ``reason`` says why, for a person."""


def newer_format(data: Any, newest: int) -> int | None:
    """The ``format_version`` of a file's ``data`` when a newer program wrote it (above ``newest``), else ``None``."""
    version = data.get("format_version") if isinstance(data, dict) else None
    return version if isinstance(version, int) and not isinstance(version, bool) and version > newest else None


def _no_constants(name: str) -> Any:
    raise BadFile(Text("it holds {name}, which is not a number JSON allows",
                       "JSON で使えない数 {name} が含まれています").format(name=name))


def read_json_file(path: Path) -> Any:
    """The JSON in ``path`` (UTF-8, a byte-order mark allowed). Raises :class:`BadFile` for anything a damaged or
    hostile file can do: not a regular file (a directory in the way), unreadable, too large, not UTF-8, not JSON,
    ``NaN`` or ``Infinity``, a number with thousands of digits, nesting too deep to read."""
    try:
        if not path.is_file():
            raise BadFile(Text("it is not a regular file", "通常のファイルではありません") if path.exists()
                          else Text("it does not exist", "ファイルがありません"))
        if path.stat().st_size > MAX_FILE_BYTES:
            raise BadFile(Text("it is larger than {mb} MB", "{mb} MB より大きいファイルです")
                          .format(mb=MAX_FILE_BYTES // (1024 * 1024)))
        text = path.read_bytes().decode("utf-8-sig")  # a byte-order mark, as Windows' Notepad may write, is fine
        return json.loads(text, parse_constant=_no_constants)
    except BadFile:
        raise
    except OSError as error:
        raise BadFile(Text("it cannot be read ({why})", "読み込めません（{why}）")
                      .format(why=os_reason(error))) from None
    except UnicodeDecodeError:
        raise BadFile(Text("it is not UTF-8 text", "UTF-8 のテキストではありません")) from None
    except json.JSONDecodeError as error:
        raise BadFile(Text("it is not valid JSON (line {line}, column {column})",
                           "JSON として正しくありません（{line}行目{column}文字目）")
                      .format(line=error.lineno, column=error.colno)) from None
    except ValueError as error:  # e.g. an integer longer than Python reads by default
        raise BadFile(Text("it holds a value that cannot be read ({detail})",
                           "読み込めない値が含まれています（{detail}）")
                      .format(detail=str(error).splitlines()[0][:80])) from None
    except RecursionError:
        raise BadFile(Text("it is nested too deeply to read", "入れ子が深すぎて読み込めません")) from None


def clean_stale_temp_files(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Remove temp files an interrupted :func:`write_json_atomic` left behind; how many went."""
    removed = 0
    try:
        candidates = list(folder.glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    now = time.time()
    for candidate in candidates:
        with contextlib.suppress(OSError):
            if candidate.is_file() and now - candidate.stat().st_mtime > older_than:
                candidate.unlink()
                removed += 1
    return removed


def write_json_atomic(path: Path, data: Any, indent: int | None = 1, streams: bool = False) -> None:
    """Write ``data`` as JSON with :func:`write_text_atomic`. ``indent=None`` writes it on one line, about five
    times as fast for a large file (Python's C encoder does not indent)."""
    text = json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False)  # NaN: unreadable
    write_text_atomic(path, text, streams)


def write_text_atomic(path: Path, text: str, streams: bool = False) -> None:
    """Write ``text`` as UTF-8 with :func:`replaced_whole`.

    Raises ``OSError`` when the folder cannot be written; the old file is then untouched.
    """
    with replaced_whole(path, streams=streams) as handle:
        handle.write(text)


@contextlib.contextmanager
def replaced_whole(path: Path, newline: str | None = None, streams: bool = False) -> Iterator[TextIO]:
    """A UTF-8 handle whose text becomes ``path`` once the block ends without an exception: written to a temp
    file in the same folder, flushed, fsynced and moved over the old file, which stays untouched otherwise. A
    symbolic link is followed (the file it names is replaced, and the link stays: a settings file kept among
    dotfiles). With ``streams`` (an output the person named), a device or a pipe — ``/dev/stdout``, ``/dev/null``,
    a named pipe — is written into as it is (it was replaced by a file of that name: as root, ``--csv /dev/stdout``
    put a file in place of ``/dev/stdout``); the program's own files replace whatever stands in their place."""
    if streams and is_stream(path):
        own = _own_output(path)
        if own is not None:  # through the program's own handle, so that what it prints before and after stays whole
            own.flush()
            yield own
            own.flush()
            return
        with path.open("a", encoding="utf-8", newline=newline) as handle:
            yield handle
        return
    target = path.resolve() if path.is_symlink() else path
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


def _own_output(path: Path) -> TextIO | None:
    """``sys.stdout`` or ``sys.stderr`` when ``path`` is where it goes (``/dev/stdout``: the terminal, the pipe or
    the file the shell opened; written through a handle of its own, a file's start was overwritten by what the
    program printed after)."""
    with contextlib.suppress(OSError):
        found = path.stat()
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                if os.path.samestat(found, os.fstat(stream.fileno())):
                    return stream
    return None


def is_stream(path: Path) -> bool:
    """Whether ``path`` is a device or a stream rather than a file to replace: what exists and is not a regular file
    (a terminal, a pipe, ``/dev/null``), or is the very file this program's output or errors go to (``/dev/stdout``
    when the shell sent it to a file: replaced, the program's other output would be lost)."""
    try:
        found = path.stat()
    except OSError:
        return False
    if not stat.S_ISREG(found.st_mode):
        return True
    for output in (1, 2):
        with contextlib.suppress(OSError):
            if os.path.samestat(found, os.fstat(output)):
                return True
    return False


def aside(path: Path, why: str = "corrupt") -> Path:
    """A free name beside ``path`` for what is set aside from it: ``<name>.<why>-<timestamp>``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
    return target


def move_aside(path: Path, why: str = "corrupt") -> Path:
    """Rename a bad file (or a directory in a file's place) to ``<name>.<why>-<timestamp>`` beside it and
    return the new path."""
    target = aside(path, why)
    os.replace(path, target)
    return target
