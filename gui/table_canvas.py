"""The view a table scene is shown in: 1:1 pixels (the scene lays itself out for the canvas size,
KPatience-style), keys passed on, Tab stepping through the table's buttons, and what the scene says told to a
screen reader (see :meth:`TableCanvas.say`)."""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from core.table_words import table_words
from gui.announce import announce
from gui.i18n import text, tr
from gui.table_scene import ButtonItem, TableScene

ZERO_WIDTH_SPACE = "\u200b"  # unspoken: it makes the same words a new description
# AT-SPI screen readers (Orca) present the focused object's new description; elsewhere Qt's announcements are the way
DESCRIPTION_SPEAKS = sys.platform.startswith("linux")


class TableCanvas(QGraphicsView):
    """Shows the scene 1:1 (no scaling blur): the scene lays itself out for the canvas size, KPatience-style.
    Keys go to the table, except Enter/Space on a focused table button, which the button takes."""

    resized = Signal(float, float)
    key = Signal(QKeyEvent)
    announced = Signal(str)  # what a screen reader was just given to say

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def setScene(self, scene: QGraphicsScene | None) -> None:
        super().setScene(scene)
        if isinstance(scene, TableScene):
            scene.spoken.connect(self.say)
            self.setAccessibleDescription(tr("table_help"))

    def say(self, words: str) -> None:
        """Have a screen reader say ``words`` now. On Linux, while the table has the focus, they become its
        description: Orca presents a change of the focused object's description (Orca 43 too, which knows no
        announcements), and where-am-I reads them again; otherwise (the focus on the toolbar, or another system)
        an announcement, which Orca presents from version 45. Never both, which would say them twice."""
        if self.hasFocus() and DESCRIPTION_SPEAKS:
            if words == self.accessibleDescription():  # the same words again are said again
                words += ZERO_WIDTH_SPACE
            self.setAccessibleDescription(words)
        else:
            announce(self, words)
        self.announced.emit(words.rstrip(ZERO_WIDTH_SPACE))

    def say_table(self) -> None:
        """The whole table in words, as the seat sees it (T): names, bids, the score sheet, every pile and card,
        the buttons; while paused, only that it is paused (the cards are hidden from the eye too)."""
        scene = self.scene()
        if isinstance(scene, TableScene) and scene.table is not None:
            self.say(tr("paused") if scene.paused else text(table_words(scene.table)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        self.resized.emit(float(size.width()), float(size.height()))

    def focusNextPrevChild(self, next: bool) -> bool:
        scene = self.scene()
        if isinstance(scene, TableScene) and self.hasFocus() and scene.focus_next(next):
            return True
        return super().focusNextPrevChild(next)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        focused = self.scene().focusItem() if self.scene() is not None else None
        if isinstance(focused, ButtonItem) and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter,
                                                               Qt.Key.Key_Space):
            super().keyPressEvent(event)
            return
        self.key.emit(event)
