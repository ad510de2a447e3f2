"""Discovery isolates broken plugins; the hook contract is documented; ``cardtable plugins`` reports."""

from __future__ import annotations

import importlib.util
import inspect
import json
import sys
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


RULES_LEFT_OUT = """
from core.plugin import GameSpec, RulesText, SettingsSchema, Text, hookimpl
from cardtable_hilo.rules import HiLoRules

@hookimpl
def cardtable_register_games(games):
    games.add(GameSpec(id="shipless", name=Text("Shipless"), description=Text("d"), rules=HiLoRules(),
                       settings=SettingsSchema(), help=RulesText("shipless_plugin", {"en": "help/rules.en.md"})))
    games.add(GameSpec(id="misnamed", name=Text("Misnamed"), description=Text("d"), rules=HiLoRules(),
                       settings=SettingsSchema(), view="shipless_plugin.viw:create_view",
                       presenter="no_such_package.table:Presenter", icon="shipless_plugin:icons/misnamed.svg"))
"""


def test_cardtable_plugins_names_rules_left_out_of_the_package_and_modules_misnamed(plugin_root: Path) -> None:
    """Installed without its Markdown (setuptools leaves out files that are not declared package data), a game's
    rules page told the player it cannot be read (its icon fell back silently), and a misspelled view failed only on
    New game, while `cardtable
    plugins`, where an author looks after `pip install .`, said nothing; its --json stopped in a traceback over any
    broken plugin."""
    make_dist(plugin_root, "shipless-plugin", "0.2", {"shipless": "shipless_plugin"},
              {"shipless_plugin.__init__": RULES_LEFT_OUT})
    result = run_cardtable("plugins", pythonpath=[plugin_root, EXAMPLE])
    line = next(line for line in result.stdout.splitlines() if line.startswith("shipless"))
    problems = ["shipless: the rules text shipless_plugin/help/rules.en.md cannot be read (No such file or directory)",
                "misnamed: its view shipless_plugin.viw:create_view names a module that is not installed",
                "misnamed: its presenter no_such_package.table:Presenter names a module that is not installed",
                "misnamed: its icon shipless_plugin:icons/misnamed.svg is not installed (the tile shows Card Table's)"]
    assert line.endswith("games: shipless, misnamed" + "".join(f"; PROBLEM: {p}" for p in problems)), line
    assert "PROBLEM" not in result.stdout.replace(line, ""), "the good ones have none"
    listed = run_cardtable("plugins", "--json", pythonpath=[plugin_root, EXAMPLE])
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    infos = {info["name"]: info for info in json.loads(listed.stdout)}
    assert infos["shipless"]["problems"] == problems and infos["good"]["problems"] == []
    assert infos["broken"]["status"] == "broken" and "ModuleNotFoundError" in infos["broken"]["error"]


PICTURED = """
from core.plugin import GameSpec, RulesText, SettingsSchema, Text, hookimpl
from cardtable_hilo.rules import HiLoRules

@hookimpl
def cardtable_register_games(games):
    games.add(GameSpec(id="pictured", name=Text("Pictured"), description=Text("d"), rules=HiLoRules(),
                       settings=SettingsSchema(), help=RulesText("pictured_plugin", {"en": "help/rules.en.md"})))
"""


