"""Two- and three-handed Euchre: one test per point of ``plugins/cutthroat/SPEC.md`` with a concrete deal,
the conformance kit for each table, a fuzz over whole matches accounting for all 24 cards and the scores,
every CPU strength on every seat, the tables, and the plugin as a variant of Euchre."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards import Card, Suit, parse_cards
from core.conformance import GameConformance
from core.game import IllegalMove
from core.rng import Rng
from core.session import GameSession
from core.table import Click, Key, Situation
from plugins.cutthroat.cpu import utility
from plugins.cutthroat.observe import HandSummary
from plugins.cutthroat.plugin import GAMES
from plugins.cutthroat.presenter import CutthroatPresenter, NoUi, result_words
from plugins.cutthroat.rules import (
    FORMATS,
    ORDER,
    PASS,
    THREE,
    TWO,
    CutthroatRules,
    CutthroatState,
    Move,
    Phase,
    deal_from_seed,
    first_dealer,
    hand_points,
)
from plugins.euchre.holds import about_previous
from plugins.euchre.public import DECK, Trick
from tests.distributions import run_cardtable
from tests.session_helpers import first_hand_played_on

GAME = GAMES[2]
RULES = CutthroatRules(TWO)
SEATS = "SN"
SETTINGS = {"target": 5, "opponents": "normal"}


def deal(dealer: str = "N", up: str = "9H", scores: tuple[int, int] = (0, 0), target: int = 5,
         **hands: str) -> CutthroatState:
    """A first hand with the given hands and upcard (the rest filled from the deck in order)."""
    given = {seat: [c.text for c in parse_cards(text)] for seat, text in hands.items()}
    used = {t for cards in given.values() for t in cards} | {up}
    rest = [c.text for c in DECK if c.text not in used]
    for seat in SEATS:
        if seat not in given:
            given[seat], rest = rest[:5], rest[5:]
    return RULES.from_deal({**SETTINGS, "target": target},
                           {"dealer": dealer, "hands": given, "upcard": up, "scores": list(scores), "seed": 5})


def play(state: CutthroatState, *steps: str) -> CutthroatState:
    """Apply ``"S order"``, ``"N discard 9C"``…, checking each is made by the seat to move."""
    for step in steps:
        seat, text = step.split(" ", 1)
        assert RULES.to_move(state) == SEATS.index(seat), f"expected {seat} to move before '{step}'"
        state = RULES.apply(state, RULES.parse_move(text))
    return state


def legal(state: CutthroatState) -> list[str]:
    return [m.text for m in RULES.legal_moves(state)]


def refused(state: CutthroatState, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, RULES.parse_move(text))
    return str(caught.value)


def play_out(state: CutthroatState) -> CutthroatState:
    """Both players play their first legal card until the hand ends."""
    number = state.number
    while state.number == number and not state.over:
        state = RULES.apply(state, RULES.legal_moves(state)[0])
    return state


# -- 1–2: players, cards, the deal ---------------------------------------------------------------------


def test_five_cards_each_an_upcard_and_thirteen_unused_from_the_seed() -> None:
    for seed in range(20):
        state = RULES.new_game(SETTINGS, seed)
        d = state.hand.deal
        assert len(d.hands[0]) == len(d.hands[1]) == 5 and len(d.stock) == 13
        assert sorted([*d.hands[0], *d.hands[1], d.upcard, *d.stock], key=DECK.index) == list(DECK)
        assert d.dealer == first_dealer(TWO, seed) and d == deal_from_seed(TWO, seed, 0, d.dealer)
    assert {first_dealer(TWO, seed) for seed in range(20)} == {0, 1}


def test_the_deal_alternates_thrown_in_hands_included() -> None:
    state = play(deal("N"), "S pass", "N pass", "S pass", "N pass")  # thrown in
    assert state.number == 1 and state.hand.dealer == 0 and state.results[0].thrown_in
    assert state.results[0].points == (0, 0) and state.scores == (0, 0)
    assert RULES.to_move(state) == 1  # the new non-dealer speaks first


# -- 3: round one ---------------------------------------------------------------------------------------


def test_the_non_dealer_orders_up_and_the_dealer_takes_the_card_and_discards() -> None:
    state = deal("N", "AH", S="JH JD KS QS 9C", N="9S TS JS 9D TD")
    assert RULES.to_move(state) == 0 and legal(state) == ["pass", "order"]
    state = play(state, "S order")
    assert state.hand.phase == Phase.DISCARD and state.hand.trump.letter == "H" and state.hand.maker == 0
    assert len(state.hand.hands[1]) == 6 and "discard AH" not in legal(state)
    assert "upcard cannot be discarded" in refused(state, "discard AH")
    state = play(state, "N discard 9D")
    assert state.hand.phase == Phase.PLAY and RULES.to_move(state) == 0  # the non-dealer leads
    assert [len(h) for h in state.hand.hands] == [5, 5]


def test_after_the_non_dealers_pass_the_dealer_may_take_it_up() -> None:
    state = play(deal("N", "AH", N="JH JD KH 9S TS"), "S pass")
    assert RULES.to_move(state) == 1 and legal(state) == ["pass", "order"]
    state = play(state, "N order", "N discard 9S")
    assert state.hand.maker == 1 and state.hand.trump.letter == "H"
    assert RULES.to_move(state) == 0


# -- 4: round two ---------------------------------------------------------------------------------------


def test_round_two_names_another_suit_in_the_same_order_and_not_the_upcards() -> None:
    state = play(deal("N", "AH"), "S pass", "N pass")
    assert state.hand.phase == Phase.BID2 and state.hand.upcard_fate == "down"
    assert legal(state) == ["pass", "call S", "call D", "call C"]
    assert "was the upcard's suit" in refused(state, "call H")
    state = play(state, "S pass", "N call C")
    assert state.hand.maker == 1 and state.hand.trump.letter == "C" and state.hand.discard is None
    assert state.hand.phase == Phase.PLAY and RULES.to_move(state) == 0


def test_there_is_no_going_alone_and_no_stuck_dealer() -> None:
    state = deal("N")
    with pytest.raises(IllegalMove, match="'order alone' is not a move"):
        RULES.parse_move("order alone")
    state = play(state, "S pass", "N pass", "S pass")
    assert "pass" in legal(state)  # the dealer may pass the last time too


# -- 5: play --------------------------------------------------------------------------------------------


def test_follow_suit_with_the_left_bower_as_trump_and_the_higher_trump_wins() -> None:
    state = play(deal("N", "AH", S="JD 9S TS JS QS", N="JH 9H KD 9C TC"), "S order", "N discard 9C")
    state = play(state, "S play JD")  # the left bower leads trump
    assert sorted(legal(state)) == ["play 9H", "play AH", "play JH"]  # North must follow trump, not diamonds
    assert "you must follow" in refused(state, "play KD")
    state = play(state, "N play JH")
    assert state.hand.tricks[0].winner == 1 and RULES.to_move(state) == 1  # the right bower wins and leads


# -- 6: scoring -----------------------------------------------------------------------------------------


def test_one_for_three_or_four_two_for_a_march_two_to_the_other_for_a_euchre() -> None:
    assert [hand_points(TWO, 0, n) for n in range(6)] == [(0, 2), (0, 2), (0, 2), (1, 0), (1, 0), (2, 0)]
    assert [hand_points(TWO, 1, n) for n in (2, 3, 5)] == [(2, 0), (0, 1), (0, 2)]
    march = play(deal("N", "9H", S="JH JD AH KH QH", N="9S TS JS QS KS"), "S order", "N discard 9S")
    assert play_out(march).results[0].points == (2, 0) and play_out(march).scores == (2, 0)
    euchred = play(deal("N", "9H", S="9S TS 9C TC AH", N="JH JD KH QH KS"), "S order", "N discard KS")
    result = play_out(euchred).results[0]
    assert result.maker_tricks < 3 and result.euchred and result.points == (0, 2)
    won = play_out(march).results[0]  # the statistics' "euchred": the maker took fewer than three of the five
    for taken in range(6):
        tricks = tuple(replace(trick, winner=0 if n < taken else 1) for n, trick in enumerate(won.tricks))
        assert replace(won, tricks=tricks).euchred == (taken < 3), f"the maker took {taken}"


def test_the_first_to_the_target_at_the_end_of_a_hand_wins() -> None:
    state = play(deal("N", "9H", S="JH JD AH KH QH", scores=(4, 3)), "S order")
    state = play(state, "N discard " + next(c.text for c in state.hand.hands[1] if c.text != "9H"))
    done = play_out(state)
    assert done.over and done.winner == 0 and done.scores == (6, 3)
    outcome = RULES.outcome(done)
    assert outcome is not None and outcome.winners == (0,)
    assert RULES.hold_points(done) == ("trick:0:5", "hand:0", "match")


# -- 8: moves -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["pass", "order", "call H", "discard 9C", "play JH"])
def test_move_text_is_stable(text: str) -> None:
    assert RULES.move_text(RULES.parse_move(text)) == text


def test_bad_moves_and_deals_get_a_reason() -> None:
    for text in ("call", "play 7H", "bid 4", ""):
        with pytest.raises(IllegalMove):
            RULES.parse_move(text)
    with pytest.raises(ValueError, match="five different cards"):
        RULES.from_deal(SETTINGS, {"dealer": "S", "hands": {"S": ["9H"] * 5, "N": ["9S", "TS", "JS", "QS", "KS"]},
                                   "upcard": "AH"})


# -- the conformance kit and a fuzz -----------------------------------------------------------------------


class TestTwoHandedConformance(GameConformance):
    game = GAMES[2]
    cpu_plies = 60  # whole matches at every strength below
    seeds = (1, 2, 3)
    malformed_moves = (Move("call"), Move("play"), Move("discard"), Move("pass", card=DECK[0]),
                       Move("call", suit="H"), Move("play", card="JH"), Move("fold"))  # type: ignore[arg-type]

    def observed(self, observation: Any) -> Any:
        from dataclasses import replace

        return replace(observation, previous=None)

    def hidden_on_table(self, state: Any, seat: int, hold: str | None) -> frozenset[str]:
        previous = about_previous(hold, state.number, state.over)
        if not previous:
            return super().hidden_on_table(state, seat, hold)
        return frozenset()  # the table of a finished hand shows only its tricks, played face up


def accounted(state: CutthroatState) -> list[str]:
    hand = state.hand
    played = [c for t in hand.tricks for _, c in t.plays] + [c for _, c in hand.current]
    held = [c for h in hand.hands for c in h]
    upcard = [] if hand.upcard_fate == "taken" else [hand.deal.upcard]
    discard = [hand.discard] if hand.discard is not None else []
    return sorted(c.text for c in (*played, *held, *upcard, *discard, *hand.deal.stock))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), target=st.sampled_from([5, 7, 10]))
def test_random_matches_account_for_every_card_and_score_each_hand(seed: int, target: int) -> None:
    state = RULES.new_game({**SETTINGS, "target": target}, seed)
    rng = Rng(seed)
    every = sorted(c.text for c in DECK)
    while not state.over:
        assert accounted(state) == every
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    total = [0, 0]
    for result in state.results:
        if result.maker is None:
            assert result.points == (0, 0) and not result.tricks
            continue
        assert len(result.tricks) == 5
        taken = sum(1 for t in result.tricks if t.winner == result.maker)
        expected = [0, 0]
        if taken >= 3:
            expected[result.maker] = 2 if taken == 5 else 1
        else:
            expected[1 - result.maker] = 2
        assert list(result.points) == expected
        total = [total[0] + expected[0], total[1] + expected[1]]
    assert list(state.scores) == total and state.scores[state.winner or 0] >= target
    assert max(total[:1] + total[1:]) < target + 2 and sorted(total)[0] < target


@pytest.mark.parametrize(("south", "north"), [("easy", "hard"), ("normal", "easy"), ("hard", "normal")])
@pytest.mark.parametrize("target", [5, 10])
def test_every_strength_plays_whole_matches_on_each_seat(south: str, north: str, target: int) -> None:
    session = GameSession.new(GAME, {**SETTINGS, "target": target}, seed=target * 7, players=[south, north])
    session.run_cpus()
    state = session.state
    assert state.over and max(state.scores) >= target
    assert all(r.maker is None or len(r.tricks) == 5 for r in state.results)


def test_hard_never_looks_at_the_hidden_cards() -> None:
    """Hard's choice is the same whatever the cards it cannot see: the opponent's hand and the stock are
    shuffled between them, and its move from the same observation does not change."""
    hard = GAME.strategies["hard"]()
    for seed in range(12):
        state = RULES.new_game(SETTINGS, seed)
        for _ in range(seed % 7):
            state = RULES.apply(state, RULES.legal_moves(state)[-1])
        seat = RULES.to_move(state)
        assert seat is not None
        obs = RULES.observation(state, seat)
        move = hard.choose(obs, RULES.legal_moves(state), Rng(seed))
        assert hard.choose(obs, RULES.legal_moves(state), Rng(seed)) == move
        assert not set(RULES.hidden_from(state, seat)) & {c.text for c in obs.hand}


def test_hard_imagines_hands_that_explain_the_others_bids() -> None:
    """North ordered hearts up and led A♠: the hands hard imagines for North are mostly ones with which a
    conventional player would have ordered up, where hands drawn blind from the unseen cards are so about half
    the time."""
    hard, normal = GAME.strategies["hard"](), GAME.strategies["normal"]()
    state = play(deal("S", "9H", S="AC KC QS 9D TD", N="JH AH KD AS TC"), "N order", "S discard 9D", "N play AS")
    obs = RULES.observation(state, 0)

    def orders(hidden: list[Card]) -> bool:
        return normal.bid(TWO, Phase.BID1, [*hidden, *obs.played], obs.upcard, False, [PASS, ORDER]) == ORDER

    imagined = [draw[1] for seed in range(3) for draw in hard.hidden_hands(obs, Rng(seed), 40)]
    unseen = [c for c in DECK if c not in {*obs.hand, obs.upcard, *obs.played, obs.discard}]
    rng, blind = Rng(7), []
    for _ in range(120):
        rng.shuffle(unseen)
        blind.append(unseen[:4])
    assert sum(map(orders, imagined)) >= 0.7 * len(imagined)
    assert sum(map(orders, blind)) <= 0.55 * len(blind)


@pytest.mark.parametrize(("players", "stick"), [(2, False), (3, False), (3, True)])
def test_hard_weighs_each_bid_as_the_rules_would_play_it_out(players: int, stick: bool) -> None:
    """What hard credits a bid with on an imagined deal — a call played out by normal's judgement, or a pass
    followed by the rest of the bidding and the play by normal's judgement, a hand thrown in scoring nothing —
    is what the rules give when that deal (here the true one) is played on with normal players in every seat."""
    rules, game = CutthroatRules(FORMATS[players]), GAMES[players]
    hard, normal = game.strategies["hard"](), game.strategies["normal"]()
    settings = {"target": 10, "stick_the_dealer": stick} if players == 3 else SETTINGS
    seen = {"pass", "call", "order"} | (set() if stick else {"thrown in"})  # a stuck dealer never throws it in
    for seed in range(40):
        state = rules.new_game(settings, seed)
        for _ in range(seed % (2 * players)):  # a few bids in, each by normal's judgement
            if state.hand.phase not in (Phase.BID1, Phase.BID2):
                break
            seat = rules.to_move(state)
            assert seat is not None
            state = rules.apply(state, normal.choose(rules.observation(state, seat), rules.legal_moves(state), Rng(0)))
        seat = rules.to_move(state)
        if state.hand.phase not in (Phase.BID1, Phase.BID2) or seat is None:
            continue
        obs = rules.observation(state, seat)
        hands = {s: list(cards) for s, cards in enumerate(state.hand.hands)}
        for move in rules.legal_moves(state):
            result = first_hand_played_on(rules, rules.apply(state, move), normal).results[0]
            expected = utility(FORMATS[players], seat, result.points)
            credited = hard._after_pass(obs, hands) if move == PASS else hard._made(obs, hands, seat, move)
            assert credited == pytest.approx(expected), (seed, move, result.log)
            seen.discard("thrown in" if result.maker is None else move.kind)
            assert not (stick and result.maker is None)
    assert not seen, f"every kind of bid met (and a hand thrown in without stick the dealer): missing {seen}"


# -- the table ------------------------------------------------------------------------------------------


PRESENTER = CutthroatPresenter()


def situation(session: GameSession) -> Situation[Any, Any]:
    hold = session.hold
    legal_moves = tuple(session.legal_moves()) if session.to_move == 0 and hold is None else ()
    return Situation(session.observation(0), legal_moves, 0, session.to_move, hold)


def test_the_table_offers_order_up_then_take_up_and_shows_north_as_backs() -> None:
    start = {"dealer": "N", "hands": {"S": ["JH", "JD", "AH", "KH", "9S"], "N": ["9C", "TC", "QC", "KC", "AC"]},
             "upcard": "9H", "seed": 2}
    session = GameSession.new(GAME, SETTINGS, deal=start, players=[None, None])
    table = PRESENTER.table(situation(session), NoUi())
    assert {c.id for c in table.choices} == {"order", "pass"}
    order = next(c for c in table.choices if c.id == "order")
    assert order.text.en == "Order up ♥" and order.key == "H" and order.move == "order"
    north = next(p for p in table.piles if p.id == "hand:2")
    assert len(north.cards) == 5 and all(face.card is None for face in north.cards)  # backs only
    assert next(p for p in table.piles if p.id == "upcard").cards[0].card == "9H"
    assert "North deals" in table.status.en
    session.play("pass")
    session.play("pass")  # North passes too: round two
    table = PRESENTER.table(situation(session), NoUi())
    assert {c.id for c in table.choices} == {"call:S", "call:D", "call:C", "pass"}
    assert next(p for p in table.piles if p.id == "upcard").cards[0].card is None  # turned down


def test_the_dealer_discards_and_plays_by_keys_and_each_trick_is_held() -> None:
    start = {"dealer": "S", "hands": {"S": ["JH", "JD", "AH", "KH", "9S"], "N": ["9C", "TC", "QC", "KC", "AC"]},
             "upcard": "9H", "seed": 2}
    session = GameSession.new(GAME, SETTINGS, deal=start, players=[None, None])
    session.play("pass")  # North
    table = PRESENTER.table(situation(session), NoUi())
    assert next(c for c in table.choices if c.id == "order").text.en == "Take up ♥"
    session.play("order")
    reply = PRESENTER.respond(situation(session), NoUi(), Key("5"))
    assert reply.move is not None and reply.move.startswith("discard")
    session.play("discard 9S")
    session.play("play AC")  # North leads
    reply = PRESENTER.respond(situation(session), NoUi(), Click("hand:0", 0))
    assert reply.move is not None and reply.move.startswith("play")
    session.play(reply.move)
    assert session.hold == "trick:0:1"
    assert PRESENTER.table(situation(session), NoUi()).hold is not None


def test_a_euchre_at_two_names_the_one_player_who_scores_it() -> None:
    start = {"dealer": "N", "hands": {"S": ["9S", "TS", "9C", "TC", "AH"], "N": ["JH", "JD", "KH", "QH", "KS"]},
             "upcard": "9H", "seed": 2}
    session = GameSession.new(GAME, SETTINGS, deal=start, players=[None, None])
    for move in ("order", "discard KS"):
        session.play(move)
    while session.hold != "hand:0":
        if session.hold is not None:
            session.acknowledge()
        else:
            session.play(session.legal_moves()[0])
    hold = PRESENTER.table(situation(session), NoUi()).hold
    assert hold is not None
    assert hold.title.en == "You made trump ♥ but took no tricks: euchred, +2 to North"
    assert hold.title.ja == "あなたは切札 ♥ で1トリックも取れず: ユーカー、北に+2点"


def test_a_euchre_counts_the_makers_tricks_in_words() -> None:
    def title(taken: int) -> str:  # three players, South made trump ♥ and took ``taken`` of the five tricks
        tricks = tuple(Trick(0, (), 0 if n < taken else 1) for n in range(5))
        return result_words(HandSummary(0, 2, Card.parse("9C"), (), Suit.HEARTS, 0, tricks, (0, 2, 2), (0, 2, 2))).en
    assert [title(n) for n in (0, 1, 2)] == [f"You made trump ♥ but took {words}: euchred, +2 to each other player"
                                             for words in ("no tricks", "only 1 trick", "only 2 tricks")]


# -- the plugin -----------------------------------------------------------------------------------------


def test_it_is_a_variant_of_euchre_with_its_command() -> None:
    result = run_cardtable("plugins")
    line = next(line for line in result.stdout.splitlines() if line.startswith("cutthroat"))
    assert "variants: two-handed-euchre, three-handed-euchre" in line
    assert "commands: two-handed-euchre, three-handed-euchre" in line


def test_it_imports_only_core_plugin_and_euchres_public_module() -> None:
    folder = Path(__file__).resolve().parents[1] / "plugins" / "cutthroat"
    allowed = {"core.plugin", "plugins.euchre.public", "core"}
    view_allowed = allowed | {"core.session", "gui.deck", "gui.table_view"}
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.module.startswith(
                    ("plugins.cutthroat", "__future__", "collections", "dataclasses", "typing", "enum",
                     "argparse", "statistics", "time")):
                assert node.module in (view_allowed if path.stem == "view" else allowed), (path.name, node.module)


def test_a_tournament_and_a_simulation_from_the_command_line(tmp_path: Path) -> None:
    tour = run_cardtable("two-handed-euchre", "tournament", "--a", "hard", "--b", "easy", "--hands", "20",
                         "--json", str(tmp_path / "t.jsonl"))
    assert tour.returncode == 0, tour.stderr
    assert "10 deals, 20 hands" in tour.stdout and "A − B:" in tour.stdout
    sim = run_cardtable("two-handed-euchre", "simulate", "--matches", "3", "--target", "7")
    assert sim.returncode == 0 and "matches 3" in sim.stdout
    bad = run_cardtable("two-handed-euchre", "simulate", "--target", "6")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr and "Traceback" not in bad.stderr
    three = run_cardtable("three-handed-euchre", "tournament", "--a", "normal", "--b", "easy", "--hands", "9",
                          "--no-stick-the-dealer")
    assert three.returncode == 0, three.stderr
    assert "stick_the_dealer=False" in three.stdout and "3 deals, 9 hands" in three.stdout


# -- three-handed ---------------------------------------------------------------------------------------

R3 = CutthroatRules(THREE)
S3 = {"stick_the_dealer": True, "target": 10, "opponents": "normal"}


def deal3(dealer: str = "E", up: str = "9H", settings: dict[str, Any] | None = None,
          scores: tuple[int, ...] = (0, 0, 0), **hands: str) -> CutthroatState:
    given = {seat: [c.text for c in parse_cards(text)] for seat, text in hands.items()}
    used = {t for cards in given.values() for t in cards} | {up}
    rest = [c.text for c in DECK if c.text not in used]
    for seat in "SWE":
        if seat not in given:
            given[seat], rest = rest[:5], rest[5:]
    return R3.from_deal({**S3, **(settings or {})},
                        {"dealer": dealer, "hands": given, "upcard": up, "scores": list(scores), "seed": 5})


def play3(state: CutthroatState, *steps: str) -> CutthroatState:
    for step in steps:
        seat, text = step.split(" ", 1)
        assert R3.to_move(state) == "SWE".index(seat), f"expected {seat} to move before '{step}'"
        state = R3.apply(state, R3.parse_move(text))
    return state


def test_three_handed_deals_five_each_an_upcard_and_a_kitty_of_eight() -> None:
    for seed in range(12):
        d = R3.new_game(S3, seed).hand.deal
        assert [len(h) for h in d.hands] == [5, 5, 5] and len(d.stock) == 8
        assert sorted([*(c for h in d.hands for c in h), d.upcard, *d.stock], key=DECK.index) == list(DECK)
        assert d.dealer == first_dealer(THREE, seed)
    assert {first_dealer(THREE, seed) for seed in range(30)} == {0, 1, 2}


def test_three_handed_bidding_goes_round_from_the_dealers_left_and_the_dealer_takes_the_card() -> None:
    state = deal3("E", "AH", S="KS QS JS TS 9S", W="JH JD KH 9C TC")
    assert R3.to_move(state) == 0  # South is left of East
    state = play3(state, "S pass", "W order")
    assert state.hand.maker == 1 and state.hand.phase == Phase.DISCARD and R3.to_move(state) == 2  # East deals
    state = play3(state, "E " + next(t for t in [m.text for m in R3.legal_moves(state)]))
    assert state.hand.phase == Phase.PLAY and R3.to_move(state) == 0  # left of the dealer leads


def test_three_handed_stick_the_dealer_and_without_it_a_new_deal() -> None:
    state = play3(deal3("E", "AH"), "S pass", "W pass", "E pass", "S pass", "W pass")
    assert [m.text for m in R3.legal_moves(state)] == ["call S", "call D", "call C"]
    with pytest.raises(IllegalMove, match="stick the dealer"):
        R3.apply(state, R3.parse_move("pass"))
    free = play3(deal3("E", "AH", settings={"stick_the_dealer": False}), "S pass", "W pass", "E pass", "S pass",
                 "W pass", "E pass")
    assert free.number == 1 and free.results[0].thrown_in and free.hand.dealer == 0  # the deal passes left


def test_three_handed_scoring_march_three_and_a_euchre_two_to_each_defender() -> None:
    assert [hand_points(THREE, 1, n) for n in (0, 2, 3, 4, 5)] == [
        (2, 0, 2), (2, 0, 2), (0, 1, 0), (0, 1, 0), (0, 3, 0)]
    state = play3(deal3("E", "9H", S="JH JD AH KH QH"), "S order")
    state = play3(state, "E " + next(m.text for m in R3.legal_moves(state)))
    done = state
    while done.number == 0:
        done = R3.apply(done, R3.legal_moves(done)[0])
    assert done.results[0].points == (3, 0, 0) and done.scores == (3, 0, 0)


def test_three_handed_a_tie_at_the_top_plays_on() -> None:
    # South makes trump holding nothing and is euchred: West and East both reach 10 with 2 each
    state = play3(deal3("E", "9H", scores=(0, 8, 8), S="9S TS 9C TC 9D", W="JH JD AH KH QH"), "S order")
    state = play3(state, "E " + next(m.text for m in R3.legal_moves(state)))
    while state.number == 0:
        state = R3.apply(state, R3.legal_moves(state)[0])
    assert state.scores == (0, 10, 10) and not state.over and state.winner is None


class TestThreeHandedConformance(TestTwoHandedConformance):
    game = GAMES[3]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), stick=st.booleans())
def test_random_three_handed_matches_account_for_every_card_and_score(seed: int, stick: bool) -> None:
    state = R3.new_game({**S3, "stick_the_dealer": stick}, seed)
    rng = Rng(seed)
    every = sorted(c.text for c in DECK)
    while not state.over:
        assert accounted(state) == every
        state = R3.apply(state, rng.choice(R3.legal_moves(state)))
    total = [0, 0, 0]
    for result in state.results:
        if result.maker is None:
            assert not stick and result.points == (0, 0, 0)
            continue
        taken = sum(1 for t in result.tricks if t.winner == result.maker)
        assert all(len(t.plays) == 3 for t in result.tricks) and len(result.tricks) == 5
        expected = [2, 2, 2] if taken < 3 else [0, 0, 0]
        if taken < 3:
            expected[result.maker] = 0
        else:
            expected[result.maker] = 3 if taken == 5 else 1
        assert list(result.points) == expected
        total = [a + b for a, b in zip(total, expected, strict=True)]
    assert list(state.scores) == total and state.winner is not None
    assert state.scores[state.winner] >= 10 and sorted(state.scores)[-2] < state.scores[state.winner]


@pytest.mark.parametrize("seats", [("easy", "normal", "hard"), ("hard", "easy", "normal"), ("normal", "hard", "easy")])
def test_every_strength_plays_three_handed_on_every_seat(seats: tuple[str, str, str]) -> None:
    state = R3.new_game({**S3, "target": 5}, 17)
    players = [GAMES[3].strategies[name]() for name in seats]
    ply = 0
    while not state.over:
        seat = R3.to_move(state)
        assert seat is not None
        state = R3.apply(state, players[seat].choose(R3.observation(state, seat), R3.legal_moves(state),
                                                     Rng.derive(17, seat, ply)))
        ply += 1
    assert max(state.scores) >= 5


def test_a_defender_does_not_overtake_the_other_defenders_winning_card() -> None:
    normal = GAMES[3].strategies["normal"]()
    state = play3(deal3("E", "9H", S="AC 9S TS JS QS", W="TH 9D TD QD KD", E="JH JD QH KH 9C"), "S pass",
                  "W pass", "E order", "E discard 9C")
    state = play3(state, "S play AC")  # South, a defender, leads the winning ace; West, void in clubs, is next
    assert normal.choose(R3.observation(state, 1), R3.legal_moves(state), Rng(1)).text == "play 9D"  # not TH
    maker_view = play3(state, "W play 9D")
    # East, the maker, takes the trick with its cheapest trump (the upcard it took up)
    assert normal.choose(R3.observation(maker_view, 2), R3.legal_moves(maker_view), Rng(1)).text == "play 9H"


def test_the_three_handed_table_shows_west_and_east_and_the_buttons() -> None:
    start = {"dealer": "E", "hands": {"S": ["JH", "JD", "AH", "KS", "9C"], "W": ["TH", "AS", "KD", "AC", "9D"],
                                      "E": ["QH", "QS", "QD", "QC", "9S"]}, "upcard": "KH", "seed": 8}
    session = GameSession.new(GAMES[3], S3, deal=start, players=[None, None, None])
    table = PRESENTER.table(situation(session), NoUi())
    assert {p.id for p in table.piles} >= {"hand:0", "hand:1", "hand:3", "upcard"} and "hand:2" not in {
        p.id for p in table.piles}
    assert {c.id for c in table.choices} == {"order", "pass"} and "East deals" in table.status.en
    names = {lb.id: lb.text.en for lb in table.labels}
    assert names["seat:1"].startswith("West") and names["seat:3"].startswith("East · dealer")
    assert names["seat:0"] == "You"  # as in the score panel and at four, not the seat's setting name
    for _ in range(5):
        session.play("pass")
    table = PRESENTER.table(situation(session), NoUi())  # East, the dealer, is stuck: no Pass for it
    assert session.to_move == 2 and [m.text for m in session.legal_moves()] == ["call S", "call D", "call C"]
