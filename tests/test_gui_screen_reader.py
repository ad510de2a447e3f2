"""What a screen reader gets from the table, offscreen: the canvas named after the game; what it says — the whole
table on T, the card under the keyboard cursor, the table button Tab reaches, what the CPU players do, a refused
move once, the notice bar — as the canvas's new description while it has the focus (read here through Qt's
accessibility interface, as AT-SPI reads it) or else as an announcement; in the player's language; nothing of the
table while it is paused."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.session import GameSession
from core.table_words import card_words
from gui import animation, table_canvas, table_view
from gui.game_page import GamePage
from gui.i18n import set_language
from gui.window import MainWindow
from tests.gui_helpers import make_window


def open_game(qtbot: QtBot, name: str, module: object, seed: int = 3, **deal: object) -> tuple[MainWindow, GamePage,
                                                                                               list[str]]:
    window = make_window(qtbot, {name: module})
    game = window.host.game(name)
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=seed, deal=dict(deal) or None,
                                               saves=window.saves))
    assert page is not None
    heard: list[str] = []
    page.table.announced.connect(heard.append)
    with qtbot.waitActive(window):
        window.activateWindow()
    page.table.setFocus()
    return window, page, heard


@pytest.fixture
def announced(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The announcements the program sends, as Qt's accessibility gets them."""
    said: list[str] = []
    update = QAccessible.updateAccessibility

    def noted(event: QAccessibleEvent) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            said.append(event.message())
        update(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", noted)
    return said


def described(page: GamePage) -> str:
    """The canvas's description as a screen reader reads it, through Qt's accessibility interface."""
    interface = QAccessible.queryAccessibleInterface(page.table)
    assert interface is not None
    assert interface.text(QAccessible.Text.Name) == page.table.accessibleName()
    return interface.text(QAccessible.Text.Description)


def table_read(qtbot: QtBot, page: GamePage) -> str:
    """The whole table, as T has it said."""
    qtbot.keyClick(page.table, Qt.Key.Key_T)
    return described(page)


def test_the_euchre_table_is_described_and_its_play_is_told(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(animation, "cpu_delay_ms", lambda: 300)  # the CPU players' pace, as in the window
    _, page, heard = open_game(qtbot, "euchre", euchre_plugin)
    assert page.table.accessibleName() == "Euchre table"
    assert described(page) == "T reads the whole table; the arrows move over the cards."
    words = table_read(qtbot, page)
    assert "Your hand: " in words and "West's hand: 5 cards face down" in words
    assert "Score 0 — 0" in words and "Game to 10" in words
    hand = page.view.table.pile("hand:0") if page.view.table else None
    assert hand is not None and all(face.card is not None for face in hand.cards)
    qtbot.waitUntil(lambda: any("card in the trick: " in said for said in heard), timeout=30000)
    assert any(said.startswith("Cards dealt. Your hand: ") for said in heard)
    assert any(said.startswith(("West: ", "North: ", "East: ")) for said in heard), "a bid is told with who made it"


def test_the_cursor_and_the_table_buttons_are_told_as_they_move(qtbot: QtBot) -> None:
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    qtbot.keyClick(page.table, Qt.Key.Key_Right)
    assert heard[-1] == "Spades foundation: empty"
    qtbot.keyClick(page.table, Qt.Key.Key_Left)
    assert heard[-1] == "two of spades — Column 3, card 7 of 7"
    qtbot.keyClick(page.table, Qt.Key.Key_Left)
    assert heard[-1] == "nine of hearts — Column 2, card 6 of 6"
    qtbot.keyClick(page.table, Qt.Key.Key_Up)
    assert heard[-1] == "jack of spades — Column 2, card 5 of 6"
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert heard[-1] == "jack of spades (picked up) — Column 2, card 5 of 6"
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert heard[-1] == "jack of spades — Column 2, card 5 of 6", "put down again"


def test_a_button_on_the_table_is_told_when_tab_reaches_it(qtbot: QtBot) -> None:
    _, page, heard = open_game(qtbot, "euchre", euchre_plugin, seed=2)  # the player's bid comes round
    qtbot.waitUntil(lambda: bool(page.view.table and page.view.table.choices), timeout=30000)
    qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    choice = page.view.table.choices[0] if page.view.table else None
    assert choice is not None and heard[-1].startswith(f"{choice.text.en} button")
    assert heard[-1].endswith(f"key {choice.key}")


def test_a_refused_move_is_told_once(qtbot: QtBot) -> None:
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    qtbot.wait(400)  # the deal's news told
    heard.clear()
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Left, Qt.Key.Key_Left):  # the cursor on column 2's nine of hearts
        qtbot.keyClick(page.table, key)
    qtbot.keyClick(page.table, Qt.Key.Key_F)  # to its foundation: refused
    refusal = page.view.refusal.en
    assert refusal
    qtbot.wait(400)  # the table's news, whose status line also carries the refusal
    assert sum(refusal in said for said in heard) == 1, heard


def test_a_paused_table_tells_nothing_but_that_it_is_paused(qtbot: QtBot) -> None:
    _, page, _ = open_game(qtbot, "yukon", yukon_plugin, number=12)
    assert "Column 1: seven of diamonds" in table_read(qtbot, page)
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert described(page) == "Paused — press P to resume"  # said as the overlay shows
    assert table_read(qtbot, page).startswith("Paused — press P to resume")  # T again: no card
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert "Column 1: seven of diamonds" in table_read(qtbot, page)


def test_the_table_is_told_in_the_players_language(qtbot: QtBot) -> None:
    window, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    set_language("ja")
    try:
        window.retranslate()
        assert page.table.accessibleName() == "ユーコンの盤面"
        assert "1列目: ダイヤの7" in table_read(qtbot, page)
        qtbot.keyClick(page.table, Qt.Key.Key_Right)
        assert heard[-1] == "スペードの組札: 空"
    finally:
        set_language("en")
        window.retranslate()


def test_the_arrows_run_along_a_hand_and_enter_plays_the_card_under_the_cursor(qtbot: QtBot) -> None:
    _, page, heard = open_game(qtbot, "euchre", euchre_plugin, seed=1)  # the player leads the first trick
    qtbot.waitUntil(lambda: page.session.to_move == 0 and page.session.hold is None, timeout=30000)
    hand = page.view.table.pile("hand:0") if page.view.table else None
    assert hand is not None and len(hand.cards) == 5
    qtbot.keyClick(page.table, Qt.Key.Key_Right)  # the cursor shows on the front card
    assert heard[-1].endswith("— Your hand, card 5 of 5")
    for _ in range(4):
        qtbot.keyClick(page.table, Qt.Key.Key_Left)
    assert heard[-1].endswith("— Your hand, card 1 of 5")
    first = hand.cards[0].card
    assert first is not None and heard[-1].startswith(card_words(first).en)
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert page.session.moves[-1] == f"play {first}"  # the player leads: any card will do
    qtbot.waitUntil(lambda: any(f"Your card in the trick: {card_words(first).en}" in said for said in heard),
                    timeout=5000)


def test_after_a_move_the_line_says_the_solver_is_thinking_not_that_nothing_is_known(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_view, "_analysis_worker", None)  # a worker of this test's own: another test's may be gone
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    qtbot.waitUntil(lambda: "solvable" in page.status.text(), timeout=10000)
    qtbot.wait(300)
    heard.clear()
    assert page.view.play("4>F")  # the ace of hearts home
    assert "solver thinking…" in page.status.text() and "not yet known" not in page.status.text()
    qtbot.waitUntil(lambda: "still winnable" in page.status.text(), timeout=30000)  # a busy machine: slow
    qtbot.wait(400)
    assert not any("not yet known" in said for said in heard), heard
    worker = table_view._analysis_worker
    if worker is not None:
        worker.close()


def test_the_notice_bar_is_said_through_the_table_or_announced_when_the_focus_is_elsewhere(
        qtbot: QtBot, announced: list[str]) -> None:
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=7)  # the demo runs deal 7 into a dead end
    page.show_notice("Progress cannot be saved (disk full); play goes on.")
    assert described(page) == heard[-1] == "Progress cannot be saved (disk full); play goes on."
    assert announced == [], "said once: as the focused table's description, not announced as well"
    page.buttons["demo"].setFocus()  # the focus on the toolbar: an announcement, which Orca 45 and later present
    page.buttons["demo"].click()
    assert announced == ["Demo: the hint plays for you. Any key or click on the table stops it."]
    qtbot.waitUntil(lambda: not page.view.demo, timeout=20000)
    assert heard[-1] == "The demo stopped: the hint has no move here (its reason is on the table)."


