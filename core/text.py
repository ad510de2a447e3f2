"""Bilingual text: every string a person sees exists in English and Japanese."""

from __future__ import annotations

import datetime
import errno
import os
from dataclasses import dataclass
from pathlib import Path

LANGUAGES = ("en", "ja")


@dataclass(frozen=True, slots=True)
class Text:
    """A string in English and Japanese; ``get`` picks one (English when the language is unknown)."""

    en: str
    ja: str = ""

    def get(self, language: str) -> str:
        if language == "ja" and self.ja:
            return self.ja
        return self.en

    def format(self, **values: object) -> Text:
        """Both languages filled in with ``str.format``; a value that is itself :class:`Text` is taken in the
        matching language, so ``Text("{seat} won", "{seat} の勝ち").format(seat=EAST)`` stays bilingual."""
        en = {k: v.en if isinstance(v, Text) else v for k, v in values.items()}
        ja = {k: v.get("ja") if isinstance(v, Text) else v for k, v in values.items()}
        return Text(self.en.format(**en), (self.ja or self.en).format(**ja))

    def __add__(self, other: Text | str) -> Text:
        if isinstance(other, Text):
            return Text(self.en + other.en, self.get("ja") + other.get("ja"))
        return Text(self.en + other, self.get("ja") + other)

    def capitalized(self) -> Text:
        """The English with its first letter in capitals, to open a sentence (Japanese has no case)."""
        return Text(self.en[:1].upper() + self.en[1:], self.get("ja"))

    def __str__(self) -> str:
        return self.en

    def __bool__(self) -> bool:
        """False when empty, as a string is: ``if s.refusal:`` asks whether there is one."""
        return bool(self.en or self.ja)


class TextError(Exception):
    """An error a person reads: ``reason`` in English and Japanese (``str()`` gives the English, for the command
    line and logs). A plain string is taken as English only."""

    def __init__(self, reason: Text | str) -> None:
        self.reason = reason if isinstance(reason, Text) else Text(reason)
        super().__init__(self.reason.en)


def counted(n: int, one: Text, many: Text, **values: object) -> Text:
    """``one`` for a count of 1, else ``many``, formatted with ``n`` (and ``values``): "1 hand played",
    "3 hands played" (Japanese writes both alike)."""
    return (one if n == 1 else many).format(n=n, **values)


def plural_word(one: str) -> str:
    """An English noun's plural, for the command line's words: "deal" → "deals", "match" → "matches"."""
    return one + ("es" if one.endswith(("s", "sh", "ch", "x")) else "s")


def amount(n: int) -> str:
    """A count as people read it, its thousands set apart: "20,000" (in Japanese too)."""
    return f"{n:,}"


def plural(n: int, one: str) -> str:
    """An English count for the command line: "1 match", "3 matches", "1,500 deals"."""
    return f"{amount(n)} {one if n == 1 else plural_word(one)}"


def points(value: int, plus: bool = False) -> str:
    """A score as a person reads it: ``−6`` with a true minus sign, ``+3`` when ``plus``, else ``3`` (and ``0``
    either way)."""
    return (f"{value:+d}" if plus and value else str(value)).replace("-", "−")


def signed(value: float) -> str:
    """``+0.42`` or ``−0.10`` (a true minus sign), as a hint quotes an average."""
    return f"{value:+.2f}".replace("-", "−")


def next_best(mine: float, value: float, other: Text) -> Text:
    """How a hint's chosen move compares with the next best move, ``other``, whose average is ``value``:
    ", against +0.10 for passing." — or, when the two averages print alike, ", a little more than passing."
    (", as much as passing." on a true tie), never two equal numbers set against each other."""
    if signed(value) != signed(mine):
        return Text(", against {v} for {m}.", "（次善の{m}は{v}点）。").format(v=signed(value), m=other)
    if value < mine:
        return Text(", a little more than {m}.", "で、{m}よりわずかに上です。").format(m=other)
    return Text(", as much as {m}.", "で{m}と同じです。").format(m=other)


