"""Qt's own words in the interface's language: the standard buttons of a question (Yes, No, Close), a text's
context menu (Copy, Select All), a spin box's and a combo box's. Qt ships them translated; without its
translator they stay English in the Japanese interface."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from gui.i18n import language

_installed: QTranslator | None = None


def follow_language() -> None:
    """Install Qt's Japanese words when the interface is Japanese, take them away when it is English."""
    global _installed
    app = QCoreApplication.instance()
    if app is None:
        return
    wanted = language() == "ja"
    if (_installed is not None) == wanted:
        return
    if _installed is not None:
        app.removeTranslator(_installed)
        _installed = None
        return
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(QLocale(QLocale.Language.Japanese), "qtbase", "_", folder):
        app.installTranslator(translator)
        _installed = translator
