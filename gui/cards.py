"""Shared card items for the table scene: cards and empty-pile slots.

Visual states (:class:`core.table.Mark`): selected (yellow), target (green outline), hinted (blue), winning
(gold), playable (white frame), dimmed, sitting out (faded); plus the keyboard cursor (blue dashes). Clicks,
drags and keys are the scene's business (``gui.table_scene``), not the items'.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QStyleOptionGraphicsItem,
    QWidget,
)

from core.cards import Card
from core.table import Mark
from gui import animation
from gui.deck import CARD_RATIO, CLASSIC, CardArt

YELLOW = QColor(255, 214, 0)
GREEN = QColor(40, 220, 90)
WHITE = QColor(255, 255, 255)
CURSOR = QColor(20, 90, 200)  # the keyboard cursor's dashes, on a white ring: one of the two shows on any ground
HINT = QColor(90, 200, 255)
GOLD = QColor(255, 190, 40)
# The art's suit sign under the rank reaches 0.35 of the card's width down; a card whose fan shows less than
# SUIT_SIGN_SHOWN of it gets the sign again beside the rank, in the box (x, y, width, height) in card widths.
SUIT_SIGN_SHOWN = 0.32
SUIT_BESIDE_RANK = (0.21, 0.05, 0.15, 0.14)
PAPER = QColor(255, 253, 248)  # the classic art's card face
MARK_MARGIN = 4.0  # pixels a card's marks (selection, destination, cursor) may reach beyond its edge


class TableItem(QGraphicsObject):
    """A card-sized item: highlight flags, a size in logical pixels, and animated moves."""

    def __init__(self, width: float = 80.0) -> None:
        super().__init__()
        self._width = width
        self._press: QPointF | None = None
        self.selected_mark = False
        self.destination = False
        self.playable = False
        self.disabled = False
        self.cursor_mark = False
        self.hinted = False
        self.winning = False
        self._glide: QSequentialAnimationGroup | None = None  # made on the first move, kept for the item's life
        self._target = QPointF()  # where the running glide ends
        self.in_deck = False  # being dealt: drawn face down until it arrives
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the scene handles clicks and drags

    # -- size and highlights ----------------------------------------------------------------------

    @property
    def width(self) -> float:
        return self._width

    @property
    def height(self) -> float:
        return self._width * CARD_RATIO

    def set_width(self, width: float) -> None:
        if width != self._width:
            self.prepareGeometryChange()
            self._width = width

    def set_marks(self, *, selected: bool | None = None, destination: bool | None = None,
                  playable: bool | None = None, disabled: bool | None = None, cursor: bool | None = None) -> None:
        for name, value in (("selected_mark", selected), ("destination", destination), ("playable", playable),
                            ("disabled", disabled), ("cursor_mark", cursor)):
            if value is not None:
                setattr(self, name, value)
        self.update()

    def clear_marks(self) -> None:
        self.set_marks(selected=False, destination=False, playable=False, disabled=False, cursor=False)

    def show_marks(self, marks: frozenset[Mark], cursor: bool = False) -> None:
        """Draw exactly ``marks`` (and the keyboard cursor)."""
        state = (Mark.SELECTED in marks, Mark.TARGET in marks, Mark.PLAYABLE in marks, Mark.DIMMED in marks,
                 cursor, Mark.HINTED in marks, Mark.WINNING in marks)
        if state != (self.selected_mark, self.destination, self.playable, self.disabled, self.cursor_mark,
                     self.hinted, self.winning):
            (self.selected_mark, self.destination, self.playable, self.disabled, self.cursor_mark,
             self.hinted, self.winning) = state
            self.update()
        self.setOpacity(0.45 if Mark.SITTING_OUT in marks else 1.0)

    def boundingRect(self) -> QRectF:
        m = MARK_MARGIN
        return QRectF(-m, -m, self._width + 2 * m, self.height + 2 * m)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(QRectF(0, 0, self._width, self.height), self._radius(), self._radius())
        return path

    def _radius(self) -> float:
        return self._width * 0.064

    def paint_marks(self, painter: QPainter) -> None:
        rect = QRectF(0, 0, self._width, self.height)
        r = self._radius()
        if self.disabled:
            painter.setBrush(QColor(40, 40, 40, 110))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawRoundedRect(rect, r, r)
        if self.selected_mark:
            painter.setBrush(QColor(255, 214, 0, 90))
            painter.setPen(QPen(YELLOW, 3))
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), r, r)
        if self.playable:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(WHITE, 3))
            painter.drawRoundedRect(rect.adjusted(-1.5, -1.5, 1.5, 1.5), r, r)
        if self.winning:
            painter.setBrush(QColor(255, 190, 40, 50))
            painter.setPen(QPen(GOLD, 4))
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), r, r)
        if self.hinted:
            painter.setBrush(QColor(90, 200, 255, 70))
            painter.setPen(QPen(HINT, 3))
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), r, r)
        if self.destination:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(GREEN, 4))
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), r, r)
        if self.cursor_mark:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for pen in (QPen(WHITE, 3), QPen(CURSOR, 3, Qt.PenStyle.DashLine)):
                painter.setPen(pen)
                painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), r, r)

    # -- movement ---------------------------------------------------------------------------------

    def move_to(self, pos: QPointF, animate: bool = True, delay_ms: int = 0) -> None:
        """Glide to ``pos`` (after ``delay_ms``, staying put until then: a card waiting in the deck), or jump
        there when not animating. A glide already on its way to ``pos`` goes on undisturbed (a redraw of the
        same table does not cut a deal short)."""
        duration = animation.move_ms() if animate else 0
        if self.animating:
            if self._target == pos:
                return
            self._stop()
            self._arrive()
        if duration <= 0 or (self.pos() - pos).manhattanLength() < 1:
            self.setPos(pos)
            self._arrive()
            return
        glide = self._glide
        if glide is None:  # one group kept for the item's life (a pause, then the move), started again each time
            glide = self._glide = QSequentialAnimationGroup(self)
            glide.addPause(0)
            travel = QPropertyAnimation(self, b"pos", glide)
            travel.setEasingCurve(QEasingCurve.Type.OutCubic)
            glide.addAnimation(travel)
            glide.finished.connect(self._arrive)
        wait, move = glide.animationAt(0), glide.animationAt(1)
        assert isinstance(wait, QPauseAnimation) and isinstance(move, QPropertyAnimation)
        wait.setDuration(delay_ms)
        move.setDuration(duration)
        move.setStartValue(self.pos())
        move.setEndValue(pos)
        self._target = pos
        glide.start()

    def _stop(self) -> None:
        if self._glide is not None:
            self._glide.stop()

    def wait_in_deck(self, deck: QPointF) -> None:
        """Lie face down in the deck at ``deck`` until dealt."""
        self._stop()
        self.in_deck = True
        self.setPos(deck)
        self.update()

    def deal_from(self, deck: QPointF, pos: QPointF, delay_ms: int) -> None:
        """Be dealt: wait face down in the deck at ``deck``, set off for ``pos`` after ``delay_ms`` and show
        the card's face there (turning it over when it is a face-up card)."""
        self.wait_in_deck(deck)
        self.move_to(pos, delay_ms=delay_ms)

    def _arrive(self) -> None:
        """The end of a move, however it ended: a dealt card shows its face."""
        if self.in_deck:
            self.in_deck = False
            self.turned_up()

    def turned_up(self) -> None:
        """A dealt card has arrived face down (an item without faces has nothing to show)."""
        self.update()

    @property
    def animating(self) -> bool:
        return self._glide is not None and self._glide.state() == QAbstractAnimation.State.Running

    @property
    def resting_pos(self) -> QPointF:
        """Where the item lies once its glide is over (where it is, when still)."""
        return self._target if self.animating else self.pos()

    def finish_animation(self) -> None:
        if self.animating:
            self._stop()
            self.setPos(self._target)
        self._arrive()


