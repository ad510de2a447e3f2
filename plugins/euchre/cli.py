"""``cardtable euchre``: simulate CPU matches headless, and replay a hand record trick by trick."""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from core.batch import Batch, add_batch_arguments
from core.cli_options import (
    UsageError,
    add_settings_arguments,
    describe_settings,
    output_folder,
    path_argument,
    positive_int,
    settings_from_args,
)
from core.duplicate import add_tournament_arguments, tournament
from core.session import GameSession
from core.settings import CPU_STRENGTHS
from core.text import plural
from plugins.euchre.record import RecordError, describe, read_record, write_record
from plugins.euchre.settings import SCHEMA

STRENGTHS = tuple(value for value, _ in CPU_STRENGTHS)


SKIP = ("opponents",)  # the tools set the strengths themselves (--ns/--ew, --a/--b)
MAX_RECORD_BYTES = 1024 * 1024


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="euchre_command", metavar="TOOL", required=True)
    sim = sub.add_parser("simulate", help="play CPU-only matches headless and print statistics")
    sim.add_argument("--matches", type=positive_int, default=100, help="how many matches (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first match; match i uses seed+i")
    sim.add_argument("--ns", default="normal", choices=STRENGTHS, help="strength of North/South")
    sim.add_argument("--ew", default="normal", choices=STRENGTHS, help="strength of East/West")
    sim.add_argument("--records", type=path_argument, help="write every hand as a record file into this folder")
    add_batch_arguments(sim, what="match")
    add_settings_arguments(sim, SCHEMA, skip=SKIP)
    tour = sub.add_parser("tournament", help="duplicate-hand match between two CPU strengths")
    add_tournament_arguments(tour, STRENGTHS)
    add_batch_arguments(tour, what="deal")
    add_settings_arguments(tour, SCHEMA, skip=SKIP)
    rep = sub.add_parser("replay", help="print a hand record trick by trick")
    rep.add_argument("file", type=path_argument, help="a hand record (as written by simulate --records); - reads "
                                                      "it from standard input")


def run(args: argparse.Namespace) -> int:
    if args.euchre_command == "replay":
        return _replay(args.file)
    if args.euchre_command == "tournament":
        return _tournament(args)
    return _simulate(args)


def _tournament(args: argparse.Namespace) -> int:
    from plugins.euchre.cpu import CPU_VERSION
    from plugins.euchre.tournament import play_pair, summarize

    settings = settings_from_args(SCHEMA, args)
    print(describe_settings(SCHEMA, settings, SKIP))
    tournament(args, "euchre tournament", play_pair, settings, summarize, cpu_version=CPU_VERSION)
    return 0


def _replay(path: Path) -> int:
    try:
        if str(path) == "-":  # the record piped in, as Unix tools read it (nothing when standard input is closed)
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1) if sys.stdin is not None else b""
        else:
            with path.open("rb") as handle:
                data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise UsageError(f"{path} is not a hand record: it is larger than {MAX_RECORD_BYTES // 1024} KB")
    try:
        if b"\0" in data:
            raise UnicodeDecodeError("utf-8", data, 0, 1, "NUL byte")
        text = data.decode("utf-8-sig")  # a record saved by Windows' Notepad starts with a byte-order mark
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a hand record: it is not a text file") from None
    try:
        for line in describe(read_record(text)):
            print(line)
    except RecordError as error:
        raise UsageError(f"{path}: {error}") from None
    return 0


def simulate_match(task: tuple[int, str, str, dict[str, Any], bool]) -> dict[str, Any]:
    """One CPU-only match (a work unit): its row, and its hands as record files when asked for."""
    from plugins.euchre.plugin import GAME

    seed, ns, ew, settings, with_records = task
    session = GameSession.new(GAME, settings, seed=seed, players=[ns, ew, ns, ew])
    session.run_cpus()
    state = session.state
    row = _match_row(seed, state)
    if with_records:
        row["records"] = {f"match{seed}-hand{n + 1}.txt": write_record(state.options, result.deal, result.log)
                          for n, result in enumerate(state.results)}
    return row


