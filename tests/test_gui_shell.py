"""The Qt shell, offscreen: launcher tiles, broken plugins, settings presets, language, pause, saves, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QLocale, QPoint, Qt
from PySide6.QtGui import QInputMethodEvent, QKeyEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLabel, QMessageBox, QPushButton, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.cards import Card
from core.plugin import GameRegistry, GameSpec, SettingsSchema, Text, TextError, hookimpl
from gui.cards import CardItem
from gui.i18n import set_language
from gui.settings_dialog import SettingsDialog
from gui.window import MainWindow, first_size
from plugins.euchre.plugin import GAME as EUCHRE
from plugins.yukon.plugin import GAME as YUKON
from tests.gui_helpers import assert_help_names_the_toolbars_keys, double_click, item_point, make_window


class Misspelled:
    @staticmethod
    @hookimpl
    def cardtable_register_gmaes(games: object) -> None:
        pass


class ExplodingView:
    @staticmethod
    @hookimpl
    def cardtable_register_games(games: object) -> None:
        from plugins.yukon.rules import YukonRules

        games.add(GameSpec(id="boom", name=Text("Boom"), description=Text("explodes"), rules=YukonRules(),  # type: ignore[attr-defined]
                           settings=SettingsSchema(), view="tests.exploding_view:create_view"))


def test_launcher_lists_games_and_greys_a_broken_plugin(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin, "euchre": euchre_plugin, "misspelled": Misspelled})
    tiles = window.launcher.tiles
    assert {"yukon", "euchre", "plugin:misspelled"} <= set(tiles)
    assert tiles["yukon"].isEnabled() and not tiles["plugin:misspelled"].isEnabled()
    reason = tiles["plugin:misspelled"].findChild(QLabel, "reason")
    assert reason is not None and "cardtable_register_gmaes" in reason.text()
    image = reason.grab().toImage()
    darkest = min(image.pixelColor(x, y).value() for x in range(image.width()) for y in range(image.height()))
    assert darkest < 0x60, "the reason is read, to mend it: dark text, not the greyed tile's"
    assert tiles["euchre"].findChild(QPushButton, "continue-euchre") is None


class MarkupVariant:
    @staticmethod
    @hookimpl
    def cardtable_register_variants(variants: object) -> None:
        from plugins.yukon.rules import YukonRules

        variants.add(GameSpec(id="hi-lo", name=Text("Hi & Lo <fast>"),  # type: ignore[attr-defined]
                              description=Text("a card <b>not</b> bold; &amp; stays"), rules=YukonRules(),
                              settings=SettingsSchema(), variant_of="yukon"))


def test_a_variants_name_and_description_show_as_written(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin, "markup": MarkupVariant})
    shown = [label.text() for label in window.launcher.tiles["yukon"].findChildren(QLabel)]
    line = next(t for t in shown if "Hi &amp; Lo" in t)
    document = QTextDocument()
    document.setHtml(line)
    assert document.toPlainText() == "Hi & Lo <fast> — a card <b>not</b> bold; &amp; stays"


class SaysWhy:
    @staticmethod
    @hookimpl
    def cardtable_register_games(games: object) -> None:
        raise TextError(Text("the card art is missing", "カードの絵がありません"))


class Raises:
    @staticmethod
    @hookimpl
    def cardtable_register_games(games: object) -> None:
        raise RuntimeError("no luck")


def test_a_broken_plugin_is_explained_in_the_players_language(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin, "misspelled": Misspelled, "sayswhy": SaysWhy,
                                 "raises": Raises})
    try:
        window.launcher.language.setCurrentIndex(window.launcher.language.findData("ja"))
        tiles = window.launcher.tiles

        def reason(name: str) -> str:
            label = tiles[f"plugin:{name}"].findChild(QLabel, "reason")
            assert label is not None
            return str(label.text())

        assert "未知のフック cardtable_register_gmaes" in reason("misspelled")
        assert "cardtable_register_games が失敗しました: カードの絵がありません" in reason("sayswhy")
        assert "missing" not in reason("sayswhy")
        # an ordinary exception's own words are quoted as they are, inside the Japanese sentence
        assert "cardtable_register_games が失敗しました: RuntimeError: no luck（test_gui_shell.py:" in reason("raises")
        window.launcher.language.setCurrentIndex(window.launcher.language.findData("en"))
        assert "cardtable_register_games failed: the card art is missing (at test_gui_shell.py:" in reason("sayswhy")
    finally:
        set_language("en")


def test_settings_preset_fills_toggles_and_editing_switches_to_custom(qtbot: QtBot) -> None:
    dialog = SettingsDialog(EUCHRE, EUCHRE.settings.defaults(), "classic")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    preset = dialog.findChild(QComboBox, "preset")
    stick = dialog.findChild(QCheckBox, "stick_the_dealer")
    holding = dialog.findChild(QCheckBox, "trump_holding")
    assert preset.currentData() == "standard" and not stick.isChecked()
    preset.setCurrentIndex(preset.findData("holding_stick"))
    assert stick.isChecked() and holding.isChecked()
    assert "dealer" in holding.toolTip()
    qtbot.mouseClick(holding, Qt.MouseButton.LeftButton, pos=holding.rect().center() - holding.rect().center()
                     + type(holding.rect().center())(8, holding.height() // 2))
    assert not holding.isChecked() and preset.currentData() == "custom"
    preset.setCurrentIndex(preset.findData("standard"))
    assert not stick.isChecked() and dialog.values()["target"] == 10


def test_settings_say_under_the_options_what_the_one_with_the_focus_or_the_pointer_does(qtbot: QtBot) -> None:
    dialog = SettingsDialog(EUCHRE, EUCHRE.settings.defaults(), "classic")
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitActive(dialog):  # focus events reach only the active window
        dialog.activateWindow()
    about = dialog.findChild(QLabel, "option_help")
    assert about.text().startswith("A preset sets the rule options below")  # the first focus: the rules' preset
    joker = dialog.findChild(QCheckBox, "joker")
    height = about.height()
    for name in ("trump_holding", "joker", "target", "card_theme", "felt", "sound"):
        widget = dialog.findChild(QWidget, name)
        widget.setFocus(Qt.FocusReason.TabFocusReason)
        QApplication.processEvents()  # the layout follows the new text
        assert about.text() == widget.toolTip() and about.text()
        assert about.heightForWidth(about.width()) <= about.height()  # all of it shows
        assert about.height() == height  # room for the longest help from the start: the dialog never jumps
    assert "the dealer names trump before looking at the hand" in joker.toolTip()
    QApplication.sendEvent(joker, QEvent(QEvent.Type.Enter))  # the pointer over another option
    assert about.text() == joker.toolTip()
    QApplication.sendEvent(joker, QEvent(QEvent.Type.Leave))  # and away again: the focused one's help
    assert about.text().startswith("Short sounds")
    set_language("ja")
    try:
        japanese = SettingsDialog(EUCHRE, EUCHRE.settings.defaults(), "classic")
        qtbot.addWidget(japanese)
        japanese.show()
        with qtbot.waitActive(japanese):
            japanese.activateWindow()
        japanese.findChild(QWidget, "trump_holding").setFocus(Qt.FocusReason.TabFocusReason)
        assert japanese.findChild(QLabel, "option_help").text().startswith("宣言には切札を1枚以上持つ必要があります")
    finally:
        set_language("en")


def test_the_window_follows_its_screen_to_another_scale_or_monitor(qtbot: QtBot,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Display scaling raised to 200% while playing (1280 × 900 is 640 × 450 then), or the window taken to a
    smaller monitor: its smallest size was still the first screen's, 780 × 480, and the table ran off the screen's
    right and bottom edges (seen on Wayland). It now takes the new screen's measure, and shrinks to it."""
    from PySide6.QtCore import QRect

    from gui import screen_fit

    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None and window.minimumWidth() == 780 and window.width() == 1100
    monkeypatch.setattr(screen_fit, "free_area", lambda near=None: QRect(0, 0, 640, 450))
    window.windowHandle().screen().availableGeometryChanged.emit(QRect(0, 0, 640, 450))
    assert (window.minimumWidth(), window.minimumHeight()) == (620, 400)
    assert (window.width(), window.height()) == (620, 400), "the whole window on the smaller screen"
    qtbot.waitUntil(lambda: page.view.scene.sceneRect().width() <= page.table.viewport().width())
    table = page.table.viewport().rect()
    outside = [key for key, item in page.view.scene.cards.items() if item.isVisible()
               and not table.contains(page.table.mapFromScene(item.sceneBoundingRect()).boundingRect())]
    assert not outside, f"{outside} off the table"
    window.showMaximized()  # a maximised window is the desktop's to size: only its smallest size follows
    monkeypatch.setattr(screen_fit, "free_area", lambda near=None: QRect(0, 0, 1280, 900))
    window.windowHandle().screen().availableGeometryChanged.emit(QRect(0, 0, 1280, 900))
    assert (window.minimumWidth(), window.minimumHeight()) == (780, 480)


