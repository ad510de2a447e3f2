"""Long command-line jobs: a text progress bar, running tasks in parallel processes, writing results."""

from __future__ import annotations

import csv
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
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
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for result in pool.map(function, tasks, chunksize=chunksize):
                    results.append(result)
                    bar.advance()
    return results


def write_rows(rows: Sequence[Mapping[str, Any]], csv_path: Path | None = None, json_path: Path | None = None) -> None:
    """Per-item results of a command-line job as JSON and/or CSV."""
    if json_path:
        json_path.write_text(json.dumps(list(rows), indent=1), encoding="utf-8")
    if csv_path and rows:
        with csv_path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
