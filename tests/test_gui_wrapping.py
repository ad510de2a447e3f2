"""The table's line breaking: where a long label may break, tried on every Japanese sentence the games say."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QFont, QFontMetricsF
from pytestqt.qtbot import QtBot

from gui.line_breaks import _OPENING, _TRAILING, wrapped

ROOT = Path(__file__).resolve().parents[1]
_KATAKANA_WORD = re.compile(r"[ァ-ヺー]{2,}")
_NUMBER_AND_COUNTER = re.compile(r"[0-9]+[\u3040-\u30ff\u4e00-\u9fff]")


def japanese_sentences() -> list[str]:
    """Every string literal with kana in it in the games' and the shell's source, longest first."""
    found = set()
    for path in [*ROOT.glob("plugins/*/*.py"), *ROOT.glob("gui/*.py"), *ROOT.glob("core/*.py")]:
        for text in re.findall(r'"([^"\n]*[\u3040-\u30ff][^"\n]*)"', path.read_text(encoding="utf-8")):
            found.add(text)
    return sorted(found, key=len, reverse=True)


def test_japanese_lines_never_break_inside_a_katakana_word_or_before_closing_marks(qtbot: QtBot) -> None:
    font = QFont()
    font.setPixelSize(16)
    metrics = QFontMetricsF(font)
    # (a fragment joined to another sentence may itself start with a closing mark)
    sentences = [s for s in japanese_sentences() if metrics.horizontalAdvance(s) > 200 and s[0] not in _TRAILING]
    assert len(sentences) >= 20, "the games say many long Japanese sentences"
    checked = 0
    for sentence in sentences:
        for room in (120, 170, 230):
            lines = wrapped(sentence, metrics, room)
            assert "".join(lines).replace(" ", "") == sentence.replace(" ", ""), "no character is lost"
            for line in lines:
                assert line and line[0] not in _TRAILING and line[-1] not in _OPENING, (sentence, lines)
            for word in [*_KATAKANA_WORD.findall(sentence), *_NUMBER_AND_COUNTER.findall(sentence)]:
                assert any(word in line for line in lines), (word, lines)
            checked += len(lines) > 1
    assert checked > 50, "the sentences were long enough to wrap"
