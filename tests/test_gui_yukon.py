"""Playing Yukon in the window: by mouse, by keyboard, by dragging, undo and redo, hint, pause and continuing after a
restart of the program."""

from __future__ import annotations

import itertools
import os
import pickle
import random
import types

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

import plugins.yukon.plugin as yukon_plugin
from core import analysis_worker
from core.session import GameSession
from gui import table_view
from gui.game_page import GamePage
from gui.i18n import set_language
from gui.window import MainWindow
from plugins.yukon.words import W
from tests.gui_helpers import card, click, double_click, item_point, make_window, marked, slot, yukon_page


def open_deal(qtbot: QtBot, number: int = 12) -> tuple[MainWindow, GamePage]:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    return window, yukon_page(window, number)


def test_play_by_clicks_select_shows_destinations_and_a_click_moves(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    click(qtbot, page, card(page, "TD"))  # column 3: 10♦ 3♥ K♣ 9♠ 2♠
    assert marked(page, "selected_mark") == ["2S", "3H", "9S", "KC", "TD"]
    assert card(page, "JC").destination and not card(page, "9H").destination
    click(qtbot, page, card(page, "9H"))  # not legal: nothing moves, the selection stays
    assert page.session.moves == [] and page.view.ui.pick is not None
    assert "10♦ is not one lower than 9♥" in page.status.text()
    bubble, target = page.view.scene.refusal_item, card(page, "9H").sceneBoundingRect()
    assert bubble.isVisible() and bubble.lines == ["10♦ is not one lower than 9♥"]
    assert abs(bubble.sceneBoundingRect().center().x() - target.center().x()) < target.width()  # above the click
    click(qtbot, page, card(page, "JC"))
    assert not bubble.isVisible()
    assert page.session.moves == ["3.5>6"] and page.view.ui.pick is None
    assert page.session.state.hidden[2] == 1, "the face-down 4♦ turned up"
    assert card(page, "4D").face_up


def test_clicking_the_same_card_or_the_table_clears_the_selection(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    click(qtbot, page, card(page, "TD"))
    click(qtbot, page, card(page, "TD"))
    assert page.view.ui.pick is None
    click(qtbot, page, card(page, "TD"))
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(20, 20))  # the empty felt
    assert page.view.ui.pick is None and not marked(page, "destination")


def test_a_group_dragged_onto_a_column_moves_and_a_bad_drop_goes_back(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    viewport = page.table.viewport()
    start = item_point(page, card(page, "TD"))
    before = card(page, "TD").pos()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=start + QPoint(30, 30))
    qtbot.mouseMove(viewport, pos=item_point(page, card(page, "9H")))
    assert page.view.scene._drag, "a drag is in progress"
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=item_point(page, card(page, "9H")))
    assert page.session.moves == [] and card(page, "TD").pos() == before, "an illegal drop goes back"
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=start + QPoint(30, 30))
    target = item_point(page, card(page, "JC"))
    qtbot.mouseMove(viewport, pos=target)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    assert page.session.moves == ["3.5>6"]


