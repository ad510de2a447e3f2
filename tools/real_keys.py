"""Plays a game of the Euchre family by real key presses, as a keyboard player would, and fails a key that does
nothing. Run it under Xvfb with a window manager, which the test suite's windows never have:

    xvfb-run -a -s "-screen 0 1280x900x24" sh -c 'openbox & python tools/real_keys.py euchre --keys 150'

Each key goes through the X server (``xdotool key``), so the window manager's activation and focus decide where it
lands, as on a desktop. The key is the one the table shows for the hint's move (a button's key, or a card's place
in the hand, 1–6; ``A`` first to arm a loner), or the key of a held trick's or summary's button. After each key the
game must have moved on; a key that changed nothing is reported with where the focus was. Ends with a summary;
exits 1 when a key did nothing. Needs ``xdotool`` (Debian: ``apt-get install xdotool openbox``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

X_NAMES = {"Space": "space", "Escape": "Escape", "Enter": "Return"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="euchre",
                        help="euchre, bid-euchre, two-handed-euchre or three-handed-euchre (default euchre)")
    parser.add_argument("--keys", type=int, default=150, help="keys to press at most (default 150)")
    parser.add_argument("--animations", action="store_true", help="cards glide and are dealt as in play")
    args = parser.parse_args()
    if args.game not in ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre"):
        parser.error(f"'{args.game}' is not a game of the Euchre family; use euchre, bid-euchre, "
                     "two-handed-euchre or three-handed-euchre")
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
    page = window.new_game(args.game)
    assert page is not None
    session = page.session
    QTest.qWait(1500)

    def press(key: str) -> None:
        subprocess.run(["xdotool", "key", X_NAMES.get(key, key.lower())], check=True)
        QTest.qWait(300)

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
    while pressed < args.keys and not session.is_over:
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
            focus = app.focusWidget()
            idle.append(f"key {key} at move {before[0]} (focus on {type(focus).__name__ if focus else 'nothing'})")
    print(f"{args.game}: {pressed} keys pressed, {len(session.moves)} moves made, "
          f"{'match over' if session.is_over else 'match going on'}; keys that did nothing: {len(idle)}")
    for line in idle:
        print(f"  {line}")
    window.close()
    return 1 if idle else 0


if __name__ == "__main__":
    sys.exit(main())
