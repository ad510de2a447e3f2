"""A seeded monkey in the window, for every game: random keys, clicks on the table's buttons, on cards and on the
felt, drags, a finger's taps and holds, the toolbar (undo, redo, hint, pause, restart, new game, last hand, help,
statistics, settings changed or not, back and continue) and window sizes (F11 too), in English and Japanese, while
the disk fills up and empties again at random moments. Nothing may raise and no error dialog may appear; every
visible card and label, the held panel and a refused move's reason stay inside the table whatever the window's
size; and the game saved on leaving comes back move for move (which moves were made by themselves, what Redo
would play back), from the disk or, when it was full, from memory.

The monkey's choices and every new game's deal come from a seed; it waits for the CPU seats after each action,
so a failure names the actions that led to it. ``python tools/monkey.py`` runs it under many more seeds and rule
sets (through ``CARDTABLE_MONKEY_SEED`` and ``CARDTABLE_MONKEY_WIDE``)."""

from __future__ import annotations

import os
import random
import warnings
from collections.abc import Callable, Iterator
from importlib import metadata
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt, QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QDialog, QWidget
from pytestqt.qtbot import QtBot

import plugins.bid_euchre.plugin as bid_plugin
import plugins.cutthroat.plugin as cut_plugin
import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.game import GameSpec
from core.manager import PluginHost
from gui.cards import TableItem
from gui.game_page import GamePage
from gui.i18n import set_language
from gui.settings_dialog import SettingsDialog
from gui.window import MainWindow
from tests.conftest import Disk
from tests.gui_helpers import check_nothing_held, double_click, make_window, touch

PLUGINS = {"euchre": euchre_plugin, "bid_euchre": bid_plugin, "cutthroat": cut_plugin, "yukon": yukon_plugin}
KEYS = [Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Escape, Qt.Key.Key_Tab, Qt.Key.Key_Backspace,
        Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_F1, Qt.Key.Key_F5,
        *(Qt.Key(Qt.Key.Key_0 + n) for n in range(10)),
        *(Qt.Key(Qt.Key.Key_A + n) for n in range(26))]
TOOLBAR = ["undo", "undo", "redo", "pause", "restart", "new", "last_hand", "help", "stats", "settings", "demo"]
STEPS = int(os.environ.get("CARDTABLE_MONKEY_STEPS", "400"))
SEED = os.environ.get("CARDTABLE_MONKEY_SEED", "")  # another seed for every case (tools/monkey.py)
WIDE = os.environ.get("CARDTABLE_MONKEY_WIDE", "") == "1"  # and more rule sets
GAME = os.environ.get("CARDTABLE_MONKEY_GAME", "")  # an installed plugin's game instead (tools/monkey.py --game)


def game_of(plugins: dict[str, Any], game_id: str) -> GameSpec:
    host = PluginHost()
    for name, plugin in plugins.items():
        host.add_plugin(name, plugin)
    return host.game(game_id)


def idle(window: MainWindow) -> bool:
    page = window.page
    if page is None:
        return True
    view = page.view
    return view._thinking is None and not view.cpu_timer.isActive() and not view.auto_timer.isActive()


def stalled(page: GamePage) -> bool:
    """A CPU player is to move, nothing holds the table, and no decision is on its way or due: the game would
    stand still until the person happened to redraw the table."""
    session, view = page.session, page.view
    return (session.cpu_turn() is not None and not session.paused and session.hold is None
            and view._thinking is None and not view.cpu_timer.isActive())


def close_dialogs(main: QWidget) -> int:
    """Close what the toolbar opened (help, statistics, the last hand's review): a person closes them before
    going back to the table."""
    dialogs = [w for w in QApplication.topLevelWidgets() if w is not main and isinstance(w, QDialog) and w.isVisible()]
    for dialog in dialogs:
        dialog.close()
    return len(dialogs)


def visible_on_table(page: GamePage) -> list[tuple[str, QRectF]]:
    scene = page.view.scene
    items: list[tuple[str, Any]] = [(key, item) for key, item in scene.cards.items() if item.isVisible()]
    items += [(f"the label {key}", item) for key, item in scene.texts.items() if item.isVisible()]
    if scene.hold_item.isVisible():
        items.append(("the held panel", scene.hold_item))
    if scene.refusal_item.isVisible():
        items.append(("the refusal", scene.refusal_item))
    # a card on its way (animations on) is judged where it comes to rest
    return [(key, item.sceneBoundingRect().translated(item.resting_pos - item.pos()) if isinstance(item, TableItem)
             else item.sceneBoundingRect()) for key, item in items]


