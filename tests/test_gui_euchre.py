"""Playing Euchre in the window by keys: bidding, playing, the trick held until Next, Restart's confirmation."""

from __future__ import annotations

import threading
from dataclasses import replace

from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
from core.game import GameSpec
from core.session import GameSession
from gui.game_page import GamePage
from gui.window import MainWindow
from plugins.euchre.cpu import RuleBasedPlayer
from plugins.euchre.model import Phase
from tests.euchre_helpers import make_deal
from tests.gui_helpers import card, click, double_click, item_point, make_window


def open_euchre(qtbot: QtBot, deal: dict | None = None, seed: int = 3,
                options: dict | None = None) -> tuple[object, GamePage]:
    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    session = GameSession.new(game, {**game.settings.defaults(), **(options or {})}, seed=seed, deal=deal,
                              saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    return window, page


def wait_for_you_or_review(qtbot: QtBot, page: GamePage) -> None:
    qtbot.waitUntil(lambda: (page.session.to_move == 0 and page.session.hold is None)
                    or page.session.hold is not None or page.session.is_over, timeout=20000)


def test_a_whole_hand_by_keys_with_each_trick_held_until_space(qtbot: QtBot) -> None:
    deal = make_deal("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS")
    _, page = open_euchre(qtbot, deal)
    scene = page.view.scene
    assert page.session.to_move == 0 and "order up" in page.status.text()
    qtbot.keyClick(page.table, Qt.Key.Key_H)  # order up hearts
    assert page.session.moves[0] == "order"
    holds = []
    while page.session.state.number == 0 or page.session.hold is not None:
        wait_for_you_or_review(qtbot, page)
        if page.session.hold is not None:
            holds.append(page.session.hold)
            moves = len(page.session.moves)
            assert not page.view.cpu_timer.isActive() and "Next" in page.status.text()
            panel = scene.hold_item.sceneBoundingRect()
            assert scene.hold_item.isVisible() and not [k for k, item in scene.cards.items() if item.isVisible()
                                                        and item.sceneBoundingRect().intersects(panel)], \
                "the Next panel hides a card"
            qtbot.keyClick(page.table, Qt.Key.Key_Space)
            assert len(page.session.moves) == moves
            continue
        if page.session.to_move == 0 and page.session.state.hand.phase == Phase.PLAY:
            qtbot.keyClick(page.table, Qt.Key.Key_1)
    assert holds == ["trick:0:1", "trick:0:2", "trick:0:3", "trick:0:4", "trick:0:5", "hand:0"]
    assert page.session.state.scores == (2, 0)


def test_a_turned_up_joker_the_hand_stays_face_down_until_you_name_trump_by_key(qtbot: QtBot) -> None:
    from plugins.euchre.cards import deck_of

    deal = make_deal("S", "JK", None, deck_of(False, joker=True), S="9S TD AH KD QC")
    _, page = open_euchre(qtbot, deal, options={"joker": True})
    scene = page.view.scene
    assert "joker is turned up" in page.status.text() and "before you look" in page.status.text()
    assert card(page, "JK").isVisible() and card(page, "JK").face_up, "the joker lies face up as the upcard"
    assert not any(key in scene.cards and scene.cards[key].isVisible() for key in ("9S", "TD", "AH", "KD", "QC")), \
        "your cards stay face down while you name trump"
    qtbot.keyClick(page.table, Qt.Key.Key_A)  # no Alone this hand: the key does nothing
    qtbot.keyClick(page.table, Qt.Key.Key_X)  # nor Pass
    assert page.session.moves == []
    qtbot.keyClick(page.table, Qt.Key.Key_D)  # name diamonds unseen
    assert page.session.moves == ["call D"] and page.session.state.hand.phase == Phase.DISCARD
    joker = card(page, "JK")
    assert joker.face_up and joker.badge == "♦", "the joker in your hand carries the trump mark"
    assert all(card(page, key).isVisible() for key in ("9S", "TD", "AH", "KD", "QC"))
    qtbot.keyClick(page.table, Qt.Key.Key_6)  # the joker sorts first: key 6 is a plain card, never the joker
    assert len(page.session.moves) == 2 and page.session.moves[1] != "discard JK"


def test_pass_with_x_and_alone_is_armed_then_disarmed_with_escape(qtbot: QtBot) -> None:
    deal = make_deal("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS")
    _, page = open_euchre(qtbot, deal)
    buttons = page.view.scene.buttons
    qtbot.keyClick(page.table, Qt.Key.Key_A)
    assert page.view.ui.alone and buttons["alone"].choice.checked and buttons["order"].choice.move == "order alone"
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    assert not page.view.ui.alone and not page.view.scene.buttons["alone"].choice.checked
    qtbot.keyClick(page.table, Qt.Key.Key_A)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    assert page.session.moves[0] == "order alone" and page.session.state.hand.sitting_out == {2}


def test_asking_for_a_hint_disarms_alone_so_the_hinted_button_does_what_the_hint_says(qtbot: QtBot) -> None:
    deal = make_deal("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS")
    _, page = open_euchre(qtbot, deal)
    qtbot.keyClick(page.table, Qt.Key.Key_A)
    assert page.view.ui.alone
    qtbot.mouseClick(page.buttons["hint"], Qt.MouseButton.LeftButton)
    assert page.view.hint is not None and not page.view.ui.alone
    assert not page.view.scene.buttons["alone"].choice.checked


def test_the_toolbar_offers_neither_undo_nor_redo_at_a_card_table(qtbot: QtBot) -> None:
    _, page = open_euchre(qtbot, make_deal("E", "9H", S="JH JD AH KH QH"))
    assert not page.buttons["undo"].isVisible() and not page.buttons["redo"].isVisible()
    assert page.buttons["hint"].isVisible() and page.buttons["pause"].isVisible()


def test_only_legal_cards_are_framed_and_an_illegal_key_plays_nothing(qtbot: QtBot) -> None:
    # clubs will be trump; West holds only diamonds and leads one; South's only diamond is J♦
    deal = make_deal("S", "9C", S="JD TC QC KC AH", W="AD KD QD TD 9D", N="JS 9S TS QS KS")
    _, page = open_euchre(qtbot, deal)
    for _ in range(3):
        page.session.play("pass")
    qtbot.keyClick(page.table, Qt.Key.Key_C)  # South, the dealer, orders up clubs
    assert page.session.moves[-1] == "order" and page.session.state.hand.phase == Phase.DISCARD
    click(qtbot, page, card(page, "AH"))  # discard the A♥
    assert page.session.moves[-1] == "discard AH"
    qtbot.waitUntil(lambda: page.session.to_move == 0 and len(page.session.state.hand.current) == 3, timeout=20000)
    hand = [c.text for c in page.session.observation(0).hand]
    assert [c for c in hand if card(page, c).playable] == ["JD"]
    assert all(card(page, c).disabled for c in hand if c != "JD")
    moves = len(page.session.moves)
    qtbot.keyClick(page.table, Qt.Key.Key_1)  # the first card is a club trump: not allowed
    assert len(page.session.moves) == moves and "must follow diamonds" in page.status.text()
    bubble = page.view.scene.refusal_item  # and on the table, by the hand, where the player is looking
    assert bubble.isVisible() and bubble.lines[0].startswith("You must follow diamonds")
    hand_top = min(card(page, c).sceneBoundingRect().top() for c in hand)
    assert hand_top - 3 * bubble.boundingRect().height() < bubble.sceneBoundingRect().bottom() <= hand_top
    qtbot.keyClick(page.table, Qt.Key.Key_Right)  # the next key clears it
    assert not bubble.isVisible()


def test_a_click_on_a_framed_card_plays_it(qtbot: QtBot) -> None:
    deal = make_deal("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS")
    _, page = open_euchre(qtbot, deal)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: page.session.to_move == 0 and page.session.state.hand.phase == Phase.PLAY, timeout=20000)
    framed = next(c.text for c in page.session.observation(0).hand if card(page, c.text).playable)
    click(qtbot, page, card(page, framed))
    assert page.session.moves[-1] == f"play {framed}"


