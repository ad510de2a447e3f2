"""The main window: the launcher and the game page in a stack, with saves, settings and errors wired in."""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QIcon, QKeySequence, QScreen, QShortcut, QShowEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox, QStackedWidget

import resources
from core.paths import config_dir, data_dir, saves_dir
from core.saves import SaveError, SaveService
from core.text import SENTENCES, Text, TextError, join, os_reason
from gui import animation
from gui.collector import collect_on_this_thread
from gui.fonts import NO_JAPANESE_FONT, has_font_for
from gui.held_keys import HeldKeys
from gui.i18n import language, on_language_changed, phrase, set_language, text, tr
from gui.launcher import LauncherPage
from gui.notice_bar import NoticeBar
from gui.prefs import ShellPrefs
from gui.qt_paths import qt_path
from gui.qt_words import follow_language
from gui.screen_fit import SMALLEST_HEIGHT, SMALLEST_WIDTH, fitted_size, refit, smallest_size
from gui.single_instance import TOKEN_ENV
from gui.sound import SoundBoard
from gui.theme import felt, set_felt, set_table_text

if TYPE_CHECKING:  # the game page, dialogs and card art are imported when first shown: the launcher opens fast
    from core.game import GameSpec
    from core.manager import PluginHost
    from core.session import GameSession
    from core.settings_store import SettingsStore
    from core.stats import Recorder, StatsStore
    from gui.deck import CardArt
    from gui.game_page import GamePage
    from gui.help_window import HelpWindow
    from gui.stats_window import StatsWindow


def first_size() -> tuple[int, int]:
    """The window's size on a first start: 1100 × 760, or 90% of a smaller screen, yet no smaller than a game's
    table may be (the window's smallest size)."""
    width, height = fitted_size(1100, 760)
    least = smallest_size(SMALLEST_WIDTH, SMALLEST_HEIGHT)
    return max(width, least[0]), max(height, least[1])


def full_screen_keys() -> list[QKeySequence]:
    """F11 everywhere, and any other keys Qt lists for full screen on the platform (on Linux: Alt+Enter)."""
    keys = [QKeySequence(Qt.Key.Key_F11)]
    return keys + [key for key in QKeySequence.keyBindings(QKeySequence.StandardKey.FullScreen) if key not in keys]


