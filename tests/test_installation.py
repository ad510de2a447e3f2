"""An update under the open window (pip, a system's package manager, a checkout switched): the code not yet
loaded would come from the new files into a program running the old ones. Opening a game then failed with
``ImportError``, and that failure moved the player's saved game aside as a crash; now the player is asked to
restart, the save kept for Continue."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

import plugins.yukon.plugin as yukon_plugin
from core import installation
from gui.window import MainWindow
from tests.gui_helpers import make_window, yukon_page


@pytest.fixture
def guard_restored(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Whatever the test notes or finds changed, the next test's window watches afresh."""
    for name in ("_files", "_changed", "_looked_at"):
        monkeypatch.setattr(installation, name, getattr(installation, name))
    yield


def updated(path: Path) -> None:
    """``path`` replaced as an installer replaces a file: a new file renamed over the old."""
    fresh = path.with_suffix(".new")
    fresh.write_text(path.read_text() + "\n# the new version\n")
    os.replace(fresh, path)


def test_a_replaced_file_refuses_later_imports_but_not_the_standard_librarys(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guard_restored: None) -> None:
    monkeypatch.setattr(installation, "_homes", lambda also=(): (os.path.join(tmp_path, ""),))
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("loaded_first", "loaded_before_the_update", "loaded_after_the_update"):
        (tmp_path / f"{name}.py").write_text("VALUE = 1\n")
        monkeypatch.delitem(sys.modules, name, raising=False)
    importlib.import_module("loaded_first")
    installation.watch()
    assert not installation.changed()
    importlib.import_module("loaded_before_the_update")  # nothing changed: imports go on
    updated(tmp_path / "loaded_first.py")
    assert installation.changed()
    with pytest.raises(installation.CodeChanged, match="restart Card Table"):
        importlib.import_module("loaded_after_the_update")
    monkeypatch.delitem(sys.modules, "tabnanny", raising=False)
    importlib.import_module("tabnanny")  # the interpreter's own library was not updated


