"""How hard a solvable Yukon deal feels, for the catalogue's easy / normal / hard levels.

The measure is what a player who simply follows the obvious moves achieves: the deal is played by the
hint's own preferences (turn a card, send safe cards home, fill empty columns with K groups…), never
revisiting a position, until no fresh move is left. Fewer cards home at that point means a harder deal:
the player has to look past the obvious move. Ties are broken by the solver's effort (positions searched
before a win was found). The builder sorts every solvable deal by (cards the obvious play leaves out,
solver effort) and cuts the list into thirds, so the three levels hold equally many deals.
"""

from __future__ import annotations

from dataclasses import dataclass

from plugins.yukon.hint import score
from plugins.yukon.rules import YukonRules, YukonState

LEVELS = ("easy", "normal", "hard")
_MAX_MOVES = 600


@dataclass(frozen=True)
class Measure:
    obvious_home: int  # cards home when obvious play runs out of fresh moves
    solver_nodes: int

    @property
    def key(self) -> tuple[int, int]:
        return (52 - self.obvious_home, self.solver_nodes)


def obvious_play(state: YukonState) -> int:
    """Cards on the foundations after playing the hint's preferred fresh move until none is left."""
    rules = YukonRules()
    seen = {(state.columns, state.hidden, state.foundations)}
    for _ in range(_MAX_MOVES):
        if state.won:
            break
        observation = rules.observation(state, 0)
        fresh = []
        for move in rules.legal_moves(state):
            after = rules.apply(state, move)
            key = (after.columns, after.hidden, after.foundations)
            if key not in seen:
                fresh.append((score(observation, move)[0], move.text, after, key))
        if not fresh:
            break
        fresh.sort(key=lambda item: (-item[0], item[1]))
        _, _, state, key = fresh[0]
        seen.add(key)
    return sum(state.foundations)


def assign_levels(measures: dict[int, Measure]) -> dict[int, str]:
    """Deal number → level, by thirds of the sorted measures."""
    ordered = sorted(measures, key=lambda n: (measures[n].key, n))
    third = len(ordered) / 3
    return {n: LEVELS[min(int(i // third), 2)] for i, n in enumerate(ordered)}
