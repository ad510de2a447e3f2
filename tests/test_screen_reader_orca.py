"""Every Orca says each of the table's words once: the words a table gives to say (the cursor moving over like
cards, T twice, a notice, a demo's moves while the focus is on the toolbar) are played to models of what each Orca
version presents, written from that version's own handlers (GNOME/orca: ``onDescriptionChanged`` and
``onAnnouncement`` in ``scripts/default.py``, later ``is_presentable_description_change`` in
``ax_utilities_event.py``) — not from this program. The way the program picks for each version must have every
version present exactly what was said; the way it had before (the table's description while it has the focus, an
announcement otherwise) is refuted by the same models."""

from __future__ import annotations

from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

import plugins.yukon.plugin as yukon_plugin
from core.session import GameSession
from gui import animation, screen_reader
from gui.table_canvas import TableCanvas
from tests.gui_helpers import make_window

VERSIONS = [(43, 1), (44, 0), (45, 0), (45, 1), (45, 2), (46, 0), (47, 0), (47, 2), (48, 0), (49, 0), (50, 0)]


@dataclass(frozen=True)
class Announced:
    words: str


@dataclass(frozen=True)
class Described:
    """A widget's description changed: to ``words``; whether it had the focus or holds it; the focus's name and
    description just after (what Orca 47.2 compares with)."""

    source: int
    words: str
    is_focus: bool
    holds_focus: bool
    focus_words: str


Event = Announced | Described


def _alike(one: str, other: str, threshold: float) -> bool:
    return round(SequenceMatcher(None, one.lower(), other.lower()).ratio(), 2) >= threshold


@dataclass
class Orca:
    """What one Orca version presents of the events, from its handlers."""

    version: tuple[int, int]
    presented: list[str] = field(default_factory=list)
    last: dict[int, str] = field(default_factory=dict)  # 48 on: the last description known of each object

    def hear(self, event: Event) -> None:
        v = self.version
        if isinstance(event, Announced):
            if v >= (45, 2):  # 45.0 and 45.1: isinstance(str, event.any_data) raises; before 45: no listener
                self.presented.append(event.words)
            return
        focused = event.is_focus or (v >= (47, 0) and event.holds_focus)  # 47 on: an ancestor of the focus too
        if v < (48, 0):
            # the old description is looked up under 'description' but stored under 'descriptions': never found
            if not focused or not event.words.strip():
                return
            if v >= (47, 2) and _redundant_47(event.focus_words, event.words):
                return
            self.presented.append(event.words)
            return
        old = self.last.get(event.source)
        if old == event.words:
            return
        if v >= (50, 0) and old and event.words and _alike(old, event.words, 0.85):
            return  # not remembered either
        self.last[event.source] = event.words
        if event.words and focused:
            self.presented.append(event.words)


def _redundant_47(focus_words: str, words: str) -> bool:
    """Orca 47.2's ``stringsAreRedundant(focus name + description, words)``."""
    if not (focus_words and words):
        return False
    if (focus_words in words and len(focus_words.split()) > 3) or (words in focus_words and len(words.split()) > 3):
        return True
    return _alike(focus_words, words, 0.7)


def test_the_models_follow_orcas_handlers() -> None:
    """The models themselves, on what each version's source says."""
    said = [Described(1, words, True, False, f"t {words}")  # the focused table "t", its new description
            for words in ("East's card in the trick: ace of spades", "East's card in the trick: queen of spades")]
    heard = {v: Orca(v) for v in [(43, 1), (47, 2), (48, 0), (50, 0)]}
    for orca in heard.values():
        for event in said:
            orca.hear(event)
        orca.hear(Announced("West: pass"))
    assert heard[(43, 1)].presented == [said[0].words, said[1].words]  # no announcements before 45.2
    assert heard[(47, 2)].presented == ["West: pass"], "the focus's own new words taken for a repeat"
    assert heard[(48, 0)].presented == [said[0].words, said[1].words, "West: pass"]
    assert heard[(50, 0)].presented == [said[0].words, "West: pass"], "85% alike: the second dropped"


def old_way(widget: QWidget, words: str) -> None:
    """How the table spoke before: its own description while it had the focus, else an announcement."""
    if isinstance(widget, TableCanvas) and widget.hasFocus():
        if words == widget.accessibleDescription():
            words += screen_reader.ZERO_WIDTH_SPACE
        widget.setAccessibleDescription(words)
    else:
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, words))