def test_a_plugin_installed_elsewhere_is_watched_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    guard_restored: None) -> None:
    """Card Table installed for the system, a plugin with ``pip install --user``: the plugin's folder is not the
    program's, and its update went unseen."""
    package = tmp_path / "user-site" / "elsewhere_plugin"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(package.parent))
    for name in ("elsewhere_plugin", "elsewhere_plugin.rules"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    importlib.import_module("elsewhere_plugin.rules")
    installation.watch()
    updated(package / "rules.py")
    assert not installation.changed(), "not watched unless named"
    installation.watch(["elsewhere_plugin.rules"])
    assert str(package / "rules.py") in installation._files and not installation.changed()
    updated(package / "rules.py")
    assert installation.changed()


def test_an_unchanged_installation_is_not_taken_for_an_update(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    assert installation._files and not installation.changed()  # the program's own modules are watched
    assert any(path.endswith(os.path.join("core", "session.py")) for path in installation._files)
    assert any(path.endswith(os.path.join("yukon", "rules.py")) for path in installation._files)
    assert window.continue_game("yukon") is not None


def note_a_file_then_update_it(tmp_path: Path) -> None:
    """A file the window's watch noted (as one of the program's own), then replaced by an update."""
    noted = tmp_path / "session.py"
    noted.write_text("VALUE = 1\n")
    installation._files[str(noted)] = installation._stamp(str(noted))
    updated(noted)
    installation._looked_at -= installation.CHECK_EVERY  # the update came a while after the last look


def updated_dialog(window: MainWindow) -> QMessageBox:
    box = window.findChild(QMessageBox, "updated_dialog")
    assert box is not None and box.isVisible()
    return box


def test_continue_after_an_update_asks_for_a_restart_and_keeps_the_save(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guard_restored: None) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = yukon_page(window)
    page.session.play(page.session.legal_moves()[0])
    slot = page.session.save_slot
    window.show_launcher()  # Back: the game is saved
    moves = len(window.saves.read(slot).record["moves"])
    note_a_file_then_update_it(tmp_path)
    monkeypatch.delitem(sys.modules, "plugins.yukon.view")  # its table's code not loaded yet, as after a start
    assert window.continue_game("yukon") is None
    box = updated_dialog(window)
    assert "Restart it to go on: your games are saved" in box.text()
    assert window.stack.currentWidget() is window.launcher
    assert sorted(p.name for p in window.saves.directory.iterdir()) == [f"{slot}.json"]  # nothing moved aside
    assert len(window.saves.read(slot).record["moves"]) == moves
    assert not window.findChild(QMessageBox, "error_dialog")
    assert window.continue_game("yukon") is None  # asked again: one message, not a second
    assert len([b for b in window.findChildren(QMessageBox, "updated_dialog") if b.isVisible()]) == 1
    restart = box.findChild(QPushButton, "updated_restart")
    restart.click()
    assert window.restart_requested and not window.isVisible()


def test_an_error_in_a_game_after_an_update_is_not_taken_for_the_games(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guard_restored: None) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = yukon_page(window)
    slot = page.session.save_slot
    note_a_file_then_update_it(tmp_path)
    monkeypatch.setattr(installation, "version_now", lambda: "0.9.1")
    window.report_error(KeyError("rules_of"), page.session)  # new words asked of the old table of words
    assert f"changed while it was open (version {installation.__version__} → 0.9.1)." in updated_dialog(window).text()
    assert window.saves.exists(slot) and not window.findChild(QMessageBox, "error_dialog")


def test_a_new_game_after_an_update_leaves_the_game_it_would_replace_uncounted(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guard_restored: None) -> None:
    """New game counts the unfinished game it replaces (a Yukon deal left unwon) before it starts the next: after
    an update the next could not start, and the one left saved was counted as given up all the same."""
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = yukon_page(window)
    page.session.play(page.session.legal_moves()[0])
    slot = page.session.save_slot
    window.show_launcher()
    counted = window.stats.path_for(slot)
    before = counted.read_bytes() if counted.exists() else b""
    note_a_file_then_update_it(tmp_path)
    monkeypatch.delitem(sys.modules, "plugins.yukon.view")  # its table's code not loaded yet, as after a start
    assert window.new_game("yukon") is None
    updated_dialog(window)
    assert window.saves.played(slot), "the game left saved is still there to continue"
    assert (counted.read_bytes() if counted.exists() else b"") == before, "and it was not counted as given up"


def restart_with(qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 popen: Callable[[list[str]], object], happened: list[object] | None = None) -> None:
    """The launcher run until its window is asked to restart, with ``popen`` in place of starting a process."""
    from gui import app

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    noted = happened if happened is not None else []

    class Claimed:  # the folder is this program's until release
        asked, stopped_owner, other_machine = False, None, None

        def __init__(self, folder: Path) -> None:
            self.raise_requested = type("Signal", (), {"connect": lambda self, slot: None})()

        def claim(self) -> bool:
            return True

        def listen(self) -> None:
            pass

        def release(self) -> None:  # as SingleInstance's, once (the window lets go as it closes, the launcher after)
            if "released" not in noted:
                noted.append("released")

    def exec_() -> int:
        window = next(w for w in qapp.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        window.restart()
        return 0

    monkeypatch.setattr(app, "SingleInstance", Claimed)
    monkeypatch.setattr(app, "install_excepthook", lambda window: None)
    monkeypatch.setattr(app, "close_on_signals", lambda window: None)
    monkeypatch.setattr(qapp, "exec", exec_)
    monkeypatch.setattr(app.subprocess, "Popen", popen)
    assert app.run_launcher(None) == 0


def test_restart_now_starts_the_program_again_once_the_folder_is_let_go(
        qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    happened: list[object] = []
    restart_with(qapp, tmp_path, monkeypatch, happened.append, happened)
    assert happened == ["released", [sys.executable, *sys.orig_argv[1:]]]


def test_restart_now_says_so_when_the_program_cannot_be_started_again(
        qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The update took this Python away (its virtual environment made afresh): a traceback as the window closed."""

    def gone(command: list[str]) -> None:
        raise FileNotFoundError(2, "No such file or directory")

    restart_with(qapp, tmp_path, monkeypatch, gone)
    said = capsys.readouterr().err
    assert "cardtable: Card Table could not be started again (No such file or directory); start it as you did " \
           "before" in said and "Traceback" not in said


def test_settings_that_need_a_new_game_after_an_update_leave_the_cpu_players_going(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guard_restored: None) -> None:
    """Settings held the CPU players while their dialog was open; accepted with a change that needs a new game
    after an update, the new game could not start (the restart is offered) and the game in progress stood still
    on a CPU player's turn for good (found by the window monkey, its code updated under it)."""
    import plugins.euchre.plugin as euchre_plugin
    from core.session import GameSession
    from gui.settings_dialog import SettingsDialog

    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    seed = next(n for n in range(50) if GameSession.new(game, seed=n).to_move != 0)  # a CPU player bids first
    page = window.open_session(GameSession.new(game, seed=seed, saves=window.saves))
    assert page is not None
    monkeypatch.setattr(SettingsDialog, "exec", lambda self: SettingsDialog.DialogCode.Accepted)
    changed = {**window.settings_for(game), "stick_the_dealer": not window.settings_for(game)["stick_the_dealer"]}
    monkeypatch.setattr(SettingsDialog, "values", lambda self: dict(changed))
    assert game.settings.needs_new_game(window.settings_for(game), changed)
    note_a_file_then_update_it(tmp_path)
    window.open_settings("euchre")
    updated_dialog(window)
    assert window.page is page
    qtbot.waitUntil(lambda: page.session.moves != [], timeout=20000)  # not stuck on "West is thinking…"
