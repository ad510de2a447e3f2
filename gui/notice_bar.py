"""The yellow bar above a page for what the player must read (a save that failed or was moved aside, settings
that were reset): it stays until the player closes it (× — a click, or Enter, Space or Esc once Tab has reached
it); a second such message joins the first on a line of its own rather than taking its place (a full disk
refuses the settings, the game and its statistics at once), and a passing note shown over them for a few seconds
gives way to them again. A screen reader says each message as it comes. The messages follow a change of
language."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from core.text import Text, join
from gui import screen_reader
from gui.i18n import text, tr


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
        self._standing: list[Text] = []  # the messages that stay until closed
        self._passing: Text | None = None  # a note shown over them for a few seconds
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._passed)
        self.retranslate()
        self.hide()

    def show_message(self, message: Text | str, timeout_ms: int = 0) -> None:
        """Show ``message`` (a plain string is shown as it is, in either language): until closed, or
        (``timeout_ms``) for that long, then the standing ones again."""
        self.show_messages([message], timeout_ms)

    def show_messages(self, messages: Sequence[Text | str], timeout_ms: int = 0) -> None:
        """Show several messages at once, each on its own line and closed with the others, said together so that
        one does not cut the next short."""
        said = [m if isinstance(m, Text) else Text(m) for m in messages if m]
        if not said:
            if not timeout_ms:
                self.dismiss()
            return
        if timeout_ms:
            self._timer.start(timeout_ms)
            self._passing = join(said, "\n")
        else:
            self._timer.stop()
            self._passing = None
            self._standing.extend(m for m in said if m not in self._standing)
        self._render()
        self.show()
        self._speak("\n".join(text(m) for m in said))

    def end_passing(self) -> None:
        """A passing note that no longer holds (the demo it told of was stopped) goes now: the standing message
        comes back, or the bar goes."""
        if self._timer.isActive():
            self._timer.stop()
            self._passed()

    def withdraw(self, message: Text | str) -> None:
        """``message`` no longer holds (the save works again): it goes, and does not come back after a passing
        note."""
        said = message if isinstance(message, Text) else Text(message)
        if said in self._standing:
            self._standing.remove(said)
            if not self._timer.isActive():
                self._passed()

    def dismiss(self) -> None:
        self._timer.stop()
        self._standing, self._passing = [], None
        self.label.clear()
        self.hide()

    def retranslate(self) -> None:
        """The close button's words, and the messages shown, in the language now chosen."""
        self.close_button.setToolTip(tr("close"))
        self.close_button.setAccessibleName(tr("close"))
        self._render()

    def _render(self) -> None:
        shown = self._passing if self._passing is not None else join(self._standing, "\n")
        self.label.setText(text(shown))

    def _passed(self) -> None:
        self._passing = None
        if self._standing:
            self._render()
        else:
            self.label.clear()
            self.hide()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter):  # the × has Space by itself
            self.dismiss()
            return
        super().keyPressEvent(event)
