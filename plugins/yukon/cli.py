"""``cardtable yukon``: print a deal, solve deals (one or a range, in parallel), build the deal catalogue."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from core.cli import UsageError
from core.progress import Progress, parallel_map, write_rows
from plugins.yukon.deal import MAX_DEAL
from plugins.yukon.rules import RUSSIAN, STANDARD, YukonRules, describe

VARIANTS = (STANDARD, RUSSIAN)


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="yukon_command", metavar="TOOL", required=True)
    deal = sub.add_parser("deal", help="print the layout of deal N (face-down cards in brackets)")
    deal.add_argument("number", type=int, help=f"deal number, 1 to {MAX_DEAL}")
    deal.add_argument("--json", action="store_true", help="print JSON: columns (bottom first) and face-down counts")

    solve = sub.add_parser("solve", help="solve deal N, or a range of deals in parallel")
    solve.add_argument("number", type=int, nargs="?", help="the deal to solve")
    solve.add_argument("--range", dest="deal_range", metavar="A-B", help="solve deals A to B instead")
    solve.add_argument("--variant", choices=VARIANTS, default=STANDARD)
    solve.add_argument("--returns", action="store_true", help="allow returns from the foundations")
    solve.add_argument("--budget", type=int, default=60_000, help="positions to search per deal (default 60000)")
    solve.add_argument("--seconds", type=float, default=10.0, help="time limit per deal (default 10)")
    solve.add_argument("--jobs", type=int, default=1, help="parallel processes for --range")
    solve.add_argument("--moves", action="store_true", help="print the winning moves")
    solve.add_argument("--csv", type=Path, help="write per-deal results as CSV")
    solve.add_argument("--json", type=Path, help="write per-deal results as JSON")

    build = sub.add_parser("build-catalogue", help="find, verify and grade solvable deals into the catalogue")
    build.add_argument("--standard", type=int, default=1000, help="standard entries wanted (default 1000)")
    build.add_argument("--russian", type=int, default=300, help="Russian entries wanted (default 300)")
    build.add_argument("--jobs", type=int, default=2)
    build.add_argument("--budget", type=int, default=60_000)
    build.add_argument("--out", type=Path, help="where to write (default: the installed catalogue)")


def run(args: argparse.Namespace) -> int:
    if args.yukon_command == "deal":
        return _deal(args)
    if args.yukon_command == "solve":
        return _solve(args)
    return _build(args)


def _check_number(number: int) -> None:
    if not 1 <= number <= MAX_DEAL:
        raise UsageError(f"deal numbers run from 1 to {MAX_DEAL}; got {number}")


def _deal(args: argparse.Namespace) -> int:
    _check_number(args.number)
    state = YukonRules().deal({"variant": STANDARD}, args.number)
    if args.json:
        print(json.dumps({"number": args.number, "columns": [[c.text for c in col] for col in state.columns],
                          "hidden": list(state.hidden)}))
    else:
        print(f"Yukon deal {args.number} (face-down cards in brackets; the last card of a line is in front)")
        for line in describe(state)[:-1]:
            print(line)
    return 0


def solve_one(task: tuple[int, str, bool, int, float]) -> dict[str, Any]:
    """Solve one deal and check a win by replaying it (runs in worker processes)."""
    from plugins.yukon.solver import WON, solve

    number, variant, returns, budget, seconds = task
    rules = YukonRules()
    state = rules.deal({"variant": variant, "return_from_foundations": returns}, number)
    result = solve(state, max_nodes=budget, max_seconds=seconds)
    if result.verdict == WON:
        replay = state
        for move in result.moves:
            replay = rules.apply(replay, move)
        if not replay.won:
            raise RuntimeError(f"deal {number}: the solver's moves do not win")  # a solver bug, never expected
    return {"deal": number, "variant": variant, "verdict": result.verdict, "moves": len(result.moves),
            "nodes": result.nodes, "seconds": round(result.seconds, 4),
            "solution": " ".join(m.text for m in result.moves)}


def _parse_range(text: str) -> tuple[int, int]:
    try:
        low, high = (int(part) for part in text.split("-", 1))
    except ValueError:
        raise UsageError(f"--range takes A-B, e.g. 1-1000; got '{text}'") from None
    _check_number(low)
    _check_number(high)
    if low > high:
        raise UsageError(f"--range {text}: the first number must not be larger than the second")
    return low, high


def run_tasks(tasks: list[tuple[int, str, bool, int, float]], jobs: int, label: str) -> list[dict[str, Any]]:
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    return parallel_map(solve_one, tasks, jobs, label)


def summary(rows: list[dict[str, Any]]) -> str:
    counts = Counter(r["verdict"] for r in rows)
    times = sorted(r["seconds"] for r in rows)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    decided = counts["won"] + counts["lost"]
    nodes = sum(r["nodes"] for r in rows)
    return (f"{len(rows)} deals: won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']} "
            f"({decided / len(rows):.1%} decided); seconds per deal: mean {statistics.mean(times):.3f}, "
            f"median {statistics.median(times):.3f}, p90 {p90:.3f}, max {times[-1]:.2f}; "
            f"{nodes / max(sum(times), 1e-9):,.0f} positions/s")


def _solve(args: argparse.Namespace) -> int:
    if args.budget < 1 or args.seconds <= 0:
        raise UsageError("--budget and --seconds must be positive")
    if args.deal_range:
        low, high = _parse_range(args.deal_range)
        tasks = [(n, args.variant, args.returns, args.budget, args.seconds) for n in range(low, high + 1)]
        rows = run_tasks(tasks, args.jobs, "solving")
        print(summary(rows))
        write_rows(rows, args.csv, args.json)
        return 0
    if args.number is None:
        raise UsageError("give a deal number, or --range A-B")
    _check_number(args.number)
    row = solve_one((args.number, args.variant, args.returns, args.budget, args.seconds))
    print(f"deal {row['deal']} ({row['variant']}): {row['verdict']}"
          + (f" in {row['moves']} moves" if row["verdict"] == "won" else "")
          + f"; {row['nodes']} positions searched in {row['seconds']:.3f} s")
    if args.moves and row["solution"]:
        print(row["solution"])
    write_rows([row], args.csv, args.json)
    return 0


def _build(args: argparse.Namespace) -> int:
    from plugins.yukon.catalogue import CATALOGUE_FORMAT, RULES_VERSION, catalogue_path
    from plugins.yukon.difficulty import Measure, assign_levels, obvious_play
    from plugins.yukon.solver import SOLVER_VERSION

    wanted = {STANDARD: args.standard, RUSSIAN: args.russian}
    variants: dict[str, list[dict[str, Any]]] = {}
    for variant, count in wanted.items():
        found: list[dict[str, Any]] = []
        start = 1
        while len(found) < count:
            batch = max(64, int((count - len(found)) * (1.15 if variant == STANDARD else 16)))
            tasks = [(n, variant, False, args.budget, 20.0) for n in range(start, start + batch)]
            rows = run_tasks(tasks, args.jobs, f"{variant} {start}-{start + batch - 1}")
            found += [r for r in rows if r["verdict"] == "won"]
            start += batch
            print(f"{variant}: {len(found)} solvable so far; {summary(rows)}", file=sys.stderr)
        found = found[:count]
        rules = YukonRules()
        measures = {}
        with Progress(len(found), f"grading {variant}") as bar:
            for row in found:
                state = rules.deal({"variant": variant}, row["deal"])
                measures[row["deal"]] = Measure(obvious_play(state), row["nodes"])
                bar.advance()
        levels = assign_levels(measures)
        variants[variant] = [{"deal": r["deal"], "level": levels[r["deal"]], "moves": r["moves"], "nodes": r["nodes"],
                              "obvious_home": measures[r["deal"]].obvious_home} for r in found]
    out = args.out or catalogue_path()
    out.parent.mkdir(parents=True, exist_ok=True)
    data = {"format_version": CATALOGUE_FORMAT, "rules_version": RULES_VERSION, "solver_version": SOLVER_VERSION,
            "budget": args.budget, "measure": "obvious-play cards left, then solver positions; split in thirds",
            "variants": variants}
    out.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    counts = {v: Counter(e["level"] for e in rows) for v, rows in variants.items()}
    print(f"wrote {out}: " + "; ".join(f"{v} {sum(c.values())} ({dict(c)})" for v, c in counts.items()))
    return 0
