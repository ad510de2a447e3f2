"""Breaking a line of text to fit a width, in English or Japanese: the table's words and the charts' titles."""

from __future__ import annotations

import re

from PySide6.QtGui import QFontMetricsF

# The pieces a line may break between: a Japanese character alone or a katakana word whole (an opening bracket
# kept with what follows it; closing brackets, punctuation, small kana and the long-vowel mark with what comes
# before, a space between them or not: none may end or start a line), or a word — with the Japanese that follows
# it without a space (a number with its counter, a card with its particle); each with the spaces after it.
_OPENING = "「『（【〈《"
_TRAILING = "」』）】〉》、。，．！？・ー…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
_JAPANESE = rf"(?:[ァ-ヺー]+|[\u2e80-\uffff])[{_TRAILING}]*"
_PIECES = re.compile(rf"[{_OPENING}]*(?:{_JAPANESE}|[^\s\u2e80-\uffff]+(?:(?![{_OPENING}]){_JAPANESE})?)"
                     rf"(?:\s+[{_TRAILING}]+)?\s*|\s+")


def wrapped(line: str, metrics: QFontMetricsF, room: float) -> list[str]:
    """``line`` broken into lines no wider than ``room`` and as even as they can be (no last word alone): at
    spaces, and between Japanese characters (written without spaces), never inside a katakana word."""
    width = metrics.horizontalAdvance(line)
    if width <= room:
        return [line]
    pieces = _PIECES.findall(line)

    def fill(limit: float) -> list[str]:
        lines, current = [], ""
        for piece in pieces:
            if current and metrics.horizontalAdvance((current + piece).rstrip()) > limit:
                lines.append(current.rstrip())
                current = ""
            current += piece
        return [*lines, current.rstrip()] if current.strip() else lines

    count = len(fill(room))
    narrow, wide = width / count, room  # the narrowest width that still needs no more lines
    for _ in range(10):
        middle = (narrow + wide) / 2
        narrow, wide = (narrow, middle) if len(fill(middle)) <= count else (middle, wide)
    return fill(wide)
