"""What a screen reader gets from the table, offscreen: the canvas named after the game; what it says — the whole
table on T, the card under the keyboard cursor, the table button Tab reaches, what the CPU players do, a refused
move once, the notice bar — as an announcement, or for an Orca before 45.2 as the focused widget's new description
(read here through Qt's accessibility interface, as AT-SPI reads it); in the player's language; nothing of the
table while it is paused. Which Orca presents which way: ``tests/test_screen_reader_orca.py``."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.session import GameSession
from core.table_words import card_words
from gui import animation, screen_reader, table_view
from gui.game_page import GamePage
from gui.i18n import set_language
from gui.settings_dialog import SettingsDialog
from gui.window import MainWindow
from tests.gui_helpers import make_window, nameless


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
    said: list[str] = []

    def heard(words: str) -> None:
        said.append(words)

    page.table.announced.connect(heard)
    qtbot.keyClick(page.table, Qt.Key.Key_T)
    page.table.announced.disconnect(heard)
    assert len(said) == 1
    return said[0]


@pytest.fixture
def orca_43(monkeypatch: pytest.MonkeyPatch) -> None:
    """An Orca before 45.2 runs (Debian 12 has 43.1), which knows no announcements."""
    monkeypatch.setattr(screen_reader, "orca_version", lambda: (43, 1))


def test_the_euchre_table_is_described_and_its_play_is_told(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(animation, "cpu_delay_ms", lambda: 300)  # the CPU players' pace, as in the window
    _, page, heard = open_game(qtbot, "euchre", euchre_plugin)
    assert page.table.accessibleName() == "Euchre table"
    assert described(page) == "T reads the whole table; the arrows move over the cards."
    qtbot.waitUntil(lambda: any(said.startswith("Cards dealt. Your hand: ") for said in heard), timeout=20000)
    words = table_read(qtbot, page)  # (T before that news has it said in the whole table, not after it again)
    assert "Your hand: " in words and "West's hand: 5 cards face down" in words
    assert "Score 0 — 0 (game to 10)" in words
    hand = page.view.table.pile("hand:0") if page.view.table else None
    assert hand is not None and all(face.card is not None for face in hand.cards)
    qtbot.waitUntil(lambda: any("card in the trick: " in said for said in heard), timeout=30000)
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
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    assert "Column 1: seven of diamonds" in table_read(qtbot, page)
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert heard[-1] == "Paused — press P to resume"  # said as the overlay shows
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
                    timeout=20000)


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


def test_the_notice_bar_is_announced_as_the_tables_words_are(qtbot: QtBot, announced: list[str]) -> None:
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=7)  # the demo runs deal 7 into a dead end
    page.show_notice("Progress cannot be saved (disk full); play goes on.")
    assert announced == heard == ["Progress cannot be saved (disk full); play goes on."]
    assert described(page) == "T reads the whole table; the arrows move over the cards.", "said once, not described"
    page.buttons["demo"].setFocus()
    page.buttons["demo"].click()
    assert announced[-1] == "Demo: the hint plays for you. Any key or click on the table stops it."
    qtbot.waitUntil(lambda: not page.view.demo, timeout=20000)
    assert heard[-1] == announced[-1] == "The demo stopped: the hint has no move here (its reason is on the table)."


def test_for_an_older_orca_the_words_are_the_focused_widgets_description_until_the_focus_leaves(
        qtbot: QtBot, announced: list[str], orca_43: None) -> None:
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    page.show_notice("Progress cannot be saved (disk full); play goes on.")
    assert described(page) == heard[-1] == "Progress cannot be saved (disk full); play goes on."
    undo = page.buttons["undo"]
    for _ in range(2):  # two moves the hint suggests
        told, hint = len(heard), page.session.hint(counted=False)
        assert hint is not None and page.view.play(hint.move)
        qtbot.waitUntil(lambda n=told: len(heard) > n and described(page) == heard[-1], timeout=20000)  # told
    undo.setFocus()  # a keyboard player's Tab to Undo, then Space: the focus stays on the button
    own = undo.accessibleDescription()
    qtbot.keyClick(undo, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: undo.accessibleDescription() != own, timeout=20000)
    assert undo.hasFocus() and undo.accessibleDescription() == heard[-1] and "Column " in heard[-1]
    page.table.setFocus()
    qtbot.waitUntil(lambda: undo.accessibleDescription() == own, timeout=20000)  # its own, back as the focus left
    qtbot.keyClick(page.table, Qt.Key.Key_Right)
    assert described(page) == heard[-1] == "Spades foundation: empty"
    assert announced == [], "said once: never announced as well"
    undo.setFocus()
    qtbot.waitUntil(lambda: described(page) == "T reads the whole table; the arrows move over the cards.",
                    timeout=20000)
    demo = page.buttons["demo"]  # Space on Demo: the table takes the focus, then says the note, not cut short by it
    demo.setFocus()
    qtbot.keyClick(demo, Qt.Key.Key_Space)
    assert page.table.hasFocus() and described(page) == "Demo: the hint plays for you. Any key or click on the table " \
        "stops it."


def test_the_same_words_again_are_a_new_description(qtbot: QtBot, orca_43: None) -> None:
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    qtbot.keyClick(page.table, Qt.Key.Key_Right)
    first = described(page)
    qtbot.keyClick(page.table, Qt.Key.Key_Right)  # from the spades foundation, and back to it
    qtbot.keyClick(page.table, Qt.Key.Key_Left)
    assert heard[-1] == heard[-3] == "Spades foundation: empty"
    qtbot.keyClick(page.table, Qt.Key.Key_T)
    qtbot.keyClick(page.table, Qt.Key.Key_T)
    assert heard[-1] == heard[-2] and described(page) != first
    assert described(page) == heard[-1] + screen_reader.ZERO_WIDTH_SPACE, "a new description, said again"


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


@pytest.mark.parametrize("language", ["en", "ja"])
def test_everything_the_focus_can_reach_has_a_name(qtbot: QtBot, language: str) -> None:
    window, page, _ = open_game(qtbot, "yukon", yukon_plugin)
    window.choose_language(language)
    try:
        assert nameless(window) == []
        interface = QAccessible.queryAccessibleInterface(page.table)
        assert interface is not None and interface.state().focusable  # the table itself stays reachable
        for open_window in (window.open_help, window.open_stats):
            other = open_window("yukon")
            qtbot.waitExposed(other)
            assert nameless(other) == []
            other.close()
        dialog = SettingsDialog(page.game, page.session.settings, "classic", window)
        assert nameless(dialog) == []
    finally:
        window.choose_language("en")


def test_the_rules_text_is_named_for_its_game(qtbot: QtBot) -> None:
    window, _, _ = open_game(qtbot, "yukon", yukon_plugin)
    help_window = window.open_help("yukon")
    assert help_window.browser.accessibleName() == "Rules of Yukon"
    help_window.choice.setCurrentIndex(help_window.choice.count() - 1)
    assert help_window.browser.accessibleName() == "About Card Table"
    help_window.close()
    set_language("ja")
    try:
        help_window = window.open_help("yukon")
        assert help_window.browser.accessibleName() == "ユーコンのルール"
        help_window.close()
    finally:
        set_language("en")


def test_a_click_on_the_table_and_tab_from_the_toolbar_give_the_table_the_focus(qtbot: QtBot) -> None:
    _window, page, _ = open_game(qtbot, "yukon", yukon_plugin)
    page.buttons["help"].setFocus()
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=page.table.viewport().rect().bottomRight()
                     - QPoint(5, 5))  # the felt, no card
    assert page.table.hasFocus()
    page.buttons["help"].setFocus()
    qtbot.keyClick(page.buttons["help"], Qt.Key.Key_Tab)
    assert page.table.hasFocus()


def test_t_right_after_a_move_is_not_followed_by_the_moves_news(qtbot: QtBot) -> None:
    """The news of a move is said once the table has been still a moment; T within that moment read the whole
    table and then the news, which said again what the reading had just said (under load, in the real-window test,
    it took the reading's place on an older Orca)."""
    _, page, heard = open_game(qtbot, "yukon", yukon_plugin, number=12)
    qtbot.wait(400)
    page.session.play("4>F")  # A♥ home
    qtbot.waitUntil(lambda: any("foundation" in words.lower() or "ace of hearts" in words.lower()
                                for words in heard), timeout=20000)  # the news, when no T comes
    page.session.play("3.5>6")
    qtbot.keyClick(page.table, Qt.Key.Key_T)
    read = heard[-1]
    assert read.startswith("Deal 12 · Standard") and "Column 6: " in read
    qtbot.wait(600)
    after = heard[heard.index(read) + 1:]  # the solver's verdict may come: that is news
    assert not any("Column" in words for words in after), f"the move told again after the reading: {after}"
