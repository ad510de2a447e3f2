"""The plugin host: discovers plugins one by one, isolates failures, and is the only code touching pluggy.

Each entry point of the group ``cardtable`` is loaded in its own try/except (pluggy's own
``load_setuptools_entrypoints`` would let one broken plugin stop them all). A plugin that fails to
import, declares a hook that does not exist, raises inside a hook, or does not answer within
``CARDTABLE_PLUGIN_TIMEOUT`` seconds (default 10) is recorded with its reason and skipped; the rest work.
``CARDTABLE_DISABLE_PLUGINS=a,b`` blocks plugins by entry-point name.

The built-in plugins (entry points of the ``cardtable`` distribution itself) are loaded first, whatever
the names sort as, so a third-party plugin that claims a built-in game id, command or entry-point name is
the one refused and reported.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import pluggy

from core import hookspec
from core.game import GameSpec
from core.registry import Command, CommandRegistry, GameRegistry, RegistrationError, VariantRegistry
from core.saves import slot_for
from core.text import Text, TextError

GROUP = "cardtable"
DISABLE_ENV = "CARDTABLE_DISABLE_PLUGINS"
TIMEOUT_ENV = "CARDTABLE_PLUGIN_TIMEOUT"
BUILTIN_DISTRIBUTION = "cardtable"
HOST_COMMANDS = frozenset({"plugins"})
HOOK_PREFIX = "cardtable_"

LOADED, BROKEN, DISABLED = "loaded", "broken", "disabled"
_CORE = os.path.dirname(os.path.abspath(__file__))
_DISABLED = Text(f"disabled by {DISABLE_ENV}", f"{DISABLE_ENV} で無効にされています")


@dataclass
class PluginInfo:
    """One plugin as the host sees it."""

    name: str
    distribution: str = ""
    version: str = ""
    status: str = LOADED
    error: Text | None = None  # why it is broken or disabled, in both languages (``str()`` gives the English)
    games: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status == LOADED


def failure_reason(what: Text, error: BaseException) -> Text:
    """One line: what failed, the exception and where in the plugin it was raised (the host's own frames
    skipped: a registration refused names the plugin's line that made it). An exception that carries
    its words in both languages (:class:`core.text.TextError`, which a plugin may raise) keeps them; any other
    exception's own text is quoted as it is."""
    if isinstance(error, PluginInterrupt) and error.__cause__ is not None:
        error = error.__cause__
    frames = [] if isinstance(error, NoAnswer) else \
        [f for f in traceback.extract_tb(error.__traceback__) if os.path.dirname(f.filename) != _CORE]
    where = f"{os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""
    if isinstance(error, TextError):
        message = error.reason
    else:
        first = str(error).strip().splitlines()[0] if str(error).strip() else ""
        message = Text(f"{type(error).__name__}: {first}" if first else type(error).__name__)
    at = Text(" (at {where})", "（{where}）").format(where=where) if where else Text("")
    return what + ": " + message + at


def disabled_names() -> set[str]:
    return {name.strip() for name in os.environ.get(DISABLE_ENV, "").split(",") if name.strip()}


def plugin_timeout() -> float:
    """Seconds a plugin's import or hook may take before it is reported as not answering."""
    try:
        seconds = float(os.environ.get(TIMEOUT_ENV, "10"))
    except ValueError:
        return 10.0
    return seconds if 0 < seconds < float("inf") else 10.0


Waiting = Callable[[str, Text, float], None]
"""Called about thirty times a second while a plugin's import or hook runs: the plugin's entry-point name, what
runs and the seconds it has taken so far (the launcher keeps its window answering and names a slow plugin; the
command line names it on a terminal). It may raise :class:`GivenUp` to end the search at once."""
WAIT_STEP = 0.03


class NoAnswer(TextError):
    """A plugin's import or hook did not return in time."""


class GivenUp(BaseException):
    """Raised by a ``waiting`` callback: the games are no longer wanted (the window looking for them has closed).
    The search ends at once; the plugin's import or hook goes on on its thread (see :func:`plugins_still_running`)."""


PLUGIN_THREAD = "plugin: "


def plugins_still_running() -> bool:
    """Whether a plugin's import or hook given up on (:class:`GivenUp`, :class:`NoAnswer`) still runs on its
    thread."""
    return any(thread.name.startswith(PLUGIN_THREAD) and thread.is_alive() for thread in threading.enumerate())


def bounded(function: Callable[[], Any], what: Text, waiting: Callable[[float], None] | None = None) -> Any:
    """``function()`` on a helper thread, waiting at most :func:`plugin_timeout` seconds (calling ``waiting``
    meanwhile). Its result, or what it raised; :class:`NoAnswer` when it did not return in time (the thread is
    left to finish on its own, and whatever it does later is ignored); a :class:`PluginInterrupt` for a
    ``KeyboardInterrupt`` it raised."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = function()
        except BaseException as error:  # a plugin may raise anything, even SystemExit
            outcome["error"] = error

    worker = threading.Thread(target=target, name=f"{PLUGIN_THREAD}{what.en}", daemon=True)
    seconds = plugin_timeout()
    # what a plugin prints as it loads goes to standard error: a command's own output (JSON, CSV) stays whole
    with contextlib.redirect_stdout(sys.stderr):
        worker.start()
        if waiting is None:
            worker.join(seconds)
        else:
            started = time.monotonic()
            while worker.is_alive() and (spent := time.monotonic() - started) < seconds:
                waiting(spent)
                worker.join(min(WAIT_STEP, seconds - spent))
    if worker.is_alive():
        raise NoAnswer(Text("{what} did not answer within {seconds:g} s", "{what} が {seconds:g} 秒以内に応答しません"
                            ).format(what=what, seconds=seconds))
    if isinstance(outcome.get("error"), KeyboardInterrupt):
        raise PluginInterrupt from outcome["error"]
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


class PluginInterrupt(Exception):
    """A plugin's own ``KeyboardInterrupt``, raised on its thread: its failure (the one it raised is the cause).
    Any ``KeyboardInterrupt`` the host sees is then the user's Ctrl-C, which reaches the host's thread wherever it
    happens to be, and stops the program instead of being taken for the plugin's failure."""


def is_builtin(point: metadata.EntryPoint) -> bool:
    dist = getattr(point, "dist", None)
    return dist is not None and dist.name == BUILTIN_DISTRIBUTION and point.value.startswith("plugins.")


class PluginHost:
    """Typed facade over pluggy: discovery, per-plugin hook calls, and the registered games."""

    def __init__(self) -> None:
        self._pm = pluggy.PluginManager(GROUP)
        self._pm.add_hookspecs(hookspec)
        self._infos: dict[str, PluginInfo] = {}
        self._games: dict[str, GameSpec] = {}
        self._owner: dict[str, str] = {}
        self._commands: list[Command] | None = None
        self._collected: set[str] = set()
        self._points: dict[str, str] = {}
        self._waiting: Waiting | None = None  # while :meth:`discover` runs

    # -- discovery ----------------------------------------------------------------------------------

    def discover(self, entry_points: Iterable[metadata.EntryPoint] | None = None,
                 waiting: Waiting | None = None) -> None:
        """Load every entry point of the group (or the ones given), each in isolation, then collect; ``waiting``
        is called while each import or hook runs."""
        self._waiting = waiting
        try:
            self._discover(entry_points)
        finally:
            self._waiting = None

    def _discover(self, entry_points: Iterable[metadata.EntryPoint] | None) -> None:
        blocked = disabled_names()
        points = metadata.entry_points(group=GROUP) if entry_points is None else entry_points
        for point in sorted(points, key=lambda p: (not is_builtin(p), p.name)):
            dist = getattr(point, "dist", None)
            info = PluginInfo(point.name, dist.name if dist else "", dist.version if dist else "")
            if point.name in self._infos:
                seen = (self._infos[point.name].distribution, self._points.get(point.name))
                if seen == (info.distribution, point.value):
                    continue  # the same entry point seen twice (a path listed twice)
                info.name = f"{point.name} ({info.distribution or point.value})"
                self._infos[info.name] = info
                info.status = BROKEN
                info.error = Text("its entry-point name '{name}' is already taken by another plugin",
                                  "エントリーポイント名 '{name}' は別のプラグインが使っています"
                                  ).format(name=point.name)
                continue
            self._infos[point.name] = info
            self._points[point.name] = point.value
            if point.name in blocked:
                info.status = DISABLED
                info.error = _DISABLED
                continue
            try:
                importing = Text("importing {module}", "{module} の読み込み").format(module=point.value)
                plugin = bounded(point.load, importing, self._waiting_on(point.name, importing))
            except (KeyboardInterrupt, GivenUp):  # the user's Ctrl-C (a plugin's own is a PluginInterrupt), a Quit
                raise
            except BaseException as error:  # a plugin may raise anything while importing, even SystemExit
                info.status, info.error = BROKEN, failure_reason(Text("cannot be imported", "読み込めません"), error)
                continue
            self._register(info, plugin)
        self._collect([info for info in self._loaded() if info.name not in self._collected])

    def _waiting_on(self, name: str, what: Text) -> Callable[[float], None] | None:
        return None if self._waiting is None else functools.partial(self._waiting, name, what)

    def add_plugin(self, name: str, plugin: Any, distribution: str = "", version: str = "") -> PluginInfo:
        """Register an already imported plugin object (tests, embedding) as if it were discovered."""
        info = PluginInfo(name, distribution, version)
        self._infos[name] = info
        if name in disabled_names():
            info.status, info.error = DISABLED, _DISABLED
            return info
        self._register(info, plugin)
        if info.ok:
            self._collect([info])
        return info

    def _register(self, info: PluginInfo, plugin: Any) -> None:
        known = {name for name in dir(hookspec) if name.startswith(HOOK_PREFIX)}
        unknown = sorted(
            name for name in dir(plugin) if name.startswith(HOOK_PREFIX) and name not in known
        )
        if unknown:
            info.status = BROKEN
            info.error = Text("unknown hook {unknown}; the hooks are: {known}",
                              "未知のフック {unknown}。フックは次のとおりです: {known}"
                              ).format(unknown=", ".join(unknown), known=", ".join(sorted(known)))
            return
        try:
            self._pm.register(plugin, name=info.name)
            self._pm.check_pending()
        except Exception as error:
            if self._pm.get_plugin(info.name) is not None:
                self._pm.unregister(name=info.name)
            info.status, info.error = BROKEN, failure_reason(Text("invalid hooks", "フックが正しくありません"), error)

    def _call(self, info: PluginInfo, hook_name: str, registry: Any) -> bool:
        """Call one plugin's implementation of one hook; record and swallow what it raises."""
        caller = getattr(self._pm.hook, hook_name)
        for impl in caller.get_hookimpls():
            if impl.plugin_name != info.name:
                continue
            try:
                what = Text("{hook} of {name}", "{name} の {hook}").format(hook=hook_name, name=info.name)
                bounded(functools.partial(impl.function, *([registry] if impl.argnames else [])), what,
                        self._waiting_on(info.name, what))
            except (KeyboardInterrupt, GivenUp):  # the user's Ctrl-C (a plugin's own is a PluginInterrupt), a Quit
                raise
            except BaseException as error:
                failed = Text("{hook} failed", "{hook} が失敗しました").format(hook=hook_name)
                self.mark_broken(info, failure_reason(failed, error))
                return False
        return True

    def mark_broken(self, info: PluginInfo, reason: Text) -> None:
        """Record ``reason`` against a plugin and drop everything it registered."""
        info.status, info.error = BROKEN, reason
        if self._pm.get_plugin(info.name) is not None:
            self._pm.unregister(name=info.name)
        for game_id in info.games + info.variants:
            self._games.pop(game_id, None)
            self._owner.pop(game_id, None)
        if self._commands is not None:
            self._commands = [c for c in self._commands if c.plugin != info.name]

    def _loaded(self) -> list[PluginInfo]:
        return [info for info in self._infos.values() if info.ok]

    def _collect(self, infos: list[PluginInfo]) -> None:
        """Every plugin's games first, then variants, so a variant can extend another plugin's game."""
        self._collected.update(info.name for info in infos)
        for info in infos:
            games = GameRegistry(self._games)
            if self._call(info, "cardtable_register_games", games):
                self._accept(info, games.added, info.games)
        base_games = {g for g, spec in self._games.items() if spec.variant_of is None}
        for info in infos:
            if not info.ok:
                continue
            variants = VariantRegistry(base_games, self._games)
            if self._call(info, "cardtable_register_variants", variants):
                self._accept(info, variants.added, info.variants)

    def _accept(self, info: PluginInfo, specs: list[GameSpec], names: list[str]) -> None:
        for spec in specs:
            self._games[spec.id] = spec
            self._owner[spec.id] = info.name
            names.append(spec.id)

    # -- what the rest of the program asks ---------------------------------------------------------

    def plugins(self) -> list[PluginInfo]:
        return list(self._infos.values())

    def games(self) -> list[GameSpec]:
        """Base games (not variants), in registration order."""
        return [spec for spec in self._games.values() if spec.variant_of is None]

    def variants_of(self, game_id: str) -> list[GameSpec]:
        return [spec for spec in self._games.values() if spec.variant_of == game_id]

    def game(self, game_id: str) -> GameSpec:
        """A game or variant by id; ``KeyError`` with the known ids when there is none."""
        try:
            return self._games[game_id]
        except KeyError:
            raise KeyError(f"no game '{game_id}'; known: {', '.join(sorted(self._games)) or 'none'}") from None

    def plugin_of(self, game_id: str) -> PluginInfo:
        return self._infos[self._owner[game_id]]

    def slot(self, game_id: str) -> str:
        """Where the game's save and statistics live (a third-party plugin's games under its own folder)."""
        return slot_for(game_id, self.plugin_of(game_id).distribution)

    def info(self, name: str) -> PluginInfo:
        return self._infos[name]

    def commands(self) -> list[Command]:
        """Subcommands from every loaded plugin (the hook is called on first request)."""
        if self._commands is None:
            self._commands = []
            taken = set(HOST_COMMANDS)
            for info in self._loaded():
                registry = CommandRegistry(taken)
                if self._call(info, "cardtable_register_commands", registry):
                    for command in registry.added:
                        taken.add(command.name)
                        info.commands.append(command.name)
                        self._commands.append(
                            Command(command.name, command.help, command.configure, command.run, info.name)
                        )
        return self._commands


def load_host(configure: Callable[[PluginHost], None] | None = None, waiting: Waiting | None = None) -> PluginHost:
    """A host with every installed plugin discovered (``waiting``: see :data:`Waiting`)."""
    host = PluginHost()
    if configure is not None:
        configure(host)
    host.discover(waiting=waiting)
    return host


__all__ = ["BROKEN", "DISABLED", "LOADED", "PluginHost", "PluginInfo", "RegistrationError", "load_host"]
