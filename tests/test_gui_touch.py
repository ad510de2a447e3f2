"""A touchscreen (a two-in-one laptop): a finger taps, double-taps and drags cards as the mouse does; held still
on a covered card it shows the card whole (a screen has no right button); swiped over the rules, the settings or
the games it scrolls them instead of selecting text, and a tap there still presses what it lands on.

Touches go through Qt's own handling (``QTest.touchEvent``), as a real screen's do, and Qt makes the mouse events
from them. The offscreen screen is 800 × 600 and drops touches beyond it, so the windows here stay inside it."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QDesktopServices, QGuiApplication, QTextCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGraphicsItem,
    QPushButton,
    QScrollArea,
    QScroller,
    QScrollerProperties,
)
from pytest import MonkeyPatch
from pytestqt.qtbot import QtBot

import plugins.bid_euchre.plugin as bid_plugin
import plugins.cutthroat.plugin as cutthroat_plugin
import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.paths import saves_dir
from core.session import GameSession
from gui.deck import Theme
from gui.game_page import GamePage
from gui.help_window import ABOUT, HelpWindow
from gui.settings_dialog import SettingsDialog
from gui.window import MainWindow
from plugins.euchre.model import Phase
from plugins.yukon.rules import FOUNDATION
from plugins.yukon.solver import solve
from tests.euchre_helpers import make_deal
from tests.gui_helpers import TOUCHES, card, finger, item_point, make_window, marked, touch, yukon_page


def tap(qtbot: QtBot, page: GamePage, item: QGraphicsItem) -> None:
    touch(qtbot, page.table.viewport(), [item_point(page, item)])


def slide(start: QPoint, end: QPoint, steps: int = 10) -> list[QPoint]:
    return [start + (end - start) * (n / steps) for n in range(steps + 1)]


def small_window(qtbot: QtBot, plugins: dict[str, object]) -> MainWindow:
    return make_window(qtbot, plugins, QRect(0, 0, 780, 560))


def yukon_deal(qtbot: QtBot) -> GamePage:
    return yukon_page(small_window(qtbot, {"yukon": yukon_plugin}))


def short_settings(qtbot: QtBot, monkeypatch: MonkeyPatch) -> SettingsDialog:
    """Euchre's settings on a short screen (640 × 450 free): the options scroll."""
    from gui import screen_fit

    monkeypatch.setattr(screen_fit, "free_area", lambda near=None: QRect(0, 0, 640, 450))
    dialog = SettingsDialog(euchre_plugin.GAME, euchre_plugin.GAME.settings.defaults(), "classic")
    qtbot.addWidget(dialog)
    dialog.move(0, 0)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def shown_on_top(page: GamePage, over: str) -> QGraphicsItem:
    """The card drawn at ``over``'s place."""
    return page.view.scene.items(page.table.mapToScene(item_point(page, card(page, over))))[0]


def test_a_finger_taps_a_group_up_and_taps_where_it_goes(qtbot: QtBot) -> None:
    page = yukon_deal(qtbot)
    tap(qtbot, page, card(page, "TD"))
    assert marked(page, "selected_mark") == ["2S", "3H", "9S", "KC", "TD"]
    tap(qtbot, page, card(page, "JC"))
    assert page.session.moves == ["3.5>6"] and page.view.ui.pick is None
    new = page.buttons["new"]
    for _ in range(2):  # two quick taps on New game: one press, the question stays to be read
        touch(qtbot, new, [new.rect().center()])
    assert page.window().page is page and "again" in new.text()


