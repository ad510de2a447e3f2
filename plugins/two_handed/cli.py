"""``cardtable two-handed-euchre``: CPU-only matches headless, and duplicate tournaments between strengths."""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from core.plugin import (
    CPU_STRENGTHS,
    Batch,
    GameSession,
    add_batch_arguments,
    add_tournament_arguments,
    positive_int,
    tournament,
)

STRENGTHS = tuple(value for value, _ in CPU_STRENGTHS)


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="two_command", metavar="TOOL", required=True)
    sim = sub.add_parser("simulate", help="play CPU-only matches headless and print statistics")
    sim.add_argument("--matches", type=positive_int, default=100, help="how many matches (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first match; match i uses seed+i")
    sim.add_argument("--south", default="normal", choices=STRENGTHS, help="strength of South")
    sim.add_argument("--north", default="normal", choices=STRENGTHS, help="strength of North")
    sim.add_argument("--target", type=int, choices=(5, 7, 10), default=5, help="game to 5, 7 or 10 points (default 5)")
    add_batch_arguments(sim, what="match")
    tour = sub.add_parser("tournament", help="duplicate hands between two CPU strengths")
    add_tournament_arguments(tour, STRENGTHS)
    add_batch_arguments(tour, what="deal")


def run(args: argparse.Namespace) -> int:
    return _tournament(args) if args.two_command == "tournament" else _simulate(args)


def _settings(target: int = 5) -> dict[str, Any]:
    from plugins.two_handed.settings import SCHEMA

    return {**SCHEMA.defaults(), "target": target}


def _tournament(args: argparse.Namespace) -> int:
    from plugins.two_handed.tournament import play_pair, summarize

    tournament(args, "two-handed-euchre tournament", play_pair, _settings(), summarize)
    return 0


def simulate_match(task: tuple[int, str, str, dict[str, Any]]) -> dict[str, Any]:
    """One CPU-only match (a work unit): its row."""
    from plugins.two_handed.plugin import GAME

    seed, south, north, settings = task
    session = GameSession.new(GAME, settings, seed=seed, players=[south, north])
    session.run_cpus()
    state = session.state
    made = [r for r in state.results if r.maker is not None]
    return {"seed": seed, "hands": len(state.results), "thrown_in": len(state.results) - len(made),
            "south_score": state.scores[0], "north_score": state.scores[1],
            "winner": "S" if state.winner == 0 else "N",
            **{f"{name}_{what}": sum(1 for r in made if r.maker == seat and test(r))
               for seat, name in ((0, "south"), (1, "north"))
               for what, test in (("made", lambda r: True), ("euchred", lambda r: r.euchred),
                                  ("marches", lambda r: r.maker_tricks == 5))}}


def _simulate(args: argparse.Namespace) -> int:
    settings = _settings(args.target)
    keys = range(args.seed, args.seed + args.matches)
    started = time.perf_counter()
    batch = Batch.from_args(args, "two-handed-euchre simulate",
                            {"south": args.south, "north": args.north, "settings": settings})
    with batch:
        batch.run(simulate_match, keys, lambda seed: (seed, args.south, args.north, settings), "simulating")
    rows = batch.records(keys)
    elapsed = time.perf_counter() - started
    if rows:
        hands = sum(r["hands"] for r in rows)
        print(f"matches {len(rows)}, hands {hands} ({sum(r['thrown_in'] for r in rows)} thrown in); hands per "
              f"match: median {statistics.median(r['hands'] for r in rows):.0f}")
        for seat, strength in (("south", args.south), ("north", args.north)):
            made = sum(r[f"{seat}_made"] for r in rows)
            euchred = sum(r[f"{seat}_euchred"] for r in rows)
            print(f"  {seat.capitalize()} ({strength}): won {sum(1 for r in rows if r['winner'] == seat[0].upper())} "
                  f"matches, made trump {made} times, euchred {euchred} ({euchred / max(made, 1):.1%}), "
                  f"marches {sum(r[f'{seat}_marches'] for r in rows)}")
        print(f"time: {elapsed:.1f} s on {batch.executor.name}, {hands / elapsed:.0f} hands/s")
    batch.finish(rows)
    return 0
