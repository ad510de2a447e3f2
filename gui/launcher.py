"""The launcher page: a tile per discovered game (with its variants), greyed tiles for broken plugins,
the language switch and Quit."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QIcon, QKeyEvent, QKeySequence, QPaintEvent, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

import resources
from core.saves import SaveService
from core.text import Text
from gui import screen_reader
from gui.columns import columns_that_fit, place_in_columns
from gui.double_clicks import double_click_is_one_press
from gui.fonts import JAPANESE_WITHOUT_FONT, has_font_for
from gui.i18n import language, text, tr
from gui.notice_bar import NoticeBar
from gui.qt_paths import qt_path
from gui.scroll_areas import scroll_by_finger, wheel_turns_only_with_focus
from gui.theme import tile_style

if TYPE_CHECKING:
    from core.game import GameSpec
    from core.manager import PluginHost

def icon_pixmap(game: GameSpec, size: int = 64) -> QPixmap:
    path = game.icon_file() or Path(str(resources.files().joinpath("icons", "app.svg")))
    return QIcon(qt_path(path)).pixmap(QSize(size, size))


class LauncherPage(QWidget):
    continue_clicked = Signal(str)
    new_clicked = Signal(str)
    settings_clicked = Signal(str)
    language_chosen = Signal(str)
    quit_clicked = Signal()
    stats_clicked = Signal()
    help_clicked = Signal()
    first_frame = Signal()  # the page was painted once: the window may now look for games

    def __init__(self, host: PluginHost | None, saves: SaveService, slot_of: Callable[[str], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self._slow: tuple[Text, int] | None = None  # what the search for games has waited on a second or more
        self._painted = False
        self.saves = saves
        self.slot_of = slot_of
        self.setStyleSheet(tile_style())
        outer = QVBoxLayout(self)
        outer.setContentsMargins(20, 16, 20, 16)
        outer.setSpacing(12)
        top = QHBoxLayout()
        self.title = QLabel()
        self.title.setObjectName("heading")
        self.title.setStyleSheet("font-size: 24px; font-weight: bold;")
        top.addWidget(self.title)
        top.addStretch(1)
        self.language_label = QLabel()
        top.addWidget(self.language_label)
        self.language = QComboBox()
        self.language.setObjectName("language")
        self.language.addItem("English", "en")
        if has_font_for("ja"):
            self.language.addItem("日本語", "ja")
        else:  # offered as it would show, in boxes, it could be chosen by mistake and not undone
            self.language.addItem(JAPANESE_WITHOUT_FONT, "ja")
            japanese = self.language.model().item(1)  # type: ignore[attr-defined]  # a QStandardItemModel
            japanese.setEnabled(False)
        self.language_label.setBuddy(self.language)  # a screen reader names the list by its label (AT-SPI's relation)
        self.language.setCurrentIndex(self.language.findData(language()))
        self.language.currentIndexChanged.connect(lambda: self.language_chosen.emit(self.language.currentData()))
        top.addWidget(self.language)
        self.stats = QPushButton()
        self.stats.setObjectName("stats")
        self.stats.clicked.connect(self.stats_clicked)
        top.addWidget(self.stats)
        self.help = QPushButton()
        self.help.setObjectName("help")
        self.help.clicked.connect(self.help_clicked)
        top.addWidget(self.help)
        self.quit = QPushButton()
        self.quit.setObjectName("quit")
        self.quit.clicked.connect(self.quit_clicked)
        self.quit.setToolTip(QKeySequence("Ctrl+Q").toString(QKeySequence.SequenceFormat.NativeText))
        top.addWidget(self.quit)
        for button in (self.stats, self.help, self.quit):
            button.setAutoDefault(True)  # Enter presses a focused button, as on the game's toolbar
            button.clicked.connect(self.disarm)  # any other press cancels a New game waiting for its second
        outer.addLayout(top)
        self.message_bar = NoticeBar("launcher_message")
        self.message = self.message_bar.label
        outer.addWidget(self.message_bar)
        self.games_area = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from the top row straight to the games
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.viewport().installEventFilter(self)  # its width decides how many tiles stand side by side
        scroll_by_finger(scroll)
        wheel_turns_only_with_focus(self.language, scroll)  # a wheel passing over it switched the language
        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setSpacing(14)
        scroll.setWidget(self.body)
        outer.addWidget(scroll, 1)
        self.tiles: dict[str, QFrame] = {}
        self.columns = 0
        self.first_buttons: dict[str, QPushButton] = {}  # each game's first button, in the launcher's order
        self._armed: QPushButton | None = None  # a New game pressed once over a saved game
        self._armed_game = ""  # its game's name, which its accessible description says when not armed
        self.rebuild()

    def follow_palette(self) -> None:
        """The desktop switched between light and dark (the window hears of it): the tiles follow."""
        style = tile_style()
        if style != self.styleSheet():
            self.setStyleSheet(style)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F1:
            if self.help.isEnabled():  # not while the games are being looked for, nor when there are none
                self.help_clicked.emit()
            return
        if event.key() == Qt.Key.Key_Escape:
            self.disarm()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.games_area.viewport() and event.type() == QEvent.Type.Resize:
            self._arrange()
        return super().eventFilter(watched, event)

    def set_host(self, host: PluginHost) -> None:
        self.host = host
        self._slow = None
        self.rebuild()
        self.focus_game()

    def finding_slowly(self, what: Text, seconds: float) -> None:
        """The search for games has waited ``seconds`` on ``what`` (a plugin's import or hook): said after a
        second, so a plugin slow to load is named while the player waits."""
        slow = (what, int(seconds)) if seconds >= 1 else None
        if slow != self._slow:
            self._slow = slow
            label = self.findChild(QLabel, "finding_games")
            if label is not None:
                label.setText(self._finding_words())

    def _finding_words(self) -> str:
        if self._slow is None:
            return tr("finding_games")
        return tr("finding_slowly", what=text(self._slow[0]), seconds=self._slow[1])

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            QTimer.singleShot(0, self.first_frame.emit)  # after this frame reaches the screen

    def show_message(self, message: Text | str) -> None:
        self.message_bar.show_message(message)

    def rebuild(self) -> None:
        focused = self.focusWidget()  # a game's button keeps the keyboard focus through the rebuild
        kept = focused.objectName() if isinstance(focused, QPushButton) and self.body.isAncestorOf(focused) else ""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        self.tiles.clear()
        self.columns = 0
        self.first_buttons.clear()
        self._armed = None
        self.title.setText(tr("app_title"))
        self.language_label.setText(tr("language"))
        self.quit.setText(tr("quit"))
        self.stats.setText(tr("stats"))
        self.help.setText(tr("help"))
        self.message_bar.retranslate()
        self.language.blockSignals(True)
        self.language.setCurrentIndex(self.language.findData(language()))
        self.language.blockSignals(False)
        has_games = self.host is not None and bool(self.host.games())  # nothing to show without games
        self.stats.setEnabled(has_games)
        self.help.setEnabled(has_games)
        if self.host is None:
            finding = QLabel(self._finding_words())
            finding.setObjectName("finding_games")
            finding.setWordWrap(True)  # a long module's name
            self.grid.addWidget(finding, 0, 0)
            return
        host = self.host
        tiles = [self._game_tile(host, game) for game in host.games()]
        tiles += [self._broken_tile(info.name, text(info.error) if info.error else "", info.status)
                  for info in host.plugins() if not info.ok]
        if not tiles:  # an installation without its entry points (a copy of the source, not installed)
            none = QLabel(tr("no_games"))
            none.setObjectName("no_games")
            none.setWordWrap(True)
            none.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # the command to copy
            self.grid.addWidget(none, 0, 0)
            return
        self._arrange()
        for tile in tiles:
            tile.show()  # now, not when the event loop next runs: a window activated first would skip its buttons
        if kept and self.isVisibleTo(self.window()):  # a hidden launcher (a game is open) leaves the focus be
            again = self.body.findChild(QPushButton, kept)
            if again is not None:
                again.setFocus(Qt.FocusReason.OtherFocusReason)
            else:  # Continue went with its saved game
                self.focus_game(kept.partition("-")[2])

    def _arrange(self) -> None:
        """Two tiles side by side where two fit, else one under another (a narrow window, large fonts): the
        games scroll up and down, never sideways. The room counts a New game button asking for its second press,
        so pressing it never moves the tiles."""
        tiles = list(self.tiles.values())  # as they are read, left to right and down
        if not tiles:
            return
        metrics = self.fontMetrics()
        asking = max(0, metrics.horizontalAdvance(tr("new_confirm_saved")) - metrics.horizontalAdvance(tr("new_game")))
        columns = columns_that_fit([tile.minimumSizeHint().width() for tile in tiles], self.grid, self.games_area,
                                   asking)  # one button asks at a time
        if columns == self.columns:
            return
        self.columns = columns
        for row in range(self.grid.rowCount()):
            self.grid.setRowStretch(row, 0)
        place_in_columns(self.grid, tiles, columns)
        self.grid.setRowStretch(-(-len(tiles) // columns), 1)  # the tiles stay at the top

    def focus_game(self, game_id: str | None = None) -> None:
        """Keyboard focus on the first button of ``game_id``'s row (Continue when there is a saved game), else
        of the first game's: the player picks up where they are, by keyboard too."""
        button = self.first_buttons.get(game_id or "") or next(iter(self.first_buttons.values()), None)
        if button is not None:
            button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _buttons(self, game: GameSpec) -> QHBoxLayout:
        row = QHBoxLayout()
        for key, label, signal in (("continue", "continue", self.continue_clicked),
                                   ("new", "new_game", self.new_clicked),
                                   ("settings", "settings", self.settings_clicked)):
            if key == "continue" and not self.saves.continuable(self.slot_of(game.id)):
                continue
            if key in ("continue", "new") and not game.view:  # a plugin's game for the command line only
                continue
            button = QPushButton(tr(label))
            button.setObjectName(f"{key}-{game.id}")
            button.setAccessibleDescription(text(game.name))  # a screen reader: "New game, button, Yukon"
            button.setAutoDefault(True)
            button.clicked.connect(lambda _=False, k=key, s=signal, g=game.id, b=button: self._pressed(k, s, g, b))
            if key == "new":
                double_click_is_one_press(button)
            row.addWidget(button)
            self.first_buttons.setdefault(game.id, button)
        if not game.view:
            note = QLabel(tr("no_view_here"))
            note.setWordWrap(True)
            row.addWidget(note, 1)
        else:
            row.addStretch(1)
        return row

    def _pressed(self, key: str, signal: SignalInstance, game_id: str, button: QPushButton) -> None:
        """New game over a saved game asks for a second press, as on a game's toolbar (the saved game would
        end); any other press, Esc or a rebuild cancels that."""
        armed = self._armed
        self.disarm()
        if key == "new" and armed is not button and self.saves.played(self.slot_of(game_id)):
            self._armed = button
            button.setText(tr("new_confirm_saved"))
            button.setToolTip(tr("new_confirm_saved_why"))
            self._armed_game = screen_reader.own_description(button)
            screen_reader.set_own_description(button, f"{self._armed_game}: {tr('new_confirm_saved_why')}")
            return
        signal.emit(game_id)

    def disarm(self) -> None:
        if self._armed is not None:
            self._armed.setText(tr("new_game"))
            self._armed.setToolTip("")
            screen_reader.set_own_description(self._armed, self._armed_game)
            self._armed = None

    def _game_tile(self, host: PluginHost, game: GameSpec) -> QFrame:
        tile = QFrame()
        tile.setObjectName("tile")
        tile.setProperty("game", game.id)
        layout = QGridLayout(tile)
        icon = QLabel()
        icon.setPixmap(icon_pixmap(game))
        layout.addWidget(icon, 0, 0, 2, 1, Qt.AlignmentFlag.AlignTop)
        name = QLabel(text(game.name))
        name.setObjectName("title")
        layout.addWidget(name, 0, 1)
        description = QLabel(text(game.description))
        description.setWordWrap(True)
        layout.addWidget(description, 1, 1)
        layout.addLayout(self._buttons(game), 2, 1)
        row = 3
        for variant in host.variants_of(game.id):
            label = QLabel(f"<b>{html.escape(text(variant.name))}</b> — {html.escape(text(variant.description))}")
            label.setWordWrap(True)
            layout.addWidget(label, row, 1)
            layout.addLayout(self._buttons(variant), row + 1, 1)
            row += 2
        layout.setColumnStretch(1, 1)
        layout.setRowStretch(row, 1)  # a tile beside a taller one keeps its text at the top, by its icon
        self.tiles[game.id] = tile
        return tile

    def _broken_tile(self, name: str, reason: str, status: str) -> QFrame:
        tile = QFrame()
        tile.setObjectName("tile")
        tile.setProperty("plugin", name)
        layout = QVBoxLayout(tile)
        title = QLabel(name)
        title.setObjectName("title")
        layout.addWidget(title)
        message = (tr("disabled_plugin", name=name) if status == "disabled"
                   else tr("broken_plugin", name=name, reason=reason))
        detail = QLabel(message)
        detail.setTextFormat(Qt.TextFormat.PlainText)  # an error's "<module>" is a word, not a tag
        detail.setWordWrap(True)
        detail.setObjectName("reason")
        layout.addWidget(detail)
        layout.addStretch(1)
        tile.setToolTip(reason)
        tile.setEnabled(False)
        self.tiles[f"plugin:{name}"] = tile
        return tile
