"""Yukon's table: foundations across the top, seven overlapping columns below, laid out in card-size
units so the table follows the window. Click (or Enter on) a face-up card to pick it and the cards in
front of it (yellow); legal destinations turn green; click one to move there."""

from __future__ import annotations

import time
from collections.abc import Iterator

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from core.cards import SUITS, Card
from core.game import Hint
from core.session import GameSession
from core.text import Text
from gui.cards import CardItem, ClickableItem, SlotItem
from gui.deck import CARD_RATIO, CardArt
from gui.i18n import language, text
from gui.view_base import GameView
from plugins.yukon.catalogue import CatalogueError, Entry, load_catalogue
from plugins.yukon.rules import FOUNDATION, RUSSIAN, Move, YukonRules, YukonState
from plugins.yukon.solver import LOST, WON, Result, solve_stepwise

SOLVER_SLICE_SECONDS = 0.012  # the window keeps this much of every event-loop turn for itself

GAP = 0.12  # between columns, in card widths
DOWN_STEP = 0.10  # vertical step of a face-down card, in card heights
UP_STEP = 0.24  # vertical step of a face-up card

WORDS = {
    "deal": Text("Deal {n}", "配り {n}"),
    "standard": Text("Standard", "標準"),
    "russian": Text("Russian", "ロシアン"),
    "moves": Text("{n} moves", "{n} 手"),
    "assisted": Text("assisted", "手助けあり"),
    "won": Text("You won!", "クリア！"),
    "won_assisted": Text("Won — with help", "クリア（手助けあり）"),
    "solvable": Text("solvable (solver, face-down cards known)", "解あり（裏札も分かった上でのソルバー判定）"),
    "unwinnable": Text("cannot be won", "解けない配り"),
    "unknown": Text("solvability not yet known", "解けるかは未確認"),
    "thinking": Text("solver thinking…", "ソルバー計算中…"),
    "still": Text("still winnable", "まだ解けます"),
    "no_longer": Text("no longer winnable — undo to go back", "もう解けません — 戻すで戻れます"),
    "level": Text("{level} deal", "{level}の配り"),
    "easy": Text("easy", "やさしい"), "normal": Text("normal", "ふつう"), "hard": Text("hard", "むずかしい"),
    "stuck": Text("No moves left. Undo, restart or try a new deal.",
                  "動かせる札がありません。戻す・やり直し・新しい配りを。"),
}


def word(key: str, **values: object) -> str:
    return WORDS[key].get(language()).format(**values)


