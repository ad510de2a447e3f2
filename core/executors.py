"""Where heavy work units run: this machine's processes (the default) or a Dask cluster.

A work unit is a module-level function and a small, pure, seeded task (a duplicate pair, a deal number), so
its result is the same whichever engine ran it and in whatever order the units finished. Both engines keep a
bounded number of units in flight, so a run of a million units holds a few dozen at a time, and yield
``(key, result)`` pairs as units finish.

- :class:`LocalPool` — ``--jobs N``: the standard library's process pool (``N == 1`` runs in this process);
- :class:`DaskCluster` — ``--scheduler tcp://HOST:8786`` sends the units to a running Dask scheduler, whose
  workers need Card Table (and any third-party game) installed; ``--scheduler local`` starts a
  ``LocalCluster`` of ``--jobs`` single-threaded worker processes here. Dask is the optional extra
  ``cardtable[cluster]``.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import logging
import multiprocessing
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

from core.cli_options import EngineLost, UsageError

IN_FLIGHT_PER_WORKER = 4
INSTALL_HINT = "pip install 'cardtable[cluster]'"

Unit = tuple[int, Any]  # (key, task)


def _start_worker(run: int) -> None:
    """A local worker's start: its standard output goes to standard error, and it ends with its run."""
    stdout_to_stderr()
    _end_with_run(run)


def stdout_to_stderr() -> None:
    """A local worker writes nothing to standard output, which is the run's: a plugin module printing as the worker
    imports it (a debugging line left in) printed into its command's CSV once per worker. As the run's own import of
    plugins does (:func:`core.manager.bounded`), what it prints goes to standard error, Python's and C's alike."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no standard stream to send or take
        sys.stdout.flush()
        os.dup2(2, 1)


def _end_with_run(run: int) -> None:
    """A worker ends as soon as the run that started it ends, even killed outright (the out-of-memory killer, ``kill
    -9``): the workers are children of the fork server, not of the run, and the fork server lives on while they
    do, so without this a killed run left the fork server, its workers and the resource tracker running for
    ever."""
    threading.Thread(target=_watch_run, args=(run,), name="run watcher", daemon=True).start()


def _watch_run(run: int) -> None:
    try:
        handle = os.pidfd_open(run)  # Linux: readable once the run has ended
    except ProcessLookupError:
        pass  # ended already
    except (AttributeError, OSError):  # elsewhere, or an old kernel: look twice a second
        while _running(run):
            time.sleep(0.5)
    else:
        select.select([handle], [], [])
    os._exit(1)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        pass  # there, and not ours to signal
    return True


@contextlib.contextmanager
def _ctrl_c_kept_from_children() -> Iterator[None]:
    """Ctrl-C blocked in this thread, in the threads it starts meanwhile and so in the worker processes they
    start. A terminal's Ctrl-C reaches every process of the run, and the workers, which the run stops itself, printed
    tracebacks above its summary (``KeyboardInterrupt`` from each of a Dask ``LocalCluster``'s workers; from the
    pool's fork server or a worker caught starting, "Fatal Python error: init_import_site"). A signal mask outlives
    ``exec``, unlike a handler; this thread takes Ctrl-C again once they are started. Multiprocessing's resource
    tracker is started first: the thread that starts it unblocks Ctrl-C afterwards."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no terminal-wide Ctrl-C to keep out
        yield
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def call_unit(function: Callable[[Any], Any], key: int, task: Any) -> tuple[int, Any]:
    """What a worker runs: the unit's function on its task, returned with the unit's key."""
    return key, function(task)


class Executor(Protocol):
    name: str
    workers: int

    def run(self, function: Callable[[Any], Any], units: Iterable[Unit]) -> Iterator[tuple[int, Any]]:
        """``(key, function(task))`` for every unit, in the order they finish."""
        ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None: ...


class LocalPool:
    """``jobs`` processes of this machine (``jobs == 1``: in this process, nothing to start)."""

    def __init__(self, jobs: int) -> None:
        self.workers = max(1, jobs)
        self.name = f"{self.workers} local process{'es' if self.workers > 1 else ''}"
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> LocalPool:
        if self.workers > 1:
            # workers are started while the progress bar's thread runs: forking a threaded process may deadlock
            # the child (Python 3.12 warns of it, 3.14 stops doing it), so they start from a fork server where
            # there is one, as they will under 3.14 anyway
            context = multiprocessing.get_context("forkserver") \
                if "forkserver" in multiprocessing.get_all_start_methods() else None
            try:
                self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_start_worker,
                                                 initargs=(os.getpid(),), mp_context=context)
            except OSError as error:  # the locks the processes share: /dev/shm read-only or missing (a container)
                raise UsageError(f"cannot start {self.workers} worker processes: the locks they share cannot be "
                                 f"made ({error.strerror or error}; on Linux they live in /dev/shm); --jobs 1 "
                                 "runs the units in this process") from None
            # The pool starts a process with each unit sent while none is idle: started here instead, where a stop
            # waits for the start (a worker caught half made by the pool's shutdown printed a traceback), and where
            # Ctrl-C is kept from them
            try:
                with _ctrl_c_kept_from_children():
                    wait([self._pool.submit(os.getpid) for _ in range(self.workers)])
            except OSError as error:  # the system's limit of processes reached, say
                self.__exit__(OSError, error, None)
                raise UsageError(f"cannot start {self.workers} worker processes ({error.strerror or error}); --jobs 1 "
                                 "runs the units in this process") from None
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._pool is not None:
            if kind is not None:
                # A run stopped (Ctrl-C, SIGTERM, a file it cannot write) abandons its units in flight, so their
                # workers are ended: it waited for each to finish, up to a unit's whole time (an undecided Yukon
                # deal: 40 s; minutes, with those queued behind it), when the signal reached the run and not its
                # workers (``timeout``, ``kill``), as Ctrl-C in a terminal does. The pool then fails what is
                # pending itself; cancelling it first would race that (Python 3.11 raises on a cancelled one).
                for worker in list((getattr(self._pool, "_processes", None) or {}).values()):
                    worker.terminate()
            self._pool.shutdown(wait=True)
            self._pool = None

    def run(self, function: Callable[[Any], Any], units: Iterable[Unit]) -> Iterator[tuple[int, Any]]:
        if self._pool is None:
            for key, task in units:
                yield call_unit(function, key, task)
            return
        source = iter(units)
        pending: set[Future[tuple[int, Any]]] = set()
        try:
            for key, task in itertools.islice(source, self.workers * IN_FLIGHT_PER_WORKER):
                pending.add(self._pool.submit(call_unit, function, key, task))
            while pending:  # stopped half-way, what is left is ended with the pool's workers (``__exit__``)
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    for key, task in itertools.islice(source, 1):
                        pending.add(self._pool.submit(call_unit, function, key, task))
                    yield future.result()
        except BrokenProcessPool:  # a worker killed: by the out-of-memory killer, or by hand
            raise EngineLost("a worker process of this run was killed (out of memory? the system's log says: "
                             "journalctl -k, or dmesg)") from None


