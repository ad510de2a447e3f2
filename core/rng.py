"""The project's own seeded random generator, stable across Python versions and machines.

Python's ``random.shuffle`` and ``randrange`` may change between versions; a deal must not. This is
SplitMix64 (Steele, Lea & Flood 2014): a 64-bit counter passed through a fixed mixing function. Every
random choice in Card Table flows from one of these, built from an explicit seed.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import MutableSequence, Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_WIDE = 64  # bounds up to this get their rejection limit from a table and shuffles take the lane path
_LIMITS = (0, *((1 << 64) - ((1 << 64) % n) for n in range(1, _WIDE + 1)))  # below(n) accepts z < _LIMITS[n]
_ACCEPTED = (1 << 64) - _WIDE  # a draw below this is accepted for every bound up to _WIDE


class Rng:
    """Deterministic generator: ``Rng(seed)`` gives the same numbers forever."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    @classmethod
    def derive(cls, *parts: object) -> Rng:
        """A generator seeded from any mix of ints and strings, e.g. ``Rng.derive(seed, "cpu", ply)``."""
        digest = hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()
        return cls(int.from_bytes(digest[:8], "little"))

    def next_u64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _limit(n)
        state = self._state
        while True:  # next_u64, written out: games call this in their innermost loops
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                self._state = state
                return z % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, from the last position down: ``items[i]`` swaps with ``items[below(i + 1)]``."""
        count = len(items) - 1
        if count < 1:
            return
        if count >= _WIDE or sys.byteorder != "little":
            self._shuffle_one_by_one(items)
            return
        # SplitMix64's state is a counter, so the next ``count`` draws can be mixed side by side: one big
        # integer holds them in 128-bit lanes (room for each 64-bit product), masked back to 64 bits.
        spread, steps, lanes = _lanes(count)
        start = self._state
        z = (start * spread + steps) & lanes
        z = (((z ^ (z >> 30)) & lanes) * _MIX1) & lanes
        z = (((z ^ (z >> 27)) & lanes) * _MIX2) & lanes
        z = (z ^ (z >> 31)) & lanes
        draws = memoryview(z.to_bytes(16 * count, "little")).cast("Q")[::2].tolist()
        if max(draws) >= _ACCEPTED:  # some draw may be rejected (about 1 in 10^17): take the plain path
            self._shuffle_one_by_one(items)
            return
        for i, draw in zip(range(count, 0, -1), draws, strict=True):
            j = draw % (i + 1)
            items[i], items[j] = items[j], items[i]
        self._state = (start + count * _GOLDEN) & _MASK

    def _shuffle_one_by_one(self, items: MutableSequence[T]) -> None:
        """The shuffle's definition: ``below(i + 1)`` for each position from the last down, written out."""
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _limit(n)
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = state

    def seed(self) -> int:
        """A fresh 63-bit seed, e.g. for the next game."""
        return self.next_u64() >> 1


def _limit(n: int) -> int:
    """``below(n)`` accepts a draw under this (the largest multiple of ``n`` up to 2**64: no modulo bias)."""
    return _LIMITS[n] if n <= _WIDE else (1 << 64) - ((1 << 64) % n)


@cache
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` draws side by side in 128-bit lanes: the multiplier that copies a state into every lane,
    the golden-ratio steps 1 … ``count`` lane by lane, and the mask keeping each lane's low 64 bits."""
    lane = 1 << 128
    spread = sum(lane**k for k in range(count))
    steps = sum((k + 1) * _GOLDEN * lane**k for k in range(count))
    return spread, steps, _MASK * spread
