"""The view a table scene is shown in: 1:1 pixels (the scene lays itself out for the canvas size,
KPatience-style), keys passed on (under a non-Latin layout, a letter as the key it is typed on: see
:mod:`gui.latin_keys`), Tab stepping through the table's buttons, and what the scene says told to a screen
reader (see :meth:`TableCanvas.say`)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from core.table_words import table_words
from gui import screen_reader
from gui.i18n import text, tr
from gui.latin_keys import latin_key_event
from gui.table_scene import ButtonItem, TableScene


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
        # the focus is the canvas's, which a screen reader hears named; the viewport inside it, a click on which
        # focuses the canvas all the same, was a second, nameless focusable object to the accessibility bus. (Its
        # policy passes on to its focus proxy, the canvas: so first, then the canvas's own.)
        self.viewport().setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def setScene(self, scene: QGraphicsScene | None) -> None:
        super().setScene(scene)
        if isinstance(scene, TableScene):
            scene.spoken.connect(self.say)
            screen_reader.set_own_description(self, tr("table_help"))

    def say(self, words: str) -> None:
        """Have a screen reader say ``words`` now, the way the one running presents (see
        :mod:`gui.screen_reader`: an announcement, or for an older Orca the focused widget's description)."""
        screen_reader.say(self, words)
        self.announced.emit(words)

    def say_table(self) -> None:
        """The whole table in words, as the seat sees it (T): names, bids, the score sheet, every pile and card,
        the buttons; while paused, only that it is paused (the cards are hidden from the eye too)."""
        scene = self.scene()
        if isinstance(scene, TableScene) and scene.table is not None:
            self.say(tr("paused") if scene.paused else text(table_words(scene.table)))
            scene.told_whole()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        self.resized.emit(float(size.width()), float(size.height()))

    def event(self, event: QEvent) -> bool:
        # Tab and Shift+Tab go through the table's buttons in order (TableScene.focus_next), not through Qt's scene,
        # which gives the focus back to the button last tabbed out of: round the toolbar and back, Tab then began at
        # Euchre's Pass, and Order up and Alone were out of Tab's reach for good
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            modifiers = event.modifiers()
            if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and not modifiers & (
                    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
                forward = event.key() == Qt.Key.Key_Tab and not modifiers & Qt.KeyboardModifier.ShiftModifier
                self.focusNextPrevChild(forward)
                return True
        return super().event(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        if event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            # (for the same reason: the scene would focus the button last tabbed out of as Tab enters the table)
            event = QFocusEvent(QEvent.Type.FocusIn, Qt.FocusReason.OtherFocusReason)
        super().focusInEvent(event)

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
        latin = latin_key_event(event)  # the key marked H pressed under a Russian layout is H to the table too
        self.key.emit(latin)
        event.setAccepted(latin.isAccepted())  # a key the table leaves goes on to the page (F1)
