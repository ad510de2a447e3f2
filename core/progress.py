"""Long command-line jobs: a text progress bar, running tasks in parallel processes, writing results."""

from __future__ import annotations

import csv
import itertools
import json
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Progress:
    """``with Progress(total, "solving") as bar: bar.advance()`` — draws on stderr, quietly when not a terminal."""

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None, width: int = 30) -> None:
        self.total = max(total, 0)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.done = 0
        self.started = time.monotonic()
        self._last_draw = 0.0
        self._last_percent = -1
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def __enter__(self) -> Progress:
        self._draw(force=True)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._draw(force=True)
        if self._tty:
            self.stream.write("\n")
        self.stream.flush()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def advance(self, n: int = 1, note: str = "") -> None:
        self.done += n
        self._draw(note=note)

    def line(self, note: str = "") -> str:
        fraction = self.done / self.total if self.total else 1.0
        filled = int(self.width * fraction)
        rate = self.done / self.elapsed if self.elapsed > 0 else 0.0
        remaining = (self.total - self.done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        text = f"{self.label} [{bar}] {self.done}/{self.total} {fraction:4.0%} {rate:7.1f}/s eta {remaining:5.0f}s"
        return f"{text} {note}".rstrip()

    def _draw(self, force: bool = False, note: str = "") -> None:
        now = time.monotonic()
        if self._tty:
            if force or now - self._last_draw >= 0.1:
                self.stream.write("\r" + self.line(note))
                self.stream.flush()
                self._last_draw = now
            return
        percent = int(100 * self.done / self.total) // 10 * 10 if self.total else 100
        if force or percent != self._last_percent:
            self.stream.write(self.line(note) + "\n")
            self._last_percent = percent


def parallel_map(function: Callable[[T], R], tasks: Sequence[T], jobs: int, label: str,
                 chunksize: int = 2) -> list[R]:
    """``function`` over ``tasks`` in ``jobs`` processes (in order), with a progress bar."""
    results: list[R] = []
    with Progress(len(tasks), label) as bar:
        if jobs <= 1:
            for task in tasks:
                results.append(function(task))
                bar.advance()
        else:
            from concurrent.futures import ProcessPoolExecutor  # only when work runs in parallel

            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for result in pool.map(function, tasks, chunksize=chunksize):
                    results.append(result)
                    bar.advance()
    return results


def parallel_stream(function: Callable[[T], R], tasks: Iterable[T], jobs: int, label: str, total: int,
                    in_flight: int = 8) -> Iterator[R]:
    """``function`` over ``tasks`` in ``jobs`` processes, results yielded in task order as they finish, with a
    progress bar; at most ``in_flight`` tasks per job are queued, so memory stays bounded however long the
    run. Leaving the loop early (Ctrl-C) cancels what is queued."""
    with Progress(total, label) as bar:
        if jobs <= 1:
            for task in tasks:
                yield function(task)
                bar.advance()
            return
        from concurrent.futures import Future, ProcessPoolExecutor

        pending: deque[Future[R]] = deque()
        source = iter(tasks)
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            try:
                for task in itertools.islice(source, jobs * in_flight):
                    pending.append(pool.submit(function, task))
                while pending:
                    result = pending.popleft().result()
                    for task in itertools.islice(source, 1):
                        pending.append(pool.submit(function, task))
                    bar.advance()
                    yield result
            finally:
                for future in pending:
                    future.cancel()


class RowWriter:
    """Per-item results written as they come (CSV and/or a JSON list), so an interrupted run keeps every row
    already finished and the files stay well-formed: ``with RowWriter(csv, json) as out: out.write(row)``."""

    def __init__(self, csv_path: Path | None = None, json_path: Path | None = None) -> None:
        self.csv_path, self.json_path = csv_path, json_path
        self._csv: Any = None
        self._csv_file: TextIO | None = None
        self._json: TextIO | None = None
        self.count = 0

    def __enter__(self) -> RowWriter:
        if self.json_path:
            self._json = self.json_path.open("w", encoding="utf-8")
            self._json.write("[")
        if self.csv_path:
            self._csv_file = self.csv_path.open("w", newline="", encoding="utf-8")
        return self

    def write(self, row: Mapping[str, Any]) -> None:
        if self._json is not None:
            self._json.write(("," if self.count else "") + "\n" + json.dumps(row))
        if self._csv_file is not None:
            if self._csv is None:
                self._csv = csv.DictWriter(self._csv_file, fieldnames=list(row))
                self._csv.writeheader()
            self._csv.writerow(row)
        self.count += 1

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._json is not None:
            self._json.write("\n]\n")
            self._json.close()
        if self._csv_file is not None:
            self._csv_file.close()


def write_rows(rows: Sequence[Mapping[str, Any]], csv_path: Path | None = None, json_path: Path | None = None) -> None:
    """Per-item results of a command-line job as JSON and/or CSV."""
    if json_path:
        json_path.write_text(json.dumps(list(rows), indent=1), encoding="utf-8")
    if csv_path and rows:
        with csv_path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
