"""Window sizes that fit the screen: a size a window asks for, cut down to 90% of the screen's free area (the
part the desktop's panels leave) where that is smaller, so a 1024 × 600 netbook or a 1366 × 768 laptop shows a
dialog's Close button and its last lines instead of running them off the bottom edge. The main window's smallest
size (a game's table: :data:`SMALLEST_WIDTH` × :data:`SMALLEST_HEIGHT`) is cut down to the free area less room for
the window's frame, so a small screen at 200% (1280 × 900 is 640 × 450 then) still shows the whole table, if
cramped."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def free_area(near: QWidget | None = None) -> QRect | None:
    """The part of the screen ``near`` is on (the primary screen without it) that the desktop's panels leave."""
    screen = near.screen() if near is not None else QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def fitted_size(width: int, height: int, near: QWidget | None = None) -> tuple[int, int]:
    """``width`` × ``height``, or 90% of the free area of the screen ``near`` is on (the primary screen
    without it) in either direction where that is smaller."""
    area = free_area(near)
    if area is None or area.isEmpty():
        return width, height
    return min(width, int(area.width() * 0.9)), min(height, int(area.height() * 0.9))


SMALLEST_WIDTH = 780  # narrower, the Euchre tables' names, bubbles and score box run into the cards
SMALLEST_HEIGHT = 480  # lower, the same
FRAME_ROOM = (20, 50)  # a window manager's borders and title bar, roughly: not known before the window is shown


def smallest_size(width: int, height: int, near: QWidget | None = None) -> tuple[int, int]:
    """The smallest size a main window may take: ``width`` × ``height``, or where that is smaller the free area
    of the screen ``near`` is on, less :data:`FRAME_ROOM`."""
    area = free_area(near)
    if area is None or area.isEmpty():
        return width, height
    return min(width, area.width() - FRAME_ROOM[0]), min(height, area.height() - FRAME_ROOM[1])


def refit(window: QWidget) -> None:
    """After the screen under ``window`` changed (another monitor, another scale: 1280 × 900 at 200% is 640 × 450
    then), its smallest size taken again from that screen, and a window larger than the screen's free area cut
    down to it and moved inside it (unless maximised or full screen, which the desktop sizes). Before, a window
    kept the smallest size of the screen it opened on, and ran off a smaller one: the table's right columns and
    bottom cards out of sight."""
    window.setMinimumSize(*smallest_size(SMALLEST_WIDTH, SMALLEST_HEIGHT, window))
    area = free_area(window)
    if area is None or area.isEmpty() or window.isMaximized() or window.isFullScreen():
        return
    width = min(window.width(), area.width() - FRAME_ROOM[0])
    height = min(window.height(), area.height() - FRAME_ROOM[1])
    if (width, height) == (window.width(), window.height()):
        return
    frame = window.frameGeometry()
    border_width, border_height = frame.width() - window.width(), frame.height() - window.height()
    window.resize(width, height)
    # cut down where the player left it, it could still hang past the screen's right or bottom edge (taken onto
    # a smaller monitor near its edge): moved in by as much, and never above or left of the free area
    x = max(area.left(), min(frame.x(), area.right() + 1 - width - border_width))
    y = max(area.top(), min(frame.y(), area.bottom() + 1 - height - border_height))
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)
