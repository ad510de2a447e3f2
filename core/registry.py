"""The registries the hooks hand to plugins; each one collects a single plugin's registrations."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Container
from dataclasses import dataclass

from core.game import GameSpec
from core.text import Text, TextError


class RegistrationError(TextError, ValueError):
    """A registration the host refuses (duplicate id, unknown base game, wrong type), said in both languages."""


_NOT_A_SPEC = Text("{call} takes a GameSpec, not {kind}", "{call} に渡せるのは GameSpec だけです（{kind} でなく）")
_TAKEN = Text("{what} '{id}' is already registered by another plugin", "{what} '{id}' は別のプラグインが登録済みです")


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
            raise RegistrationError(_NOT_A_SPEC.format(call="games.add()", kind=type(spec).__name__))
        if spec.variant_of is not None:
            raise RegistrationError(Text("'{id}' is a variant: register it in cardtable_register_variants",
                                          "'{id}' はバリアント: cardtable_register_variants で登録してください"
                                          ).format(id=spec.id))
        if spec.id in self._taken or any(g.id == spec.id for g in self.added):
            raise RegistrationError(_TAKEN.format(what=Text("game id", "ゲーム ID"), id=spec.id))
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
            raise RegistrationError(_NOT_A_SPEC.format(call="variants.add()", kind=type(spec).__name__))
        if spec.variant_of is None:
            raise RegistrationError(Text("variant '{id}' must name its base game in variant_of",
                                          "バリアント '{id}' は variant_of に元のゲームを書いてください"
                                          ).format(id=spec.id))
        if spec.variant_of not in self._games:
            raise RegistrationError(Text("variant '{id}' needs the game '{base}', which no loaded plugin provides",
                                          "バリアント '{id}' にはゲーム '{base}' が必要ですが、"
                                          "読み込めたプラグインのどれにもありません"
                                          ).format(id=spec.id, base=spec.variant_of))
        if spec.id in self._taken or any(v.id == spec.id for v in self.added):
            raise RegistrationError(_TAKEN.format(what="id", id=spec.id))
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
            raise RegistrationError(Text("command '{name}' is already taken", "コマンド '{name}' は使用済みです"
                                          ).format(name=name))
        self.added.append(Command(name, help, configure, run))
