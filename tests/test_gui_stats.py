"""The Statistics window: a deal won in the window is counted, the window (from the launcher and from the game
page) shows its figures and QtCharts charts, and Reset asks before it forgets."""

from __future__ import annotations

import itertools
import os
from unittest import mock

import pytest
from PySide6.QtCharts import QChartView
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QApplication, QGraphicsTextItem, QLabel, QMessageBox
from pytestqt.qtbot import QtBot

import plugins.bid_euchre.plugin as bid_plugin
import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from gui.i18n import set_language
from gui.line_breaks import wrapped
from gui.stats_window import ChartView, StatsWindow, _labels_apart, chart_view
from tests.gui_helpers import make_window, win_a_deal


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
    # no match counted yet: each chart's place says so, instead of empty axes (or bars of 0 read as 0%)
    assert not stats.body.findChildren(QChartView)
    empty = [label.text() for label in stats.body.findChildren(QLabel) if label.objectName() == "no_data_text"]
    assert empty == ["No data yet"] * 3


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
    refused = OSError(13, "Permission denied")
    with (mock.patch.object(QMessageBox, "exec", return_value=QMessageBox.StandardButton.Yes),
          mock.patch.object(window.stats, "reset", side_effect=refused)):
        stats.reset_button.click()  # a folder that cannot be written: said, nothing lost, no traceback
    assert figures(stats)["Deals won"] == "1 of 1 (100%)" and stats.message.isVisible()
    assert stats.message.text() == ("Statistics for Yukon: they cannot be reset (Permission denied) and are kept as "
                                    "they were")
    with mock.patch.object(QMessageBox, "exec", return_value=QMessageBox.StandardButton.Yes):
        stats.reset_button.click()
    assert figures(stats)["Deals won"] == "0" and not stats.message.isVisible()
    assert window.stats.load("yukon")[0] == []