def test_a_double_clicks_second_half_plays_no_card_its_first_half_did_not_press(qtbot: QtBot) -> None:
    """Continue double-clicked on the launcher opens the table with its second half: over South's next card, it
    must not play it; nor may the second half of a double-click whose first click played a card play the next."""
    deal = make_deal("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS")
    _, page = open_euchre(qtbot, deal)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: page.session.to_move == 0 and page.session.state.hand.phase == Phase.PLAY, timeout=20000)
    played = len(page.session.moves)
    framed = next(c.text for c in page.session.observation(0).hand if card(page, c.text).playable)
    at = item_point(page, card(page, framed))
    qtbot.mouseDClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=at)  # the second half alone
    qtbot.mouseRelease(page.table.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert len(page.session.moves) == played
    double_click(qtbot, page.table.viewport(), at)
    assert page.session.moves[played:played + 1] == [f"play {framed}"]
    assert len(page.session.observation(0).hand) == 4, "one card played, not the one slid under the pointer"


def _drag(qtbot: QtBot, page: GamePage, text: str, over: QPoint) -> bool:
    """Drags card ``text`` of your hand over ``over`` and drops it there; whether a destination was outlined."""
    scene, viewport = page.view.scene, page.table.viewport()
    start = item_point(page, card(page, text), dx=0.1, dy=0.5)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=start + QPoint(0, -30))
    qtbot.mouseMove(viewport, pos=over)
    assert [item.card.text for item in scene._drag] == [text], "the card alone, not those over it"
    outlined = scene._spot is not None and scene._spot.isVisible() and scene._spot.destination
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=over)
    return bool(outlined)


