"""Words a screen reader says now, from any widget: AT-SPI's announcement (Qt's ``QAccessibleAnnouncementEvent``),
which Qt passes on only while a screen reader listens, and Orca presents from version 45. The table speaks through
its own description while it has the focus (see ``gui.table_canvas.TableCanvas.say``)."""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget


def announce(widget: QWidget, words: str) -> None:
    """Have a screen reader say ``words`` for ``widget``."""
    QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, words))
