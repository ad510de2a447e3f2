"""Every Euchre rule option with every CPU strength, whole matches: the long version of the test suite's
option matrix.

    python benchmarks/euchre_options_sweep.py [--matches 2] [--on TOGGLE …] [--jobs 2] [--seed 1]
                                               [--json F | --resume F] [--csv F]

For each of the 128 combinations of the seven toggles, each target (5, 7, 10) and each of the 9 strength
pairings (North/South × East/West), plays ``--matches`` whole matches and checks the invariants after every
hand (every card of the deck accounted for, scores equal to the sum of the hands' points). Prints a line per
toggle
combination (matches, hands, failures, seconds) and a summary; exits 1 if anything failed, with the first
failure of each kind. ``--on joker`` keeps only the combinations with that toggle on (e.g. to sweep a new
option against all the others).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.batch import Batch, add_batch_arguments
from core.cli_options import guarded, positive_int
from core.session import GameSession
from core.text import plural
from plugins.euchre.cpu import CPU_VERSION

TOGGLES = ("stick_the_dealer", "trump_holding", "defender_alone", "dealer_may_decline", "dealer_partner_alone",
           "thirty_two_cards", "joker")
STRENGTHS = ("easy", "normal", "hard")
TARGETS = (5, 7, 10)


def play_match(task: tuple[dict[str, Any], str, str, int]) -> dict[str, Any]:
    """One whole match; the invariants checked after every hand. Runs in worker processes."""
    from plugins.euchre.plugin import GAME
    from plugins.euchre.settings import Options
    from tests.test_euchre_fuzz import accounted

    settings, ns, ew, seed = task
    started = time.perf_counter()
    row: dict[str, Any] = {"toggles": "".join("1" if settings[k] else "0" for k in TOGGLES),
                           "target": settings["target"], "ns": ns, "ew": ew, "seed": seed, "error": ""}
    try:
        session = GameSession.new(GAME, settings, seed=seed, players=[ns, ew, ns, ew])
        hands = 0
        while not session.is_over:
            if session.cpu_step() is None:
                raise RuntimeError("no CPU moved although the match is not over")
            state = session.state
            if len(state.results) > hands:
                hands = len(state.results)
                if sorted(c.text for c in accounted(state)) != sorted(c.text for c in Options.from_settings(
                        settings).deck) and not state.over:
                    raise AssertionError(f"hand {hands + 1} starts with {len(accounted(state))} cards")
                if state.scores != tuple(sum(r.points[t] for r in state.results) for t in (0, 1)):
                    raise AssertionError("scores differ from the sum of the hands' points")
        row["hands"] = hands
    except Exception as error:
        row["hands"] = 0
        row["error"] = "".join(traceback.format_exception_only(type(error), error)).strip()
    row["seconds"] = round(time.perf_counter() - started, 3)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=positive_int, default=2, help="matches per combination (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--on", action="append", choices=TOGGLES, default=[], metavar="TOGGLE",
                        help=f"only combinations with this toggle on (repeatable; one of {', '.join(TOGGLES)})")
    add_batch_arguments(parser, default_jobs=2, what="match")
    args = parser.parse_args()
    tasks = []
    for bits, target, ns, ew in itertools.product(itertools.product((False, True), repeat=len(TOGGLES)), TARGETS,
                                                  STRENGTHS, STRENGTHS):
        settings = {**dict(zip(TOGGLES, bits, strict=True)), "target": target, "opponents": "normal"}
        if not all(settings[toggle] for toggle in args.on):
            continue
        tasks += [(settings, ns, ew, args.seed + len(tasks) + i) for i in range(args.matches)]
    started = time.perf_counter()
    batch = Batch.from_args(args, "euchre options sweep", {"matches": args.matches, "seed": args.seed,
                                                          "on": sorted(args.on), "CPU_players_version": CPU_VERSION})
    with batch:
        batch.run(play_match, range(len(tasks)), tasks.__getitem__, "matches")
    rows = batch.records()
    elapsed = time.perf_counter() - started
    print(f"{'toggles':>8} (stick holding defender decline partner 32 joker)  matches  hands  failures  seconds")
    for toggles in sorted({r["toggles"] for r in rows}):
        group = [r for r in rows if r["toggles"] == toggles]
        print(f"{toggles:>8}  {len(group):>32}  {sum(r['hands'] for r in group):>5}  "
              f"{sum(1 for r in group if r['error']):>8}  {sum(r['seconds'] for r in group):>7.1f}")
    failures = Counter(r["error"] for r in rows if r["error"])
    hands = sum(r["hands"] for r in rows)
    print(f"{plural(len(rows), 'match')}, {plural(hands, 'hand')} in {elapsed:,.0f} s ({hands / elapsed:.1f} "
          f"hands/s with {plural(args.jobs, 'job')}); failures: {sum(failures.values())}")
    for error, times in failures.most_common():
        first = next(r for r in rows if r["error"] == error)
        print(f"  {times}× {error}  (first: toggles {first['toggles']} target {first['target']} "
              f"{first['ns']}/{first['ew']} seed {first['seed']})")
    batch.finish(rows)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(guarded(main, "euchre_options_sweep.py"))
