"""The Euchre engine plays exactly as it always has: whole random matches under every combination of the
four toggles, the legal moves offered at every step and every hand's result, hashed. The digest was taken
from the engine before it was made faster; a change to any rule, move order or result changes it."""

from __future__ import annotations

import hashlib
import itertools

from core.rng import Rng
from plugins.euchre.rules import EuchreRules
from plugins.euchre.settings import SCHEMA

TOGGLES = ("stick_the_dealer", "trump_holding", "defender_alone", "dealer_may_decline")
DIGEST = "0501d7ece16ab5330ec50f00b4100b615f165c063bd1b3392ba42169b0b4eada"


def test_random_matches_give_the_same_moves_and_results_as_before() -> None:
    rules = EuchreRules()
    digest = hashlib.sha256()
    for bits in itertools.product((False, True), repeat=4):
        settings = {**SCHEMA.defaults(), **dict(zip(TOGGLES, bits, strict=True)), "target": 5}
        for seed in range(12):
            state = rules.new_game(settings, seed)
            rng = Rng(seed)
            while not state.over:
                legal = rules.legal_moves(state)
                digest.update("|".join(m.text for m in legal).encode())
                state = rules.apply(state, legal[rng.below(len(legal))])
            digest.update(repr((state.scores, [(r.maker, r.trump, r.points, r.maker_tricks)
                                               for r in state.results])).encode())
    assert digest.hexdigest() == DIGEST
