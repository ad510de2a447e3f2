"""The background analysis in its own process: the verdict the window's thread would have found, a window
thread left free while a long analysis runs, abandoned jobs dropped, and nothing lost when the process dies,
when a job cannot be sent there, or when the analysis raises."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
import time
import types
from pathlib import Path
from typing import Any

import pytest

from core.analysis_worker import AnalysisFailed, AnalysisWorker
from core.session import AnalysisJob, GameSession
from plugins.yukon.plugin import GAME as YUKON

UNDECIDED_DEAL = 26  # the solver spends its whole budget on this deal's start (most of a minute)


def job_for(deal: int) -> AnalysisJob:
    job = GameSession.new(YUKON, YUKON.settings.defaults(), deal={"number": deal}).analysis_job()
    assert job is not None
    return job


class Answers:
    def __init__(self) -> None:
        self.queue: queue.Queue[tuple[AnalysisJob, Any, BaseException | None]] = queue.Queue()

    def __call__(self, job: AnalysisJob, verdict: Any, error: BaseException | None) -> None:
        self.queue.put((job, verdict, error))

    def next(self, timeout: float = 60) -> tuple[AnalysisJob, Any, BaseException | None]:
        return self.queue.get(timeout=timeout)

    def none_within(self, seconds: float) -> bool:
        try:
            self.queue.get(timeout=seconds)
        except queue.Empty:
            return True
        return False


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def worker(answers: Answers) -> Any:
    made = AnalysisWorker(answers)
    yield made
    made.close()


def cpu_seconds(pid: int) -> float:
    """User and system time of process ``pid`` so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_position_is_analysed_in_another_process_with_the_verdict_found_here(worker: AnalysisWorker,
                                                                               answers: Answers) -> None:
    job = job_for(12)
    worker.submit(job)
    answered, verdict, error = answers.next()
    here = job.run(lambda: False)
    assert answered is job and error is None
    assert (verdict.verdict, verdict.moves) == (here.verdict, here.moves) == ("won", here.moves)
    pid = worker.pid
    assert pid not in (None, os.getpid())
    worker.close()
    assert worker.pid is None and not Path(f"/proc/{pid}").exists(), "closed, the process is gone"
    assert answers.none_within(0.5)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process times from /proc")
def test_while_a_long_analysis_runs_it_is_the_worker_that_thinks_not_the_window(worker: AnalysisWorker,
                                                                                answers: Answers) -> None:
    job = job_for(UNDECIDED_DEAL)
    worker.submit(job)
    pid = worker.pid
    assert pid is not None
    time.sleep(1)  # the worker starts and imports the solver
    here, there = time.process_time(), cpu_seconds(pid)
    time.sleep(2)
    worker_cpu, own_cpu = cpu_seconds(pid) - there, time.process_time() - here
    assert worker_cpu > 0.3, "the worker process analyses (even on a machine busy with other work)"
    assert own_cpu < worker_cpu / 4, "this process only waits (a thread here would have done the work)"
    worker.cancel(job)


def test_a_cancelled_or_superseded_job_is_never_answered_and_the_worker_moves_on(worker: AnalysisWorker,
                                                                                 answers: Answers) -> None:
    long = job_for(UNDECIDED_DEAL)
    worker.submit(long)
    time.sleep(1.5)
    worker.cancel(long)
    assert answers.none_within(1), "an abandoned job is not answered"
    quick = job_for(12)
    worker.submit(quick)
    answered, verdict, _ = answers.next(timeout=20)  # the long one took most of a minute: it was dropped
    assert answered is quick and verdict.verdict == "won"
    superseded = job_for(UNDECIDED_DEAL)
    worker.submit(superseded)
    time.sleep(0.5)
    worker.submit(quick)
    answered, verdict, _ = answers.next(timeout=20)
    assert answered is quick and answers.none_within(1)


def test_a_killed_worker_answers_none_and_the_next_job_starts_another(worker: AnalysisWorker,
                                                                      answers: Answers,
                                                                      capfd: pytest.CaptureFixture[str]) -> None:
    long = job_for(UNDECIDED_DEAL)
    worker.submit(long)
    first = worker.pid
    assert first is not None
    time.sleep(1)
    os.kill(first, signal.SIGKILL)
    answered, verdict, error = answers.next(timeout=20)
    assert answered is long and verdict is None and error is None, "the status says undecided, nothing raises"
    assert "the analysis process ended" in capfd.readouterr().err
    quick = job_for(12)
    worker.submit(quick)
    answered, verdict, _ = answers.next()
    assert answered is quick and verdict.verdict == "won" and worker.pid not in (None, first)


class Gate:
    """An analysis that thinks (yielding ``None``) until its gate opens, then gives its verdict; it counts its
    steps, so a test sees whether it is still being stepped."""

    def __init__(self, verdict: str) -> None:
        self.verdict, self.open, self.steps = verdict, threading.Event(), 0

    def __call__(self, state: Any) -> Any:
        while not self.open.is_set():
            self.steps += 1
            yield None
            time.sleep(0.01)
        yield self.verdict


