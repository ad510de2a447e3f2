"""Yukon's hint: one move chosen from the face-up cards only. It never promises a winning line.

Preference, highest first: a foundation move that cannot hurt (``solver.safe_home``: no card could still
need it as a parent), a move that turns a face-down card, a K-headed group into an empty column from a
column with cards under it, a move that empties a column, any other move that changes something; a
move that merely reverses the previous one comes last.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.cards import SUITS
from core.game import Hint
from core.text import Text
from plugins.yukon.rules import FOUNDATION, RUSSIAN, Move, YukonObservation, accepts
from plugins.yukon.solver import safe_home

REASONS = {
    "safe": Text("Move a card to its foundation.", "札を組札へ送りましょう。"),
    "turn": Text("This move turns a face-down card.", "この移動で裏札がめくれます。"),
    "king": Text("Put a K group in the empty column.", "空列にKの集団を置きましょう。"),
    "empty": Text("This move empties a column.", "この移動で列が空きます。"),
    "foundation": Text("Move a card to its foundation.", "札を組札へ送りましょう。"),
    "other": Text("A possible move.", "動かせる手です。"),
}


def _reverses(move: Move, last: str) -> bool:
    if not last or move.source == FOUNDATION or move.target == FOUNDATION:
        return False
    head, _, tail = last.partition(">")
    return head.split(".")[0] == str(move.target + 1) and tail == str(move.source + 1)


def safe_to_foundation(obs: YukonObservation, move: Move) -> bool:
    """Whether a legal ``move`` sends a front card home that no solution can need in the columns any more
    (``solver.safe_home``, judged from the foundations the player sees)."""
    if move.target != FOUNDATION or move.source == FOUNDATION:
        return False
    head = obs.columns[move.source][-1]
    assert head is not None
    return safe_home(SUITS.index(head.suit), head.rank - 1, obs.foundations, obs.variant == RUSSIAN,
                     obs.returns_allowed)


def score(obs: YukonObservation, move: Move) -> tuple[int, str]:
    """How much the hint likes a move, and why (higher is better)."""
    if move.source == FOUNDATION:
        return (0, "other")
    column = obs.columns[move.source]
    head_index = len(column) - move.count
    head = column[head_index]
    assert head is not None
    below = column[head_index - 1] if head_index > 0 else None
    if move.target == FOUNDATION:
        return (90, "safe") if safe_to_foundation(obs, move) else (35, "foundation")
    if _reverses(move, obs.last_move):
        return (-10, "other")
    target_empty = not obs.columns[move.target]
    if head_index > 0 and below is None:
        return (80 + move.count, "turn")
    if target_empty:
        return (60, "king") if head_index > 0 else (-5, "other")  # a whole column onto an empty one is pointless
    if head_index == 0:
        return (50, "empty")
    if below is not None and accepts(obs.variant, below, head):
        return (-5, "other")  # already sitting on a card that takes it
    return (20, "other")


def hint(observation: YukonObservation, legal_moves: Sequence[Move]) -> Hint | None:
    """The best move by the preferences above, or ``None`` when there is no move at all."""
    if not legal_moves:
        return None
    _, reason, best = max(((*score(observation, m), m) for m in legal_moves), key=lambda t: t[0])
    return Hint(best.text, REASONS[reason])
