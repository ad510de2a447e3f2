"""Statistics files: milliseconds to add a hand's event to a game's statistics (read the file, append, write it
whole and safely), as the window does on its own thread when a hand ends, against a baseline in the same run.

    python benchmarks/stats_store.py [--repeats 9] [--json out.json]

Files of 1,000, 5,000 and 20,000 events (the cap: the oldest go first), each event a Euchre hand as the game
records it. ``today`` writes the file on one line; ``baseline`` indents it, as files were written before
(Python's fast C encoder does not indent). Runs alternate between the two, so drift on a noisy machine hits both
alike; figures are medians. The files are read the same either way.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import UsageError, output_file, positive_int

SIZES = (1_000, 5_000, 20_000)
EVENT = {"kind": "hand", "level": "normal", "thrown_in": False, "called": True, "euchred": False, "march": False,
         "alone": False, "points": [1, 0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=positive_int, default=9, help="adds timed per figure")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    from core import stats
    from core.storage import write_json_atomic

    try:
        output_file(args.json, "the figures")
    except UsageError as error:
        parser.error(str(error))
    def indented(path: Path, data: Any, indent: int | None = None) -> None:
        write_json_atomic(path, data, indent=1)

    writers = {"today": write_json_atomic, "baseline": indented}
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="cardtable-stats-") as folder:
        store = stats.StatsStore(Path(folder))
        for size in SIZES:
            times: dict[str, list[float]] = {kind: [] for kind in writers}
            for _ in range(args.repeats):
                for kind, writer in writers.items():
                    stats.write_json_atomic = writer  # type: ignore[assignment]
                    store.reset("euchre")
                    store.add("euchre", [EVENT] * size)
                    start = time.perf_counter()
                    store.add("euchre", [EVENT])
                    times[kind].append((time.perf_counter() - start) * 1000)
            stats.write_json_atomic = write_json_atomic  # type: ignore[assignment]
            row = {"events": size, "bytes": store.path_for("euchre").stat().st_size,
                   **{f"{kind}_ms": round(statistics.median(values), 1) for kind, values in times.items()}}
            rows.append(row)
            print(f"{size:,} events: an add {row['today_ms']:.1f} ms (baseline {row['baseline_ms']:.1f}, "
                  f"×{row['baseline_ms'] / row['today_ms']:.2f})", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