def test_on_a_short_screen_the_settings_scroll_and_ok_stays_on_the_screen(qtbot: QtBot,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """1280 × 900 at 200% leaves 640 × 450: the options scroll (up and down only), the help line, the note and
    OK and Cancel stay in the window, which fits the screen."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QDialogButtonBox

    from gui import screen_fit

    monkeypatch.setattr(screen_fit, "free_area", lambda near=None: QRect(0, 0, 640, 450))
    dialog = SettingsDialog(EUCHRE, EUCHRE.settings.defaults(), "classic")
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitActive(dialog):
        dialog.activateWindow()
    qtbot.wait(20)
    assert dialog.height() <= 450 - screen_fit.FRAME_ROOM[1] and dialog.width() <= 640
    area = dialog.options_area
    assert area.verticalScrollBar().isVisible() and not area.horizontalScrollBar().isVisible()
    options = area.widget()
    assert options.width() <= area.viewport().width()  # nothing hidden at the side
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isVisible() and ok.mapTo(dialog, ok.rect().bottomRight()).y() < dialog.height()
    opponents = dialog.findChild(QComboBox, "opponents")
    opponents.setFocus(Qt.FocusReason.TabFocusReason)  # as Tab reaches it: scrolled into view
    qtbot.wait(20)
    top = opponents.mapTo(area.viewport(), opponents.rect().topLeft()).y()
    assert top >= 0 and top + opponents.height() <= area.viewport().height()
    assert dialog.findChild(QLabel, "option_help").text() == opponents.toolTip()


def test_the_wheel_over_an_option_scrolls_the_settings_until_the_option_has_the_focus(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a short screen the options scroll: the wheel going down the page over a list (the opponents' strength)
    or a number (Yukon's deal) scrolls on past it, as a page does, instead of turning it; once clicked or reached by
    Tab (not by the dialog opening on it), the wheel turns it. Nor does a wheel passing over the launcher's language
    switch it."""
    from PySide6.QtCore import QPointF, QRect
    from PySide6.QtGui import QWheelEvent

    from gui import screen_fit

    def wheel(widget: QWidget, notches: int) -> None:
        at = QPointF(widget.rect().center())
        QApplication.sendEvent(widget, QWheelEvent(at, widget.mapToGlobal(at), QPoint(), QPoint(0, -120 * notches),
                                                   Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                                                   Qt.ScrollPhase.NoScrollPhase, False))

    monkeypatch.setattr(screen_fit, "free_area", lambda near=None: QRect(0, 0, 640, 360))
    for game, name in ((EUCHRE, "opponents"), (YUKON, "deal_number")):
        dialog = SettingsDialog(game, {**game.settings.defaults(), "deal_mode": "number"}, "classic")
        qtbot.addWidget(dialog)
        dialog.show()
        with qtbot.waitActive(dialog):
            dialog.activateWindow()
        bar, option = dialog.options_area.verticalScrollBar(), dialog.widgets[name]
        first = dialog.focusWidget()  # the dialog opens with the focus on its first list (the preset or variant)
        assert isinstance(first, QComboBox) and dialog.options_area.isAncestorOf(first)
        chosen = first.currentIndex()
        wheel(first, 1)
        assert first.currentIndex() == chosen and bar.value() > 0, f"{game.id}: not the player's choice of focus"
        bar.setValue(0)
        qtbot.mouseClick(first, Qt.MouseButton.LeftButton)  # clicked (its list opens, and is closed): now chosen
        first.hidePopup()
        wheel(first, 1)
        assert first.currentIndex() != chosen, f"{game.id}: clicked, the wheel turns it"
        first.setCurrentIndex(chosen)
        bar.setValue(0)
        value = dialog.values()[name]
        assert bar.maximum() > 0 and not option.hasFocus()
        wheel(option, 1)
        assert dialog.values()[name] == value and bar.value() > 0, f"{game.id}: the page scrolled, {name} kept"
        option.setFocus(Qt.FocusReason.MouseFocusReason)
        wheel(option, 1)
        assert dialog.values()[name] != value, f"{game.id}: with the focus the wheel turns {name}"
    window = make_window(qtbot, {"yukon": yukon_plugin})
    wheel(window.launcher.language, 1)  # passing over the launcher's language on the way to the games
    assert window.launcher.language.currentData() == "en", "still English"


def test_a_number_is_written_in_ascii_digits_and_read_from_the_digits_of_any_script(qtbot: QtBot) -> None:
    """Under an Arabic system locale Qt's box wrote the deal number ٣٤٥ in the English window, and it refused
    without a word the full-width digits a Japanese input method types (１２３) and the Arabic-Indic ones an Arabic
    keyboard types, keeping the old number."""
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Arabic, QLocale.Country.Egypt))
    try:
        yukon = yukon_plugin.GAME
        dialog = SettingsDialog(yukon, yukon.settings.defaults() | {"deal_mode": "number", "deal_number": 345},
                                "classic")
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        number = dialog.findChild(QSpinBox, "deal_number")
        assert number.text() == "345"

        def typed(keys: str) -> None:
            for key in keys:
                for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                    QApplication.sendEvent(number.lineEdit(), QKeyEvent(kind, Qt.Key.Key_unknown,
                                                                        Qt.KeyboardModifier.NoModifier, key))

        def committed(words: str) -> None:  # as an input method gives what it composed
            event = QInputMethodEvent()
            event.setCommitString(words)
            QApplication.sendEvent(number.lineEdit(), event)

        for enter, keys, wanted in ((committed, "１２３", 123), (typed, "٤٥٦", 456), (typed, "۷۸", 78),
                                    (committed, "९०", 90), (typed, "321", 321)):
            number.setFocus()
            number.selectAll()
            enter(keys)
            qtbot.keyClick(number, Qt.Key.Key_Return)
            assert (number.value(), number.text()) == (wanted, str(wanted)), keys
        assert dialog.values()["deal_number"] == 321
        assert number.toolTip() == "Deal numbers match KDE's KPatience. A whole number from 1 to 2147483647.", \
            "a key that would leave the range does nothing: the option's help says what the range is"
        set_language("ja")
        japanese = SettingsDialog(yukon, yukon.settings.defaults(), "classic")
        qtbot.addWidget(japanese)
        assert japanese.findChild(QSpinBox, "deal_number").toolTip() == \
            "配り番号は KDE の KPatience と同じです。1から2147483647までの整数です。", "no space between the sentences"
    finally:
        set_language("en")
        QLocale.setDefault(before)


