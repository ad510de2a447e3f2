"""The Demo, offscreen: the hint plays the person's moves until the game ends or the hint has no move, passes the
moments a table holds, stops at the player's first key or click (which does nothing else), waits behind a pause
and a dialog, and counts as one hint."""

from __future__ import annotations

import dataclasses
import threading

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.game import Hint
from core.session import GameSession
from gui.game_page import GamePage
from gui.window import MainWindow
from tests.gui_helpers import make_window


def yukon_deal(qtbot: QtBot, number: int) -> tuple[MainWindow, GamePage]:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), deal={"number": number},
                                               saves=window.saves))
    assert page is not None
    return window, page


def test_the_demo_wins_a_deal_the_hint_wins_and_it_counts_as_one_hint(qtbot: QtBot) -> None:
    window, page = yukon_deal(qtbot, 12)  # the hint alone wins deal 12 in 90 moves
    page.buttons["demo"].click()
    assert page.view.demo and page.buttons["demo"].text() == "Stop demo"
    assert "Any key or click on the table stops it" in page.notice.text()  # under the button just pressed
    assert page.status.text().startswith("Demo — any key or click stops it")
    qtbot.waitUntil(lambda: page.session.is_over, timeout=20000)
    assert page.session.state.won and not page.view.demo
    assert page.session.hints == 1
    assert page.notice.text() == "The demo has played the game to its end."
    assert page.buttons["demo"].text() == "Demo" and not page.buttons["demo"].isEnabled()
    events, _ = window.stats.load(window.host.slot("yukon"))
    assert events[-1]["won"] and events[-1]["help"]  # won with help, not on the player's own


def test_the_demo_stops_where_the_hint_has_no_move_and_says_why_on_the_table(qtbot: QtBot) -> None:
    _, page = yukon_deal(qtbot, 7)  # the hint, seeing only face-up cards, runs deal 7 into a dead end
    page.buttons["demo"].click()
    qtbot.waitUntil(lambda: not page.view.demo, timeout=20000)
    assert not page.session.is_over and page.session.moves
    hint = page.view.hint
    assert hint is not None and hint.move == "" and "cannot be won from here" in hint.reason.get("en")
    assert page.buttons["demo"].text() == "Demo" and page.buttons["undo"].isEnabled()
    assert page.notice.text() == "The demo stopped: the hint has no move here (its reason is on the table)."


