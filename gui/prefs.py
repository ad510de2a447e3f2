"""The shell's own preferences (language, card theme, table colour, table text size, animations, sound) as validated
JSON in the config folder.

A damaged file is moved aside and reported once (``ShellPrefs.problem``); the defaults take its place (of a value
this version cannot use, that value's default, and the others are written afresh). A file a newer Card Table wrote (a
higher ``format_version``) is never moved aside: the values this version understands are used, and saving keeps what
it does not understand — other keys, a value it cannot use and the player did not change, the newer format's number —
so going back to the newer version loses nothing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from core.paths import config_dir
from core.storage import BadFile, move_aside, newer_format, read_json_file, write_json_atomic
from core.text import Text, os_reason

FELT_NAMES = ("green", "blue", "grey")  # the table colours (``gui.theme.FELTS``), the first the default
TABLE_TEXT_NAMES = ("normal", "large", "larger")  # the table's text sizes (``gui.theme.TABLE_TEXT``), default first
FORMAT_VERSION = 1


@dataclass
class ShellPrefs:
    language: str = "en"
    card_theme: str = "classic"
    felt: str = FELT_NAMES[0]
    table_text: str = TABLE_TEXT_NAMES[0]
    animations: bool = True
    sound: bool = False  # off by default, as both seed pages say
    problem: Text | None = None  # what was wrong with the file, for the launcher to show; never saved
    # the file as read and the values taken from it, so a save keeps what only a newer version understands
    _read: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    _taken: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    _unwritten: bool = field(default=False, repr=False, compare=False)  # the last save failed (a full disk)

    @classmethod
    def load(cls, first_language: str = "en") -> ShellPrefs:
        """The saved preferences; the language is ``first_language`` (the desktop's, when Card Table speaks it)
        while none is saved."""
        path = config_dir() / "shell.json"
        prefs = cls(language=first_language if first_language in ("en", "ja") else "en")
        if not path.exists():
            return prefs
        try:
            data = read_json_file(path)
        except BadFile as error:
            return prefs.set_aside(Text("the interface preferences cannot be read: {why}",
                                        "画面の設定を読み込めません: {why}").format(why=error.reason))
        if not isinstance(data, dict):
            return prefs.set_aside(Text("the interface preferences file is damaged",
                                        "画面の設定ファイルが壊れています"))
        bad: list[str] = []
        if data.get("language", prefs.language) in ("en", "ja"):
            prefs.language = data.get("language", prefs.language)
        else:
            bad.append("language")
        if isinstance(data.get("card_theme", ""), str) and len(data.get("card_theme", "")) < 200:
            prefs.card_theme = data.get("card_theme") or prefs.card_theme
        else:
            bad.append("card_theme")
        for key, names in (("felt", FELT_NAMES), ("table_text", TABLE_TEXT_NAMES)):
            if data.get(key, getattr(prefs, key)) in names:
                setattr(prefs, key, data.get(key, getattr(prefs, key)))
            else:
                bad.append(key)
        for key in ("animations", "sound"):
            value = data.get(key, getattr(prefs, key))
            if isinstance(value, bool):
                setattr(prefs, key, value)
            else:
                bad.append(key)
        if not bad or newer_format(data, FORMAT_VERSION) is not None:
            prefs._read, prefs._taken = data, prefs._values()
            return prefs
        prefs.set_aside(Text("bad interface preferences ({keys})", "画面の設定に使えない値があります（{keys}）")
                        .format(keys=", ".join(bad)), only_those=True)
        prefs.save()  # the good ones, for the next start too (without a file, the defaults)
        return prefs

    def set_aside(self, problem: Text, only_those: bool = False) -> ShellPrefs:
        """The file moved aside, and ``problem`` said with where it went; the defaults are used (``only_those``: for
        the values ``problem`` names)."""
        path = config_dir() / "shell.json"
        defaults = (Text("those take their defaults", "それらは既定の設定を使います") if only_those
                    else Text("the defaults are used", "既定の設定を使います"))
        try:
            moved = move_aside(path)
        except OSError as error:
            self.problem = Text("{problem}; the file could not be moved aside ({why}); {defaults}",
                                "{problem}。ファイルをよけておけませんでした（{why}）。{defaults}").format(
                problem=problem, why=os_reason(error), defaults=defaults)
        else:
            self.problem = Text("{problem}; it was moved to {name}, and {defaults}",
                                "{problem}。{name} に移しました。{defaults}").format(
                problem=problem, name=moved.name, defaults=defaults)
        return self

    def _values(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k != "problem" and not k.startswith("_")}

    def save(self) -> None:
        values = self._values()
        changed = {k: v for k, v in values.items() if k not in self._read or v != self._taken.get(k)}
        written = {**self._read, "format_version": newer_format(self._read, FORMAT_VERSION) or FORMAT_VERSION,
                   **values, **{k: self._read[k] for k in values if k not in changed}}
        # preferences are a convenience; failing to store them must not stop play (they are tried again at closing)
        try:
            write_json_atomic(config_dir() / "shell.json", written)
        except OSError:
            self._unwritten = True
        else:
            self._unwritten = False
        self._read, self._taken = written, values

    def flush(self) -> None:
        """Write the preferences if their last save failed (a full disk that has room again)."""
        if self._unwritten:
            self.save()
