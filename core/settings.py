"""Declarative settings: options (toggle, choice, number), named presets and Custom, and validation.

The shell builds the settings dialog from a :class:`SettingsSchema`; plugins write no dialog code. Changed
settings start a new game, except options declared ``at_once`` (how the table plays, such as Yukon's safe cards
going home by themselves), which apply to the game in progress. An option may declare ``applies_when``: the
values of other options under which it means something (Yukon's deal number only when deals are chosen by
number); otherwise the dialog shows it greyed out, its value kept for when it applies again.
Two ways to check values, for two kinds of caller:

- a person's file (:meth:`SettingsSchema.validate`) never raises: a bad value becomes the default plus a
  clear message;
- code (:meth:`SettingsSchema.checked`, used by every ``Rules.new_game`` / ``from_deal``) gets a
  :class:`SettingsError` naming each unknown key and each bad value, never a silent default.

A schema checks its own declaration when it is built (a default outside its range, a number the dialog
cannot show, a label that is not :class:`~core.text.Text`), so a plugin with a bad schema is reported when
it registers, not when the dialog opens.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core.text import Text

CUSTOM = "custom"
CUSTOM_LABEL = Text("Custom", "自分で設定")
CPU_STRENGTHS = (("easy", Text("Easy", "やさしい")), ("normal", Text("Normal", "ふつう")),
                 ("hard", Text("Hard", "つよい")))
"""The CPU strengths every card game offers, as :class:`Choice` options."""
NUMBER_LIMIT = 2**31 - 1  # the settings dialog's number box holds 32-bit integers


class SettingsError(ValueError):
    """Values that do not fit a game's schema, from code; the message names every bad key."""


def _check_declaration(key: Any, label: Any, help_text: Any, at_once: Any, applies_when: Any) -> None:
    if not isinstance(key, str) or not key:
        raise ValueError(f"an option key must be a non-empty string, not {key!r}")
    if not isinstance(label, Text) or not isinstance(help_text, Text):
        raise ValueError(f"option '{key}': label and help must be Text (English and Japanese), not plain strings")
    if not isinstance(at_once, bool):
        raise ValueError(f"option '{key}': at_once must be True or False, not {at_once!r}")
    if not isinstance(applies_when, Mapping) or not all(
            isinstance(other, str) and isinstance(values, tuple) and values for other, values in applies_when.items()):
        raise ValueError(f"option '{key}': applies_when must map option keys to tuples of their values, "
                         f"not {applies_when!r}")


@dataclass(frozen=True)
class Toggle:
    key: str
    label: Text
    default: bool = False
    help: Text = Text("")
    at_once: bool = False  # how the table plays, not the game: a change applies to the game in progress
    applies_when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)  # other options' values it needs

    def __post_init__(self) -> None:
        _check_declaration(self.key, self.label, self.help, self.at_once, self.applies_when)
        if not isinstance(self.default, bool):
            raise ValueError(f"toggle '{self.key}': default must be True or False, not {self.default!r}")

    def check(self, value: Any) -> Text | None:
        return None if isinstance(value, bool) else Text("must be true or false", "true か false のどちらかです")


@dataclass(frozen=True)
class Choice:
    key: str
    label: Text
    choices: tuple[tuple[Any, Text], ...]
    default: Any
    help: Text = Text("")
    at_once: bool = False
    applies_when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_declaration(self.key, self.label, self.help, self.at_once, self.applies_when)
        if not self.choices or not all(isinstance(c, tuple) and len(c) == 2 and isinstance(c[1], Text)
                                       for c in self.choices):
            raise ValueError(f"choice '{self.key}': choices must be (value, Text) pairs, at least one")
        if any(type(value) is not type(self.default) for value in self.values):
            raise ValueError(f"choice '{self.key}': every value must have the default's type")
        if len(set(self.values)) != len(self.values):
            raise ValueError(f"choice '{self.key}': two choices have the same value")
        if self.default not in self.values:
            raise ValueError(f"choice '{self.key}': default {self.default!r} is not one of its values")

    @property
    def values(self) -> tuple[Any, ...]:
        return tuple(value for value, _ in self.choices)

    def check(self, value: Any) -> Text | None:
        if value in self.values and type(value) is type(self.default):
            return None
        return Text("must be one of {values}", "{values} のいずれかです").format(
            values=", ".join(repr(v) for v in self.values))


