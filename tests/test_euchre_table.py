"""Euchre's table as data, without Qt: the end of a hand is drawn from the hand that ended (never over the
next deal), the summary and the match result are holds, the bidding stays readable, and input maps to moves."""

from __future__ import annotations

from typing import Any

from core.session import GameSession
from core.table import IGNORED, Background, Click, Key, Mark, Situation, Table
from plugins.euchre.plugin import GAME
from plugins.euchre.presenter import EuchrePresenter, EuchreUi, south_cards
from tests.euchre_helpers import make_deal

PRESENTER = EuchrePresenter()


def table_of(session: GameSession, ui: EuchreUi | None = None) -> Table:
    return PRESENTER.table(situation(session), ui or EuchreUi())


def situation(session: GameSession) -> Situation[Any, Any]:
    hold = session.hold
    legal = tuple(session.legal_moves()) if session.to_move == 0 and hold is None else ()
    return Situation(session.observation(0), legal, 0, session.to_move, hold)


def play_to_the_end_of_the_hand(session: GameSession) -> None:
    """Everyone plays the first legal move, acknowledging tricks, until the last trick of the hand is held."""
    while session.hold is None or not session.hold.endswith(":5"):
        if session.hold is not None:
            session.acknowledge()
        else:
            session.play(session.legal_moves()[0])


def new_session(deal: dict[str, Any], target: int = 10, scores: tuple[int, int] = (0, 0),
                **options: bool) -> GameSession:
    settings = {**GAME.settings.defaults(), "target": target, **options}
    return GameSession.new(GAME, settings, deal={**deal, "scores": list(scores), "seed": 4}, players=[None] * 4)


def label(table: Table, label_id: str) -> str:
    return next(lb.text.en for lb in table.labels if lb.id == label_id)


def test_the_last_trick_is_held_with_the_old_hands_score_and_dealer_and_no_card_of_the_next_deal() -> None:
    session = new_session(make_deal("E", "9H", S="JH JD AH KH QH"), scores=(3, 4))
    session.play("order")  # South orders up; East (the dealer) picks up
    session.play(session.legal_moves()[0])
    play_to_the_end_of_the_hand(session)
    state = session.state
    assert state.number == 1 and session.hold == "trick:0:5", "the next hand is dealt, the last trick is held"
    table = table_of(session)
    last = state.results[0].tricks[-1]
    shown = {p.id: p.cards[0].card for p in table.piles if p.id.startswith("trick:")}
    assert shown == {f"trick:{s}": c.text for s, c in last.plays}
    assert table.pile("hand:0").cards == (), "none of South's new cards is drawn"
    assert not set(table.face_up_cards()) & {c.text for c in state.hand.hands[0]} - {c.text for _, c in last.plays}
    assert "Score 3 — 4" in label(table, "panel"), "the score before the hand's points"
    assert "dealer" in label(table, "seat:3") and "dealer" not in label(table, "seat:0")
    assert table.hold is not None and table.hold.choices[0].key == "Space"
    winning = [p.id for p in table.piles if p.cards and Mark.WINNING in p.cards[0].marks]
    assert winning == [f"trick:{last.winner}"]


def test_the_hand_summary_follows_with_points_and_the_new_score() -> None:
    session = new_session(make_deal("E", "9H", S="JH JD AH KH QH"), scores=(3, 4))
    session.play("order")
    session.play(session.legal_moves()[0])
    play_to_the_end_of_the_hand(session)
    session.acknowledge()
    assert session.hold == "hand:0"
    table = table_of(session)
    result = session.state.results[0]
    assert table.hold is not None
    assert table.hold.title.en.startswith("You & North") and f"+{max(result.points)}" in table.hold.title.en
    lines = [line.en for line in table.hold.lines]
    assert any(line.startswith("Trump ♥ · made by You") for line in lines)
    assert any(line.ja.startswith("切札 ♥・宣言 あなた") for line in table.hold.lines)
    assert f"Score: {session.state.scores[0]} — {session.state.scores[1]} (game to 10)" in lines
    session.acknowledge()
    assert session.hold is None and table_of(session).hold is None, "then the next deal"


def test_the_match_result_is_a_hold_with_play_again_and_back() -> None:
    session = new_session(make_deal("E", "9H", S="JH JD AH KH QH"), target=5, scores=(4, 2))
    session.play("order")
    session.play(session.legal_moves()[0])
    play_to_the_end_of_the_hand(session)
    session.acknowledge()
    session.acknowledge()
    assert session.is_over and session.hold == "match"
    table = table_of(session)
    assert table.hold is not None and table.hold.title.en.startswith("You & North win the match")
    assert [(c.id, c.action) for c in table.hold.choices] == [("again", "new"), ("back", "back")]
    assert table.hold.lines[-1].en == "1 hand played"
    assert "Play again (Enter)" in table.status.en and "Next" not in table.status.en, "the line under the table " \
        "names the buttons the panel shows"
    assert session.record()["finished"] is True


