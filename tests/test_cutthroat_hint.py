"""The two- and three-handed hint: the hard player's move for South from South's observation, with the averages
that decided it quoted in the reason (English and Japanese), shown on the table where South is looking — the
label above the hand and the hinted card or button outlined."""

from __future__ import annotations

from typing import Any

import pytest

from core import table as t
from core.plugin import Rng, signed
from core.session import GameSession, hint_for
from core.table import Mark, Situation
from plugins.cutthroat.advice import cutthroat_hint
from plugins.cutthroat.cpu import HardPlayer
from plugins.cutthroat.plugin import GAMES
from plugins.cutthroat.presenter import CutthroatPresenter, NoUi
from plugins.cutthroat.rules import PASS
from tests.session_helpers import hint_reasons, until_person

STRONG = {"dealer": "N", "hands": {"S": ["JH", "JD", "AH", "KH", "AS"], "N": ["9C", "TC", "QC", "KC", "9S"]},
          "upcard": "9H", "seed": 2}
WEAK = {"dealer": "N", "hands": {"S": ["9C", "TD", "QS", "9H", "TS"], "N": ["JH", "JD", "AH", "KH", "AS"]},
        "upcard": "QH", "seed": 2}


def _session(players: int, seed: int = 5, deal: dict[str, Any] | None = None) -> GameSession:
    game = GAMES[players]
    return GameSession.new(game, game.settings.defaults(), players=[None] + ["hard"] * (players - 1), seed=seed,
                           deal=deal)


def _hint_whole_hand(session: GameSession, players: int) -> set[str]:
    """South follows every hint through one hand; each is checked against the hard player. The phases seen."""
    game = GAMES[players]
    phases = set()
    until_person(session)
    while session.state.number == 0:
        obs, legal = session.observation(0), list(session.legal_moves())
        hint = hint_for(game, session.state)
        assert hint is not None and hint.move in {m.text for m in legal}
        player = HardPlayer()
        move = player.choose(obs, legal, Rng.derive(f"{game.id}-hint", repr(obs)))
        assert hint.move == move.text, "the hint is what the hard player would do in South's seat"
        assert hint == cutthroat_hint(obs, legal), "the same position gives the same hint"
        assert hint.reason.en and hint.reason.get("ja") and hint.reason.get("ja") != hint.reason.en
        assert "）（" not in hint.reason.get("ja"), "what the average measures reads inside the sentence"
        values = player.last_values
        if values is not None:
            assert f"Over {values.samples} sampled deals" in hint.reason.en
            assert signed(values.points[move]) in hint.reason.en, "the average that decided it is quoted"
            if obs.phase != "play":
                assert values.points[move] == max(values.points.values()), "the bid with the best average is made"
                if move != PASS and PASS in legal:
                    assert values.points[move] > values.points[PASS], "passing is weighed too and wins a tie"
        elif len(legal) == 1:
            assert "only legal card" in hint.reason.en
        phases.add(obs.phase.value)
        session.play(hint.move)
        until_person(session)
    return phases


@pytest.mark.parametrize("players", [2, 3])
def test_each_hint_is_the_hard_players_move_and_quotes_its_numbers(players: int) -> None:
    phases: set[str] = set()
    for seed in (5, 6):
        phases |= _hint_whole_hand(_session(players, seed), players)
    assert {"bid1", "play"} <= phases


def test_a_hand_worth_calling_is_told_to_call_and_makes_it_on_the_hints() -> None:
    session = _session(2, deal=STRONG)
    hint = hint_for(GAMES[2], session.state)
    assert hint is not None and hint.move == "order"
    assert hint.reason.en.startswith("Ordering up ♥ — Over 40 sampled deals, ordering up ♥ scores +")
    assert "(yours less North's), against " in hint.reason.en and hint.reason.en.endswith(" for passing.")
    ja = hint.reason.get("ja")
    assert "♥のオーダーアップなら、あなたの点から北の点を引いた差は1ハンドあたり+" in ja
    assert "）（" not in ja, "one parenthesis, not two side by side"
    _hint_whole_hand(session, 2)
    result = session.state.results[0]
    assert result.maker == 0 and result.points[0] > 0, "South made trump and scored on the hints alone"


def test_a_hopeless_hand_is_told_to_pass_with_the_best_calls_average() -> None:
    session = _session(2, deal=WEAK)
    hint = hint_for(GAMES[2], session.state)
    assert hint is not None and hint.move == "pass"
    assert hint.reason.en.startswith("Passing — Over 40 sampled deals, passing scores ")
    assert " (yours less North's), against −" in hint.reason.en
    assert hint.reason.en.endswith(" for ordering up ♥."), "the call it beat, which scores less than nothing"


