"""Plays a game by real key presses, as a keyboard player would, and fails a key that does nothing. Run it under
Xvfb with a window manager, which the test suite's windows never have:

    xvfb-run -a -s "-screen 0 1280x900x24" sh -c 'openbox & python tools/real_keys.py euchre --keys 150'

Each key goes through the X server (``xdotool key``), so the window manager's activation and focus decide where it
lands, as on a desktop. In the Euchre family the key is the one the table shows for the hint's move (a button's
key, or a card's place in the hand, 1–6; ``A`` first to arm a loner), or the key of a held trick's or summary's
button. In Yukon (``yukon``, ``yukon-russian``) ``?`` asks for the hint, which picks its cards up, and the target's
key puts them down (``1``–``7`` a column, ``F`` the foundation). After each key the game must have moved on (a
hint must pick cards up); a key that changed nothing is reported with where the focus was. Ends with a summary;
exits 1 when a key did nothing. Needs ``xdotool`` (Debian: ``apt-get install xdotool openbox``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

X_NAMES = {"Space": "space", "Escape": "Escape", "Enter": "Return", "?": "question"}
EUCHRE_FAMILY = ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre")
YUKON = ("yukon", "yukon-russian")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="euchre",
                        help=f"{', '.join(EUCHRE_FAMILY + YUKON)} (default euchre)")
    parser.add_argument("--keys", type=int, default=150, help="keys to press at most (default 150)")
    parser.add_argument("--animations", action="store_true", help="cards glide and are dealt as in play")
    parser.add_argument("--deal", type=int, help="Yukon: this deal number (default a deal from the catalogue)")
    args = parser.parse_args()
    if args.game not in EUCHRE_FAMILY + YUKON:
        parser.error(f"'{args.game}' is not a game this tool plays; use one of {', '.join(EUCHRE_FAMILY + YUKON)}")
    if shutil.which("xdotool") is None or not os.environ.get("DISPLAY"):
        parser.error("needs xdotool and an X display with a window manager (see the example above)")
    os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-keys-"))
    os.environ["CARDTABLE_ANIMATIONS"] = "1" if args.animations else "0"
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from core.manager import load_host
    from gui.window import MainWindow

    window = MainWindow(load_host())
    window.resize(1100, 760)
    window.show()
    QTest.qWait(1500)
    game_id = "yukon" if args.game in YUKON else args.game
    if args.game in YUKON:  # by default a deal from the catalogue, which the hints can win
        game = window.host.game("yukon")
        window.settings_store.save("yukon", {
            **game.settings.defaults(), "deal_mode": "solvable" if args.deal is None else "number",
            "deal_number": args.deal or 1, "variant": "russian" if args.game == "yukon-russian" else "standard"})
    page = window.new_game(game_id)
    assert page is not None
    QTest.qWait(1500)

    def press(key: str) -> None:
        subprocess.run(["xdotool", "key", X_NAMES.get(key, key.lower())], check=True)
        QTest.qWait(300)

    play = play_yukon if args.game in YUKON else play_euchre
    pressed, idle = play(app, page, press, args.keys)
    session = page.session
    over = "won" if args.game in YUKON and session.state.won else "over" if session.is_over else "going on"
    deal = f" deal {session.state.deal_number}" if args.game in YUKON else ""
    print(f"{args.game}{deal}: {pressed} keys pressed, {len(session.moves)} moves made, game {over}; "
          f"keys that did nothing: {len(idle)}")
    for line in idle:
        print(f"  {line}")
    window.close()
    return 1 if idle else 0


def _focus(app: Any) -> str:
    focus = app.focusWidget()
    return type(focus).__name__ if focus else "nothing"


def play_euchre(app: Any, page: Any, press: Callable[[str], None], keys: int) -> tuple[int, list[str]]:
    """Presses the hint's keys until ``keys`` are pressed or the match is over: (keys pressed, keys idle)."""
    from PySide6.QtTest import QTest

    session = page.session

    def key_for(move: str) -> str:
        """The key the table shows for ``move``: its button's, else the card's place in the hand."""
        table = page.view.table
        assert table is not None
        choice = next((c for c in table.all_choices() if c.move == move and c.enabled and c.key), None)
        if choice is None and move.endswith("alone"):
            press("A")  # arm "alone": the call's button then plays the loner
            return key_for(move)
        if choice is not None:
            return choice.key
        hand = next(p for p in table.piles if p.id == "hand:0")
        return str([face.card for face in hand.cards].index(move.split()[-1]) + 1)

    pressed, idle = 0, []
    while pressed < keys and not session.is_over:
        for _ in range(200):  # the CPU players move first
            if session.to_move == 0 or session.hold is not None or session.is_over:
                break
            QTest.qWait(50)
        table = page.view.table
        assert table is not None
        if table.hold is not None and table.hold.choices:
            key = table.hold.choices[0].key
        elif session.to_move == 0:
            hint = session.hint()
            assert hint is not None
            key = key_for(hint.move)
        else:
            continue
        before = (len(session.moves), session.hold)
        press(key)
        pressed += 1
        if (len(session.moves), session.hold) == before:
            idle.append(f"key {key} at move {before[0]} (focus on {_focus(app)})")
    return pressed, idle


def play_yukon(app: Any, page: Any, press: Callable[[str], None], keys: int) -> tuple[int, list[str]]:
    """``?`` for the hint, then the key of its target, until ``keys`` are pressed or the deal is won (or no hint
    is left): (keys pressed, keys idle)."""
    from PySide6.QtTest import QTest

    from gui.i18n import text

    session, view = page.session, page.view
    pressed, idle = 0, []
    while pressed < keys and not session.state.won:
        for _ in range(100):  # the table's own moves (the finish, safe cards home) come first
            if not view.auto_timer.isActive():
                break
            QTest.qWait(50)
        if session.state.won:
            break
        moves = len(session.moves)
        press("?")
        pressed += 1
        if view.hint is None or not view.hint.move:  # none, or advice without a move: the hints end here
            advice = page.status.text() if view.hint is None else text(view.hint.reason)
            print(f"no move hinted at move {moves}: {advice}")
            break
        if view.ui.pick is None:
            idle.append(f"key ? at move {moves} hinted {view.hint.move} but picked nothing up (focus on {_focus(app)})")
            continue
        target = view.hint.move.split(">")[1]
        press(target)
        pressed += 1
        if len(session.moves) == moves:
            idle.append(f"key {target} for {view.hint.move} at move {moves} (focus on {_focus(app)})")
    return pressed, idle


if __name__ == "__main__":
    sys.exit(main())
