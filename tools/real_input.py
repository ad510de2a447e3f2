"""Plays a game by real key presses or mouse clicks and drags, as a person would, and fails an input that does
nothing.

Run it under Xvfb with a window manager, which the test suite's windows never have:

    xvfb-run -a -s "-screen 0 1280x900x24" sh -c 'openbox & python tools/real_input.py euchre --inputs 150'

Each key, click and drag goes through the X server (``xdotool``), so the window manager's activation and focus
decide where it lands, as on a desktop. It plays the hint's moves. By keys: in the Euchre family the key the table
shows for the move (a button's key, or a card's place in the hand, 1–6; ``A`` first to arm a loner), or the key of
a held trick's or summary's button; in Yukon (``yukon``, ``yukon-russian``) ``?`` asks for the hint, which picks
its cards up, and the target's key puts them down (``1``–``7`` a column, ``F`` the foundation). With ``--mouse``:
a click on the button or card (the "alone" button first for a loner; now and then a card is dragged to the
middle instead, or a discard to where the upcard lay), or on the held trick's or summary's button;
in Yukon the hinted cards are moved by their visible strip onto the target pile, in turn by a drag, by two clicks
(pick up, put down) and, for one card going home, by a double click; a drag's destination must be outlined while
the cards are over it, and after every fourth move the right button is held on a covered card, which must show
whole and go back once released. After each input the game must
have moved on (a hint must pick cards up); one that changed nothing is reported with where the focus was. With
``--resize`` the window manager resizes the window after every third input (the second time and every fourth
after it F11 fills the screen, and the next F11 leaves full screen before the next size), and every card must
then lie where the table's layout puts it; with ``--away`` it minimises the window after every fifth input and
brings it back, and a game that can pause must be paused meanwhile and going on after; with ``--back``, before
every seventh input it presses Alt+Left, and on the launcher Enter on the game's Continue, which must be focused
and bring the game back as it was; with ``--demo``, before every ninth input it presses Ctrl+D, lets the Demo play
the person's moves for a moment and stops it with Esc, which must stop it and make no move of its own; with
``--screen-reader`` a screen reader's ears listen on the accessibility bus (AT-SPI,
``tools/screen_reader_listener.py`` under the system's Python): everything the table says (an announcement, or with
``--orca 43.1`` the focused widget's new description, as the program speaks to an Orca before 45.2) must reach them,
word for word and in order, and every tenth input T, pressed through the X server, must have the whole table read
there as the table shows it, naming exactly the cards it shows face up (run it inside ``dbus-run-session``; Debian:
``apt-get install at-spi2-core python3-pyatspi``). The
game's rules are its settings' defaults, or any preset and option by the same flags as its command-line tools
(``--preset holding_stick --opponents hard``; ``--help`` after the game's name lists them); ``--language ja`` plays
it in Japanese. Ends with a summary naming the rules; exits 1 when an input did nothing, a card was out of place, a
pause was missed or kept, a game did not come back whole, the demo did not start, play or stop as it should, or a
screen reader missed words. Needs
``xdotool`` (Debian: ``apt-get install xdotool openbox``).
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import (
    UsageError,
    add_settings_arguments,
    describe_settings,
    passing_home,
    positive_int,
    settings_from_args,
    version_numbers,
)
from core.text import LANGUAGES, plural

X_NAMES = {"Space": "space", "Escape": "Escape", "Enter": "Return", "?": "question"}
EUCHRE_FAMILY = ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre")
YUKON = ("yukon", "yukon-russian")
YUKON_SET_BY_TOOL = ("deal_mode", "deal_number", "variant")  # from the game's name and --deal
# what the X server's keyboard is set to for --keyboard, and the keys a player with that layout active presses
# for the US layout's: the Russian layout's Cyrillic letter on each letter key (ЙЦУКЕН), French AZERTY's
# unshifted sign on each digit key (it types the digit only with Shift), as X names them
KEYBOARDS = {"ru": ("ru,us", dict(zip("QWERTYUIOPASDFGHJKLZXCVBNM", [
    f"Cyrillic_{name}" for name in ["shorti", "tse", "u", "ka", "ie", "en", "ghe", "sha", "shcha", "ze", "ef",
                                    "yeru", "ve", "a", "pe", "er", "o", "el", "de", "ya", "che", "es", "em", "i",
                                    "te", "softsign"]], strict=True))),
             "fr": ("fr", dict(zip("1234567890", ["ampersand", "eacute", "quotedbl", "apostrophe", "parenleft",
                                                  "minus", "egrave", "underscore", "ccedilla", "agrave"],
                                   strict=True)))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], add_help=False)
    parser.add_argument("game", nargs="?", default="euchre",
                        help=f"{', '.join(EUCHRE_FAMILY + YUKON)} (default euchre)")
    parser.add_argument("--inputs", type=positive_int, default=150, help="keys, clicks and drags at most (default 150)")
    parser.add_argument("--mouse", action="store_true", help="click and drag instead of pressing keys")
    parser.add_argument("--resize", action="store_true",
                        help="resize the window through the window manager after every third input and check "
                             "that every card then lies where the table's layout puts it")
    parser.add_argument("--away", action="store_true",
                        help="minimise the window through the window manager after every fifth input and bring it "
                             "back: the game must pause meanwhile and go on after")
    parser.add_argument("--back", action="store_true",
                        help="before every seventh input go back to the launcher by Alt+Left and continue the game by "
                             "Enter: it must come back as it was")
    parser.add_argument("--demo", action="store_true",
                        help="before every ninth input start the Demo by Ctrl+D, let it play the person's moves for a "
                             "moment and stop it by Esc: it must start, play and stop, and Esc make no move")
    parser.add_argument("--screen-reader", action="store_true",
                        help="listen on the accessibility bus as a screen reader does: everything the table says must "
                             "arrive, and T must have the whole table read as it shows")
    parser.add_argument("--orca", type=version_numbers, metavar="VERSION",
                        help="with --screen-reader: speak as to this version of Orca (43.1: the focused widget's new "
                             "description; 45.2 on: announcements; default: as to the Orca running, if any)")
    parser.add_argument("--animations", action="store_true", help="cards glide and are dealt as in play")
    parser.add_argument("--deal", type=positive_int,
                        help="Yukon: this deal number (default a deal from the catalogue)")
    parser.add_argument("--language", choices=LANGUAGES, default="en", help="the window's language (default en)")
    parser.add_argument("--keyboard", choices=sorted(KEYBOARDS),
                        help="the X server's keyboard set to Russian (then US) or French, and each letter key (ru) "
                             "or digit key (fr) pressed as that layout types it alone, as its players press them")
    game_arg = parser.parse_known_args()[0].game
    if game_arg not in EUCHRE_FAMILY + YUKON:
        parser.error(f"'{game_arg}' is not a game this tool plays; use one of {', '.join(EUCHRE_FAMILY + YUKON)}")
    from core.manager import load_host

    host = load_host()
    game_id = "yukon" if game_arg in YUKON else game_arg
    schema = host.game(game_id).settings
    parser.add_argument("-h", "--help", action="help", help="show this help message and exit")
    add_settings_arguments(parser, schema, skip=YUKON_SET_BY_TOOL if game_arg in YUKON else ())
    args = parser.parse_args()
    # Yukon: by default a deal from the catalogue, which the hints can win
    yukon_deal = {"deal_mode": "solvable" if args.deal is None else "number", "deal_number": args.deal or 1,
                  "variant": "russian" if args.game == "yukon-russian" else "standard"}
    try:
        settings = settings_from_args(schema, args, fixed=yukon_deal if args.game in YUKON else None)
    except UsageError as error:
        parser.error(str(error))
    if shutil.which("xdotool") is None or not os.environ.get("DISPLAY"):
        parser.error("needs xdotool and an X display with a window manager (see the example above)")
    if args.screen_reader:
        problem = ScreenReader.missing()
        if problem:
            parser.error(problem)
    passing_home("input")  # a home of its own, gone at the end (84 were left in /tmp)
    os.environ["CARDTABLE_ANIMATIONS"] = "1" if args.animations else "0"
    if args.orca is not None and not args.screen_reader:
        parser.error("--orca goes with --screen-reader")
    reader = ScreenReader(args.orca) if args.screen_reader else None  # before Qt starts, so Qt finds the bus
    if args.keyboard:  # before Qt starts, so Qt reads this keymap; the display's own is put back at the end
        own = Path(tempfile.mkdtemp(prefix="cardtable-keymap-")) / "own.xkb"
        atexit.register(shutil.rmtree, own.parent, ignore_errors=True)  # (run after the keymap is put back)
        subprocess.run(["xkbcomp", "-xkb", os.environ["DISPLAY"], str(own)], check=True, capture_output=True)
        atexit.register(subprocess.run, ["xkbcomp", str(own), os.environ["DISPLAY"]], check=False, capture_output=True)
        subprocess.run(["setxkbmap", "-layout", KEYBOARDS[args.keyboard][0], "-variant", ""], check=True)
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from gui.qt_paths import qt_arguments

    app = QApplication(qt_arguments())
    from gui.screen_fit import fitted_size
    from gui.window import MainWindow

    window = MainWindow(host)
    window.resize(*fitted_size(1100, 760, window))  # as a first start sizes it: a small screen is not overrun
    window.show()
    window.choose_language(args.language)
    QTest.qWait(1500)
    window.settings_store.save(game_id, settings)
    page = window.new_game(game_id)
    assert page is not None
    QTest.qWait(1500)

    person = Person(page, mouse=args.mouse, resize=args.resize, away=args.away, back=args.back, demo=args.demo,
                    reader=reader, keyboard=args.keyboard)
    play = play_yukon if args.game in YUKON else play_euchre
    try:
        done, idle = play(app, person, args.inputs)
    except Unclickable as error:
        print(f"{args.game}: {error}")
        window.close()
        return 1
    session = person.page.session
    over = "won" if args.game in YUKON and session.state.won else "over" if session.is_over else "going on"
    deal = f" deal {session.state.deal_number}" if args.game in YUKON else ""
    print(describe_settings(schema, settings))
    print(f"{args.game}{deal}: {plural(done, 'input')} by {'mouse' if args.mouse else 'keys'}, "
          f"{plural(len(session.moves), 'move')} made, game {over}; "
          f"inputs that did nothing: {len(idle)}")
    for line in idle:
        print(f"  {line}")
    if args.resize:
        print(f"window resized {plural(person.resizes, 'time')} ({person.full_screens} by F11 to full screen and "
              f"back); cards out of place afterwards: "
              f"{len(person.misplaced)}")
        for line in person.misplaced[:10]:
            print(f"  {line}")
    if args.away:
        print(f"window minimised and brought back {plural(person.aways, 'time')}; pauses missed or kept: "
              f"{len(person.unpaused)}")
        for line in person.unpaused[:10]:
            print(f"  {line}")
    if args.back:
        print(f"back to the launcher and continued {plural(person.backs, 'time')}; games not come back whole: "
              f"{len(person.not_back)}")
        for line in person.not_back[:10]:
            print(f"  {line}")
    if args.keyboard:
        print(f"keys pressed as the {args.keyboard} layout types them: {person.layout_presses} "
              f"({', '.join(sorted(person.layout_keys)) or 'none'})")
    if args.demo:
        print(f"demo started by Ctrl+D and stopped by Esc {plural(person.demos, 'time')}; faults: "
              f"{len(person.demo_faults)}")
        for line in person.demo_faults[:10]:
            print(f"  {line}")
    if person.drags or person.peeks:
        onto = ", ".join(f"{n} onto {kind}" for kind, n in sorted(person.dragged_onto.items()))
        print(f"dragged {plural(person.drags, 'time')} ({onto or 'none'}; "
              f"{person.let_go_beside} let go over the felt beside the pile's cards), "
              f"peeked at a covered card {plural(person.peeks, 'time')}; "
              f"destinations not outlined, peeks not shown or not put back: {len(person.hand_faults)}")
        for line in person.hand_faults[:10]:
            print(f"  {line}")
    if reader is not None:
        reader.finish(person.page)
        heard = Path(os.environ["CARDTABLE_HOME"]) / "heard.txt"
        heard.write_text("".join(line + "\n" for line in reader.heard), encoding="utf-8")
        print(f"screen reader: {plural(len(reader.told), 'thing')} said, {len(reader.heard)} heard over AT-SPI "
              f"(in {heard}); the whole table read by T {reader.wholes} of {plural(reader.reads, 'time')}; "
              f"faults: {len(reader.faults)}")
        for read in reader.later:
            print(f"  read instead, said after T: '{read[:100]}'")
        for line in reader.faults[:10]:
            print(f"  {line}")
    window.close()
    faults = reader.faults if reader is not None else []
    return 1 if (idle or person.misplaced or person.unpaused or person.not_back or person.demo_faults
                 or person.hand_faults or faults) else 0


def _idle(app: Any, page: Any, idle: list[str], what: str) -> bool:
    """Notes an input that did nothing, with where the focus was and a picture of the window; True when the
    same thing has now failed three times, and playing on is pointless."""
    focus = app.focusWidget()
    picture = os.path.join(tempfile.gettempdir(), f"cardtable-input-idle-{len(idle) + 1}.png")
    page.window().grab().save(picture)
    idle.append(f"{what} (focus on {type(focus).__name__ if focus else 'nothing'}; the window: {picture})")
    return len(idle) >= 3 and len({line.split(" (focus")[0] for line in idle[-3:]}) == 1


def _keycode(keysym: str) -> str:
    """The key that gives ``keysym`` on this X server, as xdotool takes it (a number): named, a function key comes
    with Alt held under Debian 14's X servers (xdotool 3.20160805 finds it on a level it reaches with Alt)."""
    import ctypes

    x11 = ctypes.CDLL("libX11.so.6")
    x11.XOpenDisplay.restype, x11.XOpenDisplay.argtypes = ctypes.c_void_p, [ctypes.c_char_p]
    x11.XStringToKeysym.restype, x11.XStringToKeysym.argtypes = ctypes.c_ulong, [ctypes.c_char_p]
    x11.XKeysymToKeycode.restype, x11.XKeysymToKeycode.argtypes = ctypes.c_ubyte, [ctypes.c_void_p, ctypes.c_ulong]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)
    if not display:
        return keysym
    code = x11.XKeysymToKeycode(display, x11.XStringToKeysym(keysym.encode()))
    x11.XCloseDisplay(display)
    return str(code) if code else keysym