def _middle(page: GamePage, pile_id: str) -> QPoint:
    """The middle of an empty pile of the table, in the view's coordinates."""
    spot = next(p for p in page.view.table.piles if p.id == pile_id)
    return page.table.mapFromScene(page.view.scene.point(spot.x + 0.5, spot.y + 0.7))


def following_a_diamond(qtbot: QtBot) -> GamePage:
    """South, the dealer, has ordered up clubs and discarded A♥; West led A♦: South (J♦ T♣ Q♣ K♣) must follow."""
    deal = make_deal("S", "9C", S="JD TC QC KC AH", W="AD KD QD TD 9D", N="JS 9S TS QS KS")
    _, page = open_euchre(qtbot, deal)
    for _ in range(3):
        page.session.play("pass")
    qtbot.keyClick(page.table, Qt.Key.Key_C)  # South, the dealer, orders up clubs and discards A♥
    click(qtbot, page, card(page, "AH"))
    qtbot.waitUntil(lambda: page.session.to_move == 0 and len(page.session.state.hand.current) == 3, timeout=20000)
    return page


def test_a_card_dragged_onto_the_trick_is_played_and_its_place_is_outlined_only_when_it_may_go(
        qtbot: QtBot) -> None:
    """Clicking plays a card; so does dragging it to the middle, as in other card programs. Your place in the
    trick is outlined while a card that may be played is over it; a card that may not comes back with the
    reason, as a click on it does."""
    page = following_a_diamond(qtbot)
    scene = page.view.scene
    middle = _middle(page, "play")  # West led A♦: J♦ must follow

    moves = len(page.session.moves)
    assert not _drag(qtbot, page, "TC", middle), "T♣ may not be played: nothing outlined"
    assert len(page.session.moves) == moves and "must follow diamonds" in page.status.text()
    assert card(page, "TC").pos() == scene.places["TC"].pos, "it is back in the hand"
    assert not _drag(qtbot, page, "JD", item_point(page, card(page, "QC"))), "dropped back on the hand: nothing"
    assert len(page.session.moves) == moves
    assert _drag(qtbot, page, "JD", middle)
    assert page.session.moves[moves] == "play JD"
    assert scene._spot is not None and not scene._spot.isVisible()