def _simulate(args: argparse.Namespace) -> int:
    from plugins.euchre.cpu import CPU_VERSION

    settings = settings_from_args(SCHEMA, args)
    output_folder(args.records, "hand records")
    folder: Path | None = args.records

    def write_records(row: dict[str, Any]) -> dict[str, Any]:
        for name, text in row.pop("records", {}).items():
            assert folder is not None
            try:
                (folder / name).write_text(text, encoding="utf-8")
            except OSError as error:  # a full disk says no when the file is closed, without naming it
                with contextlib.suppress(OSError):
                    (folder / name).unlink()  # not left half written
                raise OSError(error.errno, error.strerror, str(folder / name)) from None
        return row

    keys = range(args.seed, args.seed + args.matches)
    started = time.perf_counter()
    batch = Batch.from_args(args, "euchre simulate", {"ns": args.ns, "ew": args.ew, "settings": settings,
                                                      "CPU_players_version": CPU_VERSION})
    with batch:
        batch.run(simulate_match, keys, lambda seed: (seed, args.ns, args.ew, settings, folder is not None),
                  "simulating", keep=write_records)
    rows = batch.records(keys)
    elapsed = time.perf_counter() - started
    print(describe_settings(SCHEMA, settings, SKIP))
    if rows:
        _summary(rows)
        hands = sum(r["hands"] for r in rows)
        print(f"time: {elapsed:.1f} s on {batch.executor.name}, {hands / elapsed:.0f} hands/s")
    batch.finish(rows)
    return 0


def _match_row(seed: int, state: Any) -> dict[str, Any]:
    results = state.results
    played = [r for r in results if not r.thrown_in]

    def count(pred: Any) -> int:
        return sum(1 for r in played if pred(r))

    return {
        "seed": seed, "hands": len(results), "thrown_in": len(results) - len(played),
        "ns_score": state.scores[0], "ew_score": state.scores[1],
        "winner": "NS" if state.scores[0] > state.scores[1] else "EW",
        "ns_points": sum(r.points[0] for r in results), "ew_points": sum(r.points[1] for r in results),
        "ns_made": count(lambda r: r.maker % 2 == 0), "ew_made": count(lambda r: r.maker % 2 == 1),
        "ns_euchred": count(lambda r: r.maker % 2 == 0 and r.euchred),
        "ew_euchred": count(lambda r: r.maker % 2 == 1 and r.euchred),
        "loners": count(lambda r: r.alone is not None),
        "loner_sweeps": count(lambda r: r.alone is not None and r.maker_tricks == 5),
        "defender_loners": count(lambda r: r.defender_alone is not None),
    }


def _summary(rows: list[dict[str, Any]]) -> None:
    hands = sum(r["hands"] for r in rows)
    played = hands - sum(r["thrown_in"] for r in rows)
    out = sys.stdout
    out.write(f"matches {len(rows)}, hands {hands} ({played} played, {hands - played} thrown in)\n")
    for team in ("ns", "ew"):
        made = sum(r[f"{team}_made"] for r in rows)
        euchred = sum(r[f"{team}_euchred"] for r in rows)
        wins = sum(1 for r in rows if r["winner"] == team.upper())
        out.write(f"  {team.upper()}: {sum(r[f'{team}_points'] for r in rows) / hands:.3f} points/hand, "
                  f"made trump {plural(made, 'time')}, euchred {euchred} ({euchred / made:.1%} of calls), "
                  f"won {plural(wins, 'match')}\n" if made else f"  {team.upper()}: never made trump\n")
    loners = sum(r["loners"] for r in rows)
    sweeps = sum(r["loner_sweeps"] for r in rows)
    out.write(f"  loners {loners} ({sweeps} swept), defender loners {sum(r['defender_loners'] for r in rows)}; "
              f"hands per match: median {statistics.median(r['hands'] for r in rows):.0f}\n")