def test_each_seats_bid_stays_visible_until_play_starts() -> None:
    session = new_session(make_deal("S", "9H"))
    for _ in range(3):
        session.play("pass")
    table = table_of(session)
    assert [label(table, f"said:{seat}") for seat in (1, 2, 3)] == ["pass", "pass", "pass"]
    assert {c.id for c in table.choices} == {"order", "alone", "pass"}
    order = next(c for c in table.choices if c.id == "order")
    assert order.key == "H" and order.move == "order" and order.colour == "red"


def test_alone_is_armed_by_a_key_and_changes_the_call() -> None:
    session = new_session(make_deal("E", "9H", S="JH JD AH KH QH"))
    reply = PRESENTER.respond(situation(session), EuchreUi(), Key("A"))
    assert reply.ui == EuchreUi(alone=True)
    table = table_of(session, EuchreUi(alone=True))
    assert next(c for c in table.choices if c.id == "order").move == "order alone"
    assert PRESENTER.respond(situation(session), EuchreUi(alone=True), Background()).ui == EuchreUi()


def test_the_dealers_partner_is_offered_only_the_loner_and_its_button_says_so() -> None:
    session = new_session(make_deal("N", "9H", S="JH JD AH KH QH"), dealer_partner_alone=True)
    session.play("pass")  # East, left of the dealer North
    table = table_of(session)
    assert {c.id for c in table.choices} == {"order", "pass"}  # no Alone switch: there is nothing to switch
    order = next(c for c in table.choices if c.id == "order")
    assert order.move == "order alone" and order.key == "H" and order.text.en == "Order up ♥ alone"
    assert "単独" in order.text.ja
    assert PRESENTER.respond(situation(session), EuchreUi(), Key("A")) == IGNORED  # nothing to arm


def test_a_turned_up_joker_a_blind_dealers_table_shows_backs_four_suits_and_the_note() -> None:
    from plugins.euchre.cards import deck_of

    deal = make_deal("S", "JK", None, deck_of(False, joker=True), S="9S TD AH KD QC")
    session = new_session(deal, joker=True)
    table = table_of(session)
    assert table.face_up_cards() == ["JK"], "only the joker lies face up: your own hand too stays down"
    assert [c.move for c in table.choices] == ["call S", "call H", "call D", "call C"]
    assert [c.key for c in table.choices] == ["S", "H", "D", "C"]
    assert "Name trump unseen" in label(table, "upcard-note") and "before you look" in table.status.en
    session.play("call H")
    table = table_of(session)
    hand = next(p for p in table.piles if p.id == "hand:0")
    joker = next(face for face in hand.cards if face.card == "JK")
    assert hand.cards[0] is joker and joker.badge == "♥", "the joker sorts first and carries the trump mark"
    assert Mark.DIMMED in joker.marks, "the joker may not be discarded"
    # West, not the dealer, sees its own cards and is told who names trump
    west = GameSession.new(GAME, {**GAME.settings.defaults(), "joker": True},
                           deal={**make_deal("W", "JK", None, deck_of(False, joker=True)), "seed": 4},
                           players=[None] * 4)
    table = table_of(west)
    assert len(table.face_up_cards()) == 6 and "West names trump unseen" in label(table, "upcard-note")


def test_digits_and_clicks_play_cards_from_the_left_and_a_hold_takes_any_click_as_next() -> None:
    session = new_session(make_deal("S", "9C", S="JD TC QC KC AH"))
    for _ in range(3):
        session.play("pass")
    session.play("order")
    cards = south_cards(session.observation(0))
    assert PRESENTER.respond(situation(session), EuchreUi(), Key("2")).move == f"discard {cards[1].text}"
    assert PRESENTER.respond(situation(session), EuchreUi(), Click("hand:0", 0)).move == f"discard {cards[0].text}"
    session.play(f"discard {cards[-1].text}")
    while session.hold is None:
        session.play(session.legal_moves()[0])
    assert PRESENTER.respond(situation(session), EuchreUi(), Click("hand:0", 0)).action == "continue"
    assert PRESENTER.respond(situation(session), EuchreUi(), Key("Space")).action == "continue"
