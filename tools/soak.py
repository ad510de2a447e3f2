"""Plays many games in a row in one real window (offscreen) and reports what stays behind: the Qt objects under
the window, Python's live objects and the process's resident memory, after a warm-up and at the end.

    python tools/soak.py [--games 40] [--only yukon,euchre] [--seed 1] [--json FILE] [--animations]

Every deal comes from the seed, as do the person's moves: the same seed plays the same games (the CPU players decide
from their game's seed). The person's seat makes random legal moves, or in every third game or so the Demo plays it
(random moves take over where the demo stops; a Yukon deal is given up after 300 moves) and, as a person might,
opens and closes the rules and the statistics and minimises the window for a moment at each new game, and opens the
last hand's review at each hand's summary; CPU players decide as in play, without the pause between their moves
(with ``--animations`` they wait, as in play, for the cards being dealt). Exits 1 when the window holds more Qt
objects at the end than after the warm-up (a page, a dialog or a timer left behind by each game), and names the
kinds of object whose number changed; the launcher's Continue button is not counted, as it comes and goes with a
saved game (a Yukon deal given up leaves one, a finished game none). Not part of the test suite (a Euchre match
takes about a second, a Yukon deal about five).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.cli_options import guarded, output_file, passing_home  # noqa: E402
from core.progress import Progress  # noqa: E402
from core.text import plural  # noqa: E402

WARM_UP = 3  # games before the first reading: caches (card art, solver tables) fill during these
YUKON_MOVES = 300


@dataclass
class Reading:
    qt_objects: int
    py_objects: int
    rss_mb: float
    qt_kinds: dict[str, int]  # the window's Qt objects by class (and object name, when it has one)


def resident_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def soak(game_id: str, games: int, seed: int) -> tuple[Reading, Reading, int, int]:
    """Plays ``games`` games of ``game_id`` (after the warm-up) in a new window: the readings after the warm-up
    and at the end, the person's random moves and the games the demo played."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from core import session as session_module
    from core.manager import load_host
    from gui.window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    # each new game's seed from the soak's, as tests/test_gui_monkey.py does: a run can be played again
    session_module.secrets = SimpleNamespace(randbits=random.Random(f"deals {game_id} {seed}").getrandbits)
    window = MainWindow(load_host())
    window.resize(1100, 760)
    window.show()
    rng = random.Random(seed)
    readings: list[Reading] = []
    done = {"games": 0, "moves": 0, "deal_moves": 0, "demos": 0}
    page = window.new_game(game_id)
    assert page is not None

    def read() -> Reading:
        window.launcher.rebuild()  # as the player going back would find it (it follows the saves when shown)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        gc.collect()
        children = window.findChildren(QObject)
        kinds = Counter(type(o).__name__ + (f" '{o.objectName()}'" if o.objectName() else "") for o in children)
        # the launcher's Continue button stands for a saved game, which a Yukon deal given up leaves and a
        # finished one does not: not counted, so that only objects no game should leave remain
        offered = window.saves.continuable(window.host.slot(game_id))
        kinds[f"QPushButton 'continue-{game_id}'"] -= offered
        return Reading(len(children) - offered, len(gc.get_objects()), resident_mb(), dict(+kinds))

    def look_around() -> None:
        window.open_help(game_id).close()
        window.open_stats(game_id).close()
        window.showMinimized()  # away for a moment: the game pauses, and goes on when the window is back
        window.showNormal()

    def begin() -> None:
        look_around()
        if rng.random() < 1 / 3:
            page.buttons["demo"].click()
            done["demos"] += page.view.demo

    begin()
    with Progress(games + WARM_UP, game_id) as bar:
        def step() -> None:
            nonlocal page
            session = page.session
            if session.is_over or done["deal_moves"] >= YUKON_MOVES:
                done["games"] += 1
                done["deal_moves"] = 0
                bar.advance()
                page = window.new_game(game_id) or page
                # read on a fresh page: what a finished game's page holds (a note under the toolbar keeps its
                # text layout once made) is not the game's leftovers, as long as the page goes with its game
                if done["games"] == WARM_UP:
                    readings.append(read())
                if done["games"] == WARM_UP + games:
                    readings.append(read())
                    app.quit()
                    return
                begin()
            elif page.view.demo:
                pass  # the demo plays, and passes the held moments, by itself
            elif session.hold is not None:
                if session.hold.startswith("hand") and page.buttons["last_hand"].isEnabled():
                    review = page.review_last_hand()
                    if review is not None:
                        review.close()
                page.view.act("continue")
            elif session.to_move in session.human_seats and not session.paused:
                page.view.play(rng.choice(list(session.legal_moves())))
                done["moves"] += 1
                done["deal_moves"] += 1 if game_id.startswith("yukon") else 0
            QTimer.singleShot(1, step)

        QTimer.singleShot(0, step)
        app.exec()
    window.close()
    window.deleteLater()
    return readings[0], readings[1], done["moves"], done["demos"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games of each kind after the warm-up (default 40)")
    parser.add_argument("--only", default="", help="game ids separated by commas (default: every game)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the deals and the person's random moves (default 1)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write one JSON line per game to FILE")
    parser.add_argument("--animations", action="store_true",
                        help="cards glide, turn over and are dealt as in play (the CPU players still do not pause)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games {args.games}: play at least one game")
    output_file(args.json, "results")
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ["CARDTABLE_ANIMATIONS"] = "1" if args.animations else "0"
    from gui import animation

    animation.CPU_DELAY_MS = 0
    passing_home("soak")
    from core.manager import load_host

    host = load_host()
    known = [game.id for base in host.games() for game in (base, *host.variants_of(base.id))]
    chosen = [name for name in args.only.split(",") if name] or known
    unknown = [name for name in chosen if name not in known]
    if unknown:
        parser.error(f"--only: no game '{unknown[0]}'; the games are {', '.join(known)}")
    grew = []
    for game_id in chosen:
        started = time.perf_counter()
        before, after, moves, demos = soak(game_id, args.games, args.seed)
        per_game = (after.py_objects - before.py_objects) / args.games
        print(f"{game_id}: {plural(args.games, 'game')} ({demos} begun by the demo), "
              f"{plural(moves, 'random move')} by the person in "
              f"{time.perf_counter() - started:.0f} s; Qt objects {before.qt_objects:,} → {after.qt_objects:,}, "
              f"Python objects {before.py_objects:,} → {after.py_objects:,} ({per_game:+,.0f} a game), "
              f"memory {before.rss_mb:.0f} → {after.rss_mb:.0f} MB",
              flush=True)
        if args.json is not None:
            with args.json.open("a") as out:
                out.write(json.dumps({"game": game_id, "games": args.games, "moves": moves, "demos": demos,
                                      "after_warm_up": asdict(before), "at_the_end": asdict(after)}) + "\n")
        change = Counter(after.qt_kinds)
        change.subtract(before.qt_kinds)
        if any(change.values()):
            print("  Qt objects at the end: " + ", ".join(f"{n:+} {kind}" for kind, n in sorted(change.items()) if n))
        if after.qt_objects > before.qt_objects:
            grew.append(game_id)
    if grew:
        print(f"Qt objects left behind after the warm-up: {', '.join(grew)}")
    return 1 if grew else 0


if __name__ == "__main__":
    sys.exit(guarded(main, "soak.py"))
