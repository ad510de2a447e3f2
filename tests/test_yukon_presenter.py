"""Yukon's table without a window: a hint's cards are picked up for the player, wherever they come from."""

from __future__ import annotations

import datetime
from dataclasses import replace

from core import table as t
from core.cards import Card
from core.game import Hint
from core.table import Mark, Situation
from gui.i18n import STRINGS
from plugins.yukon.hint import REASONS
from plugins.yukon.presenter import YukonPresenter
from plugins.yukon.rules import YukonRules, YukonState
from plugins.yukon.solvability import catalogue_entry
from plugins.yukon.solver import LOST, WON, Result
from plugins.yukon.words import W

R = YukonRules()


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def test_a_hint_that_takes_a_card_back_from_a_foundation_picks_it_up_there_and_one_click_plays_it() -> None:
    # 5♠ is home; red 6s front columns 3 and 4: with returns allowed, 5♠ may come back onto either
    columns = (cards("KH"), cards("QC"), cards("6H"), cards("6D"), cards("8C"), cards("TS"), cards("JD"))
    state = YukonState(columns, (0,) * 7, (5, 0, 0, 0), returns_allowed=True)
    legal = tuple(R.legal_moves(state))
    assert {"F.S>3", "F.S>4"} <= {m.text for m in legal}
    hint = Hint("F.S>3", REASONS["other"])
    situation = Situation(R.observation(state, 0), legal, 0, 0, None, hint)
    presenter = YukonPresenter()
    ui = presenter.hint_ui(situation, hint)
    table = presenter.table(situation, ui)
    spades = next(p for p in table.piles if p.id == "foundation:S")
    assert Mark.SELECTED in spades.cards[-1].marks  # 5♠, yellow where it lies
    targets = [(p.id, f.card) for p in table.piles for f in p.cards if Mark.TARGET in f.marks]
    assert targets == [("column:2", "6H")]  # the hint's place alone, not every place 5♠ may go
    assert [label.text for label in table.labels] == [REASONS["other"]]  # and its reason
    reply = presenter.respond(situation, ui, t.Click("column:2", 0))
    assert reply.move == "F.S>3"
    put_down = presenter.respond(situation, ui, t.Key("Escape"))
    assert put_down.ui is not None and put_down.ui.pick is None
    assert not presenter.table(situation, put_down.ui).labels  # the reason goes with it


def test_a_won_deal_says_how_many_moves_and_how_long_it_took() -> None:
    won = YukonState(((),) * 7, (0,) * 7, (13, 13, 13, 13), deal_number=12, moves_made=87)
    presenter = YukonPresenter()

    def lines(seconds: float) -> list[tuple[str, str]]:
        situation = Situation(R.observation(won, 0), (), 0, None, "won", seconds=seconds)
        hold = presenter.table(situation, presenter.initial_ui()).hold
        assert hold is not None
        return [(line.en, line.get("ja")) for line in hold.lines]

    assert lines(304.4) == [("87 moves · 5 min 4 s", "87手 · 5分4秒")]
    assert lines(0.0) == [("87 moves", "87手")], "no time where nobody kept it"


def test_a_won_deal_of_the_day_offers_todays_deal_not_a_new_one() -> None:
    presenter = YukonPresenter()

    def buttons(state: YukonState) -> list[tuple[str, str]]:
        hold = presenter.table(Situation(R.observation(state, 0), (), 0, None, "won"), presenter.initial_ui()).hold
        assert hold is not None
        return [(choice.text.en, choice.text.get("ja")) for choice in hold.choices]

    won = YukonState(((),) * 7, (0,) * 7, (13, 13, 13, 13), deal_number=351, moves_made=90)
    assert buttons(won)[0] == ("New deal", "新しい配り")
    daily = replace(won, day=datetime.date(2026, 12, 3))
    assert buttons(daily)[0] == ("Today's deal", "今日の配り"), "the same deal all day"


def test_the_status_names_a_catalogued_deals_level_in_both_languages() -> None:
    presenter = YukonPresenter()
    seen = {}
    for number in range(1, 40):
        entry = catalogue_entry("standard", number)
        if entry is None or entry.level in seen:
            continue
        state = R.deal({}, number)
        status = presenter.table(Situation(R.observation(state, 0), (), 0, 0, None), presenter.initial_ui()).status
        seen[entry.level] = (status.en, status.get("ja"))
    assert set(seen) == {"easy", "normal", "hard"}
    for level, (en, ja) in seen.items():
        assert f" · {level} deal · " in en
        assert "難度: " + {"easy": "やさしい", "normal": "ふつう", "hard": "むずかしい"}[level] + " · " in ja
        assert "の配り" not in ja, "an adjective level does not take の"


def test_the_status_says_whose_day_a_deal_of_the_day_is_and_only_then() -> None:
    presenter = YukonPresenter()

    def status(state: YukonState) -> tuple[str, str]:
        text = presenter.table(Situation(R.observation(state, 0), (), 0, 0, None), presenter.initial_ui()).status
        return text.en, text.get("ja")

    daily = R.from_deal({}, {"number": 4021, "day": "2026-12-03"})
    assert status(daily)[0].startswith("Deal 4021 · the deal of 3 December 2026 · Standard")
    assert status(daily)[1].startswith("配り 4021 · 2026年12月3日の配り · 標準")
    assert status(R.state_from_json(R.state_to_json(daily))) == status(daily), "a resumed game still says so"
    assert "deal of" not in status(R.deal({}, 4021))[0]


def test_the_japanese_that_sends_the_player_to_a_button_quotes_its_label() -> None:
    buttons = "".join(f"「{STRINGS[key].get('ja')}」" for key in ("undo", "restart", "new_game"))
    for text in (REASONS["lost"], W["stuck"]):
        assert "Undo, Restart or New game." in text.en
        assert buttons + "のどれかを。" in text.get("ja"), text.get("ja")


def test_a_position_played_on_from_one_proved_lost_is_no_longer_winnable_at_once() -> None:
    """Every position reachable from a lost one is lost: the status says so without waiting for the new
    position's own analysis (it had flickered back to "not yet known" at each move). A win proved earlier on the
    line says nothing about the positions after it."""
    state = R.deal({}, 3)
    for _ in range(3):
        state = R.apply(state, next(iter(R.legal_moves(state))))
    presenter = YukonPresenter()

    def status(analysis: dict[int, Result]) -> str:
        situation = Situation(R.observation(state, 0), tuple(R.legal_moves(state)), 0, 0, None, None,
                              analysis=analysis, analysing=True, ply=3)
        return presenter.table(situation, presenter.initial_ui()).status.en

    assert W["no_longer"].en in status({1: Result(LOST)})
    assert W["no_longer"].en in status({3: Result(LOST)})
    assert W["thinking"].en in status({1: Result(WON)})
    assert W["thinking"].en in status({})
    assert W["thinking"].en in status({4: Result(LOST)})  # a verdict beyond this ply is not of this line
