"""Letter keys under a layout that types no Latin letter: read as the key they are on (``gui/latin_keys.py``).
The offscreen platform reports no scan codes of its own, so these tests make the presses X or Wayland would,
and the table's tests take the offscreen platform for one that does."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gui import latin_keys
from gui.latin_keys import latin_key_event

SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


def press(typed: str, scan_code: int, modifiers: Qt.KeyboardModifier = NONE) -> QKeyEvent:
    """A press as Qt's X11 plugin makes it: the key code of the letter typed (Qt's code for a letter is its
    upper case), the X keycode as scan code."""
    return QKeyEvent(QEvent.Type.KeyPress, Qt.Key(ord(typed.upper())), modifiers, scan_code, 0, 0, typed)


@pytest.mark.parametrize(("typed", "scan_code", "modifiers", "key", "text"), [
    ("р", 43, NONE, "H", "h"),  # Russian: the key marked H
    ("Р", 43, SHIFT, "H", "H"),
    ("ч", 53, NONE, "X", "x"),  # Euchre's pass
    ("φ", 41, NONE, "F", "f"),  # Greek
    ("פ", 33, NONE, "P", "p"),  # Hebrew: the key marked P pauses
    ("ち", 38, NONE, "A", "a"),  # kana typed on a Japanese keyboard
    ("&", 10, NONE, "1", "1"),  # French AZERTY: the key marked 1, which types 1 only with Shift
    ("é", 11, NONE, "2", "2"),
    ("à", 19, NONE, "0", "0"),
    ("ě", 11, NONE, "2", "2"),  # Czech
])
def test_a_letter_of_another_script_is_the_key_it_is_typed_on(
        typed: str, scan_code: int, modifiers: Qt.KeyboardModifier, key: str, text: str) -> None:
    for platform in ("xcb", "wayland"):
        latin = latin_key_event(press(typed, scan_code, modifiers), platform)
        assert (latin.key(), latin.text(), latin.nativeScanCode()) == (ord(key), text, scan_code)
        assert latin.modifiers() == modifiers


@pytest.mark.parametrize(("typed", "scan_code", "modifiers"), [
    ("h", 43, NONE),  # the US layout
    ("7", 16, NONE),
    ("!", 10, SHIFT),  # the US layout's Shift+1
    ("z", 29, NONE),  # German: Z where the US layout has Y, left as typed
    ("a", 24, NONE),  # French: A where the US layout has Q
    ("?", 58, SHIFT),  # French: ? where the US layout has M
    ("р", 200, NONE),  # a key off the letter rows
])
def test_latin_letters_and_other_keys_are_left_as_typed(typed: str, scan_code: int,
                                                      modifiers: Qt.KeyboardModifier) -> None:
    event = press(typed, scan_code, modifiers)
    assert latin_key_event(event, "xcb") is event


def test_where_scan_codes_are_not_x_keycodes_the_press_is_left_as_it_is() -> None:
    event = press("р", 43)
    for platform in ("windows", "cocoa", "offscreen"):
        assert latin_key_event(event, platform) is event


def send(widget: QObject, event: QKeyEvent) -> None:
    QApplication.sendEvent(widget, event)


def test_the_table_and_a_focused_toolbar_button_take_russian_letters(qtbot: QtBot,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Yukon's H hints, F sends the hinted card home and P pauses, typed as р, а and з under the Russian
    layout: the table's keys, and P with a toolbar button focused."""
    from tests.test_gui_yukon import open_deal

    monkeypatch.setattr(latin_keys, "SCAN_CODE_PLATFORMS", frozenset({"offscreen"}))
    _, page = open_deal(qtbot)
    page.table.setFocus()
    send(page.table, press("р", 43))
    hint = page.view.hint
    assert hint is not None and hint.move == "4>F", "H asked for the hint"
    send(page.table, press("а", 41))
    assert page.session.moves == ["4>F"], "F sent the picked ace home"
    page.buttons["undo"].setFocus()
    send(page.buttons["undo"], press("з", 33))
    assert page.session.paused, "P paused with a toolbar button focused"


def test_t_reads_the_last_hand_aloud_from_its_buttons_under_a_russian_layout(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """T (typed е under the Russian layout) with the last hand's Next button focused: the frame is read."""
    from tests.gui_helpers import euchre_family_page
    from tests.session_helpers import first_moves_until

    monkeypatch.setattr(latin_keys, "SCAN_CODE_PLATFORMS", frozenset({"offscreen"}))
    _, page = euchre_family_page(qtbot)
    session = page.session
    first_moves_until(session, lambda s: s.observation(0).previous is not None and s.hold is None)
    page.update_controls()
    review = page.review_last_hand()
    assert review is not None
    heard: list[str] = []
    review.canvas.announced.connect(heard.append)
    review.next.setFocus()
    send(review.next, press("е", 28))
    assert heard and heard[-1].startswith(review.frames[0].status.en), heard
