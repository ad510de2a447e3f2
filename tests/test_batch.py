"""Heavy jobs as work units: the same summary from any executor, streamed results, resume after a kill or
Ctrl-C, and one-line answers to every mistake (``core.batch``, ``core.executors``, ``core.results``)."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import multiprocessing
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.batch import Batch
from core.cli import main
from core.cli_options import Interrupted, Terminated, output_file
from core.duplicate import timing_lines
from core.paths import data_dir
from plugins.yukon.cli import timing as yukon_timing
from tests.distributions import REPO

HAS_DASK = importlib.util.find_spec("distributed") is not None
needs_dask = pytest.mark.skipif(not HAS_DASK, reason="the cluster extra (Dask) is not installed")

TOURNAMENT = ("euchre", "tournament", "--a", "hard", "--b", "normal", "--hands", "40", "--seed", "7")
SOLVE = ("yukon", "solve", "--range", "1-30", "--budget", "3000")
CLI = ("-c", "import sys; from core.cli import main; sys.exit(main())")  # `cardtable`, from this checkout
SHORT_TOURNAMENT = (*TOURNAMENT[:-4], "--hands", "16", "--seed", "7")  # hard's samples in another process too


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def summary(out: str) -> str:
    """The summary without the lines that depend on this machine's speed."""
    return "\n".join(line for line in out.splitlines() if not line.startswith(("time:", "decision time")))


def records(path: Path) -> dict[int, dict[str, object]]:
    lines = path.read_text().splitlines()
    assert "run" in json.loads(lines[0])
    found = {}
    for line in lines[1:]:
        record = json.loads(line)
        found[record["unit"]] = {k: v for k, v in record.items() if k not in ("times", "seconds", "check")}
    return found


@needs_dask
@pytest.mark.parametrize("command", [SHORT_TOURNAMENT, SOLVE], ids=["tournament-8-pairs", "solve-30-deals"])
def test_a_local_cluster_and_the_local_pool_give_byte_identical_summaries(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]) -> None:
    pool_code, pool_out, _ = run(capsys, *command, "--jobs", "2", "--json", str(tmp_path / "pool.jsonl"))
    dask_code, dask_out, dask_err = run(capsys, *command, "--jobs", "2", "--scheduler", "local",
                                        "--json", str(tmp_path / "dask.jsonl"))
    assert pool_code == dask_code == 0, dask_err
    assert "LocalCluster of 2 workers" in dask_err
    assert summary(pool_out) == summary(dask_out)
    assert len(summary(pool_out).splitlines()) >= 1 and ("deals" in pool_out)
    assert records(tmp_path / "pool.jsonl") == records(tmp_path / "dask.jsonl")  # unit by unit, not only totals


def test_one_process_and_two_give_the_same_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, one, _ = run(capsys, *SOLVE, "--jobs", "1", "--json", str(tmp_path / "one.jsonl"))
    _, two, _ = run(capsys, *SOLVE, "--jobs", "2", "--json", str(tmp_path / "two.jsonl"))
    assert summary(one) == summary(two)
    assert records(tmp_path / "one.jsonl") == records(tmp_path / "two.jsonl")
    assert sorted(records(tmp_path / "one.jsonl")) == list(range(1, 31))


def _cardtable(*args: str) -> subprocess.Popen[str]:
    """The command line in a process group of its own, with Ctrl-C handled as in a terminal even when these
    tests run in the background (where a shell starts them with SIGINT ignored, which Python keeps)."""
    return _started([*CLI, *args])


