"""The Statistics window: per game (and variant) the figures and charts its statistics give, drawn with Qt's
own chart module, and a Reset that asks first."""

from __future__ import annotations

import html
import itertools
import math
from collections.abc import Callable

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics, QFontMetricsF, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from core.game import GameSpec
from core.manager import PluginHost
from core.stats import Chart, StatsStore
from core.text import Text, os_reason
from gui.columns import columns_that_fit, place_in_columns
from gui.i18n import language, text, tr
from gui.line_breaks import wrapped
from gui.screen_fit import fitted_size
from gui.scroll_areas import scroll_by_finger
from gui.theme import is_dark, mixed

CHART_SMALLEST = (260, 200)  # two side by side still fit a 640-wide screen (1280 at 200%)


def _fitting(font: QFont, words: str) -> QFont:
    """``font``, or a Japanese family when ``words`` stand taller than ``font``'s line: Qt sizes a vertical axis
    title by its font's line height and cuts a taller borrowed glyph ("秒" beside one-digit labels) down to "…"."""
    def fits(candidate: QFont) -> bool:
        metrics = QFontMetrics(candidate)
        return metrics.boundingRect(words).height() <= metrics.height()

    if fits(font):
        return font
    for family in QFontDatabase.families(QFontDatabase.WritingSystem.Japanese):
        candidate = QFont(font)
        candidate.setFamilies([family])
        if fits(candidate):
            return candidate
    return font


def chart_theme() -> QChart.ChartTheme:
    """Qt's dark chart theme under a dark palette, its light one otherwise."""
    return QChart.ChartTheme.ChartThemeDark if is_dark() else QChart.ChartTheme.ChartThemeLight


def chart_panel_style(name: str) -> str:
    """A style sheet for a panel ``name`` standing in a chart's place: the chart theme's background (a gradient
    under the dark theme), its title's colour for the panel's words, and a dimmer one for ``name``_text."""
    chart = QChart()
    chart.setTheme(chart_theme())
    brush, ink = chart.backgroundBrush(), chart.titleBrush().color()
    gradient = brush.gradient()
    stops = gradient.stops() if gradient is not None else [(0.0, brush.color())]
    background = (f"qlineargradient(x1: 0, y1: 0, x2: 0, y2: 1, "
                  f"{', '.join(f'stop: {at} {colour.name()}' for at, colour in stops)})")
    middle = mixed(stops[0][1], stops[-1][1], 0.5)
    return (f"#{name} {{ background: {background}; border-radius: 6px; }} #{name} QLabel {{ color: {ink.name()}; }} "
            f"#{name} QLabel#{name}_text {{ color: {mixed(middle, ink, 0.8).name()}; }}")


CATEGORIES_SIDE_BY_SIDE = 12  # bar labels written across up to this many; more stand on end
MARKED_POINTS = 40  # a line of up to this many games marks each one, where the marks stand apart:
MARKS_APART = 2.5  # a mark's width times this between two games


def _tick_step(count: int) -> int:
    """Games between two labelled ticks of a line chart over ``count`` games: about eight labels at most, each a
    step of 1, 2 or 5 times a power of ten (20,000 games: every 5,000, not every 2,500 cut to "2…")."""
    rough = max(1, math.ceil(count / 8))
    power = int(10 ** (len(str(rough)) - 1))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= rough)


def _game_number(x: str | Text, n: int) -> int:
    """Where a line chart's point stands: the game number its label gives, else its place in the series."""
    return int(x) if isinstance(x, str) and x.isdigit() else n