@dataclass(frozen=True)
class Number:
    key: str
    label: Text
    default: int
    minimum: int
    maximum: int
    help: Text = Text("")
    at_once: bool = False
    applies_when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_declaration(self.key, self.label, self.help, self.at_once, self.applies_when)
        for name in ("default", "minimum", "maximum"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"number '{self.key}': {name} must be a whole number, not {value!r}")
            if not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
                raise ValueError(f"number '{self.key}': {name} {value} is beyond what the settings dialog can show "
                                 f"(±{NUMBER_LIMIT})")
        if not self.minimum <= self.default <= self.maximum:
            raise ValueError(f"number '{self.key}': default {self.default} is outside {self.minimum}..{self.maximum}")

    def check(self, value: Any) -> Text | None:
        if isinstance(value, int) and not isinstance(value, bool) and self.minimum <= value <= self.maximum:
            return None
        return Text("must be a whole number from {low} to {high}", "{low}から{high}までの整数です").format(
            low=self.minimum, high=self.maximum)


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
        if not all(isinstance(o, Toggle | Choice | Number) for o in self.options):
            raise ValueError("settings schema options must be Toggle, Choice or Number")
        keys = [o.key for o in self.options]
        if len(set(keys)) != len(keys):
            raise ValueError("settings schema has two options with the same key")
        if not all(isinstance(preset, Preset) and isinstance(preset.label, Text) for preset in self.presets):
            raise ValueError("presets must be Preset objects with a Text label")
        ids = [p.id for p in self.presets]
        if len(set(ids)) != len(ids):
            raise ValueError("settings schema has two presets with the same id")
        for option in self.options:
            for other, values in option.applies_when.items():
                if other not in keys or other == option.key:
                    raise ValueError(f"option '{option.key}' applies when '{other}' has certain values, "
                                     f"but '{other}' is not another option")
                problems = [self.option(other).check(value) for value in values]
                if any(problems):
                    raise ValueError(f"option '{option.key}' applies when {other} is one of {values!r}, but "
                                     f"{other} {next(p for p in problems if p)}")
        for preset in self.presets:
            if preset.id == CUSTOM:
                raise ValueError("'custom' is reserved for hand-set options")
            for key, value in preset.values.items():
                if key not in keys:
                    raise ValueError(f"preset '{preset.id}' sets '{key}', which is not an option")
                problem = self.option(key).check(value)
                if problem:
                    raise ValueError(f"preset '{preset.id}': {key} {problem}")

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    def applies(self, key: str, values: Mapping[str, Any]) -> bool:
        """Whether option ``key`` means something under ``values`` (each option it ``applies_when`` holds one of
        the listed values)."""
        return all(values.get(other) in allowed for other, allowed in self.option(key).applies_when.items())

    def defaults(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def needs_new_game(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
        """Whether going from ``old`` to ``new`` values changes an option that is not ``at_once`` (the game's
        rules or its deal): then a new game starts; otherwise the game in progress goes on with ``new``."""
        return any(old.get(o.key) != new.get(o.key) for o in self.options if not o.at_once)

    def validate(self, raw: Mapping[str, Any]) -> tuple[dict[str, Any], list[Text]]:
        """Clean values for every option, and one message per unknown key or bad value (which gets the default)."""
        values = self.defaults()
        problems: list[Text] = []
        known = set(values)
        for key, value in raw.items():
            if key not in known:
                problems.append(Text("unknown setting '{key}' ignored; known: {known}",
                                     "知らない設定「{key}」は使いません（設定は {known}）").format(
                    key=key, known=", ".join(sorted(known))))
                continue
            option = self.option(key)
            problem = option.check(value)
            if problem:
                problems.append(Text("setting '{key}' = {value} {problem}; using {default}",
                                     "設定「{key}」の {value} は使えません（{problem}）。{default} を使います").format(
                    key=key, value=repr(value), problem=problem, default=repr(option.default)))
            else:
                values[key] = value
        return values, problems

    def checked(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Values for every option: ``raw`` over the defaults (an option ``raw`` leaves out keeps its default).
        Raises :class:`SettingsError` naming each unknown key and each bad value."""
        if not isinstance(raw, Mapping):
            raise SettingsError(f"settings must be a mapping of option to value, not {type(raw).__name__}")
        values = self.defaults()
        problems = []
        for key, value in raw.items():
            if key not in values:
                problems.append(f"unknown setting '{key}' (known: {', '.join(sorted(values))})")
                continue
            problem = self.option(key).check(value)
            if problem:
                problems.append(f"setting '{key}' = {value!r} {problem}")
            else:
                values[key] = value
        if problems:
            raise SettingsError("; ".join(problems))
        return values

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
