"""Command-line pieces every plugin subcommand shares, so each mistake gets the same one-line answer.

- :func:`add_settings_arguments` / :func:`settings_from_args`: ``--preset`` and one flag per option of a
  game's :class:`~core.settings.SettingsSchema` (``--stick-the-dealer`` / ``--no-stick-the-dealer``,
  ``--target 7``), so a tool accepts every preset and toggle the game has, checked by the schema;
- :func:`jobs`: ``--jobs N`` capped at this machine's CPU count;
- :func:`positive_int`, :func:`positive_float`, :func:`count`: numbers that refuse ``nan``, ``inf``, 0 or less;
  :func:`version_numbers` for a program's version (``43.1``);
  :func:`at_least` for a whole number with another minimum (``--hands``: one deal);
- :func:`output_file` / :func:`output_folder`: checked before any work starts, so no result is lost at the end;
- :func:`passing_home`: saves, settings and statistics of a tool's run of the window kept apart, and gone at the end;
- :func:`guarded`: a tool's body run so that a mistake, no home folder for the saves, Ctrl-C or SIGTERM, a closed
  pipe, a file the machine refused (a full disk) or a cluster lost ends in one line, not a traceback;
- :func:`~core.terminal.tolerant_output` (used by :func:`guarded`): output that an old 8-bit terminal or file
  encoding cannot hold is still written.
"""

from __future__ import annotations

import argparse
import atexit
import math
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

from core.paths import NoHome
from core.settings import CUSTOM, Choice, Number, SettingsError, SettingsSchema, Toggle
from core.storage import is_stream
from core.terminal import standard_descriptors_open, tolerant_output


class UsageError(Exception):
    """A mistake on the command line or in an input file; the message is printed as one line."""


class Interrupted(Exception):
    """Ctrl-C (exit status 130) or SIGTERM (143) stopped a long job after its summary so far; the message says what
    was kept."""

    def __init__(self, message: str, status: int = 130) -> None:
        super().__init__(message)
        self.status = status


class Terminated(KeyboardInterrupt):
    """SIGTERM — ``timeout``, a cluster's job scheduler, the system shutting down — stops a run as Ctrl-C does:
    the summary so far and the file to resume, where it used to end the run without a word."""


class OutputFailed(Exception):
    """A file the job writes could not be written (a full disk); the message says what was kept (exit status 1)."""


class EngineLost(Exception):
    """What a long job ran on went away (a cluster's scheduler stopped, the network failed, a local worker was
    killed); the message says what was kept (exit status 1), and ``then`` what to do before resuming."""

    def __init__(self, message: str, then: str = "give") -> None:
        super().__init__(message)
        self.then = then


def guarded(run: Callable[[], int], prog: str = "cardtable") -> int:
    """The exit status of ``run()``, a command-line tool's body: a :class:`UsageError` or
    :class:`~core.paths.NoHome` is one line on stderr (status 2); Ctrl-C or SIGTERM, after a long job's summary
    so far and the file to resume, is one line too (130, 143); a closed pipe (``| head``) ends quietly; a file the
    machine refused (:class:`OutputFailed`, or any other ``OSError`` such as a full disk under a catalogue being
    built) or a cluster lost (:class:`EngineLost`) is one line with status 1. Output goes through
    :func:`tolerant_output`."""
    standard_descriptors_open()
    tolerant_output()
    try:
        return run()
    except (UsageError, NoHome) as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    except Interrupted as stopped:
        print(f"{prog}: {stopped}", file=sys.stderr)
        return stopped.status
    except Terminated:  # before a run had a summary to give (its engine could not start, say)
        print(f"{prog}: stopped by SIGTERM", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except (OutputFailed, EngineLost) as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        where = f": {error.filename}" if error.filename else ""
        print(f"{prog}: {error.strerror or error}{where}", file=sys.stderr)
        return 1


def version_numbers(value: str) -> tuple[int, ...]:
    """A version as given on the command line: ``43.1``, ``50.0.9``."""
    parts = value.split(".")
    if not all(part.isdigit() for part in parts):
        raise argparse.ArgumentTypeError(f"'{value}' is not a version; give numbers such as 43.1 or 50.0")
    return tuple(int(part) for part in parts)


def cpu_count() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def jobs(text: str) -> int:
    """``--jobs``: at least 1, at most the CPUs this process may use (more would only queue)."""
    value = positive_int(text)
    limit = cpu_count()
    if value > limit:
        print(f"cardtable: --jobs {value} is more than the {limit} CPUs here; using {limit}", file=sys.stderr)
    return min(value, limit)


def path_argument(text: str) -> Path:
    """A file or folder named on the command line; an empty name (an unset variable in a script) meant the
    current folder, and was written into or named as "."."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the name is empty; give a file or folder name")
    return Path(text)


def scheduler_address(text: str) -> str:
    """``--scheduler``: a Dask scheduler's address or ``local``; an empty one (an unset variable in a script,
    ``--scheduler "$SCHED"``) ran the units here, saying nothing."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a Dask scheduler's address (tcp://HOST:8786) or 'local'; leave "
                                         "--scheduler out to use --jobs processes here")
    return text.strip()


