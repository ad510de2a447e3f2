"""``cardtable yukon``: print a deal, solve deals (one or a range, in parallel), build the deal catalogue."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from core.batch import Batch, add_batch_arguments
from core.cli_options import (
    UsageError,
    count,
    cpu_count,
    output_file,
    output_folder,
    path_argument,
    positive_float,
    positive_int,
)
from core.paths import data_dir
from core.progress import Progress
from core.results import nearest_rank
from core.storage import write_json_atomic
from core.text import plural
from plugins.yukon.deal import MAX_DEAL
from plugins.yukon.rules import RUSSIAN, STANDARD, Move, YukonRules, describe, move_words
from plugins.yukon.solver import DEFAULT_NODES

VARIANTS = (STANDARD, RUSSIAN)


MAX_RANGE = 1_000_000  # deals per run: about a week of work on a small machine
RETRY = 10  # --refresh: a catalogue entry the budget does not re-solve is tried again with this many times more
# the mean at the default budget (solver 7: 0.74 s, deals 1-300, an idle machine), for the estimate a long run prints
SECONDS_PER_DEAL = 1.0


# measured (solver 7): a deal that spends 300,000 positions peaks at 120 MB, 1,000,000 at 316 MB
BYTES_PER_POSITION = 280


def available_memory() -> int | None:
    """Bytes of memory the system can give now without swapping (Linux's MemAvailable), None where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def warn_of_memory(budget: int, jobs: int, scheduler: str | None) -> None:
    """A budget that a deal searching all of it could not get the memory for here is named as the run starts: the
    system would otherwise stop the run, hours in, when one such deal came (most deals stop far short of it)."""
    available = available_memory() if scheduler in (None, "local") else None  # a cluster's workers: theirs
    need = budget * BYTES_PER_POSITION
    if available is None or need * jobs <= available:
        return
    together = f"; {jobs} jobs at once {need * jobs / 1e9:,.1f} GB" if jobs > 1 else ""
    fits = available // jobs // BYTES_PER_POSITION
    step = 10 ** max(0, len(str(fits)) - 2)  # two figures: "about 87,000,000"
    fits = fits // step * step
    print(f"cardtable yukon: a deal that searches the whole budget of {plural(budget, 'position')} takes about "
          f"{need / 1e9:,.1f} GB{together}, and this machine has {available / 1e9:,.1f} GB free: the system would stop "
          f"the run there (a --budget up to about {fits:,} fits{'' if jobs == 1 else ', or fewer --jobs'})",
          file=sys.stderr)


def deal_number(text: str) -> int:
    """A deal number argument, 1 to ``MAX_DEAL``; a range written in its place is pointed to ``--range``."""
    try:
        number = int(text)
    except ValueError:
        first, dash, last = text.partition("-")
        hint = f"; for several deals use --range {text}" if dash and first.isdigit() and last.isdigit() else ""
        raise argparse.ArgumentTypeError(f"'{text}' is not a deal number (1 to {MAX_DEAL}){hint}") from None
    problem = _out_of_range(number)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return number


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="yukon_command", metavar="TOOL", required=True)
    deal = sub.add_parser("deal", help="print the layout of deal N (face-down cards in brackets)")
    deal.add_argument("number", type=deal_number, help=f"deal number, 1 to {MAX_DEAL}")
    deal.add_argument("--json", action="store_true", help="print JSON: columns (bottom first) and face-down counts")

    solve = sub.add_parser(
        "solve", help="solve deal N, or a range of deals in parallel",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Solve deal N (or a range): won with the moves, lost (proved), or unknown (budget spent).",
        epilog="Moves are printed for people, each followed by the short notation saves use:\n"
               "  3.2>5  the group of the 2 front cards of column 3 onto column 5 (columns 1-7 from the left)\n"
               "  3>F    column 3's front card to its foundation\n"
               "  F.H>5  the top heart of the foundations back onto column 5 (with --returns)")
    solve.add_argument("number", type=deal_number, nargs="?", help="the deal to solve")
    solve.add_argument("--range", dest="deal_range", metavar="A-B",
                       help=f"solve deals A to B instead (at most {MAX_RANGE:,} deals per run)")
    solve.add_argument("--variant", choices=VARIANTS, default=STANDARD,
                       help=f"default {STANDARD}; russian builds down in suit (deal N is the same layout in both)")
    solve.add_argument("--returns", action="store_true", help="allow returns from the foundations")
    solve.add_argument("--budget", type=positive_int, default=DEFAULT_NODES,
                       help=f"positions to search per deal (default {DEFAULT_NODES})")
    solve.add_argument("--seconds", type=positive_float, default=None,
                       help="also stop a deal after this many seconds (off by default: the position budget alone "
                            "decides, so every machine gives the same verdict)")
    solve.add_argument("--moves", action="store_true", help="print the winning moves (one deal, not --range)")
    add_batch_arguments(solve, what="deal")

    build = sub.add_parser("build-catalogue", help="find, verify and grade solvable deals into a catalogue file")
    build.add_argument("--standard", type=count, default=1000, help="standard entries wanted (default 1000)")
    build.add_argument("--russian", type=count, default=300, help="Russian entries wanted (default 300)")
    build.add_argument("--budget", type=positive_int, default=DEFAULT_NODES,
                       help=f"positions to search per deal (default {DEFAULT_NODES})")
    build.add_argument("--out", type=path_argument,
                       help="where to write (default: yukon.json in the user data folder; the catalogue the "
                            "game ships is never overwritten unless you name it here)")
    build.add_argument("--refresh", type=path_argument, metavar="CATALOGUE",
                       help="instead of scanning, re-solve the entries of CATALOGUE with this solver: each entry "
                            "still proved solvable keeps its deal, level and place (so the day's deal stays the "
                            "same); the others are dropped and listed")
    add_batch_arguments(build, default_jobs=min(2, cpu_count()), what="solved deal")


