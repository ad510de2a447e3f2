"""The settings dialog's box for a whole number. It writes the number as the rest of the window does, in ASCII
digits whatever the system's locale (Qt's own box writes ١٢٣ under an Arabic locale, ۱۲۳ under a Persian one, in
an English or Japanese window), and it takes the digits a player types or pastes in any script: full-width ones
from a Japanese input method or web page (１２３), Arabic-Indic, Devanagari — which Qt's box refused without a
word, leaving the old number."""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import QLocale
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QSpinBox, QWidget

MINUS_SIGNS = "−－﹣"  # the minus sign, the full-width hyphen-minus, the small one


def ascii_digits(typed: str) -> str:
    """``typed`` with each decimal digit of any script as its ASCII digit and each minus sign as "-", character
    for character (so the cursor's place in it stays right)."""
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() else "-" if c in MINUS_SIGNS else c for c in typed)


class NumberBox(QSpinBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLocale(QLocale.c())  # ASCII digits, no group separators written (commas pasted are read)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        return super().validate(ascii_digits(text), pos)
