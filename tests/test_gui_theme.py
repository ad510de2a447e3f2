"""The shell under a dark desktop palette: every word of the launcher's tiles, a chart's empty place and the notice
bar's close button reads against what it stands on, and the tiles follow the desktop switching theme."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCharts import QChart, QChartView
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.stats import Chart, Series
from core.text import Text
from gui.stats_window import StatsWindow, chart_view
from gui.theme import dark_palette
from tests.gui_helpers import make_window, win_a_deal

READABLE = 4.5  # the contrast the web's accessibility guidelines ask of ordinary text


def luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(v) for v in colour.getRgbF()[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: QColor, second: QColor) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def words_contrast(widget: QWidget) -> float:
    """How far a widget's words stand from what they are written on, as drawn in its window: the commonest colour
    of the widget's place is its background, the colour furthest from it its words' ink."""
    window = widget.window()
    image = window.grab(QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())).toImage()
    colours = Counter(image.pixel(x, y) for x in range(image.width()) for y in range(image.height()))
    background = QColor.fromRgb(colours.most_common(1)[0][0])
    return max(contrast(background, QColor.fromRgb(pixel)) for pixel in colours)


@pytest.fixture(params=["light", "dark"])
def desktop(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    kept = QApplication.palette()
    if request.param == "dark":
        qapp.setPalette(dark_palette())
    yield request.param
    qapp.setPalette(kept)


def test_every_word_on_the_launchers_tiles_reads(qtbot: QtBot, desktop: str) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    labels = [label for tile in window.launcher.tiles.values() for label in tile.findChildren(QLabel) if label.text()]
    assert len(labels) >= 4  # each game's name and description, the variants' lines
    for label in labels:
        assert words_contrast(label) >= READABLE, (desktop, label.text())


def test_the_tiles_follow_the_desktop_switching_to_dark(qtbot: QtBot, qapp: QApplication) -> None:
    kept = QApplication.palette()
    window = make_window(qtbot, {"yukon": yukon_plugin})
    label = next(label for label in window.launcher.tiles["yukon"].findChildren(QLabel) if label.text())
    try:
        qapp.setPalette(dark_palette())
        qtbot.wait(10)
        assert words_contrast(label) >= READABLE
        tile = window.launcher.tiles["yukon"]
        corner = tile.mapTo(window, QPoint(tile.width() // 2, tile.height() - 4))
        tile_colour = window.grab().toImage().pixelColor(corner)
        assert tile_colour.lightness() < 80, "a dark tile under a dark theme, not a white one"
    finally:
        qapp.setPalette(kept)


def test_a_charts_empty_place_reads_and_matches_the_charts(qtbot: QtBot, desktop: str) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    window.launcher.stats.click()
    stats = window.findChild(StatsWindow)
    assert stats is not None and not stats.body.findChildren(QChartView)
    panels = stats.body.findChildren(QWidget, "no_data")
    assert len(panels) == 3
    for label in panels[0].findChildren(QLabel):  # the chart's title and "No data yet"
        assert words_contrast(label) >= READABLE, (desktop, label.text())
    panel = panels[0]
    middle = panel.grab().toImage().pixelColor(panel.width() // 2, panel.height() * 3 // 4)
    assert (middle.lightness() < 80) == (desktop == "dark"), "the empty place is drawn like the charts around it"


def test_charts_take_the_dark_theme_under_a_dark_palette(qtbot: QtBot, desktop: str) -> None:
    view = chart_view(Chart(kind="bar", title=Text("Deals"), series=(Series(Text("won"), (("Yukon", 1.0),)),),
                            y_label=Text("deals")))
    qtbot.addWidget(view)
    expected = QChart.ChartTheme.ChartThemeDark if desktop == "dark" else QChart.ChartTheme.ChartThemeLight
    assert view.chart().theme() == expected


def test_the_notice_bars_close_button_reads_under_either_palette(qtbot: QtBot, desktop: str) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    bar = window.launcher.message_bar
    bar.show_message("a save was moved aside")
    qtbot.wait(10)
    assert words_contrast(bar.close_button) >= READABLE, desktop


def test_open_charts_follow_the_desktop_switching_to_dark(qtbot: QtBot, qapp: QApplication) -> None:
    kept = QApplication.palette()
    window = make_window(qtbot, {"yukon": yukon_plugin})
    win_a_deal(window)
    window.show_launcher()
    window.launcher.stats.click()
    stats = window.findChild(StatsWindow)
    assert stats is not None
    try:
        qapp.setPalette(dark_palette())
        qtbot.wait(10)
        themes = {view.chart().theme() for view in stats.body.findChildren(QChartView)}
        assert themes == {QChart.ChartTheme.ChartThemeDark}
    finally:
        qapp.setPalette(kept)