def chart_view(data: Chart) -> QChartView:
    """A QtCharts view of one chart's data."""
    chart = QChart()
    chart.setTheme(chart_theme())  # before the series: a theme set later recolours them
    chart.setTitle(text(data.title))
    chart.legend().setVisible(len(data.series) > 1)
    y_axis = QValueAxis()
    y_axis.setTitleText(text(data.y_label))
    y_axis.setTitleFont(_fitting(y_axis.titleFont(), y_axis.titleText()))
    values = [y for series in data.series for _, y in series.points] or [0.0]
    # headroom above the highest value: a point there is marked, and its mark is not cut by the chart's edge
    y_axis.setRange(min(0.0, min(values)), data.y_max if data.y_max is not None else max(1.0, max(values) * 1.05))
    if data.y_max is None:
        y_axis.applyNiceNumbers()
    step = (y_axis.max() - y_axis.min()) / max(1, y_axis.tickCount() - 1)
    y_axis.setLabelFormat("%d" if step == int(step) else "%.1f")  # "75", not "75.0"; "0.5" where ticks need it
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    if data.kind == "bar":
        categories = [text(x) if isinstance(x, Text) else x for x, _ in data.series[0].points] if data.series else []
        # Labels on end are a line tall along the axis, and Qt leaves out the first and last where that (margins
        # and all) is wider than their bar groups: in a narrow chart, Bid Euchre's −12 and +6. An empty group
        # beyond either end keeps them in.
        standing = len(categories) > CATEGORIES_SIDE_BY_SIDE
        blank = [0.0] if standing else []
        bars = QBarSeries()
        for series in data.series:
            group = QBarSet(text(series.name))
            group.append([*blank, *(y for _, y in series.points), *blank])
            bars.append(group)
        chart.addSeries(bars)
        x_axis = QBarCategoryAxis()
        x_axis.setTruncateLabels(False)  # a few short names: "Other deals" in full, not "Other d…"
        if standing:
            x_axis.setLabelsAngle(-90)  # Bid Euchre's nineteen net scores would run into each other
            categories = [" ", *categories, "  "]  # two blank names: an axis's names must differ
        x_axis.append(categories)
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        bars.attachAxis(x_axis)
        bars.attachAxis(y_axis)
    else:
        games_axis = QValueAxis()
        games_axis.setLabelFormat("%d")
        numbered = [[(_game_number(x, n), y) for n, (x, y) in enumerate(series.points, start=1)]
                    for series in data.series]
        first = min((points[0][0] for points in numbered if points), default=1)
        last = max((points[-1][0] for points in numbered if points), default=1)
        marked = max((len(points) for points in numbered), default=0) <= MARKED_POINTS
        if marked:
            games_axis.setRange(first - 0.5, last + 0.5)  # the first and last games' marks are not cut
            if data.y_max is not None:  # nor one at either end of a fixed scale: its ticks stay, a little room
                low, high = y_axis.min(), y_axis.max()
                y_axis.setTickType(QValueAxis.TickType.TicksDynamic)
                y_axis.setTickAnchor(low)
                y_axis.setTickInterval((high - low) / max(1, y_axis.tickCount() - 1))
                y_axis.setRange(low - (high - low) * 0.04, high + (high - low) * 0.04)
        else:
            games_axis.setRange(first, max(first + 1, last))
        games_axis.setTickType(QValueAxis.TickType.TicksDynamic)  # whole numbers only: the n-th game
        step = _tick_step(last - first + 1)
        games_axis.setTickAnchor(first if step <= 2 else 0)  # 1, 3, 5 … 15; or 5,000, 10,000 …
        games_axis.setTickInterval(step)
        chart.addAxis(games_axis, Qt.AlignmentFlag.AlignBottom)
        for series, points in zip(data.series, numbered, strict=True):
            line = QLineSeries()
            line.setName(text(series.name))
            line.setPointsVisible(marked)  # one game alone draws no line at all
            line.setMarkerSize(7)
            for n, y in points:
                line.append(n, y)
            chart.addSeries(line)
            line.attachAxis(games_axis)
            line.attachAxis(y_axis)
    view = ChartView(chart)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumSize(CHART_SMALLEST[0], CHART_SMALLEST[1])
    return view


class ChartView(QChartView):
    """A chart whose title, and the labels under its bars, break into even lines where the chart is too narrow
    for them on one line: Qt would cut a title to "Points per hand, you & North minus …" and leave out a label
    outright ("Other deals" and "その他の配り" vanished from under their bars at 300 pixels a chart)."""

    TITLE_INSET = 30  # beyond the chart's margins: its background's rounded edge and padding

    def __init__(self, chart: QChart) -> None:
        super().__init__(chart)
        self.title = chart.title()
        self.categories = [(axis, axis.categories()) for axis in chart.axes(Qt.Orientation.Horizontal)
                           if isinstance(axis, QBarCategoryAxis) and axis.labelsAngle() == 0]
        self.lines = [series for series in chart.series() if isinstance(series, QLineSeries) and series.pointsVisible()]
        self._fit_title()
        chart.plotAreaChanged.connect(self._fit_labels)  # laid out anew: each bar group's room is known
        chart.plotAreaChanged.connect(self._fit_marks)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_title()

    def _fit_title(self) -> None:
        chart = self.chart()
        margins = chart.margins()
        title = _lines(wrapped(self.title, QFontMetricsF(chart.titleFont()),
                               self.width() - margins.left() - margins.right() - self.TITLE_INSET))
        if title != chart.title():
            chart.setTitle(title)

    def _fit_marks(self, plot: QRectF) -> None:
        """Each game of a marked line keeps its mark while the marks stand apart; closer, they would merge into a
        thick band, and the line alone reads better (one game alone is always marked: it has no line)."""
        for series in self.lines:
            apart = plot.width() / max(1, series.count()) >= MARKS_APART * series.markerSize()
            series.setPointsVisible(series.count() == 1 or apart)

    def _fit_labels(self, plot: QRectF) -> None:
        for axis, words in self.categories:
            metrics, room = QFontMetricsF(axis.labelsFont()), plot.width() / max(1, len(words))
            lines = _labels_apart(words, metrics, room)
            on_end = _run_together(lines, metrics, room)
            if on_end != (axis.labelsAngle() != 0):
                axis.setLabelsAngle(-90 if on_end else 0)
            shown = words if on_end else [_lines(label) for label in lines]
            if shown != axis.categories():  # only their height changes, so the plot's width stays: no loop
                axis.setCategories(shown)