class CardItem(TableItem):
    """One card, face up or down, drawn from the shared :class:`CardArt` cache."""

    copy_pixels = True  # a card at rest is copied at its size, not resampled (False: the baseline of
    # benchmarks/table_paint.py, the way cards were drawn before)

    def __init__(self, art: CardArt, card: Card | None = None, face_up: bool = True, width: float = 80.0) -> None:
        super().__init__(width)
        self.art = art
        self.card = card
        self.face_up = face_up
        self.badge = ""  # a small mark beside the rank, e.g. the trump suit on Euchre's left bower
        self._badge_red = False
        self.suit_beside_rank = False  # the card above covers its suit sign: the sign is drawn beside the rank
        self._flip: QVariantAnimation | None = None

    def set_suit_beside_rank(self, on: bool) -> None:
        if on != self.suit_beside_rank:
            self.suit_beside_rank = on
            self.update()

    def set_badge(self, badge: str, red: bool = False) -> None:
        if badge != self.badge:
            self.badge = badge
            self._badge_red = red
            self.update()

    def set_card(self, card: Card | None, face_up: bool) -> None:
        if card == self.card and face_up == self.face_up:
            return
        turning = card == self.card and self.card is not None and self.isVisible()
        self.card, self.face_up = card, face_up
        if turning and animation.flip_ms() > 0:
            self.flip()
        else:
            self.update()

    def turned_up(self) -> None:
        if self.face_up and self.card is not None and animation.flip_ms() > 0 and self.scene() is not None:
            self.flip()
        else:
            self.update()

    def flip(self) -> None:
        """Turn over on the spot: narrow to an edge, show the other side, widen again."""
        if self._flip is None:  # one animation kept for the card's life, started again for each turn
            self._flip = QVariantAnimation(self)
            self._flip.setStartValue(-1.0)
            self._flip.setEndValue(1.0)
            self._flip.valueChanged.connect(self._flip_step)
            self._flip.finished.connect(self._flipped)
        self._flip.stop()
        self._flip.setDuration(animation.flip_ms())
        self._flip.start()

    def _flipped(self) -> None:
        self.setTransform(QTransform())

    def _flip_step(self, value: float) -> None:
        scale = max(abs(value), 0.02)
        self.setTransform(QTransform().translate(self.width * (1 - scale) / 2, 0).scale(scale, 1))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        shown = self.card if self.face_up and not self.in_deck else None  # in the deck: its back, nothing more
        pixmap = self.art.pixmap(shown, round(self.width), dpr)
        moved_only = painter.worldTransform().type().value <= QTransform.TransformationType.TxTranslate.value
        if self.copy_pixels and moved_only:
            painter.drawPixmap(QPointF(0, 0), pixmap)  # made at this size: copied, sharper and faster than resampled
        else:  # turning over, or a scaled view
            painter.drawPixmap(QRectF(0, 0, self.width, self.height), pixmap, QRectF(pixmap.rect()))
        if self.in_deck:
            return
        if (self.suit_beside_rank and self.face_up and self.card is not None and not self.badge
                and self.art.theme == CLASSIC):  # installed designs place their indices each their own way
            self._paint_suit_beside_rank(painter, self.card)
        if self.badge and self.face_up:
            size = self.width * 0.3
            rect = QRectF(self.width * 0.2, self.width * 0.04, size, size)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(QColor(200, 150, 20), 1.5))
            painter.setBrush(QColor(255, 240, 190))
            painter.drawEllipse(rect)
            font = painter.font()
            font.setPixelSize(max(8, int(size * 0.75)))
            painter.setFont(font)
            painter.setPen(QColor(200, 16, 46) if self._badge_red else QColor(20, 20, 20))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.badge)
        self.paint_marks(painter)

    def _paint_suit_beside_rank(self, painter: QPainter, card: Card) -> None:
        """The suit sign right of the rank, inside the strip a squeezed fan leaves visible (the top fifth of
        the card, where the classic art has only the rank: its pips and court frames start lower or further
        right). On the paper's colour, so it stays clean over the odd pip corner of a wide rank."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        x, y, w, h = (self.width * v for v in SUIT_BESIDE_RANK)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(PAPER)
        painter.drawRoundedRect(QRectF(x, y, w, h), w * 0.2, w * 0.2)
        font = painter.font()
        font.setPixelSize(max(7, round(h)))
        painter.setFont(font)
        painter.setPen(QColor(200, 16, 46) if card.is_red else QColor(20, 20, 20))
        painter.drawText(QRectF(x, y, w, h), Qt.AlignmentFlag.AlignCenter, card.suit.symbol)


class SlotItem(TableItem):
    """An empty pile: a rounded outline, optionally with a faint mark (a suit or a letter)."""

    def __init__(self, label: str = "", width: float = 80.0) -> None:
        super().__init__(width)
        self.label = label
        self.setZValue(-1)
        # A translucent antialiased outline costs as much to draw as several cards, and the cards gliding over
        # a slot repaint it each frame: it is drawn once per size and marks, then copied.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_label(self, label: str) -> None:
        if label != self.label:
            self.label = label
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        rect = QRectF(0, 0, self.width, self.height)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QBrush(QColor(0, 0, 0, 45)))
        painter.setPen(QPen(QColor(255, 255, 255, 120), 2))
        painter.drawRoundedRect(rect, self._radius(), self._radius())
        if self.label:
            font = painter.font()
            font.setPixelSize(max(8, int(self.width * 0.45)))
            painter.setFont(font)
            painter.setPen(QColor(255, 255, 255, 110))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.label)
        self.paint_marks(painter)
