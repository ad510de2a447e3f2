"""One test per rule of the Yukon spec, KPatience-pinned deal numbers, hints, and the conformance kit."""

from __future__ import annotations

from typing import Any

import pytest

from core.cards import Card, Suit, full_deck, parse_cards
from core.conformance import GameConformance
from core.game import IllegalMove, Outcome
from core.session import GameSession
from plugins.yukon.deal import deal_columns, shuffled_deck
from plugins.yukon.hint import hint, score
from plugins.yukon.plugin import GAME
from plugins.yukon.rules import FOUNDATION, Move, YukonRules, YukonState, describe

R = YukonRules()
C = Card.parse


def layout(*columns: str, hidden: tuple[int, ...] | None = None, variant: str = "standard",
           foundations: tuple[int, int, int, int] = (0, 0, 0, 0), returns: bool = False) -> YukonState:
    cols = tuple(parse_cards(c) for c in columns) + ((),) * (7 - len(columns))
    return YukonState(cols, hidden or (0,) * 7, foundations, variant, returns)


# -- the deal -----------------------------------------------------------------------------------------


def test_deal_shape_1_6_7_8_9_10_11_with_21_face_down() -> None:
    state = R.deal({}, 1)
    assert [len(c) for c in state.columns] == [1, 6, 7, 8, 9, 10, 11]
    assert state.hidden == (0, 1, 2, 3, 4, 5, 6) and sum(state.hidden) == 21
    assert sum(len(state.face_up(i)) for i in range(7)) == 31
    assert len({c for col in state.columns for c in col}) == 52


def test_the_shuffle_is_microsoft_freecells_as_kpatience_uses_it() -> None:
    # MS FreeCell deal 1 starts JD 2D 9H JC 5D 7H 7C 5H when cards are taken from the end of the list
    cards = shuffled_deck(1)
    assert [c.text for c in reversed(cards[-8:])] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]


@pytest.mark.parametrize(("number", "expected"), [
    (12, ["7D", "(5H) AD 2H QH JS 9H", "(9C) (4D) TD 3H KC 9S 2S", "(QC) (3S) (7S) 2D 5C JD 7C AH",
          "(6H) (2C) (QD) (8H) 5D KD 4H 6C AC", "(KH) (JH) (QS) (AS) (4C) TH 9D TS TC JC",
          "(6D) (KS) (3D) (8D) (7H) (3C) 8S 5S 8C 6S 4S"]),
    (1, None), (617, None), (2147483647, None),
])
def test_pinned_kpatience_deals(number: int, expected: list[str] | None) -> None:
    lines = [line.split(": ", 1)[1] for line in describe(R.deal({}, number))[:-1]]
    if expected is not None:
        assert lines == expected
    assert lines == PINNED.get(number, lines)


PINNED = {
    1: [
        "JD",
        "(2D) 5H QC QD 5C 7S",
        "(9H) (KD) KH JS TS 3S 2C",
        "(JC) (KC) (3H) AS QH TD JH 8D",
        "(5D) (9S) (2S) (AH) 4H 4S 7D QS 8C",
        "(7H) (5S) (KS) (3C) (AC) TH 6D 6C TC 9C",
        "(7C) (AD) (9D) (4C) (4D) (8H) 8S 3D 6S 2H 6H",
    ],
    617: [
        "7D",
        "(AD) AH 8H 9D 5H JS",
        "(5C) (TD) AS 6S 9S 4C 6H",
        "(3S) (7S) (KH) 8D 3C QS 2C 2H",
        "(5S) (QD) (TH) (3D) 8S 9C 2S 5D JH",
        "(8C) (AC) (QC) (TC) (7H) 9H 4S JC QH KS",
        "(2D) (6D) (3H) (KD) (4D) (7C) TS 6C JD KC 4H",
    ],
    2147483647: [
        "9S",
        "(2H) 4S KH 8S AD 9H",
        "(7C) (JH) 8D KD TH 5D QD",
        "(5H) (TC) (JC) TS 3C QH 4H AS",
        "(4C) (TD) (7S) (9D) 2C 8C JS QC 2S",
        "(6D) (QS) (6C) (4D) (AH) 6H 5C AC KS 9C",
        "(3D) (3S) (3H) (5S) (2D) (6S) JD KC 7D 7H 8H",
    ],
}


def test_the_russian_variant_uses_the_same_layout() -> None:
    assert R.deal({"variant": "russian"}, 12).columns == R.deal({}, 12).columns


def test_deal_number_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="1 to 2147483647"):
        deal_columns(0)


# -- moves --------------------------------------------------------------------------------------------


