"""A button that asks for a second press (Restart and New game over a game under way) takes a double-click as
one press: many people double-click every button, and the double-click's second half would answer the question
before it could be read, throwing the game away."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractButton


def double_click_is_one_press(button: QAbstractButton) -> None:
    button.installEventFilter(_SecondHalf(button))


class _SecondHalf(QObject):
    """Drops the double-click Qt sends in place of the second press (its release then finds the button up)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        return event.type() == QEvent.Type.MouseButtonDblClick