def check_inside(page: GamePage, where: str) -> None:
    shown = page.table.mapToScene(page.table.viewport().rect()).boundingRect().adjusted(-1, -1, 1, 1)
    outside = [key for key, rect in visible_on_table(page) if not shown.contains(rect)]
    assert not outside, f"{where}: {outside} drawn outside the table ({shown})"


def answer_settings(rng: random.Random) -> None:
    """In the settings dialog: flip a switch or pick another entry of a list now and then, then OK or Cancel."""
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, SettingsDialog):
        return
    if rng.random() < 0.5:
        boxes = [b for b in dialog.findChildren(QCheckBox) if b.isEnabled()]
        combos = [c for c in dialog.findChildren(QComboBox) if c.isEnabled() and c.count() > 1]
        if boxes and (not combos or rng.random() < 0.6):
            rng.choice(boxes).toggle()
        elif combos:
            combo = rng.choice(combos)
            combo.setCurrentIndex(rng.randrange(combo.count()))
    dialog.accept() if rng.random() < 0.6 else dialog.reject()


def on_screen(widget: QWidget, point: QPoint) -> bool:
    screen = widget.screen()
    return screen is not None and screen.geometry().contains(widget.mapToGlobal(point))


def on_top_strip(table: QWidget, item: Any) -> QPoint:
    """A point near the top of ``item``, the part that shows when cards overlap down a column or a hand."""
    rect = item.sceneBoundingRect()
    return table.mapFromScene(rect.left() + rect.width() / 2, rect.top() + min(10.0, rect.height() / 4))


def act(qtbot: QtBot, window: MainWindow, game_id: str, rng: random.Random) -> str:
    page = window.page
    if page is None:
        window.continue_game(game_id)
        return "continue"
    view, table = page.view, page.table
    if QApplication.activeWindow() is not window:  # offscreen Qt leaves a closed dialog active: a person's
        with warnings.catch_warnings():  # keys (Ctrl+Z, F5, Alt+Left…) go to the window they look at
            warnings.simplefilter("ignore", DeprecationWarning)
            QApplication.setActiveWindow(window)
    if page.session.paused and rng.random() < 0.7:
        qtbot.keyClick(table, Qt.Key.Key_P)  # a person who paused comes back before long
        return "key Key_P to resume"
    if view.hint is not None and not view.hint.move and rng.random() < 0.5:  # "cannot be won from here"
        name = rng.choice(("undo", "restart", "new"))  # as a person would; Restart and New game ask twice
        for _ in range(1 if name == "undo" else 2):
            if page.buttons[name].isEnabled():
                qtbot.mouseClick(page.buttons[name], Qt.MouseButton.LeftButton)
        return f"toolbar {name}, told the game cannot be won from here"
    scene = view.scene
    marked = [(k, c) for k, c in [*scene.cards.items(), *scene.slots.items()]
              if c.isVisible() and getattr(c, "destination", False)]
    chosen = [(k, c) for k, c in scene.cards.items() if c.isVisible() and getattr(c, "selected_mark", False)]
    if view.hint is not None and view.hint.move and chosen and marked and rng.random() < 0.6:
        key, item = marked[0]  # the hint picked its cards up (Yukon): a person who asked mostly follows it
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=on_top_strip(table, item))
        return f"click the hint's destination {key}"
    roll = rng.random()
    if roll < 0.08 and page.buttons["hint"].isEnabled():
        qtbot.mouseClick(page.buttons["hint"], Qt.MouseButton.LeftButton)  # the next clicks may follow it
        return "toolbar hint"
    if roll < 0.30:
        key = rng.choice(KEYS)
        qtbot.keyClick(table, key)
        return f"key {Qt.Key(key).name}"
    if roll < 0.55:
        buttons = [b for b in [*scene.buttons.values(), *scene.hold_item.buttons] if b.isVisible()]
        if buttons:
            button = rng.choice(buttons)
            qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                             pos=table.mapFromScene(button.sceneBoundingRect().center()))
            return f"button {button.choice.id}"
    if roll < 0.80:
        hinted = [(k, c) for k, c in scene.cards.items() if c.isVisible() and getattr(c, "hinted", False)]
        if hinted and not any(c.selected_mark for _, c in hinted) and rng.random() < 0.7:  # follow the hint
            if chosen:  # other cards are picked up: a person puts them down first
                qtbot.keyClick(table, Qt.Key.Key_Escape)
                return "key Key_Escape to put the picked cards down"
            key, item = hinted[0]
            qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=on_top_strip(table, item))
            return f"click hinted {key}"
        if marked and chosen and rng.random() < 0.7:  # where the picked cards may go: the table has marked it
            key, item = rng.choice(marked)
            qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=on_top_strip(table, item))
            return f"click destination {key}"
        cards = [(k, c) for k, c in scene.cards.items() if c.isVisible()]
        face_up = [(k, c) for k, c in cards if not k.startswith("down:")]
        if face_up and rng.random() < 0.8:
            cards = face_up
        if cards:
            key, item = rng.choice(cards)
            point = on_top_strip(table, item)
            if rng.random() < 0.25:  # a drag to somewhere on the table, at a hand's pace: the table and the
                # CPU players may move meanwhile, and the player may press Ctrl+Z with the button still down
                target = QPoint(rng.randrange(table.width()), rng.randrange(table.height()))
                slow = rng.random() < 0.5
                qtbot.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=point)
                if slow:
                    qtbot.wait(rng.choice((50, 250, 600)))
                    if rng.random() < 0.3:
                        qtbot.keyClick(table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
                qtbot.mouseMove(table.viewport(), point + QPoint(12, 12))
                if slow:
                    qtbot.wait(rng.choice((30, 200)))
                qtbot.mouseMove(table.viewport(), target)
                qtbot.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=target)
                return f"{'slow ' if slow else ''}drag {key}"
            if rng.random() < 0.15:
                double_click(qtbot, table.viewport(), point)
                return f"double-click {key}"
            if rng.random() < 0.1 and on_screen(table, point):  # a finger: a tap, or held still (a peek) while
                # the table may move; the offscreen screen drops touches beyond its edge
                hold = rng.choice((30, 30, QApplication.styleHints().mousePressAndHoldInterval() + 150))
                touch(qtbot, table.viewport(), [point], hold_ms=hold)
                return f"{'finger held on' if hold > 30 else 'tap'} {key}"
            if rng.random() < 0.06:  # a peek with the right button, held while the table may move
                qtbot.mousePress(table.viewport(), Qt.MouseButton.RightButton, pos=point)
                qtbot.wait(rng.choice((0, 250)))
                qtbot.mouseRelease(table.viewport(), Qt.MouseButton.RightButton, pos=point)
                return f"peek at {key}"
            qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point)
            return f"click {key}"
    if roll < 0.83:
        point = QPoint(rng.randrange(table.width()), rng.randrange(table.height()))
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point)
        return "click the felt"
    if roll < 0.95:
        name = rng.choice(TOOLBAR)
        button = page.buttons[name]
        if name == "settings":
            QTimer.singleShot(0, lambda: answer_settings(rng))  # the dialog is modal: answered from its loop
        if button.isVisible() and button.isEnabled():
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return f"toolbar {name}"
    if roll < 0.98:
        if rng.random() < 0.3:
            qtbot.keyClick(table, Qt.Key.Key_F11)
            return f"key F11 (full screen {'on' if window.isFullScreen() else 'off'})"
        size = rng.randrange(640, 1500), rng.randrange(460, 1050)
        if window.isFullScreen():  # the screen's size: no person can change it (a Wayland compositor ends a
            return "resize (none: full screen)"  # program that tries)
        window.resize(*size)
        return "resize"
    if rng.random() < 0.5:
        qtbot.keyClick(table, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)  # Back's key
        assert window.page is None, "Alt+Left goes back to the launcher"
        return "key Alt+Left"
    page.buttons["back"].click()
    return "back"