def test_any_face_up_card_moves_with_every_card_in_front_of_it_in_any_order() -> None:
    # ♠10 with ♥6 ♣5 ♦4 ♠J in front of it moves, all five, onto a red J
    state = layout("9C TS 6H 5C 4D JS", "JH", hidden=(1, 0, 0, 0, 0, 0, 0))
    after = R.apply(state, R.parse_move("1.5>2"))
    assert [c.text for c in after.columns[1]] == ["JH", "TS", "6H", "5C", "4D", "JS"]
    assert [c.text for c in after.columns[0]] == ["9C"] and after.hidden[0] == 0, "the face-down card turned"


def test_standard_needs_one_lower_and_the_other_colour() -> None:
    state = layout("9H", "7C", "8S", "8D")
    assert [m.text for m in R.legal_moves(state)] == ["2.1>4", "3.1>1"]
    with pytest.raises(IllegalMove, match="7♣ is not one lower than 9♥"):
        R.apply(state, R.parse_move("2.1>1"))
    with pytest.raises(IllegalMove, match="other colour"):
        R.apply(state, R.parse_move("4.1>1"))
    assert R.apply(state, R.parse_move("3.1>1")).columns[0] == parse_cards("9H 8S")


def test_russian_needs_the_same_suit() -> None:
    state = layout("7S", "6S", "6C", "6H", variant="russian")
    assert [m.text for m in R.legal_moves(state)] == ["2.1>1"]
    with pytest.raises(IllegalMove, match="Russian"):
        R.apply(state, R.parse_move("3.1>1"))


def test_only_a_king_group_goes_to_an_empty_column() -> None:
    state = layout("2H QS", "5C KD 3S")
    with pytest.raises(IllegalMove, match="only a group headed by a K"):
        R.apply(state, R.parse_move("1.1>3"))
    after = R.apply(state, R.parse_move("2.2>3"))
    assert after.columns[2] == parse_cards("KD 3S") and after.columns[1] == parse_cards("5C")


def test_only_the_front_card_goes_to_a_foundation_in_order() -> None:
    state = layout("AS 5H", "AH")
    with pytest.raises(IllegalMove, match="5♥ cannot go to its foundation"):
        R.apply(state, R.parse_move("1>F"))
    moves = [m.text for m in R.legal_moves(state)]
    assert "2>F" in moves and "1>F" not in moves
    after = R.apply(state, R.parse_move("2>F"))
    assert after.foundation_top(C("AH").suit) == C("AH")
    with pytest.raises(IllegalMove, match="only a column's front card can go to a foundation"):
        R.apply(after, R.parse_move("1.2>F"))


def test_automatic_turn_over_and_face_up_cards_never_turn_back() -> None:
    state = layout("3H AC 7S", "8D", hidden=(2, 0, 0, 0, 0, 0, 0))
    after = R.apply(state, R.parse_move("1.1>2"))
    assert after.hidden[0] == 1 and after.face_up(0) == (C("AC"),)
    after = R.apply(after, R.parse_move("1>F"))
    assert after.hidden[0] == 0 and after.face_up(0) == (C("3H"),)


def test_a_group_longer_than_its_column_is_refused_in_words_that_count_right() -> None:
    state = layout("9H", "8S 7D", "TC")
    with pytest.raises(IllegalMove, match="column 1 has only 1 card$"):
        R.apply(state, Move(0, 2, 2))
    with pytest.raises(IllegalMove, match="column 2 has only 2 cards$"):
        R.apply(state, Move(1, 2, 3))


def test_face_down_cards_cannot_be_picked() -> None:
    state = layout("3H AC 7S", "8D", hidden=(2, 0, 0, 0, 0, 0, 0))
    with pytest.raises(IllegalMove, match="face-down"):
        R.apply(state, Move(0, 1, 2))


def test_foundation_cards_stay_unless_returns_are_on_and_then_the_win_is_assisted() -> None:
    state = layout("8S", foundations=(0, 7, 0, 0))
    with pytest.raises(IllegalMove, match="stay there"):
        R.apply(state, R.parse_move("F.H>1"))
    state = layout("8S", foundations=(0, 7, 0, 0), returns=True)
    assert "F.H>1" in [m.text for m in R.legal_moves(state)]
    after = R.apply(state, R.parse_move("F.H>1"))
    assert after.columns[0] == parse_cards("8S 7H") and after.foundations[1] == 6 and after.assisted


