"""Every table of the Euchre family lets a card be dragged onto the trick: while you are to play, your hand can be
dragged and your place in the trick is there to drop on; a drop there (or on any card of the trick) means what a
click on the card means. While you discard, the place the upcard lay takes the discard the same way. Before and
after, nothing can be dragged."""

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
    plays = discards = others = 0
    for seed in range(3):
        state = rules.new_game(game.settings.defaults(), seed)
        for _ in range(300):  # random bids in Bid Euchre can keep a game going for ever
            if rules.outcome(state) is not None:
                break
            seat = rules.to_move(state)
            legal = tuple(rules.legal_moves(state)) if seat == 0 else ()
            situation = Situation(rules.observation(state, 0), legal, 0, seat)
            table = presenter.table(situation, presenter.initial_ui())
            hand = next(p for p in table.piles if p.id == "hand:0")
            kinds = {rules.move_text(m).split()[0] for m in legal}
            playing, discarding = "play" in kinds, "discard" in kinds
            spots = {p.id for p in table.piles} & {"play", "discard"}
            assert hand.drag == (playing or discarding)
            assert spots == {kind for kind, on in (("play", playing), ("discard", discarding)) if on}
            if playing or discarding:
                plays += playing
                discards += discarding
                ui = presenter.initial_ui()
                kind = "play " if playing else "discard "
                for index in range(len(hand.cards)):
                    clicked = presenter.respond(situation, ui, Click("hand:0", index)).move
                    assert clicked is not None and clicked.startswith(kind)
                    targets = [*spots, *(p.id for p in table.piles if p.id.startswith("trick:"))]
                    for target in targets:
                        assert presenter.respond(situation, ui, Drop("hand:0", index, target)).move == clicked
                    assert presenter.respond(situation, ui, Drop("hand:0", index, "hand:1")).move is None
            elif legal:
                others += 1
            state = rules.apply(state, rng.choice(list(rules.legal_moves(state))))
    assert plays >= 20 and others >= 4, (plays, others)
    if game.id != "bid-euchre":  # six cards each, no upcard: nobody discards
        assert discards >= 2, discards