def test_a_card_held_anywhere_and_dropped_anywhere_on_your_place_in_the_trick_is_played(qtbot: QtBot) -> None:
    """A player grabs a card where it shows, often below its middle, and lets go somewhere over the place. Held
    below about a third of its height, the card counted as still in the hand, which was then nearer than the
    place: nothing was outlined and the card came back (seen by mouse on Wayland and X11)."""
    page = following_a_diamond(qtbot)
    viewport, scene = page.table.viewport(), page.view.scene
    spot = next(p for p in page.view.table.piles if p.id == "play")
    held = card(page, "JD").sceneBoundingRect()  # J♦, which must follow West's A♦; its left part shows
    moves = len(page.session.moves)
    for down in (0.1, 0.5, 0.9):
        for across, deep in ((0.2, 0.2), (0.5, 0.7), (0.8, 1.2)):
            start = page.table.mapFromScene(QPointF(held.left() + 6, held.top() + held.height() * down))
            over = page.table.mapFromScene(scene.point(spot.x + across, spot.y + deep))
            qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
            qtbot.mouseMove(viewport, pos=start + QPoint(0, -30))
            qtbot.mouseMove(viewport, pos=over)
            assert scene._spot is not None and scene._spot.isVisible() and scene._spot.destination, (down, across)
            qtbot.mouseMove(viewport, pos=start)
            qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start)  # back on the hand: not played
    assert len(page.session.moves) == moves
    assert _drag(qtbot, page, "JD", page.table.mapFromScene(scene.point(spot.x + 0.5, spot.y + 1.2)))
    assert page.session.moves[moves] == "play JD"


def test_the_dealers_discard_can_be_dragged_to_where_the_upcard_lay(qtbot: QtBot) -> None:
    """The dealer's discard goes by drag too: to the place the upcard lay, outlined while the card is over it;
    dropped anywhere else, the card comes back and nothing is discarded."""
    deal = make_deal("S", "9C", S="JD TC QC KC AH", W="AD KD QD TD 9D", N="JS 9S TS QS KS")
    _, page = open_euchre(qtbot, deal)
    for _ in range(3):
        page.session.play("pass")
    qtbot.keyClick(page.table, Qt.Key.Key_C)  # South, the dealer, orders up clubs and has six cards
    qtbot.waitUntil(lambda: page.session.state.hand.phase == Phase.DISCARD, timeout=20000)
    assert {p.id for p in page.view.table.piles} & {"play", "discard"} == {"discard"}
    moves = len(page.session.moves)
    assert not _drag(qtbot, page, "AH", item_point(page, card(page, "QC"))), "dropped back on the hand: nothing"
    assert len(page.session.moves) == moves and card(page, "AH").pos() == page.view.scene.places["AH"].pos
    assert _drag(qtbot, page, "AH", _middle(page, "discard"))
    assert page.session.moves[moves] == "discard AH"
    assert "AH" not in {c.text for c in page.session.observation(0).hand}


