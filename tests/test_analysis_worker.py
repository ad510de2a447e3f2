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
import time
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
    assert worker.submit(job)
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
    assert worker.submit(job)
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
    assert worker.submit(long)
    time.sleep(1.5)
    worker.cancel(long)
    assert answers.none_within(1), "an abandoned job is not answered"
    quick = job_for(12)
    assert worker.submit(quick)
    answered, verdict, _ = answers.next(timeout=20)  # the long one took most of a minute: it was dropped
    assert answered is quick and verdict.verdict == "won"
    superseded = job_for(UNDECIDED_DEAL)
    assert worker.submit(superseded)
    time.sleep(0.5)
    assert worker.submit(quick)
    answered, verdict, _ = answers.next(timeout=20)
    assert answered is quick and answers.none_within(1)


def test_a_killed_worker_answers_none_and_the_next_job_starts_another(worker: AnalysisWorker,
                                                                      answers: Answers,
                                                                      capfd: pytest.CaptureFixture[str]) -> None:
    long = job_for(UNDECIDED_DEAL)
    assert worker.submit(long)
    first = worker.pid
    assert first is not None
    time.sleep(1)
    os.kill(first, signal.SIGKILL)
    answered, verdict, error = answers.next(timeout=20)
    assert answered is long and verdict is None and error is None, "the status says undecided, nothing raises"
    assert "the analysis process ended" in capfd.readouterr().err
    quick = job_for(12)
    assert worker.submit(quick)
    answered, verdict, _ = answers.next()
    assert answered is quick and verdict.verdict == "won" and worker.pid not in (None, first)


def test_a_job_that_cannot_be_sent_is_refused_for_a_thread_to_run(worker: AnalysisWorker) -> None:
    job = job_for(12)
    local = AnalysisJob(job.ply, job.state, lambda state: iter([None, "verdict"]))
    assert not worker.submit(local)
    assert worker.pid is None, "nothing was started for it"
    assert local.run(lambda: False) == "verdict"


def raises(state: Any) -> Any:
    yield None
    raise ValueError("the analysis went wrong")


def failure_of(analysis: Any, worker: AnalysisWorker, answers: Answers) -> str:
    """The text of the error ``analysis`` comes back with, for its own job and with no verdict."""
    job = AnalysisJob(0, job_for(12).state, analysis)
    assert worker.submit(job)
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
    assert worker.submit(quick)
    assert answers.next()[0] is quick, "the worker goes on"