def play(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, version: tuple[int, int] | None,
         way: object = None) -> tuple[list[str], list[Event]]:
    """A table played with the keyboard, a notice, moves, Undo and Hint pressed on the toolbar (the news told while
    the focus is there), the demo: what the table gave to say, and the events a screen reader got, as the program
    speaks to ``version`` of Orca."""
    monkeypatch.setattr(screen_reader, "orca_version", lambda: version)
    monkeypatch.setattr(animation, "cpu_delay_ms", lambda: 300)  # the demo's pace, as in the window
    if way is not None:
        monkeypatch.setattr(screen_reader, "say", way)
    events: list[Event] = []
    describe, update = QWidget.setAccessibleDescription, QAccessible.updateAccessibility

    def described(widget: QWidget, words: str) -> None:
        if words == widget.accessibleDescription():
            return  # Qt tells of no change
        describe(widget, words)
        focus = QApplication.focusWidget()
        name = "" if focus is None else focus.accessibleName() or (focus.text() if isinstance(focus, QPushButton)
                                                                    else "")
        events.append(Described(id(widget), words, widget is focus, focus is not None and widget.isAncestorOf(focus),
                                "" if focus is None else f"{name} {focus.accessibleDescription()}"))

    def noted(event: QAccessibleEvent) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            events.append(Announced(event.message()))
        update(event)

    monkeypatch.setattr(QWidget, "setAccessibleDescription", described)
    monkeypatch.setattr(QAccessible, "updateAccessibility", noted)
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), deal={"number": 12},
                                               saves=window.saves))
    assert page is not None
    with qtbot.waitActive(window):
        window.activateWindow()
    page.table.setFocus()
    told: list[str] = []
    page.table.announced.connect(told.append)
    events.clear()
    for key in [Qt.Key.Key_Right, Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Space,
                Qt.Key.Key_Space, Qt.Key.Key_T, Qt.Key.Key_T, Qt.Key.Key_Right, Qt.Key.Key_Left, Qt.Key.Key_Right]:
        qtbot.keyClick(page.table, key)
    page.show_notice("Progress cannot be saved (disk full); play goes on.")
    for _ in range(3):  # moves, told as the table has them
        hint = page.session.hint(counted=False)
        assert hint is not None and page.view.play(hint.move)
        qtbot.wait(300)
    for name, presses in (("undo", 2), ("hint", 1)):  # a keyboard player's Tab, then Space: the focus stays there
        button = page.buttons[name]
        button.setFocus()
        for _ in range(presses):
            qtbot.keyClick(button, Qt.Key.Key_Space)
            qtbot.wait(300)
        assert button.hasFocus()
    before = len(told)
    qtbot.keyClick(page.buttons["demo"], Qt.Key.Key_Space)  # said on the button; the table takes the focus
    qtbot.waitUntil(lambda: len(told) >= before + 4, timeout=30000)
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    assert not page.view.demo
    qtbot.wait(400)  # the table's last news
    qtbot.keyClick(page.table, Qt.Key.Key_Left)
    assert len(told) >= 20 and any(said.startswith("Demo:") for said in told), told
    return told, events


def presented(version: tuple[int, int], events: list[Event]) -> list[str]:
    orca = Orca(version)
    for event in events:
        orca.hear(event)
    return [words.rstrip(screen_reader.ZERO_WIDTH_SPACE) for words in orca.presented]


@pytest.mark.parametrize("by_description", [True, False], ids=["orca-before-45.2", "orca-45.2-on"])
def test_every_orca_presents_each_word_the_table_says_once(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                                          by_description: bool) -> None:
    told, events = play(qtbot, monkeypatch, (43, 1) if by_description else (50, 0))
    for version in VERSIONS:
        if (version < screen_reader.ANNOUNCED_FROM) == by_description:
            assert presented(version, events) == told, version


def test_the_way_before_left_orca_43_off_the_table_47_on_it_and_50_short(qtbot: QtBot,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    told, events = play(qtbot, monkeypatch, None, old_way)
    heard = {version: presented(version, events) for version in VERSIONS}
    assert heard[(46, 0)] == heard[(48, 0)] == told  # the versions it was right for
    assert len(heard[(43, 1)]) < len(told), "the news while the focus was on the toolbar: not said"
    assert len(heard[(47, 2)]) <= len(told) // 4, "the table's own news taken for a repeat of its words"
    assert 0 < len(heard[(50, 0)]) < len(told), "words like the last dropped"


def test_the_running_orcas_version_is_read_from_its_files(tmp_path: Path) -> None:
    proc, usr = tmp_path / "proc", tmp_path / "usr"
    (proc / "1").mkdir(parents=True)
    (proc / "1" / "cmdline").write_bytes(b"/sbin/init\0")
    (proc / "self").mkdir()
    assert screen_reader.orca_version_in(proc) is None, "no Orca running"
    (proc / "812").mkdir()
    script = str(usr / "bin" / "orca").encode()
    (proc / "812" / "cmdline").write_bytes(b"/usr/bin/python3\0" + script + b"\0--replace\0")
    assert screen_reader.orca_version_in(proc) is None, "running, but its version unknown"
    platform = usr / "lib" / "python3" / "dist-packages" / "orca" / "orca_platform.py"
    platform.parent.mkdir(parents=True)
    (usr / "bin").mkdir()
    platform.write_text('revision    = ""\nversion     = "43.1"\npackage = "orca"\n')
    assert screen_reader.orca_version_in(proc) == (43, 1)
    platform.write_text('version     = "50.0.9"\n')
    assert screen_reader.orca_version_in(proc) == (50, 0, 9)
    assert screen_reader.orca_version_in(tmp_path / "none") is None