def test_the_solvers_first_moves_of_a_deal_made_by_quick_taps(qtbot: QtBot) -> None:
    """Twelve moves of deal 12 as the solver wins it, each a tap on the cards to move and a tap 60 ms later where
    they go (a column's front card, an empty column, a foundation): Qt takes each second tap for a double-click.
    (Before, the first move was not made; three whole deals so played, 7, 12 and 3, were won.)"""
    page = yukon_deal(qtbot)
    scene = page.view.scene

    def pile(pile_id: str) -> list[QGraphicsItem]:
        return [scene.cards[k] for k, p in sorted(scene.places.items(), key=lambda kp: kp[1].index)
                if p.pile.id == pile_id]

    moves = solve(page.session.state).moves[:12]
    for move in moves:
        cards = pile(f"column:{move.source}")
        picked = cards[len(cards) - move.count]
        target = (f"foundation:{picked.card.suit.letter}" if move.target == FOUNDATION else f"column:{move.target}")
        for item in (picked, (pile(target) or [scene.slots[target]])[-1]):
            touch(qtbot, page.table.viewport(), [item_point(page, item)])
            qtbot.wait(60)
    assert page.session.moves[:len(moves)] == [move.text for move in moves]


def test_a_double_tap_a_little_off_the_first_sends_a_front_card_home(qtbot: QtBot) -> None:
    page = yukon_deal(qtbot)
    at = item_point(page, card(page, "AH"))
    touch(qtbot, page.table.viewport(), [at])
    qtbot.wait(40)
    touch(qtbot, page.table.viewport(), [at + QPoint(4, 3)])
    assert page.session.moves == ["4>F"]


def test_a_finger_drags_a_group_onto_a_column(qtbot: QtBot) -> None:
    page = yukon_deal(qtbot)
    touch(qtbot, page.table.viewport(), slide(item_point(page, card(page, "TD")), item_point(page, card(page, "JC"))))
    assert page.session.moves == ["3.5>6"]


def test_a_finger_held_on_a_covered_card_shows_it_whole_until_lifted_and_the_lift_picks_nothing(
        qtbot: QtBot) -> None:
    page = yukon_deal(qtbot)
    viewport, scene = page.table.viewport(), page.view.scene
    before = {item: (item.pos(), item.zValue()) for item in scene.cards.values()}
    held = QGuiApplication.styleHints().mousePressAndHoldInterval()
    at, touch_id = item_point(page, card(page, "3H"), dy=0.05), next(TOUCHES)
    QTest.touchEvent(viewport, finger()).press(touch_id, at, viewport).commit()
    qtbot.wait(held // 2)
    assert shown_on_top(page, "2S") is card(page, "2S"), "not before the finger has been held"
    qtbot.waitUntil(lambda: shown_on_top(page, "2S") is card(page, "3H"), timeout=held * 3)
    QTest.touchEvent(viewport, finger()).release(touch_id, at, viewport).commit()
    assert {item: (item.pos(), item.zValue()) for item in scene.cards.values()} == before
    assert page.view.ui.pick is None and page.session.moves == []
    touch(qtbot, viewport, [item_point(page, card(page, "AH"))], hold_ms=held + 200)  # nothing covers A♥
    assert marked(page, "selected_mark") == ["AH"], "held on a front card, the lift is a tap"
    touch(qtbot, viewport, [QPoint(8, viewport.height() - 8)])  # the felt: put A♥ down
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at)  # a slow click of the mouse stays a click
    qtbot.wait(held + 200)
    assert shown_on_top(page, "2S") is card(page, "2S")
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at)
    assert page.session.moves == [] and marked(page, "selected_mark") == ["2S", "3H", "9S", "KC"]


