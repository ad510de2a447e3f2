"""Every table of the Euchre family lets a card be dragged onto the trick: while you are to play, your hand can be
dragged and your place in the trick is there to drop on; a drop there (or on any card of the trick) means what a
click on the card means. Before and after, nothing can be dragged."""

from __future__ import annotations

import random

import pytest

import plugins.bid_euchre.plugin as bid_plugin
import plugins.cutthroat.plugin as cut_plugin
import plugins.euchre.plugin as euchre_plugin
from core.game import GameSpec, Lazy
from core.table import Click, Drop, Situation

GAMES = [euchre_plugin.GAME, bid_plugin.GAME, cut_plugin.GAMES[2], cut_plugin.GAMES[3]]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_card_dropped_on_the_trick_is_the_card_clicked(game: GameSpec) -> None:
    assert game.presenter is not None
    rules, presenter = game.rules, Lazy(game.presenter)()
    rng = random.Random(game.id)
    plays = others = 0
    for seed in range(4):
        state = rules.new_game(game.settings.defaults(), seed)
        while rules.outcome(state) is None and plays < 40:
            seat = rules.to_move(state)
            legal = tuple(rules.legal_moves(state)) if seat == 0 else ()
            situation = Situation(rules.observation(state, 0), legal, 0, seat)
            table = presenter.table(situation, presenter.initial_ui())
            hand = next(p for p in table.piles if p.id == "hand:0")
            playing = any(rules.move_text(m).startswith("play ") for m in legal)
            assert hand.drag == playing and ("play" in {p.id for p in table.piles}) == playing
            if playing:
                plays += 1
                ui = presenter.initial_ui()
                for index in range(len(hand.cards)):
                    clicked = presenter.respond(situation, ui, Click("hand:0", index)).move
                    assert clicked is not None and clicked.startswith("play ")
                    for target in ["play", *(p.id for p in table.piles if p.id.startswith("trick:"))]:
                        assert presenter.respond(situation, ui, Drop("hand:0", index, target)).move == clicked
                    assert presenter.respond(situation, ui, Drop("hand:0", index, "hand:1")).move is None
            elif legal:
                others += 1
            state = rules.apply(state, rng.choice(list(rules.legal_moves(state))))
    assert plays >= 20 and others >= 4, (plays, others)