def test_yukon_settings_grey_out_the_deal_number_and_difficulty_until_the_deal_mode_uses_them(qtbot: QtBot) -> None:
    yukon = yukon_plugin.GAME
    dialog = SettingsDialog(yukon, yukon.settings.defaults() | {"deal_number": 345}, "classic")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    mode = dialog.findChild(QComboBox, "deal_mode")
    number, level = dialog.findChild(QSpinBox, "deal_number"), dialog.findChild(QComboBox, "difficulty")

    def usable() -> tuple[bool, bool, bool, bool]:
        return (number.isEnabled(), dialog.form.labelForField(number).isEnabled(),
                level.isEnabled(), dialog.form.labelForField(level).isEnabled())

    assert mode.currentData() == "random" and usable() == (False, False, False, False)
    mode.setCurrentIndex(mode.findData("number"))
    assert usable() == (True, True, False, False) and number.value() == 345, "the number kept while greyed"
    for kind in ("solvable", "today"):
        mode.setCurrentIndex(mode.findData(kind))
        assert usable() == (False, False, True, True)
    assert dialog.values()["deal_number"] == 345
    opened = SettingsDialog(yukon, yukon.settings.defaults() | {"deal_mode": "number"}, "classic")
    qtbot.addWidget(opened)
    assert opened.findChild(QSpinBox, "deal_number").isEnabled(), "right from the start, not only after an edit"
    euchre = SettingsDialog(EUCHRE, EUCHRE.settings.defaults(), "classic")
    qtbot.addWidget(euchre)
    assert all(widget.isEnabled() for widget in euchre.widgets.values()), "no Euchre option depends on another"


