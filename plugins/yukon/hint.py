"""Yukon's hint: one move chosen from the face-up cards only. It never promises a winning line.

When a card can be sent home without hurting (``solver.safe_home``: no card could still need it as a parent)
or a face-down card turned now, the hint takes one of those moves, in that order (a card home that turns a card
counts as a turn; among turns, the one in the column with the most cards face down). When none can, it looks
ahead (``solver.nearest_progress``, face-down cards unread) for the shortest series of moves after which one
can, and suggests its first move. Only when no such series exists (or the look-ahead runs out of positions) does
it send a card home that a column might still need, if one can go. Followed from each deal the solver wins
(``benchmarks/yukon_hint.py``), the hint wins 165 of 269 deals of 1–300 and 169 of 258 of 301–600, where sending
such cards home at once and turning in the first column found won 125 and 118. Every search counts progress the
same way at every position, so pressing Hint again and again never goes round in circles.

When nothing can go home at all, it looks ahead for the shortest series after which any card can be turned or
sent home; when none exists it says the game cannot be won from here (a proof: that search is exhaustive) and
suggests no move. The look-ahead never takes a card back from a foundation, so with returns allowed it says only
that no way exists unless a card comes back. If it runs out of positions, the one-move preferences decide: a
K-headed group into an empty column, a move that empties a column, any other move that changes something, a
move that merely reverses the previous one last (a return from a foundation only when nothing else moves).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.cards import SUITS, Card
from core.game import Hint
from core.text import Text
from plugins.yukon.rules import FOUNDATION, RUSSIAN, Move, YukonObservation, accepts
from plugins.yukon.solver import nearest_progress, safe_home

LOOK_AHEAD = 4000  # positions the hint searches for a way to turn a card or send one home (about 0.1 s)

REASONS = {
    "safe": Text("Move a card to its foundation.", "札を組札へ送りましょう。"),
    "turn": Text("This move turns a face-down card.", "この移動で裏札がめくれます。"),
    "king": Text("Put a K group in the empty column.", "空列にKの集団を置きましょう。"),
    "empty": Text("This move empties a column.", "この移動で列が空きます。"),
    "foundation": Text("Move a card to its foundation.", "札を組札へ送りましょう。"),
    "other": Text("A possible move.", "動かせる手です。"),
    "leads": Text("No card can be turned or sent home yet: this move starts the shortest way there ({n} moves).",
                  "今は裏札をめくる手も組札へ送る手もありません。この手から最短{n}手でできます。"),
    "leads_safely": Text("No card can be turned, or sent home without risk, yet: this move starts the shortest way "
                         "there ({n} moves).",
                         "今は裏札をめくる手も、心配なく組札へ送れる札もありません。この手から最短{n}手でできます。"),
    "put_off": Text("{card} could go home now, but a column may still need it: this move starts the shortest way "
                    "to turn a card or send one home without risk ({n} moves).",
                    "{card}は組札へ送れますが、列でまだ要るかもしれません。この手から最短{n}手で裏札をめくるか、"
                    "心配なく組札へ送れます。"),
    "lost": Text("No series of moves turns a card or sends one home: this game cannot be won from here. "
                 "Undo, Restart or New game.",
                 "どう動かしても裏札はめくれず組札へも送れません。ここからは勝てません。"
                 "「元に戻す」「最初から」「新しいゲーム」のどれかを。"),
    "take_back": Text("Unless a card comes back from a foundation, no series of moves turns a card or sends one "
                      "home from here.",
                      "組札から札を戻さない限り、ここからはどう動かしても裏札はめくれず組札へも送れません。"),
}


def _reverses(move: Move, last: str) -> bool:
    """Whether ``move`` takes back the group ``last`` moved: the same cards, back where they came from."""
    if move.source == FOUNDATION or move.target == FOUNDATION:
        return False
    return last == Move(move.target, move.source, move.count).text


def safe_to_foundation(obs: YukonObservation, move: Move) -> bool:
    """Whether a legal ``move`` sends a front card home that no solution can need in the columns any more
    (``solver.safe_home``, judged from the foundations the player sees)."""
    if move.target != FOUNDATION or move.source == FOUNDATION:
        return False
    head = obs.columns[move.source][-1]
    assert head is not None
    return safe_home(SUITS.index(head.suit), head.rank - 1, obs.foundations, obs.variant == RUSSIAN,
                     obs.returns_allowed)


def _turn(column: Sequence[Card | None], count: int) -> float:
    """A turn's score: 80 and up, below a safe card home (90); more for more cards face down in its column."""
    return 80 + sum(1 for card in column if card is None) + count / 100


def score(obs: YukonObservation, move: Move) -> tuple[float, str]:
    """How much the hint likes a move, and why (higher is better). Among moves that turn a card, the one in the
    column with the most cards face down (where most is still hidden), then the one that moves most cards."""
    if move.source == FOUNDATION:
        return (0, "other")
    column = obs.columns[move.source]
    head_index = len(column) - move.count
    head = column[head_index]
    assert head is not None
    below = column[head_index - 1] if head_index > 0 else None
    if move.target == FOUNDATION:
        if safe_to_foundation(obs, move):
            return (90, "safe")
        return (_turn(column, 1), "turn") if head_index > 0 and below is None else (35, "foundation")
    if _reverses(move, obs.last_move):
        return (-10, "other")
    target_empty = not obs.columns[move.target]
    if head_index > 0 and below is None:
        return (_turn(column, move.count), "turn")
    if target_empty:
        return (60, "king") if head_index > 0 else (-5, "other")  # a whole column onto an empty one is pointless
    if head_index == 0:
        return (50, "empty")
    if below is not None and accepts(obs.variant, below, head):
        return (-5, "other")  # already sitting on a card that takes it
    return (20, "other")


def hint(observation: YukonObservation, legal_moves: Sequence[Move]) -> Hint | None:
    """The move the preferences above choose, advice without a move (``Hint("", …)``) when the game cannot be
    won from here, or ``None`` when there is no move at all."""
    if not legal_moves:
        return None
    scored = [(*score(observation, m), m) for m in legal_moves]
    progress = [t for t in scored if t[1] in ("safe", "turn")]
    if not progress:
        # the look-ahead never takes a card back from a foundation: a hint that did would send it home again
        # next, and round it would go; so with returns allowed its way is the shortest among those without
        # returns, and finding none says only that
        russian, returns = observation.variant == RUSSIAN, observation.returns_allowed
        ahead = nearest_progress(replace(observation.stand_in(), returns_allowed=False), LOOK_AHEAD,
                                 lambda suit, rank, found: safe_home(suit, rank, found, russian, returns))
        unsafe = [t for t in scored if t[1] == "foundation"]
        if ahead.kind == "found" and ahead.first is not None and ahead.counted:
            if not unsafe:
                return Hint(ahead.first.text, REASONS["leads_safely"].format(n=ahead.moves))
            front = observation.columns[unsafe[0][2].source][-1]
            assert front is not None
            return Hint(ahead.first.text, REASONS["put_off"].format(card=front.pretty, n=ahead.moves))
        if unsafe:
            progress = unsafe  # no way to a move that counts: a card a column may need goes home after all
        elif ahead.kind == "found" and ahead.first is not None:
            return Hint(ahead.first.text, REASONS["leads"].format(n=ahead.moves))
        elif ahead.kind == "none":
            return Hint("", REASONS["lost" if not observation.returns_allowed else "take_back"])
        else:
            scored = [t for t in scored if t[2].source != FOUNDATION] or scored  # out of positions: not a return
    _, reason, best = max(progress or scored, key=lambda t: t[0])
    return Hint(best.text, REASONS[reason])
