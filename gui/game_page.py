"""The game page: the game's table (a :class:`~gui.table_view.TableView`) in a canvas that follows the window,
the shared toolbar (Undo, Redo, Hint, Pause, Restart, New game, Settings, Back), the status line, the pause
overlay and notices (a failed save, a save that was moved aside) where the player is looking."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import cast

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QMouseEvent, QResizeEvent, QShortcut
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from core.game import GameSpec, Hint
from core.session import GameSession, SessionListener
from core.table import Event, ReviewsTheLastHand
from core.text import SEPARATOR, Text, TextError
from gui import screen_reader
from gui.deck import CardArt
from gui.double_clicks import double_click_is_one_press
from gui.flow_layout import FlowLayout
from gui.i18n import phrase, text, tr
from gui.latin_keys import latin_key_event
from gui.notice_bar import NoticeBar
from gui.review_window import ReviewWindow
from gui.table_canvas import TableCanvas
from gui.table_view import TableView

MODIFIER_KEYS = frozenset({Qt.Key.Key_Control, Qt.Key.Key_Shift, Qt.Key.Key_Alt, Qt.Key.Key_Meta, Qt.Key.Key_AltGr,
                           Qt.Key.Key_CapsLock, Qt.Key.Key_Super_L, Qt.Key.Key_Super_R})  # the start of Ctrl+D


class ToolbarButton(QPushButton):
    """A toolbar button as wide as its words and a little room, not the 80 pixels the style keeps for a dialog's
    buttons: a game's twelve buttons stay on one row down to the smallest window (780 pixels) in both languages,
    where the table needs every pixel of its height. A button that switches between words (Demo and Stop demo,
    Pause and Resume) is as wide as the wider, so the buttons after it stay where they are."""

    ROOM = 20  # beside the words: the style's margins and frame, and some air

    def __init__(self) -> None:
        super().__init__()
        self.words: tuple[str, ...] = ()  # every text it may show

    def sizeHint(self) -> QSize:
        wide = max(self.fontMetrics().horizontalAdvance(words) for words in (self.text(), *self.words))
        return QSize(wide + self.ROOM, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()


class ViewUnavailable(TextError):
    """The game has no view to play it in."""


def load_view_factory(game: GameSpec) -> Callable[[GameSession, CardArt], TableView]:
    if not game.view:
        raise ViewUnavailable(phrase("no_view", game=game.name))
    module_name, _, attr = game.view.partition(":")
    module = importlib.import_module(module_name)
    factory: Callable[[GameSession, CardArt], TableView] = getattr(module, attr or "create_view")
    return factory


class _SaveNotices(SessionListener):
    def __init__(self, page: GamePage) -> None:
        self.page = page
        self.failure = Text("")  # the notice of the failure, until saving works again

    def save_failed(self, message: Text) -> None:
        self.failure = phrase("save_failed", reason=message)
        self.page.show_notice(self.failure)

    def save_recovered(self) -> None:
        self.page.withdraw_notice(self.failure, phrase("save_recovered"))


class GamePage(QWidget):
    """Plays one session. ``back_requested`` returns to the launcher; ``settings_requested`` opens Settings."""

    back_requested = Signal()
    settings_requested = Signal()
    new_session_requested = Signal(bool)  # keep the deal?
    failed = Signal(object)  # a CPU or the rules raised: the exception
    stats_requested = Signal()
    help_requested = Signal()

    def __init__(self, session: GameSession, art: CardArt, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.game = session.game
        view = load_view_factory(self.game)(session, art)
        if not isinstance(view, TableView):  # else an AttributeError from deep inside the page
            raise TypeError(f"the view {self.game.view} gave a {type(view).__name__}, not a gui.table_view.TableView: "
                            "a view binds the game's presenter to the shared table, TableView(session, art, presenter)")
        self.view: TableView = view
        self._unlisten = session.add_listener(_SaveNotices(self))
        self._armed: str | None = None  # "restart" or "new" after a first press, waiting for the second
        self._paused_out_of_sight = False  # the window was minimised on a running game

        self.buttons: dict[str, ToolbarButton] = {}
        bar = FlowLayout()  # a second row of buttons, not a window wider than the screen, under large fonts
        for key in ("back", "new", "restart", "undo", "redo", "hint", "demo", "last_hand", "pause", "settings",
                    "stats", "help"):
            button = ToolbarButton()
            button.setObjectName(key)
            # Tab reaches it; a click does not take the keys from the table (clicked, Hint kept them: the arrows
            # and the game's keys did nothing after it and Space pressed Hint again), as in KPatience's toolbar
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setAutoDefault(True)  # Enter presses a focused button, as on the launcher
            button.installEventFilter(self)
            self.buttons[key] = button
            bar.addWidget(button)
        self.buttons["back"].clicked.connect(self.back_requested)
        self.buttons["new"].clicked.connect(self.new_game)
        self.buttons["restart"].clicked.connect(self.restart)
        for name in ("new", "restart"):
            double_click_is_one_press(self.buttons[name])
        self.buttons["undo"].clicked.connect(self.undo)
        self.buttons["redo"].clicked.connect(self.redo)
        self.buttons["hint"].clicked.connect(self.hint)
        self.buttons["demo"].clicked.connect(self.toggle_demo)
        self.buttons["pause"].clicked.connect(self.toggle_pause)
        self.buttons["settings"].clicked.connect(self.settings_requested)
        self.buttons["stats"].clicked.connect(self.stats_requested)
        self.buttons["stats"].setVisible(self.game.statistics is not None)
        self.buttons["last_hand"].clicked.connect(self.review_last_hand)
        self.buttons["last_hand"].setVisible(isinstance(self.view.presenter, ReviewsTheLastHand))
        self.buttons["help"].clicked.connect(self.help_requested)
        self.buttons["help"].setVisible(self.game.help is not None)
        self.buttons["help"].setToolTip("F1")
        self.buttons["hint"].setToolTip("?")
        self.buttons["last_hand"].setToolTip("R")
        self.buttons["pause"].setToolTip("P")
        # the usual keys of these buttons, wherever the focus is (Qt shows Ctrl as ⌘ on a Mac)
        for name, keys in (("undo", ("Ctrl+Z",)), ("redo", ("Ctrl+Shift+Z", "Ctrl+Y")), ("new", ("Ctrl+N",)),
                           ("restart", ("F5",)), ("demo", ("Ctrl+D",))):
            sequences = [QKeySequence(key) for key in keys]
            for sequence in sequences:
                QShortcut(sequence, self).activated.connect(functools.partial(self._shortcut, name))
            self.buttons[name].setToolTip(" / ".join(
                sequence.toString(QKeySequence.SequenceFormat.NativeText) for sequence in sequences))
        # Back as a browser's: Alt+Left here (⌘[ on a Mac), and a keyboard's Back key; the game is saved on the way
        # out. Not Backspace, which some platforms also list: a stray one would leave the table.
        back_keys = [sequence for sequence in QKeySequence.keyBindings(QKeySequence.StandardKey.Back)
                     if sequence != QKeySequence(Qt.Key.Key_Backspace)]
        for sequence in back_keys:
            QShortcut(sequence, self).activated.connect(self.back_requested)
        self.buttons["back"].setToolTip(back_keys[0].toString(QKeySequence.SequenceFormat.NativeText))

        self.table = TableCanvas()
        self.table.setScene(self.view.scene)
        self.table.resized.connect(self.view.layout)
        self.table.key.connect(self._table_key)
        self.table.viewport().installEventFilter(self)  # any button of the mouse on the table stops the demo
        self.overlay = QLabel(self.table)
        self.overlay.setObjectName("pause_overlay")
        self.overlay.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.overlay.setStyleSheet("background: #123d22; color: white; font-size: 22px;")
        self.overlay.hide()
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.notice_bar = NoticeBar("notice", speak=self.table.say)  # where the table's words go
        self.notice = self.notice_bar.label

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.notice_bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)

        self.view.changed.connect(self.update_controls)
        self.view.demo_ended.connect(self._demo_ended)
        self.view.scene.choice_pressed.connect(self.stop_demo)  # a button on the table: the player takes over
        self.view.action_requested.connect(self._action)
        self.view.failed.connect(self.failed)
        self._slow_notice = Text("")  # what the notice says of a slow CPU player
        self.view.cpu_slow.connect(self._cpu_slow)
        self.view.cpu_slow_over.connect(self._cpu_slow_over)
        self.view.scene.table_event.connect(self._table_event)
        self.retranslate()
        self.table.setFocus()

    # -- shared actions ---------------------------------------------------------------------------

    def _action(self, name: str) -> None:
        {"undo": self.undo, "redo": self.redo, "hint": self.hint, "pause": self.toggle_pause, "restart": self.restart,
         "new": self.new_game, "back": self.back_requested.emit, "demo": self.toggle_demo}[name]()

    def _shortcut(self, name: str) -> None:
        if self.buttons[name].isVisibleTo(self) and self.buttons[name].isEnabled():
            self._action(name)
            if self._armed == name:  # asked by a key: said on the table too, where the player is looking
                self.view.scene.show_refusal(tr(f"{name}_confirm_key"))
            if name == "demo" and self.view.demo:
                self.view.scene.show_refusal(tr("demo_status"))

    def toggle_demo(self) -> None:
        """Demo on (the hint plays for the player) or off; said under the toolbar, where the player looks."""
        self.disarm()
        if self.view.demo:
            self.stop_demo()
            return
        self.view.set_demo(True)
        if self.view.demo:
            # the next key is the player's taking over, not the button's; and the note is said after the focus
            # moved, or a screen reader presenting the table as it takes the focus would cut it short
            self.table.setFocus()
            self.show_notice(phrase("demo_on"), timeout_ms=5000)

    def stop_demo(self) -> None:
        if self.view.demo:
            self.view.set_demo(False)
            self.notice_bar.end_passing()  # the demo's note is over with it; a standing message stays

    def _cpu_slow(self, seat: int, seconds: int) -> None:
        """A CPU seat's decision is slow (a plugin's player may never answer): the player is told why nothing
        happens, and how to leave the game, until it comes."""
        self._slow_notice = phrase("cpu_slow", seat=self.session.game.seats[seat].name, seconds=seconds)
        self.show_notice(self._slow_notice)

    def _cpu_slow_over(self, seat: int, seconds: float | None) -> None:
        told, self._slow_notice = self._slow_notice, Text("")
        if seconds is None:  # dropped: paused, undone, a dialog opened; a new decision is timed afresh
            self.notice_bar.withdraw(told)
        else:
            self.withdraw_notice(told, phrase("cpu_answered", seat=self.session.game.seats[seat].name,
                                              seconds=round(seconds)))

    def _demo_ended(self, hint: Hint | None) -> None:
        """The demo stopped by itself: its note under the toolbar says why for a few seconds (replaced, not
        taken away: the table keeps its size while it shows the hint's reason or the refusal)."""
        if self.session.is_over:
            why = "demo_over"
        elif hint is None:
            why = "no_hint"
        else:
            why = "demo_stuck" if not hint.move else "demo_refused"
        self.show_notice(phrase(why), timeout_ms=5000)
        self.update_controls()

    def undo(self) -> None:
        self.disarm()
        self.stop_demo()
        self.session.undo()
        self.update_controls()

    def redo(self) -> None:
        self.disarm()
        self.stop_demo()
        self.session.redo()
        self.update_controls()

    def hint(self) -> None:
        self.disarm()
        self.stop_demo()
        if self.session.paused:
            return
        self.view.ask_hint(self._show_hint)

    def _show_hint(self, hint: Hint | None) -> None:
        self.view.show_hint(hint)
        if hint is None:
            self.show_notice(phrase("no_hint"), timeout_ms=3000)

    def review_last_hand(self) -> ReviewWindow | None:
        frames = self.view.review()
        if not frames:
            return None
        window = ReviewWindow(frames, self.view.art, self)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # a review a hand would pile up on the page
        self.hold_cpu(behind=window)
        window.open()
        return window

    def in_progress(self) -> bool:
        """Leaving now would lose a game being played: it is not over, and a move was made (or the game asks
        even before the first move)."""
        session = self.session
        return not session.is_over and (bool(session.moves) or self.view.confirm_before_start)

    def confirmed(self, name: str) -> bool:
        """Restart and New game, the same in every game: at once when nothing would be lost, else on the
        second press (the button says so); Esc, a click on the table or another action cancels."""
        if self._armed == name or not self.in_progress():
            self.disarm()
            return True
        self.disarm()
        self._armed = name
        self.buttons[name].setText(tr(f"{name}_confirm"))
        return False

    def restart(self) -> None:
        if self.confirmed("restart"):
            self.new_session_requested.emit(self.view.restart_keeps_deal)

    def new_game(self) -> None:
        if self.confirmed("new"):
            self.new_session_requested.emit(False)

    def disarm(self) -> None:
        """Cancel a pending Restart or New game confirmation."""
        if self._armed is not None:
            self._armed = None
            self.retranslate()

    def _table_event(self, event: Event) -> None:
        self.disarm()  # a click on the table (on a card, or on the empty felt) cancels a confirmation
        self.stop_demo()  # and takes over from the demo

    def toggle_pause(self) -> None:
        self.disarm()
        if self.session.is_over and not self.session.paused:
            return  # nothing left to hide or to time
        self._paused_out_of_sight = False  # the player's own pause or resume stands
        self.set_paused(not self.session.paused)

    def out_of_sight(self, hidden: bool) -> None:
        """The window was minimised (``hidden``) or shown again: a game that pauses stops (its clock too) while
        nobody can see it, and goes on when it is back — unless the player had paused it already."""
        if hidden and "pause" in self.view.tools and not self.session.paused and not self.session.is_over:
            self._paused_out_of_sight = True
            self.set_paused(True)
        elif not hidden and self._paused_out_of_sight:
            self._paused_out_of_sight = False
            if self.session.paused:
                self.set_paused(False)

    def set_paused(self, paused: bool) -> None:
        self.view.set_paused(paused)
        if paused:
            self.overlay.setGeometry(self.table.rect())
            self.overlay.show()
            self.overlay.raise_()
            self.table.say(tr("paused"))  # what the overlay says, for a screen reader too
        else:
            self.overlay.hide()
            self.table.setFocus()
        self.update_controls()

    # -- notices and state ------------------------------------------------------------------------

    def show_notice(self, message: Text | str, timeout_ms: int = 0) -> None:
        self.notice_bar.show_message(message, timeout_ms)

    def withdraw_notice(self, message: Text, because: Text) -> None:
        """``message`` no longer holds: it goes, and ``because`` (what changed) shows for a few seconds."""
        self.notice_bar.withdraw(message)
        self.show_notice(because, timeout_ms=4000)

    def update_controls(self) -> None:
        tools = self.view.tools
        for name in ("undo", "redo", "hint", "pause", "restart", "new"):
            self.buttons[name].setVisible(name in tools)
        paused = self.session.paused
        self.buttons["undo"].setEnabled(not paused and self.session.can_undo())
        self.buttons["redo"].setEnabled(not paused and self.session.can_redo())
        self.buttons["hint"].setEnabled(self.session.can_hint())
        self.buttons["demo"].setVisible("hint" in tools and self.game.hint is not None)
        self.buttons["demo"].setText(tr("demo_stop") if self.view.demo else tr("demo"))
        self.buttons["demo"].setEnabled(self.view.demo or (not paused and not self.session.is_over))
        self.buttons["last_hand"].setEnabled(not paused and bool(self.view.review()))
        self.buttons["pause"].setText(tr("resume") if paused else tr("pause"))
        self.buttons["pause"].setEnabled(paused or not self.session.is_over)
        # paused, no seat may move: the line says how to go on (a presenter would take the player's turn for
        # another seat's, "You is thinking…")
        status = self.view.status_text()
        demo = SEPARATOR.join(part for part in (tr("demo_status"), status) if part)
        self.status.setText(tr("paused") if paused else demo if self.view.demo else status)

    def hold_cpu(self, behind: QDialog | None = None) -> None:
        """No CPU move behind a dialog; the table asks again when ``behind`` closes, else when it is shown next."""
        self.view.hold_cpu()
        if behind is not None:
            behind.finished.connect(self._go_on)

    def _go_on(self) -> None:
        self.view.refresh(animate=False)  # the CPU may move again

    def retranslate(self) -> None:
        labels = {"back": "back", "new": "new_confirm" if self._armed == "new" else "new_game",
                  "restart": "restart_confirm" if self._armed == "restart" else "restart",
                  "undo": "undo", "redo": "redo", "hint": "hint", "pause": "pause", "settings": "settings",
                  "stats": "stats", "help": "help", "last_hand": "last_hand"}  # Demo's words: update_controls
        self.buttons["demo"].words = (tr("demo"), tr("demo_stop"))
        self.buttons["pause"].words = (tr("pause"), tr("resume"))
        for key, label in labels.items():
            self.buttons[key].setText(tr(label))
        self.overlay.setText(tr("paused"))
        self.table.setAccessibleName(tr("table_name", game=text(self.game.name)))
        screen_reader.set_own_description(self.table, tr("table_help"))
        self.notice_bar.retranslate()
        self.view.retranslate()
        self.update_controls()

    # -- keys -------------------------------------------------------------------------------------

    def _table_key(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_P:
            self.toggle_pause()
            return
        if key == Qt.Key.Key_T and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            self.table.say_table()  # paused, it says so; the demo goes on
            return
        if self.view.demo and key not in MODIFIER_KEYS:  # any other key takes over from the demo, and does only that
            self.stop_demo()
            if key == Qt.Key.Key_F1:
                event.ignore()  # the rules open as well
            return
        if self.session.paused:
            return
        if self._hint_key(event) or self._review_key(event):
            return
        if key == Qt.Key.Key_Escape:
            self.disarm()
        if not self.view.key_press(key, event.text()):
            event.ignore()

    def _hint_key(self, event: QKeyEvent) -> bool:
        """? asks for a hint in every game, as P pauses every game (a game's own keys may use H for hearts)."""
        if event.key() != Qt.Key.Key_Question and event.text() != "?":
            return False
        if self.buttons["hint"].isEnabled() and self.buttons["hint"].isVisible() and not self.session.paused:
            self.hint()
        return True

    def _review_key(self, event: QKeyEvent) -> bool:
        """R replays the last hand in a game that offers it (any other game's table gets the key)."""
        if event.key() != Qt.Key.Key_R or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier \
                or not self.buttons["last_hand"].isVisibleTo(self):
            return False
        if self.buttons["last_hand"].isEnabled() and not self.session.paused:
            self.review_last_hand()
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """P still pauses, ? still hints and R still replays the last hand with a toolbar button focused; a press
        of any mouse button on the table takes over from the demo (the left one's click then does what it does)."""
        if event.type() == QEvent.Type.MouseButtonPress and watched is self.table.viewport():
            self.stop_demo()
            return False
        if event.type() == QEvent.Type.KeyPress and isinstance(watched, QPushButton):
            key_event = latin_key_event(cast(QKeyEvent, event))
            if key_event.key() == Qt.Key.Key_P:
                self.toggle_pause()
                return True
            if self._hint_key(key_event) or self._review_key(key_event):
                return True
            if key_event.key() == Qt.Key.Key_Escape:
                self.disarm()
                return True
        return super().eventFilter(watched, event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """The mouse's Back button (the one by the thumb) goes back to the launcher, as Alt+Left does; the table and
        the toolbar leave it to the page."""
        if event.button() == Qt.MouseButton.BackButton:
            self.back_requested.emit()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """F1 from anywhere on the page (keys the table and the buttons leave come here)."""
        if event.key() == Qt.Key.Key_F1:
            self.help_requested.emit()
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.overlay.setGeometry(self.table.rect())

    def stop(self) -> None:
        """Leaving the page: the table stops thinking and listening."""
        self.view.stop()
        self._unlisten()
