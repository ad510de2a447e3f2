"""The conformance kit: tests every game plugin, built-in or third-party, runs against its game.

Subclass :class:`GameConformance` in a test module, naming it ``Test...``, and set ``game``::

    from core.conformance import GameConformance
    from mygame.plugin import GAME

    class TestMyGame(GameConformance):
        game = GAME

pytest then collects the checks below for that game: seeded random playouts terminate, states survive a JSON round
trip, save → restore reproduces the position, undo returns the previous state where the game allows it, illegal and
malformed moves are rejected without change, observations hold no hidden card, the tables a game's presenter builds
(and its last hand's replay) lie inside their area and show no card twice, its tables show no hidden card, offer
only legal moves and a way on from each moment they hold, the moves it makes by itself are legal, its tables draw a
hint, a refused move and the game's analysis, its sounds are ones the shell has, its ``respond`` answers every
click, drag, key and press with a reply (with what the player selected too), every legal move of the person's turn
is one some inputs make, and one keys alone make, the seats hold one person at most and CPU players that exist,
which choose legal moves (made afresh in a game under way too) and the same ones from the same seed, hints are legal
moves with a reason (one click on the place outlined plays a hint whose cards the presenter picks up), statistics
keep events JSON holds and sum them up, the view, presenter and icon named exist, and the rules help reads in each
language it lists.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import importlib
import itertools
import json
import pickle
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

from core.cards import Card
from core.game import GameSpec, Hint, HoldsForThePlayer, IllegalMove
from core.rng import Rng
from core.saves import SaveService
from core.session import GameSession, hint_for
from core.sounds import SOUNDS
from core.stats import Chart, Figure
from core.stats import Context as StatsContext
from core.table import (
    CARD_HEIGHT,
    Background,
    Click,
    Drop,
    Event,
    Key,
    MakesSounds,
    Mark,
    MovesByItself,
    PicksUpTheHint,
    Press,
    Reply,
    ReviewsTheLastHand,
    Situation,
    Table,
)
from core.table_cursor import ARROWS, Cursor, in_view, moved_cursor
from core.text import Text

WORD = re.compile(r"[A-Za-z0-9#]+")


def plain(value: Any) -> Any:
    """An observation (dataclasses, tuples, enums, cards…) as plain JSON-able data, for inspection; a card as its
    text (``"AS"``), as hidden cards are named."""
    if isinstance(value, Card):
        return value.text
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, set | frozenset) else items
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def strings_in(value: Any) -> set[str]:
    """Every word of every string inside plain data (keys included): the runs of letters, digits and ``#`` (a card's
    copy, ``AS#1``), so a card written in ``West:AS`` or ``[AS]`` is found too, and each whole string."""
    found: set[str] = set()
    if isinstance(value, str):
        found.update(WORD.findall(value))
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= strings_in(key) | strings_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= strings_in(item)
    return found


def places_of(value: Any, words: frozenset[str] | set[str], path: str = "") -> list[str]:
    """Where in plain data any of ``words`` is written (as :func:`strings_in` finds them): ``last[2][1]``,
    ``hand``."""
    if isinstance(value, str):
        return [path or "the whole"] if strings_in(value) & words else []
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            place = f"{path}.{key}" if path else str(key)
            found += [f"{place} (a key)"] if strings_in(key) & words else []
            found += places_of(item, words, place)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places_of(item, words, f"{path}[{index}]")
    return found


def differs(first: Any, second: Any) -> str:
    """Where ``second`` differs from ``first``, said briefly: the fields that differ (``turned 3 → 1``), else both."""
    def short(value: Any) -> str:
        text = repr(value)
        return text if len(text) <= 80 else text[:77] + "…"

    if dataclasses.is_dataclass(first) and type(first) is type(second):
        changed = [f"{f.name} {short(getattr(first, f.name))} → {short(getattr(second, f.name))}"
                   for f in dataclasses.fields(first) if getattr(first, f.name) != getattr(second, f.name)]
        if changed:
            return "; ".join(changed[:4]) + (" …" if len(changed) > 4 else "")
    return f"{short(first)} → {short(second)}"


REFUSAL = Text("That card does not follow suit", "台札のスートに従っていません")  # as the window passes one on


def selection_key(ui: Any) -> Any:
    """``ui`` as a set member: itself, or its text when it cannot be hashed (a presenter's plain dict or list)."""
    try:
        hash(ui)
    except TypeError:
        return repr(ui)
    return ui


