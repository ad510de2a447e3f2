"""Two monitors of different sizes, staged with Qt's offscreen platform and a screen layout of its own: the
window taken onto the smaller one fits it, and a window closed there opens on the one screen left after it was
unplugged. Each run is a program of its own (a QApplication takes its screens once, at its start)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]

BIG: dict[str, Any] = {"name": "big", "x": 0, "y": 0, "width": 1920, "height": 1080}
SMALL: dict[str, Any] = {"name": "small", "x": 1920, "y": 0, "width": 1024, "height": 600}

PROGRAM = """
import json, sys
from PySide6.QtWidgets import QApplication

def settle(app):
    for _ in range(30):
        app.processEvents()

def place(window):
    return {"screen": window.screen().name(), "rect": window.frameGeometry().getRect(),
            "smallest": window.minimumSize().toTuple()}

if __name__ == "__main__":  # the analysis worker's process imports this file again
    app = QApplication([])
    from gui.window import MainWindow

    window = MainWindow()
    window.show()
    settle(app)
    seen = {"opened": place(window)}
    if sys.argv[1] == "move":
        page = window.new_game("yukon")
        settle(app)
        window.move(1950, 20)  # as a window manager does when the player drags it across
        settle(app)
        seen["moved"] = place(window)
        table = page.table.viewport().rect()
        seen["off_table"] = [key for key, item in page.view.scene.cards.items() if item.isVisible()
                             and not table.contains(page.table.mapFromScene(item.sceneBoundingRect()).boundingRect())]
    window.close()
    settle(app)
    print(json.dumps(seen))
"""


def run(tmp_path: Path, screens: list[dict[str, Any]], step: str) -> dict[str, Any]:
    layout = tmp_path / f"screens-{len(screens)}.json"
    layout.write_text(json.dumps({"windowFrameMargins": False, "screens": [
        {**screen, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1} for screen in screens]}))
    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={layout}", "CARDTABLE_HOME": str(tmp_path / "home"),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run([sys.executable, str(program), step], env=env, cwd=tmp_path, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    seen: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    return seen


def inside(rect: list[int], screen: dict[str, Any]) -> bool:
    x, y, width, height = rect
    return bool(screen["x"] <= x and x + width <= screen["x"] + screen["width"]
                and screen["y"] <= y and y + height <= screen["y"] + screen["height"])


def test_a_window_taken_to_a_smaller_monitor_fits_it_and_reopens_on_the_screen_left(tmp_path: Path) -> None:
    seen = run(tmp_path, [BIG, SMALL], "move")
    assert seen["opened"] == {"screen": "big", "rect": [0, 0, 1100, 760], "smallest": [780, 480]}
    moved = seen["moved"]
    assert moved["screen"] == "small"
    assert inside(moved["rect"], SMALL), f"{moved['rect']} runs off the 1024 × 600 monitor"
    assert seen["off_table"] == [], "every card inside the table"
    # the small monitor unplugged before the next start: the window opens on the screen there is
    again = run(tmp_path, [BIG], "open")["opened"]
    assert again["screen"] == "big" and inside(again["rect"], BIG), again
