"""A key held down acts once in the main window (``gui/held_keys.py``); the arrows and Undo still repeat. The
presses are made as Qt's X11 plugin delivers a held key's repeats: marked, or (when it misses one) as a release
and a press stamped with the same time. ``tests/test_real_window.py`` holds keys down through a real X server."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gui.game_page import GamePage
from gui.window import MainWindow
from tests.gui_helpers import euchre_family_page
from tests.session_helpers import first_moves_until

NONE = Qt.KeyboardModifier.NoModifier


def key(kind: QEvent.Type, code: Qt.Key, at: int, repeat: bool = False, text: str = "",
        modifiers: Qt.KeyboardModifier = NONE) -> QKeyEvent:
    event = QKeyEvent(kind, code, modifiers, 0, 0, 0, text, repeat, 1)
    event.setTimestamp(at)
    return event


def send(widget: QObject, *events: QKeyEvent) -> None:
    for event in events:
        QApplication.sendEvent(widget, event)


def at_a_finished_trick(qtbot: QtBot) -> tuple[MainWindow, GamePage]:
    """Euchre (seed 2) at a finished trick, the player to lead the next, the cursor on a card of the hand."""
    window, page = euchre_family_page(qtbot)
    session = page.session
    first_moves_until(session, lambda s: s.hold is not None and s.to_move == 0)
    page.view.refresh(animate=False)
    page.table.setFocus()
    send(page.table, key(QEvent.Type.KeyPress, Qt.Key.Key_Right, 100))
    assert page.view.scene.cursor is not None and page.view.scene.cursor[0] == "hand:0"
    return window, page


def test_space_held_past_a_finished_trick_leaves_it_and_plays_nothing(qtbot: QtBot) -> None:
    _, page = at_a_finished_trick(qtbot)
    session, moves = page.session, len(page.session.moves)
    space = Qt.Key.Key_Space
    send(page.table, key(QEvent.Type.KeyPress, space, 1000, text=" "))
    assert session.hold is None, "the press leaves the trick"
    send(page.table, key(QEvent.Type.KeyRelease, space, 1660, repeat=True, text=" "),
         key(QEvent.Type.KeyPress, space, 1660, repeat=True, text=" "))  # a repeat Qt marked
    send(page.table, key(QEvent.Type.KeyRelease, space, 1700, text=" "),
         key(QEvent.Type.KeyPress, space, 1700, text=" "))  # one it missed: release and press at one time
    assert len(session.moves) == moves, "the repeats played no card"
    send(page.table, key(QEvent.Type.KeyRelease, space, 1740, text=" "))  # let go
    send(page.table, key(QEvent.Type.KeyPress, space, 2300, text=" "))  # and pressed again: the card is played
    assert len(session.moves) == moves + 1


def test_the_arrows_repeat_and_a_repeat_in_another_window_is_its_own(qtbot: QtBot) -> None:
    window, page = at_a_finished_trick(qtbot)
    page.session.acknowledge()
    page.view.refresh(animate=False)
    assert page.view.scene.cursor == ("hand:0", 2), "on the last of three cards"
    send(page.table, key(QEvent.Type.KeyPress, Qt.Key.Key_Left, 1000),
         key(QEvent.Type.KeyPress, Qt.Key.Key_Left, 1660, repeat=True))
    assert page.view.scene.cursor == ("hand:0", 0), "held Left stepped twice"
    help_window = window.open_help("euchre")
    seen: list[bool] = []

    class Watch(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.KeyPress and watched is help_window:
                seen.append(True)
            return False

    watch = Watch()
    help_window.installEventFilter(watch)
    send(help_window, key(QEvent.Type.KeyPress, Qt.Key.Key_Space, 3000, repeat=True, text=" "))
    assert seen == [True], "the help window gets its own repeats (a held key scrolls it)"
