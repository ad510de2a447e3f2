"""Garbage collection on the window's thread only.

Python's cycle collector runs in whichever thread happens to allocate when a threshold is crossed. CPU
players and the Yukon solver think on worker threads and allocate a lot, so a closed page's cyclic garbage
(views, scenes, timers) could be destroyed on a worker thread, and Qt objects must die on the thread they
live in (a timer destroyed elsewhere stays registered and fires into freed memory). So the window turns
automatic collection off and collects on its own thread instead, generation by generation as the automatic
collector would, checking twice a second.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

CHECK_MS = 500


class MainThreadCollector(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(CHECK_MS)
        self.timer.timeout.connect(self.check)
        self.timer.start()

    def check(self) -> None:
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if counts[generation] > thresholds[generation]:
                gc.collect(generation)
                return


_collector: MainThreadCollector | None = None


def collect_on_this_thread() -> MainThreadCollector:
    """Start it once (call on the window's thread, with a QApplication running)."""
    global _collector
    if _collector is None:
        _collector = MainThreadCollector()
    return _collector
