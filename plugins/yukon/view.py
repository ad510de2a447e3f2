"""Yukon's window: its presenter on the shared table scene. Restart replays the same deal."""

from __future__ import annotations

from core.session import GameSession
from gui.deck import CardArt
from gui.table_view import TableView
from plugins.yukon.presenter import YukonPresenter


def create_view(session: GameSession, art: CardArt) -> TableView:
    presenter = YukonPresenter(auto_finish=bool(session.settings.get("auto_finish", True)),
                               safe_cards_home=bool(session.settings.get("safe_cards_home", False)))
    return TableView(session, art, presenter, restart_keeps_deal=True)
