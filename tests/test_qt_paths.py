"""Files Qt reads from a folder whose name is not UTF-8 (Card Table installed under a home named in an old 8-bit
locale): Qt takes every file name as UTF-8, and the cards came out blank."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from core.cards import Card
from core.manager import load_host
from gui import deck
from gui.deck import CardArt, Theme, classic_dir
from gui.help_window import ABOUT, HelpWindow

pytestmark = pytest.mark.skipif(sys.platform not in ("linux", "freebsd"),
                                reason="only these systems' file names may be any bytes")


def inked_share(image: QImage) -> float:
    """The share of the picture's pixels that are not transparent."""
    inked = sum(image.pixelColor(x, y).alpha() > 0 for y in range(0, image.height(), 4)
                for x in range(0, image.width(), 4))
    return inked / (len(range(0, image.height(), 4)) * len(range(0, image.width(), 4)))


def test_cards_are_drawn_from_a_folder_named_in_another_encoding(qtbot: QtBot, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / os.fsdecode(b"k\xe4rten")  # ä as ISO-8859-1's single byte
    shutil.copytree(classic_dir(), folder)
    monkeypatch.setattr(deck, "CLASSIC", Theme("classic", "Card Table classic", folder, False))
    art = CardArt("classic")
    assert art.theme.path == folder
    for card in (Card.parse("AS"), Card.parse("TH"), None):
        assert inked_share(art.pixmap(card, 100).toImage()) > 0.9  # the whole card drawn, not a blank


def test_the_about_page_names_a_folder_in_another_encoding_with_a_mark_where_the_byte_is(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Qt drops a byte it cannot read without a trace: the About page named the folder ``dt`` for ``d\\xe4t``, a
    folder that is not there."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / os.fsdecode(b"d\xe4t")))
    window = HelpWindow(load_host(), lambda game: {}, ABOUT)
    qtbot.addWidget(window)
    shown = [line for line in window.browser.toPlainText().splitlines() if str(tmp_path) in line]
    assert len(shown) == 3 and all(f"{tmp_path}/d\ufffdt/" in line for line in shown), shown