def test_a_tap_on_a_table_button_and_on_a_framed_euchre_card_plays_them(qtbot: QtBot) -> None:
    window = small_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    deal = make_deal("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=3, deal=deal, saves=window.saves))
    assert page is not None
    qtbot.waitUntil(lambda: "order" in page.view.scene.buttons, timeout=20000)
    order = page.view.scene.buttons["order"]
    touch(qtbot, page.table.viewport(), [page.table.mapFromScene(order.sceneBoundingRect().center())])
    qtbot.waitUntil(lambda: page.session.to_move == 0 and page.session.state.hand.phase == Phase.PLAY, timeout=20000)
    framed = next(c.text for c in page.session.observation(0).hand if card(page, c.text).playable)
    played = len(page.session.moves)
    tap(qtbot, page, card(page, framed))
    assert page.session.moves[played:played + 1] == [f"play {framed}"]  # (West may have played after it)


def test_a_swipe_scrolls_the_rules_and_selects_no_text(qtbot: QtBot) -> None:
    window = small_window(qtbot, {"yukon": yukon_plugin})
    rules = HelpWindow(window.host, lambda game: game.settings.defaults(), "yukon", window)
    qtbot.addWidget(rules)
    rules.setGeometry(QRect(20, 20, 560, 480))
    rules.show()
    qtbot.waitExposed(rules)
    browser, bar = rules.browser, rules.browser.verticalScrollBar()
    assert bar.maximum() > 300 and bar.value() == 0
    touch(qtbot, browser.viewport(), slide(QPoint(200, 330), QPoint(200, 30)))
    assert bar.value() >= 200, "the text followed the finger up"
    assert browser.textCursor().selectedText() == ""
    gliding = QScroller.scroller(browser.viewport())  # the text glides on, then stops (a touch while it glides
    qtbot.waitUntil(lambda: gliding.state() == QScroller.State.Inactive, timeout=10000)  # only stops it)
    stopped = bar.value()
    touch(qtbot, browser.viewport(), slide(QPoint(200, 30), QPoint(200, 330)))
    assert bar.value() < stopped, "and back down"


def test_a_tap_on_a_link_opens_it_and_a_swipe_begun_on_it_only_scrolls(qtbot: QtBot, monkeypatch: MonkeyPatch) -> None:
    saves_dir().mkdir(parents=True, exist_ok=True)  # the About page links the folders that exist
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True)
    window = small_window(qtbot, {"yukon": yukon_plugin})
    about = HelpWindow(window.host, lambda game: game.settings.defaults(), ABOUT, window)
    qtbot.addWidget(about)
    about.setGeometry(QRect(20, 20, 560, 300))
    about.show()
    qtbot.waitExposed(about)
    browser = about.browser
    link = QTextCursor(browser.document().find(saves_dir().name))
    browser.setTextCursor(link)
    browser.ensureCursorVisible()
    at = browser.cursorRect(link).center() - QPoint(3, 0)
    assert browser.anchorAt(at) == saves_dir().as_uri()
    touch(qtbot, browser.viewport(), [at])
    qtbot.waitUntil(lambda: opened == [saves_dir().as_uri()], timeout=20000)
    scrolled = browser.verticalScrollBar().value()
    touch(qtbot, browser.viewport(), slide(at, at + QPoint(0, 100)))
    assert opened == [saves_dir().as_uri()] and browser.verticalScrollBar().value() < scrolled


def test_a_swipe_scrolls_the_settings_on_a_short_screen_and_a_tap_still_ticks_a_box(
        qtbot: QtBot, monkeypatch: MonkeyPatch) -> None:
    dialog = short_settings(qtbot, monkeypatch)
    area, bar = dialog.options_area, dialog.options_area.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0
    middle = area.viewport().rect().center()
    touch(qtbot, area.viewport(), slide(middle + QPoint(0, 80), middle - QPoint(0, 80)))
    qtbot.waitUntil(lambda: bar.value() == bar.maximum() or bar.value() > 60, timeout=20000)
    box = next(b for b in dialog.findChildren(QCheckBox) if b.isVisible() and b.isEnabled()
               and b.mapTo(area.viewport(), b.rect().center()).y() in range(0, area.viewport().height()))
    was = box.isChecked()
    qtbot.wait(800)  # the swipe's glide over
    touch(qtbot, box, [box.rect().center()])
    assert box.isChecked() != was


