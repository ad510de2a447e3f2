"""The shuffle and card text never change: deals must be the same on every machine and version."""

from __future__ import annotations

import pytest

from core.cards import Card, Suit, full_deck, parse_cards
from core.rng import Rng


def test_rng_sequence_is_pinned() -> None:
    # SplitMix64's published first outputs for seed 0 — if these change, every deal changes.
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]


def test_shuffle_is_pinned_and_seed_dependent() -> None:
    deck = full_deck()
    Rng(12).shuffle(deck)
    assert " ".join(c.text for c in deck[:8]) == PINNED_12
    other = full_deck()
    Rng(13).shuffle(other)
    assert other != deck and set(other) == set(full_deck()) and len(other) == 52


def test_derive_is_stable_and_separates_streams() -> None:
    assert Rng.derive(1, "cpu", 0).next_u64() == Rng.derive(1, "cpu", 0).next_u64()
    assert Rng.derive(1, "cpu", 0).next_u64() != Rng.derive(1, "cpu", 1).next_u64()


def test_below_is_in_range_and_covers_it() -> None:
    rng = Rng(5)
    seen = {rng.below(6) for _ in range(500)}
    assert seen == set(range(6))


def test_card_text_and_symbols() -> None:
    assert Card.parse("TH") == Card(10, Suit.HEARTS) and Card.parse("10h").text == "TH"
    assert Card.parse("JD").pretty == "J♦" and Card(10, Suit.HEARTS).pretty == "10♥"
    assert [c.text for c in parse_cards("AS, 9C KD")] == ["AS", "9C", "KD"]
    with pytest.raises(ValueError, match=r"rank .* then suit"):
        Card.parse("1X")


def test_the_joker_is_written_jk_and_belongs_to_no_suit_a_player_can_name() -> None:
    from core.cards import JOKER, SUITS

    assert Card.parse("jk") is JOKER and JOKER.text == "JK" and JOKER.pretty == "Joker" and not JOKER.is_red
    assert JOKER.is_joker and not Card.parse("JH").is_joker and JOKER.suit not in SUITS and len(SUITS) == 4
    assert JOKER not in full_deck() and [c.text for c in parse_cards("JK 9C")] == ["JK", "9C"]
    for bad in ((0, Suit.SPADES), (5, Suit.JOKER), (14, Suit.HEARTS)):
        with pytest.raises(ValueError):
            Card(*bad)
    for text in ("*", "J", "SH"):
        with pytest.raises(ValueError, match="use one of S, H, D, C"):
            Suit.parse(text)


PINNED_12 = "JS QS 8H AC JD TH 8S KS"
