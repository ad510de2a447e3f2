"""The table in words, for a screen reader (``core.table_words``): every card named in both languages, every pile
and every speaker named by every shipped game, the words naming exactly the cards the table shows face up — no
hidden card, none left out — over whole seeded games, and the news after a change saying what a player who cannot
see the table needs, once."""

from __future__ import annotations

import importlib
import math
import re
from fractions import Fraction
from typing import Any

import pytest

from core.cards import JOKER_TEXT, RANK_LETTERS, SUIT_LETTERS
from core.manager import load_host
from core.rng import Rng
from core.session import GameSession
from core.table import NAMED_KEYS, CardFace, Choice, Deal, Label, Mark, Pile, Reply, Situation, Style, Table
from core.table_words import (
    card_words,
    cards_named,
    choice_words,
    cursor_words,
    news,
    pile_words,
    sentences,
    table_words,
)
from core.text import Text

HOST = load_host()
CARDS = [rank + suit for suit in SUIT_LETTERS for rank in RANK_LETTERS] + [JOKER_TEXT]
EVERY_TOGGLE = {"trump_holding": True, "stick_the_dealer": True, "joker": True, "defender_alone": True}
GAMES = [("euchre", {}), ("euchre", EVERY_TOGGLE), ("bid-euchre", {}),
         ("two-handed-euchre", {}), ("three-handed-euchre", {}), ("yukon", {}), ("yukon", {"variant": "russian"})]


def test_every_card_has_its_own_name_in_both_languages() -> None:
    for language in ("en", "ja"):
        names = [card_words(card).get(language) for card in CARDS]
        assert len(set(names)) == 53
        for card in CARDS:
            assert cards_named(card_words(card).get(language), language) == [card]
    assert card_words("TH") == Text("ten of hearts", "ハートの10")
    assert card_words("AS") == Text("ace of spades", "スペードのエース")
    assert card_words("JK").en == "joker"


def tables_of_a_game(game_id: str, options: dict[str, Any], seed: int, steps: int = 60) -> list[Table]:
    """Seat 0's table at each step of a seeded game: seat 0 plays random legal moves, the CPU seats their own."""
    game = HOST.game(game_id)
    settings = {**game.settings.defaults(), **options}
    session = GameSession.new(game, settings, seed=seed, deal={"number": seed} if game_id == "yukon" else None)
    module, _, name = (game.presenter or "").partition(":")
    presenter = getattr(importlib.import_module(module), name)()
    ui = presenter.initial_ui()
    rng = Rng(seed)
    tables = []
    for _ in range(steps):
        mine = session.to_move == 0 and session.hold is None
        legal = tuple(session.legal_moves()) if mine else ()
        tables.append(presenter.table(Situation(session.observation(0), legal, 0, session.to_move, session.hold,
                                                ply=session.ply), ui))
        if session.is_over:
            break
        if session.hold is not None:
            session.acknowledge()
        elif mine:
            session.play(rng.choice(list(legal)))
        else:
            session.cpu_step()
    return tables


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_the_words_name_exactly_the_cards_the_table_shows_face_up_and_every_pile_and_speaker(
        game_id: str, options: dict[str, Any]) -> None:
    before: Table | None = None
    heard = 0
    for table in tables_of_a_game(game_id, options, seed=5):
        for pile in table.piles:
            assert pile.name.en and pile.name.ja, f"{game_id}: pile {pile.id} has no name for a screen reader"
        for label in table.labels:
            if label.style == Style.SPEECH:
                assert label.name.en and label.name.ja, f"{game_id}: who says '{label.text.en}'?"
        shown = sorted(table.face_up_cards())
        for language in ("en", "ja"):
            assert cards_named(table_words(table).get(language), language) == shown
            said = cards_named(sentences(news(before, table)).get(language), language)
            assert set(said) <= set(shown), f"{game_id}: the news names a card not face up"
        heard += bool(news(before, table))
        before = table
    assert heard >= 10  # the news is not silent


def trick(seat: int, card: str | None) -> Pile:
    return Pile(f"trick:{seat}", 0, 0, (CardFace(card),) if card else (), name=Text(f"Seat {seat}'s card"))


