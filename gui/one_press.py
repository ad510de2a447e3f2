"""A button that asks for a second press (Restart and New game over a game under way) takes a double-click, or a
double tap, as one press: many people double-click every button, and the second half would answer the question
before it could be read, throwing the game away."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractButton, QApplication


def double_click_is_one_press(button: QAbstractButton) -> None:
    button.installEventFilter(_SecondHalf(button))


class _SecondHalf(QObject):
    """Drops the double-click Qt sends in place of a second press when the button had the first a moment ago (its
    release then finds the button up). One the button did not have the first of is a press: Qt also makes a
    double-click of a quick tap after a tap elsewhere, and of a click on a button that has just taken the place of
    the one clicked first."""

    def __init__(self, button: QAbstractButton) -> None:
        super().__init__(button)
        self._pressed: float | None = None  # when the button was last pressed

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress:
            self._pressed = time.monotonic()
        elif event.type() == QEvent.Type.MouseButtonDblClick:
            moment = QApplication.styleHints().mouseDoubleClickInterval() / 1000 + 0.5  # (the thread may lag)
            return self._pressed is not None and time.monotonic() - self._pressed <= moment
        return False
