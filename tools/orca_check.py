"""Plays a game with the Orca screen reader running and fails unless Orca presented everything the table said.

Run it inside a session bus under Xvfb with a window manager:

    xvfb-run -a -s "-screen 0 1280x900x24" dbus-run-session -- sh -c 'openbox & python tools/orca_check.py yukon'

It starts AT-SPI and Orca (``orca -d speech``, its speech off so no sound device is needed, with a debug log),
opens the game with the table focused, moves the keyboard cursor, has T read the whole table, lets the Demo play
(CPU players and cards at their usual pace), then with the focus on the toolbar presses Undo twice (or Pause, and
again to go on), opens the rules (whose text, focused, Orca must name: "Rules of Yukon"), and closes. Orca
presents what a program says by speaking it and flashing it in braille: its log keeps each flash, so every message
the table gave to say (its first line, as a braille line shows it) must be among them. Tested with Orca 43.1
(Debian 12), which knows no announcements: the program, finding it running, speaks as the focused widget's new
description (``gui/screen_reader.py``); and with 45.2, 46.2, 47.2 and 48.9 run from their source
(``tools/orca_from_source.sh``), which hear announcements. Needs Orca (Debian: ``apt-get install orca``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import positive_int, version_numbers
from core.text import LANGUAGES, plural

GAMES = ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre", "yukon")
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="yukon", choices=GAMES, help="the game (default yukon)")
    parser.add_argument("--seconds", type=positive_int, default=30, help="how long the Demo plays (default 30)")
    parser.add_argument("--language", choices=LANGUAGES, default="en", help="the window's language (default en)")
    parser.add_argument("--as-if-orca", type=version_numbers, metavar="VERSION",
                        help="speak as to this Orca version, not the one running (to see the way not chosen fail)")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") or not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        parser.error("needs an X display and a session bus (see the example above)")
    if shutil.which("orca") is None or not Path(BUS_LAUNCHER).exists():
        parser.error("needs Orca and AT-SPI (Debian: apt-get install orca at-spi2-core)")
    work = Path(tempfile.mkdtemp(prefix="cardtable-orca-"))
    os.environ["CARDTABLE_HOME"] = str(work / "home")
    os.environ["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
    bus = subprocess.Popen([BUS_LAUNCHER, "--launch-immediately"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    log = work / "orca.debug"
    orca = subprocess.Popen(["orca", "--replace", "-d", "speech", "--user-prefs", str(work / "prefs"),
                             "--debug-file", str(log)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(5)
    try:
        said, named = play(args.game, args.seconds, args.language, log, args.as_if_orca)
    finally:
        orca.send_signal(signal.SIGTERM)  # Orca writes its log out as it quits
        try:
            orca.wait(timeout=20)
        except subprocess.TimeoutExpired:
            orca.kill()
        bus.terminate()
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    # a flash's first line (a message of many lines goes on in the log's next lines)
    flashed = {line.removesuffix("'") for line in re.findall(r"BRAILLE LINE:  '([^\n]*)", text)}
    missing = [words for words in said if words.split("\n")[0] not in flashed]
    unnamed = [name for name in named if not any(name in line for line in flashed)]
    print(f"{args.game}: {plural(len(said), 'thing')} the table said, {len(said) - len(missing)} presented by Orca "
          f"(its log: {log}); missing: {len(missing)}; the rules text named {', '.join(named)}: "
          f"{'not presented' if unnamed else 'presented'}")
    for words in missing[:10]:
        print(f"  {words.splitlines()[0][:100]}")
    return 1 if missing or unnamed or not said else 0


def play(game_id: str, seconds: int, language: str, log: Path,
         as_if: tuple[int, ...] | None = None) -> tuple[list[str], list[str]]:
    """The game with its table focused: the cursor moved, T, the Demo for ``seconds``, then the toolbar focused, then
    the rules opened (until Orca's ``log`` shows it presented their text's name, at most 90 seconds); what the table
    said, and the name the rules text has."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    from core.manager import load_host
    from core.session import GameSession
    from gui import screen_reader
    from gui.qt_paths import qt_arguments
    from gui.window import MainWindow

    if as_if is not None:
        screen_reader.orca_version = lambda: as_if  # type: ignore[assignment]

    app = QApplication(qt_arguments())
    host = load_host()
    window = MainWindow(host)
    window.resize(1100, 760)
    window.show()
    window.choose_language(language)
    QTest.qWait(3000)
    game = host.game(game_id)
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=1, saves=window.saves,
                                               deal={"number": 12} if game_id == "yukon" else None))
    assert page is not None
    said: list[str] = []
    page.table.announced.connect(said.append)
    window.activateWindow()
    page.table.setFocus()
    QTest.qWait(6000)  # the deal, and Orca catching up with the window
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_T):
        QTest.keyClick(page.table, key)
        QTest.qWait(2500)
    QTest.keyClick(page.table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    QTest.qWait(seconds * 1000)
    if page.view.demo:
        QTest.keyClick(page.table, Qt.Key.Key_Escape)
    QTest.qWait(3000)
    # the focus on the toolbar, as a keyboard player's Tab leaves it: Undo twice, or Pause and on again
    button = page.buttons["undo"] if page.buttons["undo"].isEnabled() else page.buttons["pause"]
    button.setFocus()
    QTest.qWait(2500)
    for _ in range(2):
        QTest.keyClick(button, Qt.Key.Key_Space)
        QTest.qWait(4000)
    QTest.qWait(8000)  # Orca presents what is left
    QTest.keyClick(button, Qt.Key.Key_F1)  # the rules, their text focused
    QTest.qWait(1000)
    rules = window.findChild(QWidget, "help_window")
    named = [rules.findChild(QWidget, "help_text").accessibleName()] if rules is not None else ["(no rules window)"]
    # Orca, its debug log on, can be half a minute behind the window (Orca 45.2 took 0.4 s an announcement)
    deadline = time.monotonic() + 90
    flash = re.compile(f"BRAILLE LINE:  '[^\n]*{re.escape(named[0])}")
    while rules is not None and time.monotonic() < deadline and not (
            log.exists() and flash.search(log.read_text(encoding="utf-8", errors="replace"))):
        QTest.qWait(1000)
    if rules is not None:
        rules.close()
    window.close()
    app.processEvents()
    return said, named


if __name__ == "__main__":
    from core.cli_options import guarded

    sys.exit(guarded(main, "orca_check.py"))