def test_the_news_of_a_card_played_a_bid_and_a_turn_passing() -> None:
    hand = Pile("hand:0", 0, 0, (CardFace("9C"), CardFace("TC")), name=Text("Your hand", "あなたの手札"))
    before = Table(10, 10, (hand, trick(1, None)), status=Text("West is thinking…"),
                   labels=(Label("said:1", Text(""), 0, 0, style=Style.SPEECH, name=Text("West")),))
    after = Table(10, 10, (hand, trick(1, "JS")), status=Text("North is thinking…"),
                  labels=(Label("said:1", Text("pass"), 0, 0, style=Style.SPEECH, name=Text("West")),))
    assert sentences(news(before, after)).en == "West: pass. Seat 1's card: jack of spades."  # not who thinks next
    assert news(after, after) == []


def test_numbers_ticking_in_the_status_line_are_not_news_but_a_new_part_is() -> None:
    column = Pile("column:0", 0, 0, (CardFace(None), CardFace("7D")), name=Text("Column 1", "1列目"))
    before = Table(10, 10, (column,), status=Text("Deal 12 · 3 moves · still winnable"))
    after = Table(10, 10, (column,), status=Text("Deal 12 · 4 moves · still winnable"))
    assert news(before, after) == []
    lost = Table(10, 10, (column,), status=Text("Deal 12 · 5 moves · no longer winnable"))
    assert sentences(news(after, lost)).en == "no longer winnable."


def test_a_run_of_cards_is_said_by_its_ends_and_a_card_turned_up_by_name() -> None:
    run = tuple(CardFace(card) for card in ("8S", "7H", "6S", "5H"))
    before = Table(10, 10, (Pile("c1", 0, 0, (CardFace(None), *run), name=Text("Column 1")),
                            Pile("c2", 0, 0, (CardFace("9D"),), name=Text("Column 2"))))
    after = Table(10, 10, (Pile("c1", 0, 0, (CardFace("KC"),), name=Text("Column 1")),
                           Pile("c2", 0, 0, (CardFace("9D"), *run), name=Text("Column 2"))))
    assert sentences(news(before, after)).en == \
        "Column 1: king of clubs. Column 2: eight of spades to five of hearts, 4 cards."
    assert "スペードの8からハートの5まで4枚" in sentences(news(before, after)).ja


def test_a_second_decks_copy_arriving_beside_its_twin_is_news() -> None:
    """Two decks (Spider): the news compared a pile's cards by their text, so a second A♠ joining a pile that
    held the first went unsaid."""
    before = Table(10, 10, (Pile("c1", 0, 0, (CardFace("2S"), CardFace("AS")), name=Text("Column 1")),
                            Pile("c2", 0, 0, (CardFace("3H"), CardFace("AS", copy=1)), name=Text("Column 2"))))
    after = Table(10, 10, (Pile("c1", 0, 0, (CardFace("2S"), CardFace("AS"), CardFace("AS", copy=1)),
                                name=Text("Column 1")),
                           Pile("c2", 0, 0, (CardFace("3H"),), name=Text("Column 2"))))
    assert sentences(news(before, after)).en == "Column 1: ace of spades."


def test_a_fresh_deal_reads_a_hand_out_but_not_a_whole_tableau() -> None:
    hand = Pile("hand:0", 0, 0, tuple(CardFace(c) for c in ("9S", "TS", "JS", "QS", "KS")), name=Text("Your hand"))
    said = sentences(news(None, Table(10, 10, (hand,), deal=Deal("hand 0", 0, 0)))).en
    assert said == "Cards dealt. Your hand: nine of spades, ten of spades, jack of spades, queen of spades, " \
                   "king of spades."
    columns = tuple(Pile(f"c{i}", 0, 0, tuple(CardFace(c) for c in CARDS[i * 5:i * 5 + 5]), name=Text(f"Column {i}"))
                    for i in range(7))
    assert sentences(news(None, Table(10, 10, columns, deal=Deal("deal 1", 0, 0)))).en == "Cards dealt."


