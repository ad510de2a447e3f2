"""The ``cardtable`` command: no arguments opens the launcher; subcommands run headless work.

``cardtable plugins`` lists what was discovered, ``cardtable stats`` prints the player's statistics and
``cardtable menu-entry`` puts Card Table in the desktop's menu;
plugins add their own subcommands through the ``cardtable_register_commands`` hook. Mistakes a person
can make get one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import signal
import sys
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from core import __version__

if TYPE_CHECKING:  # imported when a command runs: ``cardtable`` alone opens the window before anything else
    from core.manager import PluginHost, PluginInfo, Waiting
    from core.text import Text


def _plugin_problems(host: PluginHost, info: PluginInfo) -> list[str]:
    """What a loaded plugin's games name that is not there: a rules text or an icon left out of the installed
    package (an editable install and the plugin's own tests read them from the source tree), a view or presenter
    module misspelled — which a player would meet only in the help window, on the tile or on pressing New game.
    (The modules are looked for, not imported: a view imports Qt, which a machine without a display may lack.)"""
    import importlib.util

    from core.help import HelpUnavailable

    found = []
    for game_id in (*info.games, *info.variants):
        game = host.game(game_id)
        if game.help is not None:
            for language in game.help.files:
                try:
                    game.help.read(language)
                except HelpUnavailable as error:
                    found.append(f"{game_id}: {error.reason.en}")
            found += [f"{game_id}: its rules page {shown}, which is not installed (package data?)"
                      for shown in game.help.missing_pictures()]
        for role in ("view", "presenter"):
            path = getattr(game, role)
            module = path.partition(":")[0] if path is not None else ""
            try:
                there = not module or importlib.util.find_spec(module) is not None
            except (ImportError, ValueError):  # a parent package missing, or not a package
                there = False
            if not there:
                found.append(f"{game_id}: its {role} {path} names a module that is not installed")
        if game.icon and game.icon_file() is None:
            found.append(f"{game_id}: its icon {game.icon} is not installed (the tile shows Card Table's)")
    return found


def _plugins_table(host: PluginHost, infos: list[PluginInfo]) -> str:
    rows = []
    for info in infos:
        dist = f"{info.distribution} {info.version}".strip() or "-"
        if info.ok:
            provides = []
            if info.games:
                provides.append("games: " + ", ".join(info.games))
            if info.variants:
                provides.append("variants: " + ", ".join(info.variants))
            if info.commands:
                provides.append("commands: " + ", ".join(info.commands))
            detail = "; ".join(provides) or "provides nothing"
            detail += "".join(f"; PROBLEM: {problem}" for problem in _plugin_problems(host, info))
        else:
            detail = f"{info.status.upper()}: {info.error}"
        rows.append((info.name, dist, detail))
    if not rows:
        return "no plugins found (entry-point group 'cardtable')"
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    return "\n".join(f"{a:<{w0}}  {b:<{w1}}  {c}" for a, b, c in rows)


def _run_plugins(host: PluginHost, args: argparse.Namespace) -> int:
    infos = host.plugins()
    if args.json:
        print(json.dumps([info.__dict__ | {"error": None if info.error is None else info.error.en,
                                            "problems": _plugin_problems(host, info) if info.ok else []}
                          for info in infos], indent=1, ensure_ascii=False))
    else:
        print(_plugins_table(host, infos))
    return 0 if any(info.ok for info in infos) else 1


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal (a Japanese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _run_stats(host: PluginHost, args: argparse.Namespace) -> int:
    from core.cli_options import UsageError
    from core.paths import data_dir
    from core.stats import StatsStore

    keeping = [g for base in host.games() for g in (base, *host.variants_of(base.id)) if g.statistics is not None]
    if args.game is not None:
        chosen = [g for g in keeping if g.id == args.game]
        if not chosen:
            raise UsageError(f"no statistics for game '{args.game}'; games that keep them: "
                             f"{', '.join(g.id for g in keeping) or 'none'}")
        keeping = chosen
    store = StatsStore(data_dir() / "stats")
    report: list[dict[str, Any]] = []
    for game in keeping:
        assert game.statistics is not None
        summary = store.summary(host.slot(game.id), game.statistics)
        if summary.problem:
            print(f"cardtable: {game.id}: {summary.problem.get(args.lang)}", file=sys.stderr)
        report.append({"game": game.id, "name": game.name.get(args.lang), "events": summary.events,
                       "figures": [{"label": f.label.get(args.lang), "value": f.value_in(args.lang)}
                                   for f in summary.figures]})
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
        return 0
    for n, game_report in enumerate(report):
        if n:
            print()
        print(game_report["name"])
        width = max((_width(f["label"]) for f in game_report["figures"]), default=0)
        for figure in game_report["figures"]:
            print(f"  {figure['label']}{' ' * (width - _width(figure['label']))}  {figure['value']}")
    return 0


def build_parser(host: PluginHost) -> argparse.ArgumentParser:
    from core.cli_options import OneLineParser
    from core.manager import DISABLED

    class CommandParser(OneLineParser):
        def error(self, message: str) -> Any:
            """A command no plugin gave: the plugins not loaded (a command of theirs is missing) are named."""
            unloaded = [f"{info.name} ({'disabled' if info.status == DISABLED else 'broken'})"
                        for info in host.plugins() if not info.ok]
            if unloaded and message.startswith("argument COMMAND: invalid choice"):
                message += (f"; not loaded, so their commands are missing: {', '.join(unloaded)} — 'cardtable "
                            "plugins' says why")
            return super().error(message)

    parser = CommandParser(prog="cardtable", description="Card Table: card games with CPU players.")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    plugins = sub.add_parser(
        "plugins", help="list the discovered plugins, what they provide and any errors",
        description="List every plugin found (entry-point group 'cardtable'): its distribution and version, the games, "
                    "variants and commands it provides, why a broken one is not loaded, and each PROBLEM of a loaded "
                    "one — a rules text or icon its games name that cannot be read, a view or presenter module that "
                    "is not installed. Exit 1 when no plugin loads.")
    plugins.add_argument("--json", action="store_true",
                         help="print JSON instead of a table (a list of plugins, each with its 'problems')")
    stats = sub.add_parser("stats", help="print the statistics the window shows (every game, or one)",
                           description="Print the statistics kept for each game and variant: the same figures "
                                       "as the Statistics window.")
    stats.add_argument("game", nargs="?", metavar="GAME", help="a game or variant id, e.g. euchre or yukon")
    stats.add_argument("--json", action="store_true", help="print JSON instead of text")
    stats.add_argument("--lang", choices=("en", "ja"), default="en",
                       help="language of the labels and of a damaged file's message (default: en)")
    menu = sub.add_parser("menu-entry", help="add Card Table to the desktop's menu (Linux and BSD desktops)",
                          description="Write a desktop entry for this installation into the desktop's menu "
                                      "(~/.local/share/applications/cardtable.desktop), or take it out again.")
    menu.add_argument("--remove", action="store_true", help="take the menu entry out again")
    from core.manager import failure_reason
    from core.text import Text

    for command in host.commands():
        try:  # a plugin's configure that raises is reported, and its command left out
            command.configure(OneLineParser(prog=f"cardtable {command.name}"))
        except KeyboardInterrupt:  # Ctrl-C as the tools are found
            raise
        except BaseException as error:
            what = Text("command '{name}' cannot be set up", "コマンド '{name}' を準備できません")
            host.mark_broken(host.info(command.plugin), failure_reason(what.format(name=command.name), error))
            continue
        command_parser = sub.add_parser(command.name, help=command.help, description=command.help)
        command.configure(command_parser)
        command_parser.set_defaults(_run=command.run)
    return parser


def _run_menu_entry(args: argparse.Namespace) -> int:
    from core import desktop_entry
    from core.cli_options import UsageError
    from core.paths import chosen_home

    if args.remove:
        gone = desktop_entry.remove()
        print(f"removed Card Table's menu entry ({gone})" if gone else
              f"there was no menu entry to remove ({desktop_entry.entry_path()} does not exist)")
        return 0
    try:
        path = desktop_entry.install()
    except desktop_entry.NoMenus:
        raise UsageError("menu entries are for Linux and BSD desktops (freedesktop.org); on this system start Card "
                         "Table with the cardtable command") from None
    except desktop_entry.NotUtf8 as odd:
        raise UsageError(f"a menu entry cannot name {odd.what} ({odd.path}): its name is not UTF-8, which an "
                         "entry must be; start Card Table with the cardtable command instead, or use folders whose "
                         "names are UTF-8") from None
    except OSError as error:
        raise UsageError(f"the menu entry cannot be written to {desktop_entry.entry_path()} "
                         f"({error.strerror or error})") from None
    home = chosen_home()
    print(f"Card Table is in the desktop's menu ({path})" + (f", over the data folder {home}" if home else "")
          + "; cardtable menu-entry --remove takes it out")
    return 0


def _launcher(host: PluginHost | None = None) -> int:
    from core.display import PLATFORM_ENV, display_problem, platform_instead
    from core.paths import NoHome, config_dir, data_dir
    from core.terminal import tolerant_output

    tolerant_output()  # what the launch says names the data folder, in whatever encoding its name is
    try:
        data_dir(), config_dir()
    except NoHome as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 2
    instead = platform_instead()
    if instead is not None:
        os.environ[PLATFORM_ENV], said = instead
        print(f"cardtable: {said}", file=sys.stderr)

    problem = display_problem()
    if problem is not None:
        print(f"cardtable: {problem}; the command-line tools need none: cardtable --help", file=sys.stderr)
        return 2
    from core.terminal import stops_held

    # Ctrl-C or SIGTERM is held until the window can close as its close button does: Ctrl-C while Qt loaded
    # aborted Python ("Fatal Python error: libshiboken/signature") or ended in a traceback
    with stops_held() as stops:
        try:
            launcher = importlib.import_module("gui.app")  # Qt only when a window is wanted
        except ImportError as error:  # a library of the system that a module of Qt needs (libEGL.so.1…)
            if "shared object" not in str(error):
                raise
            print(f"cardtable: the window cannot open: {error}; the command-line tools need none: cardtable --help",
                  file=sys.stderr)
            return 2
        if stops:  # no window yet: none is opened
            print(f"cardtable: {'interrupted' if stops[-1] == signal.SIGINT else 'stopped by SIGTERM'}",
                  file=sys.stderr)
            return 128 + stops[-1]
        status: int = launcher.run_launcher(host, stops)
    return status


SLOW_PLUGIN_SECONDS = 2.0


def slow_plugins_said() -> Waiting | None:
    """On a terminal, a plugin's import or hook still running after :data:`SLOW_PLUGIN_SECONDS` is named once,
    with how to leave it out: every command loads every plugin, so one slow to load delays them all. (Nothing
    in a script's captured output.)"""
    if not (sys.stderr is not None and sys.stderr.isatty()):
        return None
    from core.manager import DISABLE_ENV, TIMEOUT_ENV, plugin_timeout

    said: set[str] = set()

    def waiting(plugin: str, what: Text, seconds: float) -> None:
        if seconds >= SLOW_PLUGIN_SECONDS and what.en not in said:
            said.add(what.en)
            print(f"cardtable: waiting for the plugin {plugin} ({what.en}, up to {plugin_timeout():g} s: "
                  f"{TIMEOUT_ENV}); {DISABLE_ENV}={plugin} leaves it out", file=sys.stderr, flush=True)

    return waiting


def _innermost(parser: argparse.ArgumentParser, words: Sequence[str]) -> argparse.ArgumentParser:
    """The (sub)command parser that ``words`` reach: ``euchre tournament …`` gives the tournament's."""
    for word in words:
        commands = next((a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {})
        if word in commands:
            parser = commands[word]
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except KeyboardInterrupt:  # before a start that holds it (the window's, a run's engine) or a command's guard
        print("cardtable: interrupted", file=sys.stderr)  # no traceback, and no game called missing
        return 130


def _main(args_list: list[str]) -> int:
    from core.terminal import standard_descriptors_open

    standard_descriptors_open()
    try:
        os.getcwd()
    except FileNotFoundError:  # the folder the terminal is in was deleted: worker processes could not start
        if args_list:  # a command's file names may be relative to it: said, not guessed
            print("cardtable: the current folder no longer exists (deleted, or moved away while this terminal was "
                  "in it): cd to a folder that exists and give the command again", file=sys.stderr)
            return 2
        # the window's names are all absolute; its analysis process needs a folder that exists
        os.chdir(os.path.expanduser("~") if os.path.isdir(os.path.expanduser("~")) else os.sep)
    if not args_list:
        return _launcher()  # the window shows first and finds the games right after
    from core.cli_options import guarded
    from core.manager import load_host
    from core.terminal import tolerant_output

    tolerant_output()  # before --help and a refused option print
    host = load_host(waiting=slow_plugins_said())
    parser = build_parser(host)
    args, extra = parser.parse_known_args(args_list)
    if extra:  # named against the command they were given to, whose --help lists what it takes
        _innermost(parser, args_list).error(f"unrecognized arguments: {' '.join(extra)}")

    def run() -> int:
        if args.command is None:
            return _launcher(host)
        if args.command == "plugins":
            return _run_plugins(host, args)
        if args.command == "stats":
            return _run_stats(host, args)
        if args.command == "menu-entry":
            return _run_menu_entry(args)
        result: int = args._run(args)
        return result

    return guarded(run, _innermost(parser, args_list).prog)  # a mistake is named with the command it was made in


def run() -> None:
    """The program (``cardtable``): :func:`main`, then its end — at once (``os._exit``) when the import or hook of a
    plugin given up on still runs on its thread (the window quit while it loaded): Python's shutdown waits for
    nothing then, and beside a thread importing Qt it can fault."""
    status = main()
    from core.manager import plugins_still_running

    if plugins_still_running():
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):  # (a stream closed, or none)
                stream.flush()
        os._exit(status)
    sys.exit(status)


if __name__ == "__main__":
    run()
