"""Double-clicks that would do what the player never meant. A button that asks for a second press (Restart and
New game over a game under way) takes a double-click, or a double tap, as one press: many people double-click
every button, and the second half would answer the question before it could be read, throwing the game away.
And a double-click counts only where its first half was, a moment before (:func:`first_half_just_now`): Qt also
makes one of a quick tap after a tap elsewhere, and of a click on what has just taken the place of what was
clicked first."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractButton, QApplication


def first_half_just_now(pressed_at: float | None) -> bool:
    """Whether a press at ``pressed_at`` (``time.monotonic()``) can be the first half of a double-click now."""
    moment = QApplication.styleHints().mouseDoubleClickInterval() / 1000 + 0.5  # (the window's thread may lag)
    return pressed_at is not None and time.monotonic() - pressed_at <= moment


def double_click_is_one_press(button: QAbstractButton) -> None:
    button.installEventFilter(_SecondHalf(button))


class _SecondHalf(QObject):
    """Drops the double-click Qt sends in place of a second press when the button had the first a moment ago (its
    release then finds the button up); another is a press."""

    def __init__(self, button: QAbstractButton) -> None:
        super().__init__(button)
        self._pressed: float | None = None  # when the button was last pressed

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress:
            self._pressed = time.monotonic()
        elif event.type() == QEvent.Type.MouseButtonDblClick:
            return first_half_just_now(self._pressed)
        return False