def test_a_card_pressed_as_the_table_moves_it_away_is_not_dragged_from_the_wrong_place(qtbot: QtBot) -> None:
    """The table can move cards while the mouse button is down (its finish, a safe card going home, Ctrl+Z): a
    drag begun after that must not take whatever now lies there, nor fail. Found under a real window manager:
    the press's place was read from the changed column, past its end, and the program died."""
    _, page = open_deal(qtbot)
    viewport = page.table.viewport()
    start = item_point(page, card(page, "2S"))  # the front of column 3: 10♦ 3♥ K♣ 9♠ 2♠
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    page.view.play("3.5>6")  # meanwhile the five cards go to column 6 (the table's own move, or the keyboard's)
    qtbot.mouseMove(viewport, pos=start + QPoint(30, 30))
    qtbot.mouseMove(viewport, pos=item_point(page, card(page, "9H")))
    assert not page.view.scene._drag, "no drag of cards the player never pressed"
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=item_point(page, card(page, "9H")))
    assert page.session.moves == ["3.5>6"]
    # pressed on 9♠, which moved with its group: the drag still takes it and the cards below it, from their new place
    start = item_point(page, card(page, "9S"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    page.view.play("4>F")  # A♥ home from column 4: column 6 is not touched
    qtbot.mouseMove(viewport, pos=start + QPoint(30, 30))
    assert [item.card.text for item in page.view.scene._drag] == ["9S", "2S"]
    page.undo()  # and now, mid-drag, Ctrl+Z takes A♥ back; again: the group goes back to column 3
    page.undo()
    target = item_point(page, card(page, "JC"))
    qtbot.mouseMove(viewport, pos=target)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    assert page.session.moves == [], "the drop of cards the table had moved away is not made"
    scene = page.view.scene
    assert not scene._drag and all(scene.cards[key].pos() == place.pos for key, place in scene.places.items())


def test_a_drag_outlines_the_pile_it_may_drop_on_and_keeps_its_cards_in_hand_when_the_table_is_redrawn(
        qtbot: QtBot) -> None:
    """As in KPatience, the pile under the dragged cards is outlined green only where the drop is legal. The table
    redrawn mid-drag (the solver's verdict arriving) used to put the cards back in their column for a moment and
    then leave them under the other columns' cards for the rest of the drag."""
    _, page = open_deal(qtbot)
    viewport, scene = page.table.viewport(), page.view.scene
    start = item_point(page, card(page, "TD"))  # column 3: 10♦ 3♥ K♣ 9♠ 2♠, which may go onto J♣ only
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=start + QPoint(30, 30))
    qtbot.mouseMove(viewport, pos=item_point(page, card(page, "9H")))
    assert scene._drag and not marked(page, "destination"), "10♦ may not go onto 9♥: nothing outlined"
    qtbot.mouseMove(viewport, pos=item_point(page, card(page, "JC")))
    assert marked(page, "destination") == ["JC"]
    held = [(item.pos(), item.zValue()) for item in scene._drag]
    page.view.refresh(animate=False)  # the table redrawn mid-drag
    assert [(item.pos(), item.zValue()) for item in scene._drag] == held, "the cards stay in the hand"
    others = [item.zValue() for item in scene.cards.values() if item not in scene._drag]
    assert min(z for _, z in held) > max(others), "and over every other card"
    assert marked(page, "destination") == ["JC"]
    qtbot.mouseMove(viewport, pos=item_point(page, card(page, "9H")))
    assert not marked(page, "destination"), "the outline goes with the pointer"
    target = item_point(page, card(page, "JC"))
    qtbot.mouseMove(viewport, pos=target)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    assert page.session.moves == ["3.5>6"] and not marked(page, "destination")
    ace = item_point(page, card(page, "AH"))  # an empty foundation is outlined the same way
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=ace)
    qtbot.mouseMove(viewport, pos=ace + QPoint(30, 30))
    qtbot.mouseMove(viewport, pos=item_point(page, slot(page, "foundation:H"), dy=0.5))
    assert slot(page, "foundation:H").destination
    qtbot.mouseMove(viewport, pos=item_point(page, card(page, "2S")))  # A♥ onto 2♠: legal in Yukon
    assert not slot(page, "foundation:H").destination and marked(page, "destination") == ["2S"]
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=ace)  # dropped back on its own column
    assert page.session.moves == ["3.5>6"] and not marked(page, "destination")