def run(args: argparse.Namespace) -> int:
    if args.yukon_command == "deal":
        return _deal(args)
    if args.yukon_command == "solve":
        return _solve(args)
    return _build(args)


def _out_of_range(number: int) -> str | None:
    return None if 1 <= number <= MAX_DEAL else f"deal numbers run from 1 to {MAX_DEAL}; got {number}"


def _check_number(number: int) -> None:
    problem = _out_of_range(number)
    if problem:
        raise UsageError(problem)


def _deal(args: argparse.Namespace) -> int:
    state = YukonRules().deal({"variant": STANDARD}, args.number)
    if args.json:
        print(json.dumps({"number": args.number, "columns": [[c.text for c in col] for col in state.columns],
                          "hidden": list(state.hidden)}))
    else:
        print(f"Yukon deal {args.number} (face-down cards in brackets; the last card of a line is in front)")
        for line in describe(state)[:-1]:
            print(line)
    return 0


def solve_one(task: tuple[int, str, bool, int, float | None]) -> dict[str, Any]:
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


def solve_deals(batch: Batch, keys: range, variant: str, returns: bool, budget: int, seconds: float | None,
                label: str, offset: int = 0) -> list[dict[str, Any]]:
    """Solve the deals ``keys - offset`` through ``batch``; their records in deal order (``offset`` keeps two
    variants' deals apart in one results file)."""
    batch.run(solve_one, keys, lambda key: (key - offset, variant, returns, budget, seconds), label)
    return batch.records(keys)


def summary(rows: list[dict[str, Any]]) -> str:
    """Verdicts and positions searched: the same on every machine and with any executor."""
    counts = Counter(r["verdict"] for r in rows)
    decided = counts["won"] + counts["lost"]
    nodes = sorted(r["nodes"] for r in rows)
    return (f"{plural(len(rows), 'deal')}: won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']} "
            f"({decided / len(rows):.1%} decided); positions per deal: median {statistics.median(nodes):,.0f}, "
            f"total {sum(nodes):,}")


def timing(rows: list[dict[str, Any]]) -> str:
    """Seconds per deal (this machine, this load)."""
    times = sorted(r["seconds"] for r in rows)
    p90 = nearest_rank(times, 0.9)
    nodes = sum(r["nodes"] for r in rows)
    return (f"time: seconds per deal: mean {statistics.mean(times):.3f}, median {statistics.median(times):.3f}, "
            f"p90 {p90:.3f}, max {times[-1]:.3f}; {nodes / max(sum(times), 1e-9):,.0f} positions/s")