LABEL_MARGIN = 4  # Qt's text items keep this much either side of a label's text


def _labels_apart(words: list[str], metrics: QFontMetricsF, room: float) -> list[list[str]]:
    """Each label's lines under bar groups ``room`` wide, so that none runs into its neighbour and the first and
    last stay inside their own groups (Qt leaves out an end label wider than its group, margins and all): the
    widest label of the worst clash is broken into lines, and so on. A middle label beside a short one may spread
    past its own group on one line, as Qt shows it."""
    if not words:
        return []
    lines = [[word] for word in words]
    last = len(words) - 1
    ends = {0, last}

    def width(i: int) -> float:
        return max(metrics.horizontalAdvance(line) for line in lines[i])

    def own_room(i: int) -> float:
        return room - 2 * LABEL_MARGIN if i in ends else room

    def over(pair: tuple[int, int]) -> float:
        inside = [k for k in pair if 0 <= k <= last]
        return width(inside[0]) - own_room(inside[0]) if len(inside) == 1 else sum(map(width, pair)) / 2 - room

    broken: set[int] = set()
    while True:
        clashes = [(over(pair), pair) for pair in ((i, i + 1) for i in range(-1, last + 1))]
        candidates = [(excess, k) for excess, pair in clashes if excess > 0
                      for k in sorted((k for k in pair if 0 <= k <= last and k not in broken), key=width)[-1:]]
        if not candidates:
            return lines  # no clash left, or only between labels already broken to their rooms
        _, worst = max(candidates)
        broken.add(worst)
        lines[worst] = wrapped(words[worst], metrics, own_room(worst))


def _run_together(lines: list[list[str]], metrics: QFontMetricsF, room: float) -> bool:
    """Whether two neighbouring labels that cannot be broken (Euchre's net scores, "−3" and "−2") would touch,
    with less than a space between them: they then stand on end, as many as there are."""
    gap = metrics.horizontalAdvance(" ")

    def whole(label: list[str]) -> bool:
        return len(label) == 1 and len(wrapped(label[0], metrics, 1.0)) == 1

    return any(whole(left) and whole(right)
               and (metrics.horizontalAdvance(left[0]) + metrics.horizontalAdvance(right[0])) / 2 + gap > room
               for left, right in itertools.pairwise(lines))


def _lines(lines: list[str]) -> str:
    """Lines as a chart shows them: one as it is, several as rich text (their marks kept as text), centred."""
    return lines[0] if len(lines) == 1 else f"<center>{'<br>'.join(html.escape(line) for line in lines)}</center>"


def no_data_view(title: Text) -> QWidget:
    """In a chart's place while there is nothing to draw: its title and "No data yet", not empty axes."""
    view = QFrame()
    view.setObjectName("no_data")
    view.setStyleSheet(chart_panel_style("no_data"))
    view.setMinimumSize(CHART_SMALLEST[0], CHART_SMALLEST[1])
    layout = QVBoxLayout(view)
    heading = QLabel(text(title))
    heading.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    heading.setWordWrap(True)
    layout.addWidget(heading)
    empty = QLabel(tr("stats_no_data"))
    empty.setObjectName("no_data_text")
    empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
    layout.addWidget(empty, 1)
    return view


