"""Bid Euchre in the window: listed under Euchre's tile, the auction by keys (3–6, X), the declaration
(S H D C, N, L), cards by 1–6, each trick and the hand's summary held until Space."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

import plugins.bid_euchre.plugin as bid_plugin
import plugins.euchre.plugin as euchre_plugin
from core.session import GameSession
from gui.game_page import GamePage
from tests.gui_helpers import make_window
from tests.session_helpers import until_person

HANDS = {"S": ["JH", "JD", "AH", "KH", "QH", "TH"], "W": ["9H", "9C", "TC", "QC", "KC", "AC"],
         "N": ["AS", "KS", "QS", "JS", "TS", "9S"], "E": ["9D", "TD", "QD", "KD", "AD", "JC"]}


def _open_hands(qtbot: QtBot) -> GamePage:
    """A window with Bid Euchre open on ``HANDS``, East dealing: South bids first."""
    window = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin})
    game = window.host.game("bid-euchre")
    session = GameSession.new(game, game.settings.defaults(), deal={"dealer": "E", "hands": HANDS, "seed": 3},
                              saves=window.saves)
    page = window.open_session(session)
    assert page is not None and page.session.to_move == 0
    return page


def test_bid_euchre_is_listed_under_euchres_tile(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin})
    tile = window.launcher.tiles["euchre"]
    assert tile.findChild(QPushButton, "new-bid-euchre") is not None
    assert any("Bid Euchre" in label.text() for label in tile.findChildren(QLabel))
    assert "bid-euchre" not in window.launcher.tiles, "a variant has no tile of its own"


def test_a_hand_by_keys_auction_declaration_play_and_the_summary(qtbot: QtBot) -> None:
    page = _open_hands(qtbot)
    buttons = page.view.scene.buttons
    assert {"bid:3", "bid:4", "bid:5", "bid:6", "pass"} <= set(buttons)
    assert [buttons[f"bid:{n}"].choice.key for n in range(3, 7)] == ["3", "4", "5", "6"]
    qtbot.keyClick(page.table, Qt.Key.Key_5)  # South bids 5
    assert page.session.moves[0] == "bid 5"
    qtbot.waitUntil(lambda: page.session.state.hand.phase.value != "auction", timeout=20000)
    holds = []
    while page.session.state.number == 0 or page.session.hold is not None:
        qtbot.waitUntil(lambda: page.session.hold is not None or page.session.to_move == 0, timeout=10000)
        if page.session.hold is not None:
            holds.append(page.session.hold)
            qtbot.keyClick(page.table, Qt.Key.Key_Space)
            continue
        if page.session.state.hand.phase.value == "declare":
            qtbot.keyClick(page.table, Qt.Key.Key_H)
            continue
        before = len(page.session.moves)
        for key in range(Qt.Key.Key_1, Qt.Key.Key_7):
            qtbot.keyClick(page.table, Qt.Key(key))
            if len(page.session.moves) > before:
                break
        assert len(page.session.moves) > before
    assert holds[-2:] == ["trick:0:6", "hand:0"] and len(holds) == 7
    result = page.session.state.results[0]
    assert sum(result.points) == 6 or not result.made


def test_a_bid_euchre_game_continues_after_restarting_the_program(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin})
    game = window.host.game("bid-euchre")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), saves=window.saves,
                                               deal={"dealer": "E", "hands": HANDS, "seed": 3}))
    assert page is not None
    page.session.autosave()
    qtbot.keyClick(page.table, Qt.Key.Key_4)
    state = page.session.state
    window.close()
    again = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin})
    button = again.launcher.tiles["euchre"].findChild(QPushButton, "continue-bid-euchre")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert again.page is not None and again.page.session.moves[0] == "bid 4"
    assert again.page.session.state.hand.bids[0] == state.hand.bids[0]


def test_the_hint_button_outlines_the_bid_and_h_the_card_with_the_reason_above_the_hand(qtbot: QtBot) -> None:
    page = _open_hands(qtbot)
    page.view.cpu_timer.stop()
    assert page.buttons["hint"].isVisible() and page.buttons["hint"].isEnabled()
    page.buttons["hint"].click()
    assert page.view.hint is not None and page.view.hint.move.startswith("bid ")
    hinted = [c.choice.move for c in page.view.scene.buttons.values() if c.choice.hinted]
    assert hinted == [page.view.hint.move] and page.view.scene.texts["hint"].isVisible()
    assert page.view.hint.reason.en in page.view.scene.texts["hint"].lines[0]
    qtbot.keyClick(page.table, Qt.Key.Key_X)  # passing clears the hint
    assert page.session.moves[0] == "pass" and page.view.hint is None
    until_person(page.session, lambda s: s.state.hand.phase.value == "play")
    page.view.refresh(animate=False)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    assert page.view.hint is not None and page.view.hint.move.startswith("play ")
    assert page.view.scene.cards[page.view.hint.move.split()[1]].hinted
    assert page.session.hints == 2
