"""Bid Euchre's table as data: the auction stays readable, the buttons carry the right moves and keys, and the
end of a hand is drawn from the hand that ended."""

from __future__ import annotations

from typing import Any

from core.session import GameSession
from core.table import Situation, Table
from plugins.bid_euchre.plugin import GAME
from plugins.bid_euchre.presenter import BidEuchrePresenter, NoUi

PRESENTER = BidEuchrePresenter()
HANDS = {"S": ["JH", "JD", "AH", "KH", "QH", "TH"], "W": ["9H", "9C", "TC", "QC", "KC", "AC"],
         "N": ["AS", "KS", "QS", "JS", "TS", "9S"], "E": ["9D", "TD", "QD", "KD", "AD", "JC"]}


def table_of(session: GameSession) -> Table:
    hold = session.hold
    legal = tuple(session.legal_moves()) if session.to_move == 0 and hold is None else ()
    return PRESENTER.table(Situation(session.observation(0), legal, 0, session.to_move, hold), NoUi())


def label(table: Table, label_id: str) -> str:
    return next(lb.text.en for lb in table.labels if lb.id == label_id)


def new_session(dealer: str = "S", **extra: Any) -> GameSession:
    return GameSession.new(GAME, GAME.settings.defaults(), players=[None] * 4,
                           deal={"dealer": dealer, "hands": HANDS, "seed": 2, **extra})


def test_every_bid_stays_visible_until_play_starts_and_the_buttons_carry_keys() -> None:
    session = new_session("S")
    for move in ("bid 3", "pass", "bid 4"):
        session.play(move)
    table = table_of(session)
    assert [label(table, f"said:{seat}") for seat in (1, 2, 3)] == ["bids 3", "pass", "bids 4"]
    assert {(c.key, c.move) for c in table.choices} == {("X", "pass"), ("4", "bid 4"), ("5", "bid 5"),
                                                         ("6", "bid 6")}
    assert "take it at 4" in table.status.en
    session.play("bid 5")  # the dealer outbids East; South declares
    table = table_of(session)
    assert label(table, "said:0") == "bids 5" and label(table, "said:3") == "bids 4"
    assert {(c.key, c.move) for c in table.choices} == {("S", "trump S"), ("H", "trump H"), ("D", "trump D"),
                                                         ("C", "trump C"), ("N", "notrump high"),
                                                         ("L", "notrump low")}
    session.play("notrump low")
    table = table_of(session)
    assert not any(lb.id.startswith("said:") for lb in table.labels), "bubbles go when play starts"
    assert "You bid 5 · no-trump low" in label(table, "panel")
    panel = next(lb.text.ja for lb in table.labels if lb.id == "panel")
    assert "あなたが5で落札・ノートランプ・ロー" in panel


def test_a_forced_dealer_is_told_so_and_has_no_pass() -> None:
    session = new_session("S")
    for _ in range(3):
        session.play("pass")
    table = table_of(session)
    assert "must bid at least 3" in table.status.en and "pass" not in {c.id for c in table.choices}
