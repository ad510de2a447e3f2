"""A key held down acts once in the main window: the keyboard's auto-repeat is let through only for keys whose
repeating a player expects (the arrows and paging keys that move a cursor or scroll, Tab, and Undo/Redo).

Without this, a key held a moment too long acted again: Ctrl+N and F5 got from the repeat the second press they
ask for before throwing a game in progress away, and Space held past a finished trick played the card under
the cursor. Qt marks a repeated press (``isAutoRepeat``), but on X11 it tells a repeat by finding the repeat's
release and press together in its queue, and when they arrive apart it delivers them as a real release and
press (seen under Xvfb: one repeat in twenty). The X server stamps a repeat's release and press with the same
time, which no person's fingers can: a press of the key just released, at the very time of the release, is taken
for a repeat too.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QWindow
from PySide6.QtWidgets import QWidget

REPEATING_KEYS = frozenset({Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp,
                            Qt.Key.Key_PageDown, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_Tab,
                            Qt.Key.Key_Backtab})
REPEATING_SEQUENCES = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)


def may_repeat(event: QKeyEvent) -> bool:
    """Whether holding this key down should act again and again."""
    return event.key() in REPEATING_KEYS or any(event.matches(sequence) for sequence in REPEATING_SEQUENCES)


class HeldKeys(QObject):
    """The application's event filter that drops the repeats of keys pressed in ``window`` (its widgets and its
    native window) unless :func:`may_repeat`; dialogs and other windows keep their own repeats."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self._released: tuple[int, int] | None = None  # the last key released (not a marked repeat), and when

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.ShortcutOverride):
            return False
        if not self._ours(watched):
            return False
        key_event: QKeyEvent = event  # type: ignore[assignment]
        stamp = (key_event.key(), key_event.timestamp())
        if kind == QEvent.Type.KeyRelease:
            if not key_event.isAutoRepeat() and key_event.timestamp():  # (0: a made-up event, time unknown)
                self._released = stamp
            return False
        if (key_event.isAutoRepeat() or stamp == self._released) and not may_repeat(key_event):
            event.accept()  # a ShortcutOverride accepted: no shortcut runs for it (and the press is dropped next)
            return True
        return False

    def _ours(self, watched: QObject) -> bool:
        if isinstance(watched, QWidget):
            return watched.window() is self.window
        return isinstance(watched, QWindow) and watched is self.window.windowHandle()