def test_a_job_that_cannot_be_sent_runs_on_a_thread_answered_the_same_way(worker: AnalysisWorker,
                                                                          answers: Answers) -> None:
    state = job_for(12).state
    local = AnalysisJob(0, state, lambda state: iter([None, "verdict"]))
    worker.submit(local)
    assert answers.next() == (local, "verdict", None)
    assert worker.pid is None, "no process was started for it"
    gate = Gate("never seen")
    cancelled = AnalysisJob(1, state, gate)  # a local object's method: not sent either
    worker.submit(cancelled)
    time.sleep(0.2)
    worker.cancel(cancelled)
    steps = gate.steps
    gate.open.set()
    assert answers.none_within(0.5) and gate.steps <= steps + 1, "cancelled: it stops and is never answered"
    assert "ValueError: the analysis went wrong" in failure_of(lambda state: raises(state), worker, answers)


def test_a_thread_job_is_not_touched_by_the_worker_process_dying(worker: AnalysisWorker, answers: Answers) -> None:
    worker.submit(job_for(UNDECIDED_DEAL))
    pid = worker.pid
    assert pid is not None
    gate = Gate("from the thread")
    on_thread = AnalysisJob(0, job_for(12).state, gate)
    worker.submit(on_thread)  # supersedes the process's job
    os.kill(pid, signal.SIGKILL)
    assert answers.none_within(1), "the superseded job is not answered, nor the thread's job with its verdict"
    gate.open.set()
    assert answers.next() == (on_thread, "from the thread", None)


def test_a_job_the_worker_cannot_rebuild_runs_on_a_thread_and_so_do_its_modules_next_ones(
        worker: AnalysisWorker, answers: Answers, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A plugin loaded from a folder of its own: its analysis pickles here (by its module's name), and the
    worker process cannot import that module."""
    module = types.ModuleType("cardtable_only_here")
    exec("def analysis(state):\n    yield None\n    yield 'found here'\n", module.__dict__)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    state = job_for(12).state
    first = AnalysisJob(0, state, module.analysis)
    worker.submit(first)
    assert answers.next() == (first, "found here", None)
    said = capsys.readouterr().err
    assert "cannot load cardtable_only_here" in said and "ModuleNotFoundError" in said, said
    second = AnalysisJob(1, state, module.analysis)
    worker.submit(second)
    assert answers.next() == (second, "found here", None)
    assert capsys.readouterr().err == "", "sent to a thread at once"
    quick = job_for(12)
    worker.submit(quick)
    assert answers.next()[1].verdict == "won", "other games' jobs still go to the process"


def raises(state: Any) -> Any:
    yield None
    raise ValueError("the analysis went wrong")


def failure_of(analysis: Any, worker: AnalysisWorker, answers: Answers) -> str:
    """The text of the error ``analysis`` comes back with, for its own job and with no verdict."""
    job = AnalysisJob(0, job_for(12).state, analysis)
    worker.submit(job)
    answered, verdict, error = answers.next()
    assert answered is job and verdict is None and isinstance(error, AnalysisFailed)
    return str(error)


def test_an_analysis_that_raises_comes_back_as_an_error_with_its_traceback(worker: AnalysisWorker,
                                                                          answers: Answers) -> None:
    error = failure_of(raises, worker, answers)
    assert "ValueError: the analysis went wrong" in error and "in raises" in error


def test_the_worker_ends_when_the_window_process_dies() -> None:
    program = textwrap.dedent(f"""
        import os, sys, time
        sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
        from tests.test_analysis_worker import job_for, UNDECIDED_DEAL
        from core.analysis_worker import AnalysisWorker

        if __name__ == "__main__":
            worker = AnalysisWorker(lambda *answer: None)
            worker.submit(job_for(UNDECIDED_DEAL))
            print(worker.pid, flush=True)
            time.sleep(1.5)
            os._exit(0)  # no clean-up: as if killed
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    pid = int(done.stdout.split()[0])
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        if Path(f"/proc/{pid}/stat").exists() and Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0] == "Z":
            return  # ended, waiting for its parent (init here) to reap it
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    pytest.fail("the worker went on analysing for a process that is gone")


class Unreadable:
    """Pickles in the worker, and cannot be rebuilt where it is read back."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_refuse, ())


def _refuse() -> None:
    raise ValueError("this verdict cannot be rebuilt")


def unreadable_verdict(state: Any) -> Any:
    yield Unreadable()


def test_a_verdict_that_cannot_be_read_back_comes_as_an_error_for_its_job(worker: AnalysisWorker,
                                                                          answers: Answers) -> None:
    error = failure_of(unreadable_verdict, worker, answers)
    assert "could not be read back" in error and "cannot be rebuilt" in error
    quick = job_for(12)
    worker.submit(quick)
    assert answers.next()[0] is quick, "the worker goes on"


def test_after_an_update_no_worker_is_started_but_a_running_one_goes_on(
        worker: AnalysisWorker, answers: Answers, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker started after an update would import the new files and analyse the old program's positions with
    them: the job runs on a thread, with the code in memory. A worker already running holds the old code."""
    from core import installation

    monkeypatch.setattr(installation, "changed", lambda: True)
    job = job_for(12)
    worker.submit(job)
    answered, verdict, error = answers.next()
    assert answered is job and error is None and verdict.verdict == "won"
    assert worker.pid is None, "no process was started for it"
    monkeypatch.setattr(installation, "changed", lambda: False)
    worker.submit(job_for(12))
    assert answers.next()[2] is None and worker.pid is not None
    monkeypatch.setattr(installation, "changed", lambda: True)
    again = job_for(7)
    worker.submit(again)
    assert answers.next()[0] is again
    assert worker.pid is not None, "the running worker answered"
