"""What a plugin's table view is: a :class:`GameView` owning a :class:`CardScene` for one session.

A plugin names a factory in ``GameSpec.view`` (``"pkg.view:create_view"``); the shell imports it when the
game opens and calls ``create_view(session, art)``. The shell owns the window, toolbar, pause, saving and
the CPU pace; the view draws the table, turns clicks and keys into moves, and reports its status line.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from core.game import Hint, IllegalMove
from core.session import GameSession
from gui.cards import CardScene
from gui.deck import CardArt


class GameView(QObject):
    """Base class for plugin views. Override what the game needs."""

    #: the status line or the enabled actions changed
    changed = Signal()
    #: the view asks the shell for a shared action: "undo", "hint", "pause", "restart", "new"
    action_requested = Signal(str)

    #: shared toolbar actions this game uses
    actions: frozenset[str] = frozenset({"undo", "hint", "pause", "restart", "new"})
    #: whether Restart asks for a second press
    restart_needs_confirm = False
    #: whether Restart replays the same deal (True) or deals a new one (False)
    restart_keeps_deal = True

    def __init__(self, session: GameSession, art: CardArt) -> None:
        super().__init__()
        self.session = session
        self.art = art
        self.scene = CardScene()
        self.scene.background_clicked.connect(self.background_clicked)

    #: the last reason a move was refused, shown in the status line
    message = ""

    def try_play(self, move: object) -> bool:
        """Play a move for the person; when the rules refuse it, keep the reason for the status line."""
        try:
            self.session.play(move)
        except IllegalMove as error:
            self.message = str(error)
            self.changed.emit()
            return False
        self.message = ""
        return True

    def layout(self, width: float, height: float) -> None:
        """Place every item for a table of this many logical pixels (card sizes follow the window)."""

    def refresh(self) -> None:
        """Make the table show ``self.session.state``."""

    def key_press(self, key: int, text: str) -> bool:
        """Handle a game key (``Qt.Key`` value and its text); True when used."""
        return False

    def background_clicked(self) -> None:
        """A click on the empty table."""

    def status_text(self) -> str:
        return ""

    def ready_for_cpu(self) -> bool:
        """Whether the CPU may move now (a view may hold the table, e.g. until "Next")."""
        return True

    def show_hint(self, hint: Hint | None) -> None:
        """Highlight a hint (``None``: there is no move to suggest)."""

    def set_paused(self, paused: bool) -> None:
        """Hide or show every card; the shell covers the table too."""
        for item in self.scene.items():
            item.setVisible(not paused)

    def retranslate(self) -> None:
        """The language changed."""
        self.changed.emit()
