"""The one table scene: draws any :class:`core.table.Table` and turns the mouse and keys into table events.

Layout is in card units (see ``core.table``): the card size follows the window, fanned piles squeeze down to
their ``squeeze`` so every index stays readable, and the whole table shrinks when even that is not enough.
Cards keep their identity between tables (a face-up card by its text, a face-down one by its place), so a
card that changes pile glides there, and a face-down card that turns up where it lay flips over; a card
that appears face up where nothing held it (a card just played from a hand of backs) starts from the place a
back just vanished from. Choices become focusable buttons (Tab reaches them, Enter presses them, their key
is shown). The arrow keys move a cursor over the piles marked ``focus``; cards in a ``drag`` pile can be
dragged with the cards fanned over them, and while they are, the pile they would drop on is outlined when the
move is legal there (as KPatience does); a redrawn table leaves them in the hand. A click fires only when press
and release are on the same card, a double-click only when its first press was on it too. The right button
held on a covered face-up card shows it whole on top of its pile until released (KPatience's peek), and so does
a finger held still on it (a touchscreen has no right button; a long press of the mouse stays a click).
What a screen reader should hear goes out as ``spoken`` (:mod:`core.table_words`): what changed with each new
table, the card under the cursor as it moves, the table button Tab reaches.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFocusEvent, QFont, QFontMetricsF, QKeyEvent, QPainter, QPen, QTransform
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from core.cards import Card
from core.table import CARD_HEIGHT, Background, Choice, Click, Drop, Hold, Label, Pile, Style, Table
from core.table_cursor import kept_cursor, moved_cursor
from core.table_words import choice_words, cursor_words, news, sentences
from gui import animation
from gui.cards import CURSOR, MARK_MARGIN, SUIT_SIGN_SHOWN, CardItem, SlotItem, TableItem
from gui.deck import CardArt
from gui.double_clicks import first_half_just_now
from gui.i18n import text
from gui.line_breaks import wrapped
from gui.theme import felt, table_text

MIN_CARD = 24.0  # pixels: below this a card is not worth drawing
DEAL_AFTER_LAYOUT_MS = 50  # a new game's deal waits this long for the window's last resize
NEWS_AFTER_MS = 200  # a screen reader hears what changed once the table has been still this long
DRAG_Z = 8000  # the dragged cards, over every other card
PEEK_Z = 9000  # a peeked card, over its pile (and a drag's)
REFUSAL_MS = 4000  # how long a refused move's reason stays on the table, unless the player acts first
INK = QColor(25, 25, 25)
RED = QColor(200, 16, 46)
HINT_BLUE = QColor(40, 130, 230)  # a hinted button's outline and the hint's box


def _font(size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(10, round(size)))
    font.setBold(bold)
    return font


class ButtonItem(QGraphicsObject):
    """A :class:`Choice` as a focusable button: click, Enter or Space presses it; its key is shown."""

    pressed = Signal(object)

    def __init__(self, choice: Choice, size: float) -> None:
        super().__init__()
        self.choice = choice
        self.size = size
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, choice.enabled)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton if choice.enabled else Qt.MouseButton.NoButton)
        self._down = False
        self.setZValue(6000)

    def set_size(self, size: float) -> None:
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size
            self.update()

    def label(self) -> str:
        mark = "✓ " if self.choice.checked else ""
        key = f"  {self.choice.key}" if self.choice.key else ""
        return f"{mark}{text(self.choice.text)}{key}"

    def boundingRect(self) -> QRectF:
        metrics = QFontMetricsF(_font(self.size))
        return QRectF(0, 0, metrics.horizontalAdvance(self.label()) + 1.6 * self.size, 2.0 * self.size)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        rect = self.boundingRect().adjusted(1, 1, -1, -1)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        enabled = self.choice.enabled
        fill = QColor(255, 246, 214) if self.choice.checked else QColor(226, 238, 255) if self.choice.hinted \
            else QColor(250, 250, 250, 240 if enabled else 120)
        painter.setBrush(fill)
        border = CURSOR if self.hasFocus() else HINT_BLUE if self.choice.hinted \
            else QColor(255, 190, 40) if self.choice.checked else INK
        painter.setPen(QPen(border, 3 if self.hasFocus() or self.choice.hinted else 1.5))
        painter.drawRoundedRect(rect, self.size * 0.4, self.size * 0.4)
        painter.setFont(_font(self.size))
        main = f"{'✓ ' if self.choice.checked else ''}{text(self.choice.text)}"
        painter.setPen(RED if self.choice.colour == "red" else INK if enabled else QColor(140, 140, 140))
        x = rect.left() + 0.8 * self.size
        painter.drawText(QRectF(x, rect.top(), rect.width(), rect.height()), Qt.AlignmentFlag.AlignVCenter, main)
        if self.choice.key:
            painter.setPen(QColor(110, 110, 110))
            width = QFontMetricsF(_font(self.size)).horizontalAdvance(main + "  ")
            painter.drawText(QRectF(x + width, rect.top(), rect.width(), rect.height()),
                             Qt.AlignmentFlag.AlignVCenter, self.choice.key)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._down = True
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._down and self.boundingRect().contains(event.pos()):
            self.pressed.emit(self.choice)
        self._down = False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.pressed.emit(self.choice)
        else:
            event.ignore()

    def focusInEvent(self, event: QFocusEvent) -> None:
        if event.reason() == Qt.FocusReason.MouseFocusReason:  # a click (or a tap) leaves the keys with the table, as a
            self.clearFocus()  # toolbar button's does: else the next Space or Enter pressed this button again
            return
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()


class TextItem(QGraphicsObject):
    """A :class:`Label` (or a hold's text) drawn in its style."""

    def __init__(self) -> None:
        super().__init__()
        self.style = Style.PLAIN
        self.lines: list[str] = []
        self.size = 14.0
        self.colour = ""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(4000)

    def set(self, content: str, style: Style, size: float, colour: str = "", width: float = 0.0) -> None:
        """Show ``content``; with ``width`` (pixels), lines that would run wider wrap."""
        self.prepareGeometryChange()
        self.style, self.size, self.colour = style, size, colour
        self.lines = content.split("\n")
        if width > 0:
            metrics = QFontMetricsF(self._font())
            room = width - 2 * self._pad()
            self.lines = [part for line in self.lines for part in wrapped(line, metrics, room)]
        self.update()

    def _font(self) -> QFont:
        return _font(self.size, self.style in (Style.TITLE, Style.TURN))

    def _pad(self) -> float:
        return 0.0 if self.style in (Style.PLAIN, Style.TITLE, Style.SEAT) else self.size * 0.45

    def boundingRect(self) -> QRectF:
        metrics = QFontMetricsF(self._font())
        width = max((metrics.horizontalAdvance(line) for line in self.lines), default=0.0)
        pad = self._pad()
        return QRectF(0, 0, width + 2 * pad, metrics.height() * len(self.lines) + 2 * pad * 0.7)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        rect = self.boundingRect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        background = {Style.PANEL: QColor(0, 0, 0, 110), Style.BADGE: QColor(255, 255, 255, 220),
                      Style.SPEECH: QColor(255, 255, 255, 235), Style.TURN: QColor(0, 0, 0, 120),
                      Style.HINT: QColor(232, 242, 255, 245)}.get(self.style)
        if background is not None:
            # a speech bubble's grey edge keeps its shape where it stands over the white cards (a refusal, the demo)
            pen = {Style.TURN: QPen(QColor(255, 214, 0), 2), Style.HINT: QPen(HINT_BLUE, 2),
                   Style.SPEECH: QPen(QColor(0, 0, 0, 70), 1)}.get(self.style)
            painter.setPen(pen if pen is not None else Qt.PenStyle.NoPen)
            painter.setBrush(background)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), self.size * 0.5, self.size * 0.5)
        dark = self.style in (Style.BADGE, Style.SPEECH, Style.HINT)
        colour = RED if self.colour == "red" else INK if dark or self.colour == "black" else QColor(255, 255, 255)
        if self.style == Style.TURN:
            colour = QColor(255, 230, 120)
        painter.setPen(colour)
        font = self._font()
        painter.setFont(font)
        line_height = QFontMetricsF(font).height()
        pad = self._pad()
        for n, line in enumerate(self.lines):
            painter.drawText(QRectF(pad, pad * 0.7 + n * line_height, rect.width(), line_height),
                             Qt.AlignmentFlag.AlignVCenter, line)


