"""The shell's own colours: under the desktop's light or dark palette the launcher's tiles take theirs from the
palette, so their words read on either (white tiles under a dark theme's light text left every game's name and
description unreadable), and the Statistics window's charts choose their theme by ``is_dark``; the table's cloth
is the colour the player chose (``felt``), and its words the size chosen (``table_text``)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from gui.prefs import FELT_NAMES, TABLE_TEXT_NAMES

Role = QPalette.ColorRole

FELTS = dict(zip(FELT_NAMES, (QColor(29, 107, 58), QColor(28, 60, 104), QColor(56, 62, 68)), strict=True))
_felt = FELT_NAMES[0]  # the table colour chosen (the preferences' "felt"), which tables take


def set_felt(name: str) -> None:
    """The table colour tables take from now (one of :data:`FELTS`; an unknown name keeps the one before)."""
    global _felt
    if name in FELTS:
        _felt = name


def felt() -> QColor:
    """The chosen table colour."""
    return FELTS[_felt]


# the table's words (names, scores, buttons, panels, messages) by these times their size for the cards: for a
# player who reads larger text (a desktop's larger font grows the toolbar, not the table, which keeps to the cards)
TABLE_TEXT = dict(zip(TABLE_TEXT_NAMES, (1.0, 1.25, 1.5), strict=True))
_table_text = TABLE_TEXT_NAMES[0]


def set_table_text(name: str) -> None:
    """The size of the table's words from now (one of :data:`TABLE_TEXT`; an unknown name keeps the one before)."""
    global _table_text
    if name in TABLE_TEXT:
        _table_text = name


def table_text() -> float:
    """How many times its size for the cards the table's text is drawn."""
    return TABLE_TEXT[_table_text]


def is_dark() -> bool:
    """Whether the application's palette (the desktop's, or one set on the application) writes light text on dark
    windows."""
    colours = QApplication.palette()
    return colours.color(Role.Window).lightness() < colours.color(Role.WindowText).lightness()


def mixed(first: QColor, second: QColor, share: float) -> QColor:
    """``share`` of ``second`` in ``first``: 0 gives ``first``, 1 ``second``."""
    return QColor.fromRgbF(first.redF() + (second.redF() - first.redF()) * share,
                           first.greenF() + (second.greenF() - first.greenF()) * share,
                           first.blueF() + (second.blueF() - first.blueF()) * share)


def tile_style() -> str:
    """The launcher's tiles: the palette's base (white under a light theme) edged a little towards its text; a
    broken plugin's tile a step towards the window, its reason in near-full text colour (a faint grey was hard to
    read), the rest of it dimmed."""
    colours = QApplication.palette()
    base, ink, window = colours.color(Role.Base), colours.color(Role.Text), colours.color(Role.Window)
    return f"""
QFrame#tile {{ background: {base.name()}; border: 1px solid {mixed(base, ink, 0.2).name()}; border-radius: 10px; }}
QFrame#tile:disabled {{ background: {mixed(base, window, 0.5).name()}; color: {mixed(base, ink, 0.45).name()}; }}
QLabel#reason:disabled {{ color: {mixed(base, ink, 0.75).name()}; }}
QLabel#title {{ font-size: 18px; font-weight: bold; }}
"""


DARK = {Role.Window: "#2a2e32", Role.WindowText: "#fcfcfc", Role.Base: "#1b1e20", Role.AlternateBase: "#232629",
        Role.Text: "#fcfcfc", Role.Button: "#31363b", Role.ButtonText: "#fcfcfc", Role.Highlight: "#3daee9",
        Role.HighlightedText: "#fcfcfc", Role.ToolTipBase: "#31363b", Role.ToolTipText: "#fcfcfc",
        Role.PlaceholderText: "#a1a9b1", Role.Link: "#1d99f3", Role.LinkVisited: "#9b59b6", Role.Light: "#505050",
        Role.Midlight: "#454545", Role.Mid: "#404040", Role.Dark: "#202020", Role.Shadow: "#101010",
        Role.BrightText: "#ffffff"}
DARK_DISABLED = "#6e7175"


def dark_palette() -> QPalette:
    """A dark desktop's palette (KDE's Breeze Dark colours), to try the windows under one: the screenshots'
    ``--dark`` and the tests set it on the application, as a dark desktop theme does."""
    colours = QPalette()
    for role, colour in DARK.items():
        colours.setColor(role, QColor(colour))
    for role in (Role.WindowText, Role.Text, Role.ButtonText):
        colours.setColor(QPalette.ColorGroup.Disabled, role, QColor(DARK_DISABLED))
    return colours
