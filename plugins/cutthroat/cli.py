"""``cardtable two-handed-euchre`` and ``cardtable three-handed-euchre``: CPU-only matches headless, and
duplicate tournaments between strengths."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from core.plugin import (
    CPU_STRENGTHS,
    Batch,
    GameSession,
    add_batch_arguments,
    add_settings_arguments,
    add_tournament_arguments,
    describe_settings,
    plural,
    positive_int,
    settings_from_args,
    tournament,
)
from plugins.cutthroat.rules import FORMATS
from plugins.cutthroat.settings import SCHEMAS

STRENGTHS = tuple(value for value, _ in CPU_STRENGTHS)


def configurer(players: int) -> Callable[[argparse.ArgumentParser], None]:
    def configure(parser: argparse.ArgumentParser) -> None:
        sub = parser.add_subparsers(dest="cut_command", metavar="TOOL", required=True)
        sim = sub.add_parser("simulate", help="play CPU-only matches headless and print statistics")
        sim.add_argument("--matches", type=positive_int, default=100, help="how many matches (default 100)")
        sim.add_argument("--seed", type=int, default=1, help="seed of the first match; match i uses seed+i")
        sim.add_argument("--south", default="normal", choices=STRENGTHS, help="strength of South")
        sim.add_argument("--others", default="normal", choices=STRENGTHS,
                         help="strength of " + ("North" if players == 2 else "West and East"))
        add_settings_arguments(sim, SCHEMAS[players], skip=("opponents",))
        add_batch_arguments(sim, what="match")
        tour = sub.add_parser("tournament", help="duplicate hands between two CPU strengths (A in every seat)")
        add_tournament_arguments(tour, STRENGTHS, per_deal=players)
        add_settings_arguments(tour, SCHEMAS[players], skip=("opponents",))
        add_batch_arguments(tour, what="deal")

    return configure


def runner(players: int) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        settings = {**settings_from_args(SCHEMAS[players], args), "players": players}
        print(describe_settings(SCHEMAS[players], settings, ("opponents",)))
        if args.cut_command == "tournament":
            from plugins.cutthroat.cpu import CPU_VERSION
            from plugins.cutthroat.tournament import play_pair, summarize

            tournament(args, f"{FORMATS[players].name} tournament", play_pair, settings, summarize, per_deal=players,
                       cpu_version=CPU_VERSION)
            return 0
        return _simulate(args, players, settings)

    return run


def simulate_match(task: tuple[int, str, str, dict[str, Any]]) -> dict[str, Any]:
    """One CPU-only match (a work unit): its row."""
    from plugins.cutthroat.plugin import GAMES

    seed, south, others, settings = task
    players = int(settings["players"])
    rules = {k: v for k, v in settings.items() if k != "players"}
    session = GameSession.new(GAMES[players], rules, seed=seed, players=[south] + [others] * (players - 1))
    session.run_cpus()
    state = session.state
    made = [r for r in state.results if r.maker is not None]
    return {"seed": seed, "hands": len(state.results), "thrown_in": len(state.results) - len(made),
            "scores": list(state.scores), "winner": state.winner,
            "made": [sum(1 for r in made if r.maker == seat) for seat in range(players)],
            "euchred": [sum(1 for r in made if r.maker == seat and r.euchred) for seat in range(players)],
            "marches": [sum(1 for r in made if r.maker == seat and r.maker_tricks == 5) for seat in range(players)]}


def _simulate(args: argparse.Namespace, players: int, settings: dict[str, Any]) -> int:
    from plugins.cutthroat.cpu import CPU_VERSION

    keys = range(args.seed, args.seed + args.matches)
    started = time.perf_counter()
    batch = Batch.from_args(args, f"{FORMATS[players].name} simulate",
                            {"south": args.south, "others": args.others, "settings": settings,
                             "CPU_players_version": CPU_VERSION})
    with batch:
        batch.run(simulate_match, keys, lambda seed: (seed, args.south, args.others, settings), "simulating")
    rows = batch.records(keys)
    elapsed = time.perf_counter() - started
    if rows:
        hands = sum(r["hands"] for r in rows)
        print(f"matches {len(rows)}, hands {hands} ({sum(r['thrown_in'] for r in rows)} thrown in); hands per "
              f"match: median {statistics.median(r['hands'] for r in rows):.0f}")
        names = ("South", "North") if players == 2 else ("South", "West", "East")
        for seat, name in enumerate(names):
            strength = args.south if seat == 0 else args.others
            made = sum(r["made"][seat] for r in rows)
            euchred = sum(r["euchred"][seat] for r in rows)
            wins = sum(1 for r in rows if r["winner"] == seat)
            print(f"  {name} ({strength}): won {plural(wins, 'match')}, made trump "
                  f"{plural(made, 'time')}, euchred {euchred} ({euchred / max(made, 1):.1%}), marches "
                  f"{sum(r['marches'][seat] for r in rows)}")
        print(f"time: {elapsed:.1f} s on {batch.executor.name}, {hands / elapsed:.0f} hands/s")
    batch.finish(rows)
    return 0
