"""Results of heavy jobs as JSON Lines: each finished unit appended the moment it arrives, a run resumable.

The first line names the run — ``{"run": {"command": "euchre tournament", "params": {...}}}``, every option
that decides a unit's result — and each further line is one unit's record with its key under ``"unit"``
(a duplicate pair's seed, a match's seed, a deal number) and a ``"check"``, a digest of the rest: a record
changed after it was written (by hand, or damaged on disk) is named by its line instead of being summed up.
A killed run loses only the units in flight; a last line cut short by the kill is dropped when the file is
resumed. Resuming checks that the command and its options are the ones the file was started with (a
different unit range is allowed: it extends the run), and that the code deciding the results is the same
version (a parameter named ``…_version``: Yukon's solver, a game's CPU players). A run holds its file (an
advisory lock, on systems that have them) from the start: a second run given the same file while the first
still writes it — the same ``--json`` twice, or ``--resume`` of a run still going in another terminal — is
refused instead of cutting the file short or mixing its lines in.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import json
import os
import stat
import sys
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

from core.cli_options import OutputFailed, UsageError
from core.storage import replaced_whole

if sys.platform != "win32":
    import fcntl

Record = dict[str, Any]


def _normal(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists), so options compare equal after a resume."""
    return json.loads(json.dumps(value))


class ResultLog:
    """``with ResultLog(path, command, params, resume=...) as log: log.append(record)``."""

    def __init__(self, path: Path, command: str, params: Mapping[str, Any], *, resume: bool) -> None:
        self.path = path
        self.command = command
        self.params = _normal(dict(params))
        self.done: set[int] = set()
        self._file: TextIO | None = None
        self._held: int | None = None  # the file's descriptor, locked for this run
        if resume:
            if not self.path.is_file():
                raise UsageError(f"cannot resume {self.path}: there is no such file")
            try:
                self._held = self._hold(os.O_RDWR)
            except OSError as error:  # a file made read-only, or on a disk mounted read-only
                raise OutputFailed(f"cannot resume {self.path}: {error.strerror or error}") from None
            try:
                self._check_and_repair()
            except BaseException:
                self.__exit__()
                raise

    def _hold(self, flags: int) -> int:
        """``path`` opened with ``flags`` and locked for this run (not cut short: another run may own it)."""
        held = os.open(self.path, flags, 0o666)  # as open() makes a file: read and write, less the umask
        if sys.platform != "win32":
            try:
                fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(held)
                raise UsageError(f"{self.path} is held by another run that has not ended (still going, or stopped "
                                 "with Ctrl+Z): let it end, or give another file") from None
            except OSError:  # a file system or device that takes no locks: run without
                pass
        return held

    def __enter__(self) -> ResultLog:
        exists = self.path.exists() and self.done
        try:
            if self._held is None:
                self._held = self._hold(os.O_WRONLY | os.O_CREAT)
            if exists:
                os.lseek(self._held, 0, os.SEEK_END)
            elif stat.S_ISREG(os.fstat(self._held).st_mode):
                os.ftruncate(self._held, 0)
            self._file = os.fdopen(self._held, "w", encoding="utf-8")
            self._held = None  # closed with the file
            if not exists:
                self._write({"run": {"command": self.command, "params": self.params}})
        except (OSError, OutputFailed) as error:
            self.__exit__()
            if not exists and self.path.is_file():  # nothing of a run in it: not left behind (/dev/full stays)
                with contextlib.suppress(OSError):
                    self.path.unlink()
            if isinstance(error, OutputFailed):
                raise
            raise OutputFailed(f"cannot write results to {self.path}: {error.strerror or error}") from None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):  # every line was flushed as written; a failed one is reported
                self._file.close()
            self._file = None
        if self._held is not None:
            os.close(self._held)
            self._held = None

    def append(self, record: Record) -> None:
        self._write({**record, "check": _check(record)})
        self.done.add(record["unit"])

    def _write(self, value: Mapping[str, Any]) -> None:
        assert self._file is not None
        try:
            self._file.write(json.dumps(value, separators=(",", ":")) + "\n")
            self._file.flush()  # a killed run keeps every unit it reported
        except OSError as error:
            raise OutputFailed(f"cannot write results to {self.path}: {error.strerror or error}{self.kept()}") \
                from None

    def kept(self, then: str = "make room and give") -> str:
        """What a stopped run leaves to go on from, as the end of its message; ``then`` is what to do first (make
        room, after a file it could not write)."""
        if not self.done:
            return ""
        return f"; the {len(self.done):,} results so far are kept: {then} the same command with --resume {self.path}"

    def records(self, keys: Collection[int] | None = None, project: Callable[[Record], Record] | None = None) \
            -> list[Record]:
        """The records in the file (only those whose unit is in ``keys``), sorted by unit, each passed through
        ``project`` (keep only what a summary needs when the run is long); a unit written twice counts once."""
        found: dict[int, Record] = {}
        for record in _read(self.path):
            if keys is None or record["unit"] in keys:
                found[record["unit"]] = project(record) if project else record
        return [found[k] for k in sorted(found)]

    def unsorted(self) -> Iterator[Record]:
        """Every record in the file, in the order the units finished, without holding them all."""
        return _read(self.path)

    def _check_and_repair(self) -> None:
        with self.path.open("rb") as handle:
            data = handle.read()
        good = data.rfind(b"\n") + 1
        if good < len(data):  # the last line was cut short when the run was killed
            with self.path.open("r+b") as handle:
                handle.truncate(good)
        lines = data[:good].decode("utf-8", errors="replace").splitlines()
        header = _header(lines[0] if lines else "", self.path)
        if header.get("command") != self.command:
            raise UsageError(f"cannot resume {self.path}: it holds results of '{header.get('command')}', "
                             f"not '{self.command}'")
        theirs = header.get("params", {})
        for key in sorted(set(theirs) | set(self.params)):
            if theirs.get(key) != self.params.get(key) and key.endswith("_version"):  # not an option one can give
                what = key.removesuffix("_version").replace("_", " ")
                then = (f"by {what} version {theirs[key]}" if key in theirs
                        else f"before Card Table named the version of the {what}")
                raise UsageError(f"cannot resume {self.path}: it was run {then}, this is version "
                                 f"{self.params.get(key)}, whose results may differ; start a new file")
            if theirs.get(key) != self.params.get(key):
                raise UsageError(f"cannot resume {self.path}: it was run with {key}={theirs.get(key)!r}, this run "
                                 f"has {key}={self.params.get(key)!r}; give the same options (or a new file)")
        self.done = {record["unit"] for record in _read(self.path)}


