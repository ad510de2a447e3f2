"""Dealing, with animations on: a new game's cards and each new hand's wait face down in the deck, then glide
to their places and show their faces; no CPU player moves while they are on their way; a continued game and an
earlier hand shown for review are not dealt; a deal cut short by a resize leaves no card face down."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.table import Background
from gui import animation
from gui.game_page import GamePage
from gui.window import MainWindow
from tests.gui_helpers import make_window

WHOLE_DEAL_MS = animation.DEAL_MS + animation.MOVE_MS + 400  # and room for a slow machine


@pytest.fixture(autouse=True)
def animations_on(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("CARDTABLE_ANIMATIONS", "1")
    yield


def deck_point(page: GamePage) -> QPointF:
    scene = page.view.scene
    deal = scene.table.deal if scene.table is not None else None
    assert deal is not None
    return scene.point(deal.x, deal.y)


def in_the_deck(page: GamePage) -> list[str]:
    """The cards lying face down in the deck."""
    scene, deck = page.view.scene, deck_point(page)
    return [key for key, item in scene.cards.items() if item.in_deck and (item.pos() - deck).manhattanLength() < 1]


def settled(page: GamePage) -> bool:
    """Every card at its place, showing what it shows."""
    scene = page.view.scene
    return all(not scene.cards[key].in_deck and not scene.cards[key].animating
               and (scene.cards[key].pos() - place.pos).manhattanLength() < 1 for key, place in scene.places.items())


def watch_the_first_deal(page: GamePage, qtbot: QtBot) -> list[int]:
    """Waits for a new game's deal to start; returns how many cards lay in the deck as it began."""
    seen: list[int] = []
    page.view.scene.dealing.connect(lambda: seen.append(len(in_the_deck(page))))
    qtbot.waitUntil(lambda: bool(seen))
    return seen


def test_a_new_yukon_game_is_dealt_from_the_deck_row_by_row(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    assert watch_the_first_deal(page, qtbot) == [52], "as the deal begins, every card waits in the deck"
    assert page.view.scene.dealing_ms() > 0
    qtbot.waitUntil(lambda: settled(page), timeout=WHOLE_DEAL_MS + 2000)
    assert page.view.scene.dealing_ms() == 0
    fronts = [item for key, item in page.view.scene.cards.items() if item.face_up]
    assert len(fronts) == 31 and all(item.card is not None for item in fronts)  # 52 cards, 21 face down


def test_no_cpu_moves_while_the_cards_are_dealt(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    page = window.new_game("euchre")
    assert page is not None
    assert watch_the_first_deal(page, qtbot) == [21]  # five cards each and the upcard
    while page.view.scene.dealing_ms() > 0:
        assert page.session.moves == [], "a CPU bid while the cards were still on their way"
        qtbot.wait(20)
    assert settled(page)
    if page.session.to_move != 0:
        qtbot.waitUntil(lambda: page.session.moves != [], timeout=20000)  # then the CPU players go on


def next_hand(window: MainWindow, qtbot: QtBot) -> GamePage:
    """A Euchre game played by the session up to a hand's summary (no animation meanwhile), then shown."""
    page = window.new_game("euchre")
    assert page is not None
    page.view.hold_cpu()
    session = page.session
    while session.hold is None or not session.hold.startswith("hand"):
        if session.hold is not None:
            session.acknowledge()
        elif session.is_cpu_turn:
            session.cpu_step()
        else:
            session.play(session.legal_moves()[0])
    page.view.refresh(animate=False)
    qtbot.waitUntil(lambda: settled(page) and page.view.scene.dealing_ms() == 0, timeout=WHOLE_DEAL_MS + 2000)
    return page


def test_the_next_hand_is_dealt_from_its_dealer_and_the_summary_before_it_is_not(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    page = next_hand(window, qtbot)
    scene = page.view.scene
    assert scene.table is not None and scene.table.deal is None, "the summary shows the hand just played"
    page.session.acknowledge()
    assert scene.table.deal is not None and scene.dealing_ms() > 0
    assert len(in_the_deck(page)) >= 15
    qtbot.waitUntil(lambda: settled(page), timeout=WHOLE_DEAL_MS + 2000)
    assert sum(1 for item in scene.cards.values() if item.face_up) == 6  # your five and the upcard


def test_a_deal_cut_short_by_a_resize_leaves_every_card_in_place_and_face_up(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    watch_the_first_deal(page, qtbot)
    window.resize(900, 700)
    qtbot.waitUntil(lambda: settled(page), timeout=20000)
    assert sum(1 for item in page.view.scene.cards.values() if item.face_up and not item.in_deck) == 31


def test_a_continued_game_is_not_dealt_again(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.new_game("yukon")
    assert page is not None
    qtbot.waitUntil(lambda: settled(page), timeout=WHOLE_DEAL_MS + 2000)
    page.session.play(page.session.legal_moves()[0])
    window.show_launcher()
    again = window.continue_game("yukon")
    assert again is not None
    qtbot.wait(150)
    assert again.view.scene.dealing_ms() == 0 and in_the_deck(again) == [] and settled(again)


def test_a_click_that_moves_the_table_on_deals_the_next_hand_in_full(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    page = next_hand(window, qtbot)
    scene = page.view.scene
    page.view.handle(Background())  # a click on the felt moves a hand's summary on, then the table is redrawn
    assert page.session.hold is None and scene.dealing_ms() > 0
    assert len(in_the_deck(page)) >= 15, "the redraw after the click cut the deal short"
    qtbot.waitUntil(lambda: settled(page), timeout=WHOLE_DEAL_MS + 2000)
