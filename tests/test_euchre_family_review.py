"""The last hand's review in every game of the Euchre family (four-handed, Bid Euchre, two- and three-handed):
nothing before the first hand ends; then the bidding, each trick as it was played, and the result with the new
score; only cards South saw face up; South's left bower (or the joker) wears the trump sign, as at the table."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.manager import load_host
from core.session import GameSession
from core.table import Table
from plugins.bid_euchre.presenter import BidEuchrePresenter
from plugins.cutthroat.presenter import SPOTS, CutthroatPresenter
from plugins.euchre.cards import Ranking
from plugins.euchre.presenter import EuchrePresenter

HOST = load_host()
GAMES = {"euchre": (EuchrePresenter(), 4), "bid-euchre": (BidEuchrePresenter(), 4),
         "two-handed-euchre": (CutthroatPresenter(), 2), "three-handed-euchre": (CutthroatPresenter(), 3)}


def first_hand(game_id: str, seed: int) -> tuple[GameSession, set[str]]:
    """A match with every seat played at random (seeded) to the end of its first hand; and the cards South saw
    face up during it: its own, the upcard, every card played."""
    players = GAMES[game_id][1]
    session = GameSession.new(HOST.game(game_id), seed=seed, players=[None] * players)
    chooser = random.Random(seed)
    seen = {card.text for card in session.observation(0).hand}
    upcard = getattr(session.observation(0), "upcard", None)
    if upcard is not None:
        seen.add(upcard.text)
    while session.observation(0).hand_number == 0:
        if session.hold is not None:
            session.acknowledge()
            continue
        session.play(chooser.choice(session.legal_moves()))
        seen |= {card.text for card in session.observation(0).hand}  # a dealer's pick-up
    prev: Any = session.observation(0).previous
    return session, seen | {card.text for trick in prev.tricks for _, card in trick.plays}


def hand_faces(frame: Table) -> list[tuple[str, str]]:
    pile = next(p for p in frame.piles if p.id == "hand:0")
    return [(face.card or "", face.badge) for face in pile.cards]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", [3, 11])
def test_the_review_replays_the_last_hand_with_nothing_hidden(game_id: str, seed: int) -> None:
    presenter, players = GAMES[game_id]
    session = GameSession.new(HOST.game(game_id), seed=seed, players=[None] * players)
    assert presenter.review(session.observation(0)) == (), "no review before a hand has ended"
    session, seen = first_hand(game_id, seed)
    prev: Any = session.observation(0).previous
    frames = presenter.review(session.observation(0))
    assert len(frames) == len(prev.tricks) + 2, "the bidding, each trick, the result"
    spot = SPOTS[players] if players < 4 else (0, 1, 2, 3)
    for n, frame in enumerate(frames):
        assert set(frame.face_up_cards()) <= seen, f"frame {n} shows a card South never saw"
        assert frame.hold is None and frame.choices == (), "a review frame asks nothing"
    for n, trick in enumerate(prev.tricks, start=1):
        shown = {p.id: p.cards[0].card for p in frames[n].piles if p.id.startswith("trick:")}
        assert shown == {f"trick:{spot[s]}": c.text for s, c in trick.plays}
        assert f"Trick {n} of {len(prev.tricks)}" in frames[n].status.en
    panel = next(label.text.en for label in frames[-1].labels if label.id == "panel").replace("−", "-")
    scores = session.observation(0).scores
    assert "Score " + " — ".join(str(score) for score in scores) in panel, "the result frame has the new score"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_left_bower_in_south_s_hand_wears_the_trump_sign_in_the_review(game_id: str) -> None:
    badged = 0
    for seed in range(40):
        session, _ = first_hand(game_id, seed)
        prev: Any = session.observation(0).previous
        trump = prev.trump if hasattr(prev, "trump") else prev.contract.trump
        for frame in GAMES[game_id][0].review(session.observation(0)):
            for card, badge in hand_faces(frame):
                left = trump is not None and card == str(Ranking.of(trump).left_bower)
                assert (badge == trump.symbol) if left else badge == "", (seed, card, badge)
                badged += left
        if badged:
            return
    pytest.fail("South never held the left bower in 40 hands")


SETTINGS = {"euchre": [{}, {"joker": True, "dealer_may_decline": True, "defender_alone": True},
                       {"thirty_two_cards": True, "dealer_partner_alone": True, "stick_the_dealer": False}],
            "bid-euchre": [{}], "two-handed-euchre": [{}], "three-handed-euchre": [{}, {"stick_the_dealer": False}]}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_seat_s_record_holds_the_hand_it_held_as_play_began(game_id: str) -> None:
    """Checked against what each seat was shown: its hand when the first card was led (or, in a hand thrown in,
    as dealt), for every seat, under several rule sets, over random hands."""
    game = HOST.game(game_id)
    players = GAMES[game_id][1]
    checked = {"played": 0, "not played": 0}
    for extra in SETTINGS[game_id]:
        settings = {**game.settings.defaults(), **{k: v for k, v in extra.items() if k in game.settings.defaults()}}
        for seed in range(12):
            session = GameSession.new(game, settings, seed=seed, players=[None] * players)
            chooser = random.Random(seed)
            shown: dict[int, tuple[str, ...]] = {}
            for _ in range(4):
                number = session.observation(0).hand_number
                while session.observation(0).hand_number == number and not session.is_over:
                    if session.hold is not None:
                        session.acknowledge()
                        continue
                    views = [session.observation(seat) for seat in range(players)]
                    if not any(v.tricks or v.current for v in views) or not shown:
                        shown = {seat: tuple(sorted(c.text for c in v.hand)) for seat, v in enumerate(views)
                                 if v.hand}  # a blind dealer's hand (the joker turned up) is not shown yet
                    legal = session.legal_moves()
                    passing = [m for m in legal if m.text == "pass"]  # often: hands thrown in come up too
                    session.play(passing[0] if passing and chooser.random() < 0.6 else chooser.choice(legal))
                if session.is_over:
                    break
                for seat in range(players):
                    prev: Any = session.observation(seat).previous
                    held = tuple(sorted(c.text for c in prev.held))
                    assert held == shown[seat], (game_id, extra, seed, seat)
                    checked["played" if any(p == seat for t in prev.tricks for p, _ in t.plays) else "not played"] += 1
                shown = {}
    assert checked["played"] > 20 and (game_id == "bid-euchre" or checked["not played"] > 3), checked


@pytest.mark.parametrize("game_id", ["euchre", "three-handed-euchre", "two-handed-euchre"])
def test_a_hand_thrown_in_is_reviewed_with_your_cards_and_everyone_s_backs(game_id: str) -> None:
    presenter, players = GAMES[game_id]
    game = HOST.game(game_id)
    settings = {**game.settings.defaults(), "stick_the_dealer": False}
    session = GameSession.new(game, {k: v for k, v in settings.items() if k in game.settings.defaults()}, seed=10,
                              players=[None] * players)
    dealt = sorted(c.text for c in session.observation(0).hand)
    while session.observation(0).hand_number == 0:
        session.play("pass")
    frames = presenter.review(session.observation(0))
    assert len(frames) == 2, "the bidding and the result"
    for frame in frames:
        assert sorted(card for card, _ in hand_faces(frame)) == dealt
        # at four, South holds J♣ under the upcard Q♠: the left bower, had spades been made
        assert all(badge == "" for _, badge in hand_faces(frame)), "no trump was made: no card wears its sign"
        backs = [len(p.cards) for p in frame.piles if p.id.startswith("hand:") and p.id != "hand:0"]
        assert backs == [5] * (players - 1), "the others kept their whole hands"
