"""Drawing the table: milliseconds to paint a whole table, and to lay it out and paint it at a new window size
(each new size renders the cards' art again), against a baseline in the same run.

    python benchmarks/table_paint.py [--repeats 30] [--json out.json]

Tables: Yukon deal 12 at its start and a Euchre hand (seed 7) at the player's first call. Sizes: 1100 × 760,
1920 × 1080 and 3000 × 1900. ``repaint`` grabs the table's viewport (every card and label drawn; the art is
cached); ``resize`` steps the window through ``--repeats`` nearby sizes around it, as dragging a window's edge
does. ``baseline`` is the earlier drawing, which resampled each card's pixmap into the card's fractional
rectangle and drew each empty pile's translucent outline afresh at every paint; today a card at rest is copied
pixel for pixel at its size (a turning or scaled card still is resampled) and an outline is drawn once per size
and marks, then copied. Runs alternate between the two, so drift on a noisy machine hits both alike; figures are
medians.
Last, Yukon deal 5001 repainted while the solver analyses it (it spends its whole budget on that deal): the
analysis in its own process (today) against on a thread of the window's process (baseline), which held Python's
lock against the window's code.
Needs a display: ``QT_QPA_PLATFORM=offscreen`` (the default here) or Xvfb.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

SIZES = ((1100, 760), (1920, 1080), (3000, 1900))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=30, help="paints (and resize steps) per figure")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error(f"argument --repeats: must be at least 1, got {args.repeats}")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from core.cli_options import UsageError, output_file, passing_home

    try:
        output_file(args.json, "the figures")
    except UsageError as error:
        parser.error(str(error))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    passing_home("paint")
    os.environ["CARDTABLE_ANIMATIONS"] = "0"
    from PySide6.QtWidgets import QApplication, QGraphicsItem

    app = QApplication(sys.argv[:1])
    from core.manager import load_host
    from core.session import GameSession
    from gui.cards import CardItem
    from gui.window import MainWindow

    host = load_host()
    window = MainWindow(host)
    window.show()
    yukon, euchre = host.game("yukon"), host.game("euchre")
    tables = {"yukon deal 12": lambda: GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 12},
                                                       saves=window.saves),
              "euchre seed 7": lambda: GameSession.new(euchre, euchre.settings.defaults(), seed=7,
                                                       saves=window.saves)}
    results: list[dict[str, Any]] = []
    for name, make in tables.items():
        page = window.open_session(make())
        assert page is not None
        page.view.cpu_timer.stop()
        while page.session.to_move not in (0, None):
            page.session.cpu_step()
        page.view.refresh(animate=False)
        for width, height in SIZES:
            figures: dict[str, dict[str, list[float]]] = {"today": {"repaint": [], "resize": []},
                                                          "baseline": {"repaint": [], "resize": []}}
            window.resize(width, height)
            app.processEvents()
            for _ in range(max(1, args.repeats // 5)):
                for kind in ("baseline", "today"):
                    CardItem.copy_pixels = kind == "today"
                    for slot in page.view.scene.slots.values():
                        slot.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache if kind == "today"
                                          else QGraphicsItem.CacheMode.NoCache)
                    page.table.viewport().grab()  # the art at this size is cached first
                    start = time.perf_counter()
                    for _ in range(5):
                        page.table.viewport().grab()
                    figures[kind]["repaint"].append((time.perf_counter() - start) / 5 * 1000)
                    for step in range(5):
                        start = time.perf_counter()
                        window.resize(width + 3 * step + 1, height + 2 * step + 1)
                        app.processEvents()
                        page.table.viewport().grab()
                        figures[kind]["resize"].append((time.perf_counter() - start) * 1000)
                    window.resize(width, height)
                    app.processEvents()
            CardItem.copy_pixels = True
            row = {"table": name, "size": f"{width}x{height}",
                   **{f"{kind}_{what}_ms": round(statistics.median(values), 2)
                      for kind, by_what in figures.items() for what, values in by_what.items()}}
            results.append(row)
            print(f"{name} {width}×{height}: repaint {row['today_repaint_ms']:.1f} ms (baseline "
                  f"{row['baseline_repaint_ms']:.1f}, ×{row['baseline_repaint_ms'] / row['today_repaint_ms']:.2f}); "
                  f"resize {row['today_resize_ms']:.1f} ms (baseline {row['baseline_resize_ms']:.1f}, "
                  f"×{row['baseline_resize_ms'] / row['today_resize_ms']:.2f})", flush=True)
        window.show_launcher()
    results.append(while_the_solver_thinks(app, window, yukon, args.repeats))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
    return 0


def while_the_solver_thinks(app: Any, window: Any, yukon: Any, repeats: int) -> dict[str, Any]:
    """Repaints of Yukon deal 5001 (the solver spends its whole budget on its start) while the solver analyses
    it: in the analysis process (today) against on a thread of the window's process (baseline), in turns."""
    import functools
    import threading

    from core.session import GameSession
    from gui import table_view

    page = window.open_session(GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 5001},
                                               saves=window.saves))
    window.resize(1100, 760)
    figures: dict[str, list[float]] = {"today": [], "baseline": []}
    for _ in range(max(1, repeats // 5)):
        for kind in ("baseline", "today"):
            page.view._drop_analysis()
            stop = threading.Event()
            if kind == "today":
                page.view._schedule()  # the view's own analysis, in its process
                assert page.view._analysing is not None
            else:
                job = page.session.analysis_job()
                assert job is not None
                table_view.run_in_background(job, functools.partial(job.run, stop.is_set))
            time.sleep(0.3)  # the analysis under way
            for _ in range(5):
                start = time.perf_counter()
                page.table.viewport().grab()
                app.processEvents()
                figures[kind].append((time.perf_counter() - start) * 1000)
            stop.set()
    page.view._drop_analysis()
    window.show_launcher()
    row = {"table": "yukon deal 5001 while the solver thinks", "size": "1100x760",
           **{f"{kind}_repaint_ms": round(statistics.median(values), 2) for kind, values in figures.items()}}
    print(f"{row['table']} 1100×760: repaint {row['today_repaint_ms']:.1f} ms in its process (on a thread "
          f"{row['baseline_repaint_ms']:.1f}, ×{row['baseline_repaint_ms'] / row['today_repaint_ms']:.2f})",
          flush=True)
    return row


if __name__ == "__main__":
    sys.exit(main())