class HoldItem(QGraphicsObject):
    """A :class:`Hold`: a panel with a title, lines and buttons, over the table."""

    def __init__(self) -> None:
        super().__init__()
        self.title = TextItem()
        self.title.setParentItem(self)
        self.body = TextItem()
        self.body.setParentItem(self)
        self.buttons: list[ButtonItem] = []
        self._rect = QRectF()
        self.setZValue(5000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(0, 0, 0, 185))
        painter.setPen(QPen(QColor(255, 214, 0), 2))
        painter.drawRoundedRect(self._rect.adjusted(1, 1, -1, -1), 10, 10)

    def show_hold(self, hold: Hold, unit: float, buttons: list[ButtonItem], room: float, scale: float = 1.0) -> None:
        """Lay the panel out for ``hold``, its words ``scale`` times their size for the cards; its text wraps so
        that the panel is no wider than ``room``."""
        self.prepareGeometryChange()
        size = min(24.0, max(13.0, unit * 0.26)) * scale
        inside = room - 2 * size  # the panel's padding is ``size`` on each side
        self.title.set(text(hold.title), Style.TITLE, size * 1.15, width=inside)
        self.body.set("\n".join(text(line) for line in hold.lines), Style.PLAIN, size, width=inside)
        self.body.setVisible(bool(hold.lines))
        for old in self.buttons:
            if old not in buttons:
                old.setParentItem(None)  # type: ignore[arg-type]  # the stubs omit None, which detaches
        self.buttons = buttons
        pad = size
        title, body = self.title.boundingRect(), self.body.boundingRect() if hold.lines else QRectF()
        row = sum(b.boundingRect().width() for b in buttons) + pad * 0.6 * max(len(buttons) - 1, 0)
        width = max(title.width(), body.width(), row) + 2 * pad
        y = pad
        self.title.setPos((width - title.width()) / 2, y)
        y += title.height() + (pad * 0.4 if hold.lines else 0)
        self.body.setPos((width - body.width()) / 2, y)
        y += body.height() + pad * 0.6
        x = (width - row) / 2
        for button in buttons:
            button.setParentItem(self)
            button.setPos(x, y)
            x += button.boundingRect().width() + pad * 0.6
        height = y + (max((b.boundingRect().height() for b in buttons), default=0.0)) + pad
        self._rect = QRectF(0, 0, width, height)
        self.update()


def _nowhere(pile: str, index: int) -> Collection[str]:
    """A table that says nothing about where dragged cards may go."""
    return ()


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height() if rect.isValid() else 0.0


def _lifted_clear(rect: QRectF, labels: list[QRectF], gap: float) -> QRectF:
    """``rect`` moved up, ``gap`` clear of the labels below its middle that it reaches down onto (it stays on the
    table)."""
    lift = max((rect.bottom() - label.top() + gap for label in labels
                if label.intersects(rect) and label.center().y() > rect.center().y()), default=0.0)
    return rect.translated(0, max(rect.top() - lift, 4.0) - rect.top())


@dataclass
class _Place:
    """Where a card item goes in the current table."""

    pile: Pile
    index: int
    pos: QPointF
    width: float
    shown: float  # how far down the card shows before the next card of its fan covers it, in card widths