def test_marks_and_signs_are_said_in_brackets_and_face_down_cards_counted() -> None:
    pile = Pile("hand:0", 0, 0, (CardFace("JD", frozenset({Mark.PLAYABLE}), "♥"),
                                 CardFace("9C", frozenset({Mark.DIMMED})), CardFace(None), CardFace(None)),
                name=Text("Your hand", "あなたの手札"))
    assert pile_words(pile).en == "Your hand: jack of diamonds (with the hearts sign, playable), nine of clubs " \
                                  "(not playable now), 2 cards face down"
    assert pile_words(pile).ja == "あなたの手札: ダイヤのジャック（ハートの印付き、出せます）、" \
                                  "クラブの9（今は出せません）、裏向き2枚"
    assert cursor_words(pile, 1).en == "nine of clubs (not playable now) — Your hand, card 2 of 4"
    assert pile_words(Pile("f", 0, 0, name=Text("Hearts foundation"))).en == "Hearts foundation: empty"
    assert choice_words(Choice("a", Text("Alone", "単独"), "A", checked=True)).en == "Alone button, on, key A"
    assert choice_words(Choice("p", Text("Pass"), "X", enabled=False)).en == "Pass button, unavailable"


def test_a_seats_new_standing_and_a_new_line_of_the_score_sheet_are_told_but_not_counts() -> None:
    def table(seat: str, sheet: str) -> Table:
        return Table(10, 10, labels=(Label("seat:3", Text(seat), 0, 0, style=Style.SEAT),
                                     Label("panel", Text(sheet), 0, 0, style=Style.PANEL)))

    bidding = table("East · dealer", "Score 0 — 0\nTricks 0 — 0\nTrump not yet made")
    made = table("East · dealer · made trump", "Score 0 — 0\nTricks 0 — 0\nTrump ♥ · made by East")
    assert sentences(news(bidding, made)).en == "East: made trump. Trump ♥ · made by East."
    a_trick = table("East · dealer · made trump · 1 trick", "Score 0 — 0\nTricks 0 — 1\nTrump ♥ · made by East")
    assert news(made, a_trick) == []
    assert news(None, bidding) == [], "the first table's names and sheet are in its description, not news"


def test_said_one_after_another_each_closes_its_sentence_in_both_languages() -> None:
    said = sentences([Text("nine of clubs (winning)", "クラブの9（勝ち札）"), Text("You won the trick", "あなたの勝ち"),
                      Text("West is thinking…", "西が考えています…"), Text("Done!", "完了！")])
    assert said.en == "nine of clubs (winning). You won the trick. West is thinking… Done!"
    assert said.ja == "クラブの9（勝ち札）。あなたの勝ち。西が考えています…完了！"


def test_a_count_turning_plural_is_not_news() -> None:
    one, two = Table(10, 10, status=Text("Deal 3 · 1 move")), Table(10, 10, status=Text("Deal 3 · 2 moves"))
    assert news(one, two) == []


def test_cards_picked_up_hinted_or_made_a_place_to_go_are_told() -> None:
    def table(picked: bool) -> Table:
        up, there = frozenset({Mark.SELECTED}) if picked else frozenset(), frozenset({Mark.TARGET}) if picked \
            else frozenset()
        return Table(10, 10, (Pile("fH", 0, 0, marks=there, name=Text("Hearts foundation")),
                              Pile("c4", 0, 0, (CardFace(None), CardFace("AH", up)), name=Text("Column 4")),
                              Pile("c5", 0, 0, (CardFace("9C", frozenset({Mark.PLAYABLE})),), name=Text("Column 5"))))

    assert sentences(news(table(False), table(True))).en == \
        "Column 4: ace of hearts (picked up). Hearts foundation (the picked cards may go here): empty."
    assert news(table(True), table(True)) == [] and news(table(True), table(False)) == []


def test_a_group_picked_up_is_said_by_its_ends_and_its_mark_once() -> None:
    group = tuple(CardFace(card) for card in ("8S", "7H", "6S"))
    picked = tuple(CardFace(card, frozenset({Mark.SELECTED})) for card in ("8S", "7H", "6S"))
    before = Table(10, 10, (Pile("c7", 0, 0, (CardFace(None), *group), name=Text("Column 7")),))
    after = Table(10, 10, (Pile("c7", 0, 0, (CardFace(None), *picked), name=Text("Column 7")),))
    assert sentences(news(before, after)).en == "Column 7: eight of spades to six of spades, 3 cards (picked up)."


def test_what_was_said_and_made_of_the_seats_comes_before_the_cards_it_brought() -> None:
    def table(bid: str, tag: str, card: str | None) -> Table:
        return Table(10, 10, (trick(1, card),), labels=(
            Label("said:3", Text(bid), 0, 0, style=Style.SPEECH, name=Text("East")),
            Label("seat:3", Text("East" + tag), 0, 0, style=Style.SEAT)))

    assert sentences(news(table("", "", None), table("order up", " · made trump", "JS"))).en == \
        "East: order up. East: made trump. Seat 1's card: jack of spades."


