"""The Higher-or-Lower table: the cards turned so far, the current card, and two buttons (keys H and L).

A plugin's view subclasses ``gui.view_base.GameView`` and uses the shell's shared card items; the shell
provides the window, toolbar, pause, saving and undo.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QHBoxLayout, QPushButton, QWidget

from core.session import GameSession
from gui.cards import CardItem
from gui.deck import CardArt
from gui.view_base import GameView


class HiLoView(GameView):
    actions = frozenset({"hint", "pause", "restart", "new"})

    def __init__(self, session: GameSession, art: CardArt) -> None:
        super().__init__(session, art)
        self.items: list[CardItem] = []
        self.caption = QGraphicsSimpleTextItem()
        self.caption.setBrush(QColor(255, 255, 255))
        self.scene.addItem(self.caption)
        panel = QWidget()
        panel.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        row = QHBoxLayout(panel)
        self.buttons = {}
        for move, label in (("higher", "Higher (H)"), ("lower", "Lower (L)")):
            button = QPushButton(label)
            button.setObjectName(move)
            button.clicked.connect(lambda _=False, m=move: self.guess(m))
            row.addWidget(button)
            self.buttons[move] = button
        self.proxy = self.scene.addWidget(panel)
        self._size = (800.0, 600.0)

    def guess(self, move: str) -> None:
        if not self.session.paused and not self.session.is_over and self.try_play(move):
            self.refresh()

    def layout(self, width: float, height: float) -> None:
        self._size = (width, height)
        self.refresh()

    def refresh(self) -> None:
        width, height = self._size
        observation = self.session.observation(0)
        seen = observation.seen
        while len(self.items) < len(seen):
            item = CardItem(self.art, None, True)
            self.scene.addItem(item)
            self.items.append(item)
        card_width = min(width / 8, height / 3.2)
        for i, item in enumerate(self.items):
            item.setVisible(i < len(seen))
            if i < len(seen):
                item.set_card(seen[i], True)
                last = i == len(seen) - 1
                item.set_width(card_width * (1.4 if last else 0.6))
                x = width / 2 - card_width * 0.7 if last else 10 + i * card_width * 0.35
                item.setPos(QPointF(x, height * 0.3 if last else 10))
                item.setZValue(i)
        font = QFont()
        font.setPixelSize(max(14, int(card_width * 0.22)))
        self.caption.setFont(font)
        outcome = self.session.outcome
        self.caption.setText(outcome.summary if outcome else f"{observation.right} right of {observation.goal}")
        self.caption.setPos(width / 2 - self.caption.boundingRect().width() / 2, height * 0.2)
        self.proxy.setPos(width / 2 - self.proxy.size().width() / 2, height * 0.85)
        for button in self.buttons.values():
            button.setEnabled(not self.session.is_over)
        self.changed.emit()

    def key_press(self, key: int, text: str) -> bool:
        if key in (Qt.Key.Key_H, Qt.Key.Key_L):
            self.guess("higher" if key == Qt.Key.Key_H else "lower")
            return True
        return False

    def show_hint(self, hint: object) -> None:
        move = getattr(hint, "move", None)
        for name, button in self.buttons.items():
            button.setDefault(name == move)
        self.message = f"Hint: {move}" if move else ""
        self.changed.emit()

    def status_text(self) -> str:
        return self.message


def create_view(session: GameSession, art: CardArt) -> HiLoView:
    return HiLoView(session, art)
