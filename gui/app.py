"""Starts the desktop launcher: the application, the main window and the last-resort error handler."""

from __future__ import annotations

import signal
import subprocess
import sys
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from core.desktop_entry import APP_ID, APP_NAME
from core.paths import data_dir
from gui.desktop_bus import ANSWER_MS, skip_a_silent_accessibility_bus, skip_a_silent_portal
from gui.i18n import set_language
from gui.prefs import ShellPrefs
from gui.qt_paths import qt_arguments
from gui.single_instance import LOCK_NAME, SingleInstance
from gui.window import MainWindow

if TYPE_CHECKING:
    from core.manager import PluginHost


def install_excepthook(window: MainWindow) -> None:
    """Exceptions in Qt slots and event handlers reach ``sys.excepthook``: show them, never die silently."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            window.close_anyway()
            return
        window.report_error(error.with_traceback(tb))  # which writes the traceback to standard error

    sys.excepthook = hook


def close_on_signals(window: MainWindow) -> None:
    """Ctrl-C in the terminal, that terminal closed (SIGHUP), or a polite kill (SIGTERM, as at logout): the window
    closes as if its close button were pressed, so the game in progress, its playing time and the window's place are
    saved; no traceback; and without asking about a game a full disk refused (a logout waits for no answer). (Python
    runs the handler when the window's thread next runs Python code: the collector's timer sees to that twice a
    second.)"""

    def close(signum: int, frame: object) -> None:
        QTimer.singleShot(0, window.close_anyway)

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):  # Windows has no SIGHUP
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) != signal.SIG_IGN:  # `nohup cardtable` goes on
            signal.signal(number, close)


def launch_prefs() -> ShellPrefs:
    """The shell's preferences at launch. Before any are saved (a first launch), the language is the desktop's
    when Card Table speaks it (Japanese), else English; once saved, the language saved."""
    desktop = "ja" if QLocale.system().language() == QLocale.Language.Japanese else "en"
    return ShellPrefs.load(first_language=desktop)


def run_launcher(host: PluginHost | None = None, stops: list[int] | None = None) -> int:
    """The launcher window; without ``host`` the games are found right after the window first shows. ``stops``:
    Ctrl-C or SIGTERM noted while the window was being made (see :func:`core.terminal.stops_held`), which then
    closes it as soon as it can close."""
    if QApplication.instance() is None and skip_a_silent_portal():
        print(f"cardtable: the desktop portal did not answer within {ANSWER_MS / 1000:g} s; Qt's own theme for "
              "this desktop is used instead", file=sys.stderr)
    app = QApplication.instance() or QApplication(qt_arguments())
    if skip_a_silent_accessibility_bus():
        print(f"cardtable: the accessibility bus did not answer within {ANSWER_MS / 1000:g} s; the window opens "
              "without waiting for it", file=sys.stderr)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("cardtable")
    QGuiApplication.setDesktopFileName(APP_ID)  # the window's Wayland app id (it was "python3"), the menu entry's name
    instance = SingleInstance(data_dir())
    if not instance.claim():
        stopped, elsewhere = instance.stopped_owner, instance.other_machine
        done = (f"it is stopped (process {stopped}: Ctrl+Z in a terminal?); continue it there with fg, or with "
                f"kill -CONT {stopped}" if stopped is not None
                else f"it is open on the machine {elsewhere[0]} (process {elsewhere[1]}), which shares this folder: "
                f"close it there, or, if that machine stopped without closing it, delete {data_dir() / LOCK_NAME}"
                if elsewhere is not None
                else "its window was asked to come to the front" if instance.asked
                else "it does not answer yet: look for its window, or try again in a moment")
        print(f"cardtable: Card Table is already open over {data_dir()}; {done} (one window at a time keeps its "
              "saves and statistics whole)", file=sys.stderr)
        return 0
    prefs = launch_prefs()
    set_language(prefs.language)
    window = MainWindow(host, prefs)
    instance.raise_requested.connect(window.bring_forward)
    window.closed.connect(instance.release)  # at once: a plugin's import may hold the program a while after
    window.launcher.first_frame.connect(instance.listen)
    install_excepthook(window)
    close_on_signals(window)
    if stops:
        QTimer.singleShot(0, window.close_anyway)
    window.show()
    try:
        status = int(app.exec())
    finally:
        instance.release()
    if window.restart_requested:  # after an update: the new code in a new process, once this one let go the folder
        try:
            subprocess.Popen([sys.executable, *sys.orig_argv[1:]])
        except OSError as error:  # the update took this Python away (a virtual environment made afresh)
            print(f"cardtable: Card Table could not be started again ({error.strerror or error}); start it as you "
                  "did before", file=sys.stderr)
    return status
