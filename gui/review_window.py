"""The "Last hand" window: the previous hand's frames (the bidding, each trick, the result) on the shared table
scene, stepped through with the buttons or the arrow keys."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from core.table import Table
from gui.deck import CardArt
from gui.i18n import tr
from gui.latin_keys import latin_key_event
from gui.screen_fit import fitted_size
from gui.table_canvas import TableCanvas
from gui.table_scene import TableScene


class ReviewWindow(QDialog):
    """Shows ``frames`` one at a time: ← → (or the buttons) step, Space and Enter step on, Home/End jump, T reads
    the frame's whole table to a screen reader, Esc closes."""

    def __init__(self, frames: Sequence[Table], art: CardArt, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_window")
        self.setWindowTitle(tr("review_title"))
        self.frames = tuple(frames)
        self.step = 0
        self.scene = TableScene(art)
        self.canvas = TableCanvas()
        self.canvas.setAccessibleName(tr("last_hand"))
        self.canvas.setScene(self.scene)
        self.canvas.setAccessibleDescription(tr("review_help"))
        self.canvas.resized.connect(self.scene.resize)
        self.canvas.key.connect(self.keyPressEvent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 6)
        layout.addWidget(self.canvas, 1)
        row = QHBoxLayout()
        row.setContentsMargins(8, 0, 8, 0)
        self.previous = QPushButton(tr("review_previous"))
        self.previous.setObjectName("review_previous")
        self.previous.clicked.connect(lambda: self.show_step(self.step - 1))
        self.next = QPushButton(tr("review_next"))
        self.next.setObjectName("review_next")
        self.next.clicked.connect(lambda: self.show_step(self.step + 1))
        self.next.setDefault(True)
        for button in (self.previous, self.next):  # Tab reaches them; a click leaves the arrows with the table
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.position = QLabel()
        self.position.setObjectName("review_position")
        close = QPushButton(tr("close"))
        close.clicked.connect(self.accept)
        row.addWidget(self.previous)
        row.addWidget(self.next)
        row.addWidget(self.position)
        row.addStretch(1)
        row.addWidget(close)
        layout.addLayout(row)
        self.resize(*fitted_size(900, 680, parent))
        self.show_step(0)
        self.canvas.setFocus()

    def show_step(self, step: int) -> None:
        if not self.frames:
            return
        self.step = max(0, min(step, len(self.frames) - 1))
        self.scene.show_table(self.frames[self.step], animate=False)
        self.previous.setEnabled(self.step > 0)
        self.next.setEnabled(self.step < len(self.frames) - 1)
        self.position.setText(tr("review_position", n=self.step + 1, of=len(self.frames)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {Qt.Key.Key_Left: self.step - 1, Qt.Key.Key_Right: self.step + 1, Qt.Key.Key_Space: self.step + 1,
                 Qt.Key.Key_Return: self.step + 1, Qt.Key.Key_Enter: self.step + 1,  # not the dialog's Previous
                 Qt.Key.Key_Home: 0, Qt.Key.Key_End: len(self.frames) - 1}
        key = Qt.Key(latin_key_event(event).key())  # T on the key marked T under a Russian layout too
        if key == Qt.Key.Key_T:
            self.canvas.say_table()
            return
        if key in steps:
            self.show_step(steps[key])
            return
        super().keyPressEvent(event)

    def done(self, result: int) -> None:
        self.scene.dispose()
        super().done(result)