def test_restart_needs_two_presses_and_escape_cancels(qtbot: QtBot) -> None:
    window, page = open_euchre(qtbot)
    first = page.session
    qtbot.mouseClick(page.buttons["restart"], Qt.MouseButton.LeftButton)
    assert "again" in page.buttons["restart"].text() and window.page is page
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_Escape)
    assert page.buttons["restart"].text() == "Restart"
    qtbot.mouseClick(page.buttons["restart"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.buttons["restart"], Qt.MouseButton.LeftButton)
    assert window.page is not page and window.page.session.seed != first.seed


def test_a_click_on_the_empty_table_cancels_the_restart_confirmation(qtbot: QtBot) -> None:
    _, page = open_euchre(qtbot)
    qtbot.mouseClick(page.buttons["restart"], Qt.MouseButton.LeftButton)
    assert "again" in page.buttons["restart"].text()
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(6, page.table.height() // 2))
    assert page.buttons["restart"].text() == "Restart"


def test_the_status_line_says_paused_while_paused_and_the_prompt_again_after(qtbot: QtBot) -> None:
    _, page = open_euchre(qtbot, make_deal("E", "9H", S="JH JD AH KH QH", E="TH AS KS QS JS"))
    prompt = page.status.text()
    assert page.session.to_move == 0 and "order up" in prompt
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert page.session.paused and page.status.text() == "Paused — press P to resume"
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert not page.session.paused and page.status.text() == prompt


def waiting_game(qtbot: QtBot, release: threading.Event, asked: list[int], wait: float, players: list[str | None],
                 seed: int = 3) -> tuple[MainWindow, GamePage, GameSpec]:
    """Euchre with a CPU player "waiting" that waits for ``release`` (``wait`` seconds at most) before it chooses,
    noting each seat that asks it in ``asked``; a game under ``players`` opened."""

    class Waiting(RuleBasedPlayer):
        def choose(self, obs, legal, rng):  # type: ignore[no-untyped-def]
            asked.append(obs.seat)
            release.wait(wait)
            return super().choose(obs, legal, rng)

    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = replace(window.host.game("euchre"), strategies={**window.host.game("euchre").strategies,
                                                             "waiting": Waiting})
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=seed, deal=make_deal("S", "9H"),
                                               players=players, saves=window.saves))
    assert page is not None
    return window, page, game


def test_a_thinking_cpu_leaves_the_window_free_and_a_pause_meanwhile_drops_its_move(qtbot: QtBot) -> None:
    """CPU players think on a worker thread: while West is deciding, keys still work; a pause taken then
    throws West's late answer away, and after Continue West decides again and plays."""
    release, asked = threading.Event(), []
    _, page, _ = waiting_game(qtbot, release, asked, 10, [None, "waiting", "normal", "waiting"])
    qtbot.waitUntil(lambda: bool(asked), timeout=20000)
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert page.session.paused and page.overlay.isVisible()
    release.set()
    qtbot.wait(200)
    assert page.session.moves == [], "a move decided before the pause must not be played after it"
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    qtbot.waitUntil(lambda: len(page.session.moves) >= 1, timeout=20000)
    assert page.session.state.hand.log[0][0] == 1  # West, who was thinking


def test_a_cpu_player_that_does_not_answer_is_told_of_and_new_game_leaves_it(qtbot: QtBot, monkeypatch) -> None:
    """A plugin's CPU player that never answers left the table waiting without a word (seen with a Hearts player
    asleep in choose: West lit, nothing said, for ever). After SLOW_CPU_MS the notice names the seat and the way
    out; a pause takes it away and the decision is timed afresh; a late answer is said; New game leaves a player
    that never answers."""
    import gui.table_view

    monkeypatch.setattr(gui.table_view, "SLOW_CPU_MS", 1000)
    release, asked = threading.Event(), []
    players: list[str | None] = [None, "waiting", "normal", "normal"]
    window, page, game = waiting_game(qtbot, release, asked, 30, players)
    told = "West has been thinking for over 1 s: its CPU player may be stuck. You can wait, or leave this game " \
           "with New game or Back."
    qtbot.waitUntil(lambda: page.notice_bar.isVisible() and page.notice.text() == told, timeout=20000)
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert not page.notice_bar.isVisible(), "paused: nobody is thinking"
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    qtbot.waitUntil(lambda: len(asked) == 2 and page.notice.text() == told, timeout=20000)
    release.set()
    qtbot.waitUntil(lambda: page.session.moves != [], timeout=20000)
    assert page.session.state.hand.log[0][0] == 1
    assert page.notice_bar.isVisible() and page.notice.text().startswith("West has moved, after ")
    release.clear()
    asleep = window.open_session(GameSession.new(game, game.settings.defaults(), seed=4, deal=make_deal("S", "9H"),
                                                 players=players, saves=window.saves))
    assert asleep is not None
    qtbot.waitUntil(lambda: asleep.notice_bar.isVisible() and asleep.notice.text() == told, timeout=20000)
    fresh = window.new_game("euchre")  # West asleep for good: the player leaves
    assert fresh is not None and fresh is window.page and not fresh.notice_bar.isVisible()
    if fresh.session.to_move == 0:
        fresh.session.play("pass")
    qtbot.waitUntil(lambda: fresh.session.to_move == 0 or fresh.session.hold is not None, timeout=20000)
    release.set()


