"""The window over a data folder an earlier version left: every game offers Continue and continues where that
version stopped, with no notice; its statistics and its settings are shown as they were."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

import plugins.bid_euchre.plugin as bid_euchre_plugin
import plugins.cutthroat.plugin as cutthroat_plugin
import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from gui.window import MainWindow
from tests.gui_helpers import make_window
from tests.test_earlier_versions import VERSIONS

PLUGINS = {"euchre": euchre_plugin, "bid_euchre": bid_euchre_plugin, "cutthroat": cutthroat_plugin,
           "yukon": yukon_plugin}


def left_by(window: MainWindow, version: str) -> dict[str, list[str]]:
    """The version's files put where the window keeps them: for each game the last unfinished save written,
    its statistics and its settings. Returns each continued game's moves."""
    files, moves = VERSIONS[version], {}
    for save in files["saves"]:
        if not save["file"]["finished"]:
            path = window.saves.path_for(window.host.slot(save["game"]))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(save["file"]))
            moves[save["game"]] = save["file"]["moves"]
    for game_id, stored in files["stats"].items():
        path = window.stats.path_for(window.host.slot(game_id))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(stored))
    for game_id, saved in files["settings"].items():
        path = window.settings_store.path_for(game_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(saved["file"]))
    window.launcher.rebuild()
    return moves


@pytest.mark.parametrize("version", [min(VERSIONS), max(VERSIONS)])
def test_the_window_continues_every_game_an_earlier_version_saved(qtbot: QtBot, version: str) -> None:
    window = make_window(qtbot, PLUGINS)
    moves = left_by(window, version)
    assert len(moves) >= 3
    for game_id, played in moves.items():
        button = window.launcher.findChild(QPushButton, f"continue-{game_id}")
        assert button is not None
        qtbot.waitUntil(button.isVisible)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        page = window.page
        assert page is not None and window.stack.currentWidget() is page and page.game.id == game_id
        assert page.session.moves[:len(played)] == played
        assert not page.notice.isVisible(), page.notice.text()
        assert window.settings_for(window.host.game(game_id)) == {
            **window.host.game(game_id).settings.defaults(), **VERSIONS[version]["settings"][game_id]["values"]}
        window.show_launcher()
        assert not window.launcher.message_bar.isVisible(), window.launcher.message.text()
    stats = window.open_stats(None)
    for game_id, stored in VERSIONS[version]["stats"].items():
        summary = window.stats.summary(window.host.slot(game_id), window.host.game(game_id).statistics)
        assert summary.problem is None and summary.events == len(stored["events"])
    stats.close()