def test_a_group_dropped_just_below_a_column_goes_there(qtbot: QtBot) -> None:
    """Where the cards will lie, just below the column's front card, is where a player drops them. There the
    pointer is over no card, so the nearest column takes the drop; the dragged cards, still counted in their own
    column, made it the nearest wherever they were held, and the group always came back."""
    _, page = open_deal(qtbot)
    viewport, scene = page.table.viewport(), page.view.scene
    front = card(page, "JC").sceneBoundingRect()  # the front of column 6, where 10♦ 3♥ K♣ 9♠ 2♠ may go
    unit = scene.unit
    spots = [QPointF(front.center().x(), front.bottom() + unit * 0.3),
             QPointF(front.left() + front.width() * 0.3, front.bottom() + unit * 0.05),
             QPointF(front.right() - front.width() * 0.4, front.bottom() + unit * 0.2)]
    for spot in spots:
        assert scene._hit(spot) is None, "over the felt, not a card"
        start = item_point(page, card(page, "TD"))
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
        qtbot.mouseMove(viewport, pos=start + QPoint(30, 30))
        qtbot.mouseMove(viewport, pos=page.table.mapFromScene(spot))
        assert marked(page, "destination") == ["JC"], spot
        qtbot.mouseMove(viewport, pos=start + QPoint(0, 5))  # taken back over its own column
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start + QPoint(0, 5))
    assert page.session.moves == []
    start = item_point(page, card(page, "TD"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=start + QPoint(30, 30))
    qtbot.mouseMove(viewport, pos=page.table.mapFromScene(spots[0]))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=page.table.mapFromScene(spots[0]))
    assert page.session.moves == ["3.5>6"]


def test_with_returns_on_a_foundation_card_is_dragged_back_onto_a_column(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    settings = {**game.settings.defaults(), "return_from_foundations": True}
    page = window.open_session(GameSession.new(game, settings, deal={"number": 12}, saves=window.saves))
    assert page is not None
    page.view.play("4>F")  # A♥ home; column 3's front is 2♠, which takes it back
    viewport, scene = page.table.viewport(), page.view.scene
    start = item_point(page, card(page, "AH"), dy=0.5)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=start + QPoint(20, 30))
    qtbot.mouseMove(viewport, pos=item_point(page, card(page, "2S")))
    assert [item.card.text for item in scene._drag] == ["AH"] and marked(page, "destination") == ["2S"]
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=item_point(page, card(page, "2S")))
    assert page.session.moves == ["4>F", "F.H>3"]


def test_the_right_button_shows_a_covered_card_whole_until_released(qtbot: QtBot) -> None:
    """KPatience's peek: a covered face-up card comes over the cards fanned on it while the right button is held;
    a face-down card or a front card does not move, and a right double-click plays nothing."""
    _, page = open_deal(qtbot)
    viewport, scene = page.table.viewport(), page.view.scene
    column = [item for item in scene.cards.values() if item.x() == card(page, "3H").x()]
    before = {item: (item.pos(), item.zValue()) for item in scene.cards.values()}
    at = item_point(page, card(page, "3H"), dy=0.05)  # column 3: 10♦ 3♥ K♣ 9♠ 2♠
    qtbot.mousePress(viewport, Qt.MouseButton.RightButton, pos=at)
    assert card(page, "3H").zValue() > max(item.zValue() for item in column if item is not card(page, "3H"))
    assert scene.items(page.table.mapToScene(item_point(page, card(page, "2S"))))[0] is card(page, "3H")
    page.view.refresh(animate=False)  # the table redrawn meanwhile (the solver's verdict): still shown whole
    assert scene.items(page.table.mapToScene(item_point(page, card(page, "2S"))))[0] is card(page, "3H")
    qtbot.mouseRelease(viewport, Qt.MouseButton.RightButton, pos=at)
    assert {item: (item.pos(), item.zValue()) for item in scene.cards.values()} == before
    for text in ("AH", "down:column:2:0"):  # the front of column 4; column 3's first card, face down
        qtbot.mousePress(viewport, Qt.MouseButton.RightButton, pos=item_point(page, scene.cards[text], dy=0.03))
        assert {item: (item.pos(), item.zValue()) for item in scene.cards.values()} == before
        qtbot.mouseRelease(viewport, Qt.MouseButton.RightButton, pos=item_point(page, scene.cards[text], dy=0.03))
    qtbot.mouseDClick(viewport, Qt.MouseButton.RightButton, pos=item_point(page, card(page, "AH")))
    assert page.session.moves == [] and page.view.ui.pick is None