def test_a_picture_the_rules_show_that_is_not_installed_is_named(plugin_root: Path) -> None:
    """A rules page's `![The layout](layout.png)` showed a broken picture when the picture was left out of the
    package (as setuptools leaves out what is not declared package data), and nothing said so."""
    make_dist(plugin_root, "pictured-plugin", "0.1", {"pictured": "pictured_plugin"},
              {"pictured_plugin.__init__": PICTURED})
    (plugin_root / "pictured_plugin" / "help").mkdir()
    (plugin_root / "pictured_plugin" / "help" / "rules.en.md").write_text(
        "# Pictured\n\n![The layout](layout.png)\n\n![A web picture](https://example.org/a.png)\n")
    result = run_cardtable("plugins", pythonpath=[plugin_root, EXAMPLE])
    line = next(line for line in result.stdout.splitlines() if line.startswith("pictured"))
    assert line.endswith("games: pictured; PROBLEM: pictured: its rules page help/rules.en.md shows layout.png, which "
                         "is not installed (package data?)"), line
    (plugin_root / "pictured_plugin" / "help" / "layout.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    result = run_cardtable("plugins", pythonpath=[plugin_root, EXAMPLE])
    line = next(line for line in result.stdout.splitlines() if line.startswith("pictured"))
    assert line.endswith("games: pictured"), line


def test_broken_plugins_are_recorded_and_the_good_one_works(plugin_root: Path) -> None:
    host = PluginHost()
    host.discover(entry_points_in(plugin_root))
    infos = {info.name: info for info in host.plugins()}
    assert infos["good"].ok and infos["good"].version == "1.2.0"
    assert [g.id for g in host.games()] == ["goodgame"]
    assert [v.id for v in host.variants_of("goodgame")] == ["goodgame-fast"]
    assert infos["broken"].status == BROKEN
    assert "a_module_that_does_not_exist" in str(infos["broken"].error)
    assert infos["misspelled"].status == BROKEN
    assert "cardtable_register_gmaes" in str(infos["misspelled"].error)
    assert infos["raising"].status == BROKEN
    assert "the rules file is missing" in str(infos["raising"].error)
    assert infos["orphan"].status == BROKEN
    assert "no-such-game" in str(infos["orphan"].error)
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
    assert second.status == BROKEN and "already registered" in str(second.error)


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


# -- plugins cannot take each other down ---------------------------------------------------------------

IMPOSTOR = """
from core.plugin import GameSpec, SettingsSchema, Text, hookimpl
from cardtable_hilo.rules import HiLoRules

@hookimpl
def cardtable_register_games(games):
    games.add(GameSpec(id="euchre", name=Text("Fake Euchre", "偽"), description=Text("d", "d"),
                       rules=HiLoRules(), settings=SettingsSchema()))

@hookimpl
def cardtable_register_commands(commands):
    commands.add("euchre", "fake", lambda parser: None, lambda args: print("impostor ran") or 0)
"""

PLAIN_STRINGS = """
from core.plugin import GameSpec, SettingsSchema, Text, hookimpl
from cardtable_hilo.rules import HiLoRules

@hookimpl
def cardtable_register_games(games):
    games.add(GameSpec(id="plain", name="Plain name", description=Text("d", "d"), rules=HiLoRules(),
                       settings=SettingsSchema()))
"""

BAD_CONFIGURE = """
from core.plugin import hookimpl

def configure(parser):
    raise RuntimeError("configure exploded")

@hookimpl
def cardtable_register_commands(commands):
    commands.add("explode", "breaks", configure, lambda args: 0)
"""

BAD_SCHEMA = """
from core.plugin import GameSpec, Number, SettingsSchema, Text, hookimpl
from cardtable_hilo.rules import HiLoRules

SCHEMA = SettingsSchema(options=(Number("speed", Text("Speed", "速さ"), 7, 1, 5),))

@hookimpl
def cardtable_register_games(games):
    games.add(GameSpec(id="badschema", name=Text("B", "B"), description=Text("d", "d"), rules=HiLoRules(),
                       settings=SCHEMA))
"""

HANGS = """
import threading
from core.plugin import hookimpl

@hookimpl
def cardtable_register_games(games):
    threading.Event().wait()
"""


@pytest.fixture
def hostile_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "hostile"
    make_dist(root, "aaa-impostor", "6.6.6", {"aaa": "impostor_plugin"}, {"impostor_plugin": IMPOSTOR})
    make_dist(root, "name-thief", "1.0", {"euchre": "impostor_plugin"})
    make_dist(root, "plain-strings", "1.0", {"plain": "plain_plugin"}, {"plain_plugin": PLAIN_STRINGS})
    make_dist(root, "bad-configure", "1.0", {"badconf": "badconf_plugin"}, {"badconf_plugin": BAD_CONFIGURE})
    make_dist(root, "hangs", "1.0", {"hangs": "hang_plugin"}, {"hang_plugin": HANGS})
    make_dist(root, "bad-schema", "1.0", {"badschema": "badschema_plugin"}, {"badschema_plugin": BAD_SCHEMA})
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.setenv("CARDTABLE_PLUGIN_TIMEOUT", "1")
    return root


def test_built_in_games_and_commands_win_over_an_impostor_whatever_the_names_sort_as(hostile_root: Path) -> None:
    from importlib import metadata

    host = PluginHost()
    host.discover([*entry_points_in(hostile_root), *metadata.entry_points(group="cardtable")])
    infos = {info.name: info for info in host.plugins()}
    assert host.plugin_of("euchre").name == "euchre" and host.plugin_of("euchre").distribution == "cardtable"
    assert infos["aaa"].status == BROKEN and "'euchre' is already registered" in str(infos["aaa"].error)
    assert "(at impostor_plugin.py:7)" in str(infos["aaa"].error), "the plugin's own line, not the host's"
    thief = infos["euchre (name-thief)"]
    assert thief.status == BROKEN and "already taken" in str(thief.error)
    assert [c.plugin for c in host.commands() if c.name == "euchre"] == ["euchre"]


def test_a_game_spec_with_a_plain_string_for_text_is_reported_and_dropped(hostile_root: Path) -> None:
    host = PluginHost()
    host.discover(entry_points_in(hostile_root))
    infos = {info.name: info for info in host.plugins()}
    assert infos["plain"].status == BROKEN and "name must be Text" in str(infos["plain"].error)
    with pytest.raises(KeyError):
        host.game("plain")
    bad = infos["badschema"]
    assert bad.status == BROKEN and "default 7 is outside 1..5" in str(bad.error), "reported, not a dialog crash"


def test_a_hook_that_never_returns_is_reported_and_start_up_goes_on(hostile_root: Path) -> None:
    import time

    started = time.monotonic()
    host = PluginHost()
    host.discover(entry_points_in(hostile_root))
    assert time.monotonic() - started < 10
    hangs = {info.name: info for info in host.plugins()}["hangs"]
    assert hangs.status == BROKEN and "did not answer within 1 s" in str(hangs.error)


def test_the_command_line_survives_a_raising_configure_and_a_hanging_hook(hostile_root: Path) -> None:
    env = {"CARDTABLE_PLUGIN_TIMEOUT": "1"}
    listing = run_cardtable("plugins", pythonpath=[hostile_root, EXAMPLE], env=env)
    assert listing.returncode == 0, listing.stderr
    assert "Traceback" not in listing.stdout + listing.stderr
    assert "command 'explode' cannot be set up: RuntimeError: configure exploded" in listing.stdout
    assert "did not answer within 1 s" in listing.stdout
    assert "games: euchre" in listing.stdout
    helped = run_cardtable("--help", pythonpath=[hostile_root, EXAMPLE], env=env)
    assert helped.returncode == 0 and "explode" not in helped.stdout and "euchre" in helped.stdout
    ran = run_cardtable("euchre", "replay", "/nonexistent", pythonpath=[hostile_root, EXAMPLE], env=env)
    assert "impostor ran" not in ran.stdout and ran.returncode == 2


CHATTY = """
print("chatty plugin loaded!")
from core.plugin import hookimpl

@hookimpl
def cardtable_register_games(games):
    print("registering chatty games")
"""


def test_what_a_plugin_prints_as_it_loads_leaves_a_commands_output_whole(tmp_path: Path) -> None:
    """A plugin printing as it loaded (a debugging line left in) put its words into every command's output:
    `cardtable plugins --json` and `--csv /dev/stdout` could not be read by a program any more."""
    make_dist(tmp_path, "chatty", "0.1", {"chatty": "chatty_plugin"}, {"chatty_plugin": CHATTY})
    listed = run_cardtable("plugins", "--json", pythonpath=[tmp_path])
    assert listed.returncode == 0, listed.stderr
    assert "chatty" in [plugin["name"] for plugin in json.loads(listed.stdout)]
    assert "chatty plugin loaded!" in listed.stderr and "registering chatty games" in listed.stderr
    solved = run_cardtable("yukon", "solve", "--range", "1-2", "--csv", "/dev/stdout", "--quiet", pythonpath=[tmp_path])
    assert solved.returncode == 0 and "\nunit,deal," in solved.stdout and "chatty" not in solved.stdout


CHATTY_TOOL = """
from core.plugin import Batch, add_batch_arguments, hookimpl
from chatty_units import square

@hookimpl
def cardtable_register_commands(commands):
    commands.add("chatty", "squares", lambda parser: add_batch_arguments(parser, what="number"), run)

def run(args):
    with Batch.from_args(args, "chatty", {}) as batch:
        batch.run(square, range(1, 5), task=lambda key: key, label="numbers")
        batch.finish(batch.records())
    return 0
"""
CHATTY_UNITS = """
print("chatty units loaded!")

def square(n):
    return {"square": n * n}
"""


@pytest.mark.parametrize("engine", [("--jobs", "2"), ("--jobs", "2", "--scheduler", "local")],
                         ids=["process-pool", "dask-local-cluster"])
def test_what_a_plugin_prints_as_its_workers_load_it_leaves_the_csv_whole(tmp_path: Path,
                                                                          engine: tuple[str, ...]) -> None:
    """A plugin's module printing as it is imported (a debugging line left in) printed into its own command's CSV
    once per worker process: the main process imports plugins with standard output sent to standard error, its
    workers did not."""
    if "--scheduler" in engine and importlib.util.find_spec("distributed") is None:
        pytest.skip("the cluster extra (Dask) is not installed")
    make_dist(tmp_path, "chatty", "0.1", {"chatty": "chatty_tool"},
              {"chatty_tool": CHATTY_TOOL, "chatty_units": CHATTY_UNITS})
    ran = run_cardtable("chatty", *engine, "--csv", "/dev/stdout", "--quiet", pythonpath=[tmp_path])
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == ["unit,square", "1,1", "2,4", "3,9", "4,16"], ran.stdout
    assert "chatty units loaded!" in ran.stderr


DIES_ONCE_UNITS = """
import os, pathlib
print("chatty units loaded!")

def square(n):
    marker = pathlib.Path(os.environ["CHATTY_MARKER"])
    if n == 2 and not marker.exists():  # its worker dies, and its nanny starts another
        marker.write_text("died once")
        os._exit(1)
    return {"square": n * n}
"""


def test_what_a_plugin_prints_in_a_dask_worker_started_again_leaves_the_csv_whole(tmp_path: Path) -> None:
    """A local Dask worker that died mid-run is started again by its nanny, which imported the plugin's module again
    and printed into the CSV: only the workers there at the start had their standard output sent aside."""
    if importlib.util.find_spec("distributed") is None:
        pytest.skip("the cluster extra (Dask) is not installed")
    make_dist(tmp_path, "chatty", "0.1", {"chatty": "chatty_tool"},
              {"chatty_tool": CHATTY_TOOL, "chatty_units": DIES_ONCE_UNITS})
    ran = run_cardtable("chatty", "--jobs", "1", "--scheduler", "local", "--csv", "/dev/stdout", "--quiet",
                        pythonpath=[tmp_path], env={"CHATTY_MARKER": str(tmp_path / "marker")})
    assert ran.returncode == 0, ran.stderr
    assert (tmp_path / "marker").exists(), "the worker did not die"
    assert ran.stdout.splitlines() == ["unit,square", "1,1", "2,4", "3,9", "4,16"], ran.stdout


def test_a_command_of_a_plugin_not_loaded_is_refused_naming_the_plugins_not_loaded(hostile_root: Path) -> None:
    env = {"CARDTABLE_PLUGIN_TIMEOUT": "1", "CARDTABLE_DISABLE_PLUGINS": "yukon"}
    refused = run_cardtable("explode", pythonpath=[hostile_root, EXAMPLE], env=env)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
    assert "invalid choice: 'explode'" in refused.stderr
    assert "not loaded, so their commands are missing: " in refused.stderr  # was only the list of commands
    for plugin in ("badconf (broken)", "hangs (broken)", "yukon (disabled)"):
        assert plugin in refused.stderr
    assert "'cardtable plugins' says why" in refused.stderr
    plain = run_cardtable("bogus")
    assert plain.returncode == 2 and "not loaded" not in plain.stderr  # every plugin loaded: nothing to add


def test_a_plugin_slow_to_load_is_named_on_a_terminal_with_how_to_leave_it_out(
        hostile_root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from core import cli

    monkeypatch.setattr(cli, "SLOW_PLUGIN_SECONDS", 0.2)  # the hanging hook takes the whole second it has
    assert cli.main(["plugins"]) == 0
    assert "waiting for the plugin" not in capsys.readouterr().err  # a script's captured output says nothing
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert cli.main(["plugins"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "waiting for the plugin" in line]
    assert said == ["cardtable: waiting for the plugin hangs (cardtable_register_games of hangs, up to 1 s: "
                    "CARDTABLE_PLUGIN_TIMEOUT); CARDTABLE_DISABLE_PLUGINS=hangs leaves it out"]


def test_a_save_is_never_touched_by_a_plugin_that_claims_its_game_id(hostile_root: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """With the built-in Euchre disabled, an impostor's 'euchre' keeps its saves in its own folder."""
    from core.saves import SaveService, slot_for

    monkeypatch.setenv("CARDTABLE_DISABLE_PLUGINS", "euchre")
    from importlib import metadata

    host = PluginHost()
    host.discover([*entry_points_in(hostile_root), *metadata.entry_points(group="cardtable")])
    owner = host.plugin_of("euchre")
    assert owner.name == "aaa"
    saves = SaveService(tmp_path / "saves")
    saves.write("euchre", {"settings": {}, "start": {"seed": 1}, "moves": ["pass"]})
    slot = slot_for("euchre", owner.distribution)
    assert slot == "aaa-impostor/euchre" and not saves.exists(slot)
    saves.write(slot, {"settings": {}, "start": {"seed": 2}, "moves": []})
    assert saves.read("euchre").record["moves"] == ["pass"]  # type: ignore[index]


CTRL_C_AS_IMPORTED = """
import os, signal, time
os.kill(os.getpid(), signal.SIGINT)  # the terminal's Ctrl-C, arriving while this plugin is imported
time.sleep(3)
"""


@pytest.fixture
def slow_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "slow"
    make_dist(root, "good-plugin", "1.2.0", {"good": "good_plugin"}, {"good_plugin": GOOD})
    make_dist(root, "slow-plugin", "0.1", {"slow": "slow_plugin"}, {"slow_plugin": CTRL_C_AS_IMPORTED})
    make_dist(root, "stop-plugin", "0.1", {"stop": "stop_plugin"}, {"stop_plugin": "raise KeyboardInterrupt\n"})
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.syspath_prepend(str(EXAMPLE))
    return root


def test_ctrl_c_as_the_plugins_are_imported_stops_the_command_in_one_line(slow_root: Path) -> None:
    """Ctrl-C while a plugin was imported was taken for that plugin's failure: the plugin was called broken
    ("cannot be imported: KeyboardInterrupt"), the command went on as if nothing was pressed, or, when the plugin
    was the command's own, it said "invalid choice" for a command that exists."""
    import os
    import signal
    import subprocess
    import sys

    for args in (("hello",), ("plugins",)):
        ran = subprocess.run(
            [sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main())", *args],
            capture_output=True, text=True, timeout=60, check=False,
            env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(slow_root), str(EXAMPLE), os.environ.get(
                "PYTHONPATH", "")]), CARDTABLE_DISABLE_PLUGINS="stop"),
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as in a terminal, even from a job
        assert (ran.returncode, ran.stdout, ran.stderr) == (130, "", "cardtable: interrupted\n")


def test_a_plugin_that_raises_keyboard_interrupt_itself_is_broken_not_a_stop(slow_root: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_DISABLE_PLUGINS", "slow")
    host = PluginHost()
    host.discover(entry_points_in(slow_root))
    infos = {info.name: info for info in host.plugins()}
    assert infos["good"].ok
    assert str(infos["stop"].error) == "cannot be imported: KeyboardInterrupt (at stop_plugin.py:1)"
