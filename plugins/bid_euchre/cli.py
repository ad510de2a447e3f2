"""``cardtable bid-euchre``: CPU-only matches headless, and duplicate tournaments between strengths."""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from core.plugin import (
    CPU_STRENGTHS,
    GameSession,
    Progress,
    UsageError,
    jobs,
    output_file,
    parallel_map,
    positive_int,
    write_rows,
)

STRENGTHS = tuple(value for value, _ in CPU_STRENGTHS)


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="bid_command", metavar="TOOL", required=True)
    sim = sub.add_parser("simulate", help="play CPU-only matches headless and print statistics")
    sim.add_argument("--matches", type=positive_int, default=100, help="how many matches (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first match; match i uses seed+i")
    sim.add_argument("--ns", default="normal", choices=STRENGTHS, help="strength of North/South")
    sim.add_argument("--ew", default="normal", choices=STRENGTHS, help="strength of East/West")
    sim.add_argument("--json", type=Path, help="write per-match results as JSON to this file")
    sim.add_argument("--csv", type=Path, help="write per-match results as CSV to this file")
    tour = sub.add_parser("tournament", help="duplicate-hand match between two CPU strengths")
    tour.add_argument("--a", default="hard", choices=STRENGTHS, help="strength A")
    tour.add_argument("--b", default="normal", choices=STRENGTHS, help="strength B")
    tour.add_argument("--hands", type=positive_int, default=2000, help="hands to play (each deal twice; default 2000)")
    tour.add_argument("--seed", type=int, default=1, help="first deal seed")
    tour.add_argument("--jobs", type=jobs, default=1, help="parallel processes (at most the CPU count)")
    tour.add_argument("--json", type=Path, help="write per-deal results as JSON")
    tour.add_argument("--csv", type=Path, help="write per-deal results as CSV")


def run(args: argparse.Namespace) -> int:
    output_file(args.csv)
    output_file(args.json)
    return _tournament(args) if args.bid_command == "tournament" else _simulate(args)


def run_tournament(a: str, b: str, deals: int, seed: int, jobs: int) -> list[Any]:
    from plugins.bid_euchre.tournament import play_pair

    return parallel_map(play_pair, [(seed + i, a, b) for i in range(deals)], jobs, f"{a} vs {b}", 4)


def _tournament(args: argparse.Namespace) -> int:
    from plugins.bid_euchre.tournament import summarize

    if args.hands < 2:
        raise UsageError("--hands must be at least 2 (each deal is played twice)")
    pairs = run_tournament(args.a, args.b, args.hands // 2, args.seed, args.jobs)
    for line in summarize(args.a, args.b, pairs):
        print(line)
    write_rows([{"seed": p.seed, "a_points": p.a_points, "b_points": p.b_points} for p in pairs], args.csv, args.json)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from plugins.bid_euchre.plugin import GAME

    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    with Progress(args.matches, "simulating") as bar:
        for i in range(args.matches):
            seed = args.seed + i
            session = GameSession.new(GAME, GAME.settings.defaults(), seed=seed,
                                      players=[args.ns, args.ew, args.ns, args.ew])
            session.run_cpus()
            rows.append(_row(seed, session.state))
            bar.advance()
    elapsed = time.perf_counter() - started
    hands = sum(r["hands"] for r in rows)
    print(f"matches {len(rows)}, hands {hands} in {elapsed:.1f} s: {hands / elapsed:.0f} hands/s; "
          f"hands per match: median {statistics.median(r['hands'] for r in rows):.0f}")
    for team in ("ns", "ew"):
        declared = sum(r[f"{team}_declared"] for r in rows)
        made = sum(r[f"{team}_made"] for r in rows)
        print(f"  {team.upper()}: {sum(r[f'{team}_points'] for r in rows) / hands:+.3f} points/hand, declared "
              f"{declared} times, made {made} ({made / max(declared, 1):.1%}), won "
              f"{sum(1 for r in rows if r['winner'] == team.upper())} matches")
    print(f"  no-trump high {sum(r['notrump_high'] for r in rows)}, no-trump low {sum(r['notrump_low'] for r in rows)}"
          f" of {hands} contracts")
    write_rows(rows, args.csv, args.json)
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
