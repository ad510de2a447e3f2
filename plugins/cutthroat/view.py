"""The two- and three-handed windows: the presenter on the shared table scene. Restart asks twice and deals a
new match."""

from __future__ import annotations

from core.session import GameSession
from gui.deck import CardArt
from gui.table_view import TableView
from plugins.cutthroat.presenter import CutthroatPresenter


def create_view(session: GameSession, art: CardArt) -> TableView:
    return TableView(session, art, CutthroatPresenter(), tools=("hint", "pause", "restart", "new"),
                     confirm_before_start=True, restart_keeps_deal=False)