def scrolling_games(qtbot: QtBot) -> tuple[MainWindow, QScrollArea]:
    """The launcher with four games on a short screen (or in large letters): its games scroll."""
    window = small_window(qtbot, {"yukon": yukon_plugin, "euchre": euchre_plugin, "bid_euchre": bid_plugin,
                                  "cutthroat": cutthroat_plugin})
    area = window.launcher.games_area
    area.setMaximumHeight(150)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 100, timeout=20000)
    return window, area


def settled(qtbot: QtBot, area: QScrollArea) -> None:
    """The games lie still, and a person's next tap comes a moment later (Qt's scroller drops a tap that comes
    within a double-click's time of the one before, with or without Card Table's own handling)."""
    scroller = QScroller.scroller(area.viewport())
    qtbot.waitUntil(lambda: scroller.state() == QScroller.State.Inactive, timeout=20000)
    qtbot.wait(QGuiApplication.styleHints().mouseDoubleClickInterval() + 100)


def new_game_shown(area: QScrollArea) -> QPushButton:
    return next(button for button in area.findChildren(QPushButton) if button.objectName().startswith("new-")
                and area.viewport().rect().contains(button.mapTo(area.viewport(), button.rect().center())))


def test_a_swipe_begun_on_a_launcher_button_scrolls_the_games_and_a_tap_presses_it(qtbot: QtBot) -> None:
    window, area = scrolling_games(qtbot)
    new = window.launcher.tiles["yukon"].findChild(QPushButton, "new-yukon")
    start = new.mapTo(area.viewport(), new.rect().center())
    touch(qtbot, area.viewport(), slide(start, start - QPoint(0, 100)))
    assert area.verticalScrollBar().value() > 50 and window.page is None, "scrolled, and no game started"
    settled(qtbot, area)
    touch(qtbot, area.viewport(), [QPoint(area.viewport().width() - 3, 3)])  # a tap beside the games, and at once
    start = new_game_shown(area).mapTo(area.viewport(), new_game_shown(area).rect().center())  # a swipe begun
    touch(qtbot, area.viewport(), slide(start, start + QPoint(0, 60)))  # on a button (Qt: a double-click)
    assert window.page is None, "no game started"
    assert not any(button.isDown() for button in area.findChildren(QPushButton)), "none left pressed"
    settled(qtbot, area)
    game_id = new_game_shown(area).objectName().removeprefix("new-")
    touch(qtbot, new_game_shown(area), [new_game_shown(area).rect().center()])
    qtbot.waitUntil(lambda: window.page is not None and window.page.session.game.id == game_id, timeout=20000)


def test_a_finger_that_rests_on_a_button_and_then_swipes_leaves_it_up(qtbot: QtBot) -> None:
    window, area = scrolling_games(qtbot)
    new = new_game_shown(area)
    start = new.mapTo(area.viewport(), new.rect().center())
    touch_id = next(TOUCHES)
    viewport = area.viewport()
    QTest.touchEvent(viewport, finger()).press(touch_id, start, viewport).commit()
    qtbot.wait(QGuiApplication.styleHints().mousePressAndHoldInterval())  # resting: the button goes down
    assert new.isDown()
    for point in slide(start, start - QPoint(0, 80))[1:]:
        qtbot.wait(16)
        QTest.touchEvent(viewport, finger()).move(touch_id, point, viewport).commit()
    QTest.touchEvent(viewport, finger()).release(touch_id, start - QPoint(0, 80), viewport).commit()
    assert area.verticalScrollBar().value() > 0 and window.page is None and not new.isDown()


