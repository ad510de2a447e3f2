"""Helpers for pytest-qt tests: a main window over chosen plugins, real mouse clicks and double-clicks on scene
items, a finger's touches through Qt's own touch handling, a Yukon deal won in the window, a table with no card
left in a hand, the nameless objects a screen reader could focus."""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleInterface, QMouseEvent, QPointingDevice
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsItem, QWidget
from pytestqt.qtbot import QtBot

from core.manager import PluginHost
from core.session import GameSession
from gui.game_page import GamePage
from gui.table_scene import DRAG_Z
from gui.window import MainWindow
from plugins.yukon.solver import solve

FINGER: list[QPointingDevice] = []
TOUCHES = itertools.count(1)  # each touch has a number of its own, as a screen gives them


@contextlib.contextmanager
def own_timers(*actions: Callable[[], object]) -> Iterator[list[QTimer]]:
    """A single-shot timer for each of ``actions``, for the test to start, all stopped when the block ends: one
    left running fires into whatever test runs when it comes due (``tests/test_the_tests.py``)."""
    timers = []
    for action in actions:
        timer = QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(action)
        timers.append(timer)
    try:
        yield timers
    finally:
        for timer in timers:
            timer.stop()


def make_window(qtbot: QtBot, plugins: dict[str, Any], geometry: QRect | None = None) -> MainWindow:
    """A main window over ``plugins``, 1100 × 760 unless ``geometry`` places it (touches need it inside the
    offscreen screen, 800 × 600)."""
    host = PluginHost()
    for name, plugin in plugins.items():
        host.add_plugin(name, plugin)
    window = MainWindow(host)
    qtbot.addWidget(window)
    if geometry is None:
        window.resize(1100, 760)
    else:
        window.setGeometry(geometry)
    window.show()
    qtbot.waitExposed(window)
    return window


def yukon_page(window: MainWindow, number: int = 12) -> GamePage:
    """Yukon's deal ``number`` opened in ``window`` (deal 12: column 3 is 10♦ 3♥ K♣ 9♠ 2♠ over its face-down cards,
    J♣ fronts column 6, A♥ column 4)."""
    game = window.host.game("yukon")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), deal={"number": number},
                                               saves=window.saves))
    assert page is not None
    return page


def euchre_family_page(qtbot: QtBot, game_id: str = "euchre", seed: int = 2) -> tuple[MainWindow, GamePage]:
    """A window with a game of the Euchre family dealt from ``seed``, its CPU seats left for the test to move."""
    import plugins.bid_euchre.plugin as bid_plugin
    import plugins.cutthroat.plugin as cutthroat_plugin
    import plugins.euchre.plugin as euchre_plugin

    window = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin, "cutthroat": cutthroat_plugin})
    game = window.host.game(game_id)
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=seed, saves=window.saves))
    assert page is not None
    page.view.cpu_timer.stop()
    return window, page


def item_point(page: GamePage, item: QGraphicsItem, dx: float = 0.5, dy: float = 0.12) -> QPoint:
    """A point on the visible part of ``item`` (near its top, where overlapped cards show)."""
    rect = item.sceneBoundingRect()
    scene_point = rect.topLeft() + (rect.bottomRight() - rect.topLeft()) * 0  # start at the corner
    scene_point.setX(rect.left() + rect.width() * dx)
    scene_point.setY(rect.top() + 8 + rect.height() * dy * 0.2)
    return page.table.mapFromScene(scene_point)


def click(qtbot: QtBot, page: GamePage, item: QGraphicsItem) -> None:
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=item_point(page, item))


def double_click(qtbot: QtBot, widget: QWidget, pos: QPoint | None = None) -> None:
    """A double-click as Qt delivers a real one: a click, then the double-click in place of the second press, then
    its release (QTest's ``mouseDClick`` on a widget sends the double-click alone)."""
    at = widget.rect().center() if pos is None else pos
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=at)


def clicks(widget: QWidget, times: list[int]) -> None:
    """Fast clicks at ``times`` (ms) as Qt delivers them: every second press, coming within the double-click time
    of the one before, is a double-click in its place; each is followed by its release."""
    at = QPointF(widget.rect().center())
    start = 10_000_000 + time.monotonic_ns() // 1_000_000
    for n, moment in enumerate(times):
        kind = QEvent.Type.MouseButtonDblClick if n % 2 else QEvent.Type.MouseButtonPress
        for event_type, buttons in ((kind, Qt.MouseButton.LeftButton), (QEvent.Type.MouseButtonRelease,
                                                                        Qt.MouseButton.NoButton)):
            event = QMouseEvent(event_type, at, widget.mapToGlobal(at), Qt.MouseButton.LeftButton, buttons,
                                Qt.KeyboardModifier.NoModifier)
            event.setTimestamp(start + moment)
            QApplication.sendEvent(widget, event)


