"""The exact (double-dummy) Euchre solver agrees with a plain brute-force minimax on small positions."""

from __future__ import annotations

import pytest

from core.cards import JOKER, SUITS, Card, Suit, parse_cards
from core.rng import Rng
from plugins.euchre.cards import ALL_CARDS
from plugins.euchre.dd import CARD_INDEX, Solver, Table

JOKER_ID = CARD_INDEX[JOKER]


def brute(table: Table, hands: list[list[int]], leader: int, out: frozenset[int],
          plays: list[tuple[int, int]]) -> int:
    """North/South tricks from here by exhaustive minimax, written without any of the solver's shortcuts."""
    seats = [s for s in ((leader + i) % 4 for i in range(4)) if s not in out]
    if len(plays) == len(seats):
        led = table.suit[plays[0][1]]
        winner = max(plays, key=lambda p: table.power(p[1], led))[0]
        if not any(hands[s] for s in seats):
            return int(winner % 2 == 0)
        return int(winner % 2 == 0) + brute(table, hands, winner, out, [])
    seat = seats[len(plays)]
    led = table.suit[plays[0][1]] if plays else -1
    options = [c for c in hands[seat] if table.suit[c] == led] or list(hands[seat])
    values = []
    for c in options:
        hands[seat].remove(c)
        values.append(brute(table, hands, leader, out, [*plays, (seat, c)]))
        hands[seat].append(c)
    return max(values) if seat % 2 == 0 else min(values)


def test_the_joker_id_outranks_every_card_in_the_solver_table() -> None:
    for suit in SUITS:
        table = Table(suit)
        assert table.suit[JOKER_ID] == table.trump
        assert all(table.power(JOKER_ID, led) > table.power(c, led) for c in range(JOKER_ID) for led in range(4))


@pytest.mark.parametrize("case", range(40))
def test_solver_matches_brute_force(case: int) -> None:
    rng = Rng.derive("dd-test", case)
    table = Table(rng.choice(list(SUITS)))
    size = 2 + case % 2  # two or three cards each
    deck = list(range(32 if case % 4 == 3 else 24))  # some positions from the 32-card deck (7s and 8s)
    deck += [JOKER_ID] if case % 5 == 4 else []  # and some with the joker
    rng.shuffle(deck)
    out = frozenset() if case % 3 else frozenset({rng.below(4)})
    hands = [deck[size * i : size * i + size] if i not in out else [] for i in range(4)]
    leader = next(s for s in range(4) if s not in out)
    values = Solver(table, out).values(tuple(tuple(h) for h in hands), leader, (), leader)
    for card, value in values.items():
        hands[leader].remove(card)
        assert value == brute(table, hands, leader, out, [(leader, card)]), f"card {card}"
        hands[leader].append(card)


@pytest.mark.parametrize("case", range(40))
def test_solver_matches_brute_force_in_the_middle_of_a_trick(case: int) -> None:
    """One to three cards already on the table, the hands dealt from two suits so that they interleave: a card
    played to the trick still parts two cards of its suit (the solver must not treat them as touching)."""
    rng = Rng.derive("dd-test-mid", case)
    # every fifth position without trump, high or low (Bid Euchre's no-trump contracts)
    table = Table(rng.choice(list(SUITS))) if case % 5 else Table(None, low=case % 10 == 0)
    first = max(table.trump, 0)
    suits = [first, (first + 1 + case % 3) % 4]  # cards from two suits: the hands interleave
    deck = [c for c in range(24) if table.suit[c] in suits] + ([JOKER_ID] if case % 5 == 4 else [])
    rng.shuffle(deck)
    out = frozenset() if case % 3 else frozenset({rng.below(4)})
    seats = [s for s in range(4) if s not in out]
    leader = seats[rng.below(len(seats))]
    order = [s for s in ((leader + i) % 4 for i in range(4)) if s not in out]
    played = 1 + case % (len(order) - 1)
    hands = [deck[3 * i : 3 * i + 3] if i not in out else [] for i in range(4)]
    plays = []
    for seat in order[:played]:
        card = hands[seat].pop(rng.below(len(hands[seat])))
        plays.append((seat, card))
    seat = order[played]
    values = Solver(table, out).values(tuple(tuple(h) for h in hands), leader, tuple(plays), seat)
    led = table.suit[plays[0][1]]
    assert sorted(values) == sorted([c for c in hands[seat] if table.suit[c] == led] or hands[seat])
    for card, value in values.items():
        hands[seat].remove(card)
        assert value == brute(table, hands, leader, out, [*plays, (seat, card)]), f"card {card}"
        hands[seat].append(card)


def test_a_card_on_the_table_parts_two_trumps_of_the_next_player() -> None:
    """Spades trump, East has led the A♠: West's J♣ (the left bower) and K♠ are not touching while the ace is
    on the table (one wins the trick, the other does not), though nothing between them is left in any hand."""
    table = Table(Suit.SPADES)
    dealt = ("9H 9S JS QS", "TH AH JC KS", "QH JH KH TS", "9D TD JD")  # South, West, North, East
    ids = [[CARD_INDEX[c] for c in parse_cards(text)] for text in dealt]
    plays = [(3, CARD_INDEX[Card.parse("AS")])]
    values = Solver(table, frozenset()).values(tuple(tuple(h) for h in ids), 3, tuple(plays), 0)
    for card, value in values.items():
        ids[0].remove(card)
        assert value == brute(table, ids, 3, frozenset(), [*plays, (0, card)]), ALL_CARDS[card].text
        ids[0].append(card)


@pytest.mark.parametrize("case", range(30))
def test_null_window_queries_agree_with_exact_values(case: int) -> None:
    """``reaches`` (the fast question "at least k tricks?") answers as the exact values say, for every
    target, on four-card positions with one solver reused across the questions as in play."""
    rng = Rng.derive("dd-reaches", case)
    table = Table(rng.choice(list(SUITS)))
    deck = list(range(32 if case % 3 == 2 else 24)) + ([JOKER_ID] if case % 5 == 4 else [])
    rng.shuffle(deck)
    out = frozenset() if case % 4 else frozenset({rng.below(4)})
    hands = tuple(tuple(deck[4 * i : 4 * i + 4]) if i not in out else () for i in range(4))
    leader = next(s for s in range(4) if s not in out)
    exact = Solver(table, out).values(hands, leader, (), leader)
    solver = Solver(table, out)
    for targets in ((1,), (2, 4), (1, 3), (3,), (4,)):
        reached = solver.reaches(hands, leader, (), leader, targets)
        for card, value in exact.items():
            assert reached[card] == sum(1 for t in targets if value >= t), (card, targets)
