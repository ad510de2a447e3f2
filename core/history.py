"""The undo history: the states a game passed through, and the game's own policy of what may be undone."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One move: who made it, its text, the state before it and whether the game lets it be undone."""

    seat: int
    move: str
    before: S
    undoable: bool


class History(Generic[S]):
    """A stack of steps. Undo steps back to before the last move of a person, taking the CPU replies
    made after it along, but never past a step the game forbids undoing."""

    def __init__(self) -> None:
        self._steps: list[Step[S]] = []

    def __len__(self) -> int:
        return len(self._steps)

    @property
    def moves(self) -> list[str]:
        return [step.move for step in self._steps]

    def last_before(self) -> S | None:
        """The state before the last move, or ``None`` when there is none."""
        return self._steps[-1].before if self._steps else None

    def push(self, step: Step[S]) -> None:
        self._steps.append(step)

    def _undo_depth(self, human_seats: Collection[int]) -> int:
        for depth, step in enumerate(reversed(self._steps), start=1):
            if not step.undoable:
                return 0
            if step.seat in human_seats:
                return depth
        return 0

    def can_undo(self, human_seats: Collection[int]) -> bool:
        return self._undo_depth(human_seats) > 0

    def undo(self, human_seats: Collection[int]) -> S | None:
        """Pop back to before the last person's move; the state there, or ``None`` when nothing may be undone."""
        depth = self._undo_depth(human_seats)
        if depth == 0:
            return None
        target = self._steps[-depth]
        del self._steps[-depth:]
        return target.before

    def clear(self) -> None:
        self._steps.clear()


