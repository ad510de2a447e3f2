"""Window sizes that fit the screen: a size a window asks for, cut down to 90% of the screen's free area (the
part the desktop's panels leave) where that is smaller, so a 1024 × 600 netbook or a 1366 × 768 laptop shows a
dialog's Close button and its last lines instead of running them off the bottom edge."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def fitted_size(width: int, height: int, near: QWidget | None = None) -> tuple[int, int]:
    """``width`` × ``height``, or 90% of the free area of the screen ``near`` is on (the primary screen
    without it) in either direction where that is smaller."""
    screen = near.screen() if near is not None else QGuiApplication.primaryScreen()
    area = screen.availableGeometry() if screen is not None else None
    if area is None or area.isEmpty():
        return width, height
    return min(width, int(area.width() * 0.9)), min(height, int(area.height() * 0.9))
