"""Progress of long command-line jobs, drawn by ``rich``: a bar with the count, the rate and the time left.

Drawn on stderr only when it is a terminal (a CI log or a pipe stays short), and never after :func:`silence`
(the ``--quiet`` option of every long job).
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress
from rich.text import Text

_quiet = False


def silence(quiet: bool = True) -> None:
    """``--quiet``: no progress is drawn in this process from now on."""
    global _quiet
    _quiet = quiet


def quiet() -> bool:
    return _quiet


class RateColumn(ProgressColumn):
    """Units per second, from rich's moving average."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f}/s" if speed else "  –/s", style="progress.data.speed")


class Progress:
    """``with Progress(total, "solving") as bar: bar.advance()``; ``done`` counts what was advanced."""

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None, done: int = 0) -> None:
        self.total = max(total, 0)
        self.done = done
        console = Console(file=stream if stream is not None else sys.stderr, highlight=False)
        self.shown = console.is_terminal and not _quiet
        self._bar = RichProgress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TaskProgressColumn(), RateColumn(), TimeElapsedColumn(), TextColumn("eta"),
                                 TimeRemainingColumn(), console=console, disable=not self.shown)
        self._task = self._bar.add_task(label, total=self.total, completed=done)

    def __enter__(self) -> Progress:
        self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._bar.stop()

    def advance(self, n: int = 1) -> None:
        self.done += n
        self._bar.update(self._task, completed=self.done)