def test_a_hand_against_hard_opponents_with_trump_holding_by_keys(qtbot: QtBot) -> None:
    """The preset that crashed for players: Trump-holding + stick the dealer, hard West and East. A whole
    hand is played from the keyboard (X to pass, a suit key when stuck, 1–6 for cards, Space for Next)
    and no error is raised. Seed 17 with these keys stopped the old hard player with "trump-holding: you
    may order up diamonds only while holding one"."""
    from PySide6.QtWidgets import QMessageBox

    window = make_window(qtbot, {"euchre": euchre_plugin})
    game = window.host.game("euchre")
    settings = {**game.settings.with_preset(game.settings.defaults(), "holding_stick"), "opponents": "hard"}
    session = GameSession.new(game, settings, seed=17, saves=window.saves)
    page = window.open_session(session)
    assert page is not None and session.players == (None, "hard", "normal", "hard")
    keys = {"S": Qt.Key.Key_S, "H": Qt.Key.Key_H, "D": Qt.Key.Key_D, "C": Qt.Key.Key_C}
    while page.session.state.number == 0:
        qtbot.waitUntil(lambda: page.session.to_move == 0 or page.session.hold is not None
                        or page.session.state.number > 0
                        or window.findChild(QMessageBox, "error_dialog") is not None,
                        timeout=20000)
        assert window.findChild(QMessageBox, "error_dialog") is None
        if page.session.state.number > 0:
            break
        if page.session.hold is not None:
            qtbot.keyClick(page.table, Qt.Key.Key_Space)
            continue
        before = len(page.session.moves)
        legal = [m.text for m in page.session.legal_moves()]
        if "pass" in legal:
            qtbot.keyClick(page.table, Qt.Key.Key_X)
        elif any(text.startswith("call") for text in legal):
            qtbot.keyClick(page.table, keys[next(t for t in legal if t.startswith("call"))[5]])
        else:
            for key in range(Qt.Key.Key_1, Qt.Key.Key_7):
                qtbot.keyClick(page.table, Qt.Key(key))
                if len(page.session.moves) > before:
                    break
        assert len(page.session.moves) > before, f"no key made a legal move from {legal}"
    result = page.session.state.results[0]
    assert result.maker is not None and sum(result.points) > 0
    assert window.findChild(QMessageBox, "error_dialog") is None


def _play_until_a_hold(qtbot: QtBot, page: GamePage) -> None:
    while page.session.hold is None:
        wait_for_you_or_review(qtbot, page)
        if page.session.hold is None and page.session.to_move == 0:
            page.view.play(page.session.legal_moves()[0].text)


