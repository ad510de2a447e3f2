"""A Yukon solver: given the whole layout (face-down cards included), it answers **won** with a move list,
**lost** (proved: every reachable position was searched), or **unknown** (the budget ran out).

How it searches
- A portfolio of searches that take turns: depth-first, two best-first searches with different
  estimates, a best-first search over lifts with their use (below), and restarting depth-first searches
  with a seeded jitter in their move order (budgets 400, 640, 1024 … positions). Positions are remembered
  in transposition tables (a position's key ignores the order of the columns, since the rules never depend
  on it). The depth-first search and the first best-first search share one table of *claimed* positions:
  each expands every position it claims, so when both have run out, every position reachable from the
  start (through positions not proved dead) was expanded by one of them — a loss is proved at the cost of
  searching the positions once, not once per search. The second best-first search keeps its own table and
  is exhaustive by itself. The first win found, or the proof, gives the answer; the search over lifts and
  the restarts only ever find wins.
- Turns: each search takes ``SLICE`` new positions a turn until ``FULL_TURNS`` positions have been searched;
  from then on the second best-first search and the restarts — which in practice only find wins, and
  mostly early (deals 1–600: none after 27,367 positions) — take ``SLICE × FULL_TURNS / positions so far``
  a turn (at least an eighth of ``SLICE``), so the two searches whose shared table proves a loss get most of
  what is left of the budget; the search over lifts takes no more turns. The turns depend only on the
  count of positions, so the answer still depends only on the layout and the budget.
- Moves are generated from the targets: for each column's front card only the (at most two) cards one
  rank lower of the other colour — one of the same suit in Russian — can go on it, so the solver looks
  those up instead of trying every group. A K-headed group goes only to the first empty column, and a
  whole column never moves to an empty one (that changes nothing).
- The search over lifts, best-first like the first, tries a *lift* — a move of a group off a face-up card *b*,
  which neither turns a card nor empties a column — only together with a move that then uses *b*: sends it
  home, places a group (or, with returns, a card from a foundation) on it, or moves a group holding *b*
  onto the lifted group (solver 6). Lifts shuffled back and forth are most of what the other searches wade
  through, so it often finds a win far sooner (deal 16: 3,331 positions; solver 5 gave up at 200,000). It
  keeps its own table and stops taking turns at ``FULL_TURNS`` positions. Its running out proves nothing,
  since a win may need two lifts before the move that uses both: with 5♥ 8♠ 7♥ 6♣ 5♦ on a K♣, 5♦ must
  go onto 6♠ and 8♠ 7♥ 6♣ onto a red 9 before 5♥ can go onto 6♣, and neither lift is followed at once by
  a move using its card, in either order (a test plays it). Its first form, without the group holding *b*,
  was refuted by the exhaustive search of random endgames (``docs/benchmarks.md``, thirtieth session).
- Safe foundation moves are made at once (:func:`safe_home`). The argument, case by case, for a front card
  *c* of rank *r* that is next on its foundation:

  * Nothing is ever placed on a card except its *children*: the two other-colour cards of rank *r−1*
    (standard) or the same-suit one (Russian). If no child can be in the tableau again, *c* never has a
    card on it, so it only ever moves alone — home, onto a parent, or (a K) to an empty column. Then any
    solution that keeps *c* in play can be replayed with *c* sent home first: every other move stays
    legal (a group that carried *c* on top moves without it; the card under *c* is uncovered earlier, which
    only adds options; foundations only grow earlier), and the moves of *c* are dropped. So sending *c*
    home now loses no solution.
  * Aces have no children: always safe. A 2's children are the two other-colour aces, so a 2 is safe only
    once *both* of them are home — not merely its own ace (an ace heading a group may need a 2 to move
    onto, to uncover what lies beneath it; KPatience's solver gets this wrong, and so did ours).
  * Higher cards (standard): safe once both other-colour cards of rank *r−1* are home. Russian: the only
    child is the same-suit card *r−1*, which is home whenever *c* is next — safe.
  * With returns from the foundations a home card can come back and become a parent, so a card is safe
    only when every card below its rank is home in every suit (nothing lower is left to hang on it); aces
    stay safe (a returned ace can hold nothing).

  This removes positions without removing any solution, so **lost** stays a proof.
- Dead positions are cut off by a relaxation: a fixpoint over conditions every real solution must meet.
  A face-down card is revealed only after the card resting on it has *left* it; a card is a *front*
  card only once it is face up and the card resting on it has left; a card leaves the card beneath it
  only by going home, by heading a move onto a parent that is a front card, or (a K) onto an empty
  column; a card goes home only as a front card after the card below it in its suit. Each is necessary
  in the real game, so if the least fixpoint leaves some card never home, no solution exists. Two more
  conditions (solver 4), each necessary too, and both left out when returns are allowed:

  * A card home now is never a parent again (without returns nothing leaves the foundations), so only a
    card still in the tableau can be the parent a card leaves its base for.
  * A card *c* must be bare when it goes home. Take a child *x* of *c* whose base (the card right under it)
    is a lower card of *c*'s own suit. That base goes home before *c*, so *x* has left it before then; from
    there *x* can only have gone home or onto one of its two parents (it is no K, so never to an empty
    column). When *c* goes home *x* is not on *c*, so *x* is home or on its other parent *q*. Hence *c*
    goes home only if *x* can go home or *q* can be a front card in the tableau. (Deal 199: A♠ lies on A♥,
    the 2♦ is buried for good and the 7♥ on the A♠ can never leave, so the 2♥ can never go home — the
    position is lost at the start, where solver 3 needed 168,476 positions to prove it.)

  The relaxation is most of what a position costs, and it is not asked after a *swap* (solver 7): a group
  moved from a face-up card that takes it onto another that takes it, nothing turned or sent home. Such a
  position can go back where it came from, which was not found dead, and the relaxation almost never finds
  it dead either; skipping a check only ever searches more, so a loss stays a proof. Deals 1–600 give the
  same answers, positions and moves, 1.4–1.5 times as fast.
- Moves are tried best first: those that turn a face-down card, then foundation moves, then those that
  empty a column or fill one with a K, and last those that lift a group off a card that already takes it (a
  lift tried with its use ranks as the better of the two).

Why a **lost** verdict is sound: the search (the two sharing searches together, or the lone one) is
exhaustive over the positions reachable from the layout
(the only moves left out are the no-op whole-column-to-empty-column move and moves to a second empty
column, which reach the same key as the first), and the only forced moves are the safe ones argued above.
Every **won** answer is replayed through :class:`~plugins.yukon.rules.YukonRules` by the tests and the
catalogue builder. The answer depends only on the layout and the node budget; the seconds budget is a
safety stop that can turn an answer into **unknown** on a slow machine.
"""

