"""Rules texts as the help window receives them: a Japanese paragraph wrapped in the source reads as one line
(Markdown would put a space at each break), while English, headings, lists and tables keep their lines."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from core.help import joined_lines

HELP = sorted(Path(__file__).resolve().parents[1].glob("plugins/*/help/*.md"))
ENGLISH = [p for p in HELP if p.name.endswith(".en.md")]
JAPANESE = [p for p in HELP if p.name.endswith(".ja.md")]


def name(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.name}"


def test_japanese_lines_of_a_paragraph_or_list_item_join_without_a_space() -> None:
    source = "\n".join([
        "# 見出し",
        "",
        "4人2組です。右（**東**）",
        "のCPUが相手です。切札の組は",
        "3トリックを目指します。",
        "",
        "1. **1巡目**は宣言すれば",
        "   そこで決まります。",
        "2. 次の項目",
        "",
        "| キー | 動作 |",
        "| --- | --- |",
        "| Z | 戻す |",
    ])
    assert joined_lines(source).split("\n") == [
        "# 見出し",
        "",
        "4人2組です。右（**東**）のCPUが相手です。切札の組は3トリックを目指します。",
        "",
        "1. **1巡目**は宣言すればそこで決まります。",
        "2. 次の項目",
        "",
        "| キー | 動作 |",
        "| --- | --- |",
        "| Z | 戻す |",
    ]


@pytest.mark.parametrize("path", ENGLISH, ids=name)
def test_english_rules_are_unchanged(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert joined_lines(text) == text


@pytest.mark.parametrize("path", JAPANESE, ids=name)
def test_no_japanese_rules_text_keeps_a_break_inside_its_japanese(path: Path) -> None:
    lines = joined_lines(path.read_text(encoding="utf-8")).split("\n")
    for before, after in itertools.pairwise(lines):
        if before.strip() and after.strip() and not after.lstrip().startswith(("#", "-", "|", "```")) \
                and not after.lstrip()[:1].isdigit() and not before.lstrip().startswith(("#", "|")):
            assert not (before.rstrip()[-1] >= "\u2e80" and after.lstrip()[0] >= "\u2e80"), (before, after)


def test_rules_a_plugin_did_not_ship_are_said_missing_in_the_players_language() -> None:
    """The reason was English in the Japanese help window, Python's own words ("[Errno 2] No such file …")."""
    from core.help import HelpUnavailable, RulesText

    with pytest.raises(HelpUnavailable) as missing:
        RulesText("plugins.euchre", {"en": "help/not-there.md"}).read("ja")
    assert missing.value.reason.en == "the rules text plugins.euchre/help/not-there.md cannot be read (No such file " \
        "or directory)"
    assert missing.value.reason.get("ja") == \
        "ルールの説明 plugins.euchre/help/not-there.md を読み込めません（ファイルまたはフォルダがありません）"
    with pytest.raises(HelpUnavailable) as uninstalled:
        RulesText("cardtable_not_installed", {"en": "rules.md"}).read("en")
    assert "the package is not installed" in str(uninstalled.value)


def test_rules_named_in_a_plain_module_are_said_so_or_read_beside_it(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-file plugin naming its own module as the rules' package: Python 3.11 raised TypeError ("is not a
    package") out of the help window as a crash; 3.12 reads the files beside the module."""
    import sys

    from core.help import HelpUnavailable, RulesText

    (tmp_path / "one_file_plugin.py").write_text("")
    (tmp_path / "help").mkdir()
    (tmp_path / "help" / "rules.en.md").write_text("# One file\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    rules = RulesText("one_file_plugin", {"en": "help/rules.en.md"})
    if sys.version_info >= (3, 12):
        assert rules.read("en") == "# One file\n"
    else:
        with pytest.raises(HelpUnavailable) as module:
            rules.read("en")
        assert str(module.value) == "the rules text one_file_plugin/help/rules.en.md cannot be read (one_file_plugin " \
            "is a module, not a package (a folder with __init__.py))"


def test_an_icon_is_found_in_a_plugins_package_in_card_tables_own_resources_or_by_its_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin's icon could only be an absolute path: a relative one was looked for among Card Table's own."""
    import dataclasses

    from plugins.yukon.plugin import GAME

    package = tmp_path / "pictured_plugin"
    (package / "icons").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "icons" / "game.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    monkeypatch.syspath_prepend(str(tmp_path))
    shown = {icon: (None if (found := dataclasses.replace(GAME, icon=icon).icon_file()) is None
                    else found.relative_to(found.parents[1]).as_posix())
             for icon in ("pictured_plugin:icons/game.svg", "pictured_plugin:icons/other.svg", "icons/yukon.svg",
                          str(package / "icons" / "game.svg"), "not_installed_plugin:icon.svg", None)}
    assert shown == {"pictured_plugin:icons/game.svg": "icons/game.svg", "pictured_plugin:icons/other.svg": None,
                     "icons/yukon.svg": "icons/yukon.svg", str(package / "icons" / "game.svg"): "icons/game.svg",
                     "not_installed_plugin:icon.svg": None, None: None}