class ScreenReader:
    """A screen reader's ears: ``tools/screen_reader_listener.py`` on the accessibility bus, under the system's
    Python. What the table gave to say (``told``: its canvas's ``say``) must arrive there (``heard``: announcements,
    or speaking as to an ``orca`` before 45.2, the focused widget's description changes), and T must have the whole
    table read as it shows."""

    PYTHON = "/usr/bin/python3"  # the system's, with the AT-SPI bindings
    BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"

    @classmethod
    def missing(cls) -> str:
        """What this machine lacks to listen, or ""."""
        if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
            return "--screen-reader needs a session bus: run the tool inside dbus-run-session"
        if not Path(cls.BUS_LAUNCHER).exists() or not Path(cls.PYTHON).exists() or subprocess.run(
                [cls.PYTHON, "-c", "import pyatspi"], capture_output=True).returncode:
            return "--screen-reader needs AT-SPI and its Python bindings (Debian: at-spi2-core python3-pyatspi)"
        return ""

    def __init__(self, orca: tuple[int, ...] | None = None) -> None:
        import queue
        import threading

        from gui import screen_reader

        if orca is not None:
            screen_reader.orca_version = lambda: orca  # type: ignore[assignment]
        self.by_description = screen_reader.by_description()

        os.environ["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"  # as when a screen reader runs on the desktop
        self.bus = subprocess.Popen([self.BUS_LAUNCHER, "--launch-immediately"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        time.sleep(1)
        listener = Path(__file__).with_name("screen_reader_listener.py")
        self.process = subprocess.Popen([self.PYTHON, str(listener)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.lines.get(timeout=20)  # {"ready": true}
        self.told: list[str] = []
        self.heard: list[str] = []
        self.faults: list[str] = []
        self.reads = 0
        self.wholes = 0  # reads that had the whole table (the others, what a CPU player's move said after it)
        self.later: list[str] = []  # what those others read
        self.tables: set[str] = set()  # the accessible names of the tables that spoke
        self._note_what_the_tables_say()
        self._answer: dict[str, Any] | None = None
        self.whole_table: tuple[str, list[str]] | None = None  # what T last had said, and the cards then shown

    def _read(self) -> None:
        import json

        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(json.loads(line))

    def _note_what_the_tables_say(self) -> None:
        """Note what every table canvas gives to say, from its first words (a game continued from the launcher is
        a new page, whose deal is told at once), and, when T has the whole table said, the cards it then showed."""
        from gui.table_canvas import TableCanvas
        from gui.table_scene import TableScene

        told, tables, say, say_table = self.told, self.tables, TableCanvas.say, TableCanvas.say_table
        reader = self

        def noted(canvas: TableCanvas, words: str) -> None:
            told.append(words)
            tables.add(canvas.accessibleName())
            say(canvas, words)

        def whole(canvas: TableCanvas) -> None:
            scene = canvas.scene()
            shown = sorted(scene.table.face_up_cards()) if isinstance(scene, TableScene) and scene.table else []
            say_table(canvas)
            reader.whole_table = (told[-1], shown) if told else None

        TableCanvas.say = noted  # type: ignore[method-assign, assignment]
        TableCanvas.say_table = whole  # type: ignore[method-assign, assignment]

    def _replies(self, wait_s: float, until: Any) -> None:
        """Take the listener's lines, the window answering the bus meanwhile, until ``until()`` or ``wait_s``:
        what a table said (a new description or an announcement), or the answer to a question."""
        import queue

        from PySide6.QtTest import QTest

        from gui.i18n import tr
        from gui.screen_reader import ZERO_WIDTH_SPACE

        end = time.monotonic() + wait_s
        while not until() and time.monotonic() < end:
            QTest.qWait(20)
            try:
                while True:
                    line = self.lines.get_nowait()
                    said = line.get("announcement", line.get("description_changed"))
                    if said is None:
                        self._answer = line
                    elif "announcement" in line and line["from"] in self.tables:
                        self.heard.append(said)
                    elif self.by_description and line.get("focused") and said and said != tr("table_help"):
                        self.heard.append(said.rstrip(ZERO_WIDTH_SPACE))  # the focus's: the table's, a button's
            except queue.Empty:
                pass

    def check(self, page: Any) -> None:
        """T through the X server, then what was heard of it — the table's description read over the bus, or the
        announcement: it must be something the table said since — the whole table, naming exactly the cards it
        showed face up at T, or, when a CPU player moved meanwhile, what the table said after."""
        from PySide6.QtTest import QTest

        from gui.screen_reader import ZERO_WIDTH_SPACE

        canvas, scene, view = page.table, page.view.scene, page.view
        if not canvas.hasFocus() or scene.table is None or scene.paused:
            return  # T goes to the table only
        for _ in range(400):  # a verdict of the analysis arriving after T would be said after it (a loaded machine)
            if not view.situation().analysing:
                break
            QTest.qWait(50)
        since, heard = len(self.told), len(self.heard)
        self.whole_table = None
        subprocess.run(["xdotool", "key", "t"], check=True)
        self._replies(2, lambda: self.whole_table is not None)
        if self.whole_table is None:
            self.faults.append(f"read {self.reads + 1}: T did not have the table read")
            return
        said = self.whole_table[0]
        self._replies(5, lambda: said in self.heard[heard:])  # the listener's copy is up to date once it heard it
        if not self.by_description:  # announced: nothing stays on the table to read again
            self.reads += 1
            self._judge(said if said in self.heard[heard:] else "", since)
            return
        self._answer = None
        assert self.process.stdin is not None
        self.process.stdin.write(f"describe {canvas.accessibleName()}\n")
        self.process.stdin.flush()
        self._replies(10, lambda: self._answer is not None)
        self.reads += 1
        answer = self._answer
        if answer is None or "missing" in answer:
            self.faults.append(f"read {self.reads}: no object called '{canvas.accessibleName()}' on the bus")
            return
        self._judge(answer["description"].rstrip(ZERO_WIDTH_SPACE), since)

    def _judge(self, read: str, since: int) -> None:
        """What was heard of T (``read``) must be the whole table, naming the cards shown, or said after it."""
        from core.table_words import cards_named
        from gui.i18n import language

        assert self.whole_table is not None
        words, shown = self.whole_table
        if read == words:
            self.wholes += 1
            named = cards_named(read, language())
            if named != shown:
                self.faults.append(f"read {self.reads}: the table read names {named}, the table showed {shown}")
        elif read in self.told[since:]:
            self.later.append(read)
        else:
            self.faults.append(f"read {self.reads}: the bus read '{read[:80]}…', which the table did not say")

    def finish(self, page: Any) -> None:
        """The last reading, then everything the tables said must have arrived, in order."""
        self.check(page)
        self._replies(5, lambda: len(self.heard) >= len(self.told))
        if self.heard != self.told:
            first = next((i for i, (a, b) in enumerate(zip(self.told, self.heard, strict=False)) if a != b),
                         min(len(self.told), len(self.heard)))
            self.faults.append(f"words: {len(self.told)} said, {len(self.heard)} heard; first difference at "
                               f"{first + 1}")
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)
        self.bus.terminate()


class Unclickable(Exception):
    """A card or button the hint's move needs shows no point a hand could click."""


class Person:
    """Keys, clicks and drags sent through the X server onto the game page's table."""

    SIZES = ((1100, 760), (820, 620), (1260, 860), (960, 700), (1180, 640))

    def __init__(self, page: Any, mouse: bool, resize: bool = False, away: bool = False, back: bool = False,
                 demo: bool = False, reader: ScreenReader | None = None, keyboard: str | None = None) -> None:
        self.page, self.mouse, self.resize, self.away, self.back, self.demo = page, mouse, resize, away, back, demo
        self.reader, self.keys_typed = reader, KEYBOARDS[keyboard][1] if keyboard else {}
        self.layout_presses, self.layout_keys = 0, set[str]()  # presses of keys the layout types otherwise, and keys
        self.inputs = self.resizes = self.aways = self.backs = self.full_screens = self.demos = 0
        self.demo_faults: list[str] = []
        self._last_click = 0.0
        self.misplaced: list[str] = []
        self.unpaused: list[str] = []
        self.not_back: list[str] = []
        self.drags = self.peeks = 0
        self.dragged_onto = Counter[str]()  # drags by the kind of pile they went to ("column", "play", …)
        self.let_go_beside = 0  # drags released over the felt near their pile, not over a card of it
        self.hand_faults: list[str] = []  # a drag's destination not outlined, a peek not shown or not put back

    def between_moves(self) -> None:
        """Before a move's inputs: with ``back``, once every seven inputs, Alt+Left to the launcher and Enter on
        the game's Continue, which must be focused there; the game must come back with the moves it had (CPU
        players may move on once it is back) and, if none was made since, at the same hold."""
        from PySide6.QtTest import QTest
        from PySide6.QtWidgets import QApplication

        if self.demo and self.inputs // 9 > self.demos and not self.page.session.is_over:
            self._demo()
        if not self.back or self.inputs // 7 <= self.backs or self.page.session.is_over:
            return
        self.backs += 1
        window, session, game_id = self.page.window(), self.page.session, self.page.game.id
        moves, hold = list(session.moves), session.hold
        self._xdotool("key", "alt+Left", wait_ms=600)
        focus = QApplication.focusWidget()
        where = focus.objectName() if focus is not None else "nothing"
        if window.page is not None or where != f"continue-{game_id}":
            shown = "the game" if window.page is not None else "the launcher"
            self.not_back.append(f"back {self.backs}: after Alt+Left {shown} showed, the focus on {where}")
            if window.page is None:  # play on from where the game was saved
                window.continue_game(game_id)
                QTest.qWait(1500)
            self.page = window.page
            return
        self._xdotool("key", "Return", wait_ms=1500)
        page = window.page
        if page is None or page.game.id != game_id:
            self.not_back.append(f"back {self.backs}: Enter on Continue opened {page.game.id if page else 'nothing'}")
            raise Unclickable("the game did not come back")
        now = page.session
        if now.moves[:len(moves)] != moves or (len(now.moves) == len(moves) and now.hold != hold):
            self.not_back.append(f"back {self.backs}: {len(moves)} moves and hold {hold} went in, "
                                 f"{len(now.moves)} moves and hold {now.hold} came back")
        self.page = page

    def _demo(self) -> None:
        """Ctrl+D through the window manager: the demo must start and, within a few seconds, play a move of the
        person's (or end the game); then Esc must stop it, and make no move itself."""
        from PySide6.QtTest import QTest

        from core.session import SessionListener

        self.demos += 1
        view, session = self.page.view, self.page.session
        person_moves = [0, 0]  # the person's moves; those made once the demo was off, not by the table itself

        class Counter(SessionListener):
            def moved(self, seat: int, move: str) -> None:
                if seat in session.human_seats:
                    person_moves[0] += 1
                    by_table = session.history.automatic[-1:] == [len(session.history) - 1]
                    person_moves[1] += not view.demo and not by_table

        stop_listening = session.add_listener(Counter())
        try:
            self._xdotool("key", "ctrl+d")
            if not view.demo and (session.is_over or (view.hint is not None and not view.hint.move)):
                return  # the match ended as the key went in, or the demo stopped at once: the hint has no move
            if not view.demo:
                from PySide6.QtWidgets import QApplication

                focus = QApplication.focusWidget()
                self.demo_faults.append(
                    f"demo {self.demos}: Ctrl+D did not start it (paused {session.paused}, over {session.is_over}, "
                    f"Demo enabled {self.page.buttons['demo'].isEnabled()}, window active "
                    f"{self.page.window().isActiveWindow()}, focus on {type(focus).__name__ if focus else 'nothing'})")
                return
            for _ in range(100):
                if person_moves[0] or not view.demo:
                    break
                QTest.qWait(50)
            if not person_moves[0] and not session.is_over:
                self.demo_faults.append(f"demo {self.demos}: no move of the person's in 5 s")
            if not view.demo:
                return  # it ended by itself (the game is over, or the hint had no move): nothing to stop
            # the window waits while xdotool runs: a demo move already due may come before the key, but none after
            self._xdotool("key", "Escape", wait_ms=600)
            if view.demo or person_moves[1]:
                self.demo_faults.append(f"demo {self.demos}: after Esc the demo is {'on' if view.demo else 'off'} "
                                        f"and {person_moves[1]} of the person's moves were made once it was off")
        finally:
            stop_listening()

    def _acted(self) -> None:
        """After an input: with ``away``, every fifth, the window minimised and brought back; with ``resize``,
        every third, a new size."""
        self.inputs += 1
        if self.reader is not None and self.inputs % 10 == 0:
            self.reader.check(self.page)
        if self.away and self.inputs % 5 == 0:
            self._go_away()
        if self.resize and self.inputs % 3 == 0:
            self._resize()

    def _go_away(self) -> None:
        """The window minimised through the window manager, then brought back: a game that can pause must be
        paused while out of sight and going on again once back."""
        from PySide6.QtTest import QTest

        self.aways += 1
        window, session = self.page.window(), self.page.session
        pauses = "pause" in self.page.view.tools and not session.is_over and not session.paused
        subprocess.run(["xdotool", "windowminimize", "--sync", str(int(window.winId()))], check=True)
        QTest.qWait(400)
        if pauses and not (window.isMinimized() and session.paused):
            self.unpaused.append(f"away {self.aways}: minimised {window.isMinimized()}, paused {session.paused}")
        # xdotool complains on stderr that no window was active while this one was minimised
        subprocess.run(["xdotool", "windowactivate", "--sync", str(int(window.winId()))], check=True,
                       stderr=subprocess.DEVNULL)
        QTest.qWait(600)
        if pauses and (window.isMinimized() or session.paused):
            self.unpaused.append(f"back {self.aways}: minimised {window.isMinimized()}, still paused "
                                 f"{session.paused}")

    def _resize(self) -> None:
        """A new window size through the window manager, then the check that each card has gone where the new
        layout puts it (once any glide is over)."""
        from PySide6.QtTest import QTest

        from gui.screen_fit import fitted_size

        self.resizes += 1
        window = self.page.window()
        width, height = fitted_size(*self.SIZES[self.resizes % len(self.SIZES)], window)
        if window.isFullScreen():
            self._xdotool("key", "F11", wait_ms=600)
            if window.isFullScreen():
                self.misplaced.append(f"resize {self.resizes}: F11 did not leave full screen")
        if self.resizes % 4 == 2:
            self.full_screens += 1
            self._xdotool("key", "F11", wait_ms=600)
            screen = window.screen().geometry()
            width, height = screen.width(), screen.height()
            if not window.isFullScreen() or window.geometry() != screen:
                self.misplaced.append(f"resize {self.resizes}: F11 left the window at {window.width()}×"
                                      f"{window.height()}, full screen {window.isFullScreen()}")
        else:
            ratio = window.devicePixelRatioF()  # the X server counts physical pixels
            subprocess.run(["xdotool", "windowsize", str(int(window.winId())), str(round(width * ratio)),
                            str(round(height * ratio))], check=True)
            QTest.qWait(400)
        scene = self.page.view.scene
        for _ in range(60):
            if not any(item.animating for item in scene.cards.values()):
                break
            QTest.qWait(50)
        for key, place in scene.places.items():
            item = scene.cards[key]
            if (item.pos() - place.pos).manhattanLength() > 1 or abs(item.width - place.width) > 0.5:
                self.misplaced.append(f"{key} at {item.pos().x():.0f},{item.pos().y():.0f} width {item.width:.0f}, "
                                      f"placed at {place.pos.x():.0f},{place.pos.y():.0f} width {place.width:.0f} "
                                      f"after resize {self.resizes} to {width}×{height}")

    def key(self, name: str) -> None:
        self._xdotool("key", X_NAMES.get(name, name.lower()))
        self._acted()

    def _xdotool(self, *args: str, wait_ms: int = 300) -> None:
        from PySide6.QtTest import QTest

        if self.keys_typed and args[0] == "key":  # "ctrl+z" is Ctrl and the key Я is on, under the Russian layout
            changed = [keys for keys in args[1:] if keys.split("+")[-1].upper() in self.keys_typed]
            self.layout_presses += len(changed)
            self.layout_keys.update(keys.title() for keys in changed)
            args = ("key", *("+".join([*keys.split("+")[:-1], self.keys_typed[keys.split("+")[-1].upper()]])
                             if keys in changed else keys for keys in args[1:]))
        if args[0] == "key":
            args = ("key", *(_keycode(keys) if keys[:1] == "F" and keys[1:].isdigit() else keys for keys in args[1:]))
        subprocess.run(["xdotool", *args], check=True)
        QTest.qWait(wait_ms)

    def _screen(self, item: Any, height: float = 0.5) -> tuple[int, int]:
        """A point of the screen where ``item`` is the topmost thing on the table (inside its visible strip,
        three pixels clear of any edge, as a hand aims), as near ``height`` of the card (0 its top) as it shows."""
        from PySide6.QtCore import QPoint, QPointF

        canvas, scene = self.page.table, self.page.view.scene

        def on_top(at: QPoint) -> bool:
            top = next((i for i in scene.items(canvas.mapToScene(at)) if i.isVisible()), None)
            return top is item or (top is not None and top.parentItem() is item)

        rect = item.sceneBoundingRect()
        for fy in sorted((n / 50 for n in range(1, 50)), key=lambda f: abs(f - height)):
            for fx in (0.5, 0.3, 0.7):
                at = canvas.mapFromScene(QPointF(rect.left() + rect.width() * fx, rect.top() + rect.height() * fy))
                if all(on_top(at + QPoint(dx, dy)) for dx in (-3, 0, 3) for dy in (-3, 0, 3)):
                    return self._physical(canvas.viewport().mapToGlobal(at))
        picture = os.path.join(tempfile.gettempdir(), "cardtable-input-hidden.png")
        self.page.window().grab().save(picture)
        raise Unclickable(f"{getattr(item, 'card', None) or item} shows no point to click (the window: {picture})")

    def _physical(self, point: Any) -> tuple[int, int]:
        """A point of the screen in Qt's (logical) pixels as the X server counts them: scaled by the window's
        device pixel ratio (2 at QT_SCALE_FACTOR=2)."""
        ratio = self.page.window().devicePixelRatioF()
        return round(point.x() * ratio), round(point.y() * ratio)

    def click(self, item: Any, double: bool = False) -> None:
        from PySide6.QtTest import QTest
        from PySide6.QtWidgets import QApplication

        x, y = self._screen(item)
        # two clicks at one spot within the double-click time are a double click, which sends a card home
        pause = self._last_click + QApplication.doubleClickInterval() / 1000 + 0.05 - time.monotonic()
        if pause > 0:
            QTest.qWait(round(pause * 1000))
        self._xdotool("mousemove", str(x), str(y), wait_ms=60)
        self._xdotool("click", *(("--repeat", "2", "--delay", "120") if double else ()), "1")
        self._last_click = time.monotonic()
        self._acted()

    def drag(self, item: Any, onto: Any, pile_id: str, over: Any = None) -> None:
        """Press on ``item`` (near its middle, its top or its foot, in turn, as hands grab), move in steps as a
        hand does, release over ``onto``, the front of pile ``pile_id`` (or, for an empty pile the table draws no
        outline for, a point of the scene) — or over ``over``, a point of the scene beside it that is no card's —
        which must be outlined as the destination by then (the move is legal there)."""
        from PySide6.QtCore import QPointF

        canvas = self.page.table
        x0, y0 = self._screen(item, (0.5, 0.15, 0.85)[self.drags % 3])
        point = onto if isinstance(onto, QPointF) else over
        self.let_go_beside += point is not None
        if point is not None:
            x1, y1 = self._physical(canvas.viewport().mapToGlobal(canvas.mapFromScene(point)))
        else:
            x1, y1 = self._screen(onto)
        self._xdotool("mousemove", str(x0), str(y0), wait_ms=60)
        self._xdotool("mousedown", "1", wait_ms=60)
        for step in range(1, 9):
            self._xdotool("mousemove", str(x0 + (x1 - x0) * step // 8), str(y0 + (y1 - y0) * step // 8), wait_ms=30)
        self.drags += 1
        self.dragged_onto[pile_id.split(":")[0]] += 1
        scene = self.page.view.scene
        shown = scene._spot if isinstance(onto, QPointF) else onto
        if scene._lit != pile_id or shown is None or not shown.isVisible() or not shown.destination:
            self.hand_faults.append(f"drag {self.drags}: over {pile_id}, {scene._lit or 'nothing'} outlined")
        self._xdotool("mouseup", "1")
        self._acted()

    def peek(self, item: Any) -> None:
        """The right button held on ``item``, a covered face-up card: it must show over the cards fanned on it,
        and go back among them once the button is released."""
        scene = self.page.view.scene
        z = item.zValue()
        x, y = self._screen(item)
        self._xdotool("mousemove", str(x), str(y), wait_ms=60)
        self._xdotool("mousedown", "3", wait_ms=120)
        self.peeks += 1
        others = [c.zValue() for c in scene.cards.values() if c is not item and c.isVisible()]
        if scene._peek is None or scene._peek[0] is not item or item.zValue() <= max(others, default=0):
            self.hand_faults.append(f"peek {self.peeks}: {item.card} not shown whole")
        self._xdotool("mouseup", "3", wait_ms=60)
        if scene._peek is not None or item.zValue() != z:
            self.hand_faults.append(f"peek {self.peeks}: {item.card} not put back (z {item.zValue()}, was {z})")

    def card(self, pile_id: str, index: int | None = None) -> Any:
        """The card item at ``index`` in pile ``pile_id`` (``None``: its last), else the pile's outline."""
        scene = self.page.view.scene
        places = {place.index: key for key, place in scene.places.items() if place.pile.id == pile_id}
        if index is None and places:
            index = max(places)
        return scene.cards[places[index]] if index in places else scene.slots[pile_id]


def play_euchre(app: Any, person: Person, inputs: int) -> tuple[int, list[str]]:
    """Plays the hint's moves until ``inputs`` are used or the match is over: (inputs used, inputs idle)."""
    from PySide6.QtTest import QTest

    def act(move: str) -> str:
        """Makes ``move`` by its key or with the mouse (arming a loner first): what was done."""
        table = page.view.table
        assert table is not None
        choice = next((c for c in table.all_choices() if c.move == move and c.enabled), None)
        if choice is None and move.endswith("alone"):
            alone = next(c for c in table.all_choices() if c.key == "A" and c.enabled)
            person.click(page.view.scene.buttons[alone.id]) if person.mouse else person.key("A")
            return act(move)
        if choice is not None:
            if person.mouse:
                person.click(page.view.scene.buttons[choice.id])
                return f"click on {choice.id}"
            person.key(choice.key)
            return f"key {choice.key}"
        hand = next(p for p in table.piles if p.id == "hand:0")
        place = [face.card for face in hand.cards].index(move.split()[-1])
        kind = move.split()[0]
        if person.mouse and kind in ("play", "discard") and len(session.moves) % (3 if kind == "play" else 2) == 0:
            spot = next(p for p in table.piles if p.id == kind)  # now and then a drag: to the trick, or the discard
            across, down = ((0.5, 0.7), (0.2, 0.25), (0.8, 1.15))[person.drags % 3]  # anywhere on the place
            person.drag(person.card("hand:0", place), page.view.scene.point(spot.x + across, spot.y + down), kind)
            return f"drag of {move.split()[-1]} to the {'trick' if kind == 'play' else 'discard'}"
        if person.mouse:
            person.click(person.card("hand:0", place))
            return f"click on {move.split()[-1]}"
        person.key(str(place + 1))
        return f"key {place + 1}"

    done, idle = 0, list[str]()
    while done < inputs and not person.page.session.is_over:
        person.between_moves()
        page = person.page  # a new page when the game came back from the launcher
        session = page.session
        for _ in range(200):  # the CPU players move first
            if session.to_move == 0 or session.hold is not None or session.is_over:
                break
            QTest.qWait(50)
        table = page.view.table
        assert table is not None
        before = (len(session.moves), session.hold)
        if table.hold is not None and table.hold.choices:
            choice = table.hold.choices[0]
            if person.mouse:
                person.click(page.view.scene.hold_item.buttons[0])
                what = f"click on {choice.id}"
            else:
                person.key(choice.key)
                what = f"key {choice.key}"
        elif session.to_move == 0:
            hint = session.hint()
            assert hint is not None
            what = act(hint.move)
        else:
            continue
        done += 1
        if (len(session.moves), session.hold) == before and _idle(app, page, idle, f"{what} at move {before[0]}"):
            break
    return done, idle


def _until_still(view: Any) -> None:
    """Waits while the table makes its own moves (Yukon's finish, safe cards sent home; a finish can be long)."""
    from PySide6.QtTest import QTest

    quiet = 0
    for _ in range(2400):
        moving = (view.auto_timer.isActive() or view._auto_move() is not None
                  or any(item.animating for item in view.scene.cards.values()))
        quiet = 0 if moving else quiet + 1
        if quiet >= 4:  # still for 200 ms: the next of the table's own moves would have set off by now
            return
        QTest.qWait(50)


def play_yukon(app: Any, person: Person, inputs: int) -> tuple[int, list[str]]:
    """Plays the hint's moves until ``inputs`` are used or the deal is won (or no move is hinted): by keys ``?``
    and the target's key, with the mouse a drag of the hinted cards onto the target. (inputs used, inputs idle)."""
    from PySide6.QtCore import QPointF

    from gui.i18n import text
    from plugins.yukon.rules import FOUNDATION, Move

    done, idle = 0, list[str]()
    ways: Counter[str] = Counter()
    while done < inputs and not person.page.session.state.won:
        person.between_moves()
        page = person.page  # a new page when the game came back from the launcher
        session, view = page.session, page.view
        _until_still(view)  # the table's own moves (the finish, safe cards home) come first
        if session.state.won:
            break
        moves = len(session.moves)
        if person.mouse:
            hint = session.hint()
        else:
            person.key("?")
            done += 1
            hint = view.hint
        if hint is None or not hint.move:  # none, or advice without a move: the hints end here
            advice = page.status.text() if hint is None else text(hint.reason)
            print(f"no move hinted at move {moves}: {advice}")
            break
        if person.mouse:
            move = Move.parse(hint.move)
            column = session.state.columns[move.source]
            card = column[len(column) - move.count]
            onto = f"foundation:{card.suit.letter}" if move.target == FOUNDATION else f"column:{move.target}"
            source, target = person.card(f"column:{move.source}", len(column) - move.count), person.card(onto)
            way = ("drag", "clicks", "double-click")[done % 3]  # each way a hand moves cards, in turn
            if way == "double-click" and (move.target != FOUNDATION or move.count > 1):
                way = "drag"
            if way == "drag":  # every other drag let go just below the column's front card, where the cards go
                below = QPointF(target.sceneBoundingRect().center().x(),
                                target.sceneBoundingRect().bottom() + view.scene.unit * 0.25)
                felt = (onto.startswith("column:") and done % 2 == 0 and view.scene._hit(below) is None
                        and page.table.viewport().rect().contains(page.table.mapFromScene(below)))
                person.drag(source, target, onto, below if felt else None)
            elif way == "clicks":
                person.click(source)  # picks the group up
                person.click(target)  # puts it down
            else:
                person.click(source, double=True)
            ways[way] += 1
            what = f"{way} for {hint.move}"
            if done % 4 == 1:  # now and then a look at a covered card, once the move is made
                _until_still(view)  # (a card the finish is sending home is no longer covered: no peek to see)
            covered = [(c, i) for c in range(7) for i, card in enumerate(session.state.columns[c][:-1])
                       if i >= session.state.hidden[c]]
            if covered and done % 4 == 1 and not session.state.won:
                column, index = covered[done % len(covered)]
                person.peek(person.card(f"column:{column}", index))
        else:
            if view.ui.pick is None:
                if _idle(app, page, idle, f"key ? at move {moves} hinted {hint.move} but picked nothing up"):
                    break
                continue
            what = hint.move.split(">")[1]
            person.key(what)
            what = f"key {what} for {hint.move}"
        done += 1
        if len(session.moves) == moves and _idle(app, page, idle, f"{what} at move {moves}"):
            break
    if ways:
        print("moved by " + ", ".join(f"{way} {n}" for way, n in sorted(ways.items())))
    return done, idle


if __name__ == "__main__":
    sys.exit(main())