def _not_dasks_early_cancel(record: logging.LogRecord) -> bool:
    """False for the traceback Dask's client has logged (distributed 2026.8) when Ctrl-C comes as it hands a call to
    its event loop: its cancel callback reads the call's future before the loop has made it, and the ``NameError``
    is printed above the run's summary."""
    error = record.exc_info[1] if record.exc_info else None
    if not isinstance(error, NameError) or error.__traceback__ is None:
        return True
    last = error.__traceback__
    while last.tb_next is not None:
        last = last.tb_next
    code = last.tb_frame.f_code
    return not (code.co_name == "cancel" and Path(code.co_filename).parts[-2:] == ("distributed", "utils.py"))


class DaskCluster:
    """A Dask cluster: ``scheduler`` is ``local`` (start one of ``jobs`` workers here) or a scheduler address."""

    CONNECT_SECONDS = 10  # how long a scheduler that is still starting up is waited for

    def __init__(self, scheduler: str, jobs: int) -> None:
        try:
            import distributed  # noqa: F401  (only to say what to install)
        except ImportError:
            raise UsageError(f"--scheduler needs Dask, which is not installed: {INSTALL_HINT}") from None
        self.scheduler = scheduler
        self.workers = max(1, jobs)
        self.name = (f"a Dask LocalCluster of {self.workers} worker{'s' if self.workers > 1 else ''}"
                     if scheduler == "local" else f"the Dask scheduler at {scheduler}")
        self._cluster: Any = None
        self._client: Any = None
        self._log_level: int | None = None  # the Dask client's, while it is quieted
        self.dashboard = ""

    def __enter__(self) -> DaskCluster:
        dask: Any = importlib.import_module("distributed")  # untyped; an optional extra
        logging.getLogger("tornado.application").addFilter(_not_dasks_early_cancel)
        try:
            if self.scheduler == "local":
                with _ctrl_c_kept_from_children():
                    self._cluster = dask.LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                                      dashboard_address=":0", silence_logs=logging.ERROR)
                self._client = dask.Client(self._cluster)
                from core.dask_workers import LocalWorker  # (a remote worker's standard output is its own)

                self._client.register_plugin(LocalWorker())
            else:
                # Dask's client speaks at INFO on stderr: of a lost scheduler, "Batched Comm Closed" and a traceback
                # (seen under Python 3.14), before the run's own line; a local cluster's logs are held the same way
                self._log_level = logging.getLogger("distributed").level
                logging.getLogger("distributed").setLevel(logging.ERROR)
                self._client = dask.Client(self.scheduler, timeout=f"{self.CONNECT_SECONDS}s")
                self.workers = max(1, sum(w.get("nthreads", 1)
                                          for w in self._client.scheduler_info()["workers"].values()))
        except (OSError, TimeoutError, ValueError, TypeError) as error:  # TypeError: tls:// without a TLS setup
            self.__exit__(None, None, None)
            raise UsageError(f"cannot reach the Dask scheduler at {self.scheduler}: {error}") from None
        self.dashboard = str(self._client.dashboard_link or "")
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        logging.disable(logging.CRITICAL)  # Dask's tracebacks of its reconnecting to a lost scheduler, given up here
        try:
            for closing in (self._client, self._cluster):
                if closing is not None:
                    with contextlib.suppress(Exception):  # a cluster already gone is not the user's problem
                        closing.close()
        finally:
            logging.disable(logging.NOTSET)
            logging.getLogger("tornado.application").removeFilter(_not_dasks_early_cancel)
            if self._log_level is not None:
                logging.getLogger("distributed").setLevel(self._log_level)
        self._client = self._cluster = self._log_level = None

    def run(self, function: Callable[[Any], Any], units: Iterable[Unit]) -> Iterator[tuple[int, Any]]:
        as_completed: Any = importlib.import_module("distributed").as_completed
        cancelled: Any = importlib.import_module("distributed.utils").CancelledError
        killed: Any = importlib.import_module("distributed.scheduler").KilledWorker
        self._check_workers(function)
        source = iter(units)
        keys: dict[str, int] = {}  # Dask's key of each unit in flight: the unit's own

        def submitted(key: int, task: Any) -> Any:
            future = self._client.submit(call_unit, function, key, task, pure=False)
            keys[future.key] = key
            return future

        pending = as_completed([submitted(key, task)
                                for key, task in itertools.islice(source, self.workers * IN_FLIGHT_PER_WORKER)])
        try:
            for future in pending:
                for key, task in itertools.islice(source, 1):
                    pending.add(submitted(key, task))
                try:
                    result: tuple[int, Any] = future.result()
                except cancelled:  # by the client, when it lost the scheduler: every unit in flight
                    raise EngineLost(f"lost the connection to {self.name}", "once it is back, give") from None
                except killed:  # the scheduler's allowed-failures: a unit that took down every worker it was given
                    raise EngineLost(f"unit {keys[future.key]} was given to workers of {self.name} that each died "
                                     "before it ended (out of memory? Card Table not installed there? the workers' "
                                     "logs say)", "once that is mended, give") from None
                del keys[future.key]
                future.release()
                yield result
        finally:
            for future in list(pending.futures):
                future.cancel()

    def _check_workers(self, function: Callable[[Any], Any]) -> None:
        """Every worker can import what the units run: one that cannot (Card Table, or the game's plugin, not
        installed there) logged the error on its own machine and left the run waiting for ever."""
        for module in sorted({call_unit.__module__, function.__module__}):
            try:
                self._client.run(exec, f"import {module}")
            except Exception as error:  # raised on a worker and passed back
                raise UsageError(f"a worker of {self.name} cannot import {module} ({type(error).__name__}: {error}): "
                                 "install Card Table there, with the games this run needs, the same version as "
                                 "here") from None


def executor_for(jobs: int, scheduler: str | None) -> Executor:
    """The engine the command line asked for: ``--scheduler`` if given, else ``--jobs`` local processes."""
    if scheduler:
        return DaskCluster(scheduler, jobs)
    return LocalPool(jobs)
