"""Declarative settings: options (toggle, choice, number), named presets and Custom, and validation.

The shell builds the settings dialog from a :class:`SettingsSchema`; plugins write no dialog code.
Validation never raises for a person's mistake: a bad value becomes the default plus a clear message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core.text import Text

CUSTOM = "custom"
CUSTOM_LABEL = Text("Custom", "自分で設定")


@dataclass(frozen=True)
class Toggle:
    key: str
    label: Text
    default: bool = False
    help: Text = Text("")

    def check(self, value: Any) -> str | None:
        return None if isinstance(value, bool) else "must be true or false"


@dataclass(frozen=True)
class Choice:
    key: str
    label: Text
    choices: tuple[tuple[Any, Text], ...]
    default: Any
    help: Text = Text("")

    def __post_init__(self) -> None:
        if self.default not in self.values:
            raise ValueError(f"choice '{self.key}': default {self.default!r} is not one of its values")

    @property
    def values(self) -> tuple[Any, ...]:
        return tuple(value for value, _ in self.choices)

    def check(self, value: Any) -> str | None:
        if value in self.values and type(value) is type(self.default):
            return None
        return "must be one of " + ", ".join(repr(v) for v in self.values)


@dataclass(frozen=True)
class Number:
    key: str
    label: Text
    default: int
    minimum: int
    maximum: int
    help: Text = Text("")

    def check(self, value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and self.minimum <= value <= self.maximum:
            return None
        return f"must be a whole number from {self.minimum} to {self.maximum}"


Option = Toggle | Choice | Number


@dataclass(frozen=True)
class Preset:
    """A named set of fixed option values; options it does not name stay as the player set them."""

    id: str
    label: Text
    values: Mapping[str, Any] = field(default_factory=dict)
    help: Text = Text("")


@dataclass(frozen=True)
class SettingsSchema:
    options: tuple[Option, ...] = ()
    presets: tuple[Preset, ...] = ()

    def __post_init__(self) -> None:
        keys = [o.key for o in self.options]
        if len(set(keys)) != len(keys):
            raise ValueError("settings schema has two options with the same key")
        for preset in self.presets:
            if preset.id == CUSTOM:
                raise ValueError("'custom' is reserved for hand-set options")
            for key, value in preset.values.items():
                problem = self.option(key).check(value)
                if problem:
                    raise ValueError(f"preset '{preset.id}': {key} {problem}")

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    def defaults(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def validate(self, raw: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """Clean values for every option, and one message per unknown key or bad value (which gets the default)."""
        values = self.defaults()
        problems: list[str] = []
        known = set(values)
        for key, value in raw.items():
            if key not in known:
                problems.append(f"unknown setting '{key}' ignored; known: {', '.join(sorted(known))}")
                continue
            option = self.option(key)
            problem = option.check(value)
            if problem:
                problems.append(f"setting '{key}' = {value!r} {problem}; using {option.default!r}")
            else:
                values[key] = value
        return values, problems

    def preset_of(self, values: Mapping[str, Any]) -> str:
        """The id of the first preset whose values all match, else ``"custom"``."""
        for preset in self.presets:
            if all(values.get(k) == v for k, v in preset.values.items()):
                return preset.id
        return CUSTOM

    def with_preset(self, values: Mapping[str, Any], preset_id: str) -> dict[str, Any]:
        """``values`` with the preset's options filled in (``"custom"`` changes nothing)."""
        result = dict(values)
        if preset_id != CUSTOM:
            for preset in self.presets:
                if preset.id == preset_id:
                    result.update(preset.values)
                    break
            else:
                raise KeyError(f"no preset '{preset_id}'")
        return result