def test_a_key_on_the_table_stops_the_demo_and_does_nothing_else(qtbot: QtBot) -> None:
    window, page = yukon_deal(qtbot, 12)
    with qtbot.waitActive(window):  # shortcuts belong to the active window, as a person's keys do
        window.activateWindow()
    qtbot.keyPress(page.table, Qt.Key.Key_Control)  # the first half of Ctrl+D: not a key of its own
    qtbot.keyClick(page.table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert page.view.demo
    bubble = page.view.scene.refusal_item  # started by a key: said on the table, where the player looks
    assert bubble.isVisible() and " ".join(bubble.lines) == "Demo — any key or click stops it"
    qtbot.keyPress(page.table, Qt.Key.Key_Control)
    assert page.view.demo, "Ctrl on its way to Ctrl+D does not stop the demo"
    qtbot.waitUntil(lambda: len(page.session.moves) >= 5, timeout=10000)
    page.view.demo_timer.stop()  # as if the key came between two of the demo's moves
    moves, ui = list(page.session.moves), page.view.ui
    qtbot.keyClick(page.table, Qt.Key.Key_Space)  # would pick a card up, were the demo not running
    assert not page.view.demo and page.session.moves == moves and page.view.ui == ui
    qtbot.wait(50)
    assert page.session.moves == moves, "stopped means stopped"
    qtbot.keyClick(page.table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert page.view.demo
    qtbot.keyClick(page.table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert not page.view.demo  # Ctrl+D again stops it
    assert page.session.hints == 2  # each demo is one hint


def test_a_click_on_the_table_stops_the_demo(qtbot: QtBot) -> None:
    _, page = yukon_deal(qtbot, 12)
    page.buttons["demo"].click()
    qtbot.waitUntil(lambda: len(page.session.moves) >= 3, timeout=10000)
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(8, 8))  # the empty felt
    assert not page.view.demo
    page.buttons["demo"].click()
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.RightButton, pos=QPoint(8, 8))
    assert not page.view.demo, "any button of the mouse"


def test_a_pause_holds_the_demo_and_resuming_goes_on(qtbot: QtBot) -> None:
    _, page = yukon_deal(qtbot, 12)
    page.buttons["demo"].click()
    qtbot.waitUntil(lambda: len(page.session.moves) >= 3, timeout=10000)
    page.buttons["pause"].click()
    moves = len(page.session.moves)
    qtbot.wait(100)
    assert len(page.session.moves) == moves and page.view.demo
    page.buttons["pause"].click()
    qtbot.waitUntil(lambda: len(page.session.moves) > moves, timeout=10000)


@pytest.mark.parametrize("opponents", ["easy", "hard"])
def test_the_demo_plays_a_euchre_match_through_its_held_tricks_to_the_end(qtbot: QtBot, opponents: str) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    window.settings_store.save("euchre", {**game.settings.defaults(), "opponents": opponents, "target": 5})
    page = window.new_game("euchre")
    assert page is not None
    page.buttons["demo"].click()
    assert page.view.demo  # at once, even while the CPU players bid first: the demo waits for the player's turn
    qtbot.waitUntil(lambda: page.session.is_over, timeout=60000)
    assert not page.view.demo and page.session.hints == 1
    assert page.session.hold is not None  # the match's last summary stays for the player to read
    events, _ = window.stats.load(window.host.slot("euchre"))
    match = next(event for event in events if event.get("kind") == "match")
    assert match["help"]  # a match the demo played is not won on the player's own


def test_the_demo_waits_behind_the_last_hand_window(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    page = window.new_game("euchre")
    assert page is not None
    page.buttons["demo"].click()
    qtbot.waitUntil(lambda: page.buttons["last_hand"].isEnabled(), timeout=30000)
    review = page.review_last_hand()
    assert review is not None
    moves = len(page.session.moves)
    qtbot.wait(100)
    assert len(page.session.moves) == moves, "no move behind the window the player reads"
    review.close()
    qtbot.waitUntil(lambda: len(page.session.moves) > moves, timeout=10000)
    assert page.view.demo


def test_a_hint_the_rules_refuse_stops_the_demo_with_the_reason_on_the_table(qtbot: QtBot,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _, page = yukon_deal(qtbot, 12)
    wrong = dataclasses.replace(page.session.game, hint=lambda observation, legal: Hint("1>2"))
    monkeypatch.setattr(page.session, "game", wrong)  # a plugin's hint gone wrong
    page.buttons["demo"].click()
    qtbot.waitUntil(lambda: not page.view.demo, timeout=20000)
    assert not page.session.moves
    assert page.view.scene.refusal_item.isVisible()
    assert " ".join(page.view.scene.refusal_item.lines) == "7♦ is not one lower than 9♥"
    assert page.notice.text().startswith("The demo stopped: the game refused the hint's move")


def test_stopping_the_demo_takes_its_note_away_but_not_a_standing_message(qtbot: QtBot) -> None:
    _, page = yukon_deal(qtbot, 12)
    page.show_notice("Progress cannot be saved (disk full); play goes on.")  # stays until closed
    page.buttons["demo"].click()
    assert page.notice.text().startswith("Demo: the hint plays for you")
    page.buttons["demo"].click()
    assert not page.view.demo
    assert page.notice.text() == "Progress cannot be saved (disk full); play goes on."
    page.notice_bar.dismiss()
    page.buttons["demo"].click()
    page.buttons["demo"].click()
    assert page.notice_bar.isHidden()


def test_the_toolbar_stands_still_as_the_demo_starts_and_stops(qtbot: QtBot) -> None:
    _, page = yukon_deal(qtbot, 12)

    def places() -> dict[str, object]:
        page.layout().activate()  # laid out now, however busy the machine
        return {name: button.geometry() for name, button in page.buttons.items()}

    before = places()
    page.buttons["demo"].click()
    page.buttons["pause"].click()  # Resume, in Pause's place
    assert page.buttons["demo"].text() == "Stop demo" and page.buttons["pause"].text() == "Resume"
    assert places() == before


def slow_hint(page: GamePage, monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, list[int]]:
    """The game's hint made slow, as a plugin's search may be: it waits for the event (10 s at most)."""
    release, asked = threading.Event(), []
    hint = page.session.game.hint
    assert hint is not None

    def slow(observation: object, legal: object) -> Hint | None:
        asked.append(1)
        release.wait(10)
        return hint(observation, legal)

    monkeypatch.setattr(page.session, "game", dataclasses.replace(page.session.game, hint=slow))
    return release, asked


def test_a_slow_hint_leaves_the_window_answering_and_is_dropped_when_the_position_moves_on(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin's hint that searched for seconds froze the window (the hint ran on the window's thread): now the
    table says a hint is being looked for and the window answers; a second asking meanwhile is not a second
    search; the hint shows once it comes, counted once; a move or a pause meanwhile drops it."""
    monkeypatch.setattr("gui.table_view.HINT_WAIT_MS", 100)
    _, page = yukon_deal(qtbot, 12)
    release, asked = slow_hint(page, monkeypatch)
    page.buttons["hint"].click()
    assert page.view.hint is None and page.view.scene.refusal_item.isVisible()
    assert " ".join(page.view.scene.refusal_item.lines) == "Looking for a hint…"
    qtbot.keyClick(page.table, "?")
    assert len(asked) == 1 and page.session.hints == 0
    assert page.view.scene.refusal_item.isVisible(), "asked again: still said (the key took the words away)"
    release.set()
    qtbot.waitUntil(lambda: page.view.hint is not None, timeout=20000)
    assert page.session.hints == 1 and not page.view.scene.refusal_item.isVisible()
    assert page.view.hint.reason.en in page.status.text()

    release.clear()
    page.buttons["hint"].click()
    page.view.play(page.session.legal_moves()[0])  # the player moves on meanwhile
    assert not page.view.scene.refusal_item.isVisible()
    page.buttons["hint"].click()
    assert len(asked) == 3, "asked at the new position at once, not after the old one's answer"
    release.set()
    qtbot.waitUntil(lambda: page.view.hint is not None, timeout=20000)
    qtbot.wait(300)
    assert page.session.hints == 2, "a hint for a position gone is not shown, nor counted"
    assert page.view.play(page.view.hint.move) and page.view.hint is None
    release.clear()
    page.buttons["hint"].click()
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    release.set()
    qtbot.wait(300)
    assert page.view.hint is None and page.session.hints == 2, "nor one asked before a pause"
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    page.buttons["hint"].click()
    qtbot.waitUntil(lambda: page.view.hint is not None, timeout=20000)
    assert page.session.hints == 3


def test_the_demo_plays_on_with_a_slow_hint(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _, page = yukon_deal(qtbot, 12)
    release, asked = slow_hint(page, monkeypatch)
    release.set()  # each hint still comes from a worker thread, and slowly enough for the table to say so
    monkeypatch.setattr("gui.table_view.HINT_WAIT_MS", 0)
    page.buttons["demo"].click()
    qtbot.waitUntil(lambda: len(page.session.moves) >= 5, timeout=10000)
    assert page.view.demo and page.session.hints == 1 and len(asked) >= 5


@pytest.mark.parametrize("wait", [0.0, 0.6], ids=["at-once", "after-the-window-went-on"])
def test_a_hint_that_raises_ends_the_game_with_the_error_named_and_the_save_set_aside(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, wait: float) -> None:
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr("gui.table_view.HINT_WAIT_MS", 300)
    window, page = yukon_deal(qtbot, 12)
    page.view.play(page.session.legal_moves()[0])

    def broken(observation: object, legal: object) -> Hint | None:
        threading.Event().wait(wait)
        raise RuntimeError("the hint lost its way")

    monkeypatch.setattr(page.session, "game", dataclasses.replace(page.session.game, hint=broken))
    qtbot.keyClick(page.table, "?")
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "error_dialog") is not None, timeout=20000)
    box = window.findChild(QMessageBox, "error_dialog")
    assert "RuntimeError: the hint lost its way" in box.text() and "Continue will not run into" in box.text()
    assert any(p.name.startswith("yukon.json.crash-") for p in window.saves.directory.iterdir())