def duration(seconds: float) -> Text:
    """A time as a person reads it, to the whole second: "45 s", "4 min 33 s", "1 h 2 min" (the seconds left out
    past an hour); Japanese "45秒", "4分33秒", "1時間2分"."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return Text(f"{hours} h {minutes} min", f"{hours}時間{minutes}分")
    if minutes:
        return Text(f"{minutes} min {secs} s", f"{minutes}分{secs}秒")
    return Text(f"{secs} s", f"{secs}秒")


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def calendar_day(day: datetime.date) -> Text:
    """A date as a person reads it, the same on every machine whatever its locale: "3 December 2026",
    "2026年12月3日"."""
    return Text(f"{day.day} {MONTHS[day.month - 1]} {day.year}", f"{day.year}年{day.month}月{day.day}日")


SEPARATOR = " · "  # between the parts of a line: a status line, a seat's name and tags


#: between the sentences of one message: "; " in English, and in Japanese "。", ending each but the last
SENTENCES = Text("; ", "。")


def join(parts: list[Text], separator: str | Text = SEPARATOR) -> Text:
    """Texts joined in each language (``separator`` may be a :class:`Text`, one for each)."""
    between = separator if isinstance(separator, Text) else Text(separator, separator)
    return Text(between.en.join(p.en for p in parts), between.get("ja").join(p.get("ja") for p in parts))


# What the system says when it refuses a file, in Japanese for the errors a player meets (the English is the
# system's own words, so it reads as the system's manual and a search for it finds help)
_OS_REASONS_JA = {getattr(errno, name): words for name, words in (  # by name: not every system has each
    ("ENOSPC", "ディスクの空きがありません"),
    ("EDQUOT", "ディスクの割り当て容量を使い切っています"),
    ("EACCES", "アクセスが許可されていません"),
    ("EPERM", "操作が許可されていません"),
    ("EROFS", "読み取り専用のファイルシステムです"),
    ("ENOENT", "ファイルまたはフォルダがありません"),
    ("ENOTDIR", "フォルダのはずの場所にファイルがあります"),
    ("EISDIR", "ファイルのはずの場所にフォルダがあります"),
    ("EIO", "ディスクの読み書きに失敗しました（入出力エラー）"),
    ("EFBIG", "ファイルが大きすぎます"),
    ("ENAMETOOLONG", "ファイル名が長すぎます"),
    ("EMFILE", "開いているファイルが多すぎます"),
    ("EBUSY", "ほかのプログラムが使用中です"),
) if hasattr(errno, name)}


def os_reason(error: OSError) -> Text:
    """Why the system refused a file, as a person reads it: the system's words in English ("No space left on
    device"), and Japanese of its own for the refusals a player meets (the system's words otherwise)."""
    if error.errno in (errno.EEXIST, errno.ENOENT) and isinstance(error.filename, str):
        link = _dangling_link(error.filename)
        if link is not None:  # "File exists" said of a folder that is not there
            return Text("{link} leads to {destination}, which is not there: is its disk connected?",
                        "{link} の行き先 {destination} がありません。ディスクはつながっていますか？").format(
                link=link, destination=os.readlink(link))
    words = error.strerror or str(error) or type(error).__name__
    return Text(words, _OS_REASONS_JA.get(error.errno or 0, ""))


def utf8_holds(words: str) -> bool:
    """Whether ``words`` can be written as UTF-8: not so a file name Python read with surrogate escapes (a folder
    named under an old 8-bit locale), which neither Qt nor a desktop entry can take."""
    try:
        words.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _dangling_link(path: str) -> str | None:
    """The symbolic link on the way to ``path`` whose target is missing (a data folder linked to a disk that is not
    mounted), if there is one."""
    for place in (path, *(str(parent) for parent in Path(path).parents)):
        if os.path.islink(place) and not os.path.exists(place):
            return place
    return None
