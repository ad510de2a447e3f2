"""``cardtable bid-euchre``: CPU-only matches headless, and duplicate tournaments between strengths."""

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
    plural,
    positive_int,
    tournament,
)

STRENGTHS = tuple(value for value, _ in CPU_STRENGTHS)


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="bid_command", metavar="TOOL", required=True)
    sim = sub.add_parser("simulate", help="play CPU-only matches headless and print statistics")
    sim.add_argument("--matches", type=positive_int, default=100, help="how many matches (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first match; match i uses seed+i")
    sim.add_argument("--ns", default="normal", choices=STRENGTHS, help="strength of North/South")
    sim.add_argument("--ew", default="normal", choices=STRENGTHS, help="strength of East/West")
    add_batch_arguments(sim, what="match")
    tour = sub.add_parser("tournament", help="duplicate-hand match between two CPU strengths")
    add_tournament_arguments(tour, STRENGTHS)
    add_batch_arguments(tour, what="deal")


def run(args: argparse.Namespace) -> int:
    return _tournament(args) if args.bid_command == "tournament" else _simulate(args)


def _settings() -> dict[str, Any]:
    from plugins.bid_euchre.plugin import GAME

    return GAME.settings.defaults()


def _tournament(args: argparse.Namespace) -> int:
    from plugins.bid_euchre.cpu import CPU_VERSION
    from plugins.bid_euchre.tournament import play_pair, summarize

    tournament(args, "bid-euchre tournament", play_pair, _settings(), summarize, cpu_version=CPU_VERSION)
    return 0


def simulate_match(task: tuple[int, str, str, dict[str, Any]]) -> dict[str, Any]:
    """One CPU-only match (a work unit): its row."""
    from plugins.bid_euchre.plugin import GAME

    seed, ns, ew, settings = task
    session = GameSession.new(GAME, settings, seed=seed, players=[ns, ew, ns, ew])
    session.run_cpus()
    return _row(seed, session.state)


def _simulate(args: argparse.Namespace) -> int:
    from plugins.bid_euchre.cpu import CPU_VERSION

    settings = _settings()
    keys = range(args.seed, args.seed + args.matches)
    started = time.perf_counter()
    batch = Batch.from_args(args, "bid-euchre simulate", {"ns": args.ns, "ew": args.ew, "settings": settings,
                                                          "CPU_players_version": CPU_VERSION})
    with batch:
        batch.run(simulate_match, keys, lambda seed: (seed, args.ns, args.ew, settings), "simulating")
    rows = batch.records(keys)
    elapsed = time.perf_counter() - started
    if rows:
        hands = sum(r["hands"] for r in rows)
        print(f"matches {len(rows)}, hands {hands}; hands per match: median "
              f"{statistics.median(r['hands'] for r in rows):.0f}")
        for team in ("ns", "ew"):
            declared = sum(r[f"{team}_declared"] for r in rows)
            made = sum(r[f"{team}_made"] for r in rows)
            wins = sum(1 for r in rows if r["winner"] == team.upper())
            print(f"  {team.upper()}: {sum(r[f'{team}_points'] for r in rows) / hands:+.3f} points/hand, declared "
                  f"{plural(declared, 'time')}, made {made} ({made / max(declared, 1):.1%}), won "
                  f"{plural(wins, 'match')}")
        print(f"  no-trump high {sum(r['notrump_high'] for r in rows)}, no-trump low "
              f"{sum(r['notrump_low'] for r in rows)} of {hands} contracts")
        print(f"time: {elapsed:.1f} s on {batch.executor.name}, {hands / elapsed:.0f} hands/s")
    batch.finish(rows)
    return 0


def _row(seed: int, state: Any) -> dict[str, Any]:
    results = state.results
    row: dict[str, Any] = {"seed": seed, "hands": len(results), "ns_score": state.scores[0],
                           "ew_score": state.scores[1], "winner": "NS" if state.winner == 0 else "EW"}
    for team, name in ((0, "ns"), (1, "ew")):
        mine = [r for r in results if r.contract.side == team]
        row[f"{name}_points"] = sum(r.points[team] for r in results)
        row[f"{name}_declared"] = len(mine)
        row[f"{name}_made"] = sum(1 for r in mine if r.made)
    row["notrump_high"] = sum(1 for r in results if r.contract.trump is None and not r.contract.low)
    row["notrump_low"] = sum(1 for r in results if r.contract.low)
    return row