def test_a_passing_state_is_not_news_but_what_came_of_it_is() -> None:
    before = Table(10, 10, status=Text("Deal 3 · 1 move · still winnable"))
    thinking = Table(10, 10, status=Text("Deal 3 · 2 moves · solver thinking…"))
    assert news(before, thinking) == []
    lost = Table(10, 10, status=Text("Deal 3 · 2 moves · no longer winnable — undo to go back"))
    assert sentences(news(thinking, lost)).en == "no longer winnable — undo to go back."
    your_turn, waiting = Text("Your turn: play a card."), Text("West is thinking…")
    assert news(Table(10, 10, status=your_turn), Table(10, 10, status=waiting)) == []


def test_a_faded_empty_hand_is_just_empty_but_a_hand_sitting_out_says_so() -> None:
    faded = frozenset({Mark.SITTING_OUT})
    assert pile_words(Pile("hand:0", 0, 0, marks=faded, name=Text("Your hand"))).en == "Your hand: empty"
    backs = tuple(CardFace(None, faded) for _ in range(5))
    assert pile_words(Pile("hand:2", 0, 0, backs, name=Text("North's hand"))).en == \
        "North's hand: 5 cards face down (sitting out)"
    hand = (CardFace("9S"), CardFace("TS"))
    assert pile_words(Pile("hand:0", 0, 0, hand, marks=faded, name=Text("Your hand"))).en == \
        "Your hand (sitting out): nine of spades, ten of spades"


def test_a_label_anchored_at_no_known_point_styled_or_coloured_unknown_is_refused() -> None:
    """An anchor misspelled ("north") stood the label near its point, a style ("titel") drew it plain and a colour
    ("Red") drew it white, without a word; so did a button's colour ("green"); an action was refused only when
    pressed."""
    with pytest.raises(ValueError, match="label 'score': anchor 'north' is not one of nw, n, ne, w, center, e, sw"):
        Label("score", Text("3 of 10"), 1.0, 1.0, "north")
    with pytest.raises(ValueError, match="label 'score': style 'titel' is not one of plain, seat, turn, badge"):
        Label("score", Text("3 of 10"), 1.0, 1.0, style="titel")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="label 'score': colour 'Red' is not one of"):
        Label("score", Text("3 of 10"), 1.0, 1.0, colour="Red")
    with pytest.raises(ValueError, match="button 'hearts': colour 'green' is not one of"):
        Choice("hearts", Text("♥"), colour="green")
    with pytest.raises(ValueError, match="button 'again': action 'restrat' is not one of back, continue, hint"):
        Choice("again", Text("Again"), action="restrat")  # refused only when pressed, stopping the game
    with pytest.raises(ValueError, match="reply: action 'contine' is not one of"):
        Reply(action="contine")
    assert Choice("again", Text("Again"), action="restart").action == "restart"
    shown = Label("score", Text("3 of 10"), 1.0, 1.0, "center", "title", colour="red")  # type: ignore[arg-type]
    assert (shown.anchor, shown.style, shown.colour) == ("center", Style.TITLE, "red")


def test_a_button_key_that_no_key_press_names_is_refused() -> None:
    """key="h" (the scene names the key "H") or "Spce" was shown on the button and never answered."""
    from gui.table_view import KEY_NAMES

    for wrong in ("h", "Spce", "space", "F1", " "):
        with pytest.raises(ValueError, match=f"button 'higher': key {wrong!r} is not a key's name"):
            Choice("higher", Text("Higher"), wrong)
    for right in ("H", "7", "+", "Space", "Escape", ""):
        assert Choice("higher", Text("Higher"), right).key == right
    assert set(KEY_NAMES.values()) == set(NAMED_KEYS), "the names the scene gives keys are the ones a button may use"