def test_language_switch_retranslates_the_open_window(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    try:
        new = window.launcher.tiles["yukon"].findChild(QPushButton, "new-yukon")
        assert new.text() == "New game"
        window.launcher.language.setCurrentIndex(window.launcher.language.findData("ja"))
        new = window.launcher.tiles["yukon"].findChild(QPushButton, "new-yukon")
        assert new.text() == "新しいゲーム" and window.launcher.title.text() == "カードテーブル"
        page = window.new_game("yukon")
        assert page is not None and page.buttons["undo"].text() == "元に戻す"
        assert page.buttons["redo"].text() == "進める"
        assert "配り" in page.status.text()
    finally:
        set_language("en")


def test_pause_hides_every_card_and_resume_shows_the_same_position(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    before = page.session.state
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    cards = list(page.view.scene.cards.values())
    assert len(cards) == 52 and not any(item.isVisible() for item in cards)
    assert not any(item.isVisible() for item in page.view.scene.items() if item.parentItem() is None)
    assert page.overlay.isVisible() and page.buttons["pause"].text() == "Resume"
    qtbot.keyClick(page.table, Qt.Key.Key_Right)  # keys do nothing while paused
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert page.session.state == before and not page.overlay.isVisible()
    assert all(item.isVisible() for item in cards)


def test_saved_game_shows_continue_and_restores_the_position(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    page.session.play(page.session.legal_moves()[0])
    state = page.session.state
    window.close()
    again = make_window(qtbot, {"yukon": yukon_plugin})
    button = again.launcher.tiles["yukon"].findChild(QPushButton, "continue-yukon")
    assert button is not None and button.text() == "Continue"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert again.page is not None and again.page.session.state == state


def test_a_save_whose_settings_this_version_lacks_goes_on_and_says_which(qtbot: QtBot) -> None:
    """A plugin updated since the game was saved: an option it dropped, a value and a CPU player it no longer
    offers. The game was set aside and a new one dealt; now it goes on where it was, and the page says which settings
    no longer hold. One whose moves do not replay without them is still set aside, and the reason names them."""
    from core.session import GameSession

    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    for thirty_two in (False, True):
        session = GameSession.new(game, {**game.settings.defaults(), "thirty_two_cards": thirty_two}, seed=5)
        while len(session.moves) < 6:
            if session.hold is not None:
                session.acknowledge()
            elif session.cpu_step() is None:
                session.play(session.legal_moves()[0])
        record = session.record()
        record["settings"] |= {"canadian_loner": True, "target": 15}
        record["settings"]["thirty_two_cards"] = "yes" if thirty_two else False
        record["players"][1] = record["players"][3] = "grandmaster"  # a CPU player it no longer has
        window.saves.write("euchre", record)
        window.launcher.rebuild()
        page = window.continue_game("euchre")
        assert page is not None and page.notice.isVisible()
        if thirty_two:  # dealt from 32 cards: not the deal a 24-card game replays
            assert page.session.moves == [] and "could not be used" in page.notice.text()
        else:
            assert page.session.moves == session.moves and page.session.settings["target"] == 10
            assert page.session.players == (None, "normal", "normal", "normal")
            assert page.notice.text().count("the CPU player 'grandmaster' is no longer offered; 'normal' plays "
                                            "instead") == 1, "said once for both its seats"
            assert page.notice.text().startswith("The saved game goes on, but not all its settings hold")
        assert "unknown setting 'canadian_loner' ignored" in page.notice.text()
        assert "setting 'target' = 15" in page.notice.text()


def test_new_game_on_the_launcher_over_a_saved_game_asks_for_a_second_press(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    page.session.play(page.session.legal_moves()[0])
    state = page.session.state
    page.buttons["back"].click()

    def button(name: str) -> QPushButton:
        found = window.launcher.tiles["yukon"].findChild(QPushButton, f"{name}-yukon")
        assert found is not None
        return found

    assert button("new").accessibleDescription() == "Yukon"  # a screen reader: "New game, button, Yukon"
    qtbot.mouseClick(button("new"), Qt.MouseButton.LeftButton)
    assert window.page is None and button("new").text() == "Press again to confirm"
    assert "ends the saved game" in button("new").toolTip()
    assert button("new").accessibleDescription().startswith("Yukon: A second press ends the saved game")
    qtbot.keyClick(button("new"), Qt.Key.Key_Escape)  # as on a game's toolbar, Esc cancels
    assert button("new").text() == "New game" and button("new").accessibleDescription() == "Yukon"
    qtbot.mouseClick(button("new"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button("continue"), Qt.MouseButton.LeftButton)  # another press cancels it too
    assert window.page is not None and window.page.session.state == state
    window.page.buttons["back"].click()
    double_click(qtbot, button("new"))  # a double-click is one press: the question stays to be read
    assert window.page is None and button("new").text() == "Press again to confirm"
    qtbot.keyClick(button("new"), Qt.Key.Key_Escape)
    qtbot.mouseClick(button("new"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button("new"), Qt.MouseButton.LeftButton)
    assert window.page is not None and window.page.session.moves == []
    window.page.buttons["back"].click()  # a deal not played yet: Continue deals it again, New game asks nothing
    assert button("continue").isVisible()
    qtbot.mouseClick(button("new"), Qt.MouseButton.LeftButton)
    assert window.page is not None


def test_a_corrupt_save_is_reported_on_the_game_page_and_a_new_game_starts(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    window.saves.path_for("yukon").parent.mkdir(parents=True, exist_ok=True)
    window.saves.path_for("yukon").write_text('{"format_version": 1, "game": "yuk')
    window.launcher.rebuild()
    window.continue_game("yukon")
    assert window.page is not None and window.stack.currentWidget() is window.page
    assert window.page.notice.isVisible() and "moved to yukon.json.corrupt-" in window.page.notice.text()


def test_press_move_away_release_is_not_a_click(qtbot: QtBot) -> None:
    from core.session import GameSession

    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), deal={"number": 12}))
    assert page is not None
    from core.table import Click

    front = page.session.state.columns[0][-1]
    item = page.view.scene.cards[front.text]
    events: list[object] = []
    page.view.scene.table_event.connect(events.append)
    viewport = page.table.viewport()
    start = item_point(page, item)
    away = start + type(start)(10, -int(item.height) - 40)  # up onto the empty felt beside the foundations
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=away)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=away)
    assert not [e for e in events if isinstance(e, Click)] and page.session.moves == []
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=start)
    assert [e for e in events if isinstance(e, Click)] == [Click("column:0", 0)]


def test_an_error_in_a_plugin_view_shows_a_dialog_and_returns_to_the_launcher(
        qtbot: QtBot, capsys: pytest.CaptureFixture[str]) -> None:
    window = make_window(qtbot, {"boom": ExplodingView})
    window.new_game("boom")
    assert window.stack.currentWidget() is window.launcher
    box = window.findChild(QMessageBox, "error_dialog")
    assert box is not None and "the view broke" in box.text()
    err = capsys.readouterr().err  # no save yet held the traceback: the plugin's author had only the dialog's line
    assert err.startswith("Traceback") and 'exploding_view.py", line 5, in create_view' in err, err
    set_language("ja")
    try:
        window.new_game("boom")
        again = [b for b in window.findChildren(QMessageBox, "error_dialog") if b is not box and b.isVisible()]
        assert again and "Close" not in {b.text() for b in again[0].buttons()}  # Qt's own word in Japanese too
    finally:
        set_language("en")


def test_card_items_render_faces_from_the_svg_art(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    pixmap = window.art.pixmap(Card.parse("QH"), 60, 2.0)
    assert pixmap.width() == 120 and pixmap.devicePixelRatio() == 2.0
    assert window.art.pixmap(Card.parse("QH"), 60, 2.0) is pixmap, "cached per size and ratio"
    image = pixmap.toImage()
    assert image.pixelColor(60, 84).alpha() == 255
    assert isinstance(CardItem(window.art, Card.parse("QH")), CardItem)


@pytest.mark.skipif(not any(Path("/usr/share/aisleriot/cards").glob("*.svgz")), reason="gnome-cards-data not installed")
def test_installed_system_card_themes_are_offered_and_render(qtbot: QtBot) -> None:
    """Every design offered, whichever set the system has (Debian 12's has Anglo, Debian 14's XSkat and Tragy)."""
    from gui.deck import CardArt, available_themes

    themes = available_themes()
    assert themes[0].id == "classic" and len(themes) > 1
    for theme in themes[1:]:
        art = CardArt(theme.id)
        assert art.theme == theme
        for card in (Card.parse("QH"), Card.parse("AS"), None):
            image = art.pixmap(card, 80).toImage()
            assert image.pixelColor(40, 56).alpha() == 255, f"{theme.label}: {card} rendered empty"


def test_tab_reaches_the_toolbar_buttons_and_enter_presses_them(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    page.buttons["demo"].setFocus()
    qtbot.keyClick(page.buttons["demo"], Qt.Key.Key_Tab)
    focused = window.focusWidget()
    assert isinstance(focused, QPushButton) and focused.objectName() == "pause"
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    assert page.session.paused
    qtbot.keyClick(focused, Qt.Key.Key_Enter)
    assert not page.session.paused


def test_the_launcher_is_worked_by_keyboard_from_the_first_game_and_back_to_the_game_left(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})

    def focused() -> str:
        widget = window.focusWidget()
        return widget.objectName() if widget is not None else ""

    assert focused() == "new-euchre"  # not the language list: the games are what a player came for
    steps = []
    for _ in range(3):
        qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Tab)
        steps.append(focused())
    assert steps == ["settings-euchre", "new-yukon", "settings-yukon"]  # no stop on the scrolling area
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Backtab)
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Return)  # Enter presses it, as on the game's toolbar
    assert window.page is not None and window.page.game.id == "yukon"
    window.launcher.rebuild()  # the hidden launcher, as a game opens: the table keeps the keyboard
    assert window.focusWidget() is window.page.table
    window.page.buttons["back"].click()
    assert window.page is None and focused() == "continue-yukon"  # where the player left off
    window.launcher.rebuild()  # as a change of language or a finished saved game does
    assert focused() == "continue-yukon"
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Enter)
    assert window.page is not None and window.page.game.id == "yukon"


