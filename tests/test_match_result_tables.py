"""The end of a hand and of a match on every Euchre-family table: the result counts the hands in words that agree
with the number, the line under the table names the buttons the result panel offers (not "Next", which it no
longer has), the result stays until one of them is picked, and Bid Euchre's negative scores carry a true minus
sign like the title above them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core import table as t
from core.game import Lazy
from core.rng import Rng
from core.session import GameSession
from core.table import Situation
from plugins.bid_euchre.plugin import GAME as BID_EUCHRE
from plugins.cutthroat.plugin import GAMES as CUTTHROAT
from plugins.euchre.plugin import GAME as EUCHRE

FAMILY = [EUCHRE, BID_EUCHRE, *CUTTHROAT.values()]


def table_of(game: Any, session: GameSession) -> Any:
    presenter = Lazy(game.presenter)()
    return presenter.table(Situation(session.observation(0), (), 0, session.to_move, session.hold),
                           presenter.initial_ui())


def play_to_the_match_result(game: Any, seed: int, seen: list[Any] | None = None) -> GameSession:
    """Every seat, South too, played by the normal CPU; each held moment read (its table kept in ``seen``),
    until the match result."""
    players = len(game.seats)
    session = GameSession.new(game, game.settings.defaults(), seed=seed, players=[None] * players)
    cpu = game.strategies["normal"]()
    while not (session.is_over and session.hold == "match"):
        if session.hold is not None:
            if seen is not None and session.hold.startswith("hand:"):
                seen.append(table_of(game, session))
            session.acknowledge()
            continue
        seat = session.to_move
        legal = session.legal_moves()
        session.play(cpu.choose(session.rules.observation(session.state, seat), legal, Rng(len(session.history))))
    return session


@pytest.mark.parametrize("game", FAMILY, ids=[g.id for g in FAMILY])
def test_the_match_result_counts_its_hands_and_the_status_names_its_buttons(game: Any) -> None:
    session = play_to_the_match_result(game, seed=3)
    table = table_of(game, session)
    hands = session.state.number + 1
    assert table.hold is not None and {c.id for c in table.hold.choices} == {"again", "back"}
    assert table.hold.lines[-1].en == (f"{hands} hands played" if hands > 1 else "1 hand played")
    assert "Play again (Enter)" in table.status.en and "Next" not in table.status.en
    assert "「もう一度」（Enter）で新しい対戦" in table.status.get("ja"), "a match is 対戦, as in the statistics"


@pytest.mark.parametrize("game", FAMILY, ids=[g.id for g in FAMILY])
def test_a_click_on_the_felt_or_space_moves_past_a_hand_but_not_past_the_match_result(game: Any) -> None:
    session = play_to_the_match_result(game, seed=3)
    presenter = Lazy(game.presenter)()
    events = (t.Background(), t.Click("hand:0", 0), t.Key("Space"), t.Key("Enter"))

    def replies(hold: str) -> list[Any]:
        situation = Situation(session.observation(0), (), 0, session.to_move, hold)
        return [presenter.respond(situation, presenter.initial_ui(), event) for event in events]

    assert all(r.action == "continue" for r in replies("hand:0")), "a hand's summary goes away at a click"
    assert all(r == t.IGNORED for r in replies("match")), "the result waits for Play again or Back"
    assert session.hold == "match"


def test_bid_euchre_writes_a_set_with_a_true_minus_sign_everywhere() -> None:
    summaries: list[Any] = []
    play_to_the_match_result(BID_EUCHRE, seed=3, seen=summaries)
    texts = [line.en for table in summaries for line in (table.hold.title, *table.hold.lines)]
    texts += [line for table in summaries for label in table.labels for line in label.text.en.splitlines()]
    assert any(title.startswith("This hand: −") or " — −" in title for title in texts), "a side was set"
    assert not [text for text in texts if re.search(r"-\d", text)], "no hyphen stands for a minus"


def test_bid_euchre_names_a_negative_final_score_in_words_not_after_a_dash() -> None:
    title = table_of(BID_EUCHRE, play_to_the_match_result(BID_EUCHRE, seed=2)).hold.title
    assert title.en == "You & North win the match, 33 to −2", "not “33–−2”"
    assert title.get("ja").endswith("の勝ち 33対−2")