def test_a_button_key_the_window_keeps_for_itself_is_refused(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A button showing P paused the game when P was pressed, T read the table aloud and ? asked for a hint: the
    window takes those keys before the table sees them, in every game."""
    from PySide6.QtCore import Qt

    from core.session import GameSession
    from plugins.yukon import plugin as yukon_plugin
    from tests.gui_helpers import make_window

    for key, does in (("P", "pauses every game"), ("T", "reads the table aloud"), ("?", "asks for a hint")):
        message = f"button 'pass': key '{key}' is the window's own ({key} {does}): choose a key other than P, T, ?"
        with pytest.raises(ValueError, match=re.escape(message)):
            Choice("pass", Text("Pass"), key)
    window = make_window(qtbot, {"yukon": yukon_plugin})
    page = window.open_session(GameSession.new(window.host.game("yukon"), {}, seed=1, saves=window.saves))
    assert page is not None
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert page.session.paused, "P is the window's in every game"


def test_a_plain_string_or_card_text_where_the_table_wants_text_or_a_card_face_is_refused_when_made() -> None:
    """`Label("score", "3 right", …)`, a status of "Guess!" or cards given as "AS" stopped the window inside the
    scene ("'str' object has no attribute 'get'", "… no attribute 'face_up'"), far from the presenter's line."""
    from core.table import Hold

    words = r"a str, not Text \(every word on the table is Text\(english, japanese\)\)"
    with pytest.raises(ValueError, match=f"label 'score': text holds '3 right', {words}"):
        Label("score", "3 right", 1.0, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=f"the table: status holds 'Guess!', {words}"):
        Table(8.0, 5.0, status="Guess!")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pile 'seen': cards holds 'AS', a str, not a CardFace"):
        Pile("seen", 0.0, 0.0, ("AS", "KD"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=f"button 'next': text holds 'Next', {words}"):
        Choice("next", "Next")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=f"the held panel: lines holds 'Won 3 tricks', {words}"):
        Hold(Text("Trick"), ("Won 3 tricks",))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the table: labels holds 'score', a str, not a Label"):
        Table(8.0, 5.0, labels=("score",))  # type: ignore[arg-type]
    table = Table(8.0, 5.0, (Pile("seen", 0.0, 0.0, (CardFace("AS"),), name=Text("Seen", "既出")),),
                  (Label("score", Text("3 right"), 1.0, 1.0),), (Choice("next", Text("Next")),), status=Text("Guess"))
    assert table.face_up_cards() == ["AS"]


def test_a_card_face_the_art_has_no_picture_for_is_refused_when_made() -> None:
    """`CardFace("XX")` stopped the game only where the scene drew it; `CardFace("10H")` was drawn as the 10 of
    hearts but named "10H", so the kit's check of hidden cards, which names it "TH", never matched it."""
    for wrong in ("XX", "10H", "th", "AS#1", ""):
        with pytest.raises(ValueError, match=f"card face {wrong!r} is not a card as Card Table writes it: rank "
                                             r"\(A23456789TJQK\) then suit \(SHDC\), e.g. TH or JD"):
            CardFace(wrong)
    assert [CardFace(text).id for text in ("TH", "JK", None)] == ["TH", "JK", None]
    assert CardFace("AS", copy=1).id == "AS#1"


def test_a_place_or_size_that_no_table_can_show_is_refused_when_made() -> None:
    """Drawn in the window, a pile at x = NaN was not there, a fan of NaN showed one card of five, an infinite fan
    or a negative scale shrank the whole table to a dot and a scale of 0 drew the cards as specks (each looked at)."""
    nan, inf = math.nan, math.inf
    squeezed = "give the share of its fan's step the scene may squeeze it to, above 0 and at most 1"
    for fields, message in (({"x": nan}, "x is nan: give finite numbers"),
                            ({"fan": (nan, 0.0)}, r"fan is \(nan, 0.0\): give finite"),
                            ({"fan": (0.0, inf)}, r"fan is \(0.0, inf\): give finite"),
                            ({"scale": -1.0}, "scale is -1.0: give a number above 0"),
                            ({"scale": 0}, "scale is 0: give a number above 0"),
                            ({"room": -2.0}, "room is -2.0: give a number from 0 up"),
                            ({"squeeze": 0.0}, f"squeeze is 0.0: {squeezed}"),
                            ({"fan_down": (0.0, nan)}, "fan_down is"), ({"x": None}, "x is None: give finite"),
                            ({"fan": (0.3,)}, r"fan is \(0.3,\): give a tuple of two numbers, \(x, y\)"),
                            ({"fan": [0.0, 0.3]}, r"fan is \[0.0, 0.3\]: give a tuple of two numbers")):
        with pytest.raises(ValueError, match=f"pile 'seen': {message}"):
            Pile("seen", **{"x": 0.0, "y": 0.0, **fields})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="label 'score': size is 0.0: give a number above 0"):
        Label("score", Text("3 of 10"), 1.0, 1.0, size=0.0)
    with pytest.raises(ValueError, match="label 'score': y is inf: give finite numbers"):
        Label("score", Text("3 of 10"), 1.0, inf)
    with pytest.raises(ValueError, match="the table: height is 0.0: give a number above 0"):
        Table(8.0, 0.0)
    with pytest.raises(ValueError, match=r"the table: choices_at is \(4.0, nan\): give finite numbers"):
        Table(8.0, 5.0, choices_at=(4.0, nan))
    with pytest.raises(ValueError, match="deal 'hand 1': x is nan"):
        Deal("hand 1", nan, 0.0)
    assert Pile("seen", 0, 0, room=0.0, squeeze=1.0).room == 0.0  # whole numbers, no room and no squeezing are fine
    assert Pile("seen", Fraction(1, 2), 0.0, room=None, fan_down=None).x == 0.5  # any real number; None where optional


