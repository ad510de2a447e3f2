"""Discovery isolates broken plugins; the hook contract is documented; ``cardtable plugins`` reports."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from core import hookspec
from core.manager import BROKEN, DISABLED, PluginHost
from tests.distributions import entry_points_in, make_dist, run_cardtable

GOOD = """
from core.plugin import GameSpec, SettingsSchema, Text, hookimpl
from cardtable_hilo.rules import HiLoRules

@hookimpl
def cardtable_register_games(games):
    games.add(GameSpec(id="goodgame", name=Text("Good", "良い"), description=Text("d", "d"),
                       rules=HiLoRules(), settings=SettingsSchema()))

@hookimpl
def cardtable_register_variants(variants):
    variants.add(GameSpec(id="goodgame-fast", name=Text("Fast", "速い"), description=Text("d", "d"),
                          rules=HiLoRules(), settings=SettingsSchema(), variant_of="goodgame"))

@hookimpl
def cardtable_register_commands(commands):
    commands.add("hello", "say hello", lambda parser: None, lambda args: print("hello from good") or 0)
"""

BROKEN_IMPORT = """
import a_module_that_does_not_exist
"""

MISSPELLED = """
from core.plugin import hookimpl

@hookimpl
def cardtable_register_gmaes(games):
    pass
"""

RAISES = """
from core.plugin import GameSpec, SettingsSchema, Text, hookimpl
from cardtable_hilo.rules import HiLoRules

@hookimpl
def cardtable_register_games(games):
    games.add(GameSpec(id="halfway", name=Text("H"), description=Text("d"), rules=HiLoRules(),
                       settings=SettingsSchema()))
    raise RuntimeError("the rules file is missing")
"""

ORPHAN_VARIANT = """
from core.plugin import GameSpec, SettingsSchema, Text, hookimpl
from cardtable_hilo.rules import HiLoRules

@hookimpl
def cardtable_register_variants(variants):
    variants.add(GameSpec(id="orphan", name=Text("O"), description=Text("d"), rules=HiLoRules(),
                          settings=SettingsSchema(), variant_of="no-such-game"))
"""

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cardtable-hilo"


@pytest.fixture
def plugin_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "site"
    make_dist(root, "good-plugin", "1.2.0", {"good": "good_plugin"}, {"good_plugin": GOOD})
    make_dist(root, "broken-plugin", "0.1", {"broken": "broken_plugin"}, {"broken_plugin": BROKEN_IMPORT})
    make_dist(root, "misspelled-plugin", "0.1", {"misspelled": "misspelled_plugin"},
              {"misspelled_plugin": MISSPELLED})
    make_dist(root, "raising-plugin", "0.1", {"raising": "raising_plugin"}, {"raising_plugin": RAISES})
    make_dist(root, "orphan-plugin", "0.1", {"orphan": "orphan_plugin"}, {"orphan_plugin": ORPHAN_VARIANT})
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.syspath_prepend(str(EXAMPLE))
    return root


def test_broken_plugins_are_recorded_and_the_good_one_works(plugin_root: Path) -> None:
    host = PluginHost()
    host.discover(entry_points_in(plugin_root))
    infos = {info.name: info for info in host.plugins()}
    assert infos["good"].ok and infos["good"].version == "1.2.0"
    assert [g.id for g in host.games()] == ["goodgame"]
    assert [v.id for v in host.variants_of("goodgame")] == ["goodgame-fast"]
    assert infos["broken"].status == BROKEN
    assert "a_module_that_does_not_exist" in (infos["broken"].error or "")
    assert infos["misspelled"].status == BROKEN
    assert "cardtable_register_gmaes" in (infos["misspelled"].error or "")
    assert infos["raising"].status == BROKEN
    assert "the rules file is missing" in (infos["raising"].error or "")
    assert infos["orphan"].status == BROKEN
    assert "no-such-game" in (infos["orphan"].error or "")
    # what a failing hook registered before it raised is dropped
    with pytest.raises(KeyError):
        host.game("halfway")
    assert [c.name for c in host.commands()] == ["hello"]


def test_disable_env_blocks_plugins_by_name(plugin_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_DISABLE_PLUGINS", "good, broken")
    host = PluginHost()
    host.discover(entry_points_in(plugin_root))
    infos = {info.name: info for info in host.plugins()}
    assert infos["good"].status == DISABLED and infos["broken"].status == DISABLED
    assert host.games() == []


def test_duplicate_game_id_is_refused_for_the_second_plugin(plugin_root: Path) -> None:
    import good_plugin  # type: ignore[import-not-found]

    host = PluginHost()
    host.add_plugin("first", good_plugin)
    second = host.add_plugin("second", type("Copy", (), {
        "cardtable_register_games": staticmethod(good_plugin.cardtable_register_games)
    })())
    assert host.plugin_of("goodgame").name == "first"
    assert second.status == BROKEN and "already registered" in (second.error or "")


def test_cardtable_plugins_lists_good_and_broken_without_traceback(plugin_root: Path) -> None:
    result = run_cardtable("plugins", pythonpath=[plugin_root, EXAMPLE])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "good-plugin 1.2.0" in out and "games: goodgame" in out and "variants: goodgame-fast" in out
    assert "commands: hello" in out
    assert "BROKEN: cannot be imported: ModuleNotFoundError" in out
    assert "Traceback" not in out + result.stderr
    hello = run_cardtable("hello", pythonpath=[plugin_root, EXAMPLE])
    assert hello.returncode == 0 and "hello from good" in hello.stdout


def test_every_hook_is_documented_and_tested() -> None:
    """Like datasette's meta-test: the hookspec module is the plugin author's reference."""
    hooks = [name for name, obj in vars(hookspec).items() if name.startswith("cardtable_") and callable(obj)]
    assert hooks == ["cardtable_register_games", "cardtable_register_variants", "cardtable_register_commands"]
    source = Path(__file__).read_text()
    for name in hooks:
        doc = inspect.getdoc(getattr(hookspec, name)) or ""
        assert "Called" in doc and ":param" in doc, f"{name} must say when it is called and what it gets"
        assert f"def {name}(" in source, f"{name} has no plugin in this test module"
