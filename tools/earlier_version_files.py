"""Writes down the files a player of one version of Card Table has — a save of each game at several points
and under each preset and toggle, the statistics of finished games, the settings, the window's preferences —
so that later versions can be tested against them (``tests/test_earlier_versions.py``: nothing a player has
is lost on an upgrade).

Run it with the *old* code first on the path, from this checkout:

    git worktree add --detach /tmp/old REV
    PYTHONPATH=/tmp/old python tools/earlier_version_files.py --out tests/data/earlier_versions/DATE-REV.json

It uses only what every version since 30 November 2026 has (sessions with holds, the save service, the
statistics store and recorder, the settings store, the window's preferences), writes the files into a
temporary folder through that version's own services and gathers them, as written, into one JSON file. For
each save it also keeps a digest of what that version offered before every move — the legal moves, and the
cards each seat could not see — so a later version can show that the same game comes back: the same deal,
the same choices, ply by ply.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

GAMES = ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre", "yukon")
SEED = 3


def step(session: Any) -> list[str]:
    """What a ply is known by: the legal moves offered, and for each seat the cards it may not see (which pin
    the deal down even while the legal moves do not show a card, as in an auction)."""
    rules, state = session.game.rules, session.state
    hidden = [" ".join(sorted(rules.hidden_from(state, seat))) for seat in range(len(session.players))]
    return [" ".join(sorted(rules.move_text(m) for m in session.legal_moves())), *hidden]


def digest(steps: Iterable[list[str]]) -> str:
    """One digest of every ply's :func:`step`, in order."""
    found = hashlib.sha256()
    for known in steps:
        found.update(("|".join(known) + "\n").encode())
    return found.hexdigest()


def variants(game: Any) -> list[tuple[str, dict[str, Any]]]:
    """The defaults, each preset, and each toggle turned the other way."""
    defaults = game.settings.defaults()
    found = [("defaults", defaults)]
    found += [(f"preset {p.id}", {**defaults, **dict(p.values)}) for p in game.settings.presets]
    found += [(f"{o.key} {not o.default}", {**defaults, o.key: not o.default})
              for o in game.settings.options if isinstance(o.default, bool)]
    return found


def changed(game: Any) -> dict[str, Any]:
    """Every option away from its default: toggles turned, another choice, a number's other end."""
    values = game.settings.defaults()
    for option in game.settings.options:
        if isinstance(option.default, bool):
            values[option.key] = not option.default
        elif hasattr(option, "choices"):
            values[option.key] = next(v for v, _ in option.choices if v != option.default)
        else:
            values[option.key] = option.maximum if option.default != option.maximum else option.minimum
    return values


def played(game: Any, settings: dict[str, Any], plies: int, stats: Any = None,
           seed: int = SEED) -> tuple[Any, list[Any]]:
    """A session of ``game`` after up to ``plies`` steps (held moments acknowledged, CPU seats moving, the
    person's seat choosing by a seeded random pick), and each ply's :func:`step` before its move. With a statistics
    store, the game is recorded there as the window records it, and left at the end."""
    from core.rng import Rng
    from core.session import GameSession
    from core.stats import Recorder

    deal = {"number": 12} if game.id == "yukon" else None
    session = GameSession.new(game, settings, seed=seed, deal=deal)
    recorder = Recorder(session, stats, game.id) if stats is not None else None
    if recorder is not None:
        session.add_listener(recorder)
    rng, steps = Rng(seed), []
    for _ in range(plies):
        if session.is_over:
            break
        if session.hold is not None:
            session.acknowledge()
            continue
        known = step(session)
        if session.is_cpu_turn:
            if session.cpu_step() is not None:
                steps.append(known)
        else:
            steps.append(known)
            session.play(rng.choice(list(session.legal_moves())))
    if recorder is not None:
        recorder.retire()
    return session, steps


def gather() -> dict[str, Any]:
    from core.manager import load_host
    from core.saves import SaveService
    from core.settings_store import SettingsStore
    from core.stats import StatsStore

    host = load_host()
    found: dict[str, Any] = {"saves": [], "stats": {}, "settings": {}}
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CARDTABLE_HOME"] = folder
        from core.paths import config_dir
        from gui.prefs import ShellPrefs  # no Qt in it

        ShellPrefs(language="ja", animations=False, sound=True).save()
        found["prefs"] = json.loads((config_dir() / "shell.json").read_text())
        saves, stats, store = (SaveService(Path(folder, "saves")), StatsStore(Path(folder, "stats")),
                               SettingsStore(Path(folder, "settings")))
        for game_id in GAMES:
            try:
                game = host.game(game_id)
            except Exception:  # a game this version does not have yet
                continue
            for name, settings in variants(game):
                for plies in (25, 400) if name == "defaults" else (25,):
                    session, steps = played(game, settings, plies)
                    saves.write(game_id, session.record())
                    found["saves"].append({"game": game_id, "settings": name, "plies": len(steps),
                                           "file": json.loads(saves.path_for(game_id).read_text()),
                                           "digest": digest(steps)})
            if game.statistics is not None:  # two whole games (a Yukon deal given up), as the window records them
                for seed in (SEED, SEED + 1):
                    played(game, game.settings.defaults(), 3000 if game_id != "yukon" else 200, stats, seed)
                if stats.path_for(game_id).exists():
                    found["stats"][game_id] = json.loads(stats.path_for(game_id).read_text())
            values = changed(game)
            store.save(game_id, values)
            found["settings"][game_id] = {"values": values, "file": json.loads(store.path_for(game_id).read_text())}
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the JSON file to write (a new one)")
    args = parser.parse_args()
    if args.out.is_dir() or not args.out.resolve().parent.is_dir():
        parser.error(f"cannot write to {args.out}: give a file name in a folder that exists")
    if args.out.exists():  # a version's files are written once; a mistyped name must not clobber another file
        parser.error(f"{args.out} already exists: give a new file name, or remove it first")
    import core

    checkout = Path(core.__file__).resolve().parents[1]
    commit = subprocess.run(["git", "-C", str(checkout), "log", "-1", "--format=%h %cs"], capture_output=True,
                            text=True, check=False).stdout.split()
    found = {"commit": commit[0] if commit else "", "date": commit[1] if commit else "", **gather()}
    args.out.write_text(json.dumps(found, separators=(",", ":")) + "\n")
    print(f"{checkout} ({' '.join(commit)}): {len(found['saves'])} saves, statistics of {len(found['stats'])} "
          f"games, settings of {len(found['settings'])} → {args.out} ({args.out.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
