"""Start-up: how long until the launcher's first frame, against a bare PySide6 window on the same machine.

    python benchmarks/startup.py [--runs 10] [--json out.json]

Each run is a fresh Python process, timed from its start until it has painted its first frame:

- ``bare``: ``QApplication`` and an empty 1100 × 760 ``QWidget``, shown;
- ``launcher``: the ``cardtable`` command's own path (``core.cli.main([])``): the window shows first and
  looks for games right after; ``ready`` is when the launcher has painted its game tiles as well.

Runs alternate, so drift on a noisy machine hits both alike. The figures are medians. The children write and
use compiled modules (``__pycache__``) as an installed program does, even where ``PYTHONDONTWRITEBYTECODE`` is
set. Needs a display:
run under Xvfb (``xvfb-run -a python benchmarks/startup.py``) or with ``QT_QPA_PLATFORM=offscreen``.
Issue target: launcher's first frame ≤ 1.5 × the bare window's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(mode: str) -> None:
    """Runs inside the measured process: prints ``frame`` at the first paint (and ``ready`` once the game
    tiles are painted), then quits."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QWidget

    app = QApplication(sys.argv[:1])
    said: set[str] = set()

    def say(word: str) -> None:
        if word not in said:
            said.add(word)
            print(word, flush=True)

    class Watch(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and isinstance(watched, QWidget) and watched.isWindow():
                if mode == "bare":
                    say("frame")
                    os._exit(0)
                say("frame")
                launcher = getattr(watched, "launcher", None)
                if launcher is not None and launcher.tiles:
                    say("ready")
                    os._exit(0)
            return False

    watch = Watch()
    app.installEventFilter(watch)
    if mode == "bare":
        window = QWidget()
        window.resize(1100, 760)
        window.show()
        app.exec()
        return
    sys.path.insert(0, str(ROOT))
    from core.cli import main

    main([])


def run_once(mode: str, env: dict[str, str]) -> dict[str, float]:
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, __file__, "--child", mode], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=env, text=True)
    times: dict[str, float] = {}
    assert process.stdout is not None
    for line in process.stdout:
        times[line.strip()] = time.perf_counter() - started
    process.wait(timeout=60)
    if "frame" not in times:
        raise SystemExit(f"startup: the {mode} window never painted (is there a display? try xvfb-run)")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each (default 10)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--child", choices=("bare", "launcher"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child)
        return 0
    if args.runs < 1:
        parser.error(f"argument --runs: must be at least 1, got {args.runs}")
    sys.path.insert(0, str(ROOT))
    from core.cli_options import UsageError, output_file
    from core.progress import Progress

    try:
        output_file(args.json, "the figures")
    except UsageError as error:
        parser.error(str(error))

    home = tempfile.TemporaryDirectory(prefix="cardtable-startup-")  # a first start: no saved window size or games
    env = {**os.environ, "CARDTABLE_HOME": home.name, "CARDTABLE_ANIMATIONS": "0"}
    # compiled modules kept, as an installation keeps them: with PYTHONDONTWRITEBYTECODE (set in some shells and
    # sandboxes) every start compiled the program's modules again, about 50 ms the bare window never pays
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    bare: list[float] = []
    frame: list[float] = []
    ready: list[float] = []
    run_once("launcher", env)  # warm the file cache once, for both alike
    with Progress(2 * args.runs, "startup") as bar:
        for _ in range(args.runs):
            bare.append(run_once("bare", env)["frame"])
            bar.advance()
            times = run_once("launcher", env)
            frame.append(times["frame"])
            ready.append(times.get("ready", float("nan")))
            bar.advance()
    figures = {"runs": args.runs, "bare_ms": 1000 * statistics.median(bare),
               "launcher_first_frame_ms": 1000 * statistics.median(frame),
               "launcher_ready_ms": 1000 * statistics.median(ready)}
    figures["ratio_first_frame"] = figures["launcher_first_frame_ms"] / figures["bare_ms"]
    figures["ratio_ready"] = figures["launcher_ready_ms"] / figures["bare_ms"]
    print(f"bare PySide6 window: {figures['bare_ms']:.0f} ms; launcher first frame: "
          f"{figures['launcher_first_frame_ms']:.0f} ms ({figures['ratio_first_frame']:.2f}×); launcher with its "
          f"game tiles: {figures['launcher_ready_ms']:.0f} ms ({figures['ratio_ready']:.2f}×); "
          f"medians of {args.runs} runs each (target: first frame ≤ 1.5×)")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    try:  # not core.cli_options.guarded: importing core here would fix which checkout a child process reads
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("startup.py: interrupted")
