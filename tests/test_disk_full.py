"""A disk that fills up while a game is played (the ``disk`` fixture): nothing played is lost while Card Table
runs, the player is told where they look, and quitting asks first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

import plugins.yukon.plugin as yukon_plugin
from core.saves import SaveError, SaveService
from core.stats import StatsStore
from core.text import Text
from gui.game_page import GamePage
from gui.window import MainWindow
from tests.conftest import Disk
from tests.gui_helpers import make_window

RECORD = {"settings": {}, "start": {"seed": 1}, "moves": ["a"]}


def test_a_save_the_disk_refuses_is_what_the_game_goes_on_from(tmp_path: Path, disk: Disk) -> None:
    saves = SaveService(tmp_path)
    saves.write("yukon", RECORD)
    disk.full = True
    with pytest.raises(SaveError, match="No space left on device"):
        saves.write("yukon", {**RECORD, "moves": ["a", "b"]})
    assert json.loads(saves.path_for("yukon").read_text())["moves"] == ["a"], "the file on the disk is untouched"
    assert saves.read("yukon").record is not None and saves.read("yukon").record["moves"] == ["a", "b"]
    assert saves.continuable("yukon") and saves.played("yukon")
    assert "No space left on device" in str(saves.unwritten()["yukon"])
    disk.full = False
    saves.write("yukon", {**RECORD, "moves": ["a", "b", "c"]})
    assert json.loads(saves.path_for("yukon").read_text())["moves"] == ["a", "b", "c"] and not saves.unwritten()


def test_a_finished_or_discarded_game_the_disk_refused_is_not_offered(tmp_path: Path, disk: Disk) -> None:
    saves = SaveService(tmp_path)
    saves.write("yukon", RECORD)
    disk.full = True
    with pytest.raises(SaveError):
        saves.write("yukon", {**RECORD, "finished": True})
    assert not saves.continuable("yukon") and not saves.played("yukon")
    with pytest.raises(SaveError):
        saves.write("yukon", RECORD)
    saves.discard("yukon")
    assert saves.read("yukon").record is None and not saves.unwritten() and not saves.continuable("yukon")


def test_statistics_the_disk_refuses_are_counted_and_written_later(tmp_path: Path, disk: Disk) -> None:
    store = StatsStore(tmp_path)
    store.add("yukon", [{"won": True}])
    disk.full = True
    with pytest.raises(OSError):
        store.add("yukon", [{"won": False}])
    assert [e["won"] for e in store.load("yukon")[0]] == [True, False]
    disk.full = False
    store.add("yukon", [{"won": True}])
    stored = json.loads(store.path_for("yukon").read_text())["events"]
    assert [e["won"] for e in stored] == [True, False, True]
    assert [e["won"] for e in store.load("yukon")[0]] == [True, False, True], "not counted twice"


@pytest.fixture(autouse=True)
def a_deal_that_lasts(monkeypatch: pytest.MonkeyPatch) -> None:
    """New games here are dealt from seed 3, whose first legal moves go on for 30 moves in either variant: a random
    deal could end within the few moves these tests play (4 deals of 200 stuck within 14; one failed a CI run)."""
    import core.session

    monkeypatch.setattr(core.session.secrets, "randbits", lambda bits: 3)


def play(page: object, n: int) -> None:
    session = page.session  # type: ignore[attr-defined]
    for _ in range(n):
        session.play(session.legal_moves()[0])


def a_game_on_a_full_disk(qtbot: QtBot, disk: Disk, saved: int = 0) -> tuple[MainWindow, GamePage]:
    """A Yukon game with ``saved`` moves written, then two more played after the disk filled up."""
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    play(page, saved)
    disk.full = True
    play(page, 2)
    return window, page


def test_a_game_the_disk_refuses_comes_back_whole_and_quitting_asks(qtbot: QtBot, cardtable_home: Path,
                                                                      disk: Disk) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    play(page, 3)
    disk.full = True
    play(page, 5)
    assert page.notice.isVisible() and "kept while Card Table is open" in page.notice.text()
    moves = list(page.session.moves)
    window.show_launcher()
    assert window.launcher.message.isVisible()
    assert "Yukon: the game in progress could not be saved (" in window.launcher.message.text()
    assert "No space left on device" in window.launcher.message.text()
    button = window.launcher.tiles["yukon"].findChild(QPushButton, "continue-yukon")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.session.moves == moves, "back with every move, not the last one saved"
    assert page.notice.isVisible() and "cannot be saved" in page.notice.text(), "said again at once"

    window.close()
    question = window.findChild(QMessageBox, "quit_unsaved")
    assert window.isVisible() and question is not None and question.isVisible()
    assert "Yukon (cannot save to" in question.text()
    qtbot.keyClick(question, Qt.Key.Key_Escape)  # Keep playing
    qtbot.waitUntil(lambda: not question.isVisible())
    assert window.isVisible() and window.page is page and page.session.moves == moves

    disk.full = False  # room again: the move played saves it, the launcher no longer says otherwise, and
    play(page, 1)  # quitting no longer asks
    window.show_launcher()
    assert not window.launcher.message.isVisible()
    window.continue_game("yukon")
    page = window.page
    assert page is not None
    window.close()
    assert not window.isVisible()
    assert not any(box.isVisible() for box in window.findChildren(QMessageBox, "quit_unsaved")), "not asked"
    saved = json.loads(window.saves.path_for("yukon").read_text())
    assert saved["moves"] == page.session.moves and len(saved["moves"]) == 9


def test_quit_and_lose_it_quits(qtbot: QtBot, cardtable_home: Path, disk: Disk) -> None:
    window, _ = a_game_on_a_full_disk(qtbot, disk, saved=2)
    window.close()
    question = window.findChild(QMessageBox, "quit_unsaved")
    assert question is not None and question.defaultButton().objectName() == "keep_playing"
    window.close()  # asked again (Ctrl+Q twice): still the one question
    assert len(window.findChildren(QMessageBox, "quit_unsaved")) == 1
    leave = question.findChild(QPushButton, "quit_anyway")
    assert leave is not None
    qtbot.mouseClick(leave, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible())
    assert len(json.loads(window.saves.path_for("yukon").read_text())["moves"]) == 2, "what the disk last took"


def test_a_new_game_over_a_game_the_disk_refused_asks_first(qtbot: QtBot, cardtable_home: Path,
                                                             disk: Disk) -> None:
    disk.full = True
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")  # not one save has reached the disk
    assert page is not None
    play(page, 2)
    window.show_launcher()
    assert not window.saves.path_for("yukon").exists()
    new = window.launcher.tiles["yukon"].findChild(QPushButton, "new-yukon")
    qtbot.mouseClick(new, Qt.MouseButton.LeftButton)
    assert window.page is None and new.text() == "Press again to confirm"
    window.close_anyway()  # a signal (logout, Ctrl+C in the terminal) quits without asking
    assert not window.isVisible()


def test_closed_from_the_taskbar_while_minimised_the_window_comes_back_to_ask(qtbot: QtBot, cardtable_home: Path,
                                                                            disk: Disk) -> None:
    window, _ = a_game_on_a_full_disk(qtbot, disk)
    window.showMinimized()
    qtbot.waitUntil(window.isMinimized)
    window.close()
    question = window.findChild(QMessageBox, "quit_unsaved")
    assert question is not None and question.isVisible()
    assert not window.isMinimized(), "some desktops hide a minimised window's dialogs with it"


def test_settings_the_disk_refuses_are_in_force_and_said_so(qtbot: QtBot, cardtable_home: Path, disk: Disk) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QComboBox

    from gui.settings_dialog import SettingsDialog

    window = make_window(qtbot, {"yukon": yukon_plugin})
    assert window.new_game("yukon") is not None
    disk.full = True

    def choose_russian() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SettingsDialog)
        variant = dialog.widgets["variant"]
        assert isinstance(variant, QComboBox)
        variant.setCurrentIndex(variant.findData("russian"))
        dialog.accept()

    QTimer.singleShot(0, choose_russian)
    window.open_settings("yukon")
    page = window.page
    assert page is not None and page.session.settings["variant"] == "russian", "the new game has the new rules"
    assert "The settings cannot be saved (No space left on device); they apply until Card Table closes." \
        in page.notice.text()
    assert "Progress cannot be saved" in page.notice.text(), "beside it, not in its place"
    disk.full = False
    play(page, 1)
    page.notice_bar.end_passing()  # "Saving works again." for a few seconds, then what still holds
    assert page.notice.text() == "The settings cannot be saved (No space left on device); they apply until Card " \
        "Table closes."
    disk.full = True
    window.show_launcher()
    again = window.new_game("yukon")
    assert again is not None and again.session.settings["variant"] == "russian", "and the next one too"
    disk.full = False
    window.close()  # with room on the disk by then, they are written
    assert json.loads(window.settings_store.path_for("yukon").read_text())["values"]["variant"] == "russian"


def test_a_game_given_up_on_a_full_disk_is_counted_and_said_so(qtbot: QtBot, cardtable_home: Path,
                                                              disk: Disk) -> None:
    window, _ = a_game_on_a_full_disk(qtbot, disk)
    page = window.new_game("yukon")  # the game left unwon counts in the statistics
    assert page is not None
    assert "statistics cannot be saved (No space left on device); they are counted while Card Table is open" \
        in page.notice.text() and "Progress cannot be saved" in page.notice.text()
    summary = window.stats.summary("yukon", window.host.game("yukon").statistics)
    assert summary.events == 1 and not window.stats.path_for("yukon").exists()


@pytest.mark.parametrize("on_disk", [False, True], ids=["only-in-memory", "older-on-disk"])
def test_a_game_that_fails_on_a_full_disk_is_not_offered_to_continue(qtbot: QtBot, cardtable_home: Path,
                                                                     disk: Disk, on_disk: bool) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    disk.full = not on_disk
    page = window.new_game("yukon")
    assert page is not None and window.saves.path_for("yukon").exists() == on_disk
    disk.full = True
    play(page, 2)
    window.report_error(RuntimeError("the solver lost its marbles"))
    for box in window.findChildren(QMessageBox, "error_dialog"):
        box.close()
    assert window.launcher.tiles["yukon"].findChild(QPushButton, "continue-yukon") is None
    assert window.saves.read("yukon").record is None and not window.saves.unwritten()


def test_a_window_deleted_while_it_asks_leaves_nothing_listening(qtbot: QtBot, cardtable_home: Path,
                                                                  disk: Disk) -> None:
    """Deleted with the question open (its close was refused), the window no longer hears of a language change:
    it did, and the next window's language change crashed on its deleted page."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from core.manager import PluginHost
    from gui.i18n import set_language

    host = PluginHost()
    host.add_plugin("yukon", yukon_plugin)
    window = MainWindow(host)  # not given to qtbot, which would close it again once deleted
    window.show()
    qtbot.waitExposed(window)
    page = window.new_game("yukon")
    assert page is not None
    disk.full = True
    play(page, 2)
    window.close()
    assert window.isVisible()
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    try:
        set_language("ja")
    finally:
        set_language("en")


