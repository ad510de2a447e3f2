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


def _plain(seed: int, length: int) -> tuple[list[int], int]:
    """The shuffle as defined: below(i + 1) for each position from the last down."""
    rng, items = Rng(seed), list(range(length))
    for i in range(length - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items, rng.next_u64()


def _shuffled(seed: int, length: int) -> tuple[list[int], int]:
    rng, items = Rng(seed), list(range(length))
    rng.shuffle(items)
    return items, rng.next_u64()


def _unmix(z: int) -> int:
    """The SplitMix64 state whose output is ``z`` (every step of the mix can be undone)."""
    def unshift(x: int, by: int) -> int:
        y = x
        for _ in range(64 // by + 1):
            y = x ^ (y >> by)
        return y
    mask = (1 << 64) - 1
    z = unshift(z, 31)
    z = unshift((z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask, 27)
    return unshift((z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask, 30)


@pytest.mark.parametrize("length", [0, 1, 2, 5, 24, 25, 33, 52, 64, 65, 80])
def test_shuffle_draws_exactly_what_below_would(length: int) -> None:
    # the shuffle mixes its draws side by side; the cards and the generator's next number must be the same
    for seed in [0, 1, 12, 2**63 + 5, 2**64 - 1, *range(1000, 1200)]:
        assert _shuffled(seed, length) == _plain(seed, length), seed


def test_shuffle_redraws_a_rejected_number_like_below() -> None:
    # below(n) rejects the top 2**64 % n outputs; make the fourth draw of a 24-card shuffle the very last
    # output (rejected for n = 21), which shifts every later draw by one
    last = (1 << 64) - 1
    seed = (_unmix(last) - 4 * 0x9E3779B97F4A7C15) % (1 << 64)
    probe = Rng(seed)
    assert [probe.next_u64() for _ in range(4)][-1] == last
    assert _shuffled(seed, 24) == _plain(seed, 24)
    outputs = Rng(seed)
    assert _shuffled(seed, 24)[1] == [outputs.next_u64() for _ in range(25)][-1]  # 23 draws and the redraw


def test_derive_is_stable_and_separates_streams() -> None:
    assert Rng.derive(1, "cpu", 0).next_u64() == Rng.derive(1, "cpu", 0).next_u64()
    assert Rng.derive(1, "cpu", 0).next_u64() != Rng.derive(1, "cpu", 1).next_u64()


def test_below_is_in_range_and_covers_it() -> None:
    rng = Rng(5)
    seen = {rng.below(6) for _ in range(500)}
    assert seen == set(range(6))


def test_below_refuses_a_bound_with_nothing_to_draw() -> None:
    for bound in (0, -3):
        with pytest.raises(ValueError, match="^below\\(\\) needs a positive bound$"):
            Rng(5).below(bound)


@pytest.mark.parametrize("text", ["", "T", "THX", "1H", "TX", "11H", "H T", "JOKER"])
def test_a_card_written_wrong_is_refused_saying_how_to_write_one(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        Card.parse(text)
    assert str(refused.value) == (f"'{text}' is not a card: write rank (A23456789TJQK) then suit (SHDC), e.g. TH or "
                                  "JD (JK: the joker)")


def test_a_card_made_wrong_in_code_is_refused_saying_what_a_card_is() -> None:
    for rank, suit, message in (("1", Suit.SPADES, "a card is a rank (int) and a Suit, not '1' and <Suit.SPADES: 'S'>"),
                                (1, "S", "a card is a rank (int) and a Suit, not 1 and 'S'"),
                                (0, Suit.SPADES, "the joker is rank 0 of its own suit, and only the joker"),
                                (14, Suit.HEARTS, "rank 14 is outside 1..13")):
        with pytest.raises(ValueError) as refused:
            Card(rank, suit)  # type: ignore[arg-type]
        assert str(refused.value) == message
    assert [Card.parse(text).text for text in (" th ", "10h", "ac", "Jk")] == ["TH", "TH", "AC", "JK"]


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
        with pytest.raises(ValueError) as refused:
            Suit.parse(text)
        assert str(refused.value) == f"'{text}' is not a suit: use one of S, H, D, C"


PINNED_12 = "JS QS 8H AC JD TH 8S KS"
