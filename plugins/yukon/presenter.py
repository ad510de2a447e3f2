"""Yukon's table from the player's observation: foundations across the top right, seven columns that fan
downwards (face-down cards tighter) and squeeze so every index stays readable. Pick a face-up card (click,
or Enter on the cursor) to take it with the cards on it; its legal places turn green; click one, press 1–7
or F, or drag the group there. A double-click sends a front card home. A hint picks its move's cards up the
same way, with only its own place green."""

from __future__ import annotations

from dataclasses import dataclass

from core import table as t
from core.cards import SUITS, Card, Suit
from core.game import Hint
from core.table import CARD_HEIGHT, CardFace, Choice, Deal, Hold, Label, Mark, Pile, Reply, Situation, Style, Table
from core.text import Text, calendar_day, counted, duration, join
from plugins.yukon.hint import safe_to_foundation
from plugins.yukon.rules import FOUNDATION, RUSSIAN, Move, YukonObservation, YukonRules, YukonState
from plugins.yukon.solvability import LOST, WON, catalogue_entry, deal_verdict, position_verdict
from plugins.yukon.solver import solve
from plugins.yukon.words import W

GAP = 0.12  # between columns, in card widths
WIDTH = 7 + 8 * GAP
TOP = GAP + CARD_HEIGHT + 0.3  # where the columns start
HEIGHT = TOP + 2.4 * CARD_HEIGHT
UP_STEP, DOWN_STEP = 0.24 * CARD_HEIGHT, 0.10 * CARD_HEIGHT
NOTE_WIDTH = 3 * (1 + GAP)  # the free corner left of the foundations, above the first three columns
DECK = Deal("deal", GAP, GAP)  # a game is one deal, dealt row by row from the free corner
YukonSituation = Situation[YukonObservation, Move]


@dataclass(frozen=True)
class YukonUi:
    """The picked group: (source column, or FOUNDATION; how many cards; the foundation's suit)."""

    pick: tuple[int, int, Suit | None] | None = None


def column_x(column: int) -> float:
    return GAP + column * (1 + GAP)


def _stuck(s: YukonSituation) -> bool:
    """Not won and no move left."""
    return not s.observation.won and not s.legal and s.to_move is None


def _pick_of(move: Move) -> tuple[int, int, Suit | None]:
    """The group a move takes, as :attr:`YukonUi.pick` holds it."""
    return (move.source, move.count, move.suit)


def _hinted_move(s: YukonSituation, ui: YukonUi) -> Move | None:
    """The hint's move while its cards are still the ones picked up (:meth:`YukonPresenter.hint_ui`)."""
    if s.hint is None or not s.hint.move:  # "": advice, no move
        return None
    move = Move.parse(s.hint.move)
    return move if ui.pick == _pick_of(move) else None


def _shown_hint(s: YukonSituation, ui: YukonUi) -> Hint | None:
    """The hint while it is on the table: advice always, a move until the player puts its cards down or picks
    others."""
    if s.hint is None or (s.hint.move and _hinted_move(s, ui) is None):
        return None
    return s.hint


def _pile_place(pile_id: str) -> int:
    """A pile id as a move's place: a column 0–6 or FOUNDATION."""
    kind, _, name = pile_id.partition(":")
    return int(name) if kind == "column" else FOUNDATION


FINISH_NODES = 20_000  # an all-face-up position needs few; a harder one is left to the player


RULES = YukonRules()


