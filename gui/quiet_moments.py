"""Long work on the window's thread waits for the player to pause: a piece of it (reading one installed card
design takes 30–100 ms, longer on a busy machine) is started only once no touch, click, wheel turn or key has come
for :data:`QUIET_MS` and the scrolling area it serves has stopped gliding. Done between the moves of a finger,
such work held a swipe of the settings up so long that Qt never took it for one (on a busy machine the options
did not scroll at all)."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QScroller

#: how long the player must have left the program alone
QUIET_MS = 300
#: how often a gliding area is looked at again
GLIDE_CHECK_MS = 50

INPUT = frozenset({QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
                   QEvent.Type.Wheel, QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.TouchBegin,
                   QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd, QEvent.Type.TouchCancel})


class QuietMoments(QObject):
    """Watches the application's input for as long as ``owner`` lives; :meth:`wait_ms` says how long to wait
    before the next piece of work."""

    def __init__(self, owner: QObject, area: QAbstractScrollArea | None = None) -> None:
        super().__init__(owner)
        self._area = area
        self._last_input = -1.0  # time.monotonic() of the player's last input
        application = QApplication.instance()
        if application is not None:
            application.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in INPUT or (kind == QEvent.Type.MouseMove and QApplication.mouseButtons()):
            self._last_input = time.monotonic()
        return False

    def wait_ms(self) -> int:
        """0 when the player is not busy; else how many milliseconds to wait before asking again."""
        left = round(QUIET_MS - (time.monotonic() - self._last_input) * 1000)
        if left > 0:
            return left
        viewport = self._area.viewport() if self._area is not None else None
        if viewport is not None and QScroller.hasScroller(viewport) \
                and QScroller.scroller(viewport).state() != QScroller.State.Inactive:
            return GLIDE_CHECK_MS
        return 0
