"""Two-handed Euchre in the window: listed under Euchre's tile, a whole hand by keys (H to order up, 1–6 to
play), each trick and the hand's summary held until Space."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.two_handed.plugin as two_plugin
from core.session import GameSession
from tests.gui_helpers import make_window

START = {"dealer": "N", "hands": {"S": ["JH", "AH", "KS", "QD", "9C"], "N": ["JD", "TH", "AS", "KD", "AC"]},
         "upcard": "KH", "seed": 6}


def test_two_handed_euchre_is_listed_under_euchres_tile(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "two_handed": two_plugin})
    tile = window.launcher.tiles["euchre"]
    assert tile.findChild(QPushButton, "new-two-handed-euchre") is not None
    assert any("Two-handed Euchre" in label.text() for label in tile.findChildren(QLabel))
    assert "two-handed-euchre" not in window.launcher.tiles


def test_a_hand_by_keys_order_up_play_and_the_summary(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "two_handed": two_plugin})
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