def test_the_same_words_again_are_a_new_description(qtbot: QtBot) -> None:
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    qtbot.keyClick(page.table, Qt.Key.Key_Right)
    first = described(page)
    qtbot.keyClick(page.table, Qt.Key.Key_Right)  # from the spades foundation, and back to it
    qtbot.keyClick(page.table, Qt.Key.Key_Left)
    assert heard[-1] == heard[-3] == "Spades foundation: empty"
    qtbot.keyClick(page.table, Qt.Key.Key_T)
    qtbot.keyClick(page.table, Qt.Key.Key_T)
    assert heard[-1] == heard[-2] and described(page) != first


def test_t_reads_the_table_while_the_demo_plays_on(qtbot: QtBot) -> None:
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    page.buttons["demo"].click()
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_T)
    assert page.view.demo, "T is not a key that takes over from the demo"
    assert heard[-1].startswith("Deal 12 · Standard") and "Column 1: " in heard[-1]
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    assert not page.view.demo


def test_a_card_refused_by_enter_is_said_once_with_its_reason(qtbot: QtBot) -> None:
    _, page, heard = open_game(qtbot, "euchre", euchre_plugin, seed=1)  # East leads trump; the player must follow
    qtbot.waitUntil(lambda: page.session.to_move == 0 and page.session.hold is None, timeout=30000)
    qtbot.wait(400)
    heard.clear()
    qtbot.keyClick(page.table, Qt.Key.Key_Right)
    while "(not playable now)" not in heard[-1]:
        qtbot.keyClick(page.table, Qt.Key.Key_Left)
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    reason = page.view.refusal.en
    assert reason.startswith("You must follow") and heard[-1] == reason
    qtbot.wait(400)  # the table's news, whose status line carries the reason too
    assert sum(reason in said for said in heard) == 1, heard


def labelled(widget: object) -> list[str]:
    """The texts of the labels a screen reader names ``widget`` by (AT-SPI's labelled-by relation)."""
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    return [other.text(QAccessible.Text.Name) for other, _ in interface.relations(QAccessible.RelationFlag.Label)]


def test_the_launchers_language_list_and_the_statistics_game_list_are_named_by_their_labels(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    assert labelled(window.launcher.language) == ["Language"]
    window.launcher.stats.click()
    stats = next(w for w in QApplication.topLevelWidgets() if w.objectName() == "stats_window")
    assert labelled(stats.findChild(QComboBox, "stats_game")) == ["Game"]
    stats.close()


def test_elsewhere_than_linux_the_table_always_announces(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                                         announced: list[str]) -> None:
    monkeypatch.setattr(table_canvas, "DESCRIPTION_SPEAKS", False)  # Windows, macOS: no AT-SPI, no Orca
    _, page, _ = open_game(qtbot, "yukon", yukon_plugin, number=12)
    qtbot.keyClick(page.table, Qt.Key.Key_Right)
    assert announced[-1] == "Spades foundation: empty"
    assert described(page) == "T reads the whole table; the arrows move over the cards."
