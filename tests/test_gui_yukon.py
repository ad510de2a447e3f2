"""Playing Yukon in the window: by mouse, by keyboard, undo, hint, pause and continuing after a restart."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

import plugins.yukon.plugin as yukon_plugin
from core.cards import Card
from core.session import GameSession
from gui.game_page import GamePage
from gui.window import MainWindow
from tests.gui_helpers import click, make_window

C = Card.parse


def open_deal(qtbot: QtBot, number: int = 12) -> tuple[MainWindow, GamePage]:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    session = GameSession.new(game, game.settings.defaults(), deal={"number": number}, saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    return window, page


def test_play_by_clicks_select_shows_destinations_and_a_click_moves(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    view = page.view
    click(qtbot, page, view.items[C("TD")])  # column 3: 10♦ 3♥ K♣ 9♠ 2♠
    assert sorted(i.card.text for i in view.items.values() if i.selected_mark) == ["2S", "3H", "9S", "KC", "TD"]
    assert view.items[C("JC")].destination and not view.items[C("9H")].destination
    click(qtbot, page, view.items[C("9H")])  # not legal: nothing moves, the selection stays
    assert page.session.moves == [] and view.selection is not None
    assert "10♦ is not one lower than 9♥" in page.status.text()
    click(qtbot, page, view.items[C("JC")])
    assert page.session.moves == ["3.5>6"] and view.selection is None
    assert page.session.state.hidden[2] == 1, "the face-down 4♦ turned up"
    assert view.items[C("4D")].face_up


def test_clicking_the_same_card_or_the_table_clears_the_selection(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    view = page.view
    click(qtbot, page, view.items[C("TD")])
    click(qtbot, page, view.items[C("TD")])
    assert view.selection is None
    click(qtbot, page, view.items[C("TD")])
    view.scene.background_clicked.emit()
    assert view.selection is None and not any(i.destination for i in view.items.values())


def test_play_by_keys_cursor_enter_digits_and_foundation(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    table = page.table
    qtbot.keyClick(table, Qt.Key.Key_Right)  # shows the cursor on column 1's front card
    assert page.view.cursor_visible and page.view.cursor == (0, 0)
    for _ in range(3):
        qtbot.keyClick(table, Qt.Key.Key_Right)
    assert page.view.cursor == (3, 7)  # column 4's front card, A♥
    qtbot.keyClick(table, Qt.Key.Key_F)
    assert page.session.moves == ["4>F"]
    qtbot.keyClick(table, Qt.Key.Key_Left)
    for _ in range(4):
        qtbot.keyClick(table, Qt.Key.Key_Up)
    assert page.view.cursor == (2, 2)  # 10♦, the deepest face-up card of column 3
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert page.view.selection is not None and page.view.selection.count == 5
    qtbot.keyClick(table, Qt.Key.Key_6)
    assert page.session.moves == ["4>F", "3.5>6"]
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert page.view.selection is None


def test_undo_takes_back_a_move_that_turned_a_card(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    start = page.session.state
    page.session.play("3.5>6")
    page.view.refresh()
    page.update_controls()
    assert page.buttons["undo"].isEnabled()
    qtbot.keyClick(page.table, Qt.Key.Key_Z)
    assert page.session.state == start and not page.view.items[C("4D")].face_up
    assert not page.buttons["undo"].isEnabled()


def test_hint_highlights_a_card_and_its_destination_and_the_player_moves(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    view = page.view
    selected = [i for i in view.items.values() if i.selected_mark]
    destinations = [i for i in list(view.items.values()) + view.column_slots + view.foundation_slots if i.destination]
    assert selected and len(destinations) == 1 and page.session.moves == []
    click(qtbot, page, destinations[0])
    assert len(page.session.moves) == 1


def test_continue_after_restarting_the_program(qtbot: QtBot) -> None:
    window, page = open_deal(qtbot)
    page.session.play("4>F")
    page.session.play("3.5>6")
    state = page.session.state
    window.close()
    again = make_window(qtbot, {"yukon": yukon_plugin})
    qtbot.mouseClick(again.launcher.tiles["yukon"].findChild(QPushButton, "continue-yukon"),
                     Qt.MouseButton.LeftButton)
    assert again.page is not None and again.page.session.state == state
    assert "2 moves" in again.page.status.text() and "Deal 12" in again.page.status.text()


def test_restart_returns_to_the_start_of_the_same_deal(qtbot: QtBot) -> None:
    window, page = open_deal(qtbot, 617)
    page.session.play(page.session.legal_moves()[0])
    qtbot.mouseClick(page.buttons["restart"], Qt.MouseButton.LeftButton)
    assert window.page is not None and window.page.session.state.deal_number == 617
    assert window.page.session.moves == []
