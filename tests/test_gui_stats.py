"""The Statistics window: a deal won in the window is counted, the window (from the launcher and from the game
page) shows its figures and QtCharts charts, and Reset asks before it forgets."""

from __future__ import annotations

from unittest import mock

from PySide6.QtCharts import QChartView
from PySide6.QtWidgets import QLabel, QMessageBox
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.session import GameSession
from gui.stats_window import StatsWindow
from gui.window import MainWindow
from plugins.yukon.solver import solve
from tests.gui_helpers import make_window


def win_a_deal(window: MainWindow) -> None:
    game = window.host.game("yukon")
    session = GameSession.new(game, game.settings.defaults(), deal={"number": 7}, saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    for move in solve(session.state).moves:
        session.play(move)
    assert session.state.won


def figures(stats: StatsWindow) -> dict[str, str]:
    labels = stats.body.findChildren(QLabel)
    values = [label for label in labels if label.objectName() == "figure"]
    form = values[0].parentWidget().layout()
    return {form.labelForField(v).text(): v.text() for v in values}


def test_a_won_deal_shows_in_the_statistics_window_with_charts(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    win_a_deal(window)
    assert window.page is not None
    window.page.buttons["stats"].click()
    stats = window.findChild(StatsWindow)
    assert stats is not None and stats.isVisible()
    assert stats.choice.currentData() == "yukon"  # opened on the game being played
    shown = figures(stats)
    assert shown["Deals won"] == "1 of 1 (100%)" and shown["… without help"] == "1"
    assert len(stats.body.findChildren(QChartView)) == 3
    stats.choice.setCurrentIndex(stats.choice.findData("euchre"))
    assert figures(stats)["Matches won"] == "0"
    assert len(stats.body.findChildren(QChartView)) == 3


def test_reset_asks_first_and_no_keeps_the_figures(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    win_a_deal(window)
    window.show_launcher()
    window.launcher.stats.click()
    stats = window.findChild(StatsWindow)
    assert stats is not None and stats.choice.currentData() == "yukon"
    with mock.patch.object(QMessageBox, "exec", return_value=QMessageBox.StandardButton.No) as asked:
        stats.reset_button.click()
    assert asked.called and figures(stats)["Deals won"] == "1 of 1 (100%)"
    with mock.patch.object(QMessageBox, "exec", return_value=QMessageBox.StandardButton.Yes):
        stats.reset_button.click()
    assert figures(stats)["Deals won"] == "0"
    assert window.stats.load("yukon")[0] == []