from __future__ import annotations

import heapq
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from core.cards import SUITS, Card
from core.rng import Rng
from plugins.yukon.rules import FOUNDATION, RUSSIAN, Move, YukonState

# 2: safe foundation moves corrected (a 2 waits for both other-colour aces); 3: shared claimed positions;
# 4: two more conditions in the dead-position relaxation; 5: the turns of the searches that only find wins
# shrink once FULL_TURNS positions have been searched; 6: a fifth search, tried early, over lifts with their use;
# 7: the relaxation is not asked after a swap (a group moved between two cards that take it)
SOLVER_VERSION = 7
WON, LOST, UNKNOWN = "won", "lost", "unknown"
_RED = (False, True, True, False)  # S H D C
SLICE = 1000  # positions a search explores before the next one takes its turn
FULL_TURNS = 20_000  # positions searched before the searches that only find wins start to give up turns

Step = tuple[int, int, int, int]  # (source, target, count, suit); -1 stands for the foundations
Position = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]
Moves = tuple[Step, ...]  # what a search tries as one move: a step, or a step and the step that uses it


def card_id(card: Card) -> int:
    return SUITS.index(card.suit) * 13 + card.rank - 1


def id_card(cid: int) -> Card:
    return Card(cid % 13 + 1, SUITS[cid // 13])


def safe_home(suit: int, rank: int, found: list[int] | tuple[int, ...], russian: bool, returns: bool) -> bool:
    """Whether the card of ``suit`` (0–3, S H D C) and 0-based ``rank``, next on its foundation, can go home
    without losing any solution (the argument is in the module notes). ``found``: cards home per suit."""
    if rank == 0:
        return True
    if returns:
        return min(found) >= rank
    if russian:
        return True
    others = (1, 2) if suit in (0, 3) else (0, 3)
    return found[others[0]] >= rank and found[others[1]] >= rank


@dataclass
class Result:
    verdict: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def decided(self) -> bool:
        return self.verdict != UNKNOWN


class _Search:
    def __init__(self, state: YukonState, max_nodes: int, max_seconds: float | None,
                 strategy: str = "portfolio") -> None:
        self.strategy = strategy
        self.russian = state.variant == RUSSIAN
        self.returns = state.returns_allowed
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.nodes = 0
        # Positions claimed by an exhaustive search (depth-first or best-first): each is expanded by the one
        # that claimed it, so together they search every reachable position once (see iterate).
        self.claimed: set[bytes] = set()
        self.strict = True  # False: the relaxation without the two rules of solver 4 (the tests compare)
        # children[c]: the cards that may be placed on card c in the tableau
        self.children: list[tuple[int, ...]] = []
        for cid in range(52):
            suit, rank = divmod(cid, 13)
            if rank == 0:
                self.children.append(())
            elif self.russian:
                self.children.append((suit * 13 + rank - 1,))
            else:
                self.children.append(tuple(s * 13 + rank - 1 for s in range(4) if _RED[s] != _RED[suit]))
        self.kings = tuple(s * 13 + 12 for s in range(4))
        self.parents: list[tuple[int, ...]] = [() for _ in range(52)]
        for cid, kids in enumerate(self.children):
            for kid in kids:
                self.parents[kid] += (cid,)
        # twin[c]: the other card of c's rank and colour (the other parent of c's children)
        self.twin = [(3, 2, 1, 0)[c // 13] * 13 + c % 13 for c in range(52)]

    def dead(self, cols: tuple[tuple[int, ...], ...], down: tuple[int, ...], found: tuple[int, ...]) -> bool:
        """True when the relaxation in the module notes proves the position lost."""
        revealed = [False] * 52
        front = [False] * 52
        leave = [False] * 52
        home = [False] * 52
        up = [-1] * 52
        below = [-1] * 52
        column = [-1] * 52
        at = [0] * 52
        for suit in range(4):
            for rank in range(found[suit]):
                cid = suit * 13 + rank
                revealed[cid] = front[cid] = leave[cid] = home[cid] = True
        loose = self.returns or not self.strict
        for i, (col, dn) in enumerate(zip(cols, down, strict=True)):
            last = len(col) - 1
            for j, cid in enumerate(col):
                column[cid], at[cid] = i, j
                if j < last:
                    up[cid] = col[j + 1]
                    below[col[j + 1]] = cid
                if j >= dn:
                    revealed[cid] = True
        parents, children, twin = self.parents, self.children, self.twin
        # cards with a possible parent resting above them in their own column (rare): see _usable
        watch = [c for c in range(52) if column[c] >= 0 and (
            (len(parents[c]) > 0 and column[parents[c][0]] == column[c] and at[parents[c][0]] > at[c])
            or (len(parents[c]) > 1 and column[parents[c][1]] == column[c] and at[parents[c][1]] > at[c]))]
        any_empty = not all(cols)  # a column is, or can become, empty
        # the cards to examine: every card once, then, after a change, the cards whose conditions mention it
        work = list(range(52))
        while work:
            c = work.pop()
            if home[c]:
                continue
            if not revealed[c]:
                if up[c] >= 0 and leave[up[c]]:
                    revealed[c] = True
                else:
                    continue
            was_front, had_left = front[c], leave[c]
            if not was_front and (up[c] < 0 or leave[up[c]]):
                front[c] = True
            rank = c % 13
            if front[c] and (rank == 0 or home[c - 1]) and (loose or self._clearable(c, below, front, home, found)):
                home[c] = leave[c] = True
                if rank != 12:
                    work.append(c + 1)  # its successor may go home
                work.extend(parents[c])  # a parent's child is home: it may be bare (_clearable)
            elif not had_left:
                if rank == 12:
                    can = any_empty
                else:
                    can = False
                    for p in parents[c]:
                        if front[p] and (loose or p % 13 >= found[p // 13]) and (
                                column[p] != column[c] or self._usable(p, c, column, up, leave)):
                            can = True
                            break
                if can:
                    leave[c] = True
            if front[c] and not was_front:
                work.extend(children[c])  # they may move onto it
                work.append(twin[c])  # its twin's children may rest on it (_clearable)
            if leave[c] and not had_left:
                if below[c] >= 0:
                    work.append(below[c])  # uncovered
                # a card under c whose parent rode on c's group may now move onto it
                work.extend(w for w in watch if column[w] == column[c])
                if below[c] < 0 and not any_empty:  # c was a column's bottom card: a column can empty
                    any_empty = True
                    work.extend(self.kings)
        return not all(home)

    def pruned(self, pos: Position, moves: Moves, new: Position) -> bool:
        """Whether ``new``, reached from the live position ``pos`` by ``moves``, is cut off as dead. After a
        *swap* — a group moved from a face-up card that takes it onto another card that takes it, nothing
        turned or sent home — the relaxation is not asked: it almost never finds such a position dead (45
        of 77,569 in the searches of deals 33 and 65) and is most of a position's cost. Searching a dead position
        anyway only costs time, so a loss stays a proof."""
        if len(moves) == 1:
            source, target, count, _ = moves[0]
            if source >= 0 and target >= 0:
                col = pos[0][source]
                j = len(col) - count
                if j > pos[1][source] and col[j] in self.children[col[j - 1]] and sum(new[2]) == sum(pos[2]):
                    return False
        return self.dead(*new)

    def _clearable(self, c: int, below: list[int], front: list[bool], home: list[bool],
                   found: tuple[int, ...]) -> bool:
        """Whether ``c`` can be bare when it goes home, as far as its children whose base (the card right
        under them) is a lower card of ``c``'s own suit are concerned: such a child must leave that base
        before ``c`` goes home (the base goes home first), so it is then home, on its other parent, or on
        ``c`` — and on ``c`` it may not be. So the child must be able to go home, or its other parent to be a
        front card in the tableau (a card home now is never one again, unless returns are allowed)."""
        suit, rank = divmod(c, 13)
        for x in self.children[c]:
            base = below[x]
            if base < 0 or base // 13 != suit or base % 13 >= rank or home[x]:
                continue
            if not any(front[q] and q % 13 >= found[q // 13]
                       for q in self.parents[x] if q != c):
                return False
        return True

    @staticmethod
    def _usable(p: int, c: int, column: list[int], up: list[int], leave: list[bool]) -> bool:
        """Whether card ``p`` can be the parent ``c`` leaves its starting base for. A card above ``c`` in its
        column travels with ``c`` until some card between them (``p`` included) leaves; only then can ``c``
        move onto it. (A card below ``c`` can be uncovered while ``c`` rides on a group moved away, so it
        always counts.)"""
        if column[p] != column[c] or column[p] < 0:
            return True
        x = up[c]
        while x >= 0:
            if leave[x]:
                return True
            if x == p:
                return False
            x = up[x]
        return True  # p is not above c: it lies below

    # -- positions --------------------------------------------------------------------------------

    @staticmethod
    def key(cols: tuple[tuple[int, ...], ...], down: tuple[int, ...], found: tuple[int, ...]) -> bytes:
        parts = sorted(bytes((d, *c)) for c, d in zip(cols, down, strict=True))
        return b"\xff".join(parts) + bytes(found)

    def auto(self, cols: list[tuple[int, ...]], down: list[int], found: list[int],
             path: list[Step]) -> None:
        """Make every safe foundation move (see the module notes), turning cards over as columns shrink."""
        russian, returns = self.russian, self.returns
        i = 0
        while i < 7:
            col = cols[i]
            if col:
                suit, rank = divmod(col[-1], 13)
                if found[suit] == rank and safe_home(suit, rank, found, russian, returns):
                    found[suit] += 1
                    cols[i] = col = col[:-1]
                    if down[i] and down[i] == len(col):
                        down[i] -= 1
                    path.append((i, -1, 1, -1))
                    i = 0
                    continue
            i += 1

    # -- moves ------------------------------------------------------------------------------------

    def moves(self, cols: tuple[tuple[int, ...], ...], down: tuple[int, ...],
              found: tuple[int, ...]) -> list[tuple[int, Step]]:
        where: dict[int, tuple[int, int]] = {}
        for i, col in enumerate(cols):
            for j in range(down[i], len(col)):
                where[col[j]] = (i, j)
        children = self.children
        scored: list[tuple[int, Step]] = []
        first_empty = -1
        for t, col in enumerate(cols):
            if not col:
                if first_empty < 0:
                    first_empty = t
                continue
            for child in children[col[-1]]:
                at = where.get(child)
                if at is None or at[0] == t:
                    continue
                s, j = at
                scored.append((self._score(cols, down, s, j), (s, t, len(cols[s]) - j, -1)))
        if first_empty >= 0:
            for king in self.kings:
                at = where.get(king)
                if at is None or at[1] == 0:
                    continue
                s, j = at
                scored.append((self._score(cols, down, s, j) + 10, (s, first_empty, len(cols[s]) - j, -1)))
        for i, col in enumerate(cols):
            if col and found[col[-1] // 13] == col[-1] % 13:
                scored.append((60, (i, -1, 1, -1)))
        if self.returns:
            for suit in range(4):
                rank = found[suit]
                if not rank:
                    continue
                cid = suit * 13 + rank - 1
                for t, col in enumerate(cols):
                    if (col and cid in children[col[-1]]) or (not col and rank == 13 and t == first_empty):
                        scored.append((-20, (-1, t, 1, suit)))
        return scored

    def lifts_used(self, pos: Position) -> list[Moves]:
        """The moves the search over lifts tries, best first: each move of :meth:`moves` that turns a card,
        empties a column, sends a card home or brings one back, alone; and each *lift* (a group lifted off a
        face-up card) only followed by a move that then uses the card it left (:meth:`_uses`)."""
        cols, down, found = pos
        scored: list[tuple[int, Moves]] = []
        for score, step in self.moves(*pos):
            source, target, count, _ = step
            cut = len(cols[source]) - count if source >= 0 else 0
            if source < 0 or target < 0 or cut <= down[source]:
                scored.append((score, (step,)))
                continue
            c, d, f = self.apply(cols, down, found, step)
            for use_score, use in self._uses(c, d, f, source, target, cols[source][cut]):
                scored.append((max(score, use_score), (step, use)))
        scored.sort(key=lambda sm: sm[0])
        return [m for _, m in scored]

    def _uses(self, cols: list[tuple[int, ...]], down: list[int], found: list[int], t: int, moved: int,
              lifted: int) -> Iterator[tuple[int, Step]]:
        """Scored moves that use the card at the end of column ``t``, just left by the group headed by
        ``lifted`` for column ``moved``: the card goes home, a group other than that one (or a card from a
        foundation) is placed on it, or a group holding it goes onto the lifted group."""
        rows, downs = tuple(cols), tuple(down)  # as _score takes them, built once
        card = cols[t][-1]
        suit, rank = divmod(card, 13)
        for head in self.children[cols[moved][-1]]:
            if head in cols[t]:
                j = cols[t].index(head)
                if j >= down[t]:
                    yield self._score(rows, downs, t, j), (t, moved, len(cols[t]) - j, -1)
        if found[suit] == rank:
            yield 60, (t, -1, 1, -1)
        for child in self.children[card]:
            if child == lifted:
                continue
            for s, col in enumerate(cols):
                if s != t and child in col:
                    j = col.index(child)
                    if j >= down[s]:
                        yield self._score(rows, downs, s, j), (s, t, len(col) - j, -1)
                    break
            else:
                if self.returns and found[child // 13] == child % 13 + 1:
                    yield -20, (-1, t, 1, child // 13)

    def _score(self, cols: tuple[tuple[int, ...], ...], down: tuple[int, ...], s: int, j: int) -> int:
        if j and j == down[s]:
            return 100 + 5 * down[s]  # turns a face-down card; deeper columns first
        if j == 0:
            return 40  # empties a column
        below, head = cols[s][j - 1], cols[s][j]
        if head in self.children[below]:
            return -40  # lifts a group off a card that already takes it
        return 0

    @staticmethod
    def apply(cols: tuple[tuple[int, ...], ...], down: tuple[int, ...], found: tuple[int, ...],
              move: Step) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
        source, target, count, suit = move
        c, d, f = list(cols), list(down), list(found)
        if source < 0:
            c[target] = (*c[target], suit * 13 + f[suit] - 1)
            f[suit] -= 1
            return c, d, f
        src = c[source]
        cut = len(src) - count
        group, c[source] = src[cut:], src[:cut]
        if target < 0:
            f[group[0] // 13] += 1
        else:
            c[target] = c[target] + group
        if d[source] and d[source] == cut:
            d[source] -= 1
        return c, d, f

    @staticmethod
    def as_move(move: Step) -> Move:
        source, target, count, suit = move
        if source < 0:
            return Move(FOUNDATION, target, 1, SUITS[suit])
        return Move(source, FOUNDATION if target < 0 else target, count)

    # -- the searches ----------------------------------------------------------------------------

    def start(self, state: YukonState) -> tuple[Position, list[Step]]:
        cols = [tuple(card_id(c) for c in col) for col in state.columns]
        down, found = list(state.hidden), list(state.foundations)
        prefix: list[Step] = []
        self.auto(cols, down, found, prefix)
        return (tuple(cols), tuple(down), tuple(found)), prefix

    def child(self, pos: Position, moves: Moves) -> tuple[Position, list[Step]]:
        for step in moves:
            c, d, f = self.apply(*pos, step)
            pos = (tuple(c), tuple(d), tuple(f))
        after = list(moves)
        self.auto(c, d, f, after)
        return (tuple(c), tuple(d), tuple(f)), after

    def _ordered(self, pos: Position) -> list[Moves]:
        scored = [(score, (step,)) for score, step in self.moves(*pos)]
        scored.sort(key=lambda sm: sm[0])
        return [m for _, m in scored]

    def depth_first(self, start: Position, prefix: list[Step]) -> Iterator[list[Step] | None]:
        """Yields None after each new position, then a winning path — or stops when all are searched."""
        seen = self.claimed
        positions, todos, steps = [start], [self._ordered(start)], [prefix]
        while todos:
            todo = todos[-1]
            if not todo:
                todos.pop()
                positions.pop()
                steps.pop()
                continue
            move = todo.pop()
            new, after = self.child(positions[-1], move)
            k = self.key(*new)
            if k in seen:
                continue
            seen.add(k)
            if sum(new[2]) == 52:
                yield [m for chunk in steps for m in chunk] + after
                return
            yield None
            if self.strategy != "plain" and self.pruned(positions[-1], move, new):
                continue
            positions.append(new)
            todos.append(self._ordered(new))
            steps.append(after)

    def restarts(self, start: Position, prefix: list[Step], first: int = 400,
                 growth: float = 1.6) -> Iterator[list[Step] | None]:
        """Depth-first searches that shuffle the ordering a little (a seeded jitter on each move's score) and
        give up after ``first`` new positions, then 1.6 times as many, and so on: when the usual ordering
        starts down a hopeless branch, a fresh start often finds a win quickly. Never proves a loss."""
        budget, run = first, 0
        while True:
            rng = Rng.derive("yukon-restart", run)
            seen = {self.key(*start)}
            positions, todos, steps = [start], [self._jittered(start, rng)], [prefix]
            used = 0
            while todos and used < budget:
                todo = todos[-1]
                if not todo:
                    todos.pop()
                    positions.pop()
                    steps.pop()
                    continue
                move = todo.pop()
                new, after = self.child(positions[-1], move)
                k = self.key(*new)
                if k in seen:
                    continue
                seen.add(k)
                used += 1
                if sum(new[2]) == 52:
                    yield [m for chunk in steps for m in chunk] + after
                    return
                yield None
                if self.pruned(positions[-1], move, new):
                    continue
                positions.append(new)
                todos.append(self._jittered(new, rng))
                steps.append(after)
            run += 1
            budget = int(budget * growth)

    def _jittered(self, pos: Position, rng: Rng) -> list[Moves]:
        scored = [(score + rng.below(60), (move,)) for score, move in self.moves(*pos)]
        scored.sort(key=lambda sm: sm[0])
        return [m for _, m in scored]

    def best_first(self, start: Position, prefix: list[Step], blocked_weight: int,
                   alone: bool = False, lifts_used: bool = False) -> Iterator[list[Step] | None]:
        """Expands the position that looks closest to a win: fewest face-down cards, most cards home,
        fewest cards lying on a lower card of their own suit (weighted by ``blocked_weight``)."""

        def estimate(pos: Position) -> int:
            cols, down, found = pos
            blocked = 0
            if blocked_weight:
                for col in cols:
                    low = [13, 13, 13, 13]
                    for cid in col:
                        suit, rank = divmod(cid, 13)
                        if low[suit] < rank:
                            blocked += 1
                        elif rank < low[suit]:
                            low[suit] = rank
            return 3 * sum(down) + 52 - sum(found) + blocked_weight * blocked

        seen = {self.key(*start)} if alone or lifts_used else self.claimed
        order = self.lifts_used if lifts_used else self._ordered
        parent: dict[int, tuple[int, list[Step]]] = {0: (-1, prefix)}
        heap: list[tuple[int, int, Position]] = [(estimate(start), 0, start)]
        serial = 0
        while heap:
            _, at, pos = heapq.heappop(heap)
            for move in order(pos):
                new, after = self.child(pos, move)
                k = self.key(*new)
                if k in seen:
                    continue
                seen.add(k)
                serial += 1
                parent[serial] = (at, after)
                if sum(new[2]) == 52:
                    path: list[Step] = []
                    node = serial
                    while node >= 0:
                        up, chunk = parent[node]
                        path[:0] = chunk
                        node = up
                    yield path
                    return
                yield None
                if not self.pruned(pos, move, new):
                    heapq.heappush(heap, (estimate(new), serial, new))

    def run(self, state: YukonState) -> Result:
        for result in self.iterate(state):
            if result is not None:
                return result
        raise AssertionError("the search always ends with a result")

    def iterate(self, state: YukonState) -> Iterator[Result | None]:
        """Yields None after every slice of positions (so a window can solve a little at a time) and
        finally the :class:`Result`."""
        started = time.perf_counter()
        start, prefix = self.start(state)
        if sum(start[2]) == 52:
            yield Result(WON, [self.as_move(m) for m in prefix], 0, time.perf_counter() - started)
            return
        if self.strategy != "plain" and self.dead(*start):
            yield Result(LOST, [], 0, time.perf_counter() - started)
            return
        # A portfolio taking turns, SLICE new positions at a time. The loss is proved once the two searches
        # sharing the claimed positions have both run out, or the lone one has; the search over lifts running
        # out proves nothing, and restarts never run out.
        self.claimed.add(self.key(*start))
        searches = [self.depth_first(start, prefix)]
        if self.strategy == "portfolio":
            searches += [self.best_first(start, prefix, 2), self.best_first(start, prefix, 0, alone=True),
                         self.best_first(start, prefix, 2, lifts_used=True),
                         self.restarts(start, prefix)]
        sharing = set(searches[:2])  # depth-first and the first best-first share what they claim
        alone = set(searches[2:3])  # the second best-first keeps its own: exhaustive by itself
        early = set(searches[3:4])  # the search over lifts with their use: its turns end at FULL_TURNS
        while True:
            for search in list(searches):
                if search in early and self.nodes >= FULL_TURNS:
                    searches.remove(search)
                    continue
                turn = SLICE
                if search not in sharing and self.nodes >= FULL_TURNS:
                    turn = max(SLICE // 8, SLICE * FULL_TURNS // self.nodes)
                for _ in range(turn):
                    try:
                        found = next(search)
                    except StopIteration:  # a search ran out of positions (restarts never do)
                        searches.remove(search)
                        sharing.discard(search)
                        if search in alone or (search not in early and not sharing):
                            yield Result(LOST, [], self.nodes, time.perf_counter() - started)
                            return
                        break
                    if found is not None:
                        yield Result(WON, [self.as_move(m) for m in found], self.nodes,
                                     time.perf_counter() - started)
                        return
                    self.nodes += 1
                    if self.nodes >= self.max_nodes or (
                        self.deadline is not None and self.nodes % 64 == 0 and time.perf_counter() > self.deadline
                    ):
                        yield Result(UNKNOWN, [], self.nodes, time.perf_counter() - started)
                        return
                yield None


# positions; 200,000 until solver 7 made a position about a third cheaper: an undecided deal costs what it did
DEFAULT_NODES = 300_000
STRATEGIES = ("portfolio", "plain")


def solve(state: YukonState, max_nodes: int = DEFAULT_NODES, max_seconds: float | None = None,
          strategy: str = "portfolio") -> Result:
    """Solve from ``state`` (which may be mid-game). No state is kept between calls.

    ``strategy="plain"`` is the baseline the benchmark compares against: depth-first alone, without the
    dead-position proof.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy '{strategy}'; use one of {', '.join(STRATEGIES)}")
    return _Search(state, max_nodes, max_seconds, strategy).run(state)


def solve_stepwise(state: YukonState, max_nodes: int = DEFAULT_NODES) -> Iterator[Result | None]:
    """Like :func:`solve`, a slice at a time: None until the final :class:`Result`."""
    return _Search(state, max_nodes, None).iterate(state)


FACE_DOWN = 52  # stands for a card whose face the search may not know (see nearest_progress)


@dataclass(frozen=True)
class Progress:
    """What :func:`nearest_progress` found. ``kind``: "found" (``first`` starts the shortest series of moves
    after which a card can be turned or sent home; ``moves`` counts that series with the move that turns or
    sends home), "none" (no series of moves ever turns a card or sends one home: the game cannot be won), or
    "budget" (the positions allowed were searched without an answer). ``counted`` is False when what was
    found sends a card home that the search's ``home_counts`` does not count (no move that counts was found)."""

    kind: str
    first: Move | None = None
    moves: int = 0
    counted: bool = True


def nearest_progress(state: YukonState, budget: int,
                     home_counts: Callable[[int, int, tuple[int, ...]], bool] | None = None) -> Progress:
    """Breadth-first over the moves that neither turn a face-down card nor send a card home, from ``state``,
    for the nearest position where one of those can be made. The face-down cards are never read (each stands
    as :data:`FACE_DOWN`): the search sees what the player sees, so it may run on an observation's stand-ins.
    With ``home_counts(suit, rank, foundations)`` (suit 0–3, rank 0-based, cards home per suit) a card sent
    home counts only where it says so, or where that move turns a card too: the search goes on past the nearest
    other card home (no step on the way) for the nearest move that counts, and gives the nearest other card
    home (``counted`` False) only when it finds none — in one pass over the same positions.

    Why "none" is a proof: the search is exhaustive over every position reachable without turning a card or
    sending one home (returns from the foundations included, when allowed); the positions it leaves out are
    the column orders of one it has (the rules never depend on the order) and a whole column moved to an
    empty one (the same position). A game that is not won needs a card sent home, so if no reachable
    position allows one — nor a turn, which could bring a new card into play — the game is lost."""
    search = _Search(state, budget, None)
    cols = tuple(tuple(FACE_DOWN if i < down else card_id(c) for i, c in enumerate(col))
                 for col, down in zip(state.columns, state.hidden, strict=True))
    start: Position = (cols, tuple(state.hidden), tuple(state.foundations))
    seen = {search.key(*start)}
    queue: deque[tuple[Position, Step | None, int]] = deque([(start, None, 0)])
    uncounted: Progress | None = None  # the nearest card home that ``home_counts`` does not count
    while queue:
        pos, first, depth = queue.popleft()
        for _, step in search.moves(*pos):
            source, target, count, _ = step
            turns = source >= 0 and 0 < len(pos[0][source]) - count == pos[1][source]
            if source >= 0 and (target < 0 or turns):
                if first is None:
                    continue  # progress at once is the caller's to see
                if home_counts is not None and not turns and not home_counts(*divmod(pos[0][source][-1], 13),
                                                                             pos[2]):
                    uncounted = uncounted or Progress("found", search.as_move(first), depth + 1, counted=False)
                    continue
                return Progress("found", search.as_move(first), depth + 1)  # home, or turning a card
            c, d, f = search.apply(*pos, step)
            new = (tuple(c), tuple(d), tuple(f))
            k = search.key(*new)
            if k in seen:
                continue
            if len(seen) >= budget:
                return uncounted or Progress("budget")
            seen.add(k)
            queue.append((new, first or step, depth + 1))
    return uncounted or Progress("none")
