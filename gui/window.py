"""The main window: the launcher and the game page in a stack, with saves, settings and errors wired in."""

from __future__ import annotations

import traceback
from typing import Any

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtGui import QCloseEvent, QIcon
from PySide6.QtWidgets import QMainWindow, QMessageBox, QStackedWidget

import resources
from core.game import GameSpec
from core.manager import PluginHost
from core.paths import config_dir, saves_dir
from core.saves import SaveService
from core.session import GameSession, RestoreError
from core.settings_store import SettingsStore
from gui import animation
from gui.deck import CardArt
from gui.game_page import GamePage, ViewUnavailable
from gui.i18n import on_language_changed, set_language, text, tr
from gui.launcher import LauncherPage
from gui.prefs import ShellPrefs
from gui.settings_dialog import SettingsDialog


class MainWindow(QMainWindow):
    def __init__(self, host: PluginHost, prefs: ShellPrefs | None = None) -> None:
        super().__init__()
        self.host = host
        self.prefs = prefs or ShellPrefs.load()
        self.saves = SaveService(saves_dir())
        self.settings_store = SettingsStore(config_dir())
        self.art = CardArt(self.prefs.card_theme)
        animation.set_enabled(self.prefs.animations)
        self.page: GamePage | None = None
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.launcher = LauncherPage(host, self.saves)
        self.stack.addWidget(self.launcher)
        self.launcher.continue_clicked.connect(self.continue_game)
        self.launcher.new_clicked.connect(lambda game_id: self.new_game(game_id))
        self.launcher.settings_clicked.connect(self.open_settings)
        self.launcher.language_chosen.connect(self.choose_language)
        self.launcher.quit_clicked.connect(self.close)
        self.setWindowIcon(QIcon(str(resources.files().joinpath("icons", "app.svg"))))
        self._unlisten = on_language_changed(self.retranslate)
        self._geometry = QSettings(str(config_dir() / "window.ini"), QSettings.Format.IniFormat)
        geometry = self._geometry.value("geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(1100, 760)
        self.retranslate()

    # -- language ---------------------------------------------------------------------------------

    def choose_language(self, code: str) -> None:
        self.prefs.language = code
        self.prefs.save()
        set_language(code)

    def retranslate(self) -> None:
        title = tr("app_title")
        if self.page is not None:
            title = f"{text(self.page.game.name)} — {title}"
            self.page.retranslate()
        self.setWindowTitle(title)
        self.launcher.rebuild()

    # -- games ------------------------------------------------------------------------------------

    def settings_for(self, game: GameSpec) -> dict[str, Any]:
        values, problems = self.settings_store.load(game.id, game.settings)
        if problems:
            self.launcher.show_message(tr("settings_problem", game=text(game.name), problems="; ".join(problems)))
        return values

    def new_game(self, game_id: str, keep_deal: bool = False) -> GamePage | None:
        game = self.host.game(game_id)
        version = self.host.plugin_of(game_id).version
        if keep_deal and self.page is not None and self.page.game.id == game_id:
            old = self.page.session
            session = GameSession(game, old.settings, old.start, players=old.players, saves=self.saves,
                                  plugin_version=version)
        else:
            session = GameSession.new(game, self.settings_for(game), saves=self.saves, plugin_version=version)
        session.autosave()
        return self.open_session(session)

    def continue_game(self, game_id: str) -> GamePage | None:
        game = self.host.game(game_id)
        loaded = self.saves.read(game_id)
        if loaded.record is None:
            if loaded.problem:
                self.launcher.show_message(tr("save_moved", reason=loaded.problem))
            return self.new_game(game_id)
        try:
            session = GameSession.restore(game, loaded.record, saves=self.saves,
                                          plugin_version=self.host.plugin_of(game_id).version)
        except RestoreError as error:
            self.launcher.show_message(tr("save_moved", reason=self.saves.quarantine(game_id, str(error))))
            self.launcher.rebuild()
            return None
        return self.open_session(session)

    def open_session(self, session: GameSession) -> GamePage | None:
        self._close_page()
        try:
            page = GamePage(session, self.art)
        except ViewUnavailable as error:
            self.launcher.show_message(str(error))
            return None
        except Exception as error:  # a plugin's view failed to build
            self.report_error(error)
            return None
        page.back_requested.connect(self.show_launcher)
        page.settings_requested.connect(lambda: self.open_settings(session.game.id))
        page.new_session_requested.connect(lambda keep: self.new_game(session.game.id, keep))
        self.page = page
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self.retranslate()
        page.table.setFocus()
        return page

    def _close_page(self) -> None:
        if self.page is not None:
            self.page.stop()
            self.stack.removeWidget(self.page)
            self.page.deleteLater()
            self.page = None

    def show_launcher(self) -> None:
        self._close_page()
        self.stack.setCurrentWidget(self.launcher)
        self.retranslate()

    def open_settings(self, game_id: str) -> None:
        game = self.host.game(game_id)
        current = self.settings_for(game)
        if self.page is not None:
            self.page.hold_cpu()  # no CPU moves behind the dialog
        dialog = SettingsDialog(game, current, self.prefs.card_theme, self)
        accepted = dialog.exec() == SettingsDialog.DialogCode.Accepted
        if accepted and dialog.card_theme() != self.prefs.card_theme:
            self.prefs.card_theme = dialog.card_theme()
            self.prefs.save()
            self.art = CardArt(self.prefs.card_theme)
            if self.page is not None:
                self.page.view.art = self.art
                for item in self.page.view.scene.card_items():
                    item.art = self.art
                    item.update()
        if accepted and dialog.values() != current:
            try:
                self.settings_store.save(game_id, dialog.values())
            except OSError as error:
                self.launcher.show_message(tr("save_failed", reason=error.strerror))
            if self.page is not None and self.page.game.id == game_id:
                self.new_game(game_id)
            else:
                self.saves.discard(game_id)
                self.launcher.rebuild()
        elif self.page is not None:
            self.page.view.refresh()
            self.page.update_controls()

    # -- errors and closing -----------------------------------------------------------------------

    def report_error(self, error: BaseException) -> None:
        """An exception from a plugin during play: tell the player, return to the launcher."""
        game = text(self.page.game.name) if self.page is not None else tr("app_title")
        message = "".join(traceback.format_exception_only(type(error), error)).strip()
        self.show_launcher()
        box = QMessageBox(QMessageBox.Icon.Warning, tr("error_title"), tr("error_body", game=game, message=message),
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("error_dialog")
        box.open()

    def closeEvent(self, event: QCloseEvent) -> None:
        self._geometry.setValue("geometry", self.saveGeometry())
        self._geometry.sync()
        self._close_page()
        self._unlisten()
        super().closeEvent(event)