def test_back_then_continue_while_a_trick_waits_for_next_shows_the_same_trick(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QPushButton

    window, page = open_euchre(qtbot, make_deal("E", "9H", S="JH JD AH KH QH"))
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    _play_until_a_hold(qtbot, page)
    held, trick = page.session.hold, [c.text for _, c in page.session.state.hand.tricks[-1].plays]
    qtbot.mouseClick(page.buttons["back"], Qt.MouseButton.LeftButton)
    continue_button = window.launcher.tiles["euchre"].findChild(QPushButton, "continue-euchre")
    qtbot.mouseClick(continue_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.session.hold == held
    assert page.view.scene.hold_item.isVisible() and all(page.view.scene.cards[c].isVisible() for c in trick)
    qtbot.wait(100)
    assert page.session.hold == held, "no CPU moves behind the held trick"


def test_the_winning_hand_ends_in_the_match_result_and_no_continue(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QPushButton

    deal = {**make_deal("E", "9H", S="JH JD AH KH QH"), "scores": [9, 0]}
    window, page = open_euchre(qtbot, deal)
    qtbot.keyClick(page.table, Qt.Key.Key_H)
    while not page.session.is_over or page.session.hold != "match":
        _play_until_a_hold(qtbot, page)
        if page.session.hold != "match":
            qtbot.keyClick(page.table, Qt.Key.Key_Space)
    table = page.view.table
    assert table is not None and table.hold is not None and "win the match 11–0" in table.hold.title.en
    assert {"again", "back"} <= set(page.view.scene.buttons)
    corner = QPoint(page.table.viewport().width() - 5, page.table.viewport().height() - 5)
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=corner)  # a click on the felt
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert page.session.hold == "match", "the result stays until Play again or Back"
    assert page.view.scene.hold_item.isVisible() and page.view.scene.buttons["again"].isVisible()
    qtbot.mouseClick(page.buttons["back"], Qt.MouseButton.LeftButton)
    assert window.launcher.tiles["euchre"].findChild(QPushButton, "continue-euchre") is None


def test_tab_reaches_the_table_buttons_and_enter_presses_them(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QPushButton

    from gui.table_scene import ButtonItem

    window, page = open_euchre(qtbot, make_deal("E", "9H", S="JH JD AH KH QH"))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    focused = page.view.scene.focusItem()
    assert isinstance(focused, ButtonItem) and focused.choice.id == "order"
    qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    focused = page.view.scene.focusItem()
    assert isinstance(focused, ButtonItem) and focused.choice.id == "alone"
    qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    assert page.view.scene.focusItem().choice.id == "pass"
    qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    assert isinstance(window.focusWidget(), QPushButton), "past the table's buttons, Tab goes on to the toolbar"
    page.table.setFocus()
    for _ in range(3):
        qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert page.session.moves == ["pass"]


def test_in_a_tall_window_the_table_stands_in_the_middle_and_yukons_columns_from_the_top(qtbot: QtBot) -> None:
    """A card table has a bounded height, so a tall window centres it; Yukon's columns may grow to the window's
    foot, so its table keeps to the top."""
    import plugins.yukon.plugin as yukon_plugin

    window, page = open_euchre(qtbot)
    window.resize(780, 1000)
    qtbot.wait(50)
    scene = page.view.scene
    table = scene.table
    assert table is not None
    below = scene.view_size[1] - (scene.origin.y() + table.height * scene.unit)
    assert scene.origin.y() > 100 and abs(below - scene.origin.y()) <= 1, (scene.origin.y(), below)
    game = yukon_plugin.GAME
    window.host.add_plugin("yukon", yukon_plugin)
    yukon = window.open_session(GameSession.new(game, game.settings.defaults(), deal={"number": 12},
                                                saves=window.saves))
    assert yukon is not None
    qtbot.wait(50)
    assert yukon.view.scene.origin.y() == 0


def test_a_click_on_a_table_button_leaves_the_keys_with_the_table(qtbot: QtBot) -> None:
    """As a click on a toolbar button does: Alone clicked kept the keyboard focus (ringed as if Tab had reached it),
    and the next Space or Enter pressed it again — Alone off, or a Pass no key asked for."""
    from PySide6.QtWidgets import QApplication

    window, page = open_euchre(qtbot, make_deal("E", "9H", S="JH JD AH KH QH"))
    with qtbot.waitActive(window):
        window.activateWindow()
    page.table.setFocus()
    alone = page.view.scene.buttons["alone"]
    click(qtbot, page, alone)
    alone = page.view.scene.buttons["alone"]
    assert alone.choice.checked and page.view.scene.focusItem() is None
    assert QApplication.focusWidget() is page.table
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert page.view.scene.buttons["alone"].choice.checked and page.session.moves == []
    qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    assert page.view.scene.focusItem() is page.view.scene.buttons["order"], "Tab still reaches the buttons"