@pytest.mark.parametrize("name", ["hint", "pause", "undo"])
def test_a_click_on_a_toolbar_button_leaves_the_keys_with_the_table(qtbot: QtBot, name: str) -> None:
    """A player who clicks Hint (or Pause twice, or Undo) goes on with the keys: the arrows move the table's
    cursor. The clicked button kept the focus: the arrows did nothing, and Space pressed Hint again. Tab still
    reaches every button."""
    from tests.test_gui_yukon import open_deal

    window, page = open_deal(qtbot)
    with qtbot.waitActive(window):
        window.activateWindow()
    page.table.setFocus()
    assert page.view.play("4>F")  # A♥ home: something to undo
    qtbot.mouseClick(page.buttons[name], Qt.MouseButton.LeftButton)
    if name == "pause":
        qtbot.mouseClick(page.buttons[name], Qt.MouseButton.LeftButton)  # and on again
    assert QApplication.focusWidget() is page.table
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    assert page.view.scene.cursor is not None, "the arrow reached the table"
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    assert isinstance(QApplication.focusWidget(), QPushButton), "Tab still reaches the toolbar"


def test_ctrl_n_f5_and_ctrl_q_do_what_they_do_in_every_desktop_card_game(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    with qtbot.waitActive(window):  # shortcuts belong to the active window, as a person's keys do
        window.activateWindow()
    page = window.new_game("yukon")
    assert page is not None and page.buttons["new"].toolTip() == "Ctrl+N" and page.buttons["restart"].toolTip() == "F5"
    page.session.play(page.session.legal_moves()[0])
    deal = page.session.state.deal_number
    qtbot.keyClick(page.table, Qt.Key.Key_F5)
    assert window.page is page and page.buttons["restart"].text() == "Press Restart again to confirm"
    qtbot.keyClick(page.table, Qt.Key.Key_F5)
    page = window.page
    assert page is not None and not page.session.moves and page.session.state.deal_number == deal
    page.session.play(page.session.legal_moves()[0])
    qtbot.keyClick(page.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    bubble = page.view.scene.refusal_item  # the player looks at the table, not at the toolbar, when using keys
    assert bubble.isVisible() and " ".join(bubble.lines).startswith("Ctrl+N again starts a new game")
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    assert not bubble.isVisible() and page.buttons["new"].text() == "New game" and window.page is page
    qtbot.keyClick(page.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(page.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.page is not page and window.page is not None and not window.page.session.moves
    window.page.session.play(window.page.session.legal_moves()[0])
    qtbot.keyClick(window.page.table, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible() and window.saves.played("yukon")  # closed, the move kept


def test_f11_fills_the_screen_from_a_game_or_the_launcher_and_gives_the_window_its_size_back(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})

    def press(key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        with qtbot.waitActive(window):  # the window keeps the focus as it changes size (offscreen: given back)
            window.activateWindow()
        qtbot.keyClick(window.focusWidget() or window, key, modifier)

    size = window.size()
    page = window.new_game("yukon")
    assert page is not None
    press(Qt.Key.Key_F11)
    assert window.isFullScreen() and window.page is page and not page.session.moves, "the game goes on as it was"
    qtbot.waitUntil(lambda: window.geometry() == window.screen().geometry())
    press(Qt.Key.Key_Enter, Qt.KeyboardModifier.AltModifier)
    assert not window.isFullScreen()
    qtbot.waitUntil(lambda: window.size() == size)
    window.showMaximized()
    press(Qt.Key.Key_F11)
    press(Qt.Key.Key_F11)
    assert window.isMaximized() and not window.isFullScreen(), "maximised before, maximised after"
    window.show_launcher()
    press(Qt.Key.Key_F11)
    assert window.isFullScreen()
    window.close()
    again = MainWindow(window.host)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.isFullScreen(), "closed in full screen, it opens in full screen"


def test_alt_left_goes_back_to_the_launcher_with_the_game_saved_and_backspace_does_not(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    with qtbot.waitActive(window):
        window.activateWindow()
    page = window.new_game("yukon")
    assert page is not None and page.buttons["back"].toolTip().startswith("Alt+Left")
    page.session.play(page.session.legal_moves()[0])
    qtbot.keyClick(page.table, Qt.Key.Key_Backspace)  # a stray key does not leave the table
    assert window.page is page
    qtbot.keyClick(page.table, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.page is None and window.focusWidget() is not None
    assert window.focusWidget().objectName() == "continue-yukon" and window.saves.played("yukon")
    for where in ("table", "toolbar"):  # the mouse's Back button, as in a browser
        page = window.continue_game("yukon")
        assert page is not None
        widget = page.table.viewport() if where == "table" else page.buttons["hint"]
        qtbot.mouseClick(widget, Qt.MouseButton.BackButton, pos=QPoint(5, 5))
        assert window.page is None, f"back from the {where}"


def test_a_minimised_window_pauses_its_game_and_its_clock_until_shown_again(qtbot: QtBot,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr("core.stats.time.monotonic", lambda: clock[0])
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    page.session.play(page.session.legal_moves()[0])
    clock[0] += 30
    window.showMinimized()
    assert page.session.paused
    clock[0] += 3600  # an hour away
    window.showNormal()
    assert not page.session.paused and not page.overlay.isVisible()
    clock[0] += 10
    assert window.recorder is not None
    window.recorder.tick()
    assert page.session.seconds == pytest.approx(40)  # 30 s before, 10 s after: not the hour away
    page.toggle_pause()  # the player's own pause outlasts a trip to the taskbar
    window.showMinimized()
    window.showNormal()
    assert page.session.paused and page.overlay.isVisible()


def test_qt_bindings_keep_the_reference_count_of_none(qtbot: QtBot) -> None:
    """PySide6 6.12.0 lost a reference to None per void call: a long game then crashed Python."""
    import sys

    from gui.cards import SlotItem

    item = SlotItem()
    before = sys.getrefcount(None)
    for _ in range(2000):
        item.set_marks(selected=True)
    assert sys.getrefcount(None) >= before - 50


def test_window_size_and_language_are_remembered_across_restarts(qtbot: QtBot) -> None:
    from gui.prefs import ShellPrefs

    window = make_window(qtbot, {"yukon": yukon_plugin})
    window.resize(790, 520)
    window.launcher.language.setCurrentIndex(window.launcher.language.findData("ja"))
    window.close()
    try:
        assert ShellPrefs.load().language == "ja"
        again = make_window(qtbot, {"yukon": yukon_plugin})
        assert (again.width(), again.height()) == (1100, 760)  # make_window resizes; read the stored geometry
        from PySide6.QtCore import QByteArray, QSettings

        from core.paths import config_dir

        stored = QSettings(str(config_dir() / "window.ini"), QSettings.Format.IniFormat).value("geometry")
        assert isinstance(stored, QByteArray) and not stored.isEmpty()
        fresh = type(again)(again.host)
        qtbot.addWidget(fresh)
        assert (fresh.width(), fresh.height()) == (790, 520)
        settings = QSettings(str(config_dir() / "window.ini"), QSettings.Format.IniFormat)
        settings.setValue("geometry", QByteArray(b"not a window's geometry"))
        settings.sync()
        damaged = type(again)(again.host)
        qtbot.addWidget(damaged)
        assert (damaged.width(), damaged.height()) == first_size(), "a damaged place: the first size, not the least"
    finally:
        set_language("en")


class _RaisingCpu:
    def choose(self, observation: object, legal: object, rng: object) -> object:
        raise RuntimeError("the CPU lost its marbles")


def euchre_with_normal(player: type) -> object:
    """A plugin of Euchre whose "normal" CPU player is ``player``."""

    class Plugin:
        @staticmethod
        @hookimpl
        def cardtable_register_games(games: GameRegistry) -> None:
            import dataclasses

            games.add(dataclasses.replace(EUCHRE, strategies={**EUCHRE.strategies, "normal": player}))

    return Plugin


def test_a_crashing_cpu_keeps_the_save_aside_and_offers_a_new_game(qtbot: QtBot) -> None:
    """The save holds the position before the failing move, is moved aside with the reason, and Continue
    is no longer offered — so it cannot replay into the same crash."""
    window = make_window(qtbot, {"euchre": euchre_with_normal(_RaisingCpu)})
    page = window.new_game("euchre")
    assert page is not None
    if page.session.to_move == 0:  # the deal is random: let South speak so a CPU is asked next
        page.session.play("pass")
        page.update_controls()
    saved_moves = list(page.session.moves)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "error_dialog") is not None, timeout=20000)
    box = window.findChild(QMessageBox, "error_dialog")
    assert "the CPU lost its marbles" in box.text() and "Continue will not run into the same error" in box.text()
    assert window.stack.currentWidget() is window.launcher
    assert window.launcher.tiles["euchre"].findChild(QPushButton, "continue-euchre") is None
    aside = sorted(p for p in window.saves.directory.iterdir() if p.name.startswith("euchre.json.crash-"))
    assert len(aside) == 2 and aside[1].name == aside[0].name + ".txt"
    import json

    assert json.loads(aside[0].read_text())["moves"] == saved_moves, "the position before the failing move"
    assert "RuntimeError: the CPU lost its marbles" in aside[1].read_text()
    again = box.findChild(QPushButton, "error_new_game")
    assert again is not None
    again.click()
    assert window.page is not None and window.page.session.moves == []


class _UnbornCpu:
    def __init__(self) -> None:
        raise RuntimeError("the CPU could not wake up")


def test_a_game_that_cannot_start_is_named_and_no_new_game_is_offered(qtbot: QtBot) -> None:
    """A CPU player that fails as it is made: the message said "Card Table stopped because of an error" and
    "Start a new game" (which failed the same way); now the game is named as not starting, and the window
    stays whole for the other games."""
    window = make_window(qtbot, {"euchre": euchre_with_normal(_UnbornCpu), "yukon": yukon_plugin})
    window.launcher.findChild(QPushButton, "new-euchre").click()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "error_dialog") is not None, timeout=20000)
    box = window.findChild(QMessageBox, "error_dialog")
    assert box.text().startswith("Euchre could not start because of an error:")
    assert "the CPU player 'normal' could not be made: RuntimeError: the CPU could not wake up" in box.text()
    assert "Card Table stopped" not in box.text() and "PlayerFailed" not in box.text()
    assert box.findChild(QPushButton, "error_new_game") is None
    assert window.stack.currentWidget() is window.launcher
    box.close()
    page = window.new_game("yukon")
    assert page is not None and window.page is page


@pytest.mark.parametrize("button", ["continue", "new"])
def test_a_saved_game_stays_when_its_cpu_player_cannot_be_made(qtbot: QtBot, button: str) -> None:
    """A plugin updated with a CPU player that fails as it is made: Continue set the saved game aside as "cannot be
    replayed" (and New game did, counting it for the statistics first), though the save was sound; now the game is
    named as not starting and the save stays for Continue once the plugin is mended."""
    first = make_window(qtbot, {"euchre": euchre_plugin})
    page = first.new_game("euchre")
    assert page is not None
    page.session.run_cpus()
    page.session.play(page.session.legal_moves()[0])
    moves = list(page.session.moves)
    page.buttons["back"].click()
    first.close()
    window = make_window(qtbot, {"euchre": euchre_with_normal(_UnbornCpu)})
    for _ in range(2 if button == "new" else 1):  # New game over a saved game asks for a second press
        window.launcher.findChild(QPushButton, f"{button}-euchre").click()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "error_dialog") is not None, timeout=20000)
    assert window.findChild(QMessageBox, "error_dialog").text().startswith("Euchre could not start")
    assert window.saves.continuable("euchre") and window.saves.read("euchre").record["moves"] == moves
    assert not [p for p in window.saves.directory.iterdir() if ".json." in p.name], "nothing set aside"


def test_a_first_save_that_fails_is_shown_on_the_game_page_at_once(qtbot: QtBot, cardtable_home: Path) -> None:
    (cardtable_home / "data").mkdir(parents=True)
    (cardtable_home / "data" / "saves").write_text("a file where the saves folder should be")
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None and page.notice.isVisible()
    assert "cannot be saved" in page.notice.text()
    page.session.play(page.session.legal_moves()[0])  # play goes on
    assert page.session.moves
    (cardtable_home / "data" / "saves").unlink()  # the folder can be written again
    page.session.play(page.session.legal_moves()[0])
    assert page.notice.text() == "Saving works again."
    qtbot.waitUntil(lambda: not page.notice.isVisible(), timeout=20000)  # the failure is not said again after it


def test_a_hostile_save_on_continue_is_reported_on_the_game_page(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    path = window.saves.path_for("yukon")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format_version": 1, "game": "yukon", "settings": {}, "start": {"seed": 1}, '
                    '"moves": ["9.9>9"]}')
    window.launcher.rebuild()
    button = window.launcher.tiles["yukon"].findChild(QPushButton, "continue-yukon")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.page is not None and window.page.notice.isVisible()
    notice = window.page.notice.text()
    assert "cannot be replayed" in notice and "moved to yukon.json.corrupt-" in notice


@pytest.mark.parametrize(("content", "says"), [
    ('{"format_version": 1, "game": "yukon", "settings": {}, "start": {"seed": 1}, "moves": ["9.9>9"]}',
     "cannot be replayed"),
    ("{ not json", "cannot be read"),
])
def test_new_game_over_a_damaged_save_says_where_it_went(qtbot: QtBot, content: str, says: str) -> None:
    """New game from the launcher replaces the saved game; one that could not be read went without a word
    (the unreplayable one was overwritten)."""
    window = make_window(qtbot, {"yukon": yukon_plugin})
    path = window.saves.path_for("yukon")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    page = window.new_game("yukon")
    assert page is not None and page.notice.isVisible()
    assert says in page.notice.text() and "moved to yukon.json.corrupt-" in page.notice.text()
    assert len(list(path.parent.glob("yukon.json.corrupt-*"))) == 1


def test_a_game_after_another_leaves_nothing_of_the_last_behind(qtbot: QtBot) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})

    def objects_under_the_window() -> int:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        return len(window.findChildren(QObject))

    counts = []
    for game_id in ("euchre", "yukon") * 3:
        page = window.new_game(game_id)
        assert page is not None
        if page.session.to_move == page.view.seat:
            page.view.play(page.session.legal_moves()[0])
        qtbot.wait(20)
        counts.append(objects_under_the_window())
    # after one game of each (which make what the window keeps for good), each page, its buttons and timers go
    assert len(set(counts[2:])) == 1, counts
    window.show_launcher()
    assert objects_under_the_window() < counts[0]


