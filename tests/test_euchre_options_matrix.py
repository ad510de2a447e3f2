"""Every rule option with every CPU strength: each combination of the seven toggles is played by every
strength (normal–easy, then hard against easy or normal on one team or the other in turn, so across the
combinations each strength sits on each team), with the usual invariants; and the hard player's imagined deals
obey the rules in force. The long sweep over whole matches and every
target is ``benchmarks/euchre_options_sweep.py``."""

from __future__ import annotations

import itertools

import pytest

from core.rng import Rng
from plugins.euchre.cards import Ranking, deck_of
from plugins.euchre.infer import dealt_suits, played_by, sample_hands, surprises
from plugins.euchre.model import Deal, EuchreState, Phase
from plugins.euchre.observe import observe
from plugins.euchre.plugin import GAME
from plugins.euchre.tournament import play_hand
from tests.euchre_helpers import RULES, moves, new_state
from tests.test_euchre_fuzz import accounted

TOGGLES = ("stick_the_dealer", "trump_holding", "defender_alone", "dealer_may_decline", "dealer_partner_alone",
           "thirty_two_cards", "joker")
MIXES = (("normal", "easy"), ("easy", "hard"), ("hard", "normal"))  # north–south, east–west
COMBINATIONS = [dict(zip(TOGGLES, bits, strict=True)) for bits in itertools.product((False, True), repeat=len(TOGGLES))]


@pytest.mark.parametrize("toggles", COMBINATIONS, ids=lambda t: "".join("1" if v else "0" for v in t.values()))
def test_every_toggle_combination_with_every_strength(toggles: dict[str, bool]) -> None:
    settings = {**GAME.settings.defaults(), **toggles}
    number = int("".join("1" if v else "0" for v in toggles.values()), 2)
    for mix_index in (0, 1 + number % 2):  # the hard player, the slow one, in one of its two seats in turn
        ns, ew = MIXES[mix_index]
        seed = 1000 * number + mix_index
        players = [GAME.strategies[name]() for name in (ns, ew, ns, ew)]
        state = RULES.new_game(settings, seed)
        start = RULES.state_to_json(state)["hand"]["deal"]
        final = play_hand(settings, {**start, "seed": seed}, players, seed)
        assert final.number == 1 or final.over
        result = final.results[0]
        deck = deck_of(toggles["thirty_two_cards"], toggles["joker"])
        assert sorted(c.text for c in accounted(final)) == sorted(c.text for c in deck), "every card of the deck"
        assert final.scores == tuple(sum(r.points[t] for r in final.results) for t in (0, 1))
        if result.maker is not None:
            assert len([text for _, text in result.log if text.startswith("play")]) == 5 * (
                4 - (result.alone is not None) - (result.defender_alone is not None))
            if toggles["trump_holding"]:
                _assert_holding_respected(result.deal, result.log, toggles)
            if toggles["dealer_partner_alone"]:
                for seat, text in result.log:
                    if seat == (result.deal.dealer + 2) % 4 and text.startswith("order"):
                        assert text == "order alone", text


def _assert_holding_respected(deal: Deal, log: tuple[tuple[int, str], ...], toggles: dict[str, bool]) -> None:
    from plugins.euchre.model import Move

    for seat, text in log:
        move = Move.parse(text)
        suit = deal.upcard.suit if move.kind == "order" else move.suit if move.kind == "call" else None
        # the dealer is exempt ordering up, stuck, or naming trump unseen under a turned-up joker
        exempt = seat == deal.dealer and (move.kind == "order" or toggles["stick_the_dealer"] or deal.upcard.is_joker)
        if suit is not None and not exempt:
            assert Ranking(suit).count(deal.hands[seat], suit), f"seat {seat} made {text} holding none"


def _positions(settings: dict[str, bool], seeds: range) -> list[EuchreState]:
    """Positions in the play of random hands (normal CPUs bid, so bids are realistic)."""
    normal = GAME.strategies["normal"]()
    found = []
    for seed in seeds:
        state = RULES.new_game({**GAME.settings.defaults(), **settings}, seed)
        rng = Rng(seed)
        while state.number == 0 and not state.over:
            seat = RULES.to_move(state)
            assert seat is not None
            if state.hand.phase == Phase.PLAY and len(state.hand.hands[seat]) <= 4:
                found.append(state)
            state = RULES.apply(state, normal.choose(RULES.observation(state, seat), RULES.legal_moves(state), rng))
    return found


def test_hard_imagines_only_deals_the_rules_could_have_dealt() -> None:
    """Under trump-holding (and a defender going alone after the hidden discard), every sampled deal gives a
    maker a card of the suit it named, holds exactly the cards still unseen, and replays the bidding
    legally. Checked on positions from 30 hands where the bidding constrains the sample."""
    normal = GAME.strategies["normal"]()
    checked = 0
    toggles = {"trump_holding": True, "stick_the_dealer": True, "defender_alone": True}
    for state in _positions(toggles, range(30)):
        for seat in range(4):
            if seat in state.hand.sitting_out:
                continue
            obs = observe(state, seat)
            needed = dealt_suits(obs)
            played = played_by(obs)
            for hands in sample_hands(obs, Rng(seat), normal, 6):
                for other, suit in needed.items():
                    if other == seat or other in obs.sitting_out:
                        continue
                    held = [*hands[other], *played[other]]
                    assert Ranking(suit).count(held, suit), f"seat {other} named {suit} but was imagined without one"
                assert sorted(len(h) for h in hands) == sorted(
                    len(state.hand.hands[s]) if s not in obs.sitting_out else 0 for s in range(4))
                checked += 1
    assert checked > 300, checked


def test_a_deal_that_could_not_have_produced_the_bidding_is_never_used() -> None:
    """West ordered up hearts under trump-holding; a deal giving West no heart is refused, not raised."""
    state = moves(new_state("S", "9H", settings={"trump_holding": True}, W="JH AS KS QS JS", E="9S TS 9C TC QC"),
                  "W order")
    obs = observe(state, 2)
    real = state.hand.deal
    assert surprises(obs, real, normal_model()) is not None
    swapped = list(real.hands)
    swapped[1], swapped[3] = swapped[3], swapped[1]  # now West holds East's cards: no heart, no J♦
    assert surprises(obs, Deal(real.dealer, tuple(swapped), real.upcard, real.buried), normal_model()) is None


def normal_model() -> object:
    return GAME.strategies["normal"]()
