"""Starting and ending the program: one window per data folder (a second launch brings the first window forward
instead of opening a second one that would overwrite its saves and statistics), and Ctrl-C or a polite kill
close the window as its close button does."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from gui.single_instance import LOCK_NAME, SingleInstance, window_answers
from tests.gui_helpers import own_timers


def test_a_second_claim_on_the_folder_is_refused_and_raises_the_first(qtbot: QtBot, tmp_path: Path) -> None:
    first = SingleInstance(tmp_path / "data")
    assert first.claim()
    first.listen()
    second = SingleInstance(tmp_path / "data")
    with qtbot.waitSignal(first.raise_requested, timeout=20000):
        assert not second.claim()
    assert second.asked
    other_folder = SingleInstance(tmp_path / "elsewhere")
    assert other_folder.claim()  # another data folder is another player's: it may open its own window
    first.release()
    third = SingleInstance(tmp_path / "data")
    assert third.claim()  # the first window closed: the folder is free again
    third.release()
    other_folder.release()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the abstract namespace is Linux's")
def test_a_window_of_the_version_before_is_still_raised(qtbot: QtBot, tmp_path: Path) -> None:
    """Updated while a window of the version before is open: that window listens in the temporary folder, not
    in the abstract namespace, and a launch of the new version must still find it (and the lock file it holds)."""
    from PySide6.QtNetwork import QLocalServer

    first = SingleInstance(tmp_path / "data")
    assert first.claim()
    QLocalServer.removeServer(first.name)
    earlier = QLocalServer()  # as the version before listened
    assert earlier.listen(first.name)
    said: list[bytes] = []

    def read() -> None:
        while (socket := earlier.nextPendingConnection()) is not None:
            socket.readyRead.connect(lambda socket=socket: said.append(bytes(socket.readAll().data())))
            if socket.bytesAvailable():
                said.append(bytes(socket.readAll().data()))

    earlier.newConnection.connect(read)
    second = SingleInstance(tmp_path / "data")
    assert not second.claim() and second.asked
    qtbot.waitUntil(lambda: [words.split()[:1] for words in said] == [[b"raise"]], timeout=20000)
    (tmp_path / "data" / LOCK_NAME).unlink()  # and with its lock file gone, found through that socket
    third = SingleInstance(tmp_path / "data")
    assert not third.claim() and third.asked
    earlier.close()
    first.release()


def test_a_window_whose_lock_file_was_deleted_still_keeps_the_folder(qtbot: QtBot, tmp_path: Path) -> None:
    """The lock file deleted by hand ("Card Table is already open" — but where?), or the data folder deleted and
    made again under the open window: a second launch took the folder and opened a second window over the same
    saves. The running window still answers on its socket: the launch asks it forward instead."""
    first = SingleInstance(tmp_path / "data")
    assert first.claim()
    first.listen()
    (tmp_path / "data" / LOCK_NAME).unlink()
    second = SingleInstance(tmp_path / "data")
    with qtbot.waitSignal(first.raise_requested, timeout=20000):
        assert not second.claim()
    assert second.asked and not (tmp_path / "data" / LOCK_NAME).exists()
    first.release()
    third = SingleInstance(tmp_path / "data")
    assert third.claim(), "once the window is gone, the folder is free (its socket no longer answers)"
    third.release()


def test_a_second_launch_hands_its_activation_token_to_the_running_window(qtbot: QtBot, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """On Wayland a window may take the focus only with the token of the launch the player made (GNOME and KDE
    refuse the one the running window could ask for itself), so the second launch passes its own on."""
    first = SingleInstance(tmp_path / "data")
    assert first.claim()
    first.listen()
    monkeypatch.setenv("XDG_ACTIVATION_TOKEN", "7f3a9c_launch")
    with qtbot.waitSignal(first.raise_requested, timeout=20000) as raised:
        assert not SingleInstance(tmp_path / "data").claim()
    assert raised.args == ["7f3a9c_launch"]
    monkeypatch.delenv("XDG_ACTIVATION_TOKEN")
    with qtbot.waitSignal(first.raise_requested, timeout=20000) as raised:
        assert not SingleInstance(tmp_path / "data").claim()
    assert raised.args == [""]  # a launch from a terminal has none: the window asks for one itself
    first.release()


def test_the_lock_of_a_program_that_was_killed_is_taken_over(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\nfrom PySide6.QtCore import QLockFile\n"
         f"lock = QLockFile({str(folder / LOCK_NAME)!r}); lock.setStaleLockTime(0)\n"
         "assert lock.tryLock(0)\nprint('held', flush=True)\ntime.sleep(60)\n"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        refused = SingleInstance(folder)
        assert not refused.claim()  # held by a running program
        assert not refused.asked  # which does not answer: the launch says so rather than claim it asked
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.communicate()
    assert (folder / LOCK_NAME).exists()  # the killed program could not remove it
    after = SingleInstance(folder)
    assert after.claim()
    after.release()


def test_a_second_launch_says_why_it_opens_no_window(qtbot: QtBot, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from core.paths import data_dir
    from gui import app

    running = SingleInstance(data_dir())
    assert running.claim()
    running.listen()
    opened: list[object] = []
    monkeypatch.setattr(app, "MainWindow", lambda *args: opened.append(args))
    with qtbot.waitSignal(running.raise_requested, timeout=20000):
        assert app.run_launcher() == 0
    assert opened == []
    assert QGuiApplication.desktopFileName() == "cardtable"  # the Wayland app id docks know it by ("python3" before)
    message = capsys.readouterr().err.strip()
    assert "already open" in message and str(data_dir()) in message and "\n" not in message
    running.release()


def test_a_window_open_on_another_machine_sharing_the_folder_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A home shared between machines (NFS): the lock names another machine, whose process cannot be asked or
    looked at from here. The launch said "it does not answer yet: try again in a moment", which never helps, and
    after that machine stopped without closing, said so for ever."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from core.paths import data_dir
    from gui import app

    data_dir().mkdir(parents=True)
    lock = data_dir() / LOCK_NAME
    lock.write_text("4242\ncardtable\nlabpc7\n0123456789abcdef0123456789abcdef\n"
                    "0a1b2c3d-0000-4000-8000-000000000000\n")  # as Qt writes it on that machine
    instance = SingleInstance(data_dir())
    assert not instance.claim()
    assert instance.other_machine == ("labpc7", 4242) and not instance.asked and instance.stopped_owner is None
    monkeypatch.setattr(app, "MainWindow", lambda *args: pytest.fail("a second window over the folder"))
    assert app.run_launcher() == 0
    message = capsys.readouterr().err.strip()
    assert "it is open on the machine labpc7 (process 4242), which shares this folder" in message, message
    assert f"delete {lock}" in message and "\n" not in message
    lock.unlink()  # as the message says, once that machine is known to have stopped
    assert instance.claim()
    instance.release()


def as_from_a_terminal() -> None:
    """In the launched program: the signals a terminal's foreground program starts with, whatever this test run
    inherited (started in the background, or with nohup, it would ignore Ctrl+C and the hang-up, as it should)."""
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


def offscreen_over(home: Path) -> dict[str, str]:
    """The environment of a real ``cardtable`` over the data of ``home``, its window offscreen."""
    return {**os.environ, "CARDTABLE_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}


@contextlib.contextmanager
def launched(home: Path, program: Path | None = None, **options: Any) -> Iterator[subprocess.Popen[str]]:
    """The real ``cardtable`` over ``home`` (offscreen), killed at the end if a failed check left it running;
    started as ``program`` (a script calling its ``main``) when given."""
    command = [sys.executable, *([str(program)] if program else ["-m", "core.cli"])]
    launcher = subprocess.Popen(command, env=offscreen_over(home), text=True, **options)
    try:
        yield launcher
    finally:
        if launcher.poll() is None:
            launcher.send_signal(signal.SIGCONT)
            launcher.kill()
            launcher.wait()


def wait_for_the_window(home: Path, launcher: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while not window_answers(home / "data") and time.monotonic() < deadline:  # from the window's first frame
        time.sleep(0.05)
    assert (home / "data" / LOCK_NAME).exists() and launcher.poll() is None


def assert_closed_cleanly(home: Path, launcher: subprocess.Popen[str]) -> None:
    assert launcher.returncode == 0
    assert (home / "config" / "window.ini").exists()  # the close went through the window: its place saved
    assert not (home / "data" / LOCK_NAME).exists()


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_a_polite_kill_closes_the_window_cleanly(tmp_path: Path, signal_number: int) -> None:
    with launched(tmp_path, stderr=subprocess.PIPE, preexec_fn=as_from_a_terminal) as launcher:
        wait_for_the_window(tmp_path, launcher)
        launcher.send_signal(signal_number)
        _, errors = launcher.communicate(timeout=20)
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors, errors
    assert_closed_cleanly(tmp_path, launcher)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="a stopped process is told from /proc")
def test_a_second_launch_says_so_when_the_window_it_finds_is_stopped(tmp_path: Path) -> None:
    """The first window stopped (Ctrl+Z in its terminal) holds the folder but answers nothing: a second launch
    told the player it had asked the window to come forward, and nothing came. It now says why and what to do."""
    env = offscreen_over(tmp_path)
    with launched(tmp_path, stderr=subprocess.DEVNULL) as first:
        wait_for_the_window(tmp_path, first)
        first.send_signal(signal.SIGSTOP)
        second = subprocess.run([sys.executable, "-m", "core.cli"], env=env, capture_output=True, text=True,
                                timeout=60)
        assert second.returncode == 0
        assert f"it is stopped (process {first.pid}" in second.stderr and f"kill -CONT {first.pid}" in \
            second.stderr, second.stderr
        first.send_signal(signal.SIGCONT)
        third = subprocess.run([sys.executable, "-m", "core.cli"], env=env, capture_output=True, text=True,
                               timeout=60)
        assert "asked to come to the front" in third.stderr, third.stderr
        first.terminate()
        first.wait(timeout=20)
    assert_closed_cleanly(tmp_path, first)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="a terminal's hang-up is a POSIX signal")
@pytest.mark.parametrize("nohup", [False, True])
def test_closing_the_terminal_it_was_started_from_closes_the_window_cleanly(tmp_path: Path, nohup: bool) -> None:
    """Started from a terminal, which is then closed: the system hangs the terminal up (SIGHUP), and the window
    closes as with its close button rather than vanishing with its place unsaved and its lock left behind; unless
    it was started with ``nohup``, which asks it to go on."""
    import fcntl
    import pty
    import termios

    terminal, program_side = pty.openpty()

    def on_the_terminal() -> None:  # its own session, the terminal its controlling one, as a shell would do
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        as_from_a_terminal()
        if nohup:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)

    with launched(tmp_path, stdin=program_side, stdout=program_side, stderr=program_side,
                  preexec_fn=on_the_terminal) as launcher:
        os.close(program_side)
        wait_for_the_window(tmp_path, launcher)
        os.close(terminal)  # the terminal window closed
        if nohup:
            with pytest.raises(subprocess.TimeoutExpired):
                launcher.wait(timeout=3)
            launcher.terminate()
        launcher.wait(timeout=20)
    assert_closed_cleanly(tmp_path, launcher)


def launch_language(home: Path, lang: str) -> str:
    """The interface language a launch over ``home`` starts in, with the desktop's locale ``lang``."""
    env = {**offscreen_over(home), "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
    code = "from gui.app import launch_prefs; print(launch_prefs().language)"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_first_launch_speaks_the_desktops_language_until_the_player_chooses(tmp_path: Path) -> None:
    assert launch_language(tmp_path / "a", "ja_JP.UTF-8") == "ja"
    assert launch_language(tmp_path / "b", "de_DE.UTF-8") == "en"  # a language Card Table does not speak
    assert launch_language(tmp_path / "c", "C") == "en"
    chosen = tmp_path / "d" / "config" / "shell.json"
    chosen.parent.mkdir(parents=True)
    chosen.write_text('{"format_version": 1, "language": "en"}')
    assert launch_language(tmp_path / "d", "ja_JP.UTF-8") == "en"  # the player's choice outlasts the desktop's
    chosen.write_text('{"format_version": 1, "sound": true}')  # a file from before any choice of language
    assert launch_language(tmp_path / "d", "ja_JP.UTF-8") == "ja"


@pytest.mark.skipif(sys.platform not in ("linux", "freebsd"), reason="only these systems' file names may be any bytes")
def test_a_data_folder_named_in_another_encoding_is_kept_whole(tmp_path: Path) -> None:
    """A home folder named under an old 8-bit locale (ü as ISO-8859-1's single byte, which UTF-8 cannot read):
    the launch stopped with a traceback, and once past that Qt (which takes every file name as UTF-8) put the
    lock and the window's place in folders of another name, so a second launch opened a second window."""
    home = tmp_path / os.fsdecode(b"j\xfcrgen")
    with launched(home, stderr=subprocess.PIPE, preexec_fn=as_from_a_terminal) as first:
        wait_for_the_window(home, first)
        second = subprocess.run([sys.executable, "-m", "core.cli"], env=offscreen_over(home), capture_output=True,
                                timeout=60)
        said = second.stderr  # the folder's name in its own bytes, as the terminal's other programs show it
        assert b"is already open over " + os.fsencode(home / "data") in said and b"asked to come to the front" in \
            said, said
        first.terminate()
        _, errors = first.communicate(timeout=20)
    assert "Traceback" not in errors, errors
    assert_closed_cleanly(home, first)
    assert os.listdir(tmp_path) == [home.name]  # nothing under another spelling of the folder


@pytest.mark.skipif(sys.platform not in ("linux", "freebsd"), reason="only these systems' file names may be any bytes")
def test_a_program_installed_under_a_folder_named_in_another_encoding_opens(tmp_path: Path) -> None:
    """Card Table installed under a home named in an old 8-bit locale: handed the program's own path, PySide6
    crashed (segmentation fault) before the window opened, without a word."""
    program = tmp_path / os.fsdecode(b"b\xe4n") / "cardtable"
    program.parent.mkdir()
    program.write_text("import sys\nfrom core.cli import main\nsys.exit(main())\n")
    home = tmp_path / "home"
    with launched(home, program, stderr=subprocess.PIPE, preexec_fn=as_from_a_terminal) as launcher:
        wait_for_the_window(home, launcher)
        launcher.terminate()
        _, errors = launcher.communicate(timeout=20)
    assert "Traceback" not in errors, errors
    assert_closed_cleanly(home, launcher)


def test_a_second_launch_finds_the_window_whatever_its_temporary_folder(tmp_path: Path) -> None:
    """The window started from the desktop's menu, a second launch from a terminal whose shell sets TMPDIR (or the
    other way round): the launch looked for the window's socket in its own temporary folder, found none, and told
    the player to try again in a moment, which never helped."""
    home = tmp_path / "home"
    with launched(home, stderr=subprocess.DEVNULL, preexec_fn=as_from_a_terminal) as first:
        wait_for_the_window(home, first)
        (tmp_path / "own").mkdir()
        second = subprocess.run([sys.executable, "-m", "core.cli"], capture_output=True, text=True, timeout=60,
                                env={**offscreen_over(home), "TMPDIR": str(tmp_path / "own")})
        assert "asked to come to the front" in second.stderr, second.stderr
        first.terminate()
        first.wait(timeout=20)
    assert_closed_cleanly(home, first)


def test_ctrl_c_while_the_window_was_made_closes_it_as_soon_as_it_can(qtbot: QtBot, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C held while Qt loaded and the window was made (it aborted Python there) is acted on once the window
    can close as its close button closes it: the launch ends, the window is not left open."""
    import signal

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from gui import app

    shown: list[object] = []
    made = app.MainWindow

    def window(*args: object) -> object:
        shown.append(made(*args))
        return shown[-1]

    def too_late() -> None:  # a window left open would hold the test for ever
        late.append(True)
        shown[0].close_anyway()  # type: ignore[attr-defined]

    late: list[bool] = []
    monkeypatch.setattr(app, "MainWindow", window)
    with own_timers(too_late) as (ending,):
        ending.start(10_000)
        assert app.run_launcher(None, [signal.SIGINT]) == 0
    assert len(shown) == 1 and not shown[0].isVisible() and not late  # type: ignore[attr-defined]


STUCK_PLUGIN = """
import os, pathlib, time
pathlib.Path(os.environ["STUCK_MARKER"]).write_text("importing")
time.sleep(90)  # as an import of a large library on a slow disk, or one that hangs
"""


def test_a_polite_kill_while_a_plugin_is_slow_to_load_ends_the_program_at_once(tmp_path: Path) -> None:
    """The window closed at once, but the program went on until the plugin's import ended (here 90 s, up to the
    plugins' time limit, 120 s): a logout waited, and so did a script that stopped it."""
    from tests.distributions import REPO, make_dist

    make_dist(tmp_path / "site", "stuck", "0.1", {"stuck": "stuck_plugin"}, {"stuck_plugin": STUCK_PLUGIN})
    env = {**offscreen_over(tmp_path), "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(REPO)]),
           "STUCK_MARKER": str(tmp_path / "marker"), "CARDTABLE_PLUGIN_TIMEOUT": "120"}
    launcher = subprocess.Popen([sys.executable, "-m", "core.cli"], env=env, text=True, stderr=subprocess.PIPE,
                                preexec_fn=as_from_a_terminal)
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "marker").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (tmp_path / "marker").exists(), "the plugin was never imported"
        time.sleep(0.5)  # the window names what it waits for
        launcher.send_signal(signal.SIGTERM)
        _, errors = launcher.communicate(timeout=60)  # well before the import could end
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()
    assert "Traceback" not in errors and "Fatal Python error" not in errors, errors
    assert not (tmp_path / "data" / LOCK_NAME).exists()
