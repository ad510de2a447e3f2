"""The registries the hooks hand to plugins; each one collects a single plugin's registrations."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Container
from dataclasses import dataclass

from core.game import GameSpec


class RegistrationError(ValueError):
    """A registration the host refuses (duplicate id, unknown base game, wrong type)."""


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    plugin: str = ""


class GameRegistry:
    """Handed to ``cardtable_register_games``."""

    def __init__(self, taken: Container[str]) -> None:
        self._taken = taken
        self.added: list[GameSpec] = []

    def add(self, spec: GameSpec) -> None:
        if not isinstance(spec, GameSpec):
            raise RegistrationError(f"games.add() takes a GameSpec, not {type(spec).__name__}")
        if spec.variant_of is not None:
            raise RegistrationError(f"'{spec.id}' is a variant: register it in cardtable_register_variants")
        if spec.id in self._taken or any(g.id == spec.id for g in self.added):
            raise RegistrationError(f"game id '{spec.id}' is already registered by another plugin")
        self.added.append(spec)


class VariantRegistry:
    """Handed to ``cardtable_register_variants``; knows which base games exist."""

    def __init__(self, games: Container[str], taken: Container[str]) -> None:
        self._games = games
        self._taken = taken
        self.added: list[GameSpec] = []

    def has_game(self, game_id: str) -> bool:
        return game_id in self._games

    def add(self, spec: GameSpec) -> None:
        if not isinstance(spec, GameSpec):
            raise RegistrationError(f"variants.add() takes a GameSpec, not {type(spec).__name__}")
        if spec.variant_of is None:
            raise RegistrationError(f"variant '{spec.id}' must name its base game in variant_of")
        if spec.variant_of not in self._games:
            raise RegistrationError(
                f"variant '{spec.id}' needs the game '{spec.variant_of}', which no loaded plugin provides"
            )
        if spec.id in self._taken or any(v.id == spec.id for v in self.added):
            raise RegistrationError(f"id '{spec.id}' is already registered by another plugin")
        self.added.append(spec)


class CommandRegistry:
    """Handed to ``cardtable_register_commands``."""

    def __init__(self, taken: Container[str]) -> None:
        self._taken = taken
        self.added: list[Command] = []

    def add(
        self,
        name: str,
        help: str,
        configure: Callable[[argparse.ArgumentParser], None],
        run: Callable[[argparse.Namespace], int],
    ) -> None:
        if name in self._taken or any(c.name == name for c in self.added):
            raise RegistrationError(f"command '{name}' is already taken")
        self.added.append(Command(name, help, configure, run))