class StatsWindow(QDialog):
    """Statistics of every game that keeps them; opens on ``game_id`` when given."""

    def __init__(self, host: PluginHost, store: StatsStore, slot_of: Callable[[str], str],
                 game_id: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stats_window")
        self.dark = is_dark()  # the charts' theme, as drawn
        self.store, self.slot_of = store, slot_of
        self.games: list[GameSpec] = [g for base in host.games() for g in (base, *host.variants_of(base.id))
                                      if g.statistics is not None]
        self.setWindowTitle(tr("stats_title"))
        self.pieces: list[QWidget] = []  # the figures, then each chart: two to a row where two fit, else one
        self.resize(*fitted_size(1000, 720, parent))
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.choice = QComboBox()
        self.choice.setObjectName("stats_game")
        for game in self.games:
            self.choice.addItem(text(game.name), game.id)
        label = QLabel(tr("game"))
        label.setBuddy(self.choice)  # a screen reader names the list by its label (AT-SPI's relation)
        top.addWidget(label)
        top.addWidget(self.choice)
        top.addStretch(1)
        self.reset_button = QPushButton(tr("stats_reset"))
        self.reset_button.setObjectName("stats_reset")
        self.reset_button.clicked.connect(self.reset)
        top.addWidget(self.reset_button)
        close = QPushButton(tr("close"))
        close.clicked.connect(self.accept)
        close.setDefault(True)  # Enter closes; else the first button, Reset, would be asked
        top.addWidget(close)
        layout.addLayout(top)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        self.problems: dict[str, str] = {}  # by game: a file moved aside is said as long as the window is open
        layout.addWidget(self.message)
        self.figures_area = QScrollArea()  # on a small screen (or at 200%) the figures scroll, the buttons stay
        self.figures_area.setWidgetResizable(True)
        self.figures_area.setFrameShape(QFrame.Shape.NoFrame)
        self.figures_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        scroll_by_finger(self.figures_area)
        layout.addWidget(self.figures_area, 1)
        self.choice.currentIndexChanged.connect(self.show_game)
        if game_id is not None and self.choice.findData(game_id) >= 0:
            self.choice.setCurrentIndex(self.choice.findData(game_id))
        self.show_game()

    def game(self) -> GameSpec | None:
        return next((g for g in self.games if g.id == self.choice.currentData()), None)

    def changeEvent(self, event: QEvent) -> None:
        """The desktop switched between light and dark while the window is open: the charts are drawn anew."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and is_dark() != self.dark:
            self.show_game()

    def show_game(self) -> None:
        self.dark = is_dark()
        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.pieces = []
        self.columns = 0
        self._fill()
        self._arrange()
        self.figures_area.setWidget(self.body)  # filled first, as QScrollArea wants; the old body is deleted

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self) -> None:
        """The figures and charts two to a row where two fit, else one under another: they scroll up and down,
        never sideways (a small screen, or 200%)."""
        if not self.pieces:
            return
        widths = [piece.minimumSizeHint().expandedTo(piece.minimumSize()).width() for piece in self.pieces]
        columns = columns_that_fit(widths, self.grid, self.figures_area)
        if columns == self.columns:
            return
        self.columns = columns
        place_in_columns(self.grid, self.pieces, columns)

    def _fill(self) -> None:
        game = self.game()
        if game is None:
            return
        assert game.statistics is not None
        summary = self.store.summary(self.slot_of(game.id), game.statistics)
        if summary.problem:
            self.problems[game.id] = tr("stats_problem", game=text(game.name), reason=text(summary.problem))
        problem = self.problems.get(game.id, "")
        self.message.setText(problem)
        self.message.setVisible(bool(problem))
        figures = QFormLayout()
        for figure in summary.figures:
            value = QLabel(figure.value_in(language()))
            value.setObjectName("figure")
            figures.addRow(text(figure.label).replace("&", "&&"), value)  # "&" is not a shortcut mark
        holder = QWidget()
        holder.setLayout(figures)
        self.pieces.append(holder)
        for data in summary.charts:
            # with no games counted every chart is empty (bars of 0 would read as 0%); a line needs a point
            empty = not summary.events or (data.kind == "line" and not any(s.points for s in data.series))
            self.pieces.append(no_data_view(data.title) if empty else chart_view(data))

    def reset(self) -> None:
        game = self.game()
        if game is None:
            return
        box = QMessageBox(QMessageBox.Icon.Question, tr("stats_reset"), tr("stats_reset_ask", game=text(game.name)),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("stats_reset_confirm")
        box.setDefaultButton(QMessageBox.StandardButton.No)  # Enter keeps them: forgetting cannot be undone
        if box.exec() == QMessageBox.StandardButton.Yes:
            try:
                self.store.reset(self.slot_of(game.id))
                self.problems.pop(game.id, None)  # whatever was said of the file it held is over
            except OSError as error:  # a folder that cannot be written: said in the window, nothing lost
                self.problems[game.id] = tr("stats_problem", game=text(game.name),
                                            reason=tr("stats_reset_failed", why=text(os_reason(error))))
            self.show_game()
