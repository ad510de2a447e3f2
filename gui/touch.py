"""A finger on a scrolling area: swiped, it scrolls the area with momentum (Qt's mouse events made from a touch
would only select text in the rules or do nothing over a list of options); a tap still presses what it lands on."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QInputDevice, QMouseEvent
from PySide6.QtWidgets import QAbstractScrollArea, QScroller


def scroll_by_finger(area: QAbstractScrollArea) -> None:
    """Let a finger swipe ``area``'s contents along (the mouse and the wheel scroll it as before)."""
    viewport = area.viewport()
    QScroller.grabGesture(viewport, QScroller.ScrollerGestureType.TouchGesture)
    viewport.installEventFilter(_FingerMoves(area))


class _FingerMoves(QObject):
    """Drops the mouse moves Qt makes from a finger on the area itself: the scroller moves the contents, and
    those moves would also select the text the finger passes over."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        return (event.type() == QEvent.Type.MouseMove and isinstance(event, QMouseEvent)
                and event.deviceType() == QInputDevice.DeviceType.TouchScreen)
