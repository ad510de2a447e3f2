"""The keyboard cursor over a table (``core.table_cursor``), the one the window moves with the arrow keys and the
conformance kit plays by: along a pile's face-up cards in its fan's direction, to the nearest pile that way, round
a row's end, and kept on a face-up card when the table changes under it."""

from __future__ import annotations

from dataclasses import replace

from core.table import CardFace, Pile, Table
from core.table_cursor import kept_cursor, moved_cursor

DOWN = CardFace(None)


def up(*cards: str) -> tuple[CardFace, ...]:
    return tuple(CardFace(card) for card in cards)


def column(pile_id: str, x: float, y: float, cards: tuple[CardFace, ...], focus: bool = True) -> Pile:
    return Pile(pile_id, x, y, cards, fan=(0.0, 0.3), focus=focus)


# Yukon-like: two foundations above the middle columns, three columns in a row, a column out of reach of the keys
TABLE = Table(8.0, 6.0, (
    column("f1", 1.5, 0.0, up("AS"), focus=True),
    column("f2", 3.0, 0.0, ()),
    column("c1", 0.0, 2.0, (DOWN, DOWN, *up("7D", "6S", "5H"))),
    column("c2", 1.5, 2.0, up("KC")),
    column("c3", 3.0, 2.0, (DOWN, DOWN)),
    column("off", 4.5, 2.0, up("2D"), focus=False),
))


def test_a_cursor_is_kept_on_a_face_up_card_of_its_pile() -> None:
    assert kept_cursor(TABLE, ("c1", 3)) == ("c1", 3)
    assert kept_cursor(TABLE, ("c1", 9)) == ("c1", 4), "the pile shrank: its front card"
    assert kept_cursor(TABLE, ("c1", 0)) == ("c1", 2), "on a card turned face down: the first face-up one"
    assert kept_cursor(TABLE, ("c1", None)) == ("c1", 4), "on the pile: its front card"
    assert kept_cursor(TABLE, ("c3", 1)) == ("c3", None), "no face-up card: the pile itself"
    assert kept_cursor(TABLE, ("f2", 0)) == ("f2", None), "an empty pile"


def test_a_cursor_whose_pile_is_gone_or_takes_no_focus_is_none() -> None:
    assert kept_cursor(TABLE, None) is None
    assert kept_cursor(TABLE, ("gone", 0)) is None
    assert kept_cursor(TABLE, ("off", 0)) is None


def test_the_first_arrow_puts_the_cursor_on_the_first_pile_and_a_table_without_focus_has_none() -> None:
    assert moved_cursor(TABLE, None, "Right") == ("f1", 0)
    assert moved_cursor(TABLE, ("off", 0), "Left") == ("f1", 0), "from a pile the keys do not reach"
    blank = Table(8.0, 6.0, (column("c", 0.0, 0.0, up("AS"), focus=False),))
    assert moved_cursor(blank, None, "Down") is None


def test_up_and_down_walk_a_columns_face_up_cards_then_leave_it() -> None:
    assert moved_cursor(TABLE, ("c1", 3), "Up") == ("c1", 2)
    assert moved_cursor(TABLE, ("c1", 3), "Down") == ("c1", 4)
    assert moved_cursor(TABLE, ("c1", 2), "Up") == ("f1", 0), "past the first face-up card: the nearest pile above"
    assert moved_cursor(TABLE, ("c2", 0), "Up") == ("f1", 0), "straight above beats nearer but aside"
    assert moved_cursor(TABLE, ("c1", 4), "Down") is None, "nothing below, and no row to wrap round"


def test_left_and_right_go_to_the_nearest_pile_that_way_and_round_the_rows_end() -> None:
    assert moved_cursor(TABLE, ("c1", 3), "Right") == ("c2", 0)
    assert moved_cursor(TABLE, ("c2", 0), "Right") == ("c3", None), "a pile without a face-up card: the pile"
    assert moved_cursor(TABLE, ("c3", None), "Right") == ("c1", 4), "round the row to its first pile"
    assert moved_cursor(TABLE, ("c1", 4), "Left") == ("c3", None), "and back round to its last"
    assert moved_cursor(TABLE, ("f2", None), "Left") == ("f1", 0)
    assert moved_cursor(TABLE, ("f1", 0), "Down") == ("c2", 0), "down to the column under it"


def test_a_pile_barely_that_way_is_not_that_way() -> None:
    table = Table(8.0, 6.0, (column("a", 0.0, 0.0, up("AS")), column("b", 0.15, 3.0, up("2S")),
                             column("c", 2.0, 0.0, up("3S"))))
    assert moved_cursor(table, ("a", 0), "Right") == ("c", 0), "b lies 0.15 to the right: below, not right"
    assert moved_cursor(table, ("a", 0), "Down") == ("b", 0)


def test_a_hand_fanned_sideways_is_walked_by_left_and_right() -> None:
    hand = Pile("hand", 0.0, 3.0, up("9S", "TS", "JS"), fan=(0.4, 0.0), focus=True)
    table = Table(8.0, 6.0, (column("kitty", 0.0, 0.0, up("QH")), hand))
    assert moved_cursor(table, ("hand", 0), "Right") == ("hand", 1)
    assert moved_cursor(table, ("hand", 2), "Left") == ("hand", 1)
    assert moved_cursor(table, ("hand", 1), "Up") == ("kitty", 0), "across the fan: to another pile"
    assert moved_cursor(table, ("hand", 2), "Right") == ("hand", 2), "alone in its row: it stays"
    aside = Table(8.0, 6.0, (column("kitty", 0.5, 0.0, up("QH")), hand))
    assert moved_cursor(aside, ("hand", 2), "Right") == ("kitty", 0), "any pile that way, however far aside"


def test_a_squared_up_pile_offers_its_top_card_only() -> None:
    """A Yukon foundation lays its cards square: Up on it walked the cursor onto the cards under the top one,
    out of sight, and Enter there clicked a card nobody could see."""
    foundation = Pile("f", 1.5, 0.0, up("AS", "2S", "3S"), focus=True, outline=True)
    below = column("c", 1.5, 2.0, up("KH"))
    table = Table(8.0, 6.0, (foundation, below))
    assert kept_cursor(table, ("f", 0)) == ("f", 2) and kept_cursor(table, ("f", None)) == ("f", 2)
    assert moved_cursor(table, ("f", 2), "Up") is None, "nothing above, and no card under the top one to go to"
    assert moved_cursor(table, ("c", 0), "Up") == ("f", 2)
    assert moved_cursor(table, ("f", 2), "Down") == ("c", 0)
    hair = Pile("stock", 0.0, 0.0, up("AS", "2S", "3S"), fan=(0.02, 0.02), focus=True)  # depth, not a fan
    assert kept_cursor(Table(8.0, 6.0, (hair,)), ("stock", 0)) == ("stock", 2)
    squeezed = Pile("hand", 0.0, 0.0, up("AS", "2S", "3S"), fan=(0.3, 0.0), room=1.1, squeeze=0.1, focus=True)
    assert kept_cursor(Table(8.0, 6.0, (squeezed,)), ("hand", 0)) == ("hand", 2), "squeezed to a sixth of its fan"
    assert kept_cursor(Table(8.0, 6.0, (replace(squeezed, room=1.6),)), ("hand", 0)) == ("hand", 0)
