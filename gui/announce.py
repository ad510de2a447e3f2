"""Words a screen reader says now, from any widget: AT-SPI's announcement (Qt's ``QAccessibleAnnouncementEvent``),
which Qt passes on only while a screen reader listens. The table's news and the notice bar's messages go out this
way."""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget


def announce(widget: QWidget, words: str, urgent: bool = False) -> None:
    """Have a screen reader say ``words`` for ``widget``: after what it is saying, or (``urgent``) at once."""
    event = QAccessibleAnnouncementEvent(widget, words)
    if urgent:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)
