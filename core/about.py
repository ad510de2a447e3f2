"""The About page of the help window, as Markdown in both languages: the program's version and licence, every
plugin the host found (its package and version, what it gives, or why it is not loaded) and the folders where
the player's files are kept, each a link that opens it once it exists."""

from __future__ import annotations

import platform
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from core import __version__
from core.manager import DISABLED, PluginInfo
from core.paths import HOME_ENV, config_dir, data_dir, saves_dir
from core.text import Text

TITLE = Text("About Card Table", "カードテーブルについて")


def _cell(words: str) -> str:
    """``words`` as a Markdown table cell: one line, every mark kept as text (an error naming ``__init__`` is not
    bold, a bar does not end the cell)."""
    return re.sub(r"([\\`*_\[\]<>#|~])", r"\\\1", " ".join(words.split()))


def folders() -> list[tuple[Text, Path]]:
    """Where the player's files are: saved games, statistics, settings (with the window's size and place)."""
    return [(Text("Saved games", "保存したゲーム"), saves_dir()),
            (Text("Statistics", "統計"), data_dir() / "stats"),
            (Text("Settings", "設定"), config_dir())]


def about_markdown(plugins: Sequence[PluginInfo], name_of: Callable[[str], Text],
                   places: Sequence[tuple[Text, Path]], runtime: Sequence[tuple[str, str]] = ()) -> Text:
    """The page: ``plugins`` as the host lists them, ``name_of`` a game id's name, ``places`` the folders and
    ``runtime`` what the program runs on (``("Qt", "6.8.1")``: what a bug report needs)."""
    running = " · ".join(f"{name} {version}" for name, version in (("Python", platform.python_version()), *runtime))
    pages = {}
    for language in ("en", "ja"):
        en = language == "en"
        lines = [f"# {'Card Table' if en else 'カードテーブル'} {__version__}", "",
                 "Card games with CPU players, in a window that finds its games as plugins. Free software under "
                 "the MIT licence." if en else
                 "CPU と対戦できるカードゲーム集です。ゲームはプラグインとして見つけます。MIT ライセンスの"
                 "フリーソフトウェアです。", "", f"{'Running on' if en else '動作環境:'} {running}", "",
                 "## Plugins" if en else "## プラグイン", "",
                 "| plugin | package | gives |" if en else "| プラグイン | パッケージ | 内容 |", "|---|---|---|"]
        for info in plugins:
            package = f"{info.distribution} {info.version}".strip() or "—"
            if info.ok:
                gives = [name_of(game_id).get(language) for game_id in (*info.games, *info.variants)]
                said = (", " if en else "、").join(gives) or ("nothing" if en else "なし")
            else:
                why = info.error.get(language) if info.error is not None else ""
                said = (("off: " if en else "無効: ") if info.status == DISABLED
                        else ("not loaded: " if en else "読み込めません: ")) + why
            lines.append(f"| {_cell(info.name)} | {_cell(package)} | {_cell(said)} |")
        lines += ["", "A game from another package joins this list once that package is installed with pip into the "
                  "same Python; `cardtable plugins` prints the list in a terminal." if en else
                  "別のパッケージのゲームは、同じ Python に pip でインストールするとこの一覧に加わります。"
                  "端末では `cardtable plugins` で同じ一覧が出ます。", "",
                  "## Where your files are" if en else "## ファイルの場所", "",
                  "| | folder |" if en else "| | フォルダ |", "|---|---|"]
        for label, path in places:
            folder = str(path).replace("|", "\\|")  # a bar would end the cell (Qt then shows its backslash too)
            shown = f"`` {folder} ``"  # as code: no other mark in a folder's name is read as Markdown
            if path.exists():
                shown = f"[{shown}]({path.absolute().as_uri()})"
            else:
                shown += " (not made yet)" if en else "（まだありません）"
            lines.append(f"| {label.get(language)} | {shown} |")
        lines += ["", f"With the environment variable {HOME_ENV} set to a folder, they are all kept under it." if en
                  else f"環境変数 {HOME_ENV} にフォルダを設定すると、すべてその下に置かれます。"]
        pages[language] = "\n".join(lines) + "\n"
    return Text(pages["en"], pages["ja"])
