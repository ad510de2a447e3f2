"""In the window: F1 and the Help buttons open the rules with the options in play (in Japanese when the
interface is), the Euchre hint marks the suggested card and says why, ? asks for a hint in every game, and
"Last hand" steps through the previous hand."""

from __future__ import annotations

import platform
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QUrl, qVersion
from PySide6.QtGui import QFont, QTextDocument, QTextFragment
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import gui.help_window as help_window_module
import plugins.bid_euchre.plugin as bid_plugin
import plugins.cutthroat.plugin as cutthroat_plugin
import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core import __version__
from core.paths import config_dir, data_dir, saves_dir
from core.plugin import hookimpl
from core.session import GameSession
from core.settings import Choice, Toggle
from gui.game_page import GamePage
from gui.help_window import ABOUT, HelpWindow
from gui.i18n import set_language
from gui.review_window import ReviewWindow
from gui.window import MainWindow
from tests.gui_helpers import click, euchre_family_page, make_window, nameless
from tests.session_helpers import first_moves_until
from tests.test_gui_shell import Misspelled


def test_f1_opens_the_rules_with_the_options_of_the_game_in_play(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    euchre = window.host.game("euchre")
    settings = euchre.settings.with_preset(euchre.settings.defaults(), "holding_stick")
    page = window.open_session(GameSession.new(euchre, settings, seed=1, saves=window.saves))
    assert page is not None
    qtbot.keyClick(page.table, Qt.Key.Key_F1)
    help_window = window.findChild(HelpWindow)
    assert help_window is not None and help_window.isVisible()
    shown = help_window.browser.toPlainText()
    assert "right bower" in shown and "Trump-holding: on" in shown and "Stick the dealer: on" in shown
    assert "Trump-holding + stick the dealer" in shown  # the preset's name
    assert "Defender may go alone: off" in shown
    help_window.choice.setCurrentIndex(help_window.choice.findData("yukon"))
    assert "foundations" in help_window.browser.toPlainText()


def test_the_help_is_japanese_when_the_interface_is(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    set_language("ja")
    try:
        qtbot.keyClick(window.launcher.stats, Qt.Key.Key_F1)  # F1 with a launcher button focused
        help_window = window.findChild(HelpWindow)
        assert help_window is not None
        shown = help_window.browser.toPlainText()
        assert "右バウアー" in shown and "このゲームの設定" in shown and "配り手強制: オフ" in shown
        # the source wraps its paragraphs; the window shows no space where a Japanese line was broken
        assert "右（東）のCPUが相手の組です" in shown and "宣言すればそこで決まります" in shown
        assert help_window.windowTitle().startswith("ルール")
    finally:
        set_language("en")


def help_settings(game: Any) -> list[dict[str, Any]]:
    """The defaults, every preset, every toggle on, and each value of each choice."""
    schema = game.settings
    defaults = schema.defaults()
    sets = [defaults, *(schema.with_preset(defaults, p.id) for p in schema.presets),
            {**defaults, **{o.key: True for o in schema.options if isinstance(o, Toggle)}}]
    return sets + [{**defaults, o.key: v} for o in schema.options if isinstance(o, Choice) for v in o.values]


def fragments(document: QTextDocument) -> Iterator[QTextFragment]:
    """Every run of the shown text with one format, in order."""
    block = document.begin()
    while block.isValid():
        runs = block.begin()
        while not runs.atEnd():
            yield runs.fragment()
            runs += 1
        block = block.next()


def bold_text(document: QTextDocument) -> str:
    """Every bold run of the shown text, one a line."""
    return "\n".join(f.text() for f in fragments(document) if f.charFormat().fontWeight() >= QFont.Weight.Bold)


@pytest.mark.parametrize("words", ["en", "ja"])
def test_the_rules_show_no_markdown_marks_and_bold_what_the_page_marks_bold(qtbot: QtBot, words: str) -> None:
    # Markdown leaves ** as text when the mark touches punctuation on one side and a letter on the other, which
    # Japanese, written without spaces, runs into easily: "**オークション（ビッド）**で" showed its asterisks.
    window = make_window(qtbot, {"euchre": euchre_plugin, "bid-euchre": bid_plugin, "yukon": yukon_plugin,
                                 "cutthroat": cutthroat_plugin})
    set_language(words)
    try:
        games = [g for base in window.host.games() for g in (base, *window.host.variants_of(base.id))]
        assert len(games) == 5
        for game in games:
            for settings in help_settings(game):
                help_window = HelpWindow(window.host, lambda _game, s=settings: s, game.id)
                source = help_window.markdown()
                shown = help_window.browser.toPlainText()
                marks = [line for line in shown.splitlines() if re.search(r"\*|`|(?<![\w/])_|_(?![\w/])", line)]
                assert not marks, f"{game.id} ({words}, {settings}) shows Markdown marks: {marks}"
                bold = re.sub(r"\s", "", bold_text(help_window.browser.document()))
                for span in re.findall(r"\*\*(.+?)\*\*", source, re.DOTALL):
                    assert re.sub(r"\s|`", "", span) in bold, f"{game.id} ({words}): '{span}' is not bold"
                help_window.deleteLater()
    finally:
        set_language("en")


class MarksInItsError:
    @staticmethod
    @hookimpl
    def cardtable_register_games(games: object) -> None:
        raise RuntimeError("cannot import name x from pkg.__init__ (*a* | b)")


def test_the_about_page_names_the_version_every_plugin_and_its_folders_with_links(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin, "euchre": euchre_plugin, "cutthroat": cutthroat_plugin,
                                 "misspelled": Misspelled, "marks": MarksInItsError})
    help_window = window.open_help(None)
    help_window.choice.setCurrentIndex(help_window.choice.findData(ABOUT))
    shown = help_window.browser.toPlainText()
    assert help_window.choice.currentText() == "About Card Table" and f"Card Table {__version__}" in shown
    assert help_window.windowTitle() == "About Card Table — Card Table"
    assert f"Running on Python {platform.python_version()} · Qt {qVersion()} · PySide6 " in shown
    assert "yukon — Yukon" in " ".join(shown.split()), shown  # added by the test: no package
    assert "Two-handed Euchre, Three-handed Euchre" in shown, shown
    assert "not loaded: unknown hook cardtable_register_gmaes" in " ".join(shown.split())
    assert f"{saves_dir()} (not made yet)" in shown and str(config_dir()) in shown
    assert "RuntimeError: cannot import name x from pkg.__init__ (*a* | b)" in " ".join(shown.split())
    assert not re.search(r"\*\*|`", shown), "no Markdown marks show"
    saves_dir().mkdir(parents=True)
    help_window.choice.setCurrentIndex(0)
    help_window.choice.setCurrentIndex(help_window.choice.findData(ABOUT))
    assert f"{saves_dir()} (not made yet)" not in help_window.browser.toPlainText()
    links = anchors(help_window.browser.document())
    assert saves_dir().as_uri() in links and (data_dir() / "stats").as_uri() not in links, "a missing one: no link"
    opened: list[str] = []
    monkeypatch.setattr(help_window_module, "QDesktopServices",
                        SimpleNamespace(openUrl=lambda url: opened.append(url.toLocalFile()) or len(opened) > 1))
    help_window.browser.anchorClicked.emit(QUrl(saves_dir().as_uri()))
    problem = help_window.link_problem
    assert opened == [str(saves_dir())] and problem.isVisibleTo(help_window)  # the folder, whatever its name
    assert problem.text() == f"{saves_dir()} cannot be opened: this desktop has no program set up to open it."
    help_window.browser.anchorClicked.emit(QUrl(saves_dir().as_uri()))
    assert len(opened) == 2 and not problem.isVisibleTo(help_window), "opened: nothing to say"
    help_window.close()
    set_language("ja")
    try:
        help_window = window.open_help(None)
        help_window.choice.setCurrentIndex(help_window.choice.findData(ABOUT))
        shown = help_window.browser.toPlainText()
        assert help_window.choice.currentText() == "カードテーブルについて" and "2人ユーカー、3人ユーカー" in shown
        assert help_window.windowTitle() == "カードテーブルについて — カードテーブル"
        assert "カードテーブル 0.1.0" in shown
        assert "読み込めません: 未知のフック cardtable_register_gmaes" in " ".join(shown.split())
    finally:
        set_language("en")


def anchors(document: QTextDocument) -> list[str]:
    return [f.charFormat().anchorHref() for f in fragments(document) if f.charFormat().isAnchor()]


def euchre_at_souths_first_call(qtbot: QtBot, plugins: dict[str, Any]) -> tuple[MainWindow, GamePage]:
    """A window with Euchre seed 36 open at South's first call, the CPUs held."""
    window = make_window(qtbot, plugins)
    game = window.host.game("euchre")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=36, saves=window.saves))
    assert page is not None
    page.view.cpu_timer.stop()
    while page.session.to_move != 0:
        page.session.cpu_step()
    page.view.refresh(animate=False)
    return window, page