@pytest.mark.parametrize(("returns", "summary"), [(False, "won in 4 moves"), (True, "won with help in 4 moves")])
def test_win_when_all_52_are_home_with_help_whenever_returns_were_on(returns: bool, summary: str) -> None:
    """Choosing the return assist marks the win, whether or not a card was returned (seed 003)."""
    state = layout("KS", "KH", "KD", "KC", foundations=(12, 12, 12, 12), returns=returns)
    for text in ("1>F", "2>F", "3>F", "4>F"):
        state = R.apply(state, R.parse_move(text))
    assert state.won and R.to_move(state) is None and not state.assisted and state.with_help == returns
    assert R.outcome(state) == Outcome((0,), (52,), summary)


@pytest.mark.parametrize("returns", [False, True])
def test_a_new_deal_is_with_help_only_when_the_return_assist_is_chosen(returns: bool) -> None:
    settings = GAME.settings.defaults() | {"return_from_foundations": returns}
    state = R.new_game(settings, 5)
    assert not state.assisted and state.with_help == returns and state.returns_allowed == returns


# ♥ is home up to 3♥, ♠ not begun; column 2 is empty; returns are on
REFUSING = layout("5H", "", "9H 7C", "6S", foundations=(0, 3, 0, 0), returns=True)


@pytest.mark.parametrize(("state", "move", "message"), [
    (REFUSING, "2>4", "column 2 is empty"),
    (REFUSING, "F.S>1", "the spades foundation is empty"),
    (REFUSING, "1>F", "5♥ cannot go to its foundation: the hearts foundation needs 4♥ next"),
    (REFUSING, "3>F", "7♣ cannot go to its foundation: the clubs foundation starts with an ace"),
    (REFUSING, "3.2>3", "a group cannot move onto its own column"),
    (REFUSING, "4>1", "6♠ is not one lower than 5♥"),
    (REFUSING, "1>2", "only a group headed by a K can go to an empty column"),
    (layout("6H", "5D"), "2>1", "5♦ must go on a card of the other colour, not on 6♥"),
    (layout("6H", "5S", variant="russian"), "2>1", "in Russian Yukon 5♠ must go on a card of its own suit, not on 6♥")])
def test_each_refused_move_says_what_was_wrong(state: YukonState, move: str, message: str) -> None:
    with pytest.raises(IllegalMove) as caught:
        R.apply(state, R.parse_move(move))
    assert str(caught.value) == message


CARDS = [c.text for c in full_deck()]
SEVEN = [CARDS[:46], *([c] for c in CARDS[46:])]  # one long column, six of one card: 52 in all
ONCE = "a Yukon deal has seven columns holding the 52 cards once each"


@pytest.mark.parametrize(("deal", "message"), [
    ({"columns": [CARDS[:47], *([c] for c in CARDS[47:])]}, ONCE),  # six columns
    ({"columns": [*SEVEN[:-1], []]}, ONCE),  # 51 cards
    ({"columns": [[*CARDS[:45], CARDS[0]], *SEVEN[1:]]}, ONCE),  # A♠ twice, 7♣ left out
    ({"columns": SEVEN, "hidden": [46, 0, 0, 0, 0, 0, 0]}, "each column needs its front card face up"),
    ({"columns": SEVEN, "hidden": [-1, 0, 0, 0, 0, 0, 0]}, "each column needs its front card face up")])
def test_a_written_deal_that_is_not_seven_columns_of_the_52_cards_is_refused_saying_why(deal: dict[str, Any],
                                                                                      message: str) -> None:
    with pytest.raises(ValueError) as caught:
        R.from_deal({}, deal)
    assert str(caught.value) == message