def test_a_click_counts_only_on_the_card_pressed(qtbot: QtBot) -> None:
    """Pressed on 4♠; before the release the table moves it away and another card comes to its place: the release
    there is no click on that other card (it would pick cards up the player never chose)."""
    _, page = open_deal(qtbot)
    viewport = page.table.viewport()
    at = item_point(page, card(page, "4S"))  # the front of column 7
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at)
    page.view.play("7.5>2")  # meanwhile 4♠ goes away with its group…
    page.view.play("4.5>7")  # …and A♥'s group comes to column 7
    assert page.view.scene._hit(page.table.mapToScene(at)) == ("column:6", 10), "another card lies where 4♠ lay"
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at)
    assert page.view.ui.pick is None, "nothing was picked up"


def test_a_double_click_sends_a_front_card_home(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    double_click(qtbot, page.table.viewport(), item_point(page, card(page, "AH")))
    assert page.session.moves == ["4>F"]


def test_play_by_keys_cursor_enter_digits_and_foundation(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    table, scene = page.table, page.view.scene
    qtbot.keyClick(table, Qt.Key.Key_Right)  # shows the cursor on the first focus pile
    assert scene.cursor == ("foundation:S", None)
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert scene.cursor is not None and scene.cursor[0].startswith("column:")
    while scene.cursor[0] != "column:3":
        qtbot.keyClick(table, Qt.Key.Key_Right)
    assert scene.cursor == ("column:3", 7)  # column 4's front card, A♥
    assert card(page, "AH").cursor_mark
    qtbot.keyClick(table, Qt.Key.Key_F)
    assert page.session.moves == ["4>F"]
    qtbot.keyClick(table, Qt.Key.Key_Left)
    for _ in range(4):
        qtbot.keyClick(table, Qt.Key.Key_Up)
    assert scene.cursor == ("column:2", 2)  # 10♦, the deepest face-up card of column 3
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert page.view.ui.pick == (2, 5, None)
    qtbot.keyClick(table, Qt.Key.Key_2)  # onto 9♥: refused, and said just above the picked 10♦
    bubble, picked = scene.refusal_item, card(page, "TD").sceneBoundingRect()
    assert page.session.moves == ["4>F"] and bubble.isVisible() and bubble.lines == ["10♦ is not one lower than 9♥"]
    assert picked.top() - 3 * bubble.boundingRect().height() < bubble.sceneBoundingRect().bottom() <= picked.top()
    qtbot.keyClick(table, Qt.Key.Key_6)
    assert page.session.moves == ["4>F", "3.5>6"] and not bubble.isVisible()
    qtbot.keyClick(table, Qt.Key.Key_Return)
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert page.view.ui.pick is None


def test_the_cursor_on_a_foundation_stays_on_its_top_card_in_sight(qtbot: QtBot) -> None:
    """Up on a foundation of two cards walked the cursor onto the ace under the two, out of sight."""
    _, page = open_deal(qtbot, 6)
    for move in ("4>F", "7>F", "1>F"):
        page.view.play(move)
    table, scene = page.table, page.view.scene
    qtbot.keyClick(table, Qt.Key.Key_Right)
    qtbot.keyClick(table, Qt.Key.Key_Right)
    assert scene.cursor == ("foundation:H", 1) and card(page, "2H").cursor_mark
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert scene.cursor == ("foundation:H", 1) and card(page, "2H").cursor_mark and not card(page, "AH").cursor_mark


def test_undo_takes_back_a_move_that_turned_a_card(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    start = page.session.state
    page.session.play("3.5>6")
    assert page.buttons["undo"].isEnabled() and card(page, "4D").face_up
    qtbot.keyClick(page.table, Qt.Key.Key_Z)
    assert page.session.state == start and "4D" not in page.view.scene.cards
    assert not page.buttons["undo"].isEnabled()


def test_redo_by_button_and_key_brings_the_move_back_until_another_move_is_made(qtbot: QtBot) -> None:
    window, page = open_deal(qtbot)
    assert page.buttons["redo"].isVisible() and not page.buttons["redo"].isEnabled()
    page.session.play("4>F")
    page.session.play("3.5>6")
    turned = page.session.state
    qtbot.keyClick(page.table, Qt.Key.Key_Z)
    qtbot.keyClick(page.table, Qt.Key.Key_Z)
    assert page.session.moves == [] and page.buttons["redo"].isEnabled()
    qtbot.mouseClick(page.buttons["redo"], Qt.MouseButton.LeftButton)
    assert page.session.moves == ["4>F"] and "0 moves" not in page.status.text()
    qtbot.keyClick(page.table, Qt.Key.Key_Y)
    assert page.session.state == turned and card(page, "4D").face_up and not page.buttons["redo"].isEnabled()
    qtbot.keyClick(page.table, Qt.Key.Key_Z)
    window.close()  # what was undone is saved with the game
    again = make_window(qtbot, {"yukon": yukon_plugin})
    qtbot.mouseClick(again.launcher.tiles["yukon"].findChild(QPushButton, "continue-yukon"),
                     Qt.MouseButton.LeftButton)
    assert again.page is not None and again.page.buttons["redo"].isEnabled()
    click(qtbot, again.page, card(again.page, "AC"))
    qtbot.keyClick(again.page.table, Qt.Key.Key_F)  # another move: A♣ home
    assert again.page.session.moves == ["4>F", "5>F"] and not again.page.buttons["redo"].isEnabled()


def hint_targets(page: GamePage) -> list[str]:
    return [*marked(page, "destination"), *(k for k, s in page.view.scene.slots.items() if s.destination)]


def test_hint_shows_the_card_yellow_and_its_destination_green_and_one_click_there_moves(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)  # the hint: A♥ home
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    assert page.view.hint is not None and page.view.hint.move == "4>F"
    assert marked(page, "selected_mark") == ["AH"] and hint_targets(page) == ["foundation:H"]
    assert not marked(page, "hinted") and page.session.moves == []  # the player makes the move
    assert page.view.hint.reason.en in page.status.text()
    note = page.view.scene.texts["note"]  # the reason on the table too, in the free corner by the columns
    assert note.isVisible() and note.lines == [page.view.hint.reason.en]
    assert note.sceneBoundingRect().right() < slot(page, "foundation:S").sceneBoundingRect().left()
    click(qtbot, page, slot(page, "foundation:H"))
    assert page.session.moves == ["4>F"] and not marked(page, "selected_mark")


def note_shown(page: GamePage) -> bool:
    note = page.view.scene.texts.get("note")
    return note is not None and note.isVisible()


def test_a_hint_is_played_by_its_key_or_put_away_by_putting_its_cards_down(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    reason = page.view.hint.reason.en if page.view.hint else ""
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)  # cards down: the hint goes, its reason too
    assert not marked(page, "selected_mark") and not hint_targets(page)
    assert not note_shown(page) and reason not in page.status.text()
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    click(qtbot, page, card(page, "AH"))  # a click on the hinted card puts it down as well
    assert not marked(page, "selected_mark") and not note_shown(page)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    qtbot.keyClick(page.table, Qt.Key.Key_F)  # the destination's key plays it
    assert page.session.moves == ["4>F"]


def test_pressing_hint_again_and_again_ends_where_the_game_cannot_be_won_and_it_says_so(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot, 20)  # following the hint loses deal 20 after 6 moves
    for _ in range(6):
        qtbot.keyClick(page.table, Qt.Key.Key_H)
        assert page.view.hint is not None and page.view.hint.move and marked(page, "selected_mark")
        page.session.play(page.view.hint.move)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    assert page.view.hint is not None and page.view.hint.move == "" and not marked(page, "selected_mark")
    note = page.view.scene.texts["note"]  # said on the table, where the player looks, and on the status line
    assert note.isVisible() and "cannot be won from here" in " ".join(note.lines)
    assert "cannot be won from here" in page.status.text()
    assert page.buttons["undo"].isEnabled()  # the way out it names


def test_a_hint_puts_picked_cards_down_and_cards_picked_after_it_show_their_own_destinations(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    click(qtbot, page, card(page, "TD"))  # 10♦ 3♥ K♣ 9♠ 2♠, which may go onto J♣ only
    qtbot.keyClick(page.table, Qt.Key.Key_H)  # A♥ home: the picked cards are put down, the hint's picked up
    assert page.view.hint is not None and marked(page, "selected_mark") == ["AH"]
    assert slot(page, "foundation:H").destination and not marked(page, "destination")
    click(qtbot, page, card(page, "JD"))  # other cards picked while the hint shows: the hint is put away
    assert marked(page, "selected_mark") == ["7C", "AH", "JD"] and not note_shown(page)
    assert not any(s.destination for s in page.view.scene.slots.values())
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    click(qtbot, page, card(page, "TD"))
    assert marked(page, "destination") == ["JC"]
    click(qtbot, page, card(page, "JC"))
    assert page.session.moves == ["3.5>6"]


def test_a_group_sent_to_a_foundation_is_refused_with_the_reason(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    click(qtbot, page, card(page, "TD"))
    click(qtbot, page, slot(page, "foundation:D"))
    assert page.session.moves == [] and "Only a column's front card can go to a foundation" in page.status.text()
    assert page.view.scene.refusal_item.isVisible()
    qtbot.keyClick(page.table, Qt.Key.Key_F)  # the same by the keyboard
    assert page.session.moves == [] and "Only a column's front card" in page.status.text()


def test_a_refusal_leaves_the_status_line_once_the_player_picks_other_cards_or_asks_for_a_hint(qtbot: QtBot) -> None:
    _, page = open_deal(qtbot)
    refused = "Only a column's front card can go to a foundation"
    click(qtbot, page, card(page, "TD"))
    qtbot.keyClick(page.table, Qt.Key.Key_F)
    assert refused in page.status.text()
    click(qtbot, page, card(page, "QH"))  # other cards picked: the refusal was about the last ones
    assert refused not in page.status.text() and marked(page, "selected_mark") == ["9H", "JS", "QH"]
    click(qtbot, page, card(page, "TD"))
    qtbot.keyClick(page.table, Qt.Key.Key_F)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    assert refused not in page.status.text() and page.view.hint is not None
    assert page.view.hint.reason.en in page.status.text()


def test_the_usual_undo_and_redo_keys_work_from_the_table_and_the_toolbar(qtbot: QtBot) -> None:
    window, page = open_deal(qtbot)
    with qtbot.waitActive(window):  # shortcuts belong to the active window, as a person's keys do
        window.activateWindow()
    page.session.play("4>F")
    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(page.table, Qt.Key.Key_Z, ctrl)
    assert page.session.moves == []
    qtbot.keyClick(page.table, Qt.Key.Key_Z, ctrl | shift)  # redo, not a second undo
    assert page.session.moves == ["4>F"]
    qtbot.keyClick(page.buttons["hint"], Qt.Key.Key_Z, ctrl)  # with the focus on the toolbar too
    qtbot.keyClick(page.buttons["hint"], Qt.Key.Key_Y, ctrl)
    assert page.session.moves == ["4>F"] and not page.buttons["redo"].isEnabled()
    assert page.buttons["undo"].toolTip() == "Ctrl+Z" and page.buttons["redo"].toolTip() == "Ctrl+Shift+Z / Ctrl+Y"


def test_safe_cards_go_home_by_themselves_after_a_move_when_asked_and_undo_takes_them_back_with_it(
        qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    for on in (False, True):
        settings = {**game.settings.defaults(), "safe_cards_home": on}
        assert game.settings.defaults()["safe_cards_home"] is False, "off unless the player turns it on"
        page = window.open_session(GameSession.new(game, settings, deal={"number": 12}, saves=window.saves))
        assert page is not None
        qtbot.wait(100)
        assert page.session.moves == [], "nothing moves before the player does"
        click(qtbot, page, card(page, "TD"))
        click(qtbot, page, card(page, "JC"))
        if not on:
            qtbot.wait(200)
            assert page.session.moves == ["3.5>6"]
            continue
        qtbot.waitUntil(lambda: len(page.session.moves) == 3, timeout=20000)  # noqa: B023
        assert page.session.moves == ["3.5>6", "4>F", "5>F"], "A♥ and A♣ go home by themselves"
        qtbot.wait(200)
        assert len(page.session.moves) == 3
        qtbot.keyClick(page.table, Qt.Key.Key_Z)
        qtbot.wait(200)
        assert page.session.moves == [], "one undo takes back the player's move and what followed by itself"
        qtbot.keyClick(page.table, Qt.Key.Key_Y)
        assert page.session.moves == ["3.5>6", "4>F", "5>F"], "and one redo brings all three back"
        window.close()  # which moves were made by themselves is saved with the game
        again = make_window(qtbot, {"yukon": yukon_plugin})
        qtbot.mouseClick(again.launcher.tiles["yukon"].findChild(QPushButton, "continue-yukon"),
                         Qt.MouseButton.LeftButton)
        assert again.page is not None and again.page.session.moves == ["3.5>6", "4>F", "5>F"]
        qtbot.keyClick(again.page.table, Qt.Key.Key_Z)
        assert again.page.session.moves == []


def test_continue_after_restarting_the_program(qtbot: QtBot) -> None:
    window, page = open_deal(qtbot)
    page.session.play("4>F")
    page.session.play("3.5>6")
    state = page.session.state
    window.close()
    again = make_window(qtbot, {"yukon": yukon_plugin})
    qtbot.mouseClick(again.launcher.tiles["yukon"].findChild(QPushButton, "continue-yukon"),
                     Qt.MouseButton.LeftButton)
    assert again.page is not None and again.page.session.state == state
    assert "2 moves" in again.page.status.text() and "Deal 12" in again.page.status.text()


def test_restart_returns_to_the_start_of_the_same_deal(qtbot: QtBot) -> None:
    window, page = open_deal(qtbot, 617)
    page.session.play(page.session.legal_moves()[0])
    assert "· 1 move ·" in page.status.text(), page.status.text()
    qtbot.mouseClick(page.buttons["restart"], Qt.MouseButton.LeftButton)
    assert window.page is page and "again" in page.buttons["restart"].text(), "a game in progress: asks first"
    qtbot.mouseClick(page.buttons["restart"], Qt.MouseButton.LeftButton)
    assert window.page is not None and window.page.session.state.deal_number == 617
    assert window.page.session.moves == []


def test_a_long_column_keeps_every_index_readable(qtbot: QtBot) -> None:
    """Twenty cards in one column in a small window: the fan squeezes but each card still shows its index,
    and the column stays inside the window."""
    from core.cards import full_deck

    deck = [c.text for c in full_deck()]
    columns = [deck[:20]] + [deck[20 + i::6] for i in range(6)]
    window = make_window(qtbot, {"yukon": yukon_plugin})
    window.resize(900, 560)
    game = window.host.game("yukon")
    session = GameSession.new(game, game.settings.defaults(), deal={"columns": columns, "hidden": [0] * 7},
                              saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    qtbot.waitUntil(lambda: page.table.viewport().height() < 520)
    items = [card(page, text) for text in columns[0]]
    steps = [b.pos().y() - a.pos().y() for a, b in itertools.pairwise(items)]
    assert min(steps) >= 0.2 * items[0].width, "an index needs about a fifth of a card width"
    assert items[-1].sceneBoundingRect().bottom() <= page.table.viewport().height() + 1
    # the art's suit sign under the rank is covered there, so each covered card shows its suit beside the rank
    assert all(item.suit_beside_rank for item in items[:-1]) and not items[-1].suit_beside_rank
    assert not any(card(page, text).suit_beside_rank for text in columns[1]), "a roomy fan shows the art's own"
    red = [item for item in items[:-1] if item.card is not None and item.card.is_red]
    assert red and all(_red_ink_in_strip(item, min(steps)) > _red_ink_in_strip(item, min(steps), False) + 10
                       for item in red), "the sign is drawn inside the strip the next card leaves visible"


def test_the_last_card_of_a_long_column_has_room_for_its_marks_at_any_height(qtbot: QtBot) -> None:
    """Twenty-two cards in one column: whatever the window's height, the front card and the outline its marks
    draw around it (a destination, the keyboard cursor) stay inside the table."""
    from core.cards import full_deck

    deck = [c.text for c in full_deck()]
    columns = [deck[:22]] + [deck[22 + i::6] for i in range(6)]
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    session = GameSession.new(game, game.settings.defaults(), deal={"columns": columns, "hidden": [0] * 7},
                              saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    front = card(page, columns[0][-1])
    for height in range(430, 600, 11):
        window.resize(1133, height)
        qtbot.waitUntil(lambda h=height: page.view.scene.view_size[1] == page.table.viewport().height())
        front.finish_animation()
        assert front.sceneBoundingRect().bottom() <= page.table.viewport().height(), height


def _red_ink_in_strip(item: object, strip: float, beside: bool = True) -> int:
    """Red pixels in the top ``strip`` pixels of ``item`` drawn alone, right of its rank."""
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from gui.cards import CardItem

    assert isinstance(item, CardItem)
    was = item.suit_beside_rank
    item.set_suit_beside_rank(beside)
    image = QImage(round(item.width), round(item.height), QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    item.set_suit_beside_rank(was)
    count = 0
    for y in range(int(strip)):
        for x in range(int(0.19 * item.width), image.width()):
            c = image.pixelColor(x, y)
            count += c.red() > 150 and c.green() < 90 and c.blue() < 100
    return count


def test_no_move_left_is_said_on_the_table_and_japanese_wraps_keep_brackets_with_their_words(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    rng = random.Random(5)
    for number in itertools.count(1):  # random play until a deal has no move left (a few deals at most)
        session = GameSession.new(game, {**game.settings.defaults(), "auto_finish": False},
                                  deal={"number": number}, saves=window.saves)
        while session.legal_moves() and len(session.moves) < 80:
            session.play(rng.choice(list(session.legal_moves())))
        if not session.legal_moves() and not session.state.won:
            break
    set_language("ja")
    try:
        page = window.open_session(session)
        assert page is not None
        note = page.view.scene.texts["note"]
        assert note.isVisible() and "".join(note.lines).startswith("動かせる札がありません")
        assert len(note.lines) > 1, "the corner is narrow: the note wraps"
        assert not any(line[0] in "」、。" or line[-1] == "「" for line in note.lines), note.lines
        assert note.sceneBoundingRect().bottom() < slot(page, "column:0").sceneBoundingRect().top()
    finally:
        set_language("en")


def test_the_won_panel_says_how_long_the_deal_took(qtbot: QtBot) -> None:
    from plugins.yukon.solver import solve

    _, page = open_deal(qtbot)
    page.session.seconds += 300  # five minutes played before the last stretch
    for move in solve(page.session.state).moves:
        page.session.play(move)
    page.view.refresh(animate=False)
    panel = page.view.scene.hold_item
    assert panel.isVisible() and page.session.state.won
    line = " ".join(panel.body.lines)
    assert "moves · 5 min" in line, line
    assert not page.buttons["pause"].isEnabled()  # a won deal has nothing left to hide or to time
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert not page.session.paused and panel.isVisible()


@pytest.mark.parametrize("where", ["process", "thread"])
def test_the_solvers_verdict_reaches_the_status_from_its_process_or_a_thread(qtbot: QtBot,
                                                                            monkeypatch: pytest.MonkeyPatch,
                                                                            where: str) -> None:
    """A deal not in the catalogue: the status says the solver is thinking, then what it found. The solver
    thinks in a process of its own, or on a thread when a game's analysis cannot be sent there."""
    monkeypatch.setattr(table_view, "_analysis_worker", None)  # a worker of this test's own
    if where == "thread":
        def does_not_pickle(job: object) -> bytes:
            raise pickle.PicklingError("a local object")

        monkeypatch.setattr(analysis_worker, "pickle", types.SimpleNamespace(dumps=does_not_pickle))
    _, page = open_deal(qtbot, 999_999)
    thinking, solvable = W["thinking"].en, W["solvable"].en
    assert thinking in page.status.text() or solvable in page.status.text()
    qtbot.waitUntil(lambda: solvable in page.status.text(), timeout=20000)
    worker = table_view._analysis_worker
    assert worker is not None and (worker.pid not in (None, os.getpid())) == (where == "process")
    worker.close()