def test_a_notice_stays_until_closed_and_a_passing_note_gives_way_to_it(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    path = window.saves.path_for("yukon")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json")
    page = window.continue_game("yukon")
    assert page is not None and page.notice.isVisible() and "cannot be read" in page.notice.text()
    page.show_notice("No hint here", timeout_ms=50)  # as the Hint button's passing note
    assert page.notice.text() == "No hint here"
    qtbot.waitUntil(lambda: "cannot be read" in page.notice.text(), timeout=20000)
    assert page.notice.isVisible(), "the notice the player has not closed is back"
    qtbot.mouseClick(page.notice_bar.close_button, Qt.MouseButton.LeftButton)
    assert not page.notice.isVisible()
    for key in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Space):
        page.show_notice("Progress cannot be saved")
        page.notice_bar.close_button.setFocus()
        qtbot.keyClick(page.notice_bar.close_button, key)
        assert not page.notice.isVisible(), key
    window.show_launcher()
    window.launcher.show_message("the interface preferences file is damaged")
    assert window.launcher.message.isVisible()
    qtbot.mouseClick(window.launcher.message_bar.close_button, Qt.MouseButton.LeftButton)
    assert not window.launcher.message.isVisible()


def test_help_statistics_and_settings_leave_nothing_behind_when_closed(qtbot: QtBot,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Each window the toolbar or launcher opens is deleted when closed, not kept until the program ends."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    window = make_window(qtbot, {"euchre": euchre_plugin})
    monkeypatch.setattr(SettingsDialog, "exec", lambda self: SettingsDialog.DialogCode.Rejected)

    def objects() -> int:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        return len(window.findChildren(QObject))

    before = objects()
    for _ in range(3):
        window.open_help("euchre").close()
        window.open_stats("euchre").close()
        window.open_settings("euchre")
        assert objects() == before, "a closed window is still there"


@pytest.mark.parametrize("window_name", ["help", "stats", "settings"])
def test_the_cpu_players_go_on_once_a_window_opened_on_their_turn_is_closed(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, window_name: str) -> None:
    from core.session import GameSession

    window = make_window(qtbot, {"euchre": euchre_plugin})
    monkeypatch.setattr(SettingsDialog, "exec", lambda self: SettingsDialog.DialogCode.Rejected)
    seed = next(n for n in range(50) if GameSession.new(EUCHRE, seed=n).to_move != 0)  # West bids first
    page = window.open_session(GameSession.new(EUCHRE, seed=seed, saves=window.saves))
    assert page is not None
    opened = {"help": lambda: window.open_help("euchre"), "stats": lambda: window.open_stats("euchre"),
              "settings": lambda: window.open_settings("euchre")}[window_name]()
    assert page.session.moves == [], "no CPU move behind the window"
    if opened is not None:
        opened.close()
    qtbot.waitUntil(lambda: page.session.moves != [], timeout=20000)  # not stuck on "West is thinking…"


def test_every_games_help_names_the_keys_its_toolbar_buttons_show(qtbot: QtBot) -> None:
    from importlib import metadata

    from core.manager import PluginHost
    from gui.window import MainWindow

    host = PluginHost()
    host.discover(metadata.entry_points(group="cardtable"))
    window = MainWindow(host)
    qtbot.addWidget(window)
    games = [variant for game in host.games() for variant in (game, *host.variants_of(game.id))]
    assert len(games) >= 5  # Euchre, Bid Euchre, both Cutthroats, Yukon
    for game in games:
        assert_help_names_the_toolbars_keys(window, game.id)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_at_the_smallest_window_every_games_toolbar_stands_on_one_row(qtbot: QtBot, language: str) -> None:
    from importlib import metadata

    from core.manager import PluginHost

    host = PluginHost()
    host.discover(metadata.entry_points(group="cardtable"))
    window = MainWindow(host)
    qtbot.addWidget(window)
    window.show()
    set_language(language)
    try:
        for game in (variant for base in host.games() for variant in (base, *host.variants_of(base.id))):
            page = window.new_game(game.id)
            assert page is not None
            window.resize(200, 200)  # down to the smallest the window takes
            qtbot.wait(5)
            rows = {button.y() for button in page.buttons.values() if button.isVisible()}
            assert len(rows) == 1, f"{game.id} ({language}) at {window.width()} wide: rows at {sorted(rows)}"
    finally:
        set_language("en")


def test_the_toolbar_wraps_onto_a_second_row_in_a_narrow_window_with_every_button_whole(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QApplication

    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    font = QApplication.font()
    try:
        larger = QApplication.font()
        larger.setPointSize(font.pointSize() * 2)  # as a person who set larger text on their desktop has it
        QApplication.setFont(larger)
        for game in ("yukon", "euchre"):
            page = window.new_game(game)
            assert page is not None
            qtbot.wait(20)  # shown, in the larger font
            shown = [b for b in page.buttons.values() if not b.isHidden()]
            one_row = sum(b.sizeHint().width() + 6 for b in shown)
            assert one_row > window.minimumWidth()
            for width, rows in ((one_row + 100, 1), (window.minimumWidth(), 2)):
                window.resize(width, 700)
                qtbot.wait(20)
                assert window.width() == width  # the toolbar does not hold the window wider than asked
                assert len({b.y() for b in shown}) == rows
                rects = [b.geometry() for b in shown]
                assert all(b.width() >= b.sizeHint().width() and b.geometry().right() < page.width() for b in shown)
                assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])
                assert page.table.geometry().top() > max(r.bottom() for r in rects)  # the table starts below them
            window.show_launcher()
    finally:
        QApplication.setFont(font)