def interrupt(qtbot: QtBot, window: MainWindow, rng: random.Random) -> str:
    """Help, Statistics, Settings or Last hand pressed at once, while a CPU player is to move, or the window
    minimised for a moment."""
    page = window.page
    assert page is not None
    name = rng.choice(("help", "stats", "settings", "last_hand", "minimise"))
    if name == "minimise":
        was = page.session.paused
        window.showMinimized()
        assert page.session.paused or page.session.is_over, "a minimised game goes on"
        qtbot.wait(rng.randrange(0, 300))
        window.showNormal()
        assert page.session.paused == was, "the game stays paused once its window is back"
        return "minimised and shown again while a CPU player thinks"
    if name == "settings":
        QTimer.singleShot(0, lambda: answer_settings(rng))
    button = page.buttons[name]
    if button.isVisible() and button.isEnabled():
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return f"toolbar {name} while a CPU player thinks"


EVERY_EUCHRE_OPTION = {"trump_holding": True, "stick_the_dealer": True, "defender_alone": True,
                       "dealer_may_decline": True, "dealer_partner_alone": True, "thirty_two_cards": True,
                       "joker": True, "target": 5, "opponents": "hard"}
CASES = [("euchre", {}, "en"), ("euchre", EVERY_EUCHRE_OPTION, "ja"), ("bid-euchre", {"opponents": "hard"}, "en"),
         ("two-handed-euchre", {}, "en"), ("three-handed-euchre", {}, "ja"), ("yukon", {}, "en"),
         ("yukon", {"variant": "russian", "return_from_foundations": True, "auto_finish": False}, "ja")]
