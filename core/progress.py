"""A text progress bar for long command-line jobs (tournaments, solving ranges, catalogue builds)."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO


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