def test_the_hint_button_and_h_mark_a_card_and_give_a_reason(qtbot: QtBot) -> None:
    _, page = euchre_at_souths_first_call(qtbot, {"euchre": euchre_plugin})
    assert page.buttons["hint"].isVisible() and page.buttons["hint"].isEnabled()
    page.buttons["hint"].click()
    hinted = [c.choice.id for c in page.view.scene.buttons.values() if c.choice.hinted]
    assert hinted and page.view.scene.texts["hint"].isVisible()
    assert page.session.hints == 1
    while page.session.to_move != 0 or page.session.observation(0).phase.value != "play" \
            or page.session.hold is not None:
        if page.session.hold is not None:
            page.session.acknowledge()
        elif page.session.to_move == 0:
            page.session.play(page.session.legal_moves()[-1])
        else:
            page.session.cpu_step()
    page.view.refresh(animate=False)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    assert page.view.hint is not None and page.view.hint.move.startswith("play ")
    card = page.view.hint.move.split()[1]
    assert page.view.scene.cards[card].hinted
    assert page.view.hint.reason.en in " ".join(page.view.scene.texts["hint"].lines)
    click(qtbot, page, page.view.scene.cards[card])  # playing the card clears the hint
    assert f"play {card}" in page.session.moves
    shown = page.view.scene.texts.get("hint")
    assert page.view.hint is None and (shown is None or not shown.isVisible())


