"""The card art, measured in pixels: every corner index (the two-digit "10" too) stays inside the card's
edge, and Euchre's left-bower badge never covers a jack's index."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from core.cards import Card
from gui.cards import CardItem
from gui.deck import CardArt

WIDTH = 250  # the art's own units: the border's stroke runs from x = 0 to 4.5
INDEX = QRectF(0, 0, 50, 92)  # the top-left corner: rank and suit mark (a court card's frame starts at 54)


def render(card: str, badge: str = "") -> QImage:
    scene = QGraphicsScene()
    item = CardItem(CardArt("classic"), Card.parse(card), True, WIDTH)
    item.set_badge(badge, red=badge in "♥♦")
    scene.addItem(item)
    image = QImage(WIDTH, round(WIDTH * 1.4), QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), item.sceneBoundingRect())
    painter.end()
    scene.removeItem(item)
    return image


def ink(image: QImage, area: QRectF) -> set[tuple[int, int]]:
    """Pixels of the index's colours (red or near-black) in ``area``; the grey border and the paper excluded."""
    found = set()
    for y in range(int(area.top()), int(area.bottom())):
        for x in range(int(area.left()), int(area.right())):
            c = image.pixelColor(x, y)
            dark = c.red() < 90 and c.green() < 90 and c.blue() < 90
            red = c.red() > 150 and c.green() < 90 and c.blue() < 110
            if c.alpha() > 200 and (dark or red):
                found.add((x, y))
    return found


def test_every_index_stays_inside_the_card(qtbot: QtBot) -> None:
    for rank in "A23456789TJQK":
        for suit in "SH":
            marks = ink(render(rank + suit), INDEX)
            assert marks, f"{rank}{suit} has no index"
            left = min(x for x, _ in marks)
            assert left >= 7, f"{rank}{suit}'s index reaches x={left}, onto the card's edge"


def test_the_left_bower_badge_leaves_the_index_readable(qtbot: QtBot) -> None:
    for card, badge in (("JD", "♥"), ("JH", "♦"), ("JS", "♣"), ("JC", "♠")):
        plain, marked = render(card), render(card, badge)
        index = ink(plain, INDEX)
        covered = [p for p in index if plain.pixelColor(*p) != marked.pixelColor(*p)]
        assert not covered, f"the badge on {card} covers {len(covered)} pixels of its index"
        assert ink(marked, QRectF(INDEX.right(), 0, 80, 92)) - ink(plain, QRectF(INDEX.right(), 0, 80, 92)), \
            f"{card}'s badge is drawn"
