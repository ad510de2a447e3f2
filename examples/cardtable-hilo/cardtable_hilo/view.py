"""The Higher-or-Lower window: the presenter on the shell's shared table scene."""

from __future__ import annotations

from cardtable_hilo.table import HiLoPresenter
from core.plugin import GameSession
from gui.deck import CardArt
from gui.table_view import TableView


def create_view(session: GameSession, art: CardArt) -> TableView:
    # a guess is never taken back: the toolbar offers no Undo or Redo
    return TableView(session, art, HiLoPresenter(), tools=("hint", "pause", "restart", "new"))
