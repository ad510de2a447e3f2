"""The undo history: the states a game passed through, the game's own policy of what may be undone, and the
moves undone that redo can play again (until a new move is made)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One move: who made it, its text, the state before it, whether the game lets it be undone, and whether
    the table made it for the person by itself (undo takes it along with the person's move before it)."""

    seat: int
    move: str
    before: S
    undoable: bool
    automatic: bool = False


@dataclass(frozen=True, slots=True)
class Undone(Generic[S]):
    """What one undo took back: its steps, oldest first, and the state they had led to."""

    steps: tuple[Step[S], ...]
    after: S


class History(Generic[S]):
    """A stack of steps. Undo steps back to before the last move of a person, taking the CPU replies and the
    moves the table made by itself after it along, but never past a step the game forbids undoing. Redo plays
    back what the last undo took, in turn; a new move forgets what was undone."""

    def __init__(self) -> None:
        self._steps: list[Step[S]] = []
        self._undone: list[Undone[S]] = []  # the next to redo last

    def __len__(self) -> int:
        return len(self._steps)

    @property
    def moves(self) -> list[str]:
        return [step.move for step in self._steps]

    @property
    def automatic(self) -> list[int]:
        """The indices of the moves the table made by itself."""
        return [i for i, step in enumerate(self._steps) if step.automatic]

    def last_before(self) -> S | None:
        """The state before the last move, or ``None`` when there is none."""
        return self._steps[-1].before if self._steps else None

    @property
    def undone_moves(self) -> list[list[str]]:
        """The moves redo would play, one list per undo, the next to redo first."""
        return [[step.move for step in undone.steps] for undone in reversed(self._undone)]

    def push(self, step: Step[S]) -> None:
        self._steps.append(step)
        self._undone.clear()

    def _undo_depth(self, human_seats: Collection[int]) -> int:
        for depth, step in enumerate(reversed(self._steps), start=1):
            if not step.undoable:
                return 0
            if step.seat in human_seats and not step.automatic:
                return depth
        return 0

    def can_undo(self, human_seats: Collection[int]) -> bool:
        return self._undo_depth(human_seats) > 0

    def undo(self, human_seats: Collection[int], now: S) -> S | None:
        """Pop back to before the last person's move (``now`` is the state the game is in, kept for redo);
        the state there, or ``None`` when nothing may be undone."""
        depth = self._undo_depth(human_seats)
        if depth == 0:
            return None
        self._undone.append(Undone(tuple(self._steps[-depth:]), now))
        del self._steps[-depth:]
        return self._undone[-1].steps[0].before

    def can_redo(self) -> bool:
        return bool(self._undone)

    def redo(self) -> S | None:
        """Play back what the last undo took; the state it leads to, or ``None`` when nothing was undone."""
        if not self._undone:
            return None
        undone = self._undone.pop()
        self._steps.extend(undone.steps)
        return undone.after

    def remember_undone(self, undone: Undone[S]) -> None:
        """Put back what an undo took (a save's redo moves replayed); the one pushed last is redone first."""
        self._undone.append(undone)

    def clear(self) -> None:
        self._steps.clear()
        self._undone.clear()


