"""The Higher-or-Lower window: the presenter on the shell's shared table scene."""

from __future__ import annotations

from cardtable_hilo.table import HiLoPresenter
from gui.table_view import TableView


def create_view(session: object, art: object) -> TableView:
    return TableView(session, art, HiLoPresenter(), tools=("hint", "pause", "restart", "new"))  # type: ignore[arg-type]