class GameConformance:
    """Checks any game must pass. Override the class attributes to tune them for a game."""

    game: ClassVar[GameSpec]
    #: seeds for random playouts
    seeds: ClassVar[tuple[int, ...]] = tuple(range(6))
    #: a playout longer than this is a failure to terminate
    max_plies: ClassVar[int] = 20_000
    #: how many positions of each playout the slower checks sample
    sample_every: ClassVar[int] = 7
    #: hand-built moves that are incomplete or out of range: ``apply`` must refuse each with IllegalMove
    malformed_moves: ClassVar[tuple[Any, ...]] = ()
    #: moves the CPU players make in the kit's games (each strategy in every seat, on the defaults and each preset)
    cpu_plies: ClassVar[int] = 300
    #: positions of the random playouts where each CPU strategy, made afresh, is asked for a move
    cpu_positions: ClassVar[int] = 100
    #: positions of the first random playout where the game's analysis is run to its end and its verdict drawn
    analysed_positions: ClassVar[int] = 4
    #: how many selections (``ui`` states the person's inputs reach) the input check carries at once
    selections: ClassVar[int] = 4
    #: how many selections the reach check tries at one position before it calls a legal move out of reach (raise
    #: it for a game whose moves take many inputs: passing three cards of thirteen has 378 selections on the way)
    reach_selections: ClassVar[int] = 500
    #: the keys the kit presses (with the cursor at each place the arrows reach, for the keyboard's reach): add those
    #: your presenter answers that are not on a button
    keys: ClassVar[tuple[str, ...]] = ("Enter", "Space", "Escape", "Left", "Right", "Up", "Down", "Backspace", "A",
                                       "Z", "1", "9")

    def observed(self, observation: Any) -> Any:
        """The part of an observation about the current deal, for the leak check. A game that reshuffles
        the same cards may drop its record of earlier deals here (and test that record on its own): a card
        seen in an earlier hand has the same name as a card hidden in this one."""
        return observation

    def hidden_on_table(self, state: Any, seat: int, hold: str | None) -> frozenset[str]:
        """Cards ``seat`` may not see while its table shows the moment ``hold`` (default: ``hidden_from``)."""
        return self.game.rules.hidden_from(state, seat)

    def presenter(self) -> Any:
        """The game's presenter, or ``None`` when it has none."""
        if self.game.presenter is None:
            return None
        module_name, _, attr = self.game.presenter.partition(":")
        return getattr(importlib.import_module(module_name), attr)()

    def random_move(self, state: Any, moves: list[Any], rng: Rng) -> Any:
        """The move a random playout makes (uniform by default). A game whose purely random play need not end
        (random bidders in Bid Euchre are set again and again) may play some moves plainly instead."""
        return rng.choice(moves)

    def position_key(self, state: Any) -> Any:
        """For games whose positions can repeat (solitaires): a key equal for equal positions. Random
        playouts then never revisit a position and end when every move would; ``None`` (the default)
        means the game always progresses and every playout must reach the end of the game."""
        return None

    # -- helpers --------------------------------------------------------------------------------

    def person_seat(self, settings: dict[str, Any]) -> int:
        """The seat the window plays for the person under ``settings`` (seat 0 when every seat is a CPU player's)."""
        return next(iter(self.game.persons(settings)), 0)

    def settings_samples(self) -> list[dict[str, Any]]:
        """The defaults and every preset applied to them."""
        schema = self.game.settings
        samples = [schema.defaults()]
        samples += [schema.with_preset(schema.defaults(), preset.id) for preset in schema.presets]
        return samples

    def playout(self, settings: dict[str, Any], seed: int) -> Iterator[tuple[Any, Any]]:
        """(state, move) pairs of a random game, the final state paired with ``None``."""
        rules = self.game.rules
        rng = Rng.derive("conformance", self.game.id, seed)
        state = rules.new_game(settings, seed)
        seen = {self.position_key(state)}
        for _ in range(self.max_plies):
            moves = list(rules.legal_moves(state))
            if rules.to_move(state) is None:
                assert not moves, "a finished game must have no legal moves"
                yield state, None
                return
            assert moves, "the player to move has no legal move"
            if self.position_key(state) is not None:
                fresh = [(m, after) for m in moves
                         if self.position_key(after := rules.apply(state, m)) not in seen]
                if not fresh:
                    yield state, None  # stuck: every move leads back to a position already seen
                    return
                move, after = rng.choice(fresh)
                seen.add(self.position_key(after))
            else:
                move = self.random_move(state, moves, rng)
                after = rules.apply(state, move)
            yield state, move
            state = after
        raise AssertionError(f"{self.game.id} did not finish within {self.max_plies} moves (seed {seed})")

    def person_views(self, every: int = 1) -> Iterator[tuple[int, Any]]:
        """(the person's seat, a state) at every ``every``-th position of every playout."""
        for settings, _seed, steps in self.all_playouts():
            seat = self.person_seat(settings)
            for state, _ in steps[::every]:
                yield seat, state

    def all_playouts(self) -> Iterator[tuple[dict[str, Any], int, list[tuple[Any, Any]]]]:
        for settings in self.settings_samples():
            for seed in self.seeds:
                yield settings, seed, list(self.playout(settings, seed))

    # -- the checks -------------------------------------------------------------------------------

    def test_random_playouts_terminate_with_an_outcome(self) -> None:
        for _settings, seed, steps in self.all_playouts():
            final, last = steps[-1]
            assert last is None
            if self.game.rules.to_move(final) is not None:
                assert self.position_key(final) is not None, f"seed {seed}: stopped before the end"
                continue  # a solitaire stuck in a loop: no outcome yet, and that is allowed
            outcome = self.game.rules.outcome(final)
            assert outcome is not None, f"seed {seed}: finished without an outcome"
            assert outcome.summary, f"seed {seed}: the outcome has no summary (the window shows it as the game ends)"

    def test_same_seed_same_game(self) -> None:
        settings = self.settings_samples()[0]
        rules = self.game.rules
        first = [rules.state_to_json(s) for s, _ in self.playout(settings, 11)]
        again = [rules.state_to_json(s) for s, _ in self.playout(settings, 11)]
        ply = next((i for i, (a, b) in enumerate(zip(first, again, strict=False)) if a != b),
                   min(len(first), len(again)))
        assert first == again, (f"seed 11 dealt another game the second time, from move {ply} (a random choice not "
                                f"drawn from the seed's Rng?): {differs(first[ply:ply + 1], again[ply:ply + 1])}")

    def test_states_survive_a_json_round_trip(self) -> None:
        rules = self.game.rules
        for _settings, seed, steps in self.all_playouts():
            for state, _move in steps[:: self.sample_every] + steps[-1:]:
                data = json.loads(json.dumps(rules.state_to_json(state)))
                back = rules.state_from_json(data)
                assert back == state, (f"seed {seed}: state_from_json(state_to_json(state)) is not the state it was "
                                       f"written from: {differs(state, back)}")
                assert rules.legal_moves(back) == rules.legal_moves(state), (
                    f"seed {seed}: the state read back offers other legal moves: "
                    f"{differs(rules.legal_moves(state), rules.legal_moves(back))}")

    def test_move_text_parses_back(self) -> None:
        rules = self.game.rules
        for _settings, _seed, steps in self.all_playouts():
            for state, _ in steps[:: self.sample_every]:
                for move in rules.legal_moves(state):
                    text = rules.move_text(move)
                    assert text and text == text.strip(), f"move_text gave {text!r} for {move!r}: give words, unpadded"
                    try:
                        back = rules.parse_move(text)
                    except IllegalMove as error:
                        raise AssertionError(f"parse_move refused {text!r}, the text move_text wrote for {move!r}: "
                                             f"{error}") from None
                    assert back == move, (f"parse_move({text!r}) gave {back!r}, not {move!r}, the move it was written "
                                          "from" + (" (two legal moves are written alike)" if sum(
                                              rules.move_text(other) == text for other in rules.legal_moves(state))
                                              > 1 else ""))

    def test_legal_moves_come_in_a_stable_order(self) -> None:
        rules = self.game.rules
        for _settings, _seed, steps in self.all_playouts():
            for state, _ in steps[:: self.sample_every]:
                clone = rules.state_from_json(json.loads(json.dumps(rules.state_to_json(state))))
                order = [rules.move_text(m) for m in rules.legal_moves(state)]
                again = [rules.move_text(m) for m in rules.legal_moves(clone)]
                assert order == again, (f"legal_moves came in another order for the same position (from a set?): "
                                        f"{order[:6]} then {again[:6]}")

    def test_illegal_moves_are_rejected_without_change(self) -> None:
        rules = self.game.rules
        for _settings, _seed, steps in self.all_playouts():
            seen = {rules.move_text(m) for _, m in steps if m is not None}
            for state, _ in steps[:: self.sample_every]:
                before = rules.state_to_json(state)
                legal = {rules.move_text(m) for m in rules.legal_moves(state)}
                for text in sorted(seen - legal)[:5]:
                    try:
                        rules.apply(state, rules.parse_move(text))
                    except IllegalMove as error:
                        assert str(error), "an illegal move needs a reason"
                    else:
                        raise AssertionError(f"'{text}' was accepted but is not among the legal moves")
                    assert rules.state_to_json(state) == before, f"refusing '{text}' changed the state it was given"
        try:
            rules.parse_move("this is not a move")
        except IllegalMove as error:
            assert str(error), "parse_move refused 'this is not a move' without a reason"
        else:
            raise AssertionError("nonsense move text was accepted")

    def test_malformed_moves_are_refused_with_a_reason(self) -> None:
        """A move built by hand (a plugin's own tool, a test, a CPU bug) that is incomplete, out of range or
        not a move at all is an ``IllegalMove`` with a reason — never an AssertionError or IndexError."""
        rules = self.game.rules
        garbage = (None, 0, -1, "", "not a move", (), object(), *self.malformed_moves)
        for _settings, _seed, steps in self.all_playouts():
            for state, _ in steps[:: self.sample_every * 3]:
                before = rules.state_to_json(state)
                for move in garbage:
                    try:
                        rules.apply(state, move)
                    except IllegalMove as error:
                        assert str(error), f"{move!r} was refused without a reason"
                    else:
                        raise AssertionError(f"the malformed move {move!r} was accepted")
                    assert rules.state_to_json(state) == before, f"refusing {move!r} changed the state it was given"

    def test_observations_hold_nothing_hidden(self) -> None:
        rules = self.game.rules
        for _settings, seed, steps in self.all_playouts():
            for ply, (state, _) in list(enumerate(steps))[:: self.sample_every]:
                for seat in range(len(self.game.seats)):
                    hidden = rules.hidden_from(state, seat)
                    odd = next((card for card in hidden if not isinstance(card, str)), None)
                    assert odd is None, (f"hidden_from gave {odd!r} ({type(odd).__name__}): give the cards' text "
                                         "forms, as 'AS' (a core.cards.Card's .text), or nothing hidden is ever found")
                    seen = plain(self.observed(rules.observation(state, seat)))
                    leaked = hidden & strings_in(seen)
                    moves = f"{ply} move{'' if ply == 1 else 's'}"
                    assert not leaked, (f"seat {seat} can see hidden cards {sorted(leaked)} (its observation's "
                                        f"{', '.join(places_of(seen, leaked)[:4])}) after {moves} from seed {seed}: "
                                        "hidden_from says they are hidden, or the observation shows them")

    @staticmethod
    def check_well_formed(table: Any, where: str) -> None:
        """``table`` is a :class:`Table` naming each pile, label and button once, showing no card twice, giving no
        two enabled buttons one key, and placing each pile's first card, each label, the buttons' row, the held panel
        and the deck it deals from inside its ``width`` × ``height`` (the window fits that area to the screen: what
        lies outside it is cut off)."""
        assert isinstance(table, Table), f"{where}: a {type(table).__name__}, not a Table"
        inside = 1e-9
        area = f"the table's {table.width:g} × {table.height:g} card units"

        def within(x: float, y: float, width: float = 0.0, height: float = 0.0) -> bool:
            return -inside <= x and -inside <= y and x + width <= table.width + inside \
                and y + height <= table.height + inside

        for pile in table.piles:
            right, bottom = pile.x + pile.scale, pile.y + CARD_HEIGHT * pile.scale
            assert within(pile.x, pile.y, pile.scale, CARD_HEIGHT * pile.scale), (
                f"{where}: pile '{pile.id}' at ({pile.x:g}, {pile.y:g}) reaches ({right:g}, {bottom:g}), outside "
                f"{area}")
        if table.choices:
            x, y = table.choices_at
            assert within(x, y), f"{where}: the buttons' row at ({x:g}, {y:g}) is outside {area} (no buttons shown)"
        if table.hold is not None:
            x, y = table.hold.x, table.hold.y
            assert within(x, y), f"{where}: the held panel's centre ({x:g}, {y:g}) is outside {area}"
        if table.deal is not None:
            x, y = table.deal.x, table.deal.y
            assert within(x, y, 1, CARD_HEIGHT), (f"{where}: the deck cards are dealt from, at ({x:g}, {y:g}), is "
                                                  f"outside {area} (the cards would fly in from off the screen)")
        for label in table.labels:
            assert within(label.x, label.y), (f"{where}: label '{label.id}' at ({label.x:g}, {label.y:g}) is outside "
                                              f"{area}")
        for kind, ids in (("piles", [p.id for p in table.piles]), ("labels", [label.id for label in table.labels]),
                          ("buttons", [c.id for c in table.all_choices()])):
            assert len(ids) == len(set(ids)), f"{where}: two {kind} share an id: {ids}"
        twice = sorted(card for card, n in Counter(table.face_up_cards()).items() if n > 1)
        assert not twice, f"{where}: the table shows {twice} twice"
        keys = Counter(choice.key for choice in table.all_choices() if choice.key and choice.enabled)
        shared = sorted(key for key, n in keys.items() if n > 1)
        assert not shared, (f"{where}: buttons {[c.id for c in table.all_choices() if c.key in shared and c.enabled]} "
                            f"share the key {shared[0]} (it presses the first only)")

    def test_tables_show_no_hidden_card_and_offer_only_legal_moves(self) -> None:
        """Every table the presenter builds (at each held moment too) shows no card hidden from its seat, is well
        formed (:meth:`check_well_formed`), and every button's move is one of the seat's legal moves."""
        presenter = self.presenter()
        if presenter is None:
            return
        rules = self.game.rules
        ui = presenter.initial_ui()
        for _settings, _seed, steps in self.all_playouts():
            for state, _ in steps[:: self.sample_every]:
                holds = rules.hold_points(state) if isinstance(rules, HoldsForThePlayer) else ()
                for seat in range(len(self.game.seats)):
                    for hold in (None, *holds):
                        mine = rules.to_move(state) == seat and hold is None
                        legal = tuple(rules.legal_moves(state)) if mine else ()
                        situation = Situation(rules.observation(state, seat), legal, seat, rules.to_move(state), hold)
                        table = presenter.table(situation, ui)
                        assert isinstance(table, Table), f"table gave {type(table).__name__}, not a Table"
                        leaked = set(table.face_up_cards()) & self.hidden_on_table(state, seat, hold)
                        assert not leaked, f"seat {seat}'s table shows hidden cards {sorted(leaked)} (hold {hold})"
                        self.check_well_formed(table, f"hold {hold}")
                        texts = {rules.move_text(m) for m in legal}
                        for choice in table.all_choices():
                            assert choice.move is None or choice.move in texts, f"'{choice.move}' is not legal now"
                            assert choice.key != "R" or not isinstance(presenter, ReviewsTheLastHand), (
                                f"button '{choice.id}': key R replays the last hand in this game: choose another")
                        if mine:  # as after a move the rules refused: the window draws the refusal on the table
                            refused = dataclasses.replace(situation, refusal=REFUSAL)
                            self.check_well_formed(presenter.table(refused, ui), "a move refused")

    def test_every_moment_the_table_holds_offers_a_way_on(self) -> None:
        """The table held at a moment (a finished trick, a hand's summary) waits until the person goes on: one of
        its buttons asks for ``continue``, or an input's reply does. One offering neither waited for ever (only New
        game led out)."""
        presenter = self.presenter()
        rules = self.game.rules
        if presenter is None or not isinstance(rules, HoldsForThePlayer):
            return
        ui = presenter.initial_ui()
        for seat, state in self.person_views():
            for hold in rules.hold_points(state):
                situation: Situation[Any, Any] = Situation(rules.observation(state, seat), (), seat,
                                                           rules.to_move(state), hold)
                table = presenter.table(situation, ui)
                ways = {"continue"} if rules.to_move(state) is not None else {"continue", "new", "back"}
                button = any(choice.action in ways and choice.enabled for choice in table.all_choices())
                on = button or any(presenter.respond(situation, ui, event).action in ways
                                   for event in self.inputs(table))
                assert on, (f"seat {seat}'s table held at '{hold}' offers no way on: give it a button with action "
                            f"{' or '.join(sorted(ways))} (a Hold's choices, say), or a reply asking for it")
                keys = button or any(reply.action in ways
                                     for reply in self.keyboard_replies(presenter, situation, ui, table))
                assert keys, (f"seat {seat}'s table held at '{hold}' offers no way on by keyboard (a click on the felt "
                              f"is the mouse's only): give it a button with action {' or '.join(sorted(ways))}, or "
                              "answer a key")

    def test_moves_the_table_makes_by_itself_are_legal(self) -> None:
        """A presenter that moves for the person (``auto_move``: Yukon's safe cards home) names a legal move or
        ``None``: the window tried an illegal one again and again, showing its refusal as if the person had made it."""
        presenter = self.presenter()
        if not isinstance(presenter, MovesByItself):
            return
        rules = self.game.rules
        for seat, state in self.person_views():
            if rules.to_move(state) != seat:
                continue
            legal = tuple(rules.legal_moves(state))
            move = presenter.auto_move(Situation(rules.observation(state, seat), legal, seat, seat))
            assert move is None or move in {rules.move_text(m) for m in legal}, (
                f"auto_move gave {move!r}, not one of the legal moves {[rules.move_text(m) for m in legal][:8]}")

    def test_the_last_hand_replays_as_tables(self) -> None:
        """A presenter replaying the last hand (``review``) gives tables as the game's own are, each pile, label and
        button named once and no card shown twice."""
        presenter = self.presenter()
        if not isinstance(presenter, ReviewsTheLastHand):
            return
        rules = self.game.rules
        for seat, state in self.person_views(self.sample_every):
            for step, frame in enumerate(presenter.review(rules.observation(state, seat))):
                self.check_well_formed(frame, f"the last hand's frame {step + 1}")

    def test_tables_show_the_games_analysis(self) -> None:
        """A game with an ``analysis`` (Yukon's solver) has its verdict drawn on the table: at a few positions (up to
        :attr:`analysed_positions`) the kit runs it to its end, checks the verdict pickles (the window runs it in a
        worker process), and draws the person's table while it runs and with its verdict. The window is the only
        other place a presenter meets a verdict."""
        presenter, analysis = self.presenter(), self.game.analysis
        if presenter is None or analysis is None:
            return
        rules = self.game.rules
        settings = self.settings_samples()[0]
        seat = self.person_seat(settings)
        steps = next(self.all_playouts())[2]
        for ply in sorted({round(i * (len(steps) - 1) / max(1, self.analysed_positions - 1))
                           for i in range(self.analysed_positions)}):
            state = steps[ply][0]
            verdict = collections.deque(analysis(state), maxlen=1)[0]  # (its last: the ones before are None)
            try:
                pickle.dumps(verdict)
            except Exception as error:  # what the worker process would meet (its text differs by Python version)
                raise AssertionError(f"move {ply}: the analysis' verdict {verdict!r} cannot be pickled ({error}): the "
                                     "window runs the analysis in a worker process, whose verdict comes back "
                                     "pickled") from None
            legal = tuple(rules.legal_moves(state)) if rules.to_move(state) == seat else ()
            for known, running in (({}, True), ({ply: verdict}, False)):
                situation = Situation(rules.observation(state, seat), legal, seat, rules.to_move(state),
                                      analysis=known, analysing=running, ply=ply)
                self.check_well_formed(presenter.table(situation, presenter.initial_ui()),
                                       f"move {ply}, analysis {'running' if running else repr(verdict)}")

    def test_sounds_are_ones_the_shell_plays(self) -> None:
        """A presenter's ``sound`` names one of :data:`core.sounds.SOUNDS` or ``None``: the window plays nothing for
        a name it does not have, so a misspelled one ("dael") was silence without a word."""
        presenter = self.presenter()
        if not isinstance(presenter, MakesSounds):
            return
        rules = self.game.rules
        for settings, _seed, steps in self.all_playouts():
            seat = self.person_seat(settings)
            for (before, move), (after, _) in itertools.pairwise(steps):
                effect = presenter.sound(rules.observation(before, seat), rules.observation(after, seat))
                assert effect is None or effect in SOUNDS, (f"sound gave {effect!r} after '{rules.move_text(move)}': "
                                                            f"give one of {', '.join(sorted(SOUNDS))} or None")

    def inputs(self, table: Table, every_drag: bool = False) -> Iterator[Event]:
        """What a player may do at ``table``: a click on each empty outlined pile, a click and a double-click on each
        card the pointer can reach (not one the next card covers whole, or all but a sliver of under a tenth of its
        width, as squeezed into its pile's ``room``: the window's click finds the topmost card), a
        drag of a pile's first and last such face-up cards (``every_drag``: of each) onto every other pile, each
        button that leaves its meaning to the presenter, keys (Enter on each card, as the keyboard's cursor gives),
        and a click on the felt."""
        yield Background()
        for name in self.keys:
            yield Key(name)
        for pile in table.piles:
            if pile.outline and not pile.cards:  # the only place a click finds no card (the window draws no other)
                yield Click(pile.id)
            shown = set(pile.uncovered())
            for index in range(len(pile.cards)):
                if index in shown:
                    yield Click(pile.id, index)
                    yield Click(pile.id, index, double=True)
                yield Key("Enter", (pile.id, index))
            up = in_view(pile) if pile.drag else []
            for index in up if every_drag else sorted({up[0], up[-1]} if up else set()):
                for target in table.piles:
                    if target.id != pile.id:
                        yield Drop(pile.id, index, target.id)
        for choice in table.all_choices():
            if choice.move is None and choice.action is None:
                yield Press(choice.id)

    def test_every_input_gets_a_reply(self) -> None:
        """``respond`` answers each click, drag, key and press with a :class:`Reply` (``IGNORED`` when it means
        nothing here): one that falls off its end gives ``None``, and the window's game stopped at the first input
        it did not expect. As in the window, the person's seat keeps what its inputs select (a card picked, an
        option armed) while the other seats move, until it moves itself: each such ``ui`` the kit reaches (up to
        :attr:`selections` at a time) is drawn, must show no hidden card, and is answered too."""
        presenter = self.presenter()
        if presenter is None:
            return
        rules = self.game.rules
        checked = 0
        for settings, _seed, steps in self.all_playouts():
            seat = self.person_seat(settings)
            uis = [presenter.initial_ui()]
            for index, (state, move) in enumerate(steps):
                to_move = rules.to_move(state)
                if index % self.sample_every == 0:
                    legal = tuple(rules.legal_moves(state)) if to_move == seat else ()
                    situation = Situation(rules.observation(state, seat), legal, seat, to_move)
                    for ui in uis:  # (grows as inputs reach new selections)
                        table = presenter.table(situation, ui)
                        self.check_well_formed(table, f"ui {ui!r}")
                        leaked = set(table.face_up_cards()) & self.hidden_on_table(state, seat, None)
                        assert not leaked, f"seat {seat}'s table shows hidden cards {sorted(leaked)} (ui {ui!r})"
                        for event in self.inputs(table):
                            reply = presenter.respond(situation, ui, event)
                            assert isinstance(reply, Reply), (f"respond gave {reply!r} for {event} (ui {ui!r}): return "
                                                              "IGNORED for an input that means nothing here")
                            if reply.move is None and reply.ui is not None and reply.ui not in uis \
                                    and len(uis) <= self.selections:
                                uis.append(reply.ui)
                            checked += 1
                if move is not None and to_move == seat:
                    uis = [presenter.initial_ui()]  # the window puts down what was picked once its seat moves
        assert checked, "no position was tried"

    def pointer_replies(self, presenter: Any, situation: Situation[Any, Any], ui: Any,
                        table: Table) -> Iterator[Reply[Any]]:
        """The presenter's replies to each of :meth:`inputs` at ``table`` (a drag from each face-up card). A
        double-click is answered as the window sends it: its first half is a click, answered first; its second
        half follows, on what that click selected, only when the click made no move."""
        for event in self.inputs(table, every_drag=True):
            if isinstance(event, Click) and event.double:
                first = presenter.respond(situation, ui, dataclasses.replace(event, double=False))
                if first.move is None:
                    second = presenter.respond(situation, first.ui if first.ui is not None else ui, event)
                    if second.move is not None or second.ui is not None:
                        yield second
                continue
            yield presenter.respond(situation, ui, event)

    def keyboard_replies(self, presenter: Any, situation: Situation[Any, Any], ui: Any,
                         table: Table) -> Iterator[Reply[Any]]:
        """The replies keys alone get at ``table``, answered as the window answers a key: a button's own key presses
        it (and Tab then Enter reaches each button); any other of :attr:`keys` goes to the presenter, with the cursor
        wherever the arrows take it; an arrow the presenter leaves moves the cursor (:mod:`core.table_cursor`), and
        Enter or Space it leaves is a click on the card (or pile) under the cursor."""
        buttons = [choice for choice in table.all_choices() if choice.enabled]
        for choice in buttons:
            if choice.move is None and choice.action is None:
                yield presenter.respond(situation, ui, Press(choice.id))
        keyed = {choice.key for choice in buttons if choice.key}
        layout = tuple((p.id, p.x, p.y, p.fan, p.fan_down, p.room, p.squeeze, p.focus,
                        tuple(c.face_up for c in p.cards)) for p in table.piles)
        arrows = vars(self).setdefault("_arrows", {}).setdefault(layout, {})  # (a position's tables share a layout)
        places: list[Cursor | None] = [None]
        for cursor in places:  # (grows as the arrows reach new places)
            for name in self.keys:
                if name in keyed:
                    continue
                reply = presenter.respond(situation, ui, Key(name, cursor))
                if reply.used:
                    yield reply
                elif name in ARROWS:
                    if (cursor, name) not in arrows:
                        arrows[cursor, name] = moved_cursor(table, cursor, name)
                    moved = arrows[cursor, name]
                    if moved is not None and moved not in places:
                        places.append(moved)
                elif name in ("Enter", "Space") and cursor is not None:
                    yield presenter.respond(situation, ui, Click(*cursor))

    def moves_out_of_reach(self, replies: Callable[[Any, Situation[Any, Any], Any, Table], Iterator[Reply[Any]]],
                           what: str, every: int, advice: str = "") -> None:
        """Fail at the first position of the person's turn where a legal move is neither on an enabled button nor
        a reply :meth:`replies` reaches, maybe after replies that select (in order of how many they take, up to
        :attr:`reach_selections` ``ui`` states)."""
        presenter = self.presenter()
        if presenter is None:
            return
        rules = self.game.rules
        tried = 0
        for seat, state in self.person_views(every):
            if rules.to_move(state) != seat:
                continue
            tried += 1
            legal = tuple(rules.legal_moves(state))
            wanted = {rules.move_text(move) for move in legal}
            situation = Situation(rules.observation(state, seat), legal, seat, seat)
            reached: set[str] = set()
            level, seen = [presenter.initial_ui()], {selection_key(presenter.initial_ui())}
            while level and not wanted <= reached:
                following = []
                for ui in level:
                    table = presenter.table(situation, ui)
                    reached |= {choice.move for choice in table.all_choices() if choice.move and choice.enabled}
                    for reply in replies(presenter, situation, ui, table):
                        if reply.move is not None:
                            reached.add(reply.move)
                        elif reply.ui is not None and selection_key(reply.ui) not in seen \
                                and len(seen) < self.reach_selections:
                            seen.add(selection_key(reply.ui))
                            following.append(reply.ui)
                    if wanted <= reached:
                        break
                level = following
            missing = sorted(wanted - reached)
            assert not missing, (
                f"seat {seat} may play {', '.join(missing[:6])}{' …' if len(missing) > 6 else ''} ({len(missing)} of "
                f"{len(wanted)} legal moves) but {what} {'it' if len(missing) == 1 else 'them'} "
                f"(tried in {len(seen)} ui state{'s' if len(seen) > 1 else ''}; {advice}raise reach_selections for "
                f"moves that take more inputs)")
        assert tried, "the person was never to move at a position tried"

    def test_every_legal_move_is_within_the_persons_reach(self) -> None:
        """Each legal move of the person's turn is one some inputs make: a button offering it, or a reply to a
        click, drag, key or press, maybe after others that select (a card picked, then its place). A move no input
        reached (a "go alone" with no button, a card the table never lets go) is one the person can never play."""
        self.moves_out_of_reach(self.pointer_replies, "no input reaches", self.sample_every)

    def test_every_legal_move_is_within_the_keyboards_reach(self) -> None:
        """Each legal move of the person's turn is one keys alone make (:meth:`keyboard_replies`; at every other
        position the pointer's check tries): the arrows reach only piles with ``focus``, so a game whose stock had
        none could not be dealt from without a mouse."""
        self.moves_out_of_reach(self.keyboard_replies, "no keys reach", self.sample_every * 2,
                                "the arrows stop only at piles with focus=True, Tab at the buttons; ")

    def hinted_positions(self) -> Iterator[tuple[Any, Hint]]:
        """Every fourth sampled position of the playouts where the game gives a hint, with that hint."""
        for _settings, _seed, steps in self.all_playouts():
            for state, _ in steps[:: self.sample_every * 4]:
                hint = hint_for(self.game, state)
                if hint is not None:
                    yield state, hint

    def test_hints_are_legal_moves(self) -> None:
        """The hint service, given a seat's observation, suggests one of that seat's legal moves (or gives
        advice without a move, ``""``, which must then say something), and the table shown with it is well formed."""
        if self.game.hint is None:
            return
        rules = self.game.rules
        presenter = self.presenter()
        checked = 0
        for state, hint in self.hinted_positions():
            assert hint.move in {"", *(rules.move_text(m) for m in rules.legal_moves(state))}, \
                f"hint '{hint.move}' is not a legal move"
            assert isinstance(hint.reason, Text), "a hint's reason must be Text (English and Japanese)"
            assert hint.move or hint.reason.en, "advice without a move must say something"
            seat = rules.to_move(state)
            if presenter is not None and seat is not None:
                situation = Situation(rules.observation(state, seat), tuple(rules.legal_moves(state)), seat, seat,
                                      hint=hint)
                ui = presenter.hint_ui(situation, hint) if isinstance(presenter, PicksUpTheHint) \
                    else presenter.initial_ui()
                self.check_well_formed(presenter.table(situation, ui), f"the hint '{hint.move}'")
            checked += 1
        assert checked, "no position gave a hint"

    def test_a_hint_picked_up_is_played_by_one_click_on_its_outlined_place(self) -> None:
        """A presenter that picks the hint's cards up (:class:`core.table.PicksUpTheHint`) outlines one place,
        and a click there plays the hint's move."""
        presenter = self.presenter()
        picks_up = presenter if isinstance(presenter, PicksUpTheHint) else None
        if self.game.hint is None or presenter is None or picks_up is None:
            return
        rules = self.game.rules
        checked = 0
        for state, hint in self.hinted_positions():
            seat = rules.to_move(state)
            if not hint.move or seat is None:
                continue
            situation = Situation(rules.observation(state, seat), tuple(rules.legal_moves(state)), seat, seat, None,
                                  hint)
            ui = picks_up.hint_ui(situation, hint)
            table = presenter.table(situation, ui)
            places = [Click(p.id) for p in table.piles if Mark.TARGET in p.marks]
            places += [Click(p.id, i) for p in table.piles for i, f in enumerate(p.cards) if Mark.TARGET in f.marks]
            assert len(places) == 1, f"the hint '{hint.move}' outlines {len(places)} places"
            reply = presenter.respond(situation, ui, places[0])
            assert reply.move == hint.move, f"a click on the hint's place plays '{reply.move}', not '{hint.move}'"
            checked += 1
        assert checked, "no position gave a hint with a move"

    def test_the_view_and_presenter_name_factories_that_exist(self) -> None:
        """``view`` and ``presenter`` are imported only when a table opens: a misspelling would first show as an
        error on New game."""
        for role in ("view", "presenter"):
            path = getattr(self.game, role)
            if path is None:
                continue
            module_name, _, attr = path.partition(":")
            factory = getattr(importlib.import_module(module_name), attr, None)
            assert callable(factory), f"{role} '{path}': {module_name} has no function or class '{attr}'"

    def test_seat_players_seat_one_person_at_most_and_name_cpu_players_that_exist(self) -> None:
        """The window plays one person's seat: a game seating two (``None`` twice from ``seat_players``) would wait
        for ever for the second one's move, which no table offers."""
        for settings in self.settings_samples():
            players = tuple(self.game.seat_players(settings))
            assert len(players) == len(self.game.seats), f"seat_players gave {players} for {len(self.game.seats)} seats"
            persons = list(self.game.persons(settings))
            assert len(persons) <= 1, f"seat_players seats persons at {persons}: the window plays one person's seat"
            unknown = sorted({name for name in players if name is not None} - set(self.game.strategies))
            assert not unknown, f"seat_players names {unknown}, which are not among the strategies"

    def cpu_game(self, name: str, settings: dict[str, Any], start: list[str] | None = None) -> list[str]:
        """The moves of a game strategy ``name`` plays in every seat from the first seed (up to :attr:`cpu_plies`);
        given ``start``, a game of those moves is saved and continued from its save, its players made afresh."""
        session = GameSession.new(self.game, settings, seed=self.seeds[0], players=[name] * len(self.game.seats))
        if start is not None:
            for move in start:
                session.play(move)
            session = GameSession.restore(self.game, session.record())
        while len(session.moves) < self.cpu_plies and (turn := session.cpu_turn()) is not None:
            move = turn.decide()
            assert move in turn.legal, (f"CPU player '{name}' chose {move!r}, not one of its legal moves "
                                        f"{list(turn.legal)[:8]}")
            session.finish_cpu_turn(turn, move)
        return session.moves

    def test_cpu_players_choose_legal_moves_and_the_same_ones_from_the_same_seed(self) -> None:
        """Each CPU strategy, in every seat, plays from the first seed on the defaults and each preset: each move it
        chooses is one of the legal moves it was given (one the rules refuse stopped the window's game), and the
        same seed gives the same moves — also when the game is saved half way and continued from the save, as after
        a restart, with its CPU players made afresh."""
        for name in sorted(self.game.strategies):
            for settings in self.settings_samples():
                played = self.cpu_game(name, settings)
                assert played, f"CPU player '{name}' made no move"
                again = self.cpu_game(name, settings)
                assert again == played, f"CPU player '{name}' played differently from the same seed"
                half = len(played) // 2
                assert self.cpu_game(name, settings, played[:half]) == played, (
                    f"CPU player '{name}' played differently from the same seed once the game was continued from a "
                    f"save after move {half}, its players made afresh: a CPU player must choose from the "
                    "observation and the random numbers it is given, not from what it remembers of the game")

    def test_cpu_players_choose_legal_moves_in_games_they_did_not_play_from_the_start(self) -> None:
        """A CPU player also plays on in games it did not play from the start: a game continued after a restart has
        its CPU players made afresh where it stands, and a person's play leads where CPU players never go. Each
        strategy, made afresh, is asked at positions of the random playouts (up to :attr:`cpu_positions`, spread
        over them) and must choose one of the legal moves it is given."""
        rules = self.game.rules
        positions = [(seed, state) for _settings, seed, steps in self.all_playouts()
                     for state, move in steps[1:] if move is not None]
        picked = positions[:: max(1, len(positions) // self.cpu_positions)][: self.cpu_positions]
        for name, strategy in sorted(self.game.strategies.items()):
            for index, (seed, state) in enumerate(picked):
                seat = rules.to_move(state)
                assert seat is not None  # (a position where a move was made)
                legal = tuple(rules.legal_moves(state))
                move = strategy().choose(rules.observation(state, seat), legal, Rng.derive("conformance", seed, index))
                assert move in legal, (f"CPU player '{name}', made afresh for seat {seat} of a game under way, chose "
                                       f"{move!r}, not one of its legal moves {list(legal)[:8]}")

    def test_statistics_keep_plain_events_and_sum_them_up(self) -> None:
        """The game's statistics turn each move of the playouts, and a game left unfinished, into events JSON
        holds; its figures and charts are made from them, and from none (a game not yet played). One that raised
        stopped the window's game at that move, or the Statistics window."""
        statistics = self.game.statistics
        if statistics is None:
            return
        events: list[Any] = []

        def listed(method: str, given: Any) -> list[Any]:
            assert isinstance(given, list) and all(isinstance(event, dict) for event in given), (
                f"statistics.{method} gave {given!r}: give a list of events, each a dict ([] for none)")
            return given

        for settings, _seed, steps in self.all_playouts():
            context = StatsContext(hints=1, seconds=61.5, settings=settings)
            for (before, _move), (after, _) in itertools.pairwise(steps):
                events += listed("record", statistics.record(before, after, context))
            for state, _ in steps[:: self.sample_every * 4]:
                events += listed("finish", statistics.finish(state, context))
        try:
            json.dumps(events, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise AssertionError(f"statistics events JSON cannot hold ({error}): {events[:3]}") from None
        for kept in ([], events):
            figures, charts = statistics.figures(kept), statistics.charts(kept)
            assert all(isinstance(f, Figure) for f in figures), f"figures must be Figure: {figures[:3]}"
            assert all(isinstance(c, Chart) for c in charts), f"charts must be Chart: {charts[:3]}"

    def test_the_icon_named_is_there(self) -> None:
        if self.game.icon:
            assert self.game.icon_file() is not None, f"icon '{self.game.icon}' is not there (write 'package:path')"

    def test_rules_help_reads_in_each_language(self) -> None:
        """The rules text listed in the GameSpec ships with the plugin and reads in every language it names, and the
        pictures it shows are beside it."""
        if self.game.help is None:
            return
        for language in self.game.help.files:
            text = self.game.help.read(language)
            assert text.strip(), f"the {language} rules text is empty"
        missing = self.game.help.missing_pictures()
        assert not missing, f"the rules show pictures that are not there: {'; '.join(missing)}"

    def test_save_and_restore_reproduce_the_position(self, tmp_path: Path) -> None:
        saves = SaveService(tmp_path)
        for settings in self.settings_samples()[:2]:
            players = [None] * len(self.game.seats)
            session = GameSession.new(self.game, settings, seed=5, players=players, saves=saves)
            rng = Rng.derive("conformance-save", self.game.id)
            for _ in range(min(self.max_plies, 60)):
                moves = session.legal_moves()
                if not moves:
                    break
                session.play(rng.choice(list(moves)))
            loaded = saves.read(self.game.id)
            assert loaded.record is not None, loaded.problem
            restored = GameSession.restore(self.game, loaded.record)
            assert restored.state == session.state, (f"the game restored from its save is not the one saved: "
                                                     f"{differs(session.state, restored.state)}")
            assert restored.moves == session.moves, "the game restored from its save has other moves"

    def test_undo_returns_the_previous_state_and_redo_the_next_where_allowed(self) -> None:
        rules = self.game.rules
        for settings in self.settings_samples()[:2]:
            players = [None] * len(self.game.seats)
            session = GameSession.new(self.game, settings, seed=3, players=players)
            rng = Rng.derive("conformance-undo", self.game.id)
            for _ in range(min(self.max_plies, 80)):
                moves = session.legal_moves()
                if not moves:
                    break
                before = session.state
                move = rng.choice(list(moves))
                allowed = rules.may_undo(before, move)
                session.play(move)
                if session.decided:  # a result stands: no undo after a game won or lost, whatever may_undo says
                    assert not session.undo(), "a decided game was undone"
                    break
                if allowed:
                    after = session.state
                    text = rules.move_text(move)
                    assert session.undo(), f"the game allows undoing '{text}' (may_undo) but it was refused"
                    assert session.state == before, (f"undoing '{text}' left another state: "
                                                     f"{differs(before, session.state)}")
                    assert session.redo() and session.state == after, f"redo did not bring '{text}' back"
                    assert session.undo() and session.state == before, f"undoing '{text}' again left another state"
                    session.play(move)
                    assert not session.can_redo(), "a new move must forget what was undone"
                else:
                    after = session.state
                    assert not session.undo(), f"'{rules.move_text(move)}' may not be undone (may_undo) but was"
                    assert session.state == after, "a refused undo changed the state"
