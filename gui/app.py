"""Starts the desktop launcher: the application, the main window and the last-resort error handler."""

from __future__ import annotations

import sys
import traceback
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from core.paths import data_dir
from gui.i18n import set_language
from gui.prefs import ShellPrefs
from gui.single_instance import SingleInstance
from gui.window import MainWindow

if TYPE_CHECKING:
    from core.manager import PluginHost


def install_excepthook(window: MainWindow) -> None:
    """Exceptions in Qt slots and event handlers reach ``sys.excepthook``: show them, never die silently."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        traceback.print_exception(kind, error, tb, file=sys.stderr)
        if issubclass(kind, KeyboardInterrupt):
            QApplication.quit()
            return
        window.report_error(error)

    sys.excepthook = hook


def run_launcher(host: PluginHost | None = None) -> int:
    """The launcher window; without ``host`` the games are found right after the window first shows."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Card Table")
    app.setOrganizationName("cardtable")
    instance = SingleInstance(data_dir())
    if not instance.claim():
        print(f"cardtable: Card Table is already open over {data_dir()}; its window was asked to come to the "
              "front (one window at a time keeps its saves and statistics whole)", file=sys.stderr)
        return 0
    prefs = ShellPrefs.load()
    set_language(prefs.language)
    window = MainWindow(host, prefs)
    instance.raise_requested.connect(window.bring_forward)
    window.launcher.first_frame.connect(instance.listen)
    install_excepthook(window)
    window.show()
    try:
        return int(app.exec())
    finally:
        instance.release()