def test_a_stuck_dealer_is_told_which_suit_to_name() -> None:
    game = GAMES[3]
    settings = {**game.settings.defaults(), "stick_the_dealer": True}
    session = GameSession.new(game, settings, players=[None, None, None],
                              deal={"dealer": "S", "hands": {"S": ["JC", "AS", "KC", "9D", "TH"],
                                                             "W": ["JH", "JD", "AH", "QC", "AC"],
                                                             "E": ["JS", "KD", "AD", "TC", "KS"]},
                                    "upcard": "QH", "seed": 2})
    for _ in range(5):  # West, East and South pass round one; West and East pass round two
        session.play("pass")
    assert "pass" not in {m.text for m in session.legal_moves()}, "the dealer is stuck"
    hint = hint_for(game, session.state)
    assert hint is not None and hint.move.startswith("call ")
    assert "— You must name a suit. Over 16 sampled deals, naming" in hint.reason.en
    player = HardPlayer()
    player.choose(session.observation(0), list(session.legal_moves()), Rng.derive(f"{game.id}-hint",
                                                                                  repr(session.observation(0))))
    assert player.last_values is not None and len(player.last_values.points) == 3
    (best, value), (second, other) = sorted(player.last_values.points.items(), key=lambda p: -p[1])[:2]
    assert hint.move == best.text and best.suit is not None and second.suit is not None
    assert f"naming {best.suit.symbol} scores {signed(value)}" in hint.reason.en
    if value == other:  # a tie with the next suit is said as one
        assert hint.reason.en.endswith(f", as much as naming {second.suit.symbol}.")
    else:
        assert hint.reason.en.endswith(f", against {signed(other)} for naming {second.suit.symbol}.")


def test_the_table_shows_the_reason_and_outlines_the_hinted_card_or_button() -> None:
    presenter = CutthroatPresenter()
    game = GAMES[2]
    session = _session(2, deal=STRONG)
    hint = hint_for(game, session.state)
    assert hint is not None
    table = presenter.table(Situation(session.observation(0), tuple(session.legal_moves()), 0, 0, None, hint),
                            NoUi())
    assert [lb.text for lb in table.labels if lb.id == "hint"] == [hint.reason]
    assert [c.move for c in table.choices if c.hinted] == ["order"]
    session.play("order")
    until_person(session)
    hint = hint_for(game, session.state)
    assert hint is not None and hint.move.startswith(("play ", "discard "))
    table = presenter.table(Situation(session.observation(0), tuple(session.legal_moves()), 0, 0, None, hint),
                            NoUi())
    hand = next(p for p in table.piles if p.id == "hand:0")
    assert [f.card for f in hand.cards if Mark.HINTED in f.marks] == [hint.move.split()[1]]
    assert not any(c.hinted for c in table.choices)
    plain = presenter.table(Situation(session.observation(0), tuple(session.legal_moves()), 0, 0), NoUi())
    assert not any(lb.id == "hint" for lb in plain.labels), "no hint asked, none shown"
    held = presenter.table(Situation(session.observation(0), (), 0, 0, "trick:0:1", hint), NoUi())
    assert not any(lb.id == "hint" for lb in held.labels), "a held moment shows no hint"


def test_h_asks_for_a_hint_while_playing_and_names_hearts_while_bidding() -> None:
    presenter = CutthroatPresenter()
    session = _session(2, deal=STRONG)
    bidding = Situation(session.observation(0), tuple(session.legal_moves()), 0, 0)
    assert presenter.respond(bidding, NoUi(), t.Key("H")).action != "hint"
    session.play("order")
    until_person(session)
    playing = Situation(session.observation(0), tuple(session.legal_moves()), 0, 0)
    assert presenter.respond(playing, NoUi(), t.Key("H")).action == "hint"


def test_a_pass_on_a_tie_says_that_passing_wins_a_tie() -> None:
    # three players, seed 23, South's 9th decision on the hints: passing and naming ♥ average the same
    game = GAMES[3]
    session = GameSession.new(game, game.settings.defaults(), seed=23, players=[None, "normal", "normal"])
    reasons = hint_reasons(session, 9)
    assert reasons[-1].en.endswith("+0.25 points a hand (yours less the others' average), as much as naming ♥. "
                                   "On a tie, passing.")
    assert reasons[-1].get("ja").endswith("同点ならパスします。")