def _started(argv: list[str]) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen([sys.executable, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _reap(process: subprocess.Popen[str]) -> None:
    """A killed run waited for and its pipes closed (its workers may still hold them: not read to the end)."""
    process.wait()
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


def _wait_for_lines(path: Path, count: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and len(path.read_text().splitlines()) >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"the run ended or stalled before writing {count} lines: {process.communicate()}")


def _ended(process: subprocess.Popen[str]) -> tuple[str, str]:
    """A run's output once it ends; one that does not end within two minutes is killed, and fails the test."""
    try:
        return process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        left = _in_session(process.pid)
        os.killpg(process.pid, signal.SIGKILL)
        _reap(process)
        raise AssertionError(f"the run did not end: {left}") from None


def test_a_run_killed_half_way_is_finished_by_resume_with_the_same_summary(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    code, expected, _ = run(capsys, *SOLVE, "--json", str(whole))
    assert code == 0
    killed = tmp_path / "killed.jsonl"
    process = _cardtable(*SOLVE, "--jobs", "2", "--json", str(killed))
    _wait_for_lines(killed, 12, process)
    os.killpg(process.pid, signal.SIGKILL)  # the run and its workers, with no chance to clean up
    _reap(process)
    with killed.open("a") as handle:
        handle.write('{"unit": 29, "deal": 29, "verd')  # the last line cut short by the kill
    kept = len(killed.read_text().splitlines()) - 2
    assert 10 <= kept < 30
    code, resumed, err = run(capsys, *SOLVE, "--jobs", "2", "--resume", str(killed))
    assert code == 0, err
    assert summary(resumed) == summary(expected)
    assert records(killed) == records(whole)
    assert len(killed.read_text().splitlines()) == 31  # the header and one line per deal: none solved twice


def _umask() -> int:
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def test_a_file_another_run_still_writes_is_refused_and_left_whole(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    """The same --json given twice, or --resume of a run still going in another terminal: the second run cut the
    first's file short under it (the first then wrote after a hole of zero bytes) or mixed its lines in, and both
    ended "not a JSON record; the file was changed by hand?", their results lost."""
    shared = tmp_path / "shared.jsonl"
    long_solve = (*SOLVE[:2], "--range", "1-600", *SOLVE[4:])
    first = _cardtable(*long_solve, "--jobs", "1", "--json", str(shared))
    try:
        _wait_for_lines(shared, 4, first)
        for how in ("--json", "--resume"):
            code, _, err = run(capsys, *SOLVE, how, str(shared))
            assert code == 2 and err == (f"cardtable yukon solve: {shared} is held by another run that has not "
                                         "ended (still going, or stopped with Ctrl+Z): let it end, or give another "
                                         "file\n"), err
        written = len(shared.read_text().splitlines())
        _wait_for_lines(shared, written + 2, first)  # the first run goes on writing its file
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        _reap(first)
    assert b"\0" not in shared.read_bytes()
    assert shared.stat().st_mode & 0o777 == 0o666 & ~_umask()  # made as any file the user writes
    kept = records(shared)
    assert sorted(kept) == list(range(1, len(kept) + 1))  # its own lines only, in order
    code, _, err = run(capsys, *long_solve[:2], "--range", "1-30", *SOLVE[4:], "--resume", str(shared))
    assert code == 0, err  # the run gone, its file is free again
    assert sorted(records(shared))[:30] == list(range(1, 31))


def test_workers_do_not_outlive_a_run_killed_outright(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    process = _cardtable(*SOLVE, "--jobs", "2", "--json", str(out))
    _wait_for_lines(out, 4, process)
    started = _in_session(process.pid)  # the run's own process group: the fork server, its workers, the tracker
    assert len(started) >= 4, started
    process.kill()  # only the run itself, as the out-of-memory killer would
    _reap(process)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _in_session(process.pid):
        time.sleep(0.1)
    assert not _in_session(process.pid), "processes of the run were left behind"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
def test_a_run_told_to_stop_ends_at_once_with_its_summary_and_leaves_no_worker(tmp_path: Path,
                                                                              stop: signal.Signals) -> None:
    """A signal to the run alone (``timeout``, ``kill``, a job scheduler; Ctrl-C in a terminal reaches the workers
    too): SIGTERM ended the run without a word, its results in a file it did not name; and either way the run then
    waited for its units in flight to finish — deal 26 at this budget takes more than 5 minutes — before it ended."""
    out = tmp_path / "r.jsonl"
    process = _cardtable("yukon", "solve", "--range", "25-27", "--budget", "50000000", "--jobs", "2",
                         "--json", str(out))
    _wait_for_lines(out, 3, process)  # deals 25 and 27 done; 26 goes on
    process.send_signal(stop)
    said, error = _ended(process)
    assert process.returncode == 128 + stop, error
    assert "2 deals: won 2" in said
    why = "stopped by SIGTERM" if stop == signal.SIGTERM else "interrupted"
    assert error.splitlines()[-1] == (f"cardtable yukon solve: {why}: 2 results kept in {out}; finish the run by "
                                      f"giving the same command with --resume {out}")
    deadline = time.monotonic() + 30
    while _in_session(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _in_session(process.pid)


@pytest.fixture
def ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """Ctrl-C raising KeyboardInterrupt in this process, as in a terminal, even when these tests run as a background
    job (which a shell starts with Ctrl-C ignored, and a stop's hold leaves an ignored signal ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


class _StoppedAsItStarts:
    """An engine that gets ``stop`` while it starts (Ctrl-C or SIGTERM in a Dask cluster's first seconds), and then,
    when ``fails``, fails to start, as a cluster whose workers the terminal's Ctrl-C reached does."""

    name, workers = "a starting engine", 1

    def __init__(self, stop: signal.Signals, fails: bool) -> None:
        self.stop, self.fails, self.ran = stop, fails, False

    def __enter__(self) -> _StoppedAsItStarts:
        os.kill(os.getpid(), self.stop)
        time.sleep(0.05)  # where the signal used to act, half-way through the start
        if self.fails:
            raise RuntimeError("Nanny failed to start.")
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def run(self, function: object, units: object) -> Iterator[tuple[int, object]]:
        self.ran = True
        return iter(())


@pytest.mark.parametrize("fails", [False, True], ids=["started", "failed"])
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
@pytest.mark.usefixtures("ctrl_c_as_in_a_terminal")
def test_a_stop_while_the_engine_starts_waits_for_the_start_and_ends_the_run_as_a_stop(
        tmp_path: Path, stop: signal.Signals, fails: bool) -> None:
    """The engine is never left half started (Dask's own clean-up at exit failed on such a cluster with a
    traceback): the stop is acted on once it has started, or, when it could not start, is what the run says."""
    engine = _StoppedAsItStarts(stop, fails)
    on_term = signal.getsignal(signal.SIGTERM)
    batch = Batch("yukon solve", {}, engine, tmp_path / "r.jsonl")
    if fails:
        with pytest.raises(Terminated if stop == signal.SIGTERM else KeyboardInterrupt):
            batch.__enter__()
        return
    with batch:
        batch.run(str, [1, 2], task=int, label="deals")
    assert not engine.ran
    with pytest.raises(Interrupted) as stopped:
        batch.finish()
    assert stopped.value.status == 128 + stop
    assert str(stopped.value).startswith("stopped by SIGTERM: 0 results" if stop == signal.SIGTERM
                                         else "interrupted: 0 results")
    assert signal.getsignal(signal.SIGTERM) == on_term  # the run's own handler is gone with it


def test_sigterm_as_the_engine_fails_to_start_is_named_sigterm(capsys: pytest.CaptureFixture[str]) -> None:
    """SIGTERM to a run's process group as its Dask cluster started (its workers ended by it too, so the start
    failed): the run said "interrupted", exit 130, as if Ctrl-C had been pressed."""
    from core.cli_options import guarded

    batch = Batch("yukon solve", {}, _StoppedAsItStarts(signal.SIGTERM, fails=True))

    def run() -> int:
        with batch:
            return 0

    assert guarded(run, "cardtable yukon solve") == 143
    assert capsys.readouterr().err == "cardtable yukon solve: stopped by SIGTERM\n"


@pytest.mark.usefixtures("ctrl_c_as_in_a_terminal")
def test_a_run_stopped_before_its_first_result_leaves_no_file_to_resume() -> None:
    """Without --json, a run stopped before any unit ended named a file of its own making, holding nothing, as
    the one to resume (Ctrl-C in a Dask cluster's first seconds), and left it in the data folder."""
    runs = data_dir() / "runs"
    batch = Batch("yukon solve", {}, _StoppedAsItStarts(signal.SIGINT, fails=False))
    with batch:
        batch.run(str, [1, 2], task=int, label="deals")
    with pytest.raises(Interrupted) as stopped:
        batch.finish()
    assert (str(stopped.value), stopped.value.status) == ("interrupted before the first result: nothing to resume", 130)
    assert not runs.exists() or list(runs.iterdir()) == []


def _in_session(session: int) -> dict[int, str]:
    """The processes of a session (pid → command line): a run started in a session of its own and what it
    started."""
    found = {}
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and int((proc / "stat").read_text().rpartition(")")[2].split()[3]) == session:
                found[int(proc.name)] = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
    return found


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1])


def test_a_worker_killed_half_way_is_one_line_naming_the_results_kept(tmp_path: Path) -> None:
    """A worker killed (the out-of-memory killer, ``kill -9``) broke the pool: the run ended in a traceback
    (BrokenProcessPool) instead of naming the results it had kept."""
    out = tmp_path / "r.jsonl"
    process = _cardtable("yukon", "solve", "--range", "1-3000", "--jobs", "2", "--json", str(out))
    _wait_for_lines(out, 4, process)
    session = _in_session(process.pid)
    fork_server = next(pid for pid, line in session.items() if "forkserver" in line and _parent(pid) == process.pid)
    worker = next(pid for pid in session if pid != fork_server and _parent(pid) == fork_server)
    os.kill(worker, signal.SIGKILL)
    _, error = _ended(process)
    assert process.returncode == 1, error
    kept = len(records(out))
    assert error.strip().splitlines()[-1] == (
        "cardtable yukon solve: a worker process of this run was killed (out of memory? the system's log says: "
        f"journalctl -k, or dmesg); the {kept:,} results so far are kept: give the same command with --resume {out}")
    assert "Traceback" not in error


def test_worker_processes_that_cannot_share_locks_are_named_with_what_runs_without_them(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A container whose /dev/shm is read-only or missing (where the processes' shared locks live): the run said
    only "Read-only file system"."""
    import errno

    import core.executors

    def refused(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(core.executors, "ProcessPoolExecutor", refused)
    code, _, err = run(capsys, "yukon", "solve", "--range", "1-3", "--jobs", "2")
    assert code == 2 and err == ("cardtable yukon solve: cannot start 2 worker processes: the locks they share cannot "
                                 "be made (Read-only file system; on Linux they live in /dev/shm); --jobs 1 runs the "
                                 "units in this process\n")
    runs = data_dir() / "runs"
    assert not runs.exists() or list(runs.iterdir()) == [], "nothing ran: no run file left behind"


def test_worker_processes_the_system_refuses_are_named_with_what_runs_without_them(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The system's limit of processes reached as the pool starts its workers: named as locks "in /dev/shm" that
    could not be made, once the workers started with the pool."""
    import concurrent.futures
    import errno

    import core.executors

    class Refusing(concurrent.futures.ProcessPoolExecutor):
        def submit(self, *args: object, **kwargs: object) -> concurrent.futures.Future[object]:
            raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))

    monkeypatch.setattr(core.executors, "ProcessPoolExecutor", Refusing)
    code, _, err = run(capsys, "yukon", "solve", "--range", "1-3", "--jobs", "2")
    assert code == 2 and err == ("cardtable yukon solve: cannot start 2 worker processes (Resource temporarily "
                                 "unavailable); --jobs 1 runs the units in this process\n")


def test_ctrl_c_prints_the_summary_so_far_and_names_the_file_to_resume(
        capsys: pytest.CaptureFixture[str], cardtable_home: Path) -> None:
    process = _cardtable(*TOURNAMENT, "--jobs", "2")
    runs = cardtable_home / "data" / "runs"
    deadline = time.monotonic() + 60
    while not (runs.is_dir() and any(len(p.read_text().splitlines()) > 3 for p in runs.iterdir())):
        assert time.monotonic() < deadline and process.poll() is None, process.communicate()
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group, workers included
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in out + err
    assert "A − B:" in out  # the summary of what was played
    line = err.strip().splitlines()[-1]
    assert line.startswith("cardtable euchre tournament: interrupted:") and "--resume" in line
    left = Path(line.rsplit("--resume ", 1)[1])
    code, finished, _ = run(capsys, *TOURNAMENT, "--resume", str(left))
    assert code == 0 and "20 deals, 40 hands" in finished


@pytest.mark.parametrize("engine", [pytest.param(("--scheduler", "local"), marks=needs_dask, id="dask-local"),
                                    pytest.param((), id="pool")])
def test_ctrl_c_in_a_terminal_is_not_answered_by_the_workers_tracebacks(tmp_path: Path,
                                                                        engine: tuple[str, ...]) -> None:
    """A terminal's Ctrl-C reaches every process of the run: each of a Dask LocalCluster's workers printed a
    KeyboardInterrupt traceback above the summary, every time (a local pool's workers, or its fork server, when
    caught starting)."""
    out = tmp_path / "r.jsonl"
    process = _cardtable("yukon", "solve", "--range", "1-3000", "--jobs", "2", *engine, "--json", str(out))
    _wait_for_lines(out, 4, process)
    os.killpg(process.pid, signal.SIGINT)
    _, err = _ended(process)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert err.strip().splitlines()[-1].startswith("cardtable yukon solve: interrupted: ")


CTRL_C_AS_DASK_HANDS_OVER_A_CALL = """
import os, signal, sys, threading
import distributed.utils as utils

made, results = utils.sync, []

def sync(loop, func, *args, **kwargs):
    if getattr(func, "__qualname__", "") == "Future._result":
        results.append(func)
        if len(results) == 3:
            hold = threading.Event()
            loop.add_callback(hold.wait)  # the client's event loop still busy as Ctrl-C comes: the call not begun
            threading.Timer(0.3, os.killpg, (0, signal.SIGINT)).start()
            threading.Timer(0.8, hold.set).start()
    return made(loop, func, *args, **kwargs)

utils.sync = sync
from core.cli import main
sys.exit(main(sys.argv[1:]))
"""


@needs_dask
def test_ctrl_c_as_dasks_client_hands_a_call_to_its_event_loop_is_one_line(tmp_path: Path) -> None:
    """Dask's client (distributed 2026.8), stopped by Ctrl-C before its event loop began the call it was handed,
    logged a NameError traceback from its own cancel callback above the summary (the test above met it once, in a
    whole test run on a loaded machine)."""
    out = tmp_path / "r.jsonl"
    process = _started(["-c", CTRL_C_AS_DASK_HANDS_OVER_A_CALL, "yukon", "solve", "--range", "1-300", "--jobs", "1",
                        "--scheduler", "local", "--json", str(out)])
    _, err = _ended(process)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "NameError" not in err, err
    assert err.strip().splitlines()[-1].startswith("cardtable yukon solve: interrupted: ")


CTRL_C_AS_A_HEARTBEAT_IS_IN_FLIGHT = """
import asyncio, os, signal, sys, threading
import distributed.scheduler as scheduler

made, hang = scheduler.Scheduler.heartbeat_worker, threading.Event()

def heartbeat_worker(self, **kwargs):
    if hang.is_set():  # the scheduler answers no heartbeat now: it closes with one in flight
        return asyncio.sleep(60)
    return made(self, **kwargs)

def hold_heartbeats_then_ctrl_c(*_):
    hang.set()
    threading.Timer(1.5, os.killpg, (0, signal.SIGINT)).start()  # a worker's heartbeat is sent every 0.5 s

scheduler.Scheduler.heartbeat_worker = heartbeat_worker
signal.signal(signal.SIGUSR1, hold_heartbeats_then_ctrl_c)
from core.cli import main
sys.exit(main(sys.argv[1:]))
"""


@needs_dask
def test_ctrl_c_as_a_workers_heartbeat_is_in_flight_is_one_line(tmp_path: Path) -> None:
    """A local cluster's worker whose heartbeat was in flight as the run closed the scheduler printed "Failed to
    communicate with scheduler during heartbeat." and a traceback above the summary (a whole test run on a loaded
    machine met it once)."""
    out = tmp_path / "r.jsonl"
    process = _started(["-c", CTRL_C_AS_A_HEARTBEAT_IS_IN_FLIGHT, "yukon", "solve", "--range", "1-3000", "--jobs", "1",
                        "--scheduler", "local", "--json", str(out)])
    _wait_for_lines(out, 4, process)
    os.kill(process.pid, signal.SIGUSR1)
    _, err = _ended(process)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "heartbeat" not in err, err
    assert err.strip().splitlines()[-1].startswith("cardtable yukon solve: interrupted: ")


CTRL_C_AS_THE_POOL_STARTS = """
import os, signal, sys, time
from multiprocessing import forkserver

made, stopped = forkserver.connect_to_new_process, []

def connect_to_new_process(fds):
    answer = made(fds)
    if not stopped:
        stopped.append(True)
        time.sleep(0.05)  # the worker now unpickling what it runs: on Linux here, 0.03–0.05 s caught it every time
        os.killpg(0, signal.SIGINT)  # the terminal's Ctrl-C, as the first worker process is being made
    return answer

forkserver.connect_to_new_process = connect_to_new_process
from core.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif("forkserver" not in multiprocessing.get_all_start_methods(), reason="no fork server here")
def test_ctrl_c_as_the_worker_processes_start_is_one_line() -> None:
    """A worker caught starting printed a KeyboardInterrupt traceback, or, made as the run's stop took the pool
    down, a FileNotFoundError traceback (and the fork server, caught starting, "Fatal Python error:
    init_import_site")."""
    process = _started(["-c", CTRL_C_AS_THE_POOL_STARTS, "yukon", "solve", "--range", "1-300", "--jobs", "2"])
    _, err = _ended(process)
    assert (process.returncode, err) == (130, "cardtable yukon solve: interrupted before the first result: nothing "
                                              "to resume\n")


def test_a_benchmark_stopped_by_ctrl_c_says_so_in_one_line_and_names_the_file_to_resume(tmp_path: Path) -> None:
    results = tmp_path / "sweep.jsonl"
    process = _started([str(REPO / "benchmarks" / "euchre_options_sweep.py"), "--matches", "1", "--jobs", "1",
                        "--quiet", "--json", str(results)])
    _wait_for_lines(results, 3, process)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in out + err
    line = err.strip().splitlines()[-1]
    assert line.startswith("euchre_options_sweep.py: interrupted:") and f"--resume {results}" in line


def test_without_a_file_the_records_are_not_left_behind(capsys: pytest.CaptureFixture[str],
                                                        cardtable_home: Path, tmp_path: Path) -> None:
    code, _, _ = run(capsys, "yukon", "solve", "--range", "1-3", "--budget", "500", "--csv", str(tmp_path / "r.csv"))
    assert code == 0
    assert not any((cardtable_home / "data" / "runs").iterdir())
    rows = (tmp_path / "r.csv").read_text().splitlines()
    assert rows[0].startswith("unit,deal,variant,verdict") and len(rows) == 4


def test_simulate_streams_one_line_per_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "m.jsonl"
    code, out, _ = run(capsys, "bid-euchre", "simulate", "--matches", "2", "--json", str(out_file), "--quiet")
    assert code == 0 and "matches 2" in out
    assert sorted(records(out_file)) == [1, 2]


@pytest.mark.parametrize(("first", "second", "expected"), [
    (("--budget", "3000"), ("--budget", "4000"), "it was run with budget=3000, this run has budget=4000"),
    (("--budget", "3000"), ("--variant", "russian", "--budget", "3000"), "variant='standard'"),
])
def test_resume_refuses_a_file_of_other_options(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                first: tuple[str, ...], second: tuple[str, ...], expected: str) -> None:
    path = tmp_path / "r.jsonl"
    assert run(capsys, "yukon", "solve", "--range", "1-2", *first, "--json", str(path))[0] == 0
    before = path.read_text()
    code, _, err = run(capsys, "yukon", "solve", "--range", "1-3", *second, "--resume", str(path))
    assert code == 2 and expected in err and len(err.strip().splitlines()) == 1
    assert path.read_text() == before  # nothing written into a file that was refused


def test_the_csv_goes_to_standard_output_or_a_named_pipe_and_the_results_file_must_be_a_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--csv /dev/stdout`` replaced the device by a file of that name (as root: /dev/stdout gone for the whole
    system); ``--json /dev/stdout`` then waited for ever, reading the results back from the terminal or pipe, and
    ``--json /dev/null`` printed no summary."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = subprocess.Popen(["cat", str(pipe)], stdout=subprocess.PIPE, text=True)
    assert run(capsys, "yukon", "solve", "--range", "1-3", "--csv", str(pipe))[0] == 0
    got, _ = reader.communicate(timeout=60)
    assert got.splitlines()[0].startswith("unit,deal,variant,verdict") and len(got.splitlines()) == 4
    assert stat.S_ISFIFO(pipe.lstat().st_mode)  # still the pipe
    shown = tmp_path / "shown.txt"
    real_access = os.access
    with monkeypatch.context() as patched:  # a person's /dev is not theirs to write in: not asked
        patched.setattr(os, "access", lambda where, mode: Path(where) != Path("/dev") and real_access(where, mode))
        output_file(Path("/dev/stdout"))  # "cannot write results to /dev/stdout: no permission" before
    with shown.open("w") as out:
        subprocess.run([sys.executable, *CLI, "yukon", "solve", "--range", "1-3", "--csv", "/dev/stdout", "--quiet"],
                       stdout=out, check=True, env=dict(os.environ, PYTHONPATH=str(REPO)))
    lines = shown.read_text().splitlines()
    assert lines[0].startswith("3 deals: won 3") and lines[2].startswith("unit,deal") and len(lines) == 6
    with shown.open("w") as out:  # what is printed after it no longer lands over its start
        subprocess.run([sys.executable, *CLI, "yukon", "build-catalogue", "--standard", "2", "--russian", "1",
                        "--budget", "3000", "--out", "/dev/stdout", "--quiet"],
                       stdout=out, check=True, env=dict(os.environ, PYTHONPATH=str(REPO)))
    catalogue, end = json.JSONDecoder().raw_decode(shown.read_text())
    assert len(catalogue["variants"]["standard"]) == 2
    assert shown.read_text()[end:].startswith("wrote /dev/stdout: standard 2 deals")
    for how in ("--json", "--resume"):
        for stream in ("/dev/null", "/dev/stdout", str(pipe)):
            code, _, err = run(capsys, "yukon", "solve", "--range", "1-3", how, stream)
            assert code == 2 and err.startswith(f"cardtable yukon solve: {how} needs a file, not {stream}: "), err


RUNS_WITH_VERSIONS = [  # a quick run of each tool whose results a version of the program decides
    (("yukon", "solve", "--range", "1-2", "--budget", "2000"), "solver_version", "solver"),
    (("euchre", "tournament", "--hands", "2", "--a", "easy", "--b", "easy"), "CPU_players_version", "CPU players"),
    (("euchre", "simulate", "--matches", "1", "--ns", "easy", "--ew", "easy"), "CPU_players_version", "CPU players"),
    (("bid-euchre", "simulate", "--matches", "1", "--ns", "easy", "--ew", "easy"), "CPU_players_version",
     "CPU players"),
    (("two-handed-euchre", "tournament", "--hands", "2", "--a", "easy", "--b", "easy"), "CPU_players_version",
     "CPU players"),
    (("three-handed-euchre", "simulate", "--matches", "1", "--south", "easy", "--others", "easy"),
     "CPU_players_version", "CPU players"),
]


@pytest.mark.parametrize(("command", "key", "what"), RUNS_WITH_VERSIONS, ids=lambda value: "-".join(value[:2])
                         if isinstance(value, tuple) else None)
def test_resume_of_a_file_other_code_wrote_says_to_start_afresh(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...], key: str, what: str) -> None:
    """A file written by another version of the solver or of the CPU players is not resumed: its results and this
    version's would be summed up together (a Euchre run's file named no version, and was resumed after an update
    that changed how the CPU players play). The version is no option to give again: "give the same options" was
    wrong advice."""
    path = tmp_path / "r.jsonl"
    assert run(capsys, *command, "--json", str(path))[0] == 0
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    version = header["run"]["params"][key]
    assert isinstance(version, int) and version >= 1
    for earlier, then in ((version - 1, f"by {what} version {version - 1}"),
                          (None, f"before Card Table named the version of the {what}")):
        if earlier is None:
            del header["run"]["params"][key]
        else:
            header["run"]["params"][key] = earlier
        path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
        code, _, err = run(capsys, *command, "--resume", str(path))
        assert code == 2 and err == (f"cardtable {' '.join(command[:2])}: cannot resume {path}: it was run {then}, "
                                     f"this is version {version}, whose results may differ; start a new file\n"), err


def test_resume_refuses_what_is_not_a_results_file_of_this_command(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    solve_file = tmp_path / "solve.jsonl"
    assert run(capsys, "yukon", "solve", "--range", "1-2", "--budget", "500", "--json", str(solve_file))[0] == 0
    other = tmp_path / "other.txt"
    other.write_text("hello\n")
    cases = [
        ((*TOURNAMENT, "--resume", str(solve_file)), "holds results of 'yukon solve', not 'euchre tournament'"),
        (("yukon", "solve", "--range", "1-2", "--resume", str(other)),
         f"{other} is not a Card Table results file (its first line does not name a run)"),
        (("yukon", "solve", "--range", "1-2", "--resume", str(tmp_path / "missing.jsonl")), "no such file"),
        (("yukon", "solve", "--range", "1-2", "--json", str(other), "--resume", str(solve_file)), "not both"),
    ]
    for args, expected in cases:
        code, _, err = run(capsys, *args)
        assert code == 2 and expected in err, (args, err)
        assert "Traceback" not in err


def test_without_dask_the_scheduler_option_says_what_to_install(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    code, _, err = run(capsys, *SOLVE, "--scheduler", "local")
    assert code == 2
    assert err.strip() == ("cardtable yukon solve: --scheduler needs Dask, which is not installed: "
                           "pip install 'cardtable[cluster]'")


@needs_dask
def test_an_unreachable_scheduler_is_one_line(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from core.executors import DaskCluster

    monkeypatch.setattr(DaskCluster, "CONNECT_SECONDS", 1)  # the message, without the usual ten seconds' wait
    code, _, err = run(capsys, "yukon", "solve", "--range", "1-2", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert len(err.strip().splitlines()) == 1
    runs = data_dir() / "runs"
    assert not runs.exists() or list(runs.iterdir()) == [], "nothing ran: no run file left behind"


@needs_dask
def test_a_unit_that_kills_every_dask_worker_it_is_given_is_one_line() -> None:
    """A unit whose workers die under it (out of memory each time; or workers without Card Table, which leave
    on their first unit, joining one after another) is given up by the scheduler after its allowed failures:
    the run ended in a traceback (KilledWorker)."""
    # distributed imported first, so its defaults are in dask's config before the set below: leaving the set
    # removes what it found missing, which was all of "distributed" when imported inside, and later runs failed
    import dask
    import distributed  # noqa: F401

    from core.cli_options import EngineLost
    from core.executors import DaskCluster

    with (dask.config.set({"distributed.scheduler.allowed-failures": 0}), DaskCluster("local", 1) as cluster,
          pytest.raises(EngineLost) as lost):
        list(cluster.run(os._exit, [(7, 3)]))  # the unit keyed 7 ends its worker process
    assert str(lost.value) == ("unit 7 was given to workers of a Dask LocalCluster of 1 worker that each died before "
                               "it ended (out of memory? Card Table not installed there? the workers' logs say)")
    assert lost.value.then == "once that is mended, give"


def _dask_server(*args: str) -> subprocess.Popen[str]:
    """A Dask scheduler or worker (``args``: its command-line words) in a session of its own."""
    return subprocess.Popen([sys.executable, "-m", *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            text=True, env=dict(os.environ, PYTHONPATH=str(REPO)), start_new_session=True)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@needs_dask
def test_a_scheduler_lost_half_way_is_one_line_and_resume_finishes_the_run_on_its_return(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The scheduler stopped (restarted, its machine gone) while a run went on: the run ended in the client's
    traceback (FutureCancelledError: scheduler-connection-lost), not naming the results it had kept."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    out = tmp_path / "r.jsonl"

    def cluster() -> list[subprocess.Popen[str]]:
        scheduler = _dask_server("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                                 address.rpartition(":")[2], "--dashboard-address", ":0")
        return [scheduler, _dask_server("distributed.cli.dask_worker", address, "--nworkers", "1", "--nthreads", "1",
                                        "--no-dashboard")]

    servers = cluster()
    try:
        process = _cardtable("yukon", "solve", "--range", "1-3000", "--scheduler", address, "--json", str(out))
        _wait_for_lines(out, 4, process)
        os.killpg(servers[0].pid, signal.SIGKILL)
        _, error = _ended(process)
        assert process.returncode == 1, error
        kept = len(records(out))
        assert error.strip().splitlines()[-1] == (
            f"cardtable yukon solve: lost the connection to the Dask scheduler at {address}; the {kept} results so far "
            f"are kept: once it is back, give the same command with --resume {out}")
        assert "Traceback" not in error and "ERROR" not in error
        for server in servers:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        servers = cluster()
        code, _, err = run(capsys, "yukon", "solve", "--range", "1-20", "--scheduler", address, "--resume", str(out))
        assert code == 0, err
        assert set(range(1, 21)) <= set(records(out))
    finally:
        for server in servers:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@needs_dask
def test_the_dask_clients_info_lines_are_not_printed_over_the_runs_own() -> None:
    """What the Dask client says at INFO as its scheduler goes ("Batched Comm Closed" and a traceback, seen under
    Python 3.14) was printed before the run's one line naming the results kept."""
    import logging

    import distributed  # noqa: F401  (sets its loggers' levels as it is imported)

    from core.executors import DaskCluster

    address = f"tcp://127.0.0.1:{_free_port()}"
    scheduler = _dask_server("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                             address.rpartition(":")[2], "--dashboard-address", ":0")
    said = logging.getLogger("distributed.batched")
    before = said.isEnabledFor(logging.INFO)
    try:
        with DaskCluster(address, 1):
            assert not said.isEnabledFor(logging.INFO) and said.isEnabledFor(logging.ERROR)
        assert said.isEnabledFor(logging.INFO) == before
    finally:
        os.killpg(scheduler.pid, signal.SIGKILL)
        scheduler.wait()


@needs_dask
def test_a_worker_without_card_table_is_named_in_one_line_instead_of_a_run_that_never_ends(tmp_path: Path) -> None:
    """A worker where Card Table is not installed failed on each unit it was sent (the error logged on its own
    machine) and the run waited for ever, saying nothing."""
    import sysconfig

    from distributed import Client

    address = f"tcp://127.0.0.1:{_free_port()}"
    scheduler = _dask_server("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                             address.rpartition(":")[2], "--dashboard-address", ":0")
    site = sysconfig.get_paths()["purelib"]  # Dask, without the .pth that puts this checkout on the path
    arguments = [address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard"]
    worker = subprocess.Popen(
        [sys.executable, "-S", "-c", f"import sys; sys.path.append({site!r}); sys.argv[1:] = {arguments!r}; "
                                     "from distributed.cli.dask_worker import main; main()"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path, start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    try:
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(1, timeout=60)
        process = _cardtable("yukon", "solve", "--range", "1-3", "--scheduler", address)
        _, err = _ended(process)
        assert process.returncode == 2, err
        assert err.strip().splitlines()[-1] == (
            f"cardtable yukon solve: a worker of the Dask scheduler at {address} cannot import core.executors "
            "(ModuleNotFoundError: No module named 'core'): install Card Table there, with the games this run needs, "
            "the same version as here")
    finally:
        for server in (worker, scheduler):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@pytest.mark.parametrize(("command", "unit"), [(("euchre", "simulate"), "matches"), (("euchre", "tournament"), "deals"),
                                               (("yukon", "build-catalogue"), "solved deals")])
def test_the_help_names_what_a_resumed_run_skips(capsys: pytest.CaptureFixture[str], command: tuple[str, ...],
                                                  unit: str) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"FILE: {unit} already there are skipped" in text


def test_the_help_offers_presets_only_where_a_game_has_them(capsys: pytest.CaptureFixture[str]) -> None:
    for command, presets in ((("euchre", "tournament"), True), (("two-handed-euchre", "simulate"), False)):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        text = capsys.readouterr().out
        assert ("--preset" in text) == presets
        assert ("any preset, then any option" in text) == presets


def test_a_record_changed_after_it_was_written_is_named_by_its_line(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    """Before, an edited record (a field dropped or set to null) was summed up and the summary raised
    (KeyError, TypeError) on resuming."""
    path = tmp_path / "m.jsonl"
    assert run(capsys, "euchre", "simulate", "--matches", "3", "--seed", "1", "--json", str(path))[0] == 0
    lines = path.read_text().splitlines()
    for change in ({"ns_points": None}, {"ns_euchred": 3}):
        edited = json.loads(lines[2]) | change
        path.write_text("\n".join([*lines[:2], json.dumps(edited), *lines[3:]]) + "\n")
        code, _, err = run(capsys, "euchre", "simulate", "--matches", "4", "--seed", "1", "--resume", str(path))
        unit = json.loads(lines[2])["unit"]
        assert code == 2 and err.strip() == (
            f"cardtable euchre simulate: {path}, line 3: the record was changed after the run wrote it; delete the "
            f"line and resume to run unit {unit} again")
    no_unit = "a record without its unit number"
    for line, why in (("{not json", "not a JSON record; the file was changed by hand?"), ("[1, 2]", no_unit),
                      ('{"unit": "2"}', no_unit)):
        path.write_text("\n".join([*lines[:2], line, *lines[3:]]) + "\n")
        code, _, err = run(capsys, "euchre", "simulate", "--matches", "4", "--seed", "1", "--resume", str(path))
        assert code == 2 and err.strip() == f"cardtable euchre simulate: {path}, line 3: {why}", line
    path.write_text("\n".join([*lines[:2], *lines[3:]]) + "\n")  # the line deleted: its unit is run again
    code, _, _ = run(capsys, "euchre", "simulate", "--matches", "4", "--seed", "1", "--resume", str(path))
    assert code == 0 and sorted(records(path)) == [1, 2, 3, 4]


def test_a_share_of_the_times_is_read_by_nearest_rank() -> None:
    from core.results import nearest_rank

    times = [float(n) for n in range(1, 11)]
    assert [nearest_rank(times, share) for share in (0.0, 0.5, 0.9, 0.99, 1.0)] == [1.0, 6.0, 10.0, 10.0, 10.0]
    assert nearest_rank([float(n) for n in range(1, 101)], 0.9) == 91.0 and nearest_rank([7.0], 0.99) == 7.0


def test_decision_times_print_the_slowest_as_finely_as_the_median_and_p99() -> None:
    lines = timing_lines("hard", "normal", [{"times": {"hard": [9.114, 271.994], "normal": [0.01, 0.02, 0.04]}}])
    assert lines == ["decision time hard: median 140.55 ms, p99 271.99 ms, max 271.99 ms over 2 decisions",
                     "decision time normal: median 0.02 ms, p99 0.04 ms, max 0.04 ms over 3 decisions"]


def test_solving_times_print_every_figure_to_the_millisecond() -> None:
    line = yukon_timing([{"seconds": s, "nodes": 100} for s in (0.02, 0.05, 0.76)])
    assert line.startswith("time: seconds per deal: mean 0.277, median 0.050, p90 0.760, max 0.760; ")


def _limited(file_bytes: int, *args: str) -> subprocess.CompletedProcess[str]:
    """The command line where the kernel refuses to let a file grow past ``file_bytes`` (as a full disk refuses
    a write: the write fails; SIGXFSZ ignored, as a shell may leave it)."""
    import resource

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))

    return subprocess.run([sys.executable, *CLI, *args],
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(REPO)),
                          preexec_fn=limit, timeout=300)


def test_a_results_file_the_disk_refuses_half_way_is_one_line_and_resume_finishes_the_run(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, expected, _ = run(capsys, *SOLVE, "--quiet")
    assert code == 0
    results = tmp_path / "r.jsonl"
    stopped = _limited(4000, *SOLVE, "--quiet", "--json", str(results))
    assert stopped.returncode == 1 and "Traceback" not in stopped.stderr, stopped.stderr
    line = stopped.stderr.strip()
    assert "\n" not in line and line.startswith(f"cardtable yukon solve: cannot write results to {results}: File too")
    kept = sum(line.endswith("\n") for line in results.read_text().splitlines(keepends=True)) - 1  # the last cut
    assert 0 < kept < 30 and line.endswith(
        f"; the {kept} results so far are kept: make room and give the same command with --resume {results}")
    code, finished, _ = run(capsys, *SOLVE, "--quiet", "--resume", str(results))
    assert code == 0 and summary(finished) == summary(expected) and len(records(results)) == 30


def test_a_new_results_file_the_disk_refuses_at_once_is_not_left_behind_and_one_to_resume_is_kept(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from core.results import ResultLog

    results = tmp_path / "r.jsonl"
    stopped = _limited(20, *SOLVE, "--quiet", "--json", str(results))  # not even the run's first line fits
    assert stopped.returncode == 1 and stopped.stderr.strip() == (
        f"cardtable yukon solve: cannot write results to {results}: File too large")
    assert not results.exists(), "an empty file would be taken for a run to resume"
    assert run(capsys, *SOLVE, "--quiet", "--json", str(results))[0] == 0
    written = results.read_text()

    def refused(self: ResultLog, flags: int) -> int:  # a file made read-only, or on a disk mounted read-only
        raise PermissionError(13, "Permission denied", str(self.path))

    monkeypatch.setattr(ResultLog, "_hold", refused)
    code, _, err = run(capsys, *SOLVE, "--quiet", "--resume", str(results))
    assert code == 1 and err.strip() == f"cardtable yukon solve: cannot resume {results}: Permission denied"
    assert results.read_text() == written, "the run to resume is kept whole"
    fresh = tmp_path / "fresh.jsonl"
    code, _, err = run(capsys, *SOLVE, "--quiet", "--json", str(fresh))
    assert code == 1 and err.strip() == f"cardtable yukon solve: cannot write results to {fresh}: Permission denied"


def test_a_results_file_given_again_without_resume_holds_the_new_run_alone(capsys: pytest.CaptureFixture[str],
                                                                           tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    for deals in ("1-5", "6-8"):
        assert run(capsys, "yukon", "solve", "--range", deals, "--budget", "3000", "--quiet", "--json",
                   str(results))[0] == 0
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert "run" in lines[0] and sorted(line["unit"] for line in lines[1:]) == [6, 7, 8]


def test_a_csv_the_disk_refuses_keeps_the_results_to_write_it_from(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    results, table = tmp_path / "r.jsonl", tmp_path / "r.csv"
    assert run(capsys, *SOLVE, "--quiet", "--json", str(results))[0] == 0
    stopped = _limited(1000, *SOLVE, "--quiet", "--resume", str(results), "--csv", str(table))  # nothing to append
    assert stopped.returncode == 1 and "Traceback" not in stopped.stderr, stopped.stderr
    assert "30 deals: won" in stopped.stdout  # the summary came first
    line = stopped.stderr.strip()
    assert line == (f"cardtable yukon solve: cannot write the CSV to {table}: File too large; the results are kept in "
                    f"{results}: give the same command with --resume {results} to write it again")
    assert not table.exists() and not list(tmp_path.glob("*.tmp")), "no half-written table left beside"
    code, _, _ = run(capsys, *SOLVE, "--quiet", "--csv", str(table), "--resume", str(results))
    assert code == 0 and len(table.read_text().splitlines()) == 31


def test_a_catalogue_the_disk_refuses_is_written_later_without_solving_again(
        capsys: pytest.CaptureFixture[str], cardtable_home: Path, tmp_path: Path, disk: object) -> None:
    out = tmp_path / "catalogue.json"
    build = ("yukon", "build-catalogue", "--standard", "2", "--russian", "1", "--budget", "3000", "--jobs", "1",
             "--quiet", "--out", str(out))
    disk.full = True  # type: ignore[attr-defined]  # the catalogue is written through a flush to the disk
    code, _, err = run(capsys, *build)
    line = err.strip().splitlines()[-1]
    assert code == 1 and line.startswith(f"cardtable yukon build-catalogue: cannot write the catalogue to {out}: "
                                         "No space left on device; the results are kept in ")
    left = Path(line.rsplit("--resume ", 1)[1].removesuffix(" to write it again"))
    solved = records(left)
    disk.full = False  # type: ignore[attr-defined]
    code, out_text, _ = run(capsys, *build, "--resume", str(left))
    assert code == 0 and out_text.startswith(f"wrote {out}: standard 2 deals")
    assert records(left) == solved if left.exists() else True
    assert not left.exists() and json.loads(out.read_text())["variants"]["standard"]


def parent_pid(_: object) -> int:
    return os.getppid()


def test_local_workers_are_not_forks_of_the_threaded_process_that_runs_the_job() -> None:
    """The jobs start their workers while the progress bar's thread runs; a fork of a threaded process may
    deadlock (Python 3.12 warns of it): where the system has a fork server, the workers come from it."""
    import multiprocessing
    import threading

    from core.executors import LocalPool

    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork server on this system (the workers are spawned)")
    busy = threading.Event()
    thread = threading.Thread(target=busy.wait, daemon=True)  # as the progress bar's thread is
    thread.start()
    try:
        with LocalPool(2) as pool:
            parents = {pid for _, pid in pool.run(parent_pid, [(n, None) for n in range(4)])}
    finally:
        busy.set()
    assert os.getpid() not in parents


def test_where_a_process_cannot_be_watched_for_its_end_a_worker_still_ends_with_its_run() -> None:
    run = subprocess.Popen(["sleep", "60"])
    watcher = subprocess.Popen([sys.executable, "-c", "import os; del os.pidfd_open  # as on the BSDs and macOS\n"
                                f"from core.executors import _watch_run; _watch_run({run.pid})"],
                               env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        time.sleep(1.5)
        assert watcher.poll() is None, "the worker ended while its run was still there"
        run.kill()
        run.wait()
        assert watcher.wait(timeout=5) == 1
    finally:
        run.kill()
        watcher.kill()


def test_a_csv_into_a_pipe_its_reader_closed_ends_quietly(capsys: pytest.CaptureFixture[str]) -> None:
    """``--csv /dev/stdout | head``: head, having read what it wanted, closed the pipe before the CSV was all written,
    and the run said "cannot write the CSV to /dev/stdout: Broken pipe; the results are kept in …" as if a disk
    had failed. A closed pipe ends quietly, as for the summary."""
    from core.cli_options import guarded
    from core.results import write_csv

    read, write = os.pipe()
    os.close(read)  # the reader has gone
    try:
        def run() -> int:
            write_csv(Path(f"/dev/fd/{write}"), ({"unit": n, "deal": n} for n in range(20_000)))
            return 0

        assert guarded(run, "cardtable yukon solve") == 0
    finally:
        os.close(write)
    assert capsys.readouterr().err == ""


def _echo(number: int) -> dict[str, int]:
    return {"number": number}


def test_a_finished_run_whose_csv_reader_closed_leaves_no_file_behind(cardtable_home: Path) -> None:
    """The run's own results file (no --json) was left in the data folder when the CSV's pipe was closed."""
    read, write = os.pipe()
    os.close(read)
    import errno

    from core.executors import executor_for

    batch = Batch("yukon solve", {}, executor_for(1, None), csv_path=Path(f"/dev/fd/{write}"))
    try:
        with batch:
            batch.run(_echo, range(1, 4000), task=int, label="units")
        with pytest.raises(BrokenPipeError):
            batch.finish()
    finally:
        os.close(write)
    assert not any((cardtable_home / "data" / "runs").iterdir())
    kept = Batch("yukon build-catalogue", {}, executor_for(1, None))  # and a catalogue into such a pipe
    with kept:
        kept.run(_echo, range(1, 4), task=int, label="units")
    kept.finish(keep=True)

    def into_a_closed_pipe() -> None:
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    with pytest.raises(BrokenPipeError):
        kept.write("the catalogue", Path("/dev/stdout"), into_a_closed_pipe)
    assert not any((cardtable_home / "data" / "runs").iterdir())


def test_a_plugins_list_of_numbers_reaches_the_csv_as_one_cell(tmp_path: Path) -> None:
    """A third-party tool's records (Hearts, written as one: a game's scores by seat and its winners) lost every
    list from the CSV without a word. A list of numbers or words is one cell, its items between spaces; a table
    (the tournament's decision times) stays out."""
    import csv

    from core.results import write_csv

    rows = [{"unit": 1, "scores": [102, 56, 81, 47], "winners": [3], "times": {"hard": [1.5]}},
            {"unit": 2, "scores": [40, 101, 40, 77], "winners": [0, 2], "times": {"hard": [2.0]}}]
    write_csv(tmp_path / "games.csv", rows)
    with open(tmp_path / "games.csv", newline="") as handle:
        read = list(csv.DictReader(handle))
    assert read == [{"unit": "1", "scores": "102 56 81 47", "winners": "3"},
                    {"unit": "2", "scores": "40 101 40 77", "winners": "0 2"}]


def test_a_field_only_some_records_have_reaches_the_csv(tmp_path: Path) -> None:
    """The CSV's columns came from the first record alone: a field only later records had (a moon shot, in a third
    party's Hearts) was left out of every row without a word."""
    import csv

    from core.results import write_csv

    rows = [{"unit": 1, "scores": [26, 0, 0, 0], "times": {"low": [1.5]}},
            {"unit": 2, "scores": [0, 26, 26, 26], "moon": "West"},
            {"unit": 3, "moon": "East", "scores": [26, 26, 0, 26]}]
    write_csv(tmp_path / "games.csv", rows)
    with open(tmp_path / "games.csv", newline="") as handle:
        read = list(csv.DictReader(handle))
    assert read == [{"unit": "1", "scores": "26 0 0 0", "moon": ""},
                    {"unit": "2", "scores": "0 26 26 26", "moon": "West"},
                    {"unit": "3", "scores": "26 26 0 26", "moon": "East"}]