def test_a_tap_on_the_gliding_games_stops_them_and_presses_nothing(qtbot: QtBot) -> None:
    """A finger put down on the games as they glide stops them; the button it lands on is not pressed.

    The glide is the scroller's own, given ten seconds: a flick's glide hangs on Qt's thresholds and the moment of
    the tap. Qt lets a tap through to contents gliding slower than its click-through speed (6.65 cm/s; set to nil
    here, so a tap on moving games always counts), stops them on a tap as they spring back from an end, and a flick
    held 0.1 s before it lifts does not glide at all. A quick flick reached the end in 0.34 s and the tap (a
    double-click's time after it) fell on the spring back; on a busy machine it came after, and a game started."""
    window, area = scrolling_games(qtbot)
    scroller = QScroller.scroller(area.viewport())
    properties = scroller.scrollerProperties()
    properties.setScrollMetric(QScrollerProperties.ScrollMetric.MaximumClickThroughVelocity, 0)
    scroller.setScrollerProperties(properties)
    scroller.scrollTo(QPointF(0, area.verticalScrollBar().maximum()), 10_000)
    qtbot.waitUntil(lambda: area.verticalScrollBar().value() > 0, timeout=20000)
    assert scroller.state() == QScroller.State.Scrolling, "the games glide"
    button = new_game_shown(area)
    touch(qtbot, button, [button.rect().center()])
    assert window.page is None and not button.isDown(), "no game started, the button not left down"
    assert scroller.state() == QScroller.State.Inactive, "the games stopped"


def test_a_double_tap_on_the_launchers_new_game_over_a_saved_game_is_one_press(qtbot: QtBot) -> None:
    window = small_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    page.session.play(page.session.legal_moves()[0])
    window.show_launcher()
    new = window.launcher.tiles["yukon"].findChild(QPushButton, "new-yukon")
    for _ in range(2):
        touch(qtbot, new, [new.rect().center()])
    assert window.page is None and "again" in new.text(), "the question stays to be read"


def test_a_swipe_begun_on_a_list_of_options_does_not_open_it(qtbot: QtBot, monkeypatch: MonkeyPatch) -> None:
    """Also the first swipe after the settings first open, as the installed card designs are read: a read between
    the finger's moves held the swipe up, the moment a finger must rest to press passed before the scroller took it
    for a swipe, and the list was pressed (alone, 8 of 10 runs). A finger that has moved is not resting; and no
    design is read while a finger is down (beside two busy loops the options never scrolled, 8 of 8 runs)."""
    dialog = short_settings(qtbot, monkeypatch)
    area = dialog.options_area
    box = next(b for b in dialog.findChildren(QComboBox) if area.viewport().isAncestorOf(b) and b.isVisible()
               and b.mapTo(area.viewport(), b.rect().center()).y() > 100)
    start = box.mapTo(area.viewport(), box.rect().center())
    touch(qtbot, area.viewport(), slide(start, start - QPoint(0, 90)))
    assert area.verticalScrollBar().value() > 0 and not box.view().isVisible()


def test_the_card_designs_are_read_only_while_the_player_pauses(qtbot: QtBot, monkeypatch: MonkeyPatch) -> None:
    """The settings' first opening reads whether Qt draws each installed card design, 30–100 ms each on the
    window's thread. None is read while a finger is on the options or they glide on after it; all are offered
    after."""
    import gui.settings_dialog as settings_dialog

    designs = [Theme(f"design-{n}", f"Design {n}", Path(f"design-{n}.svgz"), True) for n in range(12)]
    states: list[QScroller.State] = []  # the options' scroller as each design is read

    def slow_read(path: Path) -> bool:
        states.append(QScroller.scroller(dialog.options_area.viewport()).state())
        time.sleep(0.04)
        return True

    monkeypatch.setattr(settings_dialog, "installed_themes", lambda: designs)
    monkeypatch.setattr(settings_dialog, "qt_draws", slow_read)
    dialog = short_settings(qtbot, monkeypatch)
    qtbot.waitUntil(lambda: len(states) > 0, timeout=20000)
    area = dialog.options_area
    start = QPoint(area.viewport().width() // 2, area.viewport().height() - 40)
    touch(qtbot, area.viewport(), slide(start, start - QPoint(0, 90)))
    qtbot.waitUntil(lambda: dialog.theme.count() == 1 + len(designs), timeout=20000)
    assert area.verticalScrollBar().value() > 0
    assert set(states) == {QScroller.State.Inactive}, [state.name for state in states]