def _header(line: str, path: Path) -> Record:
    try:
        value = json.loads(line)
    except ValueError:
        value = None
    if not isinstance(value, dict) or not isinstance(value.get("run"), dict):
        raise UsageError(f"{path} is not a Card Table results file (its first line does not name a run)")
    run: Record = value["run"]
    return run


def _check(record: Mapping[str, Any]) -> str:
    """A short digest of a record as written (its keys sorted): a line changed afterwards no longer matches."""
    return hashlib.sha256(json.dumps(record, separators=(",", ":"), sort_keys=True).encode()).hexdigest()[:16]


def _read(path: Path) -> Iterator[Record]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if number == 1 or not line.endswith("\n"):
                continue
            try:
                record = json.loads(line)
            except ValueError:
                raise UsageError(f"{path}, line {number}: not a JSON record; the file was changed by hand?") from None
            if not isinstance(record, dict) or not isinstance(record.get("unit"), int):
                raise UsageError(f"{path}, line {number}: a record without its unit number")
            check = record.pop("check", None)  # files written before records had a check have none
            if check is not None and check != _check(record):
                raise UsageError(f"{path}, line {number}: the record was changed after the run wrote it; delete "
                                 f"the line and resume to run unit {record['unit']} again")
            yield record


def nearest_rank(ordered: list[float], share: float) -> float:
    """The value at ``share`` (0.9 for p90) of ``ordered`` (sorted, not empty), by nearest rank."""
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _plain_list(value: Any) -> bool:
    return isinstance(value, list) and all(v is None or isinstance(v, str | int | float) for v in value)


def _plain(value: Any) -> bool:
    """A value a CSV cell holds: a number or text, or a list of them."""
    return not isinstance(value, dict | list) or _plain_list(value)


def write_csv(path: Path, rows: Iterable[Record]) -> None:
    """The records' plain fields as CSV (``/dev/stdout`` too): numbers and text, and a list of them as one cell of
    its items between spaces (a game's scores by seat, ``102 56 81 47``); tables and lists of tables left out. The
    columns are every plain field of any record, in the order first met (a field only some records have — a moon
    shot in Hearts — was left out when the first record lacked it); a record without one leaves its cell empty."""
    rows = list(rows)
    fields = list(dict.fromkeys(k for row in rows for k, v in row.items() if _plain(v)))
    try:
        with replaced_whole(path, newline="", streams=True) as handle:
            writer = csv.DictWriter(handle, fieldnames=fields, extrasaction="ignore")
            if rows:
                writer.writeheader()
            for row in rows:
                writer.writerow({k: " ".join(map(str, v)) if _plain_list(v) else v for k, v in row.items()
                                 if _plain(v)})
    except BrokenPipeError:  # --csv /dev/stdout into `| head`, which has read what it wanted: not a failure
        raise
    except OSError as error:
        raise OutputFailed(f"cannot write the CSV to {path}: {error.strerror or error}") from None
