"""Two- and three-handed Euchre in the window: listed under Euchre's tile, a whole hand by keys (H to order
up, 1–6 to play), each trick and the hand's summary held until Space."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

import plugins.cutthroat.plugin as cut_plugin
import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.session import GameSession
from plugins.euchre.public import DECK
from tests.gui_helpers import make_window
from tests.session_helpers import until_person

START = {"dealer": "N", "hands": {"S": ["JH", "JD", "AH", "AS", "TS"], "N": ["9C", "TH", "QS", "KD", "AC"]},
         "upcard": "KH", "seed": 6}


def test_both_tables_are_listed_under_euchres_tile(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "cutthroat": cut_plugin})
    tile = window.launcher.tiles["euchre"]
    for game_id, name in (("two-handed-euchre", "Two-handed Euchre"), ("three-handed-euchre", "Three-handed Euchre")):
        assert tile.findChild(QPushButton, f"new-{game_id}") is not None
        assert any(name in label.text() for label in tile.findChildren(QLabel))
        assert game_id not in window.launcher.tiles


def test_a_tile_beside_euchres_taller_one_keeps_its_text_and_buttons_at_the_top(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "cutthroat": cut_plugin, "yukon": yukon_plugin})
    euchre, yukon = window.launcher.tiles["euchre"], window.launcher.tiles["yukon"]
    assert yukon.height() == euchre.height()  # side by side in one row, Euchre's variants make it tall
    name = next(label for label in yukon.findChildren(QLabel) if label.objectName() == "title")
    assert name.height() < 2 * name.sizeHint().height()  # not stretched, its text floating in empty space
    assert yukon.findChild(QPushButton, "new-yukon").geometry().bottom() < yukon.height() / 2


def test_a_hand_by_keys_order_up_play_and_the_summary(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "cutthroat": cut_plugin})
    game = window.host.game("two-handed-euchre")
    session = GameSession.new(game, game.settings.defaults(), deal=START, saves=window.saves)
    page = window.open_session(session)
    assert page is not None and page.session.to_move == 0
    assert set(page.view.scene.buttons) == {"order", "pass"}
    qtbot.keyClick(page.table, Qt.Key.Key_H)  # South orders up hearts
    assert page.session.moves[0] == "order"
    holds = []
    while page.session.state.number == 0 or page.session.hold is not None:
        qtbot.waitUntil(lambda: page.session.hold is not None or page.session.to_move == 0, timeout=10000)
        if page.session.hold is not None:
            holds.append(page.session.hold)
            qtbot.keyClick(page.table, Qt.Key.Key_Space)
            continue
        before = len(page.session.moves)
        for key in range(Qt.Key.Key_1, Qt.Key.Key_7):
            qtbot.keyClick(page.table, Qt.Key(key))
            if len(page.session.moves) > before:
                break
        assert len(page.session.moves) > before
    assert holds == [f"trick:0:{n}" for n in range(1, 6)] + ["hand:0"]
    result = page.session.state.results[0]
    assert result.maker == 0 and sum(result.points) in (1, 2)


THREE = {"dealer": "E", "hands": {"S": ["JH", "JD", "AH", "KS", "9C"], "W": ["TH", "AS", "KD", "AC", "9D"],
                                  "E": ["QH", "QS", "QD", "QC", "9S"]}, "upcard": "KH", "seed": 8}


def test_a_three_handed_hand_by_keys_with_west_and_east_playing(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "cutthroat": cut_plugin})
    game = window.host.game("three-handed-euchre")
    session = GameSession.new(game, game.settings.defaults(), deal=THREE, saves=window.saves)
    page = window.open_session(session)
    assert page is not None and page.session.to_move == 0  # South sits left of the dealer East
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    assert page.session.moves[0] == "order"
    holds = []
    while page.session.state.number == 0 or page.session.hold is not None:
        qtbot.waitUntil(lambda: page.session.hold is not None or page.session.to_move == 0, timeout=10000)
        if page.session.hold is not None:
            holds.append(page.session.hold)
            qtbot.keyClick(page.table, Qt.Key.Key_Space)
            continue
        before = len(page.session.moves)
        for key in range(Qt.Key.Key_1, Qt.Key.Key_7):
            qtbot.keyClick(page.table, Qt.Key(key))
            if len(page.session.moves) > before:
                break
        assert len(page.session.moves) > before
    assert holds == [f"trick:0:{n}" for n in range(1, 6)] + ["hand:0"]
    result = page.session.state.results[0]
    assert result.maker == 0 and len(result.points) == 3


def test_a_long_summary_wraps_and_its_panel_stays_inside_the_table(qtbot: QtBot) -> None:
    """Three-handed: South orders up holding nothing and is euchred. At this window size the summary's title
    is wider than the table on one line (the panel ran off the left edge, found by the monkey test)."""
    window = make_window(qtbot, {"euchre": euchre_plugin, "cutthroat": cut_plugin})
    window.resize(966, 802)
    game = window.host.game("three-handed-euchre")
    south, west = ["9S", "TS", "9C", "TC", "9D"], ["JH", "JD", "AH", "KH", "QH"]
    east = [c.text for c in DECK if c.text not in {*south, *west, "9H"}][:5]
    deal = {"dealer": "E", "hands": {"S": south, "W": west, "E": east}, "upcard": "9H", "seed": 2}
    session = GameSession.new(game, game.settings.defaults(), deal=deal, players=[None, None, None],
                              saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    session.play("order")
    while session.hold != "hand:0":
        if session.hold is not None:
            session.acknowledge()
        else:
            session.play(session.legal_moves()[0])
    qtbot.waitUntil(lambda: page.view.scene.hold_item.isVisible(), timeout=20000)
    panel = page.view.scene.hold_item
    shown = page.table.mapToScene(page.table.viewport().rect()).boundingRect()
    assert shown.contains(panel.sceneBoundingRect()), (panel.sceneBoundingRect(), shown)
    assert len(panel.title.lines) == 2 and panel.title.lines[-1].endswith("each other player")


def test_the_hint_button_outlines_order_up_and_h_a_card_with_the_reason_above_the_hand(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "cutthroat": cut_plugin})
    game = window.host.game("two-handed-euchre")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), deal=START, saves=window.saves))
    assert page is not None and page.session.to_move == 0
    page.view.cpu_timer.stop()
    assert page.buttons["hint"].isVisible() and page.buttons["hint"].isEnabled()
    page.buttons["hint"].click()
    assert page.view.hint is not None and page.view.hint.move == "order"
    hinted = [c.choice.move for c in page.view.scene.buttons.values() if c.choice.hinted]
    assert hinted == ["order"] and page.view.scene.texts["hint"].isVisible()
    assert " ".join(page.view.scene.texts["hint"].lines) == page.view.hint.reason.en  # wrapped above the hand
    qtbot.keyClick(page.table, Qt.Key.Key_H)  # while bidding H orders up hearts, and the hint goes
    assert page.session.moves[0] == "order" and page.view.hint is None
    until_person(page.session)
    page.view.refresh(animate=False)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    assert page.view.hint is not None and page.view.hint.move.startswith(("play ", "discard "))
    assert page.view.scene.cards[page.view.hint.move.split()[1]].hinted
    assert page.session.hints == 2
