"""Euchre against the conformance kit. Euchre reshuffles the same 24 cards every hand, so what a seat saw in
the previous hand (its public record in the observation, and the table at an end-of-hand moment) is checked
against that hand's own hidden cards."""

from dataclasses import replace
from typing import Any

from core.cards import Card, Suit
from core.conformance import GameConformance
from plugins.euchre.holds import about_previous
from plugins.euchre.model import EuchreState, Move
from plugins.euchre.plugin import GAME
from plugins.euchre.presenter import EuchrePresenter


def previous_hidden(state: EuchreState, seat: int) -> frozenset[str]:
    """The cards ``seat`` never saw in the last finished hand: others' unplayed cards, the buried three, and
    the discard unless ``seat`` dealt (from the match's deck: 24, 25, 32 or 33 cards)."""
    last = state.results[-1]
    seen = {c for t in last.tricks for _, c in t.plays} | set(last.deal.hands[seat]) | {last.deal.upcard}
    if seat == last.deal.dealer:
        seen |= {Card.parse(text[8:]) for s, text in last.log if text.startswith("discard")}
    return frozenset(c.text for c in state.options.deck if c not in seen)


class TestEuchreConformance(GameConformance):
    game = GAME
    cpu_plies = 40  # the CPU players under every option: tests/test_euchre_options_matrix.py
    malformed_moves = (Move("play"), Move("discard"), Move("call"), Move("call", alone=True), Move("bogus"),
                       Move("call", suit="H"), Move("play", card="JH"), Move("order", suit=Suit.HEARTS),  # type: ignore[arg-type]
                       Move("pass", alone="yes"), Move("play", card=Card(2, Suit.HEARTS)),  # type: ignore[arg-type]
                       Move("pass", card=Card(9, Suit.HEARTS)))

    def observed(self, observation: Any) -> Any:
        return replace(observation, previous=None)  # checked by test_the_previous_hand_record_holds_only_what_was_seen

    def hidden_on_table(self, state: Any, seat: int, hold: str | None) -> frozenset[str]:
        previous = about_previous(hold, state.number, state.over)
        return previous_hidden(state, seat) if previous else super().hidden_on_table(state, seat, hold)

    def test_the_previous_hand_record_holds_only_what_was_seen(self) -> None:
        from core.conformance import plain, strings_in

        checked = 0
        for _settings, _seed, steps in self.all_playouts():
            for state, _ in steps:
                if not state.results:
                    continue
                for seat in range(4):
                    record = self.game.rules.observation(state, seat).previous
                    assert record is not None
                    leaked = strings_in(plain(record)) & previous_hidden(state, seat)
                    assert not leaked, f"seat {seat} sees {sorted(leaked)} of the last hand"
                    checked += 1
        assert checked > 100


class NextOnR(EuchrePresenter):
    """Euchre's presenter with the held trick's Next button on R, the key that replays the last hand in Euchre."""

    def table(self, situation, ui):  # type: ignore[no-untyped-def]
        table = super().table(situation, ui)
        if table.hold is None:
            return table
        choices = tuple(replace(c, key="R") if c.id == "next" else c for c in table.hold.choices)
        return replace(table, hold=replace(table.hold, choices=choices))


def test_the_kit_names_a_button_on_the_key_that_replays_the_last_hand() -> None:
    """In a game that replays its last hand the window keeps R for that: a button showing R never answered it."""
    import pytest

    game = replace(GAME, presenter="tests.test_euchre_conformance:NextOnR")
    kit = type("NextOnR", (GameConformance,), {"game": game, "seeds": (1,)})()
    with pytest.raises(AssertionError, match="button 'next': key R replays the last hand in this game: choose another"):
        kit.test_tables_show_no_hidden_card_and_offer_only_legal_moves()
