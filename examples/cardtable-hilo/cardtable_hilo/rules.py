"""Higher or Lower: guess whether the next card of a shuffled deck ranks higher or lower.

One face-up card; the player says ``higher`` or ``lower``; the next card is turned. A tie counts as
right. Ten right guesses in a row win; one wrong guess loses. Aces are low.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from core.plugin import Card, IllegalMove, Outcome, Rng, full_deck

GOAL = 10
MOVES = ("higher", "lower")


@dataclass(frozen=True, slots=True)
class State:
    deck: tuple[Card, ...]
    turned: int = 1  # how many cards are face up; the last of them is the current card
    lost: bool = False

    @property
    def right(self) -> int:
        return self.turned - 1 - int(self.lost)

    @property
    def over(self) -> bool:
        return self.lost or self.right >= GOAL


@dataclass(frozen=True, slots=True)
class Observation:
    current: Card
    seen: tuple[Card, ...]
    right: int
    goal: int = GOAL


def _correct(guess: str, old: Card, new: Card) -> bool:
    return new.rank >= old.rank if guess == "higher" else new.rank <= old.rank


class HiLoRules:
    def new_game(self, settings: Mapping[str, Any], seed: int) -> State:
        deck = full_deck()
        Rng(seed).shuffle(deck)
        return State(tuple(deck))

    def from_deal(self, settings: Mapping[str, Any], deal: Mapping[str, Any]) -> State:
        cards = tuple(Card.parse(text) for text in deal["cards"])
        if len(cards) < GOAL + 1 or len(set(cards)) != len(cards):
            raise ValueError(f"a deal needs at least {GOAL + 1} different cards")
        return State(cards)

    def legal_moves(self, state: State) -> Sequence[str]:
        return () if state.over else MOVES

    def apply(self, state: State, move: str) -> State:
        if state.over:
            raise IllegalMove("the game is over")
        if move not in MOVES:
            raise IllegalMove(f"'{move}' is not a guess: say higher or lower")
        old, new = state.deck[state.turned - 1], state.deck[state.turned]
        return replace(state, turned=state.turned + 1, lost=not _correct(move, old, new))

    def to_move(self, state: State) -> int | None:
        return None if state.over else 0

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        won = not state.lost
        summary = f"{'won' if won else 'lost'} with {state.right} right guesses"
        return Outcome((0,) if won else (), (state.right,), summary)

    def observation(self, state: State, seat: int) -> Observation:
        seen = state.deck[: state.turned]
        return Observation(seen[-1], seen, state.right)

    def hidden_from(self, state: State, seat: int) -> frozenset[str]:
        return frozenset(card.text for card in state.deck[state.turned :])

    def state_to_json(self, state: State) -> dict[str, Any]:
        return {"deck": [c.text for c in state.deck], "turned": state.turned, "lost": state.lost}

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return State(tuple(Card.parse(t) for t in data["deck"]), int(data["turned"]), bool(data["lost"]))

    def move_text(self, move: str) -> str:
        return move

    def parse_move(self, text: str) -> str:
        move = text.strip().lower()
        if move not in MOVES:
            raise IllegalMove(f"'{text}' is not a guess: say higher or lower")
        return move

    def may_undo(self, state: State, move: str) -> bool:
        return False  # the next card has been seen


def best_guess(observation: Observation) -> tuple[str, float]:
    """The guess most likely to be right given the cards still unseen, and its chance."""
    unseen = [c for c in full_deck() if c not in observation.seen]
    rank = observation.current.rank
    higher = sum(c.rank >= rank for c in unseen) / len(unseen)
    lower = sum(c.rank <= rank for c in unseen) / len(unseen)
    return ("higher", higher) if higher >= lower else ("lower", lower)


class CountingPlayer:
    """Counts the cards seen so far and takes the likelier guess."""

    def choose(self, observation: Observation, legal_moves: Sequence[str], rng: Rng) -> str:
        return best_guess(observation)[0]
