"""What was seen in play, fixed, each with its test: confirmations the same in every game, the launcher's
settings warning, bid buttons clear of the upcard, Yukon's automatic finish, "with help", one solvability
line, no undo after a win, one place for the variant, rule violations in Japanese, card designs listed once,
a launcher that looks finished, and a window that stops shrinking before the tables' words run into the
cards."""

from __future__ import annotations

import itertools
import threading
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

import plugins.bid_euchre.plugin as bid_plugin
import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.manager import PluginHost
from core.session import GameSession
from core.table import Situation
from gui.deck import _design_key, available_themes
from gui.i18n import set_language
from gui.settings_dialog import SettingsDialog
from plugins.yukon.presenter import YukonPresenter, YukonUi
from plugins.yukon.rules import YukonRules
from plugins.yukon.solver import LOST, UNKNOWN, WON, Result, solve
from plugins.yukon.words import W
from tests.euchre_helpers import make_deal
from tests.gui_helpers import clicks, double_click, make_window, own_timers, yukon_page

# -- Restart and New game: the same in every game --------------------------------------------------------


@pytest.mark.parametrize("game_id", ["yukon", "euchre"])
def test_new_game_and_restart_ask_first_in_a_game_in_progress(qtbot: QtBot, game_id: str) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    page = window.new_game(game_id)
    assert page is not None
    page.view.cpu_timer.stop()
    session = page.session
    while session.to_move != 0 or session.hold is not None:
        session.acknowledge() if session.hold is not None else session.cpu_step()
    session.play(session.legal_moves()[-1])
    for name in ("new", "restart"):
        qtbot.mouseClick(page.buttons[name], Qt.MouseButton.LeftButton)
        assert window.page is page and "again" in page.buttons[name].text()
        qtbot.keyClick(page.table, Qt.Key.Key_Escape)  # Esc cancels the first press
        assert "again" not in page.buttons[name].text()
    qtbot.mouseClick(page.buttons["new"], Qt.MouseButton.LeftButton)
    qtbot.keyClick(page.buttons["new"], Qt.Key.Key_Escape)  # also from the toolbar
    assert "again" not in page.buttons["new"].text()
    for name in ("new", "restart"):  # many people double-click every button: that is one press, not two
        double_click(qtbot, page.buttons[name])
        assert window.page is page and "again" in page.buttons[name].text()
        qtbot.keyClick(page.table, Qt.Key.Key_Escape)
        clicks(page.buttons[name], [0, 110, 220, 330, 440])  # or click on and on, as Qt delivers five fast clicks
        assert window.page is page and "again" in page.buttons[name].text()
        qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    qtbot.mouseClick(page.buttons["new"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.buttons["new"], Qt.MouseButton.LeftButton)
    assert window.page is not page, "the second press starts the new game"


def test_a_yukon_deal_not_yet_touched_is_replaced_at_once(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    qtbot.mouseClick(page.buttons["new"], Qt.MouseButton.LeftButton)
    assert window.page is not page


def test_settings_from_the_launcher_say_they_end_the_saved_game(qtbot: QtBot,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    page.session.play(page.session.legal_moves()[0])
    window.show_launcher()
    notes: list[str] = []

    def look(dialog: SettingsDialog) -> SettingsDialog.DialogCode:
        notes.append(dialog.note.text())
        return SettingsDialog.DialogCode.Rejected

    monkeypatch.setattr(SettingsDialog, "exec", look)
    window.open_settings("yukon")
    assert "saved game of Yukon" in notes[0] and "Continue" in notes[0]
    window.continue_game("yukon")
    window.open_settings("yukon")  # from the game itself: the usual note
    assert notes[1] == ("Changed settings start a new game. These apply to the game in progress: Finish by itself, "
                        "Safe cards home by themselves.")


def test_options_that_apply_at_once_keep_the_game_in_progress_and_rules_start_a_new_one(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from core.stats import Recorder

    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    session = GameSession.new(game, game.settings.defaults(), deal={"number": 12}, saves=window.saves)
    window.open_session(session)
    session.play("3.5>6")
    changes: dict[str, Any] = {}

    def change(dialog: SettingsDialog) -> SettingsDialog.DialogCode:
        for key, value in changes.items():
            widget = dialog.widgets[key]
            widget.setChecked(value) if isinstance(value, bool) else widget.setCurrentIndex(widget.findData(value))
        return SettingsDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", change)
    changes.update(safe_cards_home=True)
    window.open_settings("yukon")
    page = window.page
    assert page is not None and page.session is session and session.moves == ["3.5>6"]
    assert session.settings["safe_cards_home"] and page.view.presenter.safe_cards_home
    assert sum(isinstance(listener, Recorder) for listener in session.listeners) == 1, "statistics counted once"
    assert page.view.play("4>F")  # the player sends A♥ home; the A♣ follows by itself in this same game
    qtbot.waitUntil(lambda: session.moves == ["3.5>6", "4>F", "5>F"], timeout=20000)

    window.show_launcher()  # from the launcher, the saved game keeps going with the new option too
    changes.update(safe_cards_home=False)
    window.open_settings("yukon")
    assert window.saves.continuable("yukon")
    again = window.continue_game("yukon")
    assert again is not None and again.session.moves == ["3.5>6", "4>F", "5>F"]
    assert not again.session.settings["safe_cards_home"] and not again.view.presenter.safe_cards_home

    changes.update(variant="russian")  # a rule: a new game
    window.open_settings("yukon")
    assert window.page is not None and window.page.session.moves == [] and \
        window.page.session.settings["variant"] == "russian"


# -- Euchre: the bid buttons never cover the upcard -----------------------------------------------------


@pytest.mark.parametrize("dealer", ["S", "W", "N", "E"])
def test_the_bid_buttons_never_cover_the_upcard(qtbot: QtBot, dealer: str) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    deal = make_deal(dealer, "9H", S="TH JH QH KH AH")  # nobody else holds a heart: everyone passes to you
    session = GameSession.new(game, deal={**deal, "seed": 2}, saves=window.saves,
                              players=[None, "easy", "easy", "easy"])
    page = window.open_session(session)
    assert page is not None
    page.view.cpu_timer.stop()
    while session.to_move != 0:
        session.cpu_step()
    page.view.refresh(animate=False)
    upcard = page.view.scene.cards["9H"].sceneBoundingRect()
    buttons = [b for b in page.view.scene.buttons.values() if b.isVisible()]
    assert buttons
    for button in buttons:
        assert not button.sceneBoundingRect().intersects(upcard), f"{button.choice.id} covers the upcard"


# -- Yukon ---------------------------------------------------------------------------------------------


def suits_in_columns() -> dict[str, Any]:
    """Every card face up, each suit stacked K..A in its own column: nothing left but going home."""
    columns = [[f"{r}{s}" for r in "KQJT98765432A"] for s in "SHDC"] + [[], [], []]
    return {"columns": columns, "hidden": [0] * 7}


def test_yukon_finishes_by_itself_once_every_card_is_face_up(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    session = GameSession.new(game, game.settings.defaults(), deal=suits_in_columns(), saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    qtbot.wait(50)
    assert session.moves == [], "nothing moves before the player does"
    session.play("1>F")
    qtbot.waitUntil(lambda: session.state.won, timeout=20000)
    assert len(session.moves) == 52
    assert not session.can_undo() and not page.buttons["undo"].isEnabled(), "no undo after a win"


def test_yukon_does_not_finish_by_itself_after_an_undo_or_when_turned_off(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    session = GameSession.new(game, game.settings.defaults(), deal=suits_in_columns(), saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    session.play("1>F")
    session.play("2>F")  # two moves, then an undo before the table gets round to finishing
    session.undo()
    qtbot.wait(100)
    assert session.moves == ["1>F"]
    off = {**game.settings.defaults(), "auto_finish": False}
    session = GameSession.new(game, off, deal=suits_in_columns(), saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    session.play("1>F")
    qtbot.wait(100)
    assert session.moves == ["1>F"]


def test_a_stuck_yukon_game_can_still_be_undone() -> None:
    from core.cards import full_deck

    rest = [c.text for c in full_deck() if c.text not in ("9C", "5S", "6H")]
    deal = {"columns": [[*rest, "9C", "5S"], ["6H"], [], [], [], [], []], "hidden": [50, 0, 0, 0, 0, 0, 0]}
    game = yukon_plugin.GAME
    session = GameSession.new(game, game.settings.defaults(), deal=deal, players=[None])
    session.play("1>2")  # 5♠ onto 6♥ turns up 9♣, and nothing can move any more
    assert session.is_over and not session.state.won and YukonRules().outcome(session.state).winners == ()
    assert session.can_undo() and session.undo() and session.legal_moves()


def test_every_win_with_the_return_option_on_says_with_help() -> None:
    game = yukon_plugin.GAME
    settings = {**game.settings.defaults(), "return_from_foundations": True}
    session = GameSession.new(game, settings, deal={"number": 7}, players=[None])
    for move in solve(session.state).moves:
        session.play(move)
    assert session.state.won and not session.state.assisted, "no card was returned"
    assert "with help" in YukonRules().outcome(session.state).summary
    obs = session.observation(0)
    table = YukonPresenter().table(Situation(obs, (), 0, None, "won"), YukonUi())
    assert table.hold is not None and table.hold.title.en == "Won — with help"
    assert "with help" in table.status.en
    plain = GameSession.new(game, game.settings.defaults(), deal={"number": 7}, players=[None])
    for move in solve(plain.state).moves:
        plain.play(move)
    assert "with help" not in YukonRules().outcome(plain.state).summary


SOLVABILITY = ("solvable", "unwinnable", "unknown", "thinking", "still", "no_longer")


@pytest.mark.parametrize("deal", [7, 999_999])  # in the catalogue, and not
def test_the_status_has_one_consistent_solvability_phrase(deal: int) -> None:
    game = yukon_plugin.GAME
    session = GameSession.new(game, game.settings.defaults(), deal={"number": deal}, players=[None])
    start = session.observation(0)
    verdicts = (None, WON, LOST, UNKNOWN)
    for at_start, here, analysing, moved in itertools.product(verdicts, verdicts, (False, True), (0, 5)):
        if (moved == 0 and here != at_start) or (here == WON and at_start == LOST):
            continue  # not a position that can happen: ply 0 is the start; a lost deal has no won position
        analysis = {k: Result(v) for k, v in ((0, at_start), (moved, here)) if v is not None}
        obs = replace(start, moves_made=moved)
        status = YukonPresenter().table(Situation(obs, tuple(session.legal_moves()), 0, 0, None, None,
                                                  analysis=analysis, analysing=analysing, ply=moved), YukonUi()).status
        phrases = [key for key in SOLVABILITY if W[key].en in status.en]
        assert len(phrases) == 1, f"{phrases} for start={at_start} here={here} analysing={analysing} moved={moved}"
        assert not {"unwinnable", "no_longer"} <= set(phrases) and not {"solvable", "thinking"} <= set(phrases)
        assert all(W[key].get("ja") in status.get("ja") for key in phrases)


def test_settings_have_one_place_for_standard_or_russian(qtbot: QtBot) -> None:
    schema = yukon_plugin.GAME.settings
    assert not schema.presets and [o.key for o in schema.options].count("variant") == 1
    dialog = SettingsDialog(yukon_plugin.GAME, schema.defaults(), "classic")
    qtbot.addWidget(dialog)
    assert dialog.findChild(object, "preset") is None


# -- words ---------------------------------------------------------------------------------------------


def test_rule_violations_are_told_in_japanese(qtbot: QtBot) -> None:
    page = yukon_page(make_window(qtbot, {"yukon": yukon_plugin}))
    set_language("ja")
    try:
        assert not page.view.play("1>2")  # K♥… onto a column whose front is not a Q of the other colour
        assert "置けません" in page.status.text() or "小さい札" in page.status.text()
        set_language("en")
        assert "not one lower" in page.status.text() or "other colour" in page.status.text()
    finally:
        set_language("en")


def test_each_card_design_is_listed_once() -> None:
    themes = available_themes()
    assert len({t.label for t in themes}) == len(themes)
    assert len({_design_key(t.id.partition(":")[2] or t.id) for t in themes}) == len(themes)
    assert _design_key("Атласные") == _design_key("atlasnye")


# -- the launcher --------------------------------------------------------------------------------------


def test_the_launcher_has_a_tile_per_game_with_its_variant_and_continue_when_saved(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin, "yukon": yukon_plugin})
    launcher = window.launcher
    assert set(launcher.tiles) == {"euchre", "yukon"}, "Bid Euchre sits under Euchre"
    euchre_tile = launcher.tiles["euchre"]
    names = {b.objectName() for b in euchre_tile.findChildren(type(launcher.stats))}
    assert {"new-euchre", "new-bid-euchre", "settings-bid-euchre"} <= names
    assert "continue-euchre" not in names
    assert launcher.stats.isVisible() and launcher.help.isVisible()
    page = window.new_game("yukon")
    assert page is not None
    page.session.play(page.session.legal_moves()[0])
    window.show_launcher()
    names = {b.objectName() for b in launcher.tiles["yukon"].findChildren(type(launcher.stats))}
    assert "continue-yukon" in names
    margins = launcher.layout().contentsMargins()
    assert margins.left() >= 16 and margins.top() >= 12


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_launcher_tiles_stand_in_two_columns_where_they_fit_else_one_and_never_scroll_sideways(
        qtbot: QtBot, language: str) -> None:
    from PySide6.QtWidgets import QPushButton

    from gui.i18n import tr

    set_language(language)
    try:
        window = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin, "yukon": yukon_plugin})
        page = window.new_game("yukon")  # a saved game: its New game asks for a second press, and is wider then
        assert page is not None
        page.session.play(page.session.legal_moves()[0])
        window.show_launcher()
        launcher = window.launcher
        euchre, yukon = launcher.tiles["euchre"], launcher.tiles["yukon"]
        asking = yukon.findChild(QPushButton, "new-yukon")
        assert asking is not None

        def seen_whole() -> bool:
            qtbot.wait(20)  # the tiles' layouts, then the page's, settle
            viewport = launcher.games_area.viewport()
            buttons = [b for tile in (euchre, yukon) for b in tile.findChildren(QPushButton)]
            return not launcher.games_area.horizontalScrollBar().isVisible() and all(
                tile.width() >= tile.minimumSizeHint().width() for tile in (euchre, yukon)) and all(
                b.mapTo(viewport, b.rect().topLeft()).x() >= 0 and
                b.mapTo(viewport, b.rect().topRight()).x() < viewport.width() for b in buttons)

        window.setMinimumWidth(0)  # as on a screen narrower than a game's smallest table (a small one at 200%)

        def columns_at(width: int) -> int:
            window.resize(width, 760)
            QApplication.processEvents()
            return launcher.columns

        narrowest_two = next(width for width in range(1100, 300, -4) if columns_at(width - 4) == 1)
        for width, side_by_side in ((1100, True), (narrowest_two, True), (window.minimumSizeHint().width(), False)):
            window.resize(width, 760)
            assert seen_whole()
            assert (yukon.y() == euchre.y()) == side_by_side and launcher.columns == (2 if side_by_side else 1)
            qtbot.mouseClick(asking, Qt.MouseButton.LeftButton)
            assert asking.text() == tr("new_confirm_saved") and seen_whole()  # and the tiles stay where they were
            assert (yukon.y() == euchre.y()) == side_by_side and launcher.columns == (2 if side_by_side else 1)
            launcher.disarm()
            qtbot.wait(20)
    finally:
        set_language("en")


def test_the_rules_and_statistics_windows_fit_the_screen(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    for dialog in (window.open_help("euchre"), window.open_stats("euchre")):
        area = dialog.screen().availableGeometry()  # 800 × 800 offscreen: smaller than either asks for
        assert dialog.width() <= area.width() and dialog.height() <= area.height(), dialog.objectName()
        assert dialog.width() >= 600 and dialog.height() >= 500, "and still roomy"
        dialog.close()


def test_on_a_small_screen_at_200_percent_the_whole_window_and_table_fit(qtbot: QtBot,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """1280 × 900 at 200% is 640 × 450: the window's smallest size gives way to the screen, and every card and
    label still lies on the table."""
    from PySide6.QtCore import QRect

    from gui import screen_fit
    from tests.test_gui_monkey import check_inside

    monkeypatch.setattr(screen_fit, "free_area", lambda near=None: QRect(0, 0, 640, 450))
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    for game in ("euchre", "yukon"):
        page = window.new_game(game)
        assert page is not None
        window.resize(620, 400)  # the free area less room for the window manager's frame
        qtbot.wait(50)
        assert (window.width(), window.height()) == (620, 400), game
        check_inside(page, game)


@pytest.mark.parametrize("seed", [9, 2], ids=["you-deal", "west-deals"])
@pytest.mark.parametrize("size", [(620, 400), (680, 430), (760, 480)])
def test_on_a_small_table_the_bid_buttons_stay_clear_of_the_players_seat(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                                                         size: tuple[int, int], seed: int) -> None:
    """The buttons keep a readable size however small the table (200% on a small screen), so they reached down
    onto the player's label under them ("You · dealer"): the row now moves up clear of it."""
    from PySide6.QtCore import QRect

    from gui import screen_fit

    monkeypatch.setattr(screen_fit, "free_area", lambda near=None: QRect(0, 0, 640, 450))
    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=seed, saves=window.saves))
    assert page is not None
    window.resize(*size)
    assert (window.width(), window.height()) == size
    scene = page.view.scene
    qtbot.waitUntil(lambda: page.session.to_move == 0 and any(b.isVisible() for b in scene.buttons.values()),
                    timeout=10000)
    qtbot.wait(50)
    labels = {key: item.sceneBoundingRect() for key, item in scene.texts.items() if item.isVisible()}
    assert any(line.startswith("You") for item in scene.texts.values() for line in item.lines), "the seat label"
    for button in (b for b in scene.buttons.values() if b.isVisible()):
        rect = button.sceneBoundingRect()
        assert not [key for key, label in labels.items() if label.intersects(rect)], (size, button.choice.id)


def test_the_window_opens_at_a_sensible_size_on_a_first_start(qtbot: QtBot) -> None:
    from PySide6.QtGui import QGuiApplication

    from gui.window import MainWindow

    window = MainWindow(make_window(qtbot, {"yukon": yukon_plugin}).host)
    qtbot.addWidget(window)
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert 600 <= window.width() <= min(1100, area.width()) and 450 <= window.height() <= min(760, area.height())


def test_the_window_shows_before_it_looks_for_games_then_fills_the_launcher(qtbot: QtBot) -> None:
    from gui.window import MainWindow

    window = MainWindow()  # as `cardtable` opens it: no games found yet
    qtbot.addWidget(window)
    assert window.launcher.tiles == {} and window.launcher.findChild(object, "finding_games") is not None
    assert not window.launcher.stats.isEnabled()
    window.show()
    qtbot.waitUntil(lambda: bool(window.launcher.tiles), timeout=20000)  # after its first frame
    assert {"euchre", "yukon"} <= set(window.launcher.tiles) and window.launcher.stats.isEnabled()


class SlowPlugin:
    """An entry point whose import lasts until the test lets it go (as one importing a large library)."""

    name, value, dist = "slowpoke", "slowpoke.plugin", None

    def __init__(self) -> None:
        self.released = threading.Event()
        self.importing = False

    def load(self) -> object:
        self.importing = True
        self.released.wait(20)
        self.importing = False
        return euchre_plugin


def games_found(window: Any) -> bool:
    """Whether the window's search for games has ended (it may have closed meanwhile: its launcher then shows none)."""
    try:
        return window.host is not None
    except RuntimeError:  # "the games are not found yet"
        return False


def when_the_launcher_names(window: Any, words: str, action: Callable[[], None]) -> None:
    """Run ``action`` once the launcher, looking for games, names ``words`` (what it waits for, after a second):
    only if the window processes events while a plugin loads."""
    timer = QTimer(window)

    def look() -> None:
        label = window.launcher.findChild(QLabel, "finding_games")
        if label is not None and words in label.text():
            timer.stop()
            action()

    timer.timeout.connect(look)
    timer.start(50)


def test_the_window_answers_while_a_plugin_is_slow_to_load_and_names_it(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from core import manager
    from gui.window import MainWindow

    slow = SlowPlugin()
    monkeypatch.setattr(manager.metadata, "entry_points", lambda group: [slow])
    monkeypatch.setenv(manager.TIMEOUT_ENV, "60")
    window = MainWindow()
    qtbot.addWidget(window)
    seen: list[tuple[bool, str, str, bool]] = []
    errors: list[BaseException] = []
    monkeypatch.setattr(window, "report_error", errors.append)

    def while_it_loads() -> None:  # run by the window's own event processing, if it does any meanwhile
        qtbot.keyClick(window.launcher, Qt.Key.Key_F1)  # Help is not there yet: nothing happens
        window.launcher.language.setCurrentIndex(window.launcher.language.findData("ja"))
        label = window.launcher.findChild(QLabel, "finding_games")
        said_ja = label.text() if label is not None else ""
        window.launcher.language.setCurrentIndex(window.launcher.language.findData("en"))
        label = window.launcher.findChild(QLabel, "finding_games")
        window.launcher.quit.click()
        seen.append((slow.importing, said_ja, label.text() if label is not None else "", window.isVisible()))
        slow.released.set()

    window.show()
    when_the_launcher_names(window, "importing slowpoke.plugin", while_it_loads)
    qtbot.waitUntil(lambda: bool(seen), timeout=20000)  # (without events meanwhile, never: the import ends first)
    importing, said_ja, said, visible = seen[0]
    assert importing, "the window did nothing while the plugin was loading"
    assert said_ja.startswith("ゲームを探しています…（slowpoke.plugin の読み込み: "), said_ja
    assert said_ja.endswith(" 秒）"), said_ja
    assert said.startswith("Looking for games… (importing slowpoke.plugin: ") and said.endswith(" s)"), said
    assert not visible and errors == []  # Quit answered at once; F1 waited for the games
    qtbot.wait(100)
    assert not games_found(window), "the search went on after the window closed"  # given up: the program ends


def test_a_second_launch_while_a_plugin_is_slow_to_load_brings_the_window_forward(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The window began answering later launches only once the games were found: a second launch meanwhile (the
    first seemed slow) said "it does not answer yet" on a terminal the player may not see, and nothing came forward."""
    from core import manager
    from gui.single_instance import SingleInstance
    from gui.window import MainWindow

    slow = SlowPlugin()
    monkeypatch.setattr(manager.metadata, "entry_points", lambda group: [slow])
    monkeypatch.setenv(manager.TIMEOUT_ENV, "60")
    instance = SingleInstance(tmp_path / "data")
    assert instance.claim()
    window = MainWindow()
    qtbot.addWidget(window)
    window.launcher.first_frame.connect(instance.listen)  # as run_launcher does
    raised: list[bool] = []
    instance.raise_requested.connect(lambda *_: raised.append(slow.importing))
    asked: list[bool] = []

    def second_launch() -> None:
        second = SingleInstance(tmp_path / "data")
        assert not second.claim()
        asked.append(second.asked)
        ends = QTimer(window)  # the import ends once the window was asked forward, or after 10 s whatever happened
        ends.timeout.connect(lambda: raised and slow.released.set())
        ends.start(50)
        QTimer.singleShot(10_000, window, slow.released.set)  # (gone with the window)

    window.show()
    when_the_launcher_names(window, "importing slowpoke.plugin", second_launch)
    qtbot.waitUntil(lambda: window.launcher.host is not None, timeout=20000)
    instance.release()
    assert asked == [True], "the second launch found no window answering"
    assert raised == [True], "the window was not asked forward while the plugin was loading"


def test_a_launch_after_a_quit_while_a_plugin_is_slow_to_load_opens_its_own_window(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A Quit while a plugin loads hid the window, but the program held the data folder until the import ended:
    a launch meanwhile was refused ("its window was asked to come to the front"), the hidden window came back,
    and both were gone once the import ended — the player quit, started again, and had no window."""
    from core import manager
    from core.paths import data_dir
    from gui import app
    from gui.single_instance import SingleInstance
    from gui.window import MainWindow

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    slow = SlowPlugin()
    monkeypatch.setattr(manager.metadata, "entry_points", lambda group: [slow])
    monkeypatch.setenv(manager.TIMEOUT_ENV, "60")
    seen: list[tuple[bool, bool, bool]] = []

    def quit_then_launch(window: MainWindow) -> None:
        window.launcher.quit.click()
        second = SingleInstance(data_dir())
        claimed = second.claim()
        seen.append((slow.importing, claimed, second.asked))
        second.release()
        slow.released.set()

    def launched() -> list[MainWindow]:  # (not a window an earlier test left behind, closed)
        return [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]

    def when_shown() -> None:
        if not launched():
            looking.start(20)
            return
        window = launched()[0]
        when_the_launcher_names(window, "importing slowpoke.plugin", lambda: quit_then_launch(window))

    def give_up() -> None:  # whatever happens, the test ends
        slow.released.set()
        for window in launched():
            window.close_anyway()

    # timers of the test's own, stopped when it ends: one left to fire 15 s later closed whatever window a later
    # test had open then (seen as "Internal C++ object already deleted" in test_gui_euchre.py, on a loaded machine)
    with own_timers(when_shown, give_up) as (looking, ending):
        looking.start(0)
        ending.start(15_000)
        assert app.run_launcher() == 0
    assert seen, "the launcher never named the plugin it waited for"
    importing, claimed, asked = seen[0]
    assert importing, "the plugin had already loaded"
    assert claimed and not asked, "the quit window still held the data folder: the second launch opened nothing"


def test_the_keyboard_starts_on_the_first_game_when_the_window_is_activated_as_the_games_appear(
        qtbot: QtBot) -> None:
    from gui.window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.launcher.first_frame.disconnect()  # the games are found below, at the moment that matters
    window.show()
    qtbot.waitActive(window)
    elsewhere = QLineEdit()
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    elsewhere.activateWindow()
    qtbot.waitActive(elsewhere)
    host = PluginHost()
    host.add_plugin("euchre", euchre_plugin)
    window.attach(host)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        QApplication.setActiveWindow(window)  # at once, before the new tiles' deferred show (a window manager may)
    assert QApplication.focusWidget() is window.launcher.first_buttons["euchre"], QApplication.focusWidget()


def test_cardtable_without_arguments_opens_the_window_before_loading_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    import gui.app
    from core import cli

    opened: list[object] = []
    monkeypatch.setattr(gui.app, "run_launcher", lambda host=None, stops=None: opened.append(host) or 0)
    monkeypatch.setattr("core.manager.load_host", lambda: pytest.fail("plugins loaded before the window"))
    assert cli.main([]) == 0 and opened == [None]


# -- the smallest window: names, bubbles and the score box stay clear of the cards -------------------------


def crowded(page: Any) -> list[str]:
    """Which visible words on the table (names, speech bubbles, the score box, buttons) run into a card or
    into each other."""
    scene = page.view.scene
    cards = [c.sceneBoundingRect() for c in scene.cards.values() if c.isVisible()]
    words = [(key, item.sceneBoundingRect().adjusted(1, 1, -1, -1))
             for key, item in [*scene.texts.items(), *scene.buttons.items()] if item.isVisible()]
    found = [name for name, rect in words if any(rect.intersects(card) for card in cards)]
    found += [f"{a} and {b}" for (a, one), (b, two) in itertools.combinations(words, 2) if one.intersects(two)]
    return found


@pytest.mark.parametrize(("game_id", "language"), [("euchre", "ja"), ("bid-euchre", "ja"),
                                                   ("three-handed-euchre", "en"), ("two-handed-euchre", "en")])
def test_at_the_smallest_window_no_words_run_into_the_cards(qtbot: QtBot, game_id: str, language: str) -> None:
    import plugins.cutthroat.plugin as cut_plugin

    set_language(language)
    window = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin, "cutthroat": cut_plugin})
    window.resize(200, 200)
    assert window.height() >= 480, "the window stops shrinking where the tables still fit"
    page = window.new_game(game_id)
    assert page is not None
    page.view.cpu_timer.stop()
    session = page.session
    for _ in range(60):  # the auction and the first tricks, checked at every step
        page.view.refresh(animate=False)
        qtbot.wait(1)
        assert not crowded(page), f"at '{session.hold or session.to_move}': {crowded(page)}"
        if session.hold is not None:
            session.acknowledge()
        elif session.to_move == 0:
            hint = session.hint()
            session.play(hint.move if hint is not None and hint.move else session.legal_moves()[0].text)
        else:
            session.cpu_step()
    set_language("en")


def test_a_launcher_that_found_no_games_says_why_and_what_to_do(qtbot: QtBot) -> None:
    """A copy of the source started without being installed has no entry points: the window was blank."""
    from core.manager import PluginHost
    from gui.window import MainWindow

    window = MainWindow(PluginHost())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    label = window.launcher.findChild(QLabel, "no_games")
    assert label is not None and label.isVisible() and "pip install -e ." in label.text()
    assert not window.launcher.stats.isEnabled() and not window.launcher.help.isEnabled()


def test_japanese_with_no_font_to_write_it_shows_english_and_says_why(qtbot: QtBot,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """On a system with no Japanese font (a minimal install, WSL) the Japanese desktop's first launch was rows of
    empty boxes, the Language list's 日本語 among them: nothing to read, and no way back found."""
    import gui.launcher
    import gui.window
    from core.manager import PluginHost
    from gui.fonts import has_font_for
    from gui.i18n import language, set_language
    from gui.prefs import ShellPrefs

    assert has_font_for("ja"), "this machine writes Japanese (Debian: fonts-noto-cjk), as the other tests need"
    for module in (gui.launcher, gui.window):
        monkeypatch.setattr(module, "has_font_for", lambda code: code != "ja")
    set_language("ja")
    try:
        host = PluginHost()
        host.add_plugin("yukon", yukon_plugin)
        window = gui.window.MainWindow(host, ShellPrefs(language="ja"))
        qtbot.addWidget(window)
        window.show()
        assert language() == "en" and window.prefs.language == "ja", "kept for when a font is installed"
        assert "no Japanese font is installed" in window.launcher.message.text()
        assert window.launcher.language.itemText(1) == "Japanese (no font installed)"
        assert not window.launcher.language.model().item(1).isEnabled()  # type: ignore[attr-defined]
        assert window.launcher.title.text() == "Card Table"
    finally:
        set_language("en")


def test_a_game_without_a_view_says_so_on_the_launcher_in_the_players_language(qtbot: QtBot) -> None:
    import dataclasses
    import types

    from core.manager import PluginHost
    from core.plugin import hookimpl
    from gui.i18n import set_language
    from gui.window import MainWindow

    game = dataclasses.replace(yukon_plugin.GAME, view=None)  # a game for the command line only
    host = PluginHost()
    host.add_plugin("yukon", types.SimpleNamespace(cardtable_register_games=hookimpl(lambda games: games.add(game))))
    window = MainWindow(host)
    qtbot.addWidget(window)
    window.show()
    tile = window.launcher.tiles["yukon"]
    assert tile.findChild(QPushButton, "new-yukon") is None, "no button that leads nowhere"
    assert any("cardtable --help" in label.text() for label in tile.findChildren(QLabel))
    assert window.new_game("yukon") is None and window.page is None  # asked for all the same, by code
    assert window.launcher.message.text() == "Yukon has no table view to play in."
    try:
        set_language("ja")
        assert window.launcher.message.text() == "ユーコンには遊ぶための画面がありません。"
    finally:
        set_language("en")
