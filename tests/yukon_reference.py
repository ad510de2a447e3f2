"""Yukon's moves written a second time, straight from ``shared/spec/yukon.md``, sharing no code with
``plugins/``: cards are two-letter texts, columns lists of cards that know whether they lie face up, a move
the text a save uses (``3.2>5``, ``3>F``, ``F.H>5``). ``tests/test_yukon_reference.py`` plays the plugin and
this reading side by side.
"""

from __future__ import annotations

from dataclasses import dataclass

RANKS = "A23456789TJQK"
RED = "HD"


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def takes(russian: bool, front: str | None, head: str) -> bool:
    """Whether a column whose front card is ``front`` (None: empty) accepts a group headed by ``head``."""
    if front is None:
        return head[0] == "K"
    if rank(head) != rank(front) - 1:
        return False
    return head[1] == front[1] if russian else (head[1] in RED) != (front[1] in RED)


@dataclass
class Placed:
    card: str
    face_up: bool


class Position:
    """Seven columns of placed cards (front card last) and the foundations' top rank per suit."""

    def __init__(self, columns: list[list[str]], face_down: list[int], russian: bool, returns: bool) -> None:
        self.columns = [[Placed(card, i >= down) for i, card in enumerate(column)]
                        for column, down in zip(columns, face_down, strict=True)]
        self.home = dict.fromkeys("SHDC", 0)
        self.russian, self.returns = russian, returns

    def front(self, column: int) -> str | None:
        return self.columns[column][-1].card if self.columns[column] else None

    def legal(self) -> set[str]:
        if all(top == 13 for top in self.home.values()):
            return set()
        moves = set()
        for source, column in enumerate(self.columns):
            if column and rank(column[-1].card) == self.home[column[-1].card[1]] + 1:
                moves.add(f"{source + 1}>F")
            for count in range(1, len(column) + 1):
                head = column[len(column) - count]
                if not head.face_up:
                    break
                moves |= {f"{source + 1}.{count}>{target + 1}" for target in range(7)
                          if target != source and takes(self.russian, self.front(target), head.card)}
        if self.returns:
            for suit, top in self.home.items():
                if top:
                    card = RANKS[top - 1] + suit
                    moves |= {f"F.{suit}>{target + 1}" for target in range(7)
                              if takes(self.russian, self.front(target), card)}
        return moves

    def apply(self, move: str) -> None:
        assert move in self.legal(), f"{move} is not allowed: {sorted(self.legal())}"
        source, target = move.split(">")
        if source.startswith("F."):
            suit = source[2]
            self.columns[int(target) - 1].append(Placed(RANKS[self.home[suit] - 1] + suit, True))
            self.home[suit] -= 1
            return
        column, _, count = source.partition(".")
        cards = self.columns[int(column) - 1]
        group = cards[len(cards) - int(count or 1):]
        del cards[len(cards) - len(group):]
        if target == "F":
            self.home[group[0].card[1]] += 1
        else:
            self.columns[int(target) - 1].extend(group)
        if cards:
            cards[-1].face_up = True  # a face-down card left in front turns face up by itself

    def won(self) -> bool:
        return all(top == 13 for top in self.home.values())
