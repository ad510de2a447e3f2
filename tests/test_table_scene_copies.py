"""A game played with more than one deck (Spider, Pinochle) shows the same card twice: each copy is drawn, and each
keeps its own picture as it moves. Before, the scene knew a card by its text alone: of two A♠ one was not drawn."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from core.table import CardFace, Pile, Table
from gui.cards import CardItem
from gui.deck import CardArt
from gui.table_scene import TableScene


def table(*piles: tuple[str, float, tuple[CardFace, ...]]) -> Table:
    return Table(6.0, 3.0, tuple(Pile(pile_id, x, 0.5, faces) for pile_id, x, faces in piles))


def drawn(scene: TableScene) -> list[tuple[str, QPointF]]:
    return sorted(((item.card.text, item.pos()) for item in scene.items()
                   if isinstance(item, CardItem) and item.isVisible()), key=lambda cp: cp[1].x())


def test_two_decks_show_both_copies_and_each_moves_as_itself(qtbot: QtBot) -> None:
    scene = TableScene(CardArt("classic"))
    scene.show_table(table(("a", 0.5, (CardFace("AS"),)), ("b", 2.5, (CardFace("AS", copy=1),)), ("c", 4.5, ())),
                     animate=False)
    first, second = (scene.cards[key] for key in ("AS", "AS#1"))
    assert [(card, pos.x()) for card, pos in drawn(scene)] == [("AS", first.pos().x()), ("AS", second.pos().x())]
    assert first.pos().x() < second.pos().x()
    was = first.pos()
    scene.show_table(table(("a", 0.5, ()), ("b", 2.5, (CardFace("AS", copy=1),)), ("c", 4.5, (CardFace("AS"),))),
                     animate=False)
    assert scene.cards["AS"] is first and scene.cards["AS#1"] is second, "the same two pictures"
    assert first.pos().x() > second.pos().x() > was.x(), "the first deck's ace went to c; the other stayed in b"
    assert table(("a", 0.5, (CardFace("AS"), CardFace("AS", copy=1)))).face_up_cards() == ["AS", "AS#1"]


def test_the_same_card_twice_without_copies_is_drawn_twice_and_taken_away(qtbot: QtBot) -> None:
    scene = TableScene(CardArt("classic"))
    scene.show_table(table(("a", 0.5, (CardFace("KH"),)), ("b", 2.5, (CardFace("KH"),))), animate=False)
    assert [card for card, _ in drawn(scene)] == ["KH", "KH"]
    scene.show_table(table(("a", 0.5, (CardFace("KH"),)), ("b", 2.5, ())), animate=False)
    assert [card for card, _ in drawn(scene)] == ["KH"], "neither left behind on the table for good"
