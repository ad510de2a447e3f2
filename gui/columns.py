"""Widgets two to a row where two fit, else one under another, in a scroll area that scrolls up and down and
never sideways (a narrow window, large fonts, a small screen at 200%): the launcher's game tiles and the
statistics window's figures and charts."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QGridLayout, QScrollArea, QWidget


def columns_that_fit(widths: Sequence[int], grid: QGridLayout, area: QScrollArea, extra: int = 0) -> int:
    """2 when widgets ``widths`` wide (in reading order: left to right, then down) fit two to a row in ``area``
    with ``extra`` to spare, else 1. The room counts the vertical scroll bar whether it shows or not: the same
    width always gives the same columns."""
    two = max(widths[0::2]) + grid.horizontalSpacing() + max(widths[1::2], default=0) + extra
    margins = grid.contentsMargins()
    room = (area.contentsRect().width() - area.verticalScrollBar().sizeHint().width()
            - margins.left() - margins.right())
    return 2 if two <= room else 1


def place_in_columns(grid: QGridLayout, widgets: Sequence[QWidget], columns: int) -> None:
    """``widgets`` into ``grid`` in reading order, ``columns`` to a row."""
    for widget in widgets:
        grid.removeWidget(widget)
    for n, widget in enumerate(widgets):
        grid.addWidget(widget, n // columns, n % columns)
