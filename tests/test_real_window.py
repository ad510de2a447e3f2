"""A short game through a real X server and window manager (``tools/real_input.py`` under Xvfb and openbox):
keys and mouse go through the window manager's activation and focus, which no offscreen test has, and a screen
reader's ears listen on the accessibility bus. Skipped where ``xvfb-run``, ``openbox`` or ``xdotool`` is missing, the
screen reader's test where AT-SPI or its Python bindings are (``.ci/run`` installs them all)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NEEDED = ("xvfb-run", "xauth", "openbox", "xdotool")

pytestmark = pytest.mark.skipif(any(shutil.which(tool) is None for tool in NEEDED),
                                reason=f"needs {', '.join(NEEDED)} (Debian: xvfb xauth openbox xdotool)")


def _under_x(tmp_path: Path, *program: str, bus: bool = False, **settings: str) -> str:
    """What ``program`` (a Python script and its arguments) prints, run under Xvfb with openbox (and its own
    session bus with ``bus``), over the data folder ``tmp_path``, with the checkout importable."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM",
                                                               "DBUS_SESSION_BUS_ADDRESS")}
    env.update(CARDTABLE_HOME=str(tmp_path),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])), **settings)
    command = f"openbox >/dev/null 2>&1 & exec {shlex.join([sys.executable, *program])}"
    session = ["dbus-run-session", "--"] if bus else []
    result = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x900x24", *session, "sh", "-c", command],
                            env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def _play(tmp_path: Path, *arguments: str, bus: bool = False) -> str:
    return _under_x(tmp_path, str(ROOT / "tools" / "real_input.py"), *arguments, bus=bus)


def test_euchre_by_keys_through_the_window_manager_with_back_continue_and_the_demo(tmp_path: Path) -> None:
    out = _play(tmp_path, "euchre", "--back", "--demo", "--inputs", "15")
    assert "euchre: 15 inputs by keys" in out and "inputs that did nothing: 0" in out
    assert "back to the launcher and continued 2 times; games not come back whole: 0" in out
    assert "demo started by Ctrl+D and stopped by Esc 1 time; faults: 0" in out, out


def test_yukon_by_mouse_through_the_window_manager_resized_full_screen_and_minimised(tmp_path: Path) -> None:
    out = _play(tmp_path, "yukon", "--mouse", "--resize", "--away", "--deal", "12", "--inputs", "10")
    assert "inputs that did nothing: 0" in out
    assert "cards out of place afterwards: 0" in out and "pauses missed or kept: 0" in out
    assert "(1 by F11 to full screen and back)" in out, out
    assert "peeks not shown or not put back: 0" in out and "peeked at a covered card 3 times" in out, out


@pytest.mark.parametrize(("layout", "pressed"), [("ru", "2 (F)"), ("fr", "8 (1, 2, 3, 6, 7)")])
def test_yukon_by_keys_with_a_russian_or_french_layout_active(tmp_path: Path, layout: str, pressed: str) -> None:
    """The key marked F typed "а" under the Russian layout, and the keys marked 2 and 7 typed "é" and "è" under
    the French one, and the table ignored them: they are now read as the keys they are on, as Qt's own
    shortcuts read a Cyrillic letter."""
    out = _play(tmp_path, "yukon", "--keyboard", layout, "--deal", "12", "--inputs", "20")
    assert "yukon deal 12: 20 inputs by keys" in out and "inputs that did nothing: 0" in out, out
    assert f"keys pressed as the {layout} layout types them: {pressed}" in out, out


HELD_KEYS = """
import subprocess, sys
from PySide6.QtWidgets import QApplication, QWidget
from PySide6.QtTest import QTest

def hold(keys, ms=1300):  # longer than the X server's delay before its auto-repeat (660 ms)
    subprocess.run(["xdotool", "keydown", keys], check=True)
    QTest.qWait(ms)
    subprocess.run(["xdotool", "keyup", keys], check=True)
    QTest.qWait(400)

if __name__ == "__main__":  # the analysis worker's process imports this file again
    app = QApplication([])
    from core.session import GameSession
    from gui.window import MainWindow
    from tests.session_helpers import first_moves_until

    window = MainWindow()
    window.show()
    QTest.qWait(1500)
    page = window.new_game("yukon")
    QTest.qWait(1000)
    page.view.play(page.session.hint().move)
    yukon = page.session
    hold("ctrl+n")
    print("ctrl+n held: same game", window.page.session is yukon, len(yukon.moves))
    hold("F5")
    print("F5 held: same game", window.page.session is yukon, len(yukon.moves))
    window.page.buttons["back"].click()  # to the launcher, the game saved
    QTest.qWait(500)
    window.findChild(QWidget, "new-yukon").setFocus()
    QTest.qWait(300)
    hold("Return")  # New game over a saved one asks for a second press
    print("Enter held on New game: still the launcher", window.page is None)
    game = window.host.game("euchre")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=2, saves=window.saves))
    page.view.cpu_timer.stop()
    session = page.session
    # to a finished trick, the player to lead the next
    first_moves_until(session, lambda s: s.hold is not None and s.to_move == 0)
    page.view.refresh(animate=False)
    page.table.setFocus()
    QTest.qWait(300)
    subprocess.run(["xdotool", "key", "Right"], check=True)  # the cursor onto a card of the hand
    QTest.qWait(300)
    made = len(session.moves)
    hold("space")  # Next: the trick is left; its repeats must not play the card under the cursor
    print("space held: trick left", session.hold is None, "cards played", len(session.moves) - made)
    window.close()
"""


def test_keys_held_down_act_once(tmp_path: Path) -> None:
    """The keyboard's auto-repeat, through a real X server: Ctrl+N or F5 held a moment too long (or Enter on the
    launcher's New game over a saved game) gave the second press they ask for and threw the game in progress
    away; Space held past a finished trick played the card under the cursor."""
    program = tmp_path / "held.py"
    program.write_text(HELD_KEYS)
    out = _under_x(tmp_path, str(program), CARDTABLE_ANIMATIONS="0")
    assert "ctrl+n held: same game True 1" in out, out
    assert "F5 held: same game True 1" in out, out
    assert "Enter held on New game: still the launcher True" in out, out
    assert "space held: trick left True cards played 0" in out, out


def _no_screen_reader() -> bool:
    if shutil.which("dbus-run-session") is None or not Path("/usr/libexec/at-spi-bus-launcher").exists():
        return True
    return subprocess.run(["/usr/bin/python3", "-c", "import pyatspi"], capture_output=True).returncode != 0


@pytest.mark.skipif(_no_screen_reader(), reason="needs dbus-run-session, at-spi2-core and python3-pyatspi")
@pytest.mark.parametrize("orca", [[], ["--orca", "43.1"]], ids=["announced", "described-for-orca-43"])
def test_a_screen_reader_hears_everything_the_table_says_and_the_whole_table_on_t_over_atspi(
        tmp_path: Path, orca: list[str]) -> None:
    out = _play(tmp_path, "yukon", "--deal", "12", "--inputs", "20", "--screen-reader", *orca, bus=True)
    assert "inputs that did nothing: 0" in out
    said = out.split("screen reader: ")[1]
    made, heard = said.split(" things said, ")[0], said.split(" said, ")[1].split(" heard")[0]
    assert int(made) >= 20 and heard == made, out
    # no CPU player to move meanwhile, and T waits for the analysis: its verdict would be news said after T
    assert "the whole table read by T 3 of 3 times; faults: 0" in out, out
    words = (tmp_path / "heard.txt").read_text(encoding="utf-8")
    assert words.startswith("Cards dealt.") and "foundation: ace of " in words, words