def test_the_notices_of_a_full_disk_follow_the_language_and_give_the_reason_in_it(qtbot: QtBot,
                                                                                   cardtable_home: Path,
                                                                                   disk: Disk) -> None:
    """The notice stayed in the language it came in after the player switched, and gave the system's English
    reason in a Japanese sentence; one shown in the old language was not taken away when saving worked again."""
    from gui.i18n import set_language

    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    disk.full = True
    play(page, 1)
    assert page.notice.text().startswith("Progress cannot be saved") and "No space left on device" in page.notice.text()
    try:
        set_language("ja")
        assert "ディスクの空きがありません" in page.notice.text() and "No space" not in page.notice.text()
        assert "Progress" not in page.notice.text()
        disk.full = False
        play(page, 1)
        page.notice_bar.end_passing()
        assert not page.notice.isVisible(), "withdrawn, though it was first shown in English"
    finally:
        set_language("en")


def test_statistics_written_again_take_their_notice_away(qtbot: QtBot, cardtable_home: Path, disk: Disk) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None and window.recorder is not None
    disk.full = True
    window.recorder.save([{"kind": "deal", "won": False}])
    assert "statistics cannot be saved (No space left on device)" in page.notice.text()
    disk.full = False
    window.recorder.save([{"kind": "deal", "won": True}])
    assert page.notice.text() == "The statistics are saved again."
    page.notice_bar.end_passing()
    assert not page.notice.isVisible(), "what no longer holds does not come back"
    stored = json.loads(window.stats.path_for("yukon").read_text())["events"]
    assert [e["won"] for e in stored] == [False, True]