def test_a_written_deal_may_hide_all_but_the_front_card_of_a_column() -> None:
    assert R.from_deal({}, {"columns": SEVEN, "hidden": [45, 0, 0, 0, 0, 0, 0]}).hidden == (45, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("text", ["3.2>5", "3>F", "F.H>5", "7.11>1", "3.2>F"])
def test_move_text_round_trips(text: str) -> None:
    assert Move.parse(text).text == text


def test_bad_move_text_says_what_is_allowed() -> None:
    with pytest.raises(IllegalMove, match="3.2>5"):
        Move.parse("column three")
    with pytest.raises(IllegalMove, match="a move takes one card or more"):
        R.apply(R.deal({"variant": "standard"}, 12), R.parse_move("3.0>5"))


# -- hint and undo ------------------------------------------------------------------------------------


def test_hint_prefers_a_move_that_turns_a_card_and_never_reads_face_down_cards() -> None:
    state = layout("3H AC 7S", "8D", "QC JH", "KD", hidden=(2, 0, 0, 0, 0, 0, 0))
    obs = R.observation(state, 0)
    assert "AC" not in repr(obs) and "3H" not in repr(obs)
    suggestion = hint(obs, obs.legal_moves())
    assert suggestion is not None and suggestion.move == "1.1>2" and "face-down" in suggestion.reason.en


def test_among_moves_that_turn_a_card_the_hint_digs_where_most_cards_are_face_down() -> None:
    state = layout("AC 9H", "TS", "2C 3C 4C 8D", "9S", hidden=(1, 0, 3, 0, 0, 0, 0))
    obs = R.observation(state, 0)
    turning = [m.text for m in obs.legal_moves() if score(obs, m)[1] == "turn"]
    assert turning == ["1.1>2", "3.1>4"]
    suggestion = hint(obs, obs.legal_moves())
    assert suggestion is not None and suggestion.move == "3.1>4"


def test_hint_says_so_when_there_is_no_move() -> None:
    state = layout("2H", "2S")
    obs = R.observation(state, 0)
    assert hint(obs, R.legal_moves(state)) is None


def test_hint_avoids_reversing_the_previous_move() -> None:
    state = layout("9H", "8S", "9D")
    state = R.apply(state, R.parse_move("2.1>1"))
    assert score(R.observation(state, 0), R.parse_move("1.1>2"))[0] < score(R.observation(state, 0),
                                                                             R.parse_move("1.1>3"))[0]


def test_with_nothing_to_turn_or_send_home_the_hint_starts_the_shortest_way_there() -> None:
    # the 9♥ can turn the card under it once the 4♦ leaves the 10♠: two moves
    state = layout("AH 9H", "TS 4D", "5S", hidden=(1, 0, 0, 0, 0, 0, 0))
    suggestion = hint(R.observation(state, 0), R.legal_moves(state))
    assert suggestion is not None and suggestion.move == "2.1>3" and "(2 moves)" in suggestion.reason.en
    state = R.apply(state, R.parse_move("2.1>3"))
    suggestion = hint(R.observation(state, 0), R.legal_moves(state))
    assert suggestion is not None and suggestion.move == "1.1>2" and "face-down" in suggestion.reason.en


def test_the_hint_puts_off_a_card_home_that_a_column_may_need_while_a_turn_is_in_reach() -> None:
    # 2♠ could go home (A♠ is there), but a red ace's group may still need it; two moves turn the card under 9♥
    state = layout("AH 9H", "TS 4D", "5S", "2S", hidden=(1, 0, 0, 0, 0, 0, 0), foundations=(1, 0, 0, 0))
    suggestion = hint(R.observation(state, 0), R.legal_moves(state))
    assert suggestion is not None and suggestion.move == "2.1>3"
    assert suggestion.reason.en.startswith("2♠ could go home now") and "(2 moves)" in suggestion.reason.en
    state = R.apply(state, R.parse_move("2.1>3"))
    suggestion = hint(R.observation(state, 0), R.legal_moves(state))
    assert suggestion is not None and suggestion.move == "1.1>2" and "face-down" in suggestion.reason.en
    # with nothing to turn anywhere, 2♠ goes home after all
    state = layout("9H", "8S", "9D", "2S", foundations=(1, 0, 0, 0))
    suggestion = hint(R.observation(state, 0), R.legal_moves(state))
    assert suggestion is not None and suggestion.move == "4>F"


def test_when_nothing_can_ever_be_turned_or_sent_home_the_hint_says_the_game_is_lost_and_moves_nothing() -> None:
    state = R.apply(layout("9H", "8S", "9D"), R.parse_move("2.1>1"))  # moves left, none of them leads anywhere
    suggestion = hint(R.observation(state, 0), R.legal_moves(state))
    assert suggestion is not None and suggestion.move == "" and "cannot be won" in suggestion.reason.en


def test_undo_takes_back_the_move_and_its_turn_over() -> None:
    session = GameSession.new(GAME, seed=0, deal={"number": 12}, players=[None])
    start = session.state
    turning = next(m for m in R.legal_moves(start) if m.source != FOUNDATION and m.target != FOUNDATION
                   and m.count == len(start.face_up(m.source)) and start.hidden[m.source])
    session.play(turning)
    assert sum(session.state.hidden) == 20
    assert session.undo() and session.state == start and sum(session.state.hidden) == 21
    assert not session.undo()


def test_restart_keeps_the_number_and_a_random_deal_comes_from_the_seed() -> None:
    by_number = GAME.settings.defaults() | {"deal_mode": "number", "deal_number": 617}
    assert R.new_game(by_number, 1).deal_number == 617 == R.new_game(by_number, 2).deal_number
    assert R.new_game(GAME.settings.defaults(), 5).deal_number == R.new_game(GAME.settings.defaults(), 5).deal_number


class TestYukonConformance(GameConformance):
    game = GAME
    seeds = (1, 2, 3)
    malformed_moves = (Move(9, 0), Move(0, 9), Move(-5, 0), Move(FOUNDATION, 0), Move(0, 1, count=0),
                       Move(0, 1, count=99), Move(0, 1, count="2"), Move(FOUNDATION, FOUNDATION, suit=Suit.SPADES),  # type: ignore[arg-type]
                       Move(FOUNDATION, 0, suit="S"), Move(0, FOUNDATION, count=2), Move(1.5, 0))  # type: ignore[arg-type]

    def position_key(self, state: Any) -> Any:
        return (state.columns, state.hidden, state.foundations)


def test_moves_read_as_a_person_says_them() -> None:
    from plugins.yukon.rules import move_words

    state = R.deal({}, 12)
    assert move_words(state, Move.parse("4>F")) == "A♥ to the foundation"
    assert move_words(state, Move.parse("3.5>6")) == "10♦ and 4 cards from column 3 onto J♣ in column 6"
    empty = layout("KS", "", hidden=(0, 0, 0, 0, 0, 0, 0))
    assert move_words(empty, Move.parse("1.1>2")) == "K♠ from column 1 to the empty column 2"


def test_solve_moves_prints_numbered_moves_with_card_names() -> None:
    from tests.distributions import run_cardtable

    result = run_cardtable("yukon", "solve", "12", "--moves")
    assert result.returncode == 0
    assert "  1. A♥ to the foundation   [4>F]" in result.stdout
    assert "10♦ and 4 cards from column 3 onto J♣ in column 6" in result.stdout


def test_moves_for_a_range_is_refused_in_one_line() -> None:
    from tests.distributions import run_cardtable

    result = run_cardtable("yukon", "solve", "--range", "1-3", "--moves")
    assert result.returncode == 2 and not result.stdout
    assert result.stderr.strip() == "cardtable yukon solve: --moves prints one deal's winning moves: give a deal " \
                                    "number instead of --range 1-3"


def test_a_deal_the_layout_alone_proves_lost_says_so() -> None:
    """Deal 199: the 2♥ can never be bare (solver 4's relaxation sees it before any search)."""
    from tests.distributions import run_cardtable

    result = run_cardtable("yukon", "solve", "199")
    assert result.returncode == 0
    assert result.stdout.startswith("deal 199 (standard): lost (the layout alone proves it: some card can never go "
                                    "home); 0 positions searched")


def test_an_unknown_verdict_says_what_ran_out_and_how_to_search_further() -> None:
    from tests.distributions import run_cardtable

    budget = run_cardtable("yukon", "solve", "42", "--budget", "500")
    assert budget.returncode == 0 and budget.stdout.startswith("deal 42 (standard): unknown; 500 positions")
    assert "the budget of 500 positions ran out before a win or a proof of loss; a larger --budget searches " \
           "further" in budget.stdout
    one = run_cardtable("yukon", "solve", "42", "--budget", "1")
    assert one.stdout.startswith("deal 42 (standard): unknown; 1 position searched")
    assert "the budget of 1 position ran out" in one.stdout
    clock = run_cardtable("yukon", "solve", "42", "--seconds", "0.01")
    assert "the 0.01 s limit ran out" in clock.stdout


def test_a_budget_beyond_the_machines_memory_is_named_as_the_run_starts(monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A budget of 100,000,000 positions ran until a deal needed its 28 GB and the system killed the run."""
    import plugins.yukon.cli as yukon_cli
    from core.cli import main

    monkeypatch.setattr(yukon_cli, "available_memory", lambda: 1_000_000_000)
    assert main(["yukon", "solve", "12", "--budget", "10000000"]) == 0
    out, err = capsys.readouterr()
    assert err == ("cardtable yukon: a deal that searches the whole budget of 10,000,000 positions takes about 2.8 GB, "
                   "and this machine has 1.0 GB free: the system would stop the run there (a --budget up to about "
                   "3,500,000 fits)\n") and out.startswith("deal 12 (standard): won")
    assert main(["yukon", "solve", "12"]) == 0 and capsys.readouterr().err == "", "the default budget fits"
    yukon_cli.warn_of_memory(2_000_000, 2, None)
    assert "2 jobs at once 1.1 GB, and this machine has 1.0 GB free" in capsys.readouterr().err
    yukon_cli.warn_of_memory(2_000_000, 2, "tcp://cluster:8786")
    assert capsys.readouterr().err == "", "a cluster's workers have their own memory"
