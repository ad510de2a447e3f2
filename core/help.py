"""Rules help: each game's rules as Markdown in its plugin's package data, one file per language, and the
section the shell adds after them saying which options this game is played with and what each means.

A plugin lists its files in ``GameSpec.help``::

    help=RulesText("plugins.euchre", {"en": "help/rules.en.md", "ja": "help/rules.ja.md"})

and ships them as package data. The help window (F1, or the Help button) shows the text in the interface's
language (English when a language has no file) followed by :func:`options_markdown` for the settings in play.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from core.settings import CUSTOM_LABEL, Choice, Number, SettingsSchema, Toggle
from core.text import Text, TextError, os_reason


class HelpUnavailable(TextError):
    """The rules text cannot be read (a plugin shipped without its files); the reason says which file, and why."""


@dataclass(frozen=True)
class RulesText:
    """Where a game's rules text lives: ``files`` maps a language (``"en"``, ``"ja"``) to a path inside the
    package ``package``. English is required; another language falls back to English."""

    package: str
    files: Mapping[str, str]

    def __post_init__(self) -> None:
        if not isinstance(self.package, str) or not self.package:
            raise ValueError("help: package must be the plugin's package name")
        if not isinstance(self.files, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) and v for k, v in self.files.items()):
            raise ValueError("help: files must map a language to a file in the package")
        if "en" not in self.files:
            raise ValueError("help: an English text ('en') is required")

    def _beside(self, name: str, target: str) -> Traversable | None:
        """The file ``target`` names, relative to rules file ``name``, inside the package (zipped or not); ``None``
        for a target that is no file of the package (a web address, an absolute path, one leading out of it)."""
        if "://" in target or target.startswith(("/", "data:")):
            return None
        place = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
        if place == ".." or place.startswith("../"):
            return None
        try:
            return resources.files(self.package).joinpath(*place.split("/"))
        except (ModuleNotFoundError, TypeError):
            return None

    def picture(self, language: str, target: str) -> bytes | None:
        """The picture ``target`` the rules page in ``language`` shows (``![The layout](layout.png)`` beside
        ``rules.en.md``), read from the package; ``None`` when it is not there."""
        place = self._beside(self.files.get(language) or self.files["en"], target)
        try:
            return place.read_bytes() if place is not None and place.is_file() else None
        except OSError:
            return None

    def missing_pictures(self) -> list[str]:
        """The pictures a rules file shows (relative paths) that are not beside it: left out of the package."""
        missing = []
        for language, name in self.files.items():
            try:
                markdown = self.read(language)
            except HelpUnavailable:
                continue  # named on its own
            for target in _PICTURE.findall(markdown):
                place = self._beside(name, target)
                if place is not None and not place.is_file():
                    missing.append(f"{name} shows {target}")
        return missing

    def read(self, language: str) -> str:
        """The Markdown text in ``language`` (English when there is none); :class:`HelpUnavailable` if the file
        is missing or unreadable."""
        name = self.files.get(language) or self.files["en"]
        try:
            return joined_lines(resources.files(self.package).joinpath(name).read_text(encoding="utf-8"))
        except OSError as error:
            why = os_reason(error)
        except ModuleNotFoundError:
            why = Text("the package is not installed", "パッケージがインストールされていません")
        except TypeError:  # Python 3.11 on a plain module (3.12 reads beside it)
            why = Text(f"{self.package} is a module, not a package (a folder with __init__.py)",
                       f"{self.package} はパッケージ（__init__.py のあるフォルダー）ではなくモジュールです")
        except UnicodeDecodeError:
            why = Text("it is not UTF-8 text", "UTF-8 のテキストではありません")
        unreadable = Text("the rules text {file} cannot be read ({why})",
                          "ルールの説明 {file} を読み込めません（{why}）")
        raise HelpUnavailable(unreadable.format(file=f"{self.package}/{name}", why=why))


_PICTURE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")  # ![words](target "title")
_BLOCK = re.compile(r"\s*(#|[-*+] |\d+[.)] |\||>|```)")


def _wide(char: str) -> bool:
    """A character of Japanese (or other East Asian) text, written without spaces between words."""
    return char >= "\u2e80"


def joined_lines(markdown: str) -> str:
    """``markdown`` with the line breaks inside a paragraph or list item removed where the text on either side
    is Japanese: Markdown turns such a break into a space, which Japanese does not have. English is unchanged."""
    out: list[str] = []
    for line in markdown.split("\n"):
        body = line.strip()
        previous = out[-1].rstrip() if out else ""
        continues = bool(body) and bool(previous) and not _BLOCK.match(line)
        bare_previous = previous.rstrip("*_`")  # emphasis closing at the end of the line
        bare_body = body.lstrip("*_`")
        if continues and not previous.lstrip().startswith(("#", "|")) and bare_previous and bare_body \
                and (_wide(bare_previous[-1]) or _wide(bare_body[0])):
            out[-1] = previous + body
        else:
            out.append(line)
    return "\n".join(out)


ON, OFF = Text("on", "オン"), Text("off", "オフ")


def _value_words(option: Toggle | Choice | Number, value: Any) -> Text:
    if isinstance(option, Toggle):
        return ON if value else OFF
    if isinstance(option, Choice):
        return next((label for key, label in option.choices if key == value), Text(str(value)))
    return Text(str(value))


def options_markdown(schema: SettingsSchema, settings: Mapping[str, Any]) -> Text:
    """A Markdown section: the preset (if the settings match one) and every option that applies with its value
    and what it means, in both languages; nothing for a game without options."""
    if not schema.options:
        return Text("")  # a game without options: no heading over nothing
    values = schema.checked(settings)
    lines_en = ["## The rules chosen for this game", ""]
    lines_ja = ["## このゲームの設定", ""]
    if schema.presets:
        preset_id = schema.preset_of(values)
        label = next((p.label for p in schema.presets if p.id == preset_id), CUSTOM_LABEL)
        lines_en += [f"Preset: **{label.en}**", ""]
        lines_ja += [f"プリセット: **{label.get('ja')}**", ""]
    for option in schema.options:
        if not schema.applies(option.key, values):
            continue  # Yukon's deal number while deals are random: not a rule of this game
        words = _value_words(option, values[option.key])
        lines_en.append(f"- **{option.label.en}: {words.en}** — {option.help.en}".rstrip(" —"))
        lines_ja.append(f"- **{option.label.get('ja')}: {words.get('ja')}** — {option.help.get('ja')}".rstrip(" —"))
    return Text("\n".join(lines_en) + "\n", "\n".join(lines_ja) + "\n")