def at_least(minimum: int, why: str = "", step: int = 1) -> Callable[[str], int]:
    """An argument type: a whole number no smaller than ``minimum`` and a multiple of ``step`` (``why`` says
    why, in the refusal)."""

    def whole_number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}{why}, got {value}")
        if value % step:
            raise argparse.ArgumentTypeError(f"must be a multiple of {step}{why}, got {value}")
        return value

    return whole_number


positive_int = at_least(1)


def count(text: str) -> int:
    """A number of things to make: 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got '{text}'")
    return value


def output_file(path: Path | None, what: str = "results") -> None:
    """Refuse, before the work starts, an output path that could not be written at the end."""
    if path is None:
        return
    if path.is_dir():
        raise UsageError(f"cannot write {what} to {path}: it is a folder; give a file name")
    if is_stream(path):  # /dev/stdout, a named pipe: written into as it is, so its folder (/dev) need not be writable
        if not os.access(path, os.W_OK):
            raise UsageError(f"cannot write {what} to {path}: no permission")
        return
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"cannot write {what} to {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"cannot write {what} to {path}: no permission")


def passing_home(name: str) -> str:
    """``CARDTABLE_HOME`` for a tool that plays in the window (a soak, a benchmark): a fresh folder, removed when
    the tool ends, unless one is set already (then that one, kept). Its path."""
    if "CARDTABLE_HOME" not in os.environ:
        os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix=f"cardtable-{name}-")
        atexit.register(shutil.rmtree, os.environ["CARDTABLE_HOME"], ignore_errors=True)
    return os.environ["CARDTABLE_HOME"]


def output_folder(path: Path | None, what: str = "files") -> None:
    """A folder to write into: it may be created, but must not be a file."""
    if path is None:
        return
    if path.exists() and not path.is_dir():
        raise UsageError(f"cannot write {what} into {path}: it is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot create the folder {path}: {error.strerror or error}") from None
    if not os.access(path, os.W_OK):
        raise UsageError(f"cannot write {what} into {path}: no permission")


def _flag(key: str) -> str:
    return "--" + key.replace("_", "-")


def add_settings_arguments(parser: argparse.ArgumentParser, schema: SettingsSchema,
                           skip: Container[str] = ()) -> None:
    """``--preset`` and a flag per option (those in ``skip`` are set by the tool itself)."""
    presets = [p.id for p in schema.presets]
    group = parser.add_argument_group("rules (any preset, then any option on top of it)" if presets else "rules")
    if presets:
        group.add_argument("--preset", choices=[*presets, CUSTOM], default=None,
                           help=f"rule preset (default: {presets[0]}); 'custom' starts from the defaults")
    for option in schema.options:
        if option.key in skip:
            continue
        help_text = option.label.en + (f": {option.help.en}" if option.help.en else "")
        if isinstance(option, Toggle):
            group.add_argument(_flag(option.key), dest=f"setting_{option.key}", default=None,
                               action=argparse.BooleanOptionalAction, help=help_text)
        elif isinstance(option, Choice):
            group.add_argument(_flag(option.key), dest=f"setting_{option.key}", default=None,
                               choices=[str(v) for v in option.values], help=help_text)
        elif isinstance(option, Number):
            group.add_argument(_flag(option.key), dest=f"setting_{option.key}", default=None, type=int,
                               metavar="N", help=f"{help_text} ({option.minimum} to {option.maximum})")


def settings_from_args(schema: SettingsSchema, args: argparse.Namespace, fixed: dict[str, Any] | None = None) -> \
        dict[str, Any]:
    """The defaults, then the preset (the first one unless ``--preset`` names another), then each option
    given on the command line, then ``fixed``; checked by the schema (a :class:`UsageError` says what is
    wrong)."""
    values = schema.defaults()
    preset = getattr(args, "preset", None) or (schema.presets[0].id if schema.presets else CUSTOM)
    values = schema.with_preset(values, preset)
    for option in schema.options:
        given = getattr(args, f"setting_{option.key}", None)
        if given is None:
            continue
        if isinstance(option, Choice):
            given = next(v for v in option.values if str(v) == given)
        values[option.key] = given
    values.update(fixed or {})
    try:
        return schema.checked(values)
    except SettingsError as error:
        raise UsageError(str(error)) from None


def describe_settings(schema: SettingsSchema, values: dict[str, Any], skip: Container[str] = ()) -> str:
    """One line naming the rules in force, for a tool's summary: the preset, or each option."""
    shown = ", ".join(f"{o.key}={values[o.key]}" for o in schema.options if o.key not in skip)
    return f"rules: {schema.preset_of(values)} ({shown})" if schema.presets else f"rules: {shown}"


class OneLineParser(argparse.ArgumentParser):
    """An argument mistake is one line on stderr and exit status 2, naming the command's ``--help``."""

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")