class YukonView(GameView):
    restart_keeps_deal = True

    def __init__(self, session: GameSession, art: CardArt) -> None:
        super().__init__(session, art)
        self.rules: YukonRules = session.rules
        self.card_width = 80.0
        self.items: dict[Card, CardItem] = {}
        for suit in SUITS:
            for rank in range(1, 14):
                card = Card(rank, suit)
                item = CardItem(art, card, False, self.card_width)
                item.clicked.connect(self._card_clicked)
                self.scene.addItem(item)
                self.items[card] = item
        self.column_slots = [SlotItem("", self.card_width) for _ in range(7)]
        self.foundation_slots = [SlotItem(suit.symbol, self.card_width) for suit in SUITS]
        for slot in self.column_slots + self.foundation_slots:
            slot.clicked.connect(self._slot_clicked)
            self.scene.addItem(slot)
        self.selection: Move | None = None  # the picked group as a move without a target
        self.cursor = (0, 0)  # column, card index (or -1 for an empty column)
        self.cursor_visible = False
        self.message = ""
        self.banner_box = QGraphicsRectItem()
        self.banner_box.setBrush(QColor(0, 0, 0, 170))
        self.banner_box.setPen(QColor(255, 214, 0))
        self.banner_box.setZValue(5000)
        self.banner = QGraphicsSimpleTextItem(self.banner_box)
        self.banner.setBrush(QColor(255, 255, 255))
        self.scene.addItem(self.banner_box)
        self.banner_box.hide()
        self._size = (800.0, 600.0)
        # solvability: the catalogue knows some deals; a background run settles the rest, a slice at a time
        self.entry: Entry | None = None
        if self.state.deal_number is not None:
            try:
                self.entry = load_catalogue().lookup(self.state.variant, self.state.deal_number)
            except CatalogueError:
                self.entry = None
        self.deal_verdict = WON if self.entry is not None else ""
        self.position_verdict = ""
        self._solving: Iterator[Result | None] | None = None
        self._solving_for: tuple[object, ...] | None = None
        self.solver_timer = QTimer(self)
        self.solver_timer.setInterval(0)
        self.solver_timer.timeout.connect(self._solve_slice)
        self._start_solver()

    @property
    def state(self) -> YukonState:
        return self.session.state  # type: ignore[no-any-return]

    # -- layout -----------------------------------------------------------------------------------

    def layout(self, width: float, height: float) -> None:
        self._size = (width, height)
        self.card_width = max(24.0, min(width / (7 + 8 * GAP), height / (CARD_RATIO * 3.4)))
        self._place(animate=False)

    def _origin_x(self) -> float:
        used = 7 * self.card_width + 6 * GAP * self.card_width
        return max((self._size[0] - used) / 2, GAP * self.card_width)

    def _column_x(self, column: int) -> float:
        return self._origin_x() + column * self.card_width * (1 + GAP)

    def _columns_top(self) -> float:
        return self.card_width * (GAP + CARD_RATIO + 0.3)

    def _steps(self, column: int) -> tuple[float, float]:
        """Vertical steps for face-down and face-up cards, compressed when a column is long."""
        h = self.card_width * CARD_RATIO
        down, up = DOWN_STEP * h, UP_STEP * h
        cards = self.state.columns[column]
        hidden = self.state.hidden[column]
        room = self._size[1] - self._columns_top() - h - 6
        need = hidden * down + max(len(cards) - hidden - 1, 0) * up
        if need > room > 0:
            factor = room / need
            down, up = down * factor, up * factor
        return down, up

    def _place(self, animate: bool) -> None:
        w = self.card_width
        state = self.state
        top = GAP * w
        for i, slot in enumerate(self.foundation_slots):
            slot.set_width(w)
            slot.setPos(self._column_x(i + 3), top)
        for i, slot in enumerate(self.column_slots):
            slot.set_width(w)
            slot.setPos(self._column_x(i), self._columns_top())
        placed: set[Card] = set()
        for column, cards in enumerate(state.columns):
            down, up = self._steps(column)
            y = self._columns_top()
            for index, card in enumerate(cards):
                item = self.items[card]
                face_up = index >= state.hidden[column]
                item.set_card(card, face_up)
                item.set_width(w)
                item.setZValue(10 + index)
                item.move_to(QPointF(self._column_x(column), y), animate)
                placed.add(card)
                y += up if face_up else down
        for f, suit in enumerate(SUITS):
            for rank in range(1, state.foundations[f] + 1):
                item = self.items[Card(rank, suit)]
                item.set_card(item.card, True)
                item.set_width(w)
                item.setZValue(10 + rank)
                item.move_to(QPointF(self._column_x(f + 3), top), animate)
                placed.add(Card(rank, suit))
        self._place_banner()

    def _place_banner(self) -> None:
        font = QFont()
        font.setPixelSize(max(14, int(self.card_width * 0.38)))
        font.setBold(True)
        self.banner.setFont(font)
        rect = self.banner.boundingRect()
        pad = self.card_width * 0.25
        width, height = self._size
        box = QRectF(0, 0, rect.width() + 2 * pad, rect.height() + 2 * pad)
        self.banner_box.setRect(box)
        self.banner_box.setPos((width - box.width()) / 2, (height - box.height()) / 2)
        self.banner.setPos(pad, pad)

    # -- state to screen --------------------------------------------------------------------------

    # -- the background solver --------------------------------------------------------------------

    def _position(self) -> tuple[object, ...]:
        state = self.state
        return (state.columns, state.hidden, state.foundations)

    def _start_solver(self) -> None:
        if self._solving_for == self._position():
            return
        self.solver_timer.stop()
        self._solving_for = self._position()
        self.position_verdict = ""
        if self.state.won:
            self._solving = None
            return
        self._solving = solve_stepwise(self.state)
        if not self.session.paused:
            self.solver_timer.start()

    def _solve_slice(self) -> None:
        if self._solving is None or self.session.paused:
            self.solver_timer.stop()
            return
        until = time.perf_counter() + SOLVER_SLICE_SECONDS
        while time.perf_counter() < until:
            result = next(self._solving)
            if isinstance(result, Result):
                self._settle(result)
                return

    def _settle(self, result: Result) -> None:
        self.solver_timer.stop()
        self._solving = None
        self.position_verdict = result.verdict
        if result.verdict == WON:
            self.deal_verdict = WON
        elif self.state.moves_made == 0:
            self.deal_verdict = result.verdict
        self.changed.emit()

    def stop(self) -> None:
        """The player left the game: stop the background solver."""
        self.solver_timer.stop()
        self._solving = None

    def solvability_text(self) -> str:
        parts = []
        if self.entry is not None:
            parts.append(word("level", level=word(self.entry.level)))
        deal = {WON: word("solvable"), LOST: word("unwinnable")}.get(self.deal_verdict, word("unknown"))
        if self.state.moves_made == 0 or self.deal_verdict != WON or self.entry is not None:
            parts.append(deal)
        if self.state.moves_made and not self.state.won:
            parts.append({WON: word("still"), LOST: word("no_longer")}.get(
                self.position_verdict, word("thinking") if self._solving is not None else word("unknown")))
        elif self._solving is not None:
            parts.append(word("thinking"))
        return " · ".join(parts)

    def refresh(self) -> None:
        state = self.state
        if self.selection is not None and not self._group_items(self.selection):
            self.selection = None
        if self.cursor_visible:
            self._clamp_cursor(*self.cursor)  # the cursor's card may have moved away
        self._place(animate=True)
        self._mark()
        self._start_solver()
        if state.won:
            self.banner.setText(word("won_assisted") if state.assisted else word("won"))
            self._place_banner()
            self.banner_box.show()
        else:
            self.banner_box.hide()
        self.changed.emit()

    def _mark(self) -> None:
        for item in self.items.values():
            item.clear_marks()
        for slot in self.column_slots + self.foundation_slots:
            slot.clear_marks()
        if self.selection is not None:
            for item in self._group_items(self.selection):
                item.set_marks(selected=True)
            for move in self._destinations(self.selection):
                self._target_item(move.target, move).set_marks(destination=True)
        if self.cursor_visible:
            self._cursor_item().set_marks(cursor=True)

    def _group_items(self, pick: Move) -> list[ClickableItem]:
        state = self.state
        if pick.source == FOUNDATION:
            assert pick.suit is not None
            top = state.foundation_top(pick.suit)
            return [self.items[top]] if top else []
        column = state.columns[pick.source]
        if pick.count > len(column) - state.hidden[pick.source]:
            return []  # the group is gone (after an undo, say)
        return [self.items[c] for c in column[len(column) - pick.count :]]

    def _destinations(self, pick: Move) -> list[Move]:
        return [m for m in self.session.legal_moves()
                if m.source == pick.source and m.count == pick.count and m.suit == pick.suit]

    def _target_item(self, target: int, move: Move | None = None) -> ClickableItem:
        state = self.state
        if target == FOUNDATION:
            assert move is not None
            suit = self._moving_card(move).suit
            top = state.foundation_top(suit)
            return self.items[top] if top else self.foundation_slots[SUITS.index(suit)]
        column = state.columns[target]
        return self.items[column[-1]] if column else self.column_slots[target]

    def _moving_card(self, move: Move) -> Card:
        state = self.state
        if move.source == FOUNDATION:
            assert move.suit is not None
            top = state.foundation_top(move.suit)
            assert top is not None
            return top
        column = state.columns[move.source]
        return column[len(column) - move.count]

    # -- picking and moving -----------------------------------------------------------------------

    def _where(self, card: Card) -> tuple[int, int] | None:
        """(column, index) of a card in the tableau, or (FOUNDATION, suit index)."""
        for c, column in enumerate(self.state.columns):
            if card in column:
                return c, column.index(card)
        if self.state.foundation_top(card.suit) == card:
            return FOUNDATION, SUITS.index(card.suit)
        return None

    def _pick_at(self, column: int, index: int) -> Move | None:
        state = self.state
        if column == FOUNDATION:
            suit = SUITS[index]
            return Move(FOUNDATION, 0, 1, suit) if state.returns_allowed and state.foundation_top(suit) else None
        cards = state.columns[column]
        if index < state.hidden[column] or index >= len(cards):
            return None
        return Move(column, 0, len(cards) - index)

    def _card_clicked(self, item: ClickableItem) -> None:
        if self.session.paused or not isinstance(item, CardItem) or item.card is None:
            return
        where = self._where(item.card)
        if where is None:
            return
        column, index = where
        if self.selection is not None:
            if self._pick_at(column, index) == self.selection:
                self.select(None)
                return
            target = FOUNDATION if column == FOUNDATION else column
            if target != self.selection.source or column == FOUNDATION:
                if self.try_move(target):
                    return
                if column == FOUNDATION or index != len(self.state.columns[column]) - 1:
                    pick = self._pick_at(column, index)
                    if pick is None:
                        return
                    self.select(pick)
                return
        self.select(self._pick_at(column, index))

    def _slot_clicked(self, item: ClickableItem) -> None:
        if self.session.paused or self.selection is None:
            return
        if item in self.foundation_slots:
            self.try_move(FOUNDATION)
        else:
            self.try_move(self.column_slots.index(item))  # type: ignore[arg-type]

    def background_clicked(self) -> None:
        self.select(None)

    def select(self, pick: Move | None) -> None:
        self.selection = pick
        self.message = ""
        self._mark()
        self.changed.emit()

    def try_move(self, target: int) -> bool:
        """Move the selection to a column (0–6) or FOUNDATION; keeps the selection when it is not legal."""
        pick = self.selection
        if pick is None:
            return False
        if target == FOUNDATION:
            move = Move(pick.source, FOUNDATION) if pick.count == 1 and pick.source != FOUNDATION else None
            if move is None:
                self.message = "only a column's front card can go to a foundation"
                self.changed.emit()
                return False
        else:
            move = Move(pick.source, target, pick.count, pick.suit)
        if not self.try_play(move):
            return False
        self.selection = None
        self.refresh()
        return True

    # -- keyboard ---------------------------------------------------------------------------------

    def _cursor_item(self) -> ClickableItem:
        column, index = self.cursor
        cards = self.state.columns[column]
        if not cards:
            return self.column_slots[column]
        return self.items[cards[min(max(index, 0), len(cards) - 1)]]

    def _clamp_cursor(self, column: int, index: int) -> None:
        cards = self.state.columns[column]
        low = self.state.hidden[column]
        index = len(cards) - 1 if index < 0 else index
        self.cursor = (column, min(max(index, low), max(len(cards) - 1, 0)))

    def key_press(self, key: int, key_text: str) -> bool:
        if self.session.paused:
            return False
        column, index = self.cursor
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            if not self.cursor_visible:
                self.cursor_visible = True
                self._clamp_cursor(column, -1)
            elif key == Qt.Key.Key_Left:
                self._clamp_cursor((column - 1) % 7, -1)
            elif key == Qt.Key.Key_Right:
                self._clamp_cursor((column + 1) % 7, -1)
            elif key == Qt.Key.Key_Up:
                self._clamp_cursor(column, index - 1)
            else:
                self._clamp_cursor(column, index + 1)
            self._mark()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.cursor_visible = True
            cards = self.state.columns[column]
            if self.selection is not None and column != self.selection.source:
                self.try_move(column)
            elif self.selection is not None and self._pick_at(column, index) == self.selection:
                self.select(None)
            elif cards:
                self.select(self._pick_at(column, min(index, len(cards) - 1)))
            return True
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_7:
            if self.selection is not None:
                self.try_move(key - Qt.Key.Key_1)
            return True
        if key == Qt.Key.Key_F:
            if self.selection is None and self.cursor_visible and self.state.columns[column]:
                self.selection = Move(column, 0, 1)
            self.try_move(FOUNDATION)
            return True
        if key == Qt.Key.Key_H:
            self.action_requested.emit("hint")
            return True
        if key == Qt.Key.Key_Z:
            self.action_requested.emit("undo")
            return True
        if key == Qt.Key.Key_Escape:
            self.select(None)
            return True
        return False

    # -- shell hooks ------------------------------------------------------------------------------

    def show_hint(self, hint: Hint | None) -> None:
        if hint is None:
            self.select(None)
            return
        move = Move.parse(hint.move)
        self.select(Move(move.source, 0, move.count, move.suit))
        for item in self._group_items(self.selection or move):
            item.set_marks(selected=True)
        for slot in self.column_slots + self.foundation_slots:
            slot.set_marks(destination=False)
        for item in self.items.values():
            item.set_marks(destination=False)
        self._target_item(move.target, move).set_marks(destination=True)
        self.message = text(hint.reason)
        self.changed.emit()

    def status_text(self) -> str:
        state = self.state
        parts = [word("deal", n=state.deal_number) if state.deal_number else "",
                 word("russian") if state.variant == RUSSIAN else word("standard"),
                 word("moves", n=state.moves_made)]
        if state.assisted:
            parts.append(word("assisted"))
        if not state.won:
            parts.append(self.solvability_text())
        if not state.won and not self.session.legal_moves():
            parts.append(word("stuck"))
        if self.message:
            parts.append(self.message)
        return " · ".join(p for p in parts if p)

    def set_paused(self, paused: bool) -> None:
        super().set_paused(paused)
        if paused:
            self.solver_timer.stop()
        else:
            self.banner_box.setVisible(self.state.won)
            if self._solving is not None:
                self.solver_timer.start()

    def retranslate(self) -> None:
        if self.state.won:
            self.banner.setText(word("won_assisted") if self.state.assisted else word("won"))
            self._place_banner()
        super().retranslate()


def create_view(session: GameSession, art: CardArt) -> YukonView:
    return YukonView(session, art)


__all__ = ["YukonView", "create_view"]
