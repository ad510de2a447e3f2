"""The shell's colours: under a dark desktop palette every word of the launcher's tiles, a chart's empty place and
the notice bar's close button reads against what it stands on, and the tiles follow the desktop switching theme; on
every table colour the table's words read and the frames round its cards show, and the colour chosen in the
settings dresses the tables at once and next time."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCharts import QChart, QChartView
from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene, QLabel, QWidget
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.cards import Card
from core.stats import Chart, Series
from core.table import Style
from core.text import Text
from gui.cards import PAPER, CardItem
from gui.deck import CardArt
from gui.stats_window import StatsWindow, chart_view
from gui.table_scene import TextItem
from gui.theme import FELTS, dark_palette
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


@pytest.mark.parametrize("felt", ["green", "blue", "grey"])
@pytest.mark.parametrize(("mark", "ground"), [("playable", "felt"), ("destination", "felt"), ("winning", "felt"),
                                              ("cursor", "felt"), ("cursor", "a card beside it")])
def test_a_mark_drawn_round_a_card_stands_out_from_what_lies_beside_it(qtbot: QtBot, mark: str, ground: str,
                                                                       felt: str) -> None:
    """The frames drawn outside a card's edge (playable, where the picked cards may go, the trick's winner, the
    keyboard cursor) must show on the felt, in every table colour, at 3 : 1 at least (WCAG's contrast for a
    control's outline); the keyboard cursor, which says where the keys act, on a card beside it too (in a column
    or a hand). The cursor's blue dashes alone were 2.4 : 1 on the green felt and 2.6 : 1 on a card."""
    behind = FELTS[felt] if ground == "felt" else PAPER
    width, margin = 100, 12
    scene = QGraphicsScene()
    item = CardItem(CardArt("classic"), Card.parse("9S"), True, width)
    setattr(item, {"cursor": "cursor_mark"}.get(mark, mark), True)
    scene.addItem(item)
    image = QImage(width + 2 * margin, round(width * 1.4) + 2 * margin, QImage.Format.Format_ARGB32)
    image.fill(behind)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(image.rect()), QRectF(-margin, -margin, image.width(), image.height()))
    painter.end()
    scene.removeItem(item)
    ring = [image.pixelColor(x, y) for y in range(margin, image.height() - margin)
            for x in (margin - 5, margin - 4, margin - 3, margin - 2, margin - 1)]  # just outside the left edge
    best = max(contrast(colour, behind) for colour in ring)
    assert best >= 3.0, f"the {mark} mark shows at {best:.1f} : 1 on {ground} ({felt} table)"


@pytest.mark.parametrize("felt", ["green", "blue", "grey"])
@pytest.mark.parametrize("style", ["plain", "seat", "title", "turn", "panel", "badge", "speech", "hint"])
def test_the_tables_words_read_on_every_table_colour(qtbot: QtBot, style: str, felt: str) -> None:
    """Every style of the table's words — on the felt itself (names, titles), on its dark boxes (the score sheet,
    whose turn it is) or in its light ones (tags, bids, the hint) — at 4.5 : 1 at least against what is around the
    letters, in every table colour."""
    scene = QGraphicsScene()
    item = TextItem()
    item.set("W", Style(style), 40.0)
    scene.addItem(item)
    box = item.boundingRect()
    image = QImage(round(box.width()), round(box.height()), QImage.Format.Format_ARGB32)
    image.fill(FELTS[felt])
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(image.rect()), item.sceneBoundingRect())
    painter.end()
    scene.removeItem(item)
    inside = image.pixelColor(round(box.width() * 0.5), 4)  # above the letter, within the box (or the felt)
    best = max(contrast(image.pixelColor(x, y), inside) for y in range(image.height()) for x in range(image.width()))
    assert best >= READABLE, f"{style} words at {best:.1f} : 1 on the {felt} table"


def test_the_table_colour_chosen_in_the_settings_dresses_the_open_tables_and_the_next_window(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.prefs import ShellPrefs
    from gui.review_window import ReviewWindow
    from gui.settings_dialog import SettingsDialog
    from gui.theme import set_felt

    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None and page.view.scene.backgroundBrush().color() == FELTS["green"]
    review = ReviewWindow([page.view.table], page.view.art, page)  # a last hand open beside the game
    qtbot.addWidget(review)

    def choose_blue(dialog: SettingsDialog) -> SettingsDialog.DialogCode:
        assert dialog.felt.currentData() == "green" and dialog.felt.count() == len(FELTS)
        dialog.felt.setCurrentIndex(dialog.felt.findData("blue"))
        return SettingsDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", choose_blue)
    try:
        window.open_settings("yukon")
        assert ShellPrefs.load().felt == "blue"
        assert page.view.scene.backgroundBrush().color() == FELTS["blue"] == review.scene.backgroundBrush().color()
        assert window.page is page and page.session.moves == [], "the game goes on: the colour is no rule"
        set_felt("green")  # as a program starting afresh
        again = make_window(qtbot, {"yukon": yukon_plugin})
        later = again.new_game("yukon")
        assert later is not None and later.view.scene.backgroundBrush().color() == FELTS["blue"]
    finally:
        set_felt("green")


def test_a_table_colour_it_does_not_know_is_set_aside_with_a_message(qapp: QApplication) -> None:
    """The file moved aside; the language beside the colour held for that run, and the next start spoke English."""
    from core.paths import config_dir
    from gui.prefs import ShellPrefs

    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "shell.json").write_text('{"format_version": 1, "language": "ja", "felt": "purple"}')
    prefs = ShellPrefs.load()
    assert prefs.felt == "green" and "felt" in str(prefs.problem) and "moved to shell.json" in str(prefs.problem)
    assert prefs.language == "ja" and str(prefs.problem).endswith("and those take their defaults")
    again = ShellPrefs.load()  # the next start: Japanese still, and nothing more to say (it came back in English)
    assert (again.language, again.felt, again.problem) == ("ja", "green", None)


def test_preferences_a_newer_card_table_wrote_are_used_and_nothing_of_them_lost_on_a_change(qapp: QApplication) -> None:
    """A newer version's table colour and keys this one does not know were dropped, or the file moved aside, by
    the first change made here; going back to the newer version found its preferences gone."""
    import json

    from core.paths import config_dir
    from gui.prefs import ShellPrefs

    path = config_dir() / "shell.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = {"format_version": 2, "language": "ja", "felt": "purple", "sound": True, "text_size": 1.25}
    path.write_text(json.dumps(newer))
    prefs = ShellPrefs.load()
    assert prefs.problem is None and path.exists(), "nothing moved aside, nothing to complain of"
    assert (prefs.language, prefs.felt, prefs.sound) == ("ja", "green", True)
    prefs.animations = False  # the player's change here
    prefs.save()
    assert json.loads(path.read_text()) == {**newer, "animations": False, "card_theme": "classic",
                                            "table_text": "normal"}
    prefs.felt = "blue"
    prefs.save()
    assert json.loads(path.read_text())["felt"] == "blue" and ShellPrefs.load().felt == "blue"
    assert json.loads(path.read_text())["text_size"] == 1.25 and json.loads(path.read_text())["format_version"] == 2