def _solve(args: argparse.Namespace) -> int:
    if args.deal_range:
        if args.number is not None:
            raise UsageError(f"give a deal number or --range, not both (got {args.number} and --range "
                             f"{args.deal_range})")
        if args.moves:
            raise UsageError(f"--moves prints one deal's winning moves: give a deal number instead of --range "
                             f"{args.deal_range}")
        low, high = _parse_range(args.deal_range)
        return _solve_range(args, low, high)
    if args.number is None:
        raise UsageError("give a deal number, or --range A-B")
    warn_of_memory(args.budget, 1, None)
    row = solve_one((args.number, args.variant, args.returns, args.budget, args.seconds))
    print(f"deal {row['deal']} ({row['variant']}): {row['verdict']}"
          + (f" in {row['moves']} moves" if row["verdict"] == "won" else "")
          + (" (the layout alone proves it: some card can never go home)"
             if row["verdict"] == "lost" and not row["nodes"] else "")
          + f"; {plural(row['nodes'], 'position')} searched in {row['seconds']:.3f} s")
    if row["verdict"] == "unknown":
        spent = (f"the {args.seconds:g} s limit" if args.seconds is not None and row["nodes"] < args.budget
                 else f"the budget of {plural(args.budget, 'position')}")
        print(f"{spent} ran out before a win or a proof of loss; a larger --budget searches further")
    if args.moves and row["solution"]:
        state = YukonRules().deal({"variant": args.variant, "return_from_foundations": args.returns}, args.number)
        for number, text in enumerate(row["solution"].split(), start=1):
            move = Move.parse(text)
            print(f"{number:3}. {move_words(state, move)}   [{text}]")
            state = YukonRules().apply(state, move)
    if args.csv or args.json:
        with Batch.from_args(args, "yukon solve", _solve_params(args)) as batch:
            batch.log.append({"unit": args.number, **row})
        batch.finish()
    return 0


def _solve_params(args: argparse.Namespace) -> dict[str, Any]:
    from plugins.yukon.solver import SOLVER_VERSION

    return {"variant": args.variant, "returns": args.returns, "budget": args.budget, "seconds": args.seconds,
            "solver_version": SOLVER_VERSION}