def test_a_cpu_move_that_ends_after_the_window_is_gone_ends_quietly(qtbot: QtBot,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+Q while a CPU player thinks: the program's last moments tear down the relay the worker thread would
    answer through, and the thread's late answer must not print a traceback on the way out."""
    import threading

    import shiboken6

    import gui.table_view as table_view

    failures: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failures.append(args.exc_value))
    release = threading.Event()
    table_view.run_in_background("late job", lambda: release.wait(5))
    shiboken6.delete(table_view.relay())  # as the interpreter's shutdown does
    table_view._relay = None  # the next test gets a new relay (not monkeypatch: it would put the deleted one back)
    release.set()
    for thread in threading.enumerate():
        if thread.name == "str":
            thread.join(5)
    assert failures == []


def test_a_game_opened_from_the_narrowest_launcher_does_not_widen_the_window(qtbot: QtBot) -> None:
    """On a screen a little wider than a game's smallest table (800 pixels), a game opened in a narrower window
    widened it past the screen's right edge, cutting off East's name and the last Yukon column."""
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    area = window.screen().availableGeometry()
    assert first_size()[0] >= window.minimumWidth() and window.minimumWidth() <= area.width() - 20
    window.resize(window.minimumWidth(), 600)
    qtbot.wait(20)
    narrowest = window.width()
    for game in ("euchre", "yukon"):
        page = window.new_game(game)
        assert page is not None
        qtbot.wait(20)  # the page's layout settles
        assert window.width() == narrowest and page.minimumWidth() <= window.minimumWidth()
        window.show_launcher()