if GAME:  # its plugin found as the program finds it, by its entry point; in English and in Japanese, and under
    # each of its presets
    PLUGINS.update({point.name: point.load() for point in metadata.entry_points(group="cardtable")
                    if not point.value.startswith("plugins.")})
    CASES = [(GAME, {}, "en"), (GAME, {}, "ja"), *((GAME, dict(preset.values), "en")
                                                  for preset in game_of(PLUGINS, GAME).settings.presets)]
elif WIDE:
    CASES += [("euchre", {"trump_holding": True, "stick_the_dealer": True, "defender_alone": True,
                          "opponents": "normal"}, "en"),
              ("euchre", {"joker": True, "thirty_two_cards": True, "dealer_may_decline": True, "opponents": "easy"},
               "ja"),
              ("bid-euchre", {}, "ja"), ("two-handed-euchre", {"opponents": "hard"}, "ja"),
              ("three-handed-euchre", {"opponents": "hard"}, "en"),
              ("yukon", {"return_from_foundations": True, "safe_cards_home": True}, "en"),
              ("yukon", {"variant": "russian", "safe_cards_home": True}, "en")]


@pytest.fixture
def language() -> Iterator[Callable[[str], None]]:
    yield set_language
    set_language("en")


@pytest.mark.parametrize(("game_id", "settings", "words"), CASES,
                         ids=[f"{g}-{n}-{w}" for n, (g, _, w) in enumerate(CASES)])
def test_a_monkey_cannot_break_the_table(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, game_id: str,
                                         settings: dict[str, Any], words: str,
                                         language: Callable[[str], None], disk: Disk) -> None:
    language(words)
    name = f"monkey {game_id} {sorted(settings.items())}" + (f" {SEED}" if SEED else "")
    rng = random.Random(name)
    disk_rng = random.Random(f"disk {name}")  # apart: the monkey's own choices stay those of earlier seeds
    monkeypatch.setattr("core.session.secrets", SimpleNamespace(randbits=rng.getrandbits))  # new games seeded
    errors: list[BaseException] = []
    window = make_window(qtbot, PLUGINS)
    monkeypatch.setattr(window, "report_error", lambda error, session=None: errors.append(error))
    game = window.host.game(game_id)
    window.settings_store.save(game_id, {**game.settings.defaults(), **settings})
    window.new_game(game_id)
    assert window.page is not None and window.page.session.settings == {**game.settings.defaults(), **settings}
    trail: list[str] = []
    played = 0  # moves made while the monkey watched (the CPU's too)
    before = 0
    for step in range(STEPS):
        trail.append(act(qtbot, window, game_id, rng))
        if disk_rng.random() < 0.04:
            disk.full = not disk.full
            trail.append("the disk is full" if disk.full else "the disk has room again")
        if rng.random() < 0.08 and not idle(window):  # a person opens a window while a CPU player thinks
            trail.append(interrupt(qtbot, window, rng))
        qtbot.waitUntil(lambda: idle(window), timeout=20000)
        if close_dialogs(window):
            trail.append("closed a dialog")
        where = f"step {step} after {trail[-6:]}"
        assert not errors, f"{where}: {errors}"
        page: Any = window.page
        if page is None:
            continue
        assert not stalled(page), f"{where}: a CPU player's turn, and nothing will make it move"
        qtbot.waitUntil(lambda: idle(window), timeout=20000)  # the CPU players go on after a closed window
        now = len(page.session.moves)
        played += max(0, now - before)
        before = now
        if not page.session.paused:
            check_inside(page, where)
        check_nothing_held(page, where)  # no button is held between two actions
    if window.page is None:
        window.continue_game(game_id)
    page = window.page
    assert page is not None
    history = page.session.history
    moves, automatic, undone = list(history.moves), history.automatic, history.undone_moves
    page.buttons["back"].click()
    again = window.continue_game(game_id)
    assert again is not None and again.session.history.moves == moves, f"disk full: {disk.full}"
    assert again.session.history.automatic == automatic and again.session.history.undone_moves == undone
    disk.full = False  # room again: leaving writes the game to the disk
    slot, record = again.session.save_slot, again.session.record()
    again.buttons["back"].click()
    saved = window.saves.read(slot).record
    assert not window.saves.unwritten() and saved is not None and saved["moves"] == record["moves"]
    # (not asked of a plugin's game: its moves may take several inputs each, as Hearts' pass of three cards and a
    # button, which 400 random inputs made 0 to 7 times)
    trick_taking = game_id in ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre")
    least = 0 if GAME else (40 if trick_taking else 10) * STEPS // 400
    assert played >= least, f"the monkey hardly played ({played} moves): {trail}"
    assert not errors