def test_the_cursor_past_a_piles_last_card_reads_the_whole_pile() -> None:
    pile = Pile("hand:0", 0, 0, (CardFace("JD"), CardFace("9C")), name=Text("Your hand"))
    assert cursor_words(pile, 2) == cursor_words(pile, None) == pile_words(pile)
    assert cursor_words(pile, 0).en == "jack of diamonds — Your hand, card 1 of 2"


def test_two_cards_arriving_are_named_and_a_group_with_a_sign_among_it_is_said_card_by_card() -> None:
    before = Table(10, 10, (Pile("c2", 0, 0, (CardFace("9D"),), name=Text("Column 2")),))
    after = Table(10, 10, (Pile("c2", 0, 0, (CardFace("9D"), CardFace("8S"), CardFace("7H")), name=Text("Column 2")),))
    assert sentences(news(before, after)).en == "Column 2: eight of spades, seven of hearts."
    up = frozenset({Mark.SELECTED})
    signed = Table(10, 10, (Pile("c2", 0, 0, (CardFace("9D"), CardFace("8S", up, "♥"), CardFace("7H", up),
                                              CardFace("6S", up)), name=Text("Column 2")),))
    plain = Table(10, 10, (Pile("c2", 0, 0, (CardFace("9D"), CardFace("8S"), CardFace("7H"), CardFace("6S")),
                                name=Text("Column 2")),))
    assert sentences(news(plain, signed)).en == ("Column 2: eight of spades (with the hearts sign, picked up) to six "
                                                 "of spades (picked up), 3 cards.")


def test_cards_are_named_in_the_words_only_as_a_whole_in_either_language() -> None:
    assert cards_named("スペードの8からハートの5まで4枚", "ja") == ["5H", "8S"]
    assert cards_named("a face of spades, ace of spades", "en") == ["AS"]


def test_a_new_deal_is_news_and_the_same_deal_is_not_and_a_hand_of_twelve_is_read_out() -> None:
    def dealt(key: str, count: int) -> Table:
        cards = tuple(CardFace(card) for card in CARDS[:count])
        return Table(10, 10, (Pile("hand:0", 0, 0, cards, name=Text("Your hand")),), deal=Deal(key, 0, 0))

    assert news(dealt("hand 1", 5), dealt("hand 1", 5)) == []
    assert sentences(news(dealt("hand 1", 5), dealt("hand 2", 5))).en.startswith("Cards dealt. Your hand: ace of")
    assert sentences(news(None, dealt("hand 1", 12))).en.endswith("queen of spades.")
    assert sentences(news(None, dealt("hand 1", 13))).en == "Cards dealt."


def test_a_hint_appearing_and_a_held_result_changing_its_lines_are_news() -> None:
    from core.table import Hold

    hint = Label("hint", Text("Play 9♣: it wins the trick", "9♣を出す: トリックに勝ちます"), 0, 0, style=Style.HINT)
    assert sentences(news(Table(10, 10), Table(10, 10, labels=(hint,)))).en == "Play 9♣: it wins the trick."
    first = Table(10, 10, hold=Hold(Text("Hand 1"), (Text("You made 1 point"),)))
    second = Table(10, 10, hold=Hold(Text("Hand 1"), (Text("You made 2 points"),)))
    assert sentences(news(first, second)).en == "Hand 1. You made 2 points."
    assert news(second, second) == []