def test_enter_on_the_reset_question_keeps_the_statistics_and_the_question_speaks_japanese(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    win_a_deal(window)
    window.show_launcher()
    set_language("ja")
    seen: list[set[str]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append({button.text() for button in box.buttons()})
        qtbot.keyClick(box, Qt.Key.Key_Return)  # a person who presses Enter without reading

    try:
        stats = window.open_stats("yukon")
        QTimer.singleShot(100, answer)
        stats.reset_button.click()
    finally:
        set_language("en")
    assert len(seen) == 1 and len(seen[0]) == 2
    assert all(any("\u3040" <= c <= "\u30ff" for c in word) for word in seen[0]), seen  # not Qt's English
    assert window.stats.load("yukon")[0] != [], "Enter keeps them: forgetting cannot be undone"


def test_enter_closes_the_statistics_and_never_asks_to_reset_them(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    win_a_deal(window)
    window.show_launcher()
    stats = window.open_stats("yukon")
    with mock.patch.object(QMessageBox, "exec", return_value=QMessageBox.StandardButton.Yes) as asked:
        qtbot.keyClick(stats.choice, Qt.Key.Key_Return)  # the focus on the game list, where the window opens
    assert not asked.called and not stats.isVisible()
    assert window.stats.load("yukon")[0] != []


def test_chart_labels_are_whole_and_whole_numbers_where_the_ticks_are(qtbot: QtBot) -> None:
    """Every category and axis title is shown in full ("Other deals", not "Other d…"; "秒", not "…") in either
    language, an axis whose ticks fall on whole numbers (a percentage, seconds) does not print "75.0", and the
    figures read in Japanese ("1 / 1（100%）", not "1 of 1 (100%)")."""
    from PySide6.QtCharts import QBarCategoryAxis, QValueAxis

    from gui.i18n import set_language

    window = make_window(qtbot, {"yukon": yukon_plugin})
    win_a_deal(window)
    for language in ("en", "ja"):
        set_language(language)
        try:
            stats = window.open_stats("yukon")
            stats.resize(1000, 720)
            qtbot.waitExposed(stats)
            views = stats.body.findChildren(QChartView)
            categories = [a for v in views for a in v.chart().axes() if isinstance(a, QBarCategoryAxis)]
            assert categories and all(len(a.categories()) == 4 for a in categories)
            assert not any(a.labelsTruncated() for v in views for a in v.chart().axes()), language
            values = [a for v in views for a in v.chart().axes(Qt.Orientation.Vertical) if isinstance(a, QValueAxis)]
            percent = [a for a in values if a.max() == 100]
            assert percent and all(a.labelFormat() == "%d" for a in percent)
            for axis in values:  # a unit Qt would cut to "…" when its glyphs stand taller than the font's line
                metrics = QFontMetrics(axis.titleFont())
                assert metrics.boundingRect(axis.titleText()).height() <= metrics.height(), axis.titleText()
            if language == "ja":
                shown = figures(stats)
                assert shown["クリアした配り"] == "1 / 1（100%）" and shown["最短時間"].endswith("秒")
            stats.close()
        finally:
            set_language("en")


def test_a_statistics_file_the_game_cannot_sum_up_is_named_in_the_window(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    window.stats.path_for("yukon").parent.mkdir(parents=True, exist_ok=True)
    window.stats.path_for("yukon").write_text('{"format_version": 1, "game": "yukon", "events": [{"kind": "deal"}]}')
    stats = window.open_stats("yukon")  # as from the game's Statistics button: the window chooses Yukon itself
    assert stats.isVisible() and stats.choice.currentData() == "yukon"
    assert stats.message.isVisible() and stats.message.text().startswith("Statistics for Yukon: ")
    assert "cannot be summed up" in stats.message.text()
    assert figures(stats)["Deals won"] == "0"
    stats.choice.setCurrentIndex(stats.choice.findData("euchre"))
    assert not stats.message.isVisible()
    stats.choice.setCurrentIndex(stats.choice.findData("yukon"))
    assert stats.message.isVisible(), "said again when Yukon is shown again, though the file is gone by now"


def test_many_bar_labels_stand_on_end_so_they_do_not_run_together(qtbot: QtBot) -> None:
    """Bid Euchre's net scores per hand run from −12 to +6: nineteen labels written across ran into each other
    ("−11−10−9"); Euchre's nine still read across."""
    from PySide6.QtCharts import QBarCategoryAxis

    window = make_window(qtbot, {"euchre": euchre_plugin, "bid_euchre": bid_plugin})
    for game_id, count, angle in (("bid-euchre", 19, -90), ("euchre", 9, 0)):
        statistics = window.host.game(game_id).statistics
        assert statistics is not None
        views = [chart_view(chart) for chart in statistics.charts([])]
        axes = [a for v in views for a in v.chart().axes()
                if isinstance(a, QBarCategoryAxis) and len([c for c in a.categories() if c.strip()]) == count]
        assert len(axes) == 1 and axes[0].labelsAngle() == angle, game_id
        # on end, the first and last labels stay in a narrow chart: an empty group stands beyond each
        assert (len(axes[0].categories()) == count + 2) == (angle != 0), game_id
        view = next(v for v in views if axes[0] in v.chart().axes())
        view.resize(300, 260)
        view.show()
        qtbot.waitExposed(view)
        names = [c for c in axes[0].categories() if c.strip()]
        texts = [item.toGraphicsObject() for item in view.scene().items()]  # the labels: Qt's own text items
        shown = {t.toPlainText() for t in texts if isinstance(t, QGraphicsTextItem) and t.isVisible()}
        assert {names[0], names[-1]} <= shown, (game_id, names[0], names[-1])


def test_a_damaged_statistics_file_found_when_a_new_deal_replaces_the_last_is_said_on_the_new_one(
        qtbot: QtBot) -> None:
    """Leaving an unwon Yukon deal counts it, which reads the statistics file; a damaged one was moved aside
    there without a word (from the page about to close, or from the saved game when starting from the launcher)."""
    window = make_window(qtbot, {"yukon": yukon_plugin})
    for via_launcher in (False, True):
        page = window.new_game("yukon")
        assert page is not None
        page.session.play(page.session.legal_moves()[0])
        window.stats.path_for("yukon").parent.mkdir(parents=True, exist_ok=True)
        window.stats.path_for("yukon").write_text("{ not json")
        if via_launcher:
            window.show_launcher()
        fresh = window.new_game("yukon")
        assert fresh is not None and fresh.notice.isVisible(), via_launcher
        assert "the statistics file cannot be read" in fresh.notice.text()
        assert window.stats.load("yukon")[0], "the left deal is counted in a fresh file"


def test_on_a_narrow_screen_the_figures_and_charts_stand_one_under_another_and_never_scroll_sideways(
        qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    win_a_deal(window)
    stats = window.open_stats("yukon")
    figures_box, first_chart = stats.pieces[0], stats.pieces[1]
    for width, side_by_side in ((1000, True), (560, False)):  # 560: 1280 × 900 at 200% leaves about that much
        stats.resize(width, 450)
        qtbot.wait(20)
        assert stats.width() == width, "the window may be made that narrow"
        assert (first_chart.y() == figures_box.y()) == side_by_side
        assert not stats.figures_area.horizontalScrollBar().isVisible()
        close = next(b for b in stats.findChildren(type(stats.reset_button)) if b.text() == "Close")
        assert close.mapTo(stats, close.rect().bottomRight()).x() < stats.width()
    stats.choice.setCurrentIndex(stats.choice.findData("euchre"))  # another game's pieces follow the same width
    qtbot.wait(20)
    assert stats.columns == 1 and not stats.figures_area.horizontalScrollBar().isVisible()


def test_years_of_play_read_well_round_numbers_on_the_axis_the_last_wins_whole_titles(qtbot: QtBot) -> None:
    """At the 20,000-event cap: the games axis counted in round steps (every 5,000, not every 2,500 cut to
    "2…"), the time chart the last 100 won deals at their numbers; and in a narrow chart a bar label that would
    run past the axis's end (Qt leaves it out) and a long title broken into lines, each on one line in a wide
    chart."""
    from PySide6.QtCharts import QBarCategoryAxis, QValueAxis

    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    deals = [{"kind": "deal", "won": n % 4 == 0, "variant": "standard", "level": "normal", "deal": n, "moves": 90,
              "seconds": 300.0, "help": False, "hints": 0} for n in range(1, 20_001)]
    window.stats.add("yukon", deals)
    stats = window.open_stats("yukon")
    stats.resize(1000, 720)
    qtbot.waitExposed(stats)
    views = {v.title: v for v in stats.body.findChildren(ChartView)}
    so_far = views["Deals won so far (%)"].chart().axes(Qt.Orientation.Horizontal)[0]
    assert isinstance(so_far, QValueAxis) and (so_far.min(), so_far.max()) == (1, 20_000)
    assert (so_far.tickInterval(), so_far.tickAnchor()) == (5_000, 0)
    times = views["Time of the last 100 won deals (min)"].chart()
    axis = times.axes(Qt.Orientation.Horizontal)[0]
    assert isinstance(axis, QValueAxis) and (axis.min(), axis.max()) == (4_901, 5_000)
    assert (axis.tickInterval(), axis.tickAnchor()) == (20, 0) and times.series()[0].count() == 100
    levels = next(a for v in views.values() for a in v.chart().axes() if isinstance(a, QBarCategoryAxis))
    qtbot.waitUntil(lambda: levels.categories() == ["Easy", "Normal", "Hard", "Other deals"])  # room for each
    stats.resize(680, 720)
    qtbot.waitUntil(lambda: levels.categories()[-1] == "<center>Other<br>deals</center>")
    assert levels.categories()[:3] == ["Easy", "Normal", "Hard"]
    stats.close()
    window.stats.add("euchre", [{"kind": "hand", "level": "normal", "thrown_in": False, "called": True,
                                 "euchred": False, "march": False, "alone": False, "points": [1, 0]}])
    stats = window.open_stats("euchre")
    for width, lines in ((1000, 1), (680, 2)):  # at 680 two charts side by side, 300 wide: Qt would cut it
        stats.resize(width, 720)
        qtbot.wait(20)
        points = next(v for v in stats.body.findChildren(ChartView) if v.title.startswith("Points per hand"))
        assert points.chart().title().count("<br>") == lines - 1, (width, points.width())


EASY, NORMAL, HARD = "やさしい", "ふつう", "むずかしい"


@pytest.mark.parametrize("words", [["Easy", "Normal", "Hard", "Other deals"], ["Easy", "Normal", "Hard"],
                                   [EASY, NORMAL, HARD, "その他の配り"], [EASY, NORMAL, "つよい"]])
def test_bar_labels_are_broken_only_where_they_would_run_into_a_neighbour_or_off_the_axis(
        qtbot: QtBot, words: list[str]) -> None:
    metrics = QFontMetricsF(QFont())

    def clashes(widths: list[float], room: float) -> list[tuple[int, int]]:
        """Neighbours that run into each other, and an end label (paired with -1 or len(widths)) too wide for its
        bar group with Qt's margins of 4 pixels either side."""
        last = len(widths) - 1
        pairs = [(i, i + 1) for i in range(last) if (widths[i] + widths[i + 1]) / 2 > room]
        return [*pairs, *((k, k + (1 if k == last else -1)) for k in {0, last} if widths[k] + 8 > room)]

    for room in range(20, 130, 3):
        lines = _labels_apart(words, metrics, room)
        assert ["".join(label).replace(" ", "") for label in lines] == [w.replace(" ", "") for w in words]
        widths = [max(metrics.horizontalAdvance(line) for line in label) for label in lines]
        own = [room - 8 if i in (0, len(words) - 1) else room for i in range(len(words))]
        done = {i for i, label in enumerate(lines) if len(label) > 1 or len(wrapped(label[0], metrics, own[i])) == 1}
        left = [pair for pair in clashes(widths, room) if not {k for k in pair if 0 <= k < len(words)} <= done]
        assert not left, (room, lines, "a clash left where a label could still be broken")
        one_line = clashes([metrics.horizontalAdvance(w) for w in words], room)
        broken = [i for i, label in enumerate(lines) if len(label) > 1]
        assert all(any(i in pair for pair in one_line) for i in broken), (room, lines, "broken with no need")


def test_the_first_won_deal_shows_as_a_marked_point_and_a_long_history_as_a_line(qtbot: QtBot) -> None:
    """A line through one point draws nothing: after the first won deal both line charts stood empty."""
    from PySide6.QtCharts import QLineSeries, QValueAxis

    statistics = yukon_plugin.GAME.statistics
    assert statistics is not None

    def deals(count: int) -> list[dict[str, object]]:
        return [{"kind": "deal", "won": True, "variant": "standard", "level": "normal", "deal": n, "moves": 90,
                 "seconds": 300.0, "help": False, "hints": 0} for n in range(1, count + 1)]

    for count, marked in ((1, True), (40, True), (41, False)):
        for chart in statistics.charts(deals(count)):
            if chart.kind != "line":
                continue
            view = chart_view(chart)
            series = [s for s in view.chart().series() if isinstance(s, QLineSeries)]
            assert series and all(s.pointsVisible() == marked for s in series), (count, chart.title.en)
            games = view.chart().axes(Qt.Orientation.Horizontal)[0]
            assert isinstance(games, QValueAxis)
            assert (games.min(), games.max()) == ((0.5, count + 0.5) if marked else (1, count)), "a mark not cut"
            values = view.chart().axes(Qt.Orientation.Vertical)[0]
            assert isinstance(values, QValueAxis)
            ys = [p.y() for s in series for p in s.points()]
            if marked:  # room beyond the highest and lowest marks, 100% and 0% too; a fixed scale's ticks kept
                assert values.max() > max(ys) and values.min() < min(ys)
                if chart.y_max is not None:
                    assert (values.tickAnchor(), values.tickInterval()) == (0, 25)
            else:
                assert chart.y_max is None or values.max() == chart.y_max
    lost = [{**deals(1)[0], "won": False}]
    view = chart_view(statistics.charts(lost)[0])
    so_far = view.chart().axes(Qt.Orientation.Vertical)[0]
    assert isinstance(so_far, QValueAxis) and so_far.min() < 0, "a first deal lost: its mark at 0% not cut"


def test_marks_stand_apart_or_give_way_to_the_line_as_the_chart_narrows(qtbot: QtBot) -> None:
    from PySide6.QtCharts import QLineSeries

    statistics = yukon_plugin.GAME.statistics
    assert statistics is not None
    for count, width, marked in ((1, 280, True), (16, 600, True), (25, 280, False), (25, 900, True)):
        deals = [{"kind": "deal", "won": n % 2 == 0, "variant": "standard", "level": "normal", "deal": n,
                  "moves": 90, "seconds": 300.0, "help": False, "hints": 0} for n in range(1, count + 1)]
        view = chart_view(statistics.charts(deals)[0])  # won so far: a point a deal
        qtbot.addWidget(view)
        view.resize(width, 260)
        view.show()
        qtbot.waitExposed(view)
        line = next(s for s in view.chart().series() if isinstance(s, QLineSeries))
        qtbot.waitUntil(lambda line=line, marked=marked: line.pointsVisible() == marked, timeout=20000)


def test_net_scores_that_would_touch_stand_on_end_and_lie_across_again_with_room(qtbot: QtBot) -> None:
    """At the window's first size Euchre's net scores ran together ("−3−2−1") and Qt left out −4 and +4."""
    from PySide6.QtCharts import QBarCategoryAxis

    statistics = euchre_plugin.GAME.statistics
    assert statistics is not None
    hands = [{"kind": "hand", "level": "normal", "thrown_in": False, "called": True, "euchred": False,
              "march": False, "alone": False, "points": [n % 3, 0]} for n in range(30)]
    chart = next(c for c in statistics.charts(hands) if c.title.en.startswith("Points per hand"))
    view = chart_view(chart)
    qtbot.addWidget(view)
    axis = view.chart().axes(Qt.Orientation.Horizontal)[0]
    assert isinstance(axis, QBarCategoryAxis)
    words = [word for word, _ in chart.series[0].points]
    metrics = QFontMetricsF(axis.labelsFont())
    for width, standing in ((280, True), (900, False), (280, True)):
        view.resize(width, 300)
        view.show()
        qtbot.waitExposed(view)
        qtbot.waitUntil(lambda standing=standing: (axis.labelsAngle() == -90) == standing, timeout=20000)
        assert axis.categories() == words, "every score named, once"
        room = view.chart().plotArea().width() / len(words)
        apart = all((metrics.horizontalAdvance(a) + metrics.horizontalAdvance(b)) / 2 + metrics.horizontalAdvance(" ")
                    <= room for a, b in itertools.pairwise(words))
        assert apart != standing, (width, room)


def test_the_launchers_statistics_and_help_open_on_the_game_last_played(qtbot: QtBot) -> None:
    """They opened on Euchre, the list's first, for a player who had just left Yukon or whose every statistic was
    of Yukon."""
    from gui.help_window import HelpWindow

    window = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})
    win_a_deal(window)
    window.show_launcher()
    window.launcher.stats.click()
    stats = window.findChild(StatsWindow)
    assert stats is not None and stats.choice.currentData() == "yukon"
    stats.close()
    window.launcher.help.click()
    help_window = window.findChild(HelpWindow)
    assert help_window is not None and help_window.choice.currentData() == "yukon"
    help_window.close()
    later = make_window(qtbot, {"euchre": euchre_plugin, "yukon": yukon_plugin})  # the next run: what was written
    assert later.last_played() == "yukon"
    fresh_euchre = later.stats.path_for(later.host.slot("euchre"))
    fresh_euchre.write_text('{"format_version": 1, "game": "euchre", "events": []}')
    yukon_written = later.stats.path_for(later.host.slot("yukon")).stat().st_mtime
    os.utime(fresh_euchre, (yukon_written + 1, yukon_written + 1))  # a second later, whatever the clock's grain
    assert later.last_played() == "euchre", "its statistics written last"
