"""The help window: a game's rules text (its plugin's Markdown, in the interface's language) followed by the
options the game is played with and what each means (:func:`core.help.options_markdown`); last in its list, the
About page (:mod:`core.about`)."""

from __future__ import annotations

import platform
from collections.abc import Callable, Mapping
from typing import Any

import PySide6
from PySide6.QtCore import QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QImage, QResizeEvent, QTextCursor, QTextDocument
from PySide6.QtWidgets import QComboBox, QDialog, QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from core.about import TITLE, about_markdown, folders
from core.game import GameSpec
from core.help import HelpUnavailable, RulesText, options_markdown
from core.manager import PluginHost
from gui.i18n import language, text, tr
from gui.screen_fit import fitted_size
from gui.scroll_areas import scroll_by_finger

ABOUT = ":about"  # the About page's entry in the list (no game id starts with a colon)


class RulesBrowser(QTextBrowser):
    """The rules text, its pictures read from the plugin's package (``rules``; zipped too) and no wider than the
    text (shrunk to fit, keeping their shape, as the window is resized): a picture wider than the window scrolled the
    page sideways."""

    rules: RulesText | None = None

    def loadResource(self, kind: int, name: QUrl | str) -> Any:
        url = QUrl(name)
        if kind == QTextDocument.ResourceType.ImageResource.value and self.rules is not None and url.isRelative():
            data = self.rules.picture(language(), url.path())
            return QImage.fromData(data) if data is not None else None
        return super().loadResource(kind, name)

    def setMarkdown(self, markdown: str) -> None:
        super().setMarkdown(markdown)
        self.fit_pictures()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_pictures()

    def fit_pictures(self) -> None:
        document = self.document()
        room = max(1.0, self.viewport().width() - 2 * document.documentMargin() - 2)
        block = document.begin()
        while block.isValid():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                picture = fragment.charFormat().toImageFormat() if fragment.charFormat().isImageFormat() else None
                if picture is not None:
                    image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(picture.name()))
                    width, height = (image.width(), image.height()) if hasattr(image, "width") else (0, 0)
                    wanted = min(float(width), room) if width > 0 else 0.0
                    if width > 0 and abs(picture.width() - wanted) > 0.5:
                        picture.setWidth(wanted)
                        picture.setHeight(height * wanted / width)
                        cursor = QTextCursor(document)
                        cursor.setPosition(fragment.position())
                        cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                        cursor.setCharFormat(picture)
                fragments += 1
            block = block.next()


class HelpWindow(QDialog):
    """Rules of every game (one whose plugin gives none is named, with its description), then the About page;
    opens on ``game_id``. ``settings_of`` gives the settings a game is played with (the game on the page, else
    the player's saved settings)."""

    def __init__(self, host: PluginHost, settings_of: Callable[[GameSpec], Mapping[str, Any]],
                 game_id: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("help_window")
        self.settings_of = settings_of
        self.games = [g for base in host.games() for g in (base, *host.variants_of(base.id))]
        self.resize(*fitted_size(760, 720, parent))
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.choice = QComboBox()
        self.choice.setObjectName("help_game")
        for game in self.games:
            self.choice.addItem(text(game.name), game.id)
        self.choice.addItem(text(TITLE), ABOUT)
        self.host = host
        top.addWidget(self.choice)
        top.addStretch(1)
        close = QPushButton(tr("close"))
        close.clicked.connect(self.accept)
        top.addWidget(close)
        layout.addLayout(top)
        self.browser = RulesBrowser()
        self.browser.setObjectName("help_text")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self.open_link)
        self.browser.setStyleSheet("QTextBrowser { padding: 10px 16px; font-size: 14px; }")
        scroll_by_finger(self.browser)
        layout.addWidget(self.browser, 1)
        self.link_problem = QLabel()  # under the text: where the player just clicked
        self.link_problem.setObjectName("link_problem")
        self.link_problem.setWordWrap(True)
        self.link_problem.hide()
        layout.addWidget(self.link_problem)
        self.choice.currentIndexChanged.connect(self.show_game)
        if game_id is not None and self.choice.findData(game_id) >= 0:
            self.choice.setCurrentIndex(self.choice.findData(game_id))
        self.show_game()
        self.browser.setFocus()

    def open_link(self, url: QUrl) -> None:
        """A link in the text: a place on the page is scrolled to; anything else (a folder on the About page, a
        web page) goes to the desktop, and if the desktop cannot open it the window says so under the text."""
        if url.isRelative() and url.hasFragment():
            self.browser.scrollToAnchor(url.fragment())
            return
        opened = QDesktopServices.openUrl(url)
        self.link_problem.setText("" if opened else tr("link_not_opened", target=url.toLocalFile() or url.toString()))
        self.link_problem.setVisible(not opened)

    def game(self) -> GameSpec | None:
        return next((g for g in self.games if g.id == self.choice.currentData()), None)

    def markdown(self) -> str:
        if self.choice.currentData() == ABOUT:
            runtime = (("Qt", qVersion()), ("PySide6", PySide6.__version__), (platform.system(), platform.release()))
            return text(about_markdown(self.host.plugins(), lambda game_id: self.host.game(game_id).name, folders(),
                                       runtime))
        game = self.game()
        if game is None:
            return tr("no_help")
        if game.help is None:  # F1 in its table opened another game's rules
            rules = f"# {text(game.name)}\n\n{text(game.description)}\n\n{tr('no_rules_page')}\n"
        else:
            try:
                rules = game.help.read(language())
                if language() not in game.help.files:  # said, so the page in English is not taken for a fault
                    rules = f"*{tr('help_english_only')}*\n\n{rules}"
            except HelpUnavailable as error:
                try:  # the English, which every rules text has, with why it is not in the player's language
                    rules = f"*{tr('help_in_english', reason=error.reason)}*\n\n{game.help.read('en')}"
                except HelpUnavailable:
                    rules = f"# {text(game.name)}\n\n{tr('help_missing', reason=error.reason)}\n"
        return rules.rstrip() + "\n\n" + text(options_markdown(game.settings, self.settings_of(game)))

    def show_game(self) -> None:
        about = self.choice.currentData() == ABOUT
        self.setWindowTitle(f"{text(TITLE)} — {tr('app_title')}" if about else tr("help_title"))
        game = self.game()  # the text's name, which a screen reader says as the text takes the focus
        self.browser.setAccessibleName(text(TITLE) if about or game is None else tr("rules_of", game=text(game.name)))
        self.link_problem.hide()
        self.browser.rules = game.help if game is not None and not about else None
        self.browser.setMarkdown(self.markdown())