@pytest.mark.parametrize("game_id", ["euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre", "hilo"])
def test_tab_reaches_every_enabled_table_button_in_order_then_the_toolbar(qtbot: QtBot, game_id: str) -> None:
    """The conformance kit's keyboard check takes Tab to reach every enabled button a table offers (it presses
    them as the window's Tab and Enter do): asked here of every game with table buttons, at each of the person's
    first positions — Tab from the table runs through the enabled buttons in the table's order, then leaves for
    the toolbar."""
    from PySide6.QtWidgets import QApplication

    from core.rng import Rng
    from gui.table_scene import ButtonItem
    from tests.gui_helpers import euchre_family_page
    from tests.test_example_plugin import hilo_game

    if game_id == "hilo":
        class HiLo:
            @staticmethod
            @hookimpl
            def cardtable_register_games(games: GameRegistry) -> None:
                games.add(hilo_game())

        window = make_window(qtbot, {"hilo": HiLo})
        page = window.new_game("hilo")
        assert page is not None
    else:
        window, page = euchre_family_page(qtbot, game_id, seed=5)
    with qtbot.waitActive(window):
        window.activateWindow()
    session, rng, checked = page.session, Rng(5), 0
    while checked < 6 and not session.is_over:
        if session.hold is not None:
            session.acknowledge()
        elif session.is_cpu_turn:
            session.cpu_step()
        else:
            page.view.refresh(animate=False)
            table = page.view.table
            assert table is not None
            wanted = [c.id for c in table.all_choices() if c.enabled]
            page.table.setFocus()
            reached = []
            for _ in range(len(wanted) + 1):
                qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
                focused = page.view.scene.focusItem()
                if not page.table.hasFocus() or not isinstance(focused, ButtonItem):
                    break
                reached.append(focused.choice.id)
            assert reached == wanted, f"{game_id}: Tab reached {reached}, the table offers {wanted}"
            assert not page.table.hasFocus() and QApplication.focusWidget() in page.buttons.values()
            checked += bool(wanted)
            session.play(rng.choice(list(session.legal_moves())))
    assert checked >= 3 or session.is_over


def test_tab_round_the_toolbar_back_into_the_table_starts_again_at_its_first_button(qtbot: QtBot) -> None:
    """Qt's scene gave the focus back to the button last tabbed out of (Pass, in Euchre's first round): Tab
    round the toolbar into the table, then on, never reached Order up or Alone again — by Tab, the way the
    conformance kit's keyboard check reaches every button."""
    from PySide6.QtWidgets import QApplication

    from gui.table_scene import ButtonItem
    from tests.gui_helpers import euchre_family_page

    window, page = euchre_family_page(qtbot, "euchre", seed=5)
    with qtbot.waitActive(window):
        window.activateWindow()
    session = page.session
    while session.to_move != 0:
        session.cpu_step()
    page.view.refresh(animate=False)
    wanted = [c.id for c in page.view.table.all_choices() if c.enabled]  # type: ignore[union-attr]
    assert wanted == ["order", "alone", "pass"]
    page.table.setFocus()
    rounds = []
    for _ in range(2):
        reached: list[str] = []
        for _ in range(40):  # on round the toolbar, into the table again and through its buttons
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            focused = page.view.scene.focusItem()
            if page.table.hasFocus() and isinstance(focused, ButtonItem):
                reached.append(focused.choice.id)
            elif reached:
                break
        rounds.append(reached)
    assert rounds == [wanted, wanted]
