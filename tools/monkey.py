"""Runs the window monkey of ``tests/test_gui_monkey.py`` under many more seeds than the test suite does, and
with ``--wide`` under seven more rule sets (Euchre's presets and options, Japanese Bid Euchre, the tables of
two and three, Yukon with returns, Russian Yukon in English):

    python tools/monkey.py [--seeds 1-40] [--wide] [--jobs 2] [--json FILE]
    python tools/monkey.py --game mygame [--seeds 1-40]    # an installed plugin's game, in English and Japanese

Each seed is one pytest run of every case in a fresh process, offscreen. A failing seed's output is kept in a
file the summary names; rerun it alone with ``CARDTABLE_MONKEY_SEED=N [CARDTABLE_MONKEY_WIDE=1] python -m pytest
tests/test_gui_monkey.py``. Not part of the test suite (a seed takes about a minute).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.cli_options import guarded, jobs, output_file  # noqa: E402
from core.progress import Progress  # noqa: E402
from core.text import plural  # noqa: E402


@dataclass
class SeedResult:
    seed: int
    ok: bool
    seconds: float
    failed: list[str] = field(default_factory=list)  # the failing cases' ids
    log: str = ""  # the file holding a failed run's output


def seed_range(text: str) -> range:
    low, _, high = text.partition("-")
    try:
        first, last = int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a range of seeds like 1-40") from None
    if first < 1 or last < first:
        raise argparse.ArgumentTypeError(f"'{text}': seeds run from 1 up, the first no larger than the last")
    return range(first, last + 1)


def run_seed(seed: int, wide: bool, game: str, logs: Path) -> SeedResult:
    """One pytest run of the monkey under ``seed``: the failed cases, and the log of a failure."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CARDTABLE_MONKEY_SEED": str(seed),
           "CARDTABLE_MONKEY_WIDE": "1" if wide else "0", "CARDTABLE_MONKEY_GAME": game}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider",
                           "tests/test_gui_monkey.py"], cwd=ROOT, env=env, capture_output=True, text=True)
    result = SeedResult(seed, done.returncode == 0, round(time.perf_counter() - started, 1))
    result.failed = [line.split("[", 1)[1].split("]", 1)[0] for line in done.stdout.splitlines()
                     if line.startswith("FAILED ") and "[" in line]
    if not result.ok:
        log = logs / f"monkey-seed-{seed}.log"
        log.write_text(done.stdout + done.stderr)
        result.log = str(log)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=seed_range, default=range(1, 41), help="seeds A-B (default 1-40)")
    parser.add_argument("--wide", action="store_true", help="seven more rule sets besides the test suite's seven")
    parser.add_argument("--jobs", type=jobs, default=1, help="seeds run side by side (default 1)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write one JSON line per seed to FILE")
    parser.add_argument("--game", default="", metavar="ID",
                        help="an installed plugin's game instead of the built-in ones (its id, as cardtable plugins "
                             "lists it), in English and in Japanese, and under each of its presets")
    args = parser.parse_args()
    cases = 14 if args.wide else 7
    if args.game:
        from core.manager import load_host

        host = load_host()
        known = sorted(game.id for base in host.games() for game in (base, *host.variants_of(base.id)))
        if args.game not in known:
            parser.error(f"no game '{args.game}' is installed: the games are {', '.join(known)}")
        if args.wide:
            parser.error("--wide adds rule sets of the built-in games: leave it out with --game")
        cases = 2 + len(host.game(args.game).settings.presets)
    output_file(args.json, "results")
    logs = Path(tempfile.mkdtemp(prefix="cardtable-monkey-"))
    rows: list[SeedResult] = []
    started = time.perf_counter()
    with Progress(len(args.seeds), "monkey seeds") as bar, \
            ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for row in pool.map(lambda seed: run_seed(seed, args.wide, args.game, logs), args.seeds):
            rows.append(row)
            if args.json is not None:
                with args.json.open("a") as out:
                    out.write(json.dumps(asdict(row)) + "\n")
            bar.advance()
    bad = [row for row in rows if not row.ok]
    if not any(logs.iterdir()):  # the folder keeps failures' logs only
        logs.rmdir()
    print(f"{plural(len(rows), 'seed')} × {cases} cases of 400 window actions: {len(rows) - len(bad)} passed, "
          f"{len(bad)} failed; {time.perf_counter() - started:.0f} s")
    for row in bad:
        print(f"  seed {row.seed}: {', '.join(row.failed) or 'the run failed'} (log: {row.log})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(guarded(main, "monkey.py"))