def finger() -> QPointingDevice:
    """The touchscreen (one for the whole run: Qt keeps every device it is told of)."""
    if not FINGER:
        FINGER.append(QTest.createTouchDevice())
    return FINGER[0]


def touch(qtbot: QtBot, widget: QWidget, path: list[QPoint], hold_ms: int = 30) -> None:
    """A finger put down on ``widget`` at ``path[0]``, slid along the rest, held ``hold_ms`` and lifted (each
    touch with a number of its own, as a screen gives them)."""
    touch_id = next(TOUCHES)
    QTest.touchEvent(widget, finger()).press(touch_id, path[0], widget).commit()
    for point in path[1:]:
        qtbot.wait(16)
        QTest.touchEvent(widget, finger()).move(touch_id, point, widget).commit()
    qtbot.wait(hold_ms)
    QTest.touchEvent(widget, finger()).release(touch_id, path[-1], widget).commit()


def card(page: GamePage, text: str) -> Any:
    """The scene's item for the face-up card ``text`` (``"TD"``)."""
    return page.view.scene.cards[text]


def slot(page: GamePage, pile_id: str) -> Any:
    """The scene's outline of a pile (an empty column, a foundation)."""
    return page.view.scene.slots[pile_id]


def marked(page: GamePage, flag: str) -> list[str]:
    """Texts of the face-up cards drawn with a mark flag (``"selected_mark"``, ``"destination"``, ``"hinted"``…)."""
    return sorted(key for key, item in page.view.scene.cards.items()
                  if not key.startswith("down:") and getattr(item, flag))


def press(qtbot: QtBot, page: GamePage, choice_id: str) -> None:
    """Click a table button by its choice id."""
    button = page.view.scene.buttons[choice_id]
    point = page.table.mapFromScene(button.sceneBoundingRect().center())
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=point)


def win_a_deal(window: MainWindow) -> None:
    """Yukon's deal 7 opened in ``window`` and won by the solver's moves: counted in the statistics."""
    session = yukon_page(window, 7).session
    for move in solve(session.state).moves:
        session.play(move)
    assert session.state.won


def check_nothing_held(page: GamePage, where: str) -> None:
    """No button is held: no card is left in the hand, outlined as a drop's destination or shown whole over its
    pile."""
    scene = page.view.scene
    lifted = [key for key, item in scene.cards.items() if item.zValue() >= DRAG_Z]
    assert not lifted and not scene._drag and scene._lit is None and scene._peek is None, (
        f"{where}: {lifted} still lifted")


def nameless(window: QWidget) -> list[str]:
    """The objects a screen reader can put the focus on in ``window`` (walked as the accessibility bus shows
    them: from the window's interface down its children) that it would find without a name."""
    found: list[str] = []

    def walk(interface: QAccessibleInterface | None, depth: int) -> None:
        if interface is None or depth > 30:
            return
        state = interface.state()
        if state.focusable and not state.invisible and not interface.text(QAccessible.Text.Name).strip():
            found.append(f"{interface.role().name} {type(interface.object()).__name__}")
        for index in range(interface.childCount()):
            walk(interface.child(index), depth + 1)

    walk(QAccessible.queryAccessibleInterface(window), 0)
    return found



def assert_help_names_the_toolbars_keys(window: MainWindow, game_id: str) -> None:
    """The game's rules, in each language, name every key its toolbar's buttons show in their tooltips."""
    game = window.host.game(game_id)
    page = window.new_game(game_id)
    assert page is not None and game.help is not None
    keys = {key for button in page.buttons.values() if not button.isHidden() and button.toolTip()
            for key in button.toolTip().split(" / ")}
    assert {"Alt+Left", "Ctrl+N", "F5", "P", "F1", "Ctrl+D"} <= keys
    for language, arrow in (("en", "Left"), ("ja", "←")):
        text = game.help.read(language)
        missing = [key for key in keys if key.replace("Left", arrow) not in text]
        assert not missing, f"{game.id} help ({language}) does not name {missing}"
    window.show_launcher()