class YukonPresenter:
    """The player's table (see :class:`core.table.Presenter`). With ``auto_finish`` the table plays the rest
    itself once every card is face up and the solver has found the way; with ``safe_cards_home`` it sends a
    front card home whenever no solution can need it in the columns any more (:meth:`auto_move`)."""

    def __init__(self, auto_finish: bool = False, safe_cards_home: bool = False) -> None:
        self.auto_finish = auto_finish
        self.safe_cards_home = safe_cards_home
        self._finish: tuple[YukonState, tuple[Move, ...]] | None = None  # where the finish stands, what is left
        self._on_line = False  # the position was reached by the finish's own move

    def initial_ui(self) -> YukonUi:
        return YukonUi()

    def auto_move(self, s: YukonSituation) -> str | None:
        """The move the table makes by itself now, if any: the next move of the finish (:meth:`finish_move`),
        else a safe card home (:meth:`safe_move`) — but nothing right after the player took a card back from a
        foundation, which the table would otherwise send straight home again (a card its own finish took back
        is part of that finish)."""
        finishing = self.finish_move(s)
        if s.observation.last_move.startswith("F.") and not self._on_line:
            return None
        return finishing or self.safe_move(s)

    def safe_move(self, s: YukonSituation) -> str | None:
        """With ``safe_cards_home``: the leftmost front card that is next on its foundation and that no
        solution can need in the columns any more (:func:`plugins.yukon.solver.safe_home`: aces; a higher card
        once both cards one lower of the other colour are home; Russian, every such card; with returns from
        the foundations, only once every lower card is home). The foundations alone decide it, and those the
        player sees."""
        if not self.safe_cards_home:
            return None
        safe = [m for m in s.legal if safe_to_foundation(s.observation, m)]
        return min(safe, key=lambda m: m.source).text if safe else None

    def finish_move(self, s: YukonSituation) -> str | None:
        """With ``auto_finish``, once no card is face down: the next move of a winning line (everything is in
        view, so the solver sees only what the player sees), or ``None`` when no win is found quickly."""
        obs = s.observation
        if not self.auto_finish or not s.legal or obs.won or any(c is None for col in obs.columns for c in col):
            self._on_line = False
            return None
        state = YukonState(tuple(tuple(c for c in col if c is not None) for col in obs.columns), (0,) * 7,
                           obs.foundations, obs.variant, obs.returns_allowed)
        if self._finish is not None and self._finish[1]:
            at, line = self._finish
            after = RULES.apply(at, line[0])
            if (after.columns, after.foundations) == (state.columns, state.foundations):
                self._finish = (state, line[1:])  # the table made the line's move: the rest of the same line
                self._on_line = True
        if self._finish is None or self._finish[0] != state:  # asked twice per position: solve once
            # A line found afresh from each position could begin by undoing the move just made, and the
            # table would move the same cards back and forth for ever: one line is followed to its end.
            result = solve(state, max_nodes=FINISH_NODES)
            self._finish = (state, tuple(result.moves) if result.verdict == WON else ())
            self._on_line = False
        line = self._finish[1]
        return line[0].text if line and line[0].text in {m.text for m in s.legal} else None

    # -- the table --------------------------------------------------------------------------------

    def sound(self, before: YukonObservation, after: YukonObservation) -> str | None:
        return "win" if after.won and not before.won else "card"

    def table(self, s: YukonSituation, ui: YukonUi) -> Table:
        obs = s.observation
        legal = list(s.legal)
        picked = self._group(obs, ui.pick)
        hint = _hinted_move(s, ui)
        targets = {hint.target} if hint else {m.target for m in legal if _pick_of(m) == ui.pick}
        home = self._home_suit(obs, hint, ui) if FOUNDATION in targets else None
        piles = []
        for f, suit in enumerate(SUITS):
            faces = [self._face(Card(rank, suit).text, picked, suit == home and rank == obs.foundations[f])
                     for rank in range(1, obs.foundations[f] + 1)]
            mark = frozenset({Mark.TARGET}) if not faces and suit == home else frozenset()
            piles.append(Pile(f"foundation:{suit.letter}", column_x(f + 3), GAP, tuple(faces), label=suit.symbol,
                              outline=True, focus=True, drag=obs.returns_allowed, marks=mark,
                              name=W["pile_foundation"].format(suit=suit.words.capitalized())))
        for c, column in enumerate(obs.columns):
            faces = [CardFace(None) if card is None else
                     self._face(card.text, picked, c in targets and i == len(column) - 1)
                     for i, card in enumerate(column)]
            mark = frozenset({Mark.TARGET}) if not column and c in targets else frozenset()
            piles.append(Pile(f"column:{c}", column_x(c), TOP, tuple(faces), (0, UP_STEP), (0, DOWN_STEP),
                              squeeze=0.63, outline=True, focus=True, drag=True, marks=mark,
                              name=W["pile_column"].format(n=c + 1)))
        hold = self._won(obs, s.seconds) if s.hold == "won" else None
        return Table(WIDTH, HEIGHT, tuple(piles), self._note(s, ui), hold=hold, status=self._status(s, ui),
                     deal=DECK)

    def hint_ui(self, s: YukonSituation, hint: Hint) -> YukonUi:
        """A hint's cards are picked up for the player (the rules page: the hinted card yellow, its place
        green, the player makes the move): one click on the green place, 1–7 or F plays it."""
        if not hint.move:
            return YukonUi()
        return YukonUi(_pick_of(Move.parse(hint.move)))

    @staticmethod
    def _note(s: YukonSituation, ui: YukonUi) -> tuple[Label, ...]:
        """What the player must read now, in the free corner by the columns: the hint's reason, or that no move
        is left (the status line says them too)."""
        hint = _shown_hint(s, ui)
        if hint is not None:
            return (Label("note", hint.reason, GAP, GAP, "nw", Style.HINT, 0.19, width=NOTE_WIDTH),)
        if _stuck(s):
            return (Label("note", W["stuck"], GAP, GAP, "nw", Style.PANEL, 0.19, width=NOTE_WIDTH),)
        return ()

    @staticmethod
    def _face(card: str | None, picked: set[str], target: bool) -> CardFace:
        marks = {Mark.SELECTED} if card in picked else set()
        if target:
            marks.add(Mark.TARGET)
        return CardFace(card, frozenset(marks))

    @staticmethod
    def _group(obs: YukonObservation, pick: tuple[int, int, Suit | None] | None) -> set[str]:
        """The cards of a picked group (by text)."""
        if pick is None:
            return set()
        source, count, suit = pick
        if source == FOUNDATION:
            top = obs.foundation_top(suit) if suit else None
            return {top.text} if top else set()
        column = obs.columns[source]
        return {c.text for c in column[len(column) - count:] if c is not None}

    @staticmethod
    def _moving(obs: YukonObservation, pick: tuple[int, int, Suit | None] | None) -> Card | None:
        if pick is None or pick[0] == FOUNDATION or pick[1] != 1 or not obs.columns[pick[0]]:
            return None
        return obs.columns[pick[0]][-1]

    def _home_suit(self, obs: YukonObservation, hint: Move | None, ui: YukonUi) -> Suit | None:
        if hint is not None and hint.target == FOUNDATION:
            front = obs.columns[hint.source][-1] if hint.source != FOUNDATION else None
            return front.suit if front else None
        card = self._moving(obs, ui.pick)
        return card.suit if card else None

    @staticmethod
    def _won(obs: YukonObservation, seconds: float) -> Hold:
        title = W["won_assisted"] if obs.with_help else W["won"]
        moves = counted(obs.moves_made, W["move_one"], W["moves"])
        return Hold(title, (join([moves, duration(seconds)]) if seconds >= 1 else moves,),
                    # a deal of the day's next deal is today's again: the button says so rather than "New deal"
                    (Choice("new", W["todays_deal"] if obs.day else W["new_deal"], "Enter", action="new"),
                     Choice("back", W["back"], action="back")),
                    WIDTH / 2, TOP + CARD_HEIGHT)

    @staticmethod
    def _status(s: YukonSituation, ui: YukonUi) -> Text:
        obs = s.observation
        parts = [W["deal"].format(n=obs.deal_number) if obs.deal_number else Text(""),
                 W["deal_of_day"].format(date=calendar_day(obs.day)) if obs.day
                 else Text(""),
                 W["russian"] if obs.variant == RUSSIAN else W["standard"],
                 counted(obs.moves_made, W["move_one"], W["moves"])]
        if obs.with_help:
            parts.append(W["assisted"])
        if not obs.won:
            entry = catalogue_entry(obs.variant, obs.deal_number)
            if entry is not None:
                parts.append(W["level"].format(level=W[entry.level]))
            deal, here = deal_verdict(entry, s.analysis), position_verdict(s.analysis, s.ply)
            if deal == LOST:
                parts.append(W["unwinnable"])
            elif obs.moves_made == 0 or here == WON:
                parts.append(W["solvable"] if deal == WON and obs.moves_made == 0 else
                             W["still"] if here == WON else W["thinking"] if s.analysing else W["unknown"])
            else:
                parts.append(W["no_longer"] if here == LOST else W["thinking"] if s.analysing else W["unknown"])
            if _stuck(s):
                parts.append(W["stuck"])
        hint = _shown_hint(s, ui)
        if hint is not None:
            parts.append(hint.reason)
        if s.refusal.en:
            parts.append(s.refusal)
        return join([p for p in parts if p.en])

    # -- input ------------------------------------------------------------------------------------

    def respond(self, s: YukonSituation, ui: YukonUi, event: t.Event) -> Reply[YukonUi]:
        obs = s.observation
        key = event.name if isinstance(event, t.Key) else ""
        if key == "H":
            return Reply(action="hint")
        if key == "Z":
            return Reply(action="undo")
        if key == "Y":
            return Reply(action="redo")
        if not s.legal:
            return t.IGNORED
        if isinstance(event, t.Background) or key == "Escape":
            return Reply(ui=YukonUi()) if ui.pick else t.IGNORED
        if len(key) == 1 and key in "1234567":
            return self._move(ui, int(key) - 1) if ui.pick else t.IGNORED
        if isinstance(event, t.Key) and key == "F":
            pick = ui.pick
            if pick is None and event.cursor and event.cursor[0].startswith("column:"):
                pick = (_pile_place(event.cursor[0]), 1, None)
            return self._move(YukonUi(pick), FOUNDATION) if pick else t.IGNORED
        if isinstance(event, t.Drop):
            pick = self._pick_at(obs, event.pile, event.index)
            return self._move(YukonUi(pick), _pile_place(event.target)) if pick else t.IGNORED
        if isinstance(event, t.Click):
            return self._click(obs, ui, event, list(s.legal))
        return t.IGNORED

    @staticmethod
    def _pick_at(obs: YukonObservation, pile_id: str, index: int | None) -> tuple[int, int, Suit | None] | None:
        place = _pile_place(pile_id)
        if place == FOUNDATION:
            suit = Suit.parse(pile_id[-1])
            return (FOUNDATION, 1, suit) if obs.returns_allowed and obs.foundation_top(suit) else None
        column = obs.columns[place]
        if index is None or index >= len(column) or column[index] is None:
            return None
        return (place, len(column) - index, None)

    def _click(self, obs: YukonObservation, ui: YukonUi, event: t.Click, legal: list[Move]) -> Reply[YukonUi]:
        pick = self._pick_at(obs, event.pile, event.index)
        if event.double:
            front = pick is not None and pick[0] != FOUNDATION and pick[1] == 1
            return self._move(YukonUi(pick), FOUNDATION) if front else t.IGNORED
        if ui.pick is None or pick == ui.pick:
            chosen = pick if ui.pick is None else None
            return Reply(ui=YukonUi(chosen)) if pick or ui.pick else t.IGNORED
        place = _pile_place(event.pile)
        if place != ui.pick[0] or place == FOUNDATION:
            text = self._text(ui.pick, place)
            target = place == FOUNDATION or event.index is None or event.index == len(obs.columns[place]) - 1
            if text and (target or text in {m.text for m in legal}):
                return Reply(move=text)  # an illegal one comes back with the reason
        return Reply(ui=YukonUi(pick)) if pick else t.IGNORED

    def _move(self, ui: YukonUi, target: int) -> Reply[YukonUi]:
        text = self._text(ui.pick, target) if ui.pick else ""
        return Reply(move=text) if text else t.IGNORED

    @staticmethod
    def _text(pick: tuple[int, int, Suit | None] | None, target: int) -> str:
        if pick is None:
            return ""
        source, count, suit = pick
        if target == FOUNDATION:  # a group comes back refused, with the reason
            return "" if source == FOUNDATION else f"{source + 1}.{count}>F" if count > 1 else f"{source + 1}>F"
        if source == FOUNDATION:
            return f"F.{suit.letter}>{target + 1}" if suit else ""
        return f"{source + 1}.{count}>{target + 1}"