def test_question_mark_asks_for_a_hint_in_every_game_even_where_h_names_hearts(qtbot: QtBot) -> None:
    window, page = euchre_at_souths_first_call(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    assert page.session.observation(0).phase.value == "bid1" and page.buttons["hint"].toolTip() == "?"
    moves = list(page.session.moves)
    qtbot.keyClick(page.table, "?")
    assert page.view.hint is not None and page.session.hints == 1 and page.session.moves == moves
    page = window.new_game("yukon")
    assert page is not None
    qtbot.keyClick(page.table, "?")
    assert page.view.hint is not None and page.session.hints == 1
    page.buttons["settings"].setFocus()
    qtbot.keyClick(page.buttons["settings"], "?")
    assert page.session.hints == 2, "from the toolbar too, as P pauses from there"
    page.toggle_pause()
    qtbot.keyClick(page.table, "?")
    assert page.session.hints == 2, "no hint while paused"


def test_a_long_hint_wraps_inside_the_table(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    session = GameSession.new(game, game.settings.defaults(), seed=19, players=[None, "normal", "normal", "hard"],
                              saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    page.view.cpu_timer.stop()
    for _ in range(200):  # South plays the hints up to a first-trick card whose reason runs long
        if page.session.hold is not None:
            page.session.acknowledge()
        elif page.session.to_move != 0:
            page.session.cpu_step()
        else:
            hint = page.session.hint()
            assert hint is not None
            if "too close" in hint.reason.en:
                break
            page.session.play(hint.move)
    else:
        raise AssertionError("no long first-trick hint in this match")
    page.view.refresh(animate=False)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    scene = page.view.scene
    item = scene.texts["hint"]
    reason = page.view.hint.reason.en if page.view.hint is not None else ""
    assert len(item.lines) > 1 and " ".join(item.lines) == reason
    box = item.sceneBoundingRect()
    assert box.left() >= 0 and box.right() <= scene.view_size[0], "the reason stays on the table"


@pytest.mark.parametrize("game_id", ["euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre"])
def test_last_hand_steps_through_the_previous_hand(qtbot: QtBot, game_id: str) -> None:
    window, page = euchre_family_page(qtbot, game_id)
    assert not page.buttons["last_hand"].isEnabled()
    session = page.session
    first_moves_until(session, lambda s: s.observation(0).previous is not None and s.hold is None)
    page.update_controls()
    assert page.buttons["last_hand"].isEnabled() and page.buttons["last_hand"].toolTip() == "R"
    if game_id == "euchre":
        page.buttons["last_hand"].click()
    else:
        page.table.setFocus()
        qtbot.keyClick(page.table, Qt.Key.Key_R)  # the key the button's tip names
    review = window.findChild(ReviewWindow)
    assert review is not None and review.isVisible() and review.step == 0
    area = review.screen().availableGeometry()  # the review fits the screen (800 × 800 offscreen)
    assert review.width() <= area.width() and review.height() <= area.height()
    moves = len(session.moves)
    heard: list[str] = []
    review.canvas.announced.connect(heard.append)
    qtbot.keyClick(review.canvas, Qt.Key.Key_Return)  # Enter steps on (the dialog's first button went back)
    assert review.step == 1 and "Trick 1 of" in review.frames[1].status.en
    qtbot.waitUntil(lambda: any("Trick 1 of" in said for said in heard), timeout=20000)  # a screen reader hears it
    assert review.canvas.accessibleName() == "Last hand"
    assert nameless(review) == []
    qtbot.keyClick(review.canvas, Qt.Key.Key_T)  # the whole frame
    assert heard[-1].startswith(review.frames[1].status.en)
    qtbot.keyClick(review.canvas, Qt.Key.Key_Right)
    qtbot.keyClick(review.canvas, Qt.Key.Key_Left)
    assert review.step == 1
    assert any(key.startswith(("9", "T", "J", "Q", "K", "A")) and item.isVisible()
               for key, item in review.scene.cards.items())
    with qtbot.waitActive(review):
        review.activateWindow()
    qtbot.mouseClick(review.next, Qt.MouseButton.LeftButton)  # a click on Next, then the arrow: one more step
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)  # (the clicked Next took the arrow to Close)
    assert review.step == 3 and QApplication.focusWidget() is review.canvas
    qtbot.keyClick(review.canvas, Qt.Key.Key_End)
    assert review.step == len(review.frames) - 1 and not review.next.isEnabled()
    qtbot.keyClick(review.canvas, Qt.Key.Key_Escape)
    assert not review.isVisible() and len(session.moves) == moves, "reviewing plays nothing"
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    assert page.findChildren(ReviewWindow) == [], "a closed review leaves nothing behind"
    before = len(window.findChildren(QObject))
    for _ in range(3):  # a review a hand, over a long match
        again = page.review_last_hand()
        assert again is not None
        again.close()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    assert len(window.findChildren(QObject)) == before


def test_qts_own_words_follow_the_interface_language(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    help_window = window.open_help("yukon")

    def menu_words() -> list[str]:  # what a right click on the rules offers
        menu = help_window.browser.createStandardContextMenu()
        words = [action.text() for action in menu.actions() if action.text()]
        menu.deleteLater()
        return words

    english = menu_words()
    assert any("Copy" in word for word in english)
    set_language("ja")
    try:
        assert any("コピー" in word for word in menu_words()), menu_words()
    finally:
        set_language("en")
    assert menu_words() == english


def pictured_rules(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, width: int,
                   height: int) -> HelpWindow:
    """The help window on a plugin's rules page showing `![The layout](layout.png)`, a picture of ``width`` ×
    ``height`` beside it in its package."""
    import dataclasses
    from types import SimpleNamespace

    from PySide6.QtGui import QColor, QImage

    from core.help import RulesText

    help_folder = tmp_path / "pictured_rules" / "help"
    help_folder.mkdir(parents=True)
    (help_folder.parent / "__init__.py").write_text("")
    (help_folder / "rules.en.md").write_text("# Pictured\n\nThe layout:\n\n![The layout](layout.png)\n")
    picture = QImage(width, height, QImage.Format.Format_RGB32)
    picture.fill(QColor("darkgreen"))
    assert picture.save(str(help_folder / "layout.png"))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "pictured_rules", raising=False)  # another test's, its picture another size
    game = dataclasses.replace(yukon_plugin.GAME, id="pictured",
                               help=RulesText("pictured_rules", {"en": "help/rules.en.md"}))
    plugin = SimpleNamespace(cardtable_register_games=hookimpl(lambda games: games.add(game)))
    window = make_window(qtbot, {"pictured": plugin})
    rules = HelpWindow(window.host, lambda g: g.settings.defaults(), "pictured", window)
    qtbot.addWidget(rules)
    return rules


def test_a_picture_beside_a_rules_page_is_shown_in_it(qtbot: QtBot, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin's rules page showing `![The layout](layout.png)`, the picture beside it in its package, showed a
    broken picture: the help window looked for it nowhere."""
    rules = pictured_rules(qtbot, tmp_path, monkeypatch, 120, 40)
    shown = rules.browser.document().resource(QTextDocument.ResourceType.ImageResource, QUrl("layout.png"))
    assert shown is not None and (shown.width(), shown.height()) == (120, 40)
    rules.choice.setCurrentIndex(rules.choice.findData(ABOUT))  # the About page looks in no plugin's package
    assert rules.browser.rules is None


def test_a_picture_of_a_rules_page_in_a_zipped_package_is_shown(qtbot: QtBot, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Pictures were looked for in folders on disk only: a plugin imported from a zip file (a zipapp, an egg) showed
    its rules with a broken picture, and `cardtable plugins` could not tell it was missing."""
    import dataclasses
    import zipfile
    from types import SimpleNamespace

    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    from core.help import RulesText

    picture = QImage(90, 30, QImage.Format.Format_RGB32)
    picture.fill(QColor("darkred"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert picture.save(buffer, "PNG")
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as packed:
        packed.writestr("zipped_rules/__init__.py", "")
        packed.writestr("zipped_rules/help/rules.en.md", "# Zipped\n\n![The layout](pictures/layout.png)\n\n"
                                                          "![Gone](gone.png)\n")
        packed.writestr("zipped_rules/help/pictures/layout.png", bytes(data.data()))
    monkeypatch.syspath_prepend(str(archive))
    help_text = RulesText("zipped_rules", {"en": "help/rules.en.md"})
    assert help_text.missing_pictures() == ["help/rules.en.md shows gone.png"]
    assert help_text.picture("en", "../../../etc/passwd") is None  # nothing outside the package
    game = dataclasses.replace(yukon_plugin.GAME, id="zipped", help=help_text)
    plugin = SimpleNamespace(cardtable_register_games=hookimpl(lambda games: games.add(game)))
    window = make_window(qtbot, {"zipped": plugin})
    rules = HelpWindow(window.host, lambda g: g.settings.defaults(), "zipped", window)
    qtbot.addWidget(rules)
    shown = rules.browser.document().resource(QTextDocument.ResourceType.ImageResource, QUrl("pictures/layout.png"))
    assert shown is not None and (shown.width(), shown.height()) == (90, 30)


def test_a_picture_wider_than_the_rules_page_shrinks_to_it(qtbot: QtBot, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A 2,000-pixel-wide picture on a rules page scrolled the page sideways: it is drawn as wide as the text, its
    shape kept, and as wide as it is again once the window has room."""
    rules = pictured_rules(qtbot, tmp_path, monkeypatch, 2000, 400)
    rules.resize(700, 600)
    rules.show()
    qtbot.waitExposed(rules)
    qtbot.wait(100)  # (the page is laid out after it shows)
    bar = rules.browser.horizontalScrollBar()
    assert bar.maximum() == 0, "the page scrolls sideways"
    drawn = rules.browser.document().size().width()
    assert drawn <= rules.browser.viewport().width() + 1
    rules.resize(2300, 600)
    qtbot.wait(100)
    assert bar.maximum() == 0
    assert rules.browser.document().size().width() > 2000  # the picture at its own width, the margins round it
