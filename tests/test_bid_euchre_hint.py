"""Bid Euchre's hint: the hard player's move for South from South's observation, with the numbers that decided
it quoted in the reason (English and Japanese), shown on the table where South is looking — the label above
the hand and the hinted card or button outlined."""

from __future__ import annotations

from core.cards import Card
from core.rng import Rng
from core.session import GameSession, hint_for
from core.table import Mark, Situation
from core.text import signed
from plugins.bid_euchre.advice import bid_euchre_hint, move_words
from plugins.bid_euchre.cpu import HardPlayer
from plugins.bid_euchre.plugin import GAME
from plugins.bid_euchre.presenter import BidEuchrePresenter, NoUi
from plugins.bid_euchre.rules import Move
from tests.session_helpers import until_person

HANDS = {"S": ["JH", "JD", "AH", "KH", "QH", "TH"], "W": ["9H", "9C", "TC", "QC", "KC", "AC"],
         "N": ["AS", "KS", "QS", "JS", "TS", "9S"], "E": ["9D", "TD", "QD", "KD", "AD", "JC"]}
WEAK = {"S": ["QD", "KS", "KH", "TC", "TH", "TD"], "W": ["9D", "TS", "KC", "JH", "9H", "AS"],
        "N": ["QS", "JS", "AH", "QH", "9S", "AC"], "E": ["QC", "9C", "AD", "KD", "JD", "JC"]}


def _session(hands: dict[str, list[str]], dealer: str = "E") -> GameSession:
    """South first to bid when East deals; North, East and West are hard CPU players."""
    return GameSession.new(GAME, GAME.settings.defaults(), players=[None, "hard", "hard", "hard"],
                           deal={"dealer": dealer, "hands": hands, "seed": 3})


def test_each_hint_is_the_hard_players_move_and_quotes_its_numbers() -> None:
    session = _session(HANDS, dealer="S")  # South bids last and may take the contract
    phases = set()
    until_person(session)
    while session.state.number == 0:
        obs, legal = session.observation(0), list(session.legal_moves())
        hint = hint_for(GAME, session.state)
        assert hint is not None and hint.move in {m.text for m in legal}
        player = HardPlayer()
        move = player.choose(obs, legal, Rng.derive("bid-euchre-hint", repr(obs)))
        assert hint.move == move.text, "the hint is what the hard player would do in South's seat"
        assert hint == bid_euchre_hint(obs, legal), "the same position gives the same hint"
        assert hint.reason.en and hint.reason.get("ja") and hint.reason.get("ja") != hint.reason.en
        judgement = player.last_judgement
        if judgement is not None and len(judgement.points) > 1:
            assert f"Over {judgement.samples} sampled deal" in hint.reason.en
            assert signed(judgement.points[move]) in hint.reason.en, "the move's own average is quoted"
        phases.add(obs.phase.value)
        session.play(hint.move)
        until_person(session)
    assert phases == {"auction", "declare", "play"}, "South bid, declared and played on the hints"
    result = session.state.results[0]
    assert result.contract.declarer == 0 and result.made, "a hand of five hearts made its bid on the hints"


def test_a_hopeless_hand_is_told_what_it_is_worth() -> None:
    session = _session(WEAK)
    hint = hint_for(GAME, session.state)
    assert hint is not None and hint.move == "pass"
    assert hint.reason.en.startswith("Passing — At its best") and "the lowest bid is 3" in hint.reason.en
    tricks, declaration = HardPlayer().best_declaration([Card.parse(c) for c in WEAK["S"]])
    assert f"({move_words(declaration).en})" in hint.reason.en and f"{tricks + 0.6:.1f} tricks" in hint.reason.en


def test_the_table_shows_the_reason_and_outlines_the_hinted_card_or_button() -> None:
    presenter = BidEuchrePresenter()
    session = _session(HANDS)
    hint = hint_for(GAME, session.state)
    assert hint is not None and hint.move.startswith("bid ")
    table = presenter.table(Situation(session.observation(0), tuple(session.legal_moves()), 0, 0, None, hint),
                            NoUi())
    assert [lb.text for lb in table.labels if lb.id == "hint"] == [hint.reason]
    assert [c.move for c in table.choices if c.hinted] == [hint.move]
    while not (session.to_move == 0 and session.state.hand.phase.value == "play" and session.hold is None):
        if session.hold is not None:
            session.acknowledge()
        elif session.to_move == 0:
            session.play(str(hint_for(GAME, session.state).move))  # type: ignore[union-attr]
        else:
            session.cpu_step()
    hint = hint_for(GAME, session.state)
    assert hint is not None and hint.move.startswith("play ")
    table = presenter.table(Situation(session.observation(0), tuple(session.legal_moves()), 0, 0, None, hint),
                            NoUi())
    hand = next(p for p in table.piles if p.id == "hand:0")
    assert [f.card for f in hand.cards if Mark.HINTED in f.marks] == [hint.move.split()[1]]
    plain = presenter.table(Situation(session.observation(0), tuple(session.legal_moves()), 0, 0), NoUi())
    assert not any(lb.id == "hint" for lb in plain.labels), "no hint asked, none shown"


def test_h_asks_for_a_hint_except_while_declaring_where_it_names_hearts() -> None:
    from core import table as t

    presenter = BidEuchrePresenter()
    session = _session(HANDS)
    situation = Situation(session.observation(0), tuple(session.legal_moves()), 0, 0)
    assert presenter.respond(situation, NoUi(), t.Key("H")).action == "hint"
    session = _session(HANDS, dealer="S")
    while session.to_move != 0:
        session.cpu_step()
    session.play("bid 6")
    assert session.state.hand.phase.value == "declare" and session.to_move == 0
    situation = Situation(session.observation(0), tuple(session.legal_moves()), 0, 0)
    assert presenter.respond(situation, NoUi(), t.Key("H")).action != "hint"
    assert Move("trump", suit=Card.parse("AH").suit) in session.legal_moves()


def test_a_pass_forced_by_a_bid_of_six_says_so() -> None:
    session = GameSession.new(GAME, GAME.settings.defaults(), players=[None] * 4,
                              deal={"dealer": "N", "hands": HANDS, "seed": 3})
    session.play("bid 6")  # East, first to bid, takes the maximum; South may only pass
    assert [m.text for m in session.legal_moves()] == ["pass"]
    hint = hint_for(GAME, session.state)
    assert hint is not None and hint.move == "pass"
    assert "only legal move" in hint.reason.en and "tricks" not in hint.reason.en
