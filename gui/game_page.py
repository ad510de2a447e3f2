"""The game page: the plugin's scene in a view that scales with the window, the shared toolbar (Undo,
Hint, Pause, Restart, New game, Settings, Back), the status line, the pause overlay, autosave notices,
and the CPU seats' turns: one at a time, each worked out on a worker thread so the window never waits
for a strategy that thinks hard."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.game import GameSpec
from core.session import CpuTurn, GameSession, SessionListener
from gui import animation
from gui.deck import CardArt
from gui.i18n import text, tr
from gui.view_base import GameView


class ViewUnavailable(Exception):
    """The game has no view, or its view module failed to import."""


def load_view_factory(game: GameSpec) -> Callable[[GameSession, CardArt], GameView]:
    if not game.view:
        raise ViewUnavailable(tr("no_view", game=text(game.name)))
    module_name, _, attr = game.view.partition(":")
    module = importlib.import_module(module_name)
    factory: Callable[[GameSession, CardArt], GameView] = getattr(module, attr or "create_view")
    return factory


class _Listener(SessionListener):
    def __init__(self, page: GamePage) -> None:
        self.page = page

    def save_failed(self, message: str) -> None:
        self.page.show_notice(tr("save_failed", reason=message))

    def save_recovered(self) -> None:
        self.page.show_notice(tr("save_recovered"), timeout_ms=4000)


class TableView(QGraphicsView):
    """Shows the scene 1:1 (no scaling blur); the game view re-lays out on resize, KPatience-style."""

    resized = Signal(float, float)
    key = Signal(QKeyEvent)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        if self.scene() is not None:
            self.scene().setSceneRect(0, 0, size.width(), size.height())
        self.resized.emit(float(size.width()), float(size.height()))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.key.emit(event)


class GamePage(QWidget):
    """Plays one session. ``back_requested`` returns to the launcher; ``settings_requested`` opens Settings."""

    back_requested = Signal()
    settings_requested = Signal()
    new_session_requested = Signal(bool)  # keep the deal?
    failed = Signal(object)  # a CPU or the rules raised: the exception

    def __init__(self, session: GameSession, art: CardArt, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.game = session.game
        self.view: GameView = load_view_factory(self.game)(session, art)
        self._unlisten = session.add_listener(_Listener(self))
        self._restart_armed = False

        self.buttons: dict[str, QPushButton] = {}
        bar = QHBoxLayout()
        for key in ("back", "new", "restart", "undo", "hint", "pause", "settings"):
            button = QPushButton()
            button.setObjectName(key)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.installEventFilter(self)
            self.buttons[key] = button
            bar.addWidget(button)
        bar.addStretch(1)
        self.buttons["back"].clicked.connect(self.back_requested)
        self.buttons["new"].clicked.connect(lambda: self.new_session_requested.emit(False))
        self.buttons["restart"].clicked.connect(self.restart)
        self.buttons["undo"].clicked.connect(self.undo)
        self.buttons["hint"].clicked.connect(self.hint)
        self.buttons["pause"].clicked.connect(self.toggle_pause)
        self.buttons["settings"].clicked.connect(self.settings_requested)

        self.table = TableView()
        self.table.setScene(self.view.scene)
        self.table.resized.connect(self.view.layout)
        self.table.key.connect(self._table_key)
        self.overlay = QLabel(self.table)
        self.overlay.setObjectName("pause_overlay")
        self.overlay.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.overlay.setStyleSheet("background: #123d22; color: white; font-size: 22px;")
        self.overlay.hide()
        self.status = QLabel()
        self.status.setObjectName("status")
        self.notice = QLabel()
        self.notice.setObjectName("notice")
        self.notice.setStyleSheet("background: #fff3c4; color: #5a4500; padding: 4px;")
        self.notice.setWordWrap(True)
        self.notice.hide()
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.timeout.connect(self.notice.hide)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.notice)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)

        self.cpu_timer = QTimer(self)
        self.cpu_timer.setSingleShot(True)
        self.cpu_timer.timeout.connect(self._cpu_move)
        self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cpu")
        self._thinking: tuple[CpuTurn, Future[Any]] | None = None
        self._collect_timer = QTimer(self)
        self._collect_timer.setInterval(10)
        self._collect_timer.timeout.connect(self._collect)
        self.view.scene.background_clicked.connect(self.disarm)
        self.view.changed.connect(self.update_controls)
        self.view.action_requested.connect(self._action)
        self.retranslate()
        self.view.refresh()
        self.update_controls()
        self.table.setFocus()

    # -- shared actions ---------------------------------------------------------------------------

    def _action(self, name: str) -> None:
        {"undo": self.undo, "hint": self.hint, "pause": self.toggle_pause, "restart": self.restart,
         "new": lambda: self.new_session_requested.emit(False)}[name]()

    def undo(self) -> None:
        if self.session.undo():
            self.view.refresh()
        self.update_controls()

    def hint(self) -> None:
        if self.session.paused:
            return
        hint = self.session.hint()
        self.view.show_hint(hint)
        if hint is None:
            self.show_notice(tr("no_hint"), timeout_ms=3000)

    def restart(self) -> None:
        if self.view.restart_needs_confirm and not self._restart_armed:
            self._restart_armed = True
            self.buttons["restart"].setText(tr("restart_confirm"))
            return
        self._restart_armed = False
        self.new_session_requested.emit(self.view.restart_keeps_deal)

    def disarm(self) -> None:
        """Esc: cancel a pending Restart confirmation."""
        if self._restart_armed:
            self._restart_armed = False
            self.retranslate()

    def toggle_pause(self) -> None:
        self.set_paused(not self.session.paused)

    def set_paused(self, paused: bool) -> None:
        self.session.set_paused(paused)
        self.view.set_paused(paused)
        if paused:
            self.hold_cpu()
            for item in self.view.scene.items():
                if hasattr(item, "finish_animation"):
                    item.finish_animation()
            self.overlay.setGeometry(self.table.rect())
            self.overlay.show()
            self.overlay.raise_()
        else:
            self.overlay.hide()
            self.view.refresh()
            self.table.setFocus()
        self.update_controls()

    # -- notices and state ------------------------------------------------------------------------

    def show_notice(self, message: str, timeout_ms: int = 0) -> None:
        self.notice.setText(message)
        self.notice.show()
        if timeout_ms:
            self._notice_timer.start(timeout_ms)

    def update_controls(self) -> None:
        actions = self.view.actions
        for name in ("undo", "hint", "pause", "restart", "new"):
            self.buttons[name].setVisible(name in actions)
        paused = self.session.paused
        self.buttons["undo"].setEnabled(not paused and self.session.can_undo())
        self.buttons["hint"].setEnabled(not paused and not self.session.is_over)
        self.buttons["pause"].setText(tr("resume") if paused else tr("pause"))
        self.status.setText(self.view.status_text())
        self._schedule_cpu()

    def _schedule_cpu(self) -> None:
        if (not self.session.paused and self.session.is_cpu_turn and self.view.ready_for_cpu()
                and not self.cpu_timer.isActive() and self._thinking is None):
            self.cpu_timer.start(animation.cpu_delay_ms())

    def _cpu_move(self) -> None:
        """Hand the CPU seat's decision to the worker thread; ``_collect`` plays it when it is ready."""
        if self.session.paused or not self.view.ready_for_cpu() or self._thinking is not None:
            return
        turn = self.session.cpu_turn()
        if turn is None:
            self.update_controls()
            return
        self._thinking = (turn, self._thinker.submit(turn.decide))
        self._collect_timer.start()

    def _collect(self) -> None:
        if self._thinking is None or not self._thinking[1].done():
            return
        self._collect_timer.stop()
        turn, thought = self._thinking
        self._thinking = None
        try:
            move = thought.result()  # a strategy's error is raised here, on the window's thread
            played = self.session.finish_cpu_turn(turn, move)
        except Exception as error:
            self.hold_cpu()
            self.failed.emit(error)
            return
        if played is not None:  # None: undone, restarted or paused meanwhile
            self.view.refresh()
        self.update_controls()

    def hold_cpu(self) -> None:
        """No CPU move until ``update_controls`` asks again: a pending decision is dropped."""
        self.cpu_timer.stop()
        self._collect_timer.stop()
        if self._thinking is not None:
            self._thinking[1].cancel()
            self._thinking = None

    def retranslate(self) -> None:
        labels = {"back": "back", "new": "new_game", "restart": "restart", "undo": "undo", "hint": "hint",
                  "pause": "pause", "settings": "settings"}
        for key, label in labels.items():
            self.buttons[key].setText(tr(label))
        self.overlay.setText(tr("paused"))
        self.view.retranslate()
        self.update_controls()

    # -- keys -------------------------------------------------------------------------------------

    def _table_key(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_P:
            self.toggle_pause()
            return
        if self.session.paused:
            return
        if key == Qt.Key.Key_Escape:
            self.disarm()
        if not self.view.key_press(key, event.text()):
            event.ignore()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter presses a focused toolbar button; P still pauses from the toolbar."""
        if event.type() == QEvent.Type.KeyPress and isinstance(watched, QPushButton):
            key_event: Any = event
            if key_event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                watched.click()
                return True
            if key_event.key() == Qt.Key.Key_P:
                self.toggle_pause()
                return True
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.overlay.setGeometry(self.table.rect())

    def stop(self) -> None:
        """Leaving the page: stop timers (and any work the view runs)."""
        self.hold_cpu()
        self._thinker.shutdown(wait=False, cancel_futures=True)
        stop = getattr(self.view, "stop", None)
        if callable(stop):
            stop()