def test_a_recorder_says_a_refusal_once_its_end_and_a_new_refusal_again(tmp_path: Path, disk: Disk) -> None:
    from core.session import GameSession, SessionListener
    from core.stats import Recorder
    from plugins.euchre.plugin import GAME as EUCHRE

    session = GameSession.new(EUCHRE, seed=3, players=["normal"] * 4)

    class Weather(SessionListener):  # the disk fills for hands 1–3, empties, and fills again from hand 6
        def moved(self, seat: int, move: str) -> None:
            disk.full = len(session.state.results) < 3 or len(session.state.results) >= 5

    problems: list[Text] = []
    ended: list[Text] = []
    store = StatsStore(tmp_path)
    session.add_listener(Weather())
    session.add_listener(Recorder(session, store, "euchre", problems.append, ended.append))
    session.run_cpus()
    hands = len(session.state.results)
    assert hands > 5
    assert len(problems) == 2 and problems[0] == problems[1] == ended[0] and len(ended) == 1
    assert problems[0].get("ja") == \
        "統計を保存できません（ディスクの空きがありません）。カードテーブルを閉じるまでは数えています"
    assert len([e for e in store.load("euchre")[0] if e["kind"] == "hand"]) == hands, "none lost"
    assert len(json.loads(store.path_for("euchre").read_text())["events"]) == 4, "hands 1–4 written with hand 3"