class TableScene(QGraphicsScene):
    """Draws tables and reports input as :mod:`core.table` events (``table_event``) and button presses."""

    table_event = Signal(object)
    choice_pressed = Signal(object)
    dealing = Signal()  # the cards of a deal lie in the deck and are about to set off
    spoken = Signal(str)  # words for a screen reader to say now (see core.table_words)

    def __init__(self, art: CardArt) -> None:
        super().__init__()
        self.art = art
        self.setBackgroundBrush(felt())
        self.table: Table | None = None
        self.view_size = (800.0, 600.0)
        self.unit = 80.0  # pixels per card width
        self.origin = QPointF(0, 0)
        self.cards: dict[str, CardItem] = {}  # by identity
        self.places: dict[str, _Place] = {}
        self.slots: dict[str, SlotItem] = {}
        self.texts: dict[str, TextItem] = {}
        self.buttons: dict[str, ButtonItem] = {}
        self.hold_item = HoldItem()
        self.addItem(self.hold_item)
        self.hold_item.hide()
        self.refusal_item = TextItem()  # why the last move was refused, shown where the player acted
        self.refusal_item.setZValue(6000)
        self.addItem(self.refusal_item)
        self.refusal_item.hide()
        self._refusal_timer = QTimer(self)
        self._refusal_timer.setSingleShot(True)
        self._refusal_timer.timeout.connect(self.refusal_item.hide)
        self.last_click: QPointF | None = None  # where the last click or drop was; None after a key
        self.cursor: tuple[str, int | None] | None = None
        self._told: Table | None = None  # the table whose news a screen reader heard last
        self._just_said: set[str] = set()  # said since, outside the news
        self._news_timer = QTimer(self)  # news waits for the table to settle: a move, then its analysis
        self._news_timer.setSingleShot(True)
        self._news_timer.setInterval(NEWS_AFTER_MS)
        self._news_timer.timeout.connect(self._tell_news)
        self._hold_timer = QTimer(self)  # a finger held still on a card: the peek, when it is covered
        self._hold_timer.setSingleShot(True)
        self._hold_timer.timeout.connect(self._peek_held)
        self._finger_peek = False  # the peek ends when the finger lifts
        self._pressed_last: tuple[tuple[tuple[str, int | None], str | None], float] | None = None  # card, when
        self.paused = False
        # the press under way: pile, card index, where, and the card's key (the table may move it meanwhile)
        self._press: tuple[str, int | None, QPointF, str | None] | None = None
        self._drag: list[CardItem] = []
        self._drag_offsets: list[QPointF] = []
        # where the cards of pile, index may be dropped (the view's answer; none by default)
        self.drop_targets: Callable[[str, int], Collection[str]] = _nowhere
        self._drag_targets: frozenset[str] = frozenset()
        self._drag_at = QPointF()  # the pointer during a drag
        self._lit: str | None = None  # the pile outlined as the dragged cards' destination
        self._spot: SlotItem | None = None  # its outline while it is an empty pile the table draws no outline for
        self._peek: tuple[CardItem, float] | None = None  # the card shown whole, and its place in the pile's order
        self._dealt: str | None = None  # the key of the last deal shown
        self._deal_timer = QTimer(self)  # a new game's deal, once its page is laid out
        self._deal_timer.setSingleShot(True)
        self._deal_timer.setInterval(DEAL_AFTER_LAYOUT_MS)
        self._deal_timer.timeout.connect(self.deal)
        self.deal_when_laid_out = False
        self._dealt_until = 0.0  # time.monotonic() when the last card dealt arrives

    # -- layout -----------------------------------------------------------------------------------

    def resize(self, width: float, height: float) -> None:
        self.view_size = (width, height)
        self.setSceneRect(0, 0, width, height)
        self.redraw()  # (the refusal shown goes: placed for the old size, by cards that are moving)
        if (self.deal_when_laid_out and animation.enabled() and width > 0 and height > 0 and self.table is not None
                and self.table.deal is not None):
            deck = self.point(self.table.deal.x, self.table.deal.y)
            for item in self.cards.values():  # no glimpse of the cards before they are dealt
                item.wait_in_deck(deck)
            self._dealt_until = time.monotonic() + DEAL_AFTER_LAYOUT_MS / 1000
            self._deal_timer.start()  # again at each resize: the deal waits for the last one

    def redraw(self) -> None:
        """Lay the table shown out again (at a new size, or in the table text size now chosen)."""
        self.hide_refusal()
        if self.table is not None:
            self.show_table(self.table, animate=False)

    def _fit(self, table: Table) -> None:
        """Pixels per card unit so the table and every fan (at its tightest) fit, and the table's corner."""
        vw, vh = self.view_size
        unit = min(vw / table.width, vh / table.height)
        for pile in table.piles:
            if len(pile.cards) < 2 or pile.room is not None:
                continue
            steps = [pile.step(i) for i in range(len(pile.cards) - 1)]
            dy = sum(s[1] for s in steps) * pile.squeeze
            dx = sum(s[0] for s in steps) * pile.squeeze
            if dy > 0:  # the last card's marks must fit below it too
                unit = min(unit, (vh - MARK_MARGIN) / (pile.y + dy + CARD_HEIGHT * pile.scale + 0.05))
            if dx > 0:
                unit = min(unit, (vw - MARK_MARGIN) / (pile.x + dx + pile.scale + 0.05))
        self.unit = max(MIN_CARD, unit)
        free_fan = any(p.room is None and p.fan[1] > 0 for p in table.piles)
        x = max((vw - table.width * self.unit) / 2, 0.0)
        y = 0.0 if free_fan else max((vh - table.height * self.unit) / 2, 0.0)
        self.origin = QPointF(x, y)

    def point(self, x: float, y: float) -> QPointF:
        return QPointF(self.origin.x() + x * self.unit, self.origin.y() + y * self.unit)

    def _squeeze(self, pile: Pile) -> float:
        """How much of its fan a pile gets: all of it when it fits its room (or the window), else less."""
        if pile.room is not None:
            return pile.squeezed(pile.room)
        vertical = abs(pile.fan[1]) >= abs(pile.fan[0])
        edge = (self.view_size[1] - self.origin.y()) / self.unit if vertical else \
            (self.view_size[0] - self.origin.x()) / self.unit
        return pile.squeezed(edge - (pile.y if vertical else pile.x) - 0.05 - MARK_MARGIN / self.unit)

    def _places(self, table: Table) -> Iterator[tuple[str, _Place, CardItem | None]]:
        seen: dict[str, int] = {}
        for pile in table.piles:
            squeeze = self._squeeze(pile)
            x, y = pile.x, pile.y
            for index, face in enumerate(pile.cards):
                key = face.id or f"down:{pile.id}:{index}"
                seen[key] = repeat = seen.get(key, 0) + 1
                if repeat > 1:  # the same card twice, without copy= to tell them apart: each is drawn all the same
                    key = f"{key}/{repeat}"
                dx, dy = pile.step(index)
                covered = index < len(pile.cards) - 1 and dy > abs(dx)
                shown = dy * squeeze / pile.scale if covered else CARD_HEIGHT
                yield key, _Place(pile, index, self.point(x, y), pile.scale * self.unit, shown), self.cards.get(key)
                x, y = x + dx * squeeze, y + dy * squeeze

    # -- drawing ----------------------------------------------------------------------------------

    def show_table(self, table: Table, animate: bool = True) -> None:
        """Make the scene show ``table``: cards glide, flip, appear and go; labels and buttons follow."""
        fresh_table = table is not self.table
        self.table = table
        self._fit(table)
        self.cursor = kept_cursor(table, self.cursor)
        animate = animate and animation.enabled()
        fresh = table.deal is not None and table.deal.key != self._dealt
        if table.deal is not None:
            self._dealt = table.deal.key
        places = list(self._places(table))
        wanted = {key for key, _, _ in places}
        vanished = {key: item.pos() for key, item in self.cards.items()
                    if key not in wanted and key.startswith("down:")}
        for key in [k for k in self.cards if k not in wanted]:
            self.removeItem(self.cards.pop(key))
        self.places = {}
        held = {item: n for n, item in enumerate(self._drag)}  # in the player's hand: they stay there, on top
        for order, (key, place, item) in enumerate(places):
            face = place.pile.cards[place.index]
            if item is None:
                item = self._new_card(key, place, vanished, animate)
            card = Card.parse(face.card) if face.card is not None else item.card
            item.set_card(card, face.face_up)
            item.set_width(place.width)
            item.setZValue(100 + order if item not in held else DRAG_Z + held[item])
            item.set_badge(face.badge, red=face.badge in "♥♦")
            item.set_suit_beside_rank(place.shown < SUIT_SIGN_SHOWN)
            item.show_marks(face.marks, self._cursor_on(place.pile.id, place.index))
            item.setVisible(not self.paused)
            if item not in held:
                item.move_to(place.pos, animate)
            self.places[key] = place
        self._show_slots(table, animate)
        self._show_labels(table)
        shown = self._show_buttons(table, grow=False)
        if table_text() > 1:  # larger text: the words grow where they stay clear of what they were clear of
            self._show_labels(table, keep_clear=shown)
            self._show_buttons(table, grow=True)
        if self._peek is not None:  # a card still covered where it was peeked at stays shown whole
            peeked, self._peek = self._peek[0], None
            at = next((p for k, p in self.places.items() if self.cards[k] is peeked), None)
            if at is not None and at.index < len(at.pile.cards) - 1 and at.pile.cards[at.index].face_up:
                self._peek = (peeked, peeked.zValue())
                peeked.setZValue(PEEK_Z)
        if self._spot is not None:
            self._spot.hide()
        if self._drag:  # the marks were redrawn, and where the cards may go can have changed (an undo)
            self._lit = None
            self._drag_targets = self._targets_of_drag()
            self._light(self._drop_target(self._drag_at))
        if fresh and animate:
            self.deal()
        if fresh_table:
            self._news_timer.start()

    @property
    def dealt(self) -> str | None:
        """The key of the last deal shown (a new key is a new deal), None before any."""
        return self._dealt

    def dealing_ms(self) -> int:
        """How long until the cards being dealt have all arrived (0 when no deal is under way)."""
        left = max(0, round((self._dealt_until - time.monotonic()) * 1000))
        if not left and any(item.in_deck for item in self.cards.values()):
            return animation.move_ms()  # a busy machine runs late: a card is still on its way
        if left and not any(item.in_deck or item.animating for item in self.cards.values()):
            return 0  # every card arrived a moment before the clock said it would
        return left

    def deal(self) -> None:
        """Deal the table's cards: each starts in the deck and glides to its place, one after another, round by
        round over the piles (the last one sets off within ``animation.DEAL_MS``, however many cards there are)."""
        self.deal_when_laid_out = False
        self._deal_timer.stop()
        table = self.table
        if table is None or table.deal is None or self.paused or not animation.enabled():
            self._dealt_until = 0.0
            for key, place in self.places.items():  # any card waiting in the deck goes to its place
                self.cards[key].move_to(place.pos, animate=False)
            return
        deck = self.point(table.deal.x, table.deal.y)
        step = min(animation.DEAL_STEP_MS, animation.DEAL_MS // max(1, len(self.places)))
        self._dealt_until = time.monotonic() + (step * (len(self.places) - 1) + animation.move_ms()) / 1000
        piles = {pile.id: n for n, pile in enumerate(table.piles)}
        dealt = sorted(self.places.items(), key=lambda kp: (kp[1].index, piles[kp[1].pile.id]))
        for order, (key, place) in enumerate(dealt):  # round by round: each pile's first card, then second…
            self.cards[key].deal_from(deck, place.pos, order * step)
        self.dealing.emit()

    def _new_card(self, key: str, place: _Place, vanished: dict[str, QPointF], animate: bool) -> CardItem:
        face = place.pile.cards[place.index]
        item = CardItem(self.art, Card.parse(face.card) if face.card else None, face.face_up, place.width)
        start = place.pos
        same_spot = f"down:{place.pile.id}:{place.index}"
        if animate and face.face_up and vanished:
            source = same_spot if same_spot in vanished else next(iter(vanished))
            start = vanished.pop(source)
        item.setPos(start)
        self.addItem(item)
        self.cards[key] = item
        return item

    def _show_slots(self, table: Table, animate: bool) -> None:
        ids = {p.id for p in table.piles if p.outline}
        for pile_id in [k for k in self.slots if k not in ids]:
            self.removeItem(self.slots.pop(pile_id))
        for pile in table.piles:
            if pile.id not in ids:
                continue
            slot = self.slots.get(pile.id)
            if slot is None:
                slot = self.slots[pile.id] = SlotItem(pile.label)
                self.addItem(slot)
            slot.set_label(pile.label)
            slot.set_width(pile.scale * self.unit)
            slot.move_to(self.point(pile.x, pile.y), animate)  # with the cards when the table rescales
            slot.show_marks(pile.marks, self._cursor_on(pile.id, None))
            slot.setVisible(not self.paused)

    def _show_labels(self, table: Table, keep_clear: list[QRectF] | None = None) -> None:
        """Show the table's labels at the cards' size; with ``keep_clear`` (the buttons and the panel at that
        size), grown as far as the chosen text size and the room around them allow."""
        for label_id in [k for k in self.texts if k not in {lb.id for lb in table.labels}]:
            self.removeItem(self.texts.pop(label_id))
        room = self.view_size[0] * 0.96
        items = []
        for label in table.labels:
            item = self.texts.get(label.id)
            if item is None:
                item = self.texts[label.id] = TextItem()
                self.addItem(item)
            items.append((label, item))

        def size_label(label: Label, item: TextItem, scale: float) -> QRectF:
            item.set(text(label.text), label.style, label.size * self.unit * scale, label.colour,
                     min(room, label.width * self.unit) if label.width > 0 else room)
            rect = item.boundingRect()
            return QRectF(self._anchored(label, rect), rect.size())

        # each label grows as far as it stays clear of what it was clear of at its own size: the cards, the empty
        # piles' outlines, the buttons and the other labels (a score panel laid out beside a hand does not cover it)
        shown = [size_label(label, item, 1.0) for label, item in items]
        cards = self._card_rects(table) + keep_clear if keep_clear is not None else []
        for n, (label, item) in enumerate(items):
            if keep_clear is not None:
                # a score sheet in a corner may slide toward its edge of the window as it grows (its width met
                # North's hand; the table's margin beside it was free)
                edge = label.anchor[-1] if label.style == Style.PANEL and label.anchor[-1] in "we" else ""
                shown[n] = self._grown(cards + shown[:n] + shown[n + 1:], functools.partial(size_label, label, item),
                                       slide=edge)
            item.setPos(shown[n].topLeft())
            item.setVisible(not self.paused)

    def _card_rects(self, table: Table, outlines: bool = True) -> list[QRectF]:
        """Where the table's cards (and, with ``outlines``, its outlined empty piles) lie, with the room their
        marks take round them."""
        rects = [QRectF(place.pos.x(), place.pos.y(), place.width, place.width * CARD_HEIGHT)
                 for place in self.places.values()]
        rects += [QRectF(self.point(pile.x, pile.y).x(), self.point(pile.x, pile.y).y(),
                         pile.scale * self.unit, pile.scale * self.unit * CARD_HEIGHT)
                  for pile in table.piles if outlines and pile.outline and not pile.cards]
        return [rect.adjusted(-MARK_MARGIN, -MARK_MARGIN, MARK_MARGIN, MARK_MARGIN) for rect in rects]

    def _grown(self, others: list[QRectF], rect_at: Callable[[float], QRectF], corners: bool = False,
               slide: str = "") -> QRectF:
        """The rect ``rect_at`` gives at the largest scale from :func:`table_text` down to 1 (by twentieths)
        that covers none of ``others`` more than it does at 1 (one it only touched at 1 may not be run across),
        and stays on the table if it is there at 1; the text is left laid out at that scale. With ``corners``,
        where it cannot grow about its own place it may grow out of one of its corners instead (so it still
        covers its place at 1); with ``slide`` (``"w"`` or ``"e"``), it may move that way, as far as the window's
        edge, while it still covers its place at 1."""
        table = QRectF(0, 0, *self.view_size)
        plain = rect_at(1.0)
        met = [_area(other.intersected(plain)) + 1.0 for other in others]  # (a square pixel for rounding)
        inside = table.contains(plain)
        steps = round((table_text() - 1) / 0.05)
        for step in range(steps, 0, -1):
            rect = rect_at(1 + step * 0.05)
            places = [rect] + ([rect.translated(corner(plain) - corner(rect)) for corner in
                                (QRectF.topLeft, QRectF.topRight, QRectF.bottomLeft, QRectF.bottomRight)]
                               if corners else [])
            if slide == "w":
                places.append(rect.translated(min(0.0, max(4.0 - rect.left(), plain.right() - rect.right())), 0))
            elif slide == "e":
                room = table.right() - 4.0 - rect.right()
                places.append(rect.translated(max(0.0, min(room, plain.left() - rect.left())), 0))
            for place in places:
                if (not inside or table.contains(place)) and \
                        not any(_area(other.intersected(place)) > was for other, was in zip(others, met, strict=True)):
                    return place
        return rect_at(1.0)

    def _anchored(self, label: Label, rect: QRectF) -> QPointF:
        at = self.point(label.x, label.y)
        dx = {"w": 0.0, "e": -1.0}.get(label.anchor[-1], -0.5) if label.anchor != "center" else -0.5
        dy = {"n": 0.0, "s": -1.0}.get(label.anchor[0], -0.5) if label.anchor != "center" else -0.5
        x = min(max(at.x() + dx * rect.width(), 2.0), self.view_size[0] - rect.width() - 2)
        y = min(max(at.y() + dy * rect.height(), 2.0), self.view_size[1] - rect.height() - 2)
        return QPointF(x, y)

    def _words_size(self) -> float:
        """The pixel size of the buttons' and messages' words at the cards' size: readable on a small table, not
        loud on a large one."""
        return min(19.0, max(13.0, self.unit * 0.22))

    def _button(self, choice: Choice, size: float) -> ButtonItem:
        item = self.buttons.get(choice.id)
        if item is not None and item.choice == choice:
            item.set_size(size)
            return item
        focused = item is not None and item.hasFocus()
        if item is not None:
            self.removeItem(item)
        item = self.buttons[choice.id] = ButtonItem(choice, size)
        item.pressed.connect(self.choice_pressed)
        self.addItem(item)
        if focused:
            item.setFocus()
        return item

    def _show_buttons(self, table: Table, grow: bool) -> list[QRectF]:
        """Show the table's buttons and its panel, at the cards' size or (``grow``) as far as the chosen text size
        and the room around them allow; where they are."""
        size = self._words_size()
        current = {c.id for c in table.all_choices()}
        for choice_id in [k for k in self.buttons if k not in current]:
            self.removeItem(self.buttons.pop(choice_id))
        row = [self._button(choice, size) for choice in table.choices]
        labels = [item.sceneBoundingRect() for item in self.texts.values()]
        cards = self._card_rects(table) if grow else []

        def row_at(scale: float) -> QRectF:
            gap = size * scale * 0.6
            for button in row:
                button.set_size(size * scale)
            width = sum(b.boundingRect().width() for b in row) + gap * max(len(row) - 1, 0)
            height = max((b.boundingRect().height() for b in row), default=0.0)
            centre = self.point(*table.choices_at)
            span = QRectF(max(centre.x() - width / 2, 4.0), centre.y() - height / 2, width, height)
            # the buttons keep a readable size on a small table (200% on a small screen), so they can reach down
            # onto a label under them (the player's seat): the row then moves up clear of it
            return _lifted_clear(span, labels, gap / 2)

        span = (self._grown(cards + labels, row_at) if grow else row_at(1.0)) if row else QRectF()
        x = span.left()
        for button in row:
            button.setPos(x, span.top() + (span.height() - button.boundingRect().height()) / 2)
            button.setVisible(not self.paused)
            x += button.boundingRect().width() + button.size * 0.6
        if table.hold is None:
            self.hold_item.hide()
            self.hold_item.buttons = []  # taken off the scene with the choices above: keep no stale handles
            return [span] if row else []
        hold = table.hold
        hold_buttons = [self._button(choice, size) for choice in hold.choices]

        def hold_at(scale: float) -> QRectF:
            for button in hold_buttons:
                button.set_size(size * scale)
            self.hold_item.show_hold(hold, self.unit, hold_buttons, self.view_size[0] - 8, scale)
            rect = self.hold_item.boundingRect()
            centre = self.point(hold.x, hold.y)
            x = min(max(centre.x() - rect.width() / 2, 4.0), self.view_size[0] - rect.width() - 4)
            y = min(max(centre.y() - rect.height() / 2, 4.0), self.view_size[1] - rect.height() - 4)
            # a trick's panel stands beside your hand; your name, long with its standing ("You · made trump ·
            # 2 tricks"), reached up under its corner, and at larger text ran across it: it moves up clear
            return _lifted_clear(QRectF(x, y, rect.width(), rect.height()), labels, size * 0.3)

        # (over a held moment nothing is played: the empty piles' outlines under the panel may go unseen)
        clear_of = self._card_rects(table, outlines=False) + labels + ([span] if row else []) if grow else []
        panel = self._grown(clear_of, hold_at, corners=True) if grow else hold_at(1.0)
        self.hold_item.setPos(panel.topLeft())
        self.hold_item.setVisible(not self.paused)
        return [span, panel] if row else [panel]

    def show_refusal(self, message: str) -> None:
        """Say why a move was refused (or what a key asks to confirm) where the player is looking: above the
        click or drop that made it, else above the picked cards or the keyboard cursor, else over the row of
        buttons (where the table puts it), else mid-table. It goes at the next click or key, or after a few seconds."""
        item = self.refusal_item
        size = self._words_size() * table_text()  # a message over the table, gone at the next click or key
        item.set(message, Style.SPEECH, size, width=self.view_size[0] * 0.6)
        rect = item.boundingRect()
        at = self.last_click if self.last_click is not None else self._picked_point()
        if at is None:
            table = self.table
            placed = table is not None and (bool(table.choices) or table.choices_at != (0.0, 0.0))
            at = self.point(*table.choices_at) if table is not None and placed else QPointF(*self.view_size) / 2
        x = min(max(at.x() - rect.width() / 2, 2.0), self.view_size[0] - rect.width() - 2)
        y = min(max(at.y() - rect.height() - size * 0.6, 2.0), self.view_size[1] - rect.height() - 2)
        item.setPos(x, y)
        item.setVisible(not self.paused)
        self._refusal_timer.start(REFUSAL_MS)
        self.spoken.emit(message)
        self._just_said.add(message)  # the table's news will not say it again from its status line

    def hide_refusal(self) -> None:
        self._refusal_timer.stop()
        self.refusal_item.hide()

    def key_pressed(self) -> None:
        """A key on the table: the shown refusal goes, and a refusal now follows the key, not the last click."""
        self.last_click = None
        self.hide_refusal()

    def _picked_point(self) -> QPointF | None:
        """The top of the first picked (or else the cursor's) card, or None."""
        marked = [item for item in self.cards.values() if item.isVisible() and item.selected_mark]
        marked = marked or [item for item in self.cards.values() if item.isVisible() and item.cursor_mark]
        if not marked:
            return None
        rect = min(marked, key=lambda item: item.zValue()).sceneBoundingRect()
        return QPointF(rect.center().x(), rect.top())

    def set_paused(self, paused: bool) -> None:
        """Hide every card and text (the shell covers the table too); show them again."""
        self.paused = paused
        if paused:
            self.hide_refusal()
        for item in self.items():
            if item.parentItem() is None:
                item.setVisible(not paused and item is not self.refusal_item and item is not self._spot and (
                    item is not self.hold_item or (self.table is not None and self.table.hold is not None)))
            if paused and isinstance(item, TableItem):
                item.finish_animation()

    # -- the keyboard cursor ----------------------------------------------------------------------

    def _cursor_on(self, pile_id: str, index: int | None) -> bool:
        if self.cursor is None or self.cursor[0] != pile_id:
            return False
        return self.cursor[1] == index

    def move_cursor(self, direction: str) -> None:
        """Arrow keys: along a pile's face-up cards, or to the nearest focus pile that way (see
        :func:`core.table_cursor.moved_cursor`)."""
        if self.table is None:
            return
        cursor = moved_cursor(self.table, self.cursor, direction)
        if cursor is not None:
            self.cursor = cursor
            self.show_table(self.table, animate=False)
            self.speak_cursor()

    def _tell_news(self) -> None:
        """Say what changed since the table a screen reader last heard about (nothing while paused: the table is
        hidden, and its news waits for the player's return)."""
        if self.table is None or self.paused:
            return
        parts = [part for part in news(self._told, self.table)  # not again what was just said (a refusal)
                 if not any(said in text(part) for said in self._just_said)]
        self._told = self.table
        self._just_said.clear()
        if parts:
            self.spoken.emit(text(sentences(parts)))

    def told_whole(self) -> None:
        """The whole table was just said (T): the news waiting for the table to settle is in it, and is not said
        after it again."""
        if self.table is not None and not self.paused:
            self._news_timer.stop()
            self._told = self.table
            self._just_said.clear()

    def speak_cursor(self) -> None:
        """Say what the keyboard cursor stands on."""
        if self.cursor is None or self.table is None:
            return
        pile = next((p for p in self.table.piles if p.id == self.cursor[0]), None)
        if pile is not None:
            self.spoken.emit(text(cursor_words(pile, self.cursor[1])))

    def hide_cursor(self) -> None:
        if self.cursor is not None:
            self.cursor = None
            if self.table is not None:
                self.show_table(self.table, animate=False)

    # -- the mouse --------------------------------------------------------------------------------

    def _hit(self, pos: QPointF) -> tuple[str, int | None] | None:
        """The pile and card index under ``pos`` (the topmost card, or an empty pile's outline)."""
        for item in self.items(pos):
            if isinstance(item, CardItem) and item.isVisible() and item not in self._drag:
                key = next((k for k, v in self.cards.items() if v is item), None)
                if key is not None and key in self.places:
                    return self.places[key].pile.id, self.places[key].index
            if isinstance(item, SlotItem):
                pile_id = next((k for k, v in self.slots.items() if v is item), None)
                if pile_id is not None:
                    return pile_id, None
            if isinstance(item, ButtonItem | HoldItem):
                return None
        return None

    def _key_at(self, hit: tuple[str, int | None]) -> str | None:
        """The key of the card at a hit's place (None for an empty pile's outline)."""
        return next((k for k, p in self.places.items() if (p.pile.id, p.index) == hit), None)

    def _drop_target(self, pos: QPointF) -> str | None:
        """The pile a drag is dropped on: the one whose cards or outline lie under the point, else the nearest
        pile whose column or row the point is in. The dragged cards are not where their pile is: counted in, a
        card grabbed below the middle and dropped on Euchre's place in the trick fell to its own hand."""
        hit = self._hit(pos)
        if hit is not None:
            return hit[0]
        if self.table is None:
            return None
        best, distance = None, self.unit * 0.6
        for pile in self.table.piles:
            rect = QRectF(self.point(pile.x, pile.y), self.point(pile.x + pile.scale, pile.y + CARD_HEIGHT))
            for key, place in self.places.items():
                if place.pile.id == pile.id and self.cards[key] not in self._drag:
                    rect = rect.united(self.cards[key].sceneBoundingRect())
            gap = max(rect.left() - pos.x(), pos.x() - rect.right(), rect.top() - pos.y(), pos.y() - rect.bottom())
            if gap < distance:
                best, distance = pile.id, gap
        return best

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.hide_refusal()
        if event.button() == Qt.MouseButton.RightButton and not self.paused and not self._drag:
            self._start_peek(event.scenePos())
        if self.paused or event.button() != Qt.MouseButton.LeftButton:
            self._pressed_last = None
            return
        hit = self._hit(event.scenePos())
        top = self.itemAt(event.scenePos(), QTransform())
        if isinstance(top, ButtonItem) or (top is not None and isinstance(top.parentItem(), HoldItem)):
            self._pressed_last = None
            super().mousePressEvent(event)
            return
        key = self._key_at(hit) if hit else None
        self._press = (*hit, event.scenePos(), key) if hit else ("", None, event.scenePos(), None)
        self._pressed_last = ((hit, key), time.monotonic()) if hit else None
        if hit and event.source() == Qt.MouseEventSource.MouseEventSynthesizedByQt:  # a finger (or a pen)
            self._hold_timer.start(QApplication.styleHints().mousePressAndHoldInterval())

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._drag:
            self._drag_at = event.scenePos()
            for item, offset in zip(self._drag, self._drag_offsets, strict=True):
                item.setPos(event.scenePos() + offset)
            self._light(self._drop_target(event.scenePos()))
            return
        press = self._press
        if press is None or not press[0] or press[1] is None:
            return
        if (event.scenePos() - press[2]).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None  # moved away: the release is not a click
        place = self.places.get(press[3]) if press[3] is not None else None
        if (place is None or place.pile.id != press[0] or not place.pile.drag
                or not place.pile.cards[place.index].face_up):
            return  # the table has taken the pressed card away meanwhile (its finish, Ctrl+Z): nothing to drag
        # the pressed card and those over it, where the table has them now
        self._press = (place.pile.id, place.index, press[2], press[3])
        keys = [k for k, p in self.places.items() if p.pile.id == place.pile.id
                and (p.index == place.index or (p.index > place.index and not place.pile.drag_alone))]
        self._drag = [self.cards[k] for k in sorted(keys, key=lambda k: self.places[k].index)]
        self._drag_offsets = [item.pos() - event.scenePos() for item in self._drag]
        self._end_peek()
        for n, item in enumerate(self._drag):
            item.finish_animation()
            item.setZValue(DRAG_Z + n)
        self._drag_at = event.scenePos()
        self._drag_targets = self._targets_of_drag()
        self._light(self._drop_target(event.scenePos()))

    def _targets_of_drag(self) -> frozenset[str]:
        """The piles the cards being dragged may be dropped on (none once the table has moved them away)."""
        press = self._press
        place = self.places.get(press[3]) if press is not None and press[3] is not None else None
        if press is None or place is None or (place.pile.id, place.index) != press[:2]:
            return frozenset()
        return frozenset(self.drop_targets(place.pile.id, place.index)) - {place.pile.id}

    def _light(self, target: str | None) -> None:
        """Outline ``target`` as the dragged cards' destination when they may go there; put out the one before."""
        lit = target if target in self._drag_targets else None
        if lit == self._lit:
            return
        if self._lit is not None:
            self._redraw_marks(self._lit)
        self._lit = lit
        front = self._front(lit) if lit is not None else None
        if front is not None:
            front.set_marks(destination=True)

    def _front(self, pile_id: str) -> TableItem | None:
        """What a pile shows in front: its last card not being dragged, else its empty outline — drawn for the
        drag when the table draws none (Euchre's place for your card in the trick)."""
        cards = [(p.index, self.cards[k]) for k, p in self.places.items()
                 if p.pile.id == pile_id and self.cards[k] not in self._drag]
        if cards:
            return max(cards, key=lambda pair: pair[0])[1]
        if pile_id in self.slots or self.table is None:
            return self.slots.get(pile_id)
        pile = self.table.pile(pile_id)
        if self._spot is None:
            self._spot = SlotItem()
            self._spot.setZValue(DRAG_Z - 1)
            self.addItem(self._spot)
        self._spot.set_width(pile.scale * self.unit)
        self._spot.setPos(self.point(pile.x, pile.y))
        self._spot.show()
        return self._spot

    def _redraw_marks(self, pile_id: str) -> None:
        """A pile's marks as its table has them (an outline drawn for the drag goes)."""
        if self._spot is not None:
            self._spot.hide()
        for key, place in self.places.items():
            if place.pile.id == pile_id:
                self.cards[key].show_marks(place.pile.cards[place.index].marks,
                                           self._cursor_on(pile_id, place.index))
        if pile_id in self.slots and self.table is not None:  # (a slot's pile is in the table shown)
            self.slots[pile_id].show_marks(self.table.pile(pile_id).marks, self._cursor_on(pile_id, None))

    def _start_peek(self, pos: QPointF) -> None:
        """Show the face-up card under ``pos`` whole, over the cards fanned on it, until the button is released."""
        hit = self._hit(pos)
        key = self._key_at(hit) if hit is not None else None
        place = self.places.get(key) if key is not None else None
        if key is None or place is None or place.index == len(place.pile.cards) - 1:
            return  # nothing covers the front card
        if not place.pile.cards[place.index].face_up:
            return
        self._end_peek()
        item = self.cards[key]
        item.finish_animation()
        self._peek = (item, item.zValue())
        item.setZValue(PEEK_Z)

    def _peek_held(self) -> None:
        """A finger held still on a covered face-up card shows it whole until lifted; the lift is no click."""
        if self._press is None or self._drag or self.paused:
            return
        self._start_peek(self._press[2])
        if self._peek is not None:
            self._press, self._finger_peek = None, True

    def _end_peek(self) -> None:
        self._finger_peek = False
        if self._peek is not None:
            item, z = self._peek
            self._peek = None
            item.setZValue(z)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._hold_timer.stop()
        if event.button() == Qt.MouseButton.RightButton or self._finger_peek:
            self._end_peek()
            return
        self.last_click = event.scenePos()
        if self._drag:
            press, self._press = self._press, None
            target = self._drop_target(event.scenePos())  # under the dragged cards, which it looks through
            self._light(None)
            self._drag, dragged, self._drag_targets = [], self._drag, frozenset()
            place = self.places.get(press[3]) if press is not None and press[3] is not None else None
            if press and place and (place.pile.id, place.index) == press[:2] and target not in (None, press[0]):
                self.table_event.emit(Drop(place.pile.id, place.index, target))  # (a table that moved them: no drop)
            if self.table is not None and dragged and dragged[0].scene() is self:
                self.show_table(self.table)  # back where they were, unless the drop moved them
            return
        press, self._press = self._press, None
        if press is None:
            super().mouseReleaseEvent(event)
            return
        hit = self._hit(event.scenePos())
        if not press[0]:
            if hit is None:
                self.table_event.emit(Background())
            return
        if hit is not None and hit == press[:2] and self._key_at(hit) == press[3]:  # the same card still
            self.table_event.emit(Click(press[0], press[1]))

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:  # a quick second right press peeks again
            self.mousePressEvent(event)
            return
        hit = self._hit(event.scenePos())
        if hit is not None and not self.paused and self._first_half_on(hit):
            self.last_click = event.scenePos()
            self.table_event.emit(Click(hit[0], hit[1], double=True))
        elif event.source() == Qt.MouseEventSource.MouseEventSynthesizedByQt:
            self.mousePressEvent(event)  # Qt takes a finger's quick second tap anywhere for a double-click
        elif hit is None or self.paused:
            super().mouseDoubleClickEvent(event)  # a table button pressed again
        # else the mouse's first press went to a button that opened this table, or to a card since moved: the
        # second half of that double-click plays nothing (Euchre's next card lay under Continue's second click)

    def _first_half_on(self, hit: tuple[str, int | None]) -> bool:
        """Whether a double-click's first press was on the card now at ``hit``, a moment ago."""
        last = self._pressed_last
        return last is not None and last[0] == (hit, self._key_at(hit)) and first_half_just_now(last[1])

    def focus_next(self, forward: bool = True) -> bool:
        """Tab: focus the next table button (the row, then the hold's); False past the last one, so the focus
        leaves the table for the toolbar."""
        chain = [b for c in (self.table.all_choices() if self.table else ()) if c.enabled
                 for b in [self.buttons.get(c.id)] if b is not None and b.isVisible()]
        if not forward:
            chain.reverse()
        focused = self.focusItem()
        at = chain.index(focused) + 1 if focused in chain else 0
        if at < len(chain):
            chain[at].setFocus(Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason)
            self.spoken.emit(text(choice_words(chain[at].choice)))
            return True
        if focused is not None:
            focused.clearFocus()
        return False

    def dispose(self) -> None:
        """Take every item off the scene and drop it now, in a known order: Python-made graphics items left to
        the garbage collector can be freed after the scene that owned them, which crashes Qt."""
        self.table = None
        self._drag, self._press = [], None
        self._drag_targets, self._lit, self._peek, self._spot = frozenset(), None, None, None
        self.drop_targets = _nowhere  # (the view's method: no cycle through the scene)
        self._refusal_timer.stop()
        self._news_timer.stop()
        self._hold_timer.stop()
        for item in [*self.buttons.values(), *self.hold_item.buttons]:
            item.setParentItem(None)  # type: ignore[arg-type]  # the stubs omit None, which detaches
        for top in list(self.items()):
            if top.parentItem() is None:
                self.removeItem(top)
        self.cards.clear()
        self.slots.clear()
        self.texts.clear()
        self.buttons.clear()
        self.hold_item.buttons = []
        self.places.clear()

    def choice(self, choice_id: str) -> Choice | None:
        if self.table is None:
            return None
        return next((c for c in self.table.all_choices() if c.id == choice_id), None)
