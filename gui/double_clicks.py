"""Double-clicks that would do what the player never meant. A button that asks for a second press (Restart and
New game over a game under way) takes a double-click, or a double tap, as one press: many people double-click
every button, and the second half would answer the question before it could be read, throwing the game away.
And a double-click counts only where its first half was, a moment before (:func:`first_half_just_now`): Qt also
makes one of a quick tap after a tap elsewhere, and of a click on what has just taken the place of what was
clicked first."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QAbstractButton, QApplication


def first_half_just_now(pressed_at: float | None) -> bool:
    """Whether a press at ``pressed_at`` (``time.monotonic()``) can be the first half of a double-click now."""
    moment = _interval() / 1000 + 0.5  # (the window's thread may lag)
    return pressed_at is not None and time.monotonic() - pressed_at <= moment


def double_click_is_one_press(button: QAbstractButton) -> None:
    button.installEventFilter(_SecondHalf(button))


class _SecondHalf(QObject):
    """Drops the double-click Qt sends in place of a second press when the button had the first a moment ago (its
    release then finds the button up; another is a press), and the clicks that follow it as fast (a triple click,
    which Qt sends as a double-click and a press)."""

    def __init__(self, button: QAbstractButton) -> None:
        super().__init__(button)
        self._pressed: float | None = None  # when the button was last pressed
        self._dropped: int | None = None  # Qt's time (ms) of the last click dropped

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(event, QMouseEvent):
            return False
        if event.type() == QEvent.Type.MouseButtonPress:
            if self._dropped is not None and 0 <= event.timestamp() - self._dropped < _interval():
                self._dropped = event.timestamp()
                return True
            self._pressed = time.monotonic()
        elif event.type() == QEvent.Type.MouseButtonDblClick and first_half_just_now(self._pressed):
            self._dropped = event.timestamp()
            return True
        return False


def _interval() -> int:
    return QApplication.styleHints().mouseDoubleClickInterval()
