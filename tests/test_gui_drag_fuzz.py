"""Hands on the table, at random: presses, drags, drops and peeks with either button, while the table changes
under them (a move made meanwhile, an undo, the solver's verdict redrawing it). Whatever happens, once the buttons
are up no card is left lifted, outlined or peeked, every card lies where the table puts it, and a drop made only
moves it made legal. Cards are held anywhere they show, and a Yukon group that may go onto a column, let go just
below that column's front card (where it will lie), goes there."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.session import GameSession
from gui.game_page import GamePage
from plugins.yukon.rules import FOUNDATION
from tests.gui_helpers import check_nothing_held, make_window


def open_game(qtbot: QtBot, game_id: str, settings: dict[str, Any], seed: int) -> GamePage:
    window = make_window(qtbot, {"yukon": yukon_plugin, "euchre": euchre_plugin})
    game = window.host.game(game_id)
    page = window.open_session(GameSession.new(game, {**game.settings.defaults(), **settings}, seed=seed,
                                               saves=window.saves))
    assert page is not None
    window.resize(1000, 700)
    return page


def check_at_rest(page: GamePage, where: str) -> None:
    check_nothing_held(page, where)
    scene = page.view.scene
    assert scene._spot is None or not scene._spot.isVisible(), f"{where}: a drag's outline left on the table"
    astray = [key for key, place in scene.places.items() if scene.cards[key].pos() != place.pos]
    assert not astray, f"{where}: {astray} not where the table puts them"


@pytest.mark.parametrize(("game_id", "settings"), [("yukon", {}), ("yukon", {"return_from_foundations": True}),
                                                   ("euchre", {})])
def test_random_hands_on_the_table_leave_every_card_in_its_place(qtbot: QtBot, game_id: str,
                                                                  settings: dict[str, Any]) -> None:
    page = open_game(qtbot, game_id, settings, seed=5)
    rng = random.Random(f"drag fuzz {game_id} {settings}")
    viewport, scene, session = page.table.viewport(), page.view.scene, page.session
    size = viewport.size()
    moves_by_drop = felt_moves = 0
    for gesture in range(120):
        qtbot.waitUntil(lambda: session.to_move in (0, None) or session.hold is not None, timeout=10000)
        if session.hold is not None:
            session.acknowledge()
            continue
        if session.is_over:
            break
        cards = [item for item in scene.cards.values() if item.isVisible()]
        item = rng.choice(cards)
        rect = item.sceneBoundingRect()
        start = page.table.mapFromScene(rect.left() + rect.width() * rng.uniform(0.1, 0.9), rect.top() + 6)
        somewhere = QPoint(rng.randrange(size.width()), rng.randrange(size.height()))
        felt_drop = changed = False
        if rng.random() < 0.6 and page.view.table is not None:  # over a pile: its front, or its place if empty
            pile = rng.choice(page.view.table.piles)
            fronts = [scene.cards[k] for k, at in scene.places.items() if at.pile.id == pile.id]
            spot = (max(fronts, key=lambda c: c.zValue()).sceneBoundingRect().center() if fronts
                    else scene.point(pile.x + 0.5, pile.y + 0.7))
            somewhere = page.table.mapFromScene(spot)
        legal = [m for m in session.legal_moves() if m.source != FOUNDATION] if game_id == "yukon" else []
        if legal and rng.random() < 0.4:  # a move a player would drag: its cards onto its pile
            move = rng.choice(legal)
            column = session.state.columns[move.source]
            item = scene.cards[column[len(column) - move.count].text]
            rect = item.sceneBoundingRect()
            start = page.table.mapFromScene(rect.left() + rect.width() * 0.5, rect.top() + 6)
            onto = f"foundation:{column[-1].suit.letter}" if move.target == FOUNDATION else f"column:{move.target}"
            fronts = [scene.cards[k] for k, at in scene.places.items() if at.pile.id == onto]
            target = max(fronts, key=lambda c: c.zValue()) if fronts else scene.slots[onto]
            somewhere = page.table.mapFromScene(target.sceneBoundingRect().center())
            below = target.sceneBoundingRect().center() + QPointF(0, target.sceneBoundingRect().height() / 2
                                                                  + scene.unit * 0.2)
            if (fronts and onto.startswith("column:") and rng.random() < 0.5 and scene._hit(below) is None
                    and viewport.rect().contains(page.table.mapFromScene(below))):
                somewhere, felt_drop = page.table.mapFromScene(below), True  # where the cards will lie
        if game_id == "euchre" and rng.random() < 0.6 and session.to_move == 0:  # a card of your hand
            hand = [scene.cards[k] for k, at in scene.places.items() if at.pile.id == "hand:0"]
            item = rng.choice(hand) if hand else item
            rect = item.sceneBoundingRect()
            start = page.table.mapFromScene(rect.left() + rect.width() * 0.1,
                                            rect.top() + rect.height() * rng.uniform(0.05, 0.95))  # held anywhere
        button = Qt.MouseButton.RightButton if rng.random() < 0.3 else Qt.MouseButton.LeftButton
        qtbot.mousePress(viewport, button, pos=start)
        qtbot.mouseMove(viewport, pos=start + QPoint(12, 12))
        qtbot.mouseMove(viewport, pos=somewhere)
        if rng.random() < 0.3:  # the table changes while the button is down
            changed = True
            legal = session.legal_moves() if session.to_move == 0 else []
            if legal and rng.random() < 0.5:
                page.view.play(session.rules.move_text(rng.choice(list(legal))))
            elif game_id == "yukon" and session.can_undo() and rng.random() < 0.5:
                page.undo()
            else:
                page.view.refresh(animate=False)  # as the solver's verdict does
            qtbot.mouseMove(viewport, pos=somewhere + QPoint(3, 3))
        lit = scene._lit
        before = len(session.moves)
        qtbot.mouseRelease(viewport, button, pos=somewhere + QPoint(3, 3))
        if button == Qt.MouseButton.LeftButton and lit is not None and len(session.moves) > before:
            moves_by_drop += 1
        if felt_drop and button == Qt.MouseButton.LeftButton and not changed:
            assert len(session.moves) > before, f"gesture {gesture}: a legal group let go just below its column"
            felt_moves += 1
        if scene._drag or scene._peek:
            pytest.fail(f"gesture {gesture}: the buttons are up, the table still holds cards")
        check_at_rest(page, f"gesture {gesture}")
    assert moves_by_drop >= 3, f"only {moves_by_drop} drops onto an outlined pile made a move"
    assert game_id != "yukon" or felt_moves >= 2, f"only {felt_moves} groups let go below their column"