def a_deal_counted_on_a_full_disk(qtbot: QtBot, disk: Disk) -> MainWindow:
    """A Yukon page whose statistics, a deal won, the full disk refused (the game itself is saved, with no moves)."""
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None and window.recorder is not None
    disk.full = True
    window.recorder.save([{"kind": "deal", "won": True}])
    return window


def test_statistics_the_disk_refused_are_written_at_closing_if_there_is_room(qtbot: QtBot, cardtable_home: Path,
                                                                            disk: Disk) -> None:
    """Room made on the disk after the refusal, and no game counted since: closing lost the deal counted."""
    window = a_deal_counted_on_a_full_disk(qtbot, disk)
    assert not window.stats.path_for("yukon").exists()
    disk.full = False
    window.close()
    stored = json.loads(window.stats.path_for("yukon").read_text())["events"]
    assert [e["won"] for e in stored] == [True]


def test_a_game_left_on_a_full_disk_is_written_once_there_is_room_without_being_played_again(
        qtbot: QtBot, cardtable_home: Path, disk: Disk) -> None:
    """Left for the launcher while the disk was full, then room made: quitting asked to lose it, and the launcher
    still said it was kept only in memory, though nothing stood in the way of writing it."""
    window, page = a_game_on_a_full_disk(qtbot, disk, saved=2)
    moves = list(page.session.moves)
    window.show_launcher()
    assert "could not be saved" in window.launcher.message.text()
    disk.full = False
    window.show_launcher()  # as the player comes back to it from another game
    assert not window.launcher.message.isVisible()
    window.close()
    assert not window.isVisible()
    assert not any(box.isVisible() for box in window.findChildren(QMessageBox, "quit_unsaved")), "not asked"
    assert json.loads(window.saves.path_for("yukon").read_text())["moves"] == moves


def test_quitting_with_statistics_only_memory_holds_asks_first(qtbot: QtBot, cardtable_home: Path,
                                                               disk: Disk) -> None:
    """A deal counted on a full disk went unsaid at quitting; the game's own save had been written."""
    window = a_deal_counted_on_a_full_disk(qtbot, disk)
    window.close()
    question = window.findChild(QMessageBox, "quit_unsaved")
    assert window.isVisible() and question is not None and question.isVisible()
    assert "Yukon's statistics (No space left on device)" in question.text()
    assert "Yukon (" not in question.text(), "the game itself was saved"
    qtbot.keyClick(question, Qt.Key.Key_Escape)  # Keep playing
    qtbot.waitUntil(lambda: not question.isVisible())
    disk.full = False
    window.close()
    assert not window.isVisible()
    assert [e["won"] for e in json.loads(window.stats.path_for("yukon").read_text())["events"]] == [True]


def test_a_language_chosen_on_a_full_disk_is_kept_if_there_is_room_by_closing(qtbot: QtBot, cardtable_home: Path,
                                                                               disk: Disk) -> None:
    """The interface's preferences are a convenience, not worth a notice, but the choice was forgotten at the next
    start though the disk had room again by the time the window closed."""
    from core.paths import config_dir
    from gui.i18n import set_language
    from gui.prefs import ShellPrefs

    window = make_window(qtbot, {"yukon": yukon_plugin})
    disk.full = True
    try:
        window.choose_language("ja")
        assert ShellPrefs.load().language == "en" and not (config_dir() / "shell.json").exists()
        disk.full = False
        window.close()
        assert ShellPrefs.load().language == "ja"
    finally:
        set_language("en")