def _estimate(deals: int, jobs: int, budget: int) -> str:
    seconds = deals * SECONDS_PER_DEAL * budget / DEFAULT_NODES / jobs
    for unit, size in (("days", 86_400), ("hours", 3_600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"about {seconds / size:,.0f} {unit}"
    return f"about {seconds:,.0f} seconds"


def _solve_range(args: argparse.Namespace, low: int, high: int) -> int:
    deals = high - low + 1
    guess = _estimate(deals, args.jobs, args.budget)
    if deals > MAX_RANGE:
        raise UsageError(f"--range {args.deal_range} is {deals:,} deals, {guess} with {plural(args.jobs, 'job')}; "
                         f"solve at most {MAX_RANGE:,} per run (split the range)")
    if deals >= 10_000:
        print(f"solving {deals:,} deals: {guess} with {plural(args.jobs, 'job')}; Ctrl-C stops with the summary so far",
              file=sys.stderr)
    warn_of_memory(args.budget, args.jobs, args.scheduler)
    keys = range(low, high + 1)
    batch = Batch.from_args(args, "yukon solve", _solve_params(args))
    with batch:
        batch.run(solve_one, keys, lambda n: (n, args.variant, args.returns, args.budget, args.seconds), "solving")
    # only what the summary needs, so a million deals stay small in memory
    kept = batch.records(keys, project=lambda r: {"verdict": r["verdict"], "seconds": r["seconds"],
                                                  "nodes": r["nodes"]})
    if kept:
        print(summary(kept))
        print(timing(kept))
    # the CSV in deal order when that fits in memory, else in the order the deals finished
    batch.finish(batch.records(keys) if args.csv and deals <= 100_000 else None)
    return 0


def _find_solvable(batch: Batch, variant: str, wanted: int, budget: int, index: int) -> list[dict[str, Any]]:
    """The first ``wanted`` deals of ``variant`` proved solvable, scanning deals 1, 2, ... in growing batches."""
    found: list[dict[str, Any]] = []
    start = 1
    offset = index * (MAX_DEAL + 1)  # the variants' deals are apart in the results file
    # about 90% of standard and 7% of Russian deals are solvable: scanning ends well past either
    limit = min(MAX_DEAL, 1000 + wanted * (3 if variant == STANDARD else 40))
    while len(found) < wanted and start <= limit and not batch.interrupted:
        size = max(16, int((wanted - len(found)) * (1.15 if variant == STANDARD else 16)))
        size = min(size, limit - start + 1)
        keys = range(offset + start, offset + start + size)
        rows = solve_deals(batch, keys, variant, False, budget, None, f"{variant} {start}-{start + size - 1}", offset)
        found += [r for r in rows if r["verdict"] == "won"]
        start += size
        print(f"{variant}: {len(found)} solvable so far; {summary(rows)}", file=sys.stderr)
    if len(found) < wanted and not batch.interrupted:
        raise UsageError(f"only {len(found)} of {wanted} {variant} deals were proved solvable in deals "
                         f"1-{start - 1} with --budget {budget}; raise the budget or ask for fewer")
    return found[:wanted]


def _refresh(args: argparse.Namespace, out: Path) -> int:
    from plugins.yukon.catalogue import Catalogue, CatalogueError
    from plugins.yukon.solver import SOLVER_VERSION

    try:
        old = Catalogue.load(args.refresh)
    except CatalogueError as error:
        raise UsageError(str(error)) from None
    data = dict(old.data)
    batch = Batch.from_args(args, "yukon build-catalogue --refresh",
                            {"budget": args.budget, "solver_version": SOLVER_VERSION})
    kept: dict[str, list[dict[str, Any]]] = {}
    with batch:
        for index, (variant, rows) in enumerate(old.data["variants"].items()):
            offset = index * (MAX_DEAL + 1)
            numbers = [offset + int(row["deal"]) for row in rows]
            def task(key: int, variant: str = variant, offset: int = offset) -> tuple[Any, ...]:
                return key - offset, variant, False, args.budget, None

            batch.run(solve_one, numbers, task, f"re-solving {variant}")
            if batch.interrupted:
                break
            solved = {r["deal"]: r for r in batch.records(set(numbers))}
            # an entry was proved solvable once: before dropping it (which would move other days' deals), give
            # the solver ten times the budget
            again = [row["deal"] for row in rows if solved[row["deal"]]["verdict"] != "won"]
            with Progress(len(again), f"{variant}: {len(again)} more at {RETRY * args.budget:,}") as bar:
                for number in again:
                    solved[number] = solve_one((number, variant, False, RETRY * args.budget, None))
                    bar.advance()
            kept[variant] = [{**row, "moves": solved[row["deal"]]["moves"], "nodes": solved[row["deal"]]["nodes"]}
                             for row in rows if solved[row["deal"]]["verdict"] == "won"]
            dropped = [row["deal"] for row in rows if solved[row["deal"]]["verdict"] != "won"]
            print(f"{variant}: {len(kept[variant])} of {len(rows)} entries re-solved"
                  + (f" ({len(again) - len(dropped)} of them at {RETRY}× the budget)" if again else "")
                  + (f"; dropped (not proved solvable at {RETRY}× --budget {args.budget}): "
                     f"{plural(len(dropped), 'deal')} ({', '.join(map(str, dropped))})"
                     if dropped else ""))
    batch.finish(keep=True)
    data.update({"solver_version": SOLVER_VERSION, "budget": args.budget, "variants": kept})
    batch.write("the catalogue", out, lambda: write_json_atomic(out, data, streams=True))
    print(f"wrote {out}")
    return 0


def _build(args: argparse.Namespace) -> int:
    from plugins.yukon.catalogue import CATALOGUE_FORMAT, RULES_VERSION
    from plugins.yukon.difficulty import LEVELS, Measure, assign_levels, obvious_play
    from plugins.yukon.solver import SOLVER_VERSION

    out = args.out or data_dir() / "catalogues" / "yukon.json"
    output_folder(out.parent, "the catalogue")
    output_file(out, "the catalogue")
    warn_of_memory(args.budget, args.jobs, args.scheduler)
    if args.refresh:
        return _refresh(args, out)
    wanted = {STANDARD: args.standard, RUSSIAN: args.russian}
    variants: dict[str, list[dict[str, Any]]] = {}
    batch = Batch.from_args(args, "yukon build-catalogue", {"budget": args.budget, "solver_version": SOLVER_VERSION})
    with batch:
        found_by_variant = {variant: _find_solvable(batch, variant, wanted_count, args.budget, index)
                            for index, (variant, wanted_count) in enumerate(wanted.items())}
    batch.finish(keep=True)
    for variant, found in found_by_variant.items():
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
    data = {"format_version": CATALOGUE_FORMAT, "rules_version": RULES_VERSION, "solver_version": SOLVER_VERSION,
            "budget": args.budget, "measure": "obvious-play cards left, then solver positions; split in thirds",
            "variants": variants}
    batch.write("the catalogue", out, lambda: write_json_atomic(out, data, streams=True))
    counts = {v: Counter(e["level"] for e in rows) for v, rows in variants.items()}
    by_level = {v: ", ".join(f"{level} {c[level]}" for level in LEVELS if c[level]) for v, c in counts.items()}
    print(f"wrote {out}: " + "; ".join(f"{v} {plural(sum(c.values()), 'deal')}" + (f" ({by_level[v]})" if c else "")
                                      for v, c in counts.items()))
    return 0