class MainWindow(QMainWindow):
    """The window. Given no ``host``, it shows itself first and looks for games right after its first frame
    (:meth:`attach`), so a person sees the window at once. ``closed`` once it has closed, its data written: the
    data folder may then go to another launch, though this process may still be ending (a plugin's import)."""

    closed = Signal()

    def __init__(self, host: PluginHost | None = None, prefs: ShellPrefs | None = None) -> None:
        super().__init__()
        collect_on_this_thread()
        self._host: PluginHost | None = None
        self.prefs = prefs or ShellPrefs.load()
        self.saves = SaveService(saves_dir())
        self.recorder: Recorder | None = None
        self._stop_recording: Callable[[], None] = lambda: None
        self._art: CardArt | None = None
        self.sounds = SoundBoard(self.prefs.sound)
        self._sound_said: Text | None = None  # what the player was last told about sound
        self._sound_bar: NoticeBar | None = None  # the bar it stands in, while that bar is there
        animation.set_enabled(self.prefs.animations)
        set_felt(self.prefs.felt)
        set_table_text(self.prefs.table_text)
        self.page: GamePage | None = None
        self.last_game: str | None = None  # the game of the last page shown, this run
        self._closed = False
        self._closing_anyway = False  # set once the player chose to quit though progress could not be saved
        self._quit_question: QMessageBox | None = None
        self._kept_notices: dict[str, Text] = {}  # slot → the launcher's word that its game is kept only in memory
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.launcher = LauncherPage(None, self.saves, lambda game_id: self.host.slot(game_id))
        self.stack.addWidget(self.launcher)
        self.sounds.notice_changed.connect(self._tell_of_sound)
        self.launcher.continue_clicked.connect(self.continue_game)
        self.launcher.new_clicked.connect(lambda game_id: self.new_game(game_id))
        self.launcher.settings_clicked.connect(self.open_settings)
        self.launcher.language_chosen.connect(self.choose_language)
        self.launcher.quit_clicked.connect(self.close)
        self._held_keys = HeldKeys(self)  # listening while the window is shown (see showEvent)
        QShortcut(QKeySequence("Ctrl+Q"), self).activated.connect(self.close)  # from a game too: it is saved
        for sequence in full_screen_keys():
            QShortcut(sequence, self).activated.connect(self.toggle_full_screen)
        self.launcher.stats_clicked.connect(lambda: self.open_stats(self.last_played()))
        self.launcher.help_clicked.connect(lambda: self.open_help(self.last_played()))
        self.setWindowIcon(QIcon(qt_path(Path(str(resources.files().joinpath("icons", "app.svg"))))))
        # as small as a game's table may be from the start, launcher and all: on a screen a little wider than
        # that (800 pixels), a game opened in a narrower window widened it past the screen's right edge
        self.setMinimumSize(*smallest_size(SMALLEST_WIDTH, SMALLEST_HEIGHT, self))
        self._unlisten = on_language_changed(self.retranslate)
        unlisten = self._unlisten  # also when the window goes without its close (deleted while a question is open)
        self.destroyed.connect(lambda *_: unlisten())
        self._screen: QScreen | None = None  # the screen whose changes the window follows, from its first show
        self._following = False
        self._code_changed_box: QMessageBox | None = None
        self.restart_requested = False  # Restart now was pressed in the update's message (see tell_code_changed)
        with contextlib.suppress(OSError):  # so that a folder named in another encoding can be opened for Qt
            config_dir().mkdir(parents=True, exist_ok=True)
        self._geometry = QSettings(qt_path(config_dir() / "window.ini"), QSettings.Format.IniFormat)
        geometry = self._geometry.value("geometry")
        if not (isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)):  # none yet, or damaged
            self.resize(*first_size())
        if host is not None:
            self.attach(host)
        else:
            # queued: whatever else waits for the first frame (answering later launches) starts before the search
            self.launcher.first_frame.connect(self.attach, Qt.ConnectionType.QueuedConnection)
        self.retranslate()
        if self.prefs.problem:
            self.launcher.show_message(self.prefs.problem)
        if not has_font_for(language()):  # the desktop's Japanese, or one saved before the font went: the choice kept
            set_language("en")
            self.launcher.show_message(NO_JAPANESE_FONT)

    @property
    def host(self) -> PluginHost:
        if self._host is None:
            raise RuntimeError("the games are not found yet")
        return self._host

    def attach(self, host: PluginHost | None = None) -> None:
        """Find the games (unless given), tidy the data folders, and fill the launcher."""
        from core import installation
        from core.settings_store import SettingsStore
        from core.stats import StatsStore
        from core.storage import clean_stale_temp_files

        if host is None:
            from core.manager import GivenUp, load_host

            try:
                host = load_host(waiting=self._while_finding)
            except GivenUp:  # closed while a plugin loads: the program ends without waiting for it
                return
        self._host = host
        if self._closed:  # closed while the games were looked for: the folders may be another launch's by now
            return
        self.saves.clean()
        self.stats: StatsStore = StatsStore(data_dir() / "stats")
        self.settings_store: SettingsStore = SettingsStore(config_dir())
        self.settings_store.clean()
        clean_stale_temp_files(config_dir())
        self.launcher.set_host(host)
        # from now on an update under the window (a plugin's too) is told, not met as a failing game
        installation.watch(type(game.rules).__module__ for game in self._all_games())

    def _while_finding(self, plugin: str, what: Text, seconds: float) -> None:
        """The window answers while a plugin loads (Quit, Ctrl-C and the language work; a plugin slow to load is
        named). A Quit meanwhile closes the window at once, lets the data folder go (a launch straight after opens
        its own window) and gives the search up: the program ends at once (:func:`core.cli.run`)."""
        self.launcher.finding_slowly(what, seconds)
        QApplication.processEvents()
        if self._closed:
            from core.manager import GivenUp

            raise GivenUp

    # -- language ---------------------------------------------------------------------------------

    def choose_language(self, code: str) -> None:
        self.prefs.language = code
        self.prefs.save()
        set_language(code)

    @property
    def art(self) -> CardArt:
        """The card art of the chosen design, made when a table first needs it."""
        if self._art is None:
            from gui.deck import CardArt

            self._art = CardArt(self.prefs.card_theme)
        return self._art

    def retranslate(self) -> None:
        follow_language()  # Qt's own words (standard buttons, context menus) too
        title = tr("app_title")
        if self.page is not None:
            title = f"{text(self.page.game.name)} — {title}"
            self.page.retranslate()
        self.setWindowTitle(title)
        self.launcher.rebuild()

    # -- games ------------------------------------------------------------------------------------

    def settings_for(self, game: GameSpec, notices: list[Text] | None = None) -> dict[str, Any]:
        """The player's settings for ``game``; problems found in the file go to ``notices`` (shown where the
        player is looking), or to the launcher when there is no list."""
        values, problems = self.settings_store.load(game.id, game.settings)
        if problems:
            message = phrase("settings_problem", game=game.name, problems=join(problems, SENTENCES))
            if notices is None:
                self.launcher.show_message(message)
            else:
                notices.append(message)
        return values

    def retire(self, game_id: str, notices: list[Text]) -> None:
        """A new game replaces this game's unfinished one: let its statistics count it (a Yukon deal left
        unwon). The one on the page, else the saved one. A damaged save or statistics file found on the way
        is said through ``notices``."""
        from core.session import GameSession, RestoreError
        from core.stats import Recorder

        slot = self.host.slot(game_id)
        if self.page is not None and self.page.game.id == game_id and self.recorder is not None:
            self.recorder.problem, self.recorder.recovered = notices.append, None  # said with the next page
            self.recorder.retire()
            return
        if not self.saves.continuable(slot):
            return
        loaded = self.saves.read(slot)
        if loaded.record is None:  # damaged: moved aside by the read, and said
            notices.extend([phrase("save_moved", reason=loaded.problem)] if loaded.problem else [])
            return
        try:
            session = GameSession.restore(self.host.game(game_id), loaded.record)
        except RestoreError as error:  # kept aside for a bug report, as Continue would, not overwritten unsaid
            notices.append(phrase("save_moved", reason=self.saves.quarantine(slot, error.reason)))
            return
        Recorder(session, self.stats, slot, notices.append).retire()

    def new_game(self, game_id: str, keep_deal: bool = False, notices: list[Text] | None = None) -> GamePage | None:
        from core import installation
        from core.session import GameSession

        if installation.changed():  # asked first: the game it replaces would be counted, and the new one not start
            self.tell_code_changed()
            return None
        game = self.host.game(game_id)
        notices = [] if notices is None else notices
        version = self.host.plugin_of(game_id).version
        try:
            self.retire(game_id, notices)  # (which replays the saved game: its CPU players are made there first)
            if keep_deal and self.page is not None and self.page.game.id == game_id:
                old = self.page.session
                session = GameSession(game, old.settings, old.start, players=old.players, saves=self.saves,
                                      plugin_version=version, save_slot=old.save_slot)
            else:
                session = GameSession.new(game, self.settings_for(game, notices), saves=self.saves,
                                          plugin_version=version, save_slot=self.host.slot(game_id))
        except Exception as error:  # the plugin's rules or a CPU player could not begin a game
            self.report_error(error, starting=game)
            return None
        page = self.open_session(session, notices)
        if page is not None:
            session.autosave()  # once the page listens, so a first save that fails is shown at once
        return page

    def continue_game(self, game_id: str) -> GamePage | None:
        from core.session import GameSession, PlayerFailed, RestoreError

        game = self.host.game(game_id)
        slot = self.host.slot(game_id)
        loaded = self.saves.read(slot)
        if loaded.record is None:
            notices = [phrase("save_moved", reason=loaded.problem)] if loaded.problem else []
            return self.new_game(game_id, notices=notices)
        try:
            session = GameSession.restore(game, loaded.record, saves=self.saves,
                                          plugin_version=self.host.plugin_of(game_id).version, save_slot=slot)
        except PlayerFailed as error:  # the plugin's fault: the save stays, for Continue once the plugin is mended
            self.report_error(error, starting=game)
            return None
        except RestoreError as error:
            reason = self.saves.quarantine(slot, error.reason)
            return self.new_game(game_id, notices=[phrase("save_moved", reason=reason)])
        changed = session.settings_problems  # (a plugin updated since the save)
        page = self.open_session(session, [phrase("save_settings_changed", game=game.name,
                                                  problems=join(changed, SENTENCES))] if changed else None)
        if page is not None and slot in self.saves.unwritten():
            session.autosave()  # kept in memory as the disk refused it: tried again, and said on the page if it fails
        return page

    def open_session(self, session: GameSession, notices: list[Text] | None = None,
                     dealt: bool = True) -> GamePage | None:
        from gui.game_page import GamePage, ViewUnavailable

        self._close_page()
        try:
            page = GamePage(session, self.art)
        except ViewUnavailable as error:
            self.launcher.show_message(error.reason)
            return None
        except Exception as error:  # a plugin's view failed to build
            self.report_error(error, session)
            return None
        if notices:
            page.notice_bar.show_messages(notices)
        page.view.sound.connect(self.sounds.play)
        if dealt and not session.moves:
            page.view.deal_when_shown()
        from core.stats import Recorder

        self.recorder = Recorder(session, self.stats, session.save_slot, page.show_notice,
                                 lambda notice: page.withdraw_notice(notice, phrase("stats_recovered")))
        self._stop_recording = session.add_listener(self.recorder)
        page.failed.connect(self.report_error)
        page.stats_requested.connect(lambda: self.open_stats(session.game.id))
        page.help_requested.connect(lambda: self.open_help(session.game.id))
        page.back_requested.connect(self.show_launcher)
        page.settings_requested.connect(lambda: self.open_settings(session.game.id))
        page.new_session_requested.connect(lambda keep: self.new_game(session.game.id, keep))
        self.page = page
        self.last_game = session.game.id
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self.retranslate()
        page.table.setFocus()
        return page

    def _tell_of_sound(self) -> None:
        """Why there is no sound (or none yet) goes to the bar above what the player sees, once; it is withdrawn when
        it no longer holds (sound turned off, or a sound server started)."""
        notice = self.sounds.notice
        if notice == self._sound_said:
            return
        if self._sound_bar is not None and self._sound_said is not None:
            self._sound_bar.withdraw(self._sound_said)
        self._sound_said, self._sound_bar = notice, None
        if notice is not None:
            self._sound_bar = self.page.notice_bar if self.page is not None else self.launcher.message_bar
            self._sound_bar.show_message(notice)

    def _close_page(self) -> None:
        if self.page is not None:
            if self._sound_bar is self.page.notice_bar:
                self._sound_bar = None  # it goes with the page
            if self.recorder is not None:
                self.recorder.tick()  # the time played up to now goes into the save
                self.page.session.autosave()
                self._stop_recording()  # the session may be shown again (settings that apply at once)
                self.recorder = None
            self.page.stop()
            self.stack.removeWidget(self.page)
            self.page.deleteLater()
            self.page = None
            gc.collect()  # the closed page's cycles go now, on this thread

    def show_launcher(self) -> None:
        left = self.page.game if self.page is not None else None
        self._close_page()
        self.stack.setCurrentWidget(self.launcher)
        self.retranslate()
        self.launcher.focus_game(left.id if left is not None else None)
        self.saves.flush()
        unwritten = self.saves.unwritten()
        for slot in [slot for slot in self._kept_notices if slot not in unwritten]:  # written since: no longer so
            self.launcher.message_bar.withdraw(self._kept_notices.pop(slot))
        slot = self.host.slot(left.id) if left is not None else ""
        if left is not None and slot in unwritten and self.saves.played(slot):
            if slot in self._kept_notices:
                self.launcher.message_bar.withdraw(self._kept_notices[slot])
            self._kept_notices[slot] = phrase("kept_unsaved", game=left.name, reason=unwritten[slot])
            self.launcher.show_message(self._kept_notices[slot])

    def open_settings(self, game_id: str) -> None:
        game = self.host.game(game_id)
        current = self.settings_for(game)
        held = self.page
        if held is not None:
            held.hold_cpu()  # no CPU moves behind the dialog
        saved_elsewhere = (self.page is None or self.page.game.id != game_id) and \
            self.saves.continuable(self.host.slot(game_id))
        from gui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(game, current, self.prefs.card_theme, self, sound=self.prefs.sound,
                                ends_saved_game=saved_elsewhere, felt=self.prefs.felt, table_text=self.prefs.table_text,
                                sound_notice=self.sounds.notice)
        accepted = dialog.exec() == SettingsDialog.DialogCode.Accepted
        if accepted and dialog.sound.isChecked() != self.prefs.sound:
            self.prefs.sound = self.sounds.enabled = dialog.sound.isChecked()
            self.prefs.save()
        look = (dialog.table_colour(), dialog.table_text_size())
        if accepted and look != (self.prefs.felt, self.prefs.table_text):
            self.prefs.felt, self.prefs.table_text = look
            self.prefs.save()
            set_felt(self.prefs.felt)
            set_table_text(self.prefs.table_text)
            from gui.table_canvas import TableCanvas
            from gui.table_scene import TableScene

            for canvas in self.findChildren(TableCanvas):  # the game's table, and a last hand's open beside it
                scene = canvas.scene()
                if isinstance(scene, TableScene):
                    scene.setBackgroundBrush(felt())
                    scene.redraw()
        if accepted and dialog.card_theme() != self.prefs.card_theme:
            self.prefs.card_theme = dialog.card_theme()
            self.prefs.save()
            self._art = None  # made again, in the new design, when next asked for
            if self.page is not None:
                self.page.view.art = self.art
        values = dialog.values()
        dialog.deleteLater()  # read: else each one stays until the program ends
        if accepted and values != current:
            notices: list[Text] = []
            try:
                self.settings_store.save(game_id, values)
            except OSError as error:
                notices.append(phrase("settings_not_saved", reason=os_reason(error)))
            if not game.settings.needs_new_game(current, values) and self._go_on_with(game_id, values, notices):
                if self.page is None:
                    self.launcher.message_bar.show_messages(notices)
            elif self.page is not None and self.page.game.id == game_id:
                if self.new_game(game_id, notices=notices) is None and self.page is held:  # after an update
                    held.view.refresh()  # the game in progress goes on: its CPU players were held for the dialog
            else:
                self.retire(game_id, notices)  # the saved game ends: its statistics count it first
                self.saves.discard(self.host.slot(game_id))
                self.launcher.message_bar.show_messages(notices)
                self.launcher.rebuild()
        elif self.page is not None:
            self.page.view.refresh()
            self.page.update_controls()

    def _go_on_with(self, game_id: str, values: dict[str, Any], notices: list[Text]) -> bool:
        """Only options that apply at once changed: the game in progress — on the page, else the saved one —
        goes on with ``values``. False when there is no game in progress to go on with."""
        if self.page is not None and self.page.game.id == game_id:
            session = self.page.session
            session.settings = dict(values)
            self.open_session(session, notices, dealt=False)  # its table made again, with the new options
            return True
        slot = self.host.slot(game_id)
        loaded = self.saves.read(slot)
        if loaded.record is None:
            return False
        try:
            self.saves.write(slot, {**loaded.record, "settings": dict(values)})
        except SaveError as error:
            notices.append(phrase("save_failed", reason=error.reason))
        return True

    def open_stats(self, game_id: str | None) -> StatsWindow:
        from gui.stats_window import StatsWindow

        window = StatsWindow(self.host, self.stats, self.host.slot, game_id, self)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # else each one stays until the program ends
        if self.page is not None:
            self.page.hold_cpu(behind=window)
        window.open()
        return window

    def open_help(self, game_id: str | None) -> HelpWindow:

        def settings_of(game: GameSpec) -> dict[str, Any]:
            if self.page is not None and self.page.game.id == game.id:
                return dict(self.page.session.settings)  # the rules this game is being played with
            return self.settings_for(game)

        from gui.help_window import HelpWindow

        window = HelpWindow(self.host, settings_of, game_id, self)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if self.page is not None:
            self.page.hold_cpu(behind=window)
        window.open()
        return window

    # -- errors and closing -----------------------------------------------------------------------

    def report_error(self, error: BaseException, session: GameSession | None = None,
                     starting: GameSpec | None = None) -> None:
        """An exception from a plugin or the rules during play: tell the player, move the save aside (it holds
        the position before the failing move, kept for a bug report) so Continue cannot run into the same error
        again, return to the launcher and offer a new game. One while ``starting`` a game is told as that game
        not starting (no new game offered: it would not start either). After an update under the window, neither:
        the game is saved as Back saves it and the player is asked to restart (:meth:`tell_code_changed`)."""
        from core import installation  # (loaded by attach: an import after an update would be refused)

        if isinstance(error, installation.CodeChanged) or installation.changed():
            self.show_launcher()  # its save is the game's own: not moved aside, Continue takes it up after a restart
            self.tell_code_changed()
            return
        traceback.print_exception(error, file=sys.stderr)  # where it was, for the plugin's author or a bug report
        # a TextError is said for a person: in the window's language, without the class's name
        message = (text(error.reason) if isinstance(error, TextError)
                   else "".join(traceback.format_exception_only(type(error), error)).strip())
        if starting is not None:
            self.show_launcher()
            self._error_box(tr("start_failed", game=text(starting.name), message=message)).open()
            return
        session = session or (self.page.session if self.page is not None else None)
        game = text(session.game.name) if session is not None else tr("app_title")
        kept = ""
        if session is not None:
            session.saves = None  # nothing more is written for the failed game
            if not self.saves.exists(session.save_slot):
                self.saves.discard(session.save_slot)  # one only memory held (a full disk) goes: Continue cannot fail
            else:  # moving the file aside forgets what memory held of it too
                details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
                try:
                    moved = self.saves.set_aside(session.save_slot, "crash", details)
                    kept = tr("error_kept", file=str(moved))
                except OSError as failure:
                    kept = tr("error_not_kept", reason=text(os_reason(failure)))
        self.show_launcher()
        box = self._error_box(tr("error_body", game=game, message=message, kept=kept or tr("error_nothing_kept")))
        known = {g.id for g in self._all_games()}
        if session is not None and session.game.id in known:
            again = box.addButton(tr("new_game"), QMessageBox.ButtonRole.AcceptRole)
            again.setObjectName("error_new_game")
            game_id = session.game.id
            again.clicked.connect(lambda: self.new_game(game_id))
        box.open()

    def _error_box(self, words: str) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Warning, tr("error_title"), words, QMessageBox.StandardButton.Close, self)
        box.setObjectName("error_dialog")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        return box

    def tell_code_changed(self) -> None:
        """The program's files changed under it (an update): what the player tried could not be done with the code
        in memory, so they are asked to restart (once at a time; Restart now closes the window as its close button
        does and starts the program again)."""
        from core import installation

        if self._code_changed_box is not None:
            self._code_changed_box.raise_()
            return
        versions = installation.versions_changed()
        which = Text(" (version {was} → {now})", "（バージョン {was} → {now}）").format(
            was=versions[0], now=versions[1]) if versions else ""
        box = QMessageBox(QMessageBox.Icon.Information, tr("updated_title"), tr("updated_body", versions=which),
                          QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("updated_dialog")
        restart = box.addButton(tr("restart_now"), QMessageBox.ButtonRole.AcceptRole)
        restart.setObjectName("updated_restart")
        box.setDefaultButton(restart)
        box.setEscapeButton(box.addButton(tr("later"), QMessageBox.ButtonRole.RejectRole))
        restart.clicked.connect(self.restart)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.destroyed.connect(lambda *_: setattr(self, "_code_changed_box", None))
        self._code_changed_box = box
        box.open()

    def restart(self) -> None:
        """Close as the close button does; the program is then started again (see :func:`gui.app.run_launcher`)."""
        self.restart_requested = self.close()

    def bring_forward(self, token: str = "") -> None:
        """Another launch over the same data folder asked for this window: show it in front, not minimised.
        ``token`` is that launch's activation token, which Qt's Wayland plugin activates the window with (and
        then takes out of the environment)."""
        if token and QGuiApplication.platformName() == "wayland":
            os.environ[TOKEN_ENV] = token
        self.setWindowState(self.windowState() & ~Qt.WindowState.WindowMinimized)
        self.show()
        self.raise_()
        self.activateWindow()

    def toggle_full_screen(self) -> None:
        """Fill the screen, or give the window back the size it had (maximised stays maximised). A window
        closed in full screen opens in full screen next time."""
        self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange and self.page is not None:
            self.page.out_of_sight(self.isMinimized())
        if event.type() == QEvent.Type.PaletteChange:  # the desktop went dark or light
            self.launcher.follow_palette()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        application = QApplication.instance()
        if application is not None:  # a key held down acts once here (its repeats confirmed New game, …)
            application.installEventFilter(self._held_keys)
        handle = self.windowHandle()
        if handle is not None and not self._following:  # the first show: from now on, follow the screen
            self._following = True
            handle.screenChanged.connect(self._follow_screen)
            self._follow_screen(handle.screen(), refitted=False)

    def _follow_screen(self, screen: QScreen | None, refitted: bool = True) -> None:
        """Fit the window to ``screen``, now its screen, and again whenever that screen's free area changes."""
        if self._screen is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # a screen unplugged may be gone already
                self._screen.availableGeometryChanged.disconnect(self._refit)
        self._screen = screen
        if screen is not None:
            screen.availableGeometryChanged.connect(self._refit)
        if refitted:
            self._refit()

    def _refit(self) -> None:
        refit(self)

    def last_played(self) -> str | None:
        """The game the launcher's Statistics and Help open on: the one last shown this run, else the one whose
        statistics were written last (the list's first when none were)."""
        if self.last_game is not None:
            return self.last_game
        written = []
        for game in self._all_games():
            with contextlib.suppress(OSError):
                written.append((self.stats.path_for(self.host.slot(game.id)).stat().st_mtime, game.id))
        return max(written)[1] if written else None

    def _all_games(self) -> list[GameSpec]:
        """Every game the launcher offers, variants too (none before the games are found)."""
        if self._host is None:
            return []
        return [game for base in self.host.games() for game in (base, *self.host.variants_of(base.id))]

    def _unsaved_games(self) -> list[str]:
        """The games played whose progress only this running program holds (a full disk refused it), and the
        games whose statistics it alone holds, each as its name and why: quitting loses them."""
        if self.page is not None and self.recorder is not None and self.page.session.save_problem is not None:
            self.recorder.tick()
            self.page.session.autosave()  # the disk may have room again (else closing saves it, once)
        self.saves.flush()
        unwritten = self.saves.unwritten()
        every = self._all_games()
        games = [tr("unsaved_game", game=text(game.name), reason=text(unwritten[slot])) for game in every
                 if (slot := self.host.slot(game.id)) in unwritten and self.saves.played(slot)]
        if self._host is None:
            return games
        self.stats.flush()
        return games + [tr("unsaved_stats", game=text(game.name), reason=text(why)) for game in every
                        if (why := self.stats.refusal(self.host.slot(game.id))) is not None]

    def close_anyway(self) -> None:
        """Close without asking about progress that could not be saved (a signal, or the player said so)."""
        self._closing_anyway = True
        self.close()

    def _ask_before_losing(self, games: list[str]) -> None:
        """Ask whether to quit though ``games`` could not be saved; Keep playing is the default and Esc."""
        if self._quit_question is not None:  # asked again (Ctrl+Q twice): the question already open comes forward
            self._quit_question.raise_()
            self._quit_question.activateWindow()
            return
        if self.isMinimized():  # closed from the taskbar: the question is shown over its game (some desktops hide
            # a minimised window's dialogs with it), and Keep playing returns to it
            self.setWindowState(self.windowState() & ~Qt.WindowState.WindowMinimized)
        self.raise_()
        self.activateWindow()
        box = QMessageBox(QMessageBox.Icon.Warning, tr("quit_unsaved_title"),
                          tr("quit_unsaved", games="\n".join(games)), QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("quit_unsaved")
        box.setInformativeText(tr("quit_unsaved_more"))
        leave = box.addButton(tr("quit_anyway"), QMessageBox.ButtonRole.DestructiveRole)
        leave.setObjectName("quit_anyway")
        keep = box.addButton(tr("keep_playing"), QMessageBox.ButtonRole.RejectRole)
        keep.setObjectName("keep_playing")
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered() -> None:
            self._quit_question = None
            if box.clickedButton() is leave:
                QTimer.singleShot(0, self.close_anyway)  # once the question has closed

        box.finished.connect(answered)
        self._quit_question = box
        box.open()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._closing_anyway and (games := self._unsaved_games()):
            event.ignore()
            self._ask_before_losing(games)
            return
        application = QApplication.instance()
        if application is not None:
            application.removeEventFilter(self._held_keys)
        self._geometry.setValue("geometry", self.saveGeometry())
        self._geometry.sync()
        self._close_page()
        self.prefs.flush()
        if self._host is not None:
            self.settings_store.flush()
            self.stats.flush()
        self.sounds.close()
        self._unlisten()
        super().closeEvent(event)
        self._closed = True
        self.closed.emit()
