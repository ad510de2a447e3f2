"""Background analysis in a process of its own.

A game's analysis (Yukon's solver) can think for most of a minute about a hard position. On a thread of the
window's process it held Python's interpreter lock against the window's own code: a table's repaint took ten
times as long while the solver ran, and a dragged card stuttered. So the window hands each position to one
worker process instead, started on the first analysis (spawned: it inherits no Qt state), kept for the
program's life and ended with it, and reads the verdicts back on a thread that only waits.

One position at a time: a new job supersedes the one before it, and :meth:`AnalysisWorker.cancel` abandons a job
whose position is gone. The worker checks between the analysis's slices, so it drops abandoned work within a
slice; an abandoned or superseded job is never answered. A job that cannot be sent to another process (an
analysis or a state that does not pickle: a lambda, a local class) runs on a thread of the window's process
instead, answered the same way; so does one the worker cannot rebuild (its analysis or state lives in a module
the worker cannot import: a script's own function, a plugin loaded from a folder of its own), and that module's
later jobs go to a thread at once. If the worker process dies (killed, out of memory), the job it had gets the
verdict ``None`` (the analysis found none) and the next job starts a new process. Once the program's files
changed under it (:mod:`core.installation`: an update), no new process is started: the jobs run on threads, with
the code in memory.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from core import installation
from core.session import AnalysisJob

Answer = Callable[[AnalysisJob, Any, BaseException | None], None]
"""``answer(job, verdict, error)``: called on the worker's reading thread, never on the caller's."""


class AnalysisFailed(Exception):
    """An analysis raised (or its verdict could not be sent back from the worker process): the exception's
    type, message and traceback as text."""


class NotLoadable(AnalysisFailed):
    """The worker process could not rebuild a job sent to it (the job runs on a thread instead)."""


def _home(job: AnalysisJob) -> tuple[str, str]:
    """The modules a job needs in the worker process: its analysis's and its state's."""
    return (getattr(job.analysis, "__module__", None) or type(job.analysis).__module__, type(job.state).__module__)


class AnalysisWorker:
    """The worker process and the bookkeeping of the job it has. Thread-safe."""

    def __init__(self, answer: Answer) -> None:
        self._answer = answer
        self._lock = threading.Lock()
        self._context = multiprocessing.get_context("spawn")
        self._current = self._context.Value("q", 0, lock=False)  # the job the worker should be on; 0: none
        self._process: Any = None  # a multiprocessing Process (spawn context), started on the first job
        self._requests: Connection | None = None
        self._pending: tuple[int, AnalysisJob] | None = None
        self._last = 0
        self._closes_at_exit = False
        self._not_loadable: set[tuple[str, str]] = set()  # the homes of jobs the worker could not rebuild

    def submit(self, job: AnalysisJob) -> None:
        """Analyse ``job``, in place of any job before it: in the worker process, or on a thread of this one
        when the job cannot be sent there or rebuilt there."""
        payload = None
        if _home(job) not in self._not_loadable:
            with contextlib.suppress(Exception):  # any pickling failure: a lambda, a local class, an open file
                payload = pickle.dumps(job)
        with self._lock:
            self._last += 1
            number = self._last
            self._pending = (number, job)
            if payload is not None and not self._alive() and installation.changed():
                payload = None  # a worker started now would run the code updated on disk on this program's positions
            self._current.value = number if payload is not None else 0  # on a thread: the worker drops its job
            if payload is not None:
                requests = self._start()
                with contextlib.suppress(OSError):  # if the process died a moment ago, its reading thread answers
                    requests.send((number, payload))
                return
        self._run_on_thread(number, job)

    def cancel(self, job: AnalysisJob) -> None:
        """Abandon ``job`` if it is the worker's: the worker stops between slices and never answers it."""
        with self._lock:
            if self._pending is not None and self._pending[1] is job:
                self._pending = None
                self._current.value = 0

    def close(self) -> None:
        """End the worker process quietly (it finishes the slice it is on); a later job starts another. Called
        when the program exits."""
        with self._lock:
            process, requests = self._process, self._requests
            self._process = self._requests = None
            self._pending = None
            self._current.value = 0
        if requests is not None:
            requests.close()  # the worker reads the end of its requests and returns
        if process is not None:
            process.join(2)
            if process.is_alive():
                process.kill()

    @property
    def pid(self) -> int | None:
        """The worker process's id while it runs (None before the first job and after it died)."""
        with self._lock:
            return self._process.pid if self._process is not None and self._process.is_alive() else None

    def _run_on_thread(self, number: int, job: AnalysisJob) -> None:
        def stopped() -> bool:
            with self._lock:
                return self._pending is None or self._pending[0] != number

        def run() -> None:
            verdict: Any = None
            error: BaseException | None = None
            try:
                verdict = job.run(stopped)
            except Exception as failure:
                error = AnalysisFailed("".join(traceback.format_exception(failure)))
            self._answer_job(number, verdict, error)

        threading.Thread(target=run, daemon=True, name="analysis").start()

    def _answer_job(self, number: int, verdict: Any, error: BaseException | None) -> None:
        """Answer job ``number`` if it is still the one wanted."""
        with self._lock:
            if self._pending is None or self._pending[0] != number:
                return
            job, self._pending = self._pending[1], None
        self._answer(job, verdict, error)

    def _alive(self) -> bool:
        return self._process is not None and self._requests is not None and self._process.is_alive()

    def _start(self) -> Connection:
        if self._requests is not None and self._alive():
            return self._requests
        requests_in, requests_out = self._context.Pipe(duplex=False)
        answers_in, answers_out = self._context.Pipe(duplex=False)
        process = self._context.Process(target=serve, args=(requests_in, answers_out, self._current, os.getpid()),
                                        name="cardtable analysis", daemon=True)
        process.start()
        if not self._closes_at_exit:
            atexit.register(self.close)  # before multiprocessing's own exit handler, which would kill it loudly
            self._closes_at_exit = True
        requests_in.close()  # the worker holds the other ends: when it dies, reading its answers ends at once
        answers_out.close()
        self._process, self._requests = process, requests_out
        threading.Thread(target=self._read, args=(process, answers_in, requests_out), daemon=True,
                         name="analysis answers").start()
        return requests_out

    def _read(self, process: Any, answers: Connection, requests: Connection) -> None:
        while True:
            try:
                number, verdict, error = answers.recv()
            except (EOFError, OSError):
                break
            except Exception as failure:  # a verdict that cannot be rebuilt here: the job it was for says so
                number = self._current.value  # the job the worker is on, if any (0: none, or one on a thread)
                verdict, error = None, AnalysisFailed("the analysis's verdict could not be read back:\n"
                                                      + "".join(traceback.format_exception(failure)))
            if isinstance(error, NotLoadable):
                self._rerun_here(number, error)
            else:
                self._answer_job(number, verdict, error)
        answers.close()
        with self._lock:
            if self._process is not process:  # closed (close() waits for it) or replaced: nothing to say
                return
            self._process = self._requests = None
            number = self._current.value  # the job it had, if any (one on a thread runs on)
        requests.close()
        process.join(5)
        print(f"cardtable: the analysis process ended (exit code {process.exitcode}); a new one starts with the "
              "next position", file=sys.stderr)
        if number:
            self._answer_job(number, None, None)

    def _rerun_here(self, number: int, error: NotLoadable) -> None:
        """The worker could not rebuild job ``number``: it runs on a thread, and so do its module's later jobs."""
        with self._lock:
            if self._pending is None or self._pending[0] != number:
                return
            job = self._pending[1]
            self._current.value = 0
            self._not_loadable.add(_home(job))
        why = str(error).strip().splitlines()[-1]
        print(f"cardtable: the analysis process cannot load {' and '.join(sorted(set(_home(job))))} ({why}); "
              "its analyses run in the window's process", file=sys.stderr)
        self._run_on_thread(number, job)


def serve(requests: Connection, answers: Connection, current: Any, parent: int) -> None:
    """The worker process: analyse each job asked for while it is still the one wanted; answer
    ``(number, verdict, error)``. Ends when the window's process closes its end or dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is the window's to handle; this ends with it

    def stopped(number: int) -> bool:
        return current.value != number or os.getppid() != parent

    while True:
        try:
            number, payload = requests.recv()
        except (EOFError, OSError):
            return
        if stopped(number):
            continue  # superseded while it waited
        verdict: Any = None
        error: BaseException | None = None
        try:
            job: AnalysisJob = pickle.loads(payload)
        except Exception as failure:
            error = NotLoadable("".join(traceback.format_exception(failure)))
        else:
            try:
                verdict = job.run(functools.partial(stopped, number))
            except Exception as failure:
                error = AnalysisFailed("".join(traceback.format_exception(failure)))
        if stopped(number):
            continue
        try:
            answers.send((number, verdict, error))
        except (OSError, pickle.PicklingError, TypeError, AttributeError):
            try:
                answers.send((number, None, AnalysisFailed(f"the analysis's verdict could not be sent back: "
                                                           f"{verdict!r}")))
            except OSError:
                return

