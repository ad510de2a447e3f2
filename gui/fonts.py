"""Whether this system has a font for a language's script: Japanese shown without one is rows of empty boxes, the
Language list's 日本語 among them, so a player could neither read the window nor find the way back."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase

from core.text import Text

# In English alone: without a Japanese font the Japanese would not show
NO_JAPANESE_FONT = Text("Card Table is shown in English: no Japanese font is installed. Install one (Debian and "
                        "Ubuntu: fonts-noto-cjk) and restart Card Table to play in Japanese.")
JAPANESE_WITHOUT_FONT = "Japanese (no font installed)"


def has_font_for(code: str) -> bool:
    """Whether a font on this system writes the language ``code`` (English: always)."""
    if code == "ja":
        return bool(QFontDatabase.families(QFontDatabase.WritingSystem.Japanese))
    return True
