"""The yellow bar above a page for what the player must read (a save that failed or was moved aside, settings
that were reset): it stays until the player closes it (× — a click, or Enter, Space or Esc once Tab has reached
it); a second such message joins the first on a line of its own rather than taking its place (a full disk
refuses the settings, the game and its statistics at once), and a passing note shown over them for a few seconds
gives way to them again. A screen reader says each message as it comes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from gui import screen_reader
from gui.i18n import tr


class NoticeBar(QFrame):
    """``speak`` says a message to a screen reader (by default as the bar's own words); a game page passes its
    table's, so the player hears it the way the table's words come."""

    def __init__(self, name: str, parent: QWidget | None = None, speak: Callable[[str], None] | None = None) -> None:
        super().__init__(parent)
        self._speak = speak or (lambda message: screen_reader.say(self.label, message))
        self.setObjectName(f"{name}_bar")
        # its own ink as well as its paper: a dark theme's light text would not read on the yellow
        self.setStyleSheet("QFrame { background: #fff3c4; } QLabel, QToolButton { color: #5a4500; } "
                           "QLabel { padding: 4px; }")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 4, 0)
        self.label = QLabel()
        self.label.setObjectName(name)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # a file name to copy
        layout.addWidget(self.label, 1)
        self.close_button = QToolButton()
        self.close_button.setObjectName(f"{name}_close")
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.dismiss)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self._standing: list[str] = []  # the messages that stay until closed
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._passed)
        self.retranslate()
        self.hide()

    def show_message(self, message: str, timeout_ms: int = 0) -> None:
        """Show ``message``: until closed, or (``timeout_ms``) for that long, then the standing one again."""
        if not message:
            self.dismiss()
            return
        if timeout_ms:
            self._timer.start(timeout_ms)
            self.label.setText(message)
        else:
            self._timer.stop()
            if message not in self._standing:
                self._standing.append(message)
            self.label.setText("\n".join(self._standing))
        self.show()
        self._speak(message)

    def end_passing(self) -> None:
        """A passing note that no longer holds (the demo it told of was stopped) goes now: the standing message
        comes back, or the bar goes."""
        if self._timer.isActive():
            self._timer.stop()
            self._passed()

    def withdraw(self, message: str) -> None:
        """``message`` no longer holds (the save works again): it goes, and does not come back after a passing
        note."""
        if message in self._standing:
            self._standing.remove(message)
            if not self._timer.isActive():
                self._passed()

    def dismiss(self) -> None:
        self._timer.stop()
        self._standing = []
        self.label.clear()
        self.hide()

    def retranslate(self) -> None:
        self.close_button.setToolTip(tr("close"))
        self.close_button.setAccessibleName(tr("close"))

    def _passed(self) -> None:
        if self._standing:
            self.label.setText("\n".join(self._standing))
        else:
            self.label.clear()
            self.hide()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter):  # the × has Space by itself
            self.dismiss()
            return
        super().keyPressEvent(event)
