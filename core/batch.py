"""One shape for every heavy command-line job: work units run by an executor, streamed to a results file.

A tool adds the shared options with :func:`add_batch_arguments` (``--jobs``, ``--scheduler``, ``--json``,
``--resume``, ``--csv``, ``--quiet``) and runs its units through a :class:`Batch`::

    with Batch.from_args(args, "euchre tournament", params) as batch:
        batch.run(play_pair, range(seed, seed + deals), task=lambda key: (key, a, b, settings), label="hard vs normal")
        records = batch.records()      # from the file: the summary never depends on the finishing order
    ...print the summary...
    batch.finish(records)              # --csv; Ctrl-C: exit 130 saying how to resume (SIGTERM: 143)

Without ``--json`` the records still go to a file (in the user data folder) which is removed when the run
completes (resumed or not), so an interrupted run can always be resumed.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from core.cli_options import (
    EngineLost,
    Interrupted,
    OutputFailed,
    Terminated,
    UsageError,
    jobs,
    output_file,
    output_folder,
    path_argument,
    scheduler_address,
)
from core.executors import Executor, executor_for
from core.paths import data_dir
from core.progress import Progress, quiet, silence
from core.results import Record, ResultLog, write_csv
from core.storage import is_stream
from core.terminal import stops_held
from core.text import plural_word


def add_batch_arguments(parser: argparse.ArgumentParser, default_jobs: int = 1, what: str = "unit") -> None:
    """The options every heavy tool shares; ``what`` names its unit of work in the help ("match", "deal")."""
    group = parser.add_argument_group("running and results")
    group.add_argument("--jobs", type=jobs, default=default_jobs,
                       help=f"parallel processes on this machine, or Dask workers with --scheduler local "
                            f"(default {default_jobs}, at most the CPU count)")
    group.add_argument("--scheduler", metavar="ADDRESS", type=scheduler_address,
                       help="run on a Dask cluster: tcp://HOST:8786 for a running scheduler, or 'local' to start "
                            "one here (needs: pip install 'cardtable[cluster]')")
    group.add_argument("--json", type=path_argument, metavar="FILE",
                       help=f"write one JSON line per {what} to FILE as each finishes (JSON Lines)")
    group.add_argument("--resume", type=path_argument, metavar="FILE",
                       help=f"continue the run whose results are in FILE: {plural_word(what)} already there are "
                            "skipped")
    group.add_argument("--csv", type=path_argument, metavar="FILE",
                       help=f"also write the results as CSV, one row per {what}")
    group.add_argument("--quiet", action="store_true", help="no progress bar")


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


class Batch:
    """A run of work units whose records stream to a :class:`~core.results.ResultLog`."""

    def __init__(self, command: str, params: Mapping[str, Any], executor: Executor, json_path: Path | None = None,
                 resume: Path | None = None, csv_path: Path | None = None) -> None:
        if json_path and resume:
            raise UsageError("give --json FILE for a new run or --resume FILE to continue one, not both")
        output_file(json_path)
        output_file(csv_path)
        results = json_path or resume
        if results and is_stream(results):  # /dev/stdout: reading it back for the summary waited for ever
            raise UsageError(f"--{'json' if json_path else 'resume'} needs a file, not {results}: the results are "
                             "read back from it for the summary and for --resume (--csv /dev/stdout prints them)")
        if csv_path and results and csv_path.resolve() == results.resolve():
            raise UsageError(f"--csv and --{'json' if json_path else 'resume'} name the same file, {csv_path}: the CSV "
                             "would write over the results; give the CSV a file of its own")
        folder = data_dir() / "runs"
        # a run's file in the user data folder, made by this run or by the stopped one it resumes: gone when done
        self.temporary = not json_path and (resume is None or resume.resolve().parent == folder.resolve())
        if not (json_path or resume):
            output_folder(folder, "the run's results")
            stamp = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"  # two runs started together never share
            json_path = folder / f"{command.replace(' ', '-')}-{stamp}.jsonl"
        path = resume or json_path
        assert path is not None
        self.log = ResultLog(path, command, params, resume=resume is not None)
        self.executor = executor
        self.csv_path = csv_path
        self.interrupted = False
        self.terminated = False
        self._on_term: Any = None  # SIGTERM's handler before the run

    @classmethod
    def from_args(cls, args: argparse.Namespace, command: str, params: Mapping[str, Any]) -> Batch:
        silence(args.quiet)
        return cls(command, params, executor_for(args.jobs, args.scheduler), args.json, args.resume, args.csv)

    def __enter__(self) -> Batch:
        self.log.__enter__()
        stops: list[int] = []
        try:
            with stops_held() as stops:
                self.executor.__enter__()
        except BaseException:  # no cluster to run on: the file closed, and a temporary one with nothing run gone
            self.log.__exit__()
            if self.temporary and not self.log.done:
                self.log.path.unlink(missing_ok=True)
            if stops:  # Ctrl-C in a terminal reaches a starting cluster's workers too, which then fail to start
                raise (Terminated if stops[-1] == signal.SIGTERM else KeyboardInterrupt)() from None
            raise
        dashboard = getattr(self.executor, "dashboard", "")
        if dashboard and not quiet():
            print(f"running on {self.executor.name}; dashboard {dashboard}", file=sys.stderr)
        if threading.current_thread() is threading.main_thread():
            self._on_term = signal.signal(signal.SIGTERM, _terminated)
        if stops:  # stopped as the engine started: no unit is run, and the run ends as a stopped one does
            self.interrupted, self.terminated = True, stops[-1] == signal.SIGTERM
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._on_term is not None:
            signal.signal(signal.SIGTERM, self._on_term)
            self._on_term = None
        self.executor.__exit__(KeyboardInterrupt if self.interrupted else kind, value, tb)
        self.log.__exit__()
        if kind is not None and self.temporary and not self.log.done:  # stopped before a result: nothing to resume
            self.log.path.unlink(missing_ok=True)

    def run(self, function: Callable[[Any], Record], keys: Collection[int], task: Callable[[int], Any],
            label: str, keep: Callable[[Record], Record] | None = None) -> None:
        """``function(task(key))`` for every key not yet in the file, each record (``keep`` may pass it through a
        side effect first, e.g. writing files, and leave out what the file need not hold) appended as it
        arrives. Ctrl-C stops the run; :meth:`finish` reports it."""
        if self.interrupted:
            return
        todo = [k for k in keys if k not in self.log.done] if self.log.done else keys
        units: Iterable[tuple[int, Any]] = ((key, task(key)) for key in todo)
        with Progress(len(keys), label, done=len(keys) - len(todo)) as bar:
            try:
                for key, result in self.executor.run(function, units):
                    record = {"unit": key, **result}
                    try:
                        kept = keep(record) if keep else record
                    except OSError as error:  # a file the unit writes (a hand record) on a full disk
                        raise OutputFailed(f"cannot write {error.filename or 'a file'}: {error.strerror or error}"
                                           f"{self.log.kept()}") from None
                    self.log.append(kept)
                    bar.advance()
            except KeyboardInterrupt as stop:
                self.interrupted, self.terminated = True, isinstance(stop, Terminated)
            except EngineLost as lost:
                raise EngineLost(f"{lost}{self.log.kept(lost.then)}") from None

    def records(self, keys: Collection[int] | None = None, project: Callable[[Record], Record] | None = None) \
            -> list[Record]:
        """This run's records from the file, sorted by unit (so every summary is the same however the units
        were run)."""
        return self.log.records(keys, project)

    def finish(self, records: list[Record] | None = None, keep: bool = False) -> None:
        """Write ``--csv`` (``records``, else every record in the file in the order they finished); then remove
        the temporary file of a completed run (unless ``keep``: the run's product is still to be written with
        :meth:`write`), or stop an interrupted one with :class:`Interrupted` naming the file to resume."""
        path = self.log.path
        if self.csv_path:
            try:
                write_csv(self.csv_path, records if records is not None else self.log.unsorted())
            except OutputFailed as error:  # the run is done: its results stay, to write the CSV from later
                raise OutputFailed(f"{error}{self._written_later()}") from None
            except BrokenPipeError:  # into `| head`, which has what it wanted: the run ends quietly, tidied
                if self.temporary and not keep and not self.interrupted:
                    path.unlink(missing_ok=True)
                raise
        if self.interrupted:
            kept, how = len(self.log.done), "stopped by SIGTERM" if self.terminated else "interrupted"
            status = 143 if self.terminated else 130
            if not kept and self.temporary:  # a file of the program's own making, with nothing in it to go on from
                path.unlink(missing_ok=True)
                raise Interrupted(f"{how} before the first result: nothing to resume", status)
            raise Interrupted(f"{how}: {kept:,} results kept in {path}; finish the run by giving the same command "
                              f"with --resume {path}", status)
        if self.temporary and not keep:
            path.unlink(missing_ok=True)

    def write(self, what: str, path: Path, write: Callable[[], None]) -> None:
        """After ``finish(keep=True)``: ``write()`` the run's product (``what`` at ``path``, e.g. a catalogue).
        The temporary results go once it is written; a full disk stops with :class:`OutputFailed` and keeps
        them, named, to write it from later without running again."""
        try:
            write()
        except BrokenPipeError:  # `--out /dev/stdout | head`, which has what it wanted: as in finish
            if self.temporary:
                self.log.path.unlink(missing_ok=True)
            raise
        except OSError as error:
            raise OutputFailed(f"cannot write {what} to {path}: {error.strerror or error}{self._written_later()}") \
                from None
        if self.temporary:
            self.log.path.unlink(missing_ok=True)

    def _written_later(self) -> str:
        return (f"; the results are kept in {self.log.path}: give the same command with --resume {self.log.path} to "
                "write it again")
