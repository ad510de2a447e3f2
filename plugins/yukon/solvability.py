"""Whether a Yukon position can still be won: the background analysis the session runs while the player
thinks (``GameSpec.analysis``). It is the solver's verdict with the face-down cards known — an assist the
table announces as such ("solvable (solver, face-down cards known)"), never a hint of where a card lies.

The table reads the verdicts by ply; :func:`deal_verdict` and :func:`position_verdict` turn them, with the
catalogue, into the one line the status shows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from plugins.yukon.catalogue import CatalogueError, Entry, load_catalogue
from plugins.yukon.rules import YukonState
from plugins.yukon.solver import LOST, UNKNOWN, WON, Result, solve_stepwise


def analyse(state: YukonState) -> Iterator[Result | None]:
    """The solver, a slice at a time (``None`` between slices), then its :class:`Result`."""
    if state.won:
        return iter([Result(WON, [], 0, 0.0)])
    return solve_stepwise(state)


def catalogue_entry(variant: str, deal: int | None) -> Entry | None:
    if deal is None:
        return None
    try:
        return load_catalogue().lookup(variant, deal)
    except CatalogueError:
        return None


def deal_verdict(entry: Entry | None, analysis: Mapping[int, Any]) -> str:
    """WON when the catalogue or any analysed position proves the deal solvable; the start's verdict else."""
    if entry is not None or any(isinstance(r, Result) and r.verdict == WON for r in analysis.values()):
        return WON
    start = analysis.get(0)
    return start.verdict if isinstance(start, Result) else UNKNOWN


def position_verdict(analysis: Mapping[int, Any], ply: int) -> str:
    """LOST when this position or one before it on the line played is proved lost — every position reachable
    from a lost one is lost, and the verdicts kept are those of the line played (an undo drops the later ones) —
    so the table need not wait for this position's own analysis; else this position's own verdict."""
    if any(isinstance(r, Result) and r.verdict == LOST for p, r in analysis.items() if p <= ply):
        return LOST
    result = analysis.get(ply)
    return result.verdict if isinstance(result, Result) else UNKNOWN


__all__ = ["LOST", "UNKNOWN", "WON", "analyse", "catalogue_entry", "deal_verdict", "position_verdict"]
