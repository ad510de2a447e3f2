"""Takes the screenshots in docs/screenshots/ from a real window: run under Xvfb, e.g.

    xvfb-run -a -s "-screen 0 1280x900x24" python tools/screenshots.py

Each picture comes from driving the program the way a player would: clicks, drags and keys go through the
same code a player's do; CPU players decide as in play (here without the pause between their moves).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import guarded, output_folder

SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=SHOTS, help=f"folder for the pictures (default {SHOTS})")
    parser.add_argument("--dark", action="store_true",
                        help="under a dark desktop's palette, to look at; needs --out (the pictures in the docs are "
                             "of the light one)")
    args = parser.parse_args()
    if args.dark and args.out == SHOTS:
        parser.error("--dark needs --out: the pictures in the docs are of the light palette")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        parser.error("needs a display: run it under xvfb-run, as in the example in --help")
    out: Path = args.out
    output_folder(out, "the screenshots")
    if "CARDTABLE_HOME" not in os.environ:  # a fresh folder, its name the same every run: the About page shows it
        home = Path(tempfile.gettempdir()) / "cardtable-screenshots"
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir()
        os.environ["CARDTABLE_HOME"] = str(home)
    os.environ["CARDTABLE_ANIMATIONS"] = "0"
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QCursor
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from gui.qt_paths import qt_arguments

    app = QApplication(qt_arguments())
    if args.dark:
        from gui.theme import dark_palette

        app.setPalette(dark_palette())
    from core.cards import full_deck
    from core.manager import load_host
    from core.session import GameSession
    from gui.i18n import set_language
    from gui.review_window import ReviewWindow
    from gui.settings_dialog import SettingsDialog
    from gui.theme import set_felt
    from gui.window import MainWindow

    host = load_host()
    window = MainWindow(host)
    window.resize(1100, 760)
    window.show()

    def settle() -> None:
        for _ in range(8):
            app.processEvents()

    def shot(name: str, widget: Any = window) -> None:
        settle()
        widget.grab().save(str(out / f"{name}.png"))
        print(f"wrote {out / name}.png")

    def point(page: Any, text: str) -> QPoint:
        rect = page.view.scene.cards[text].sceneBoundingRect()
        return page.table.mapFromScene(rect.center().x(), rect.top() + rect.height() * 0.08 + 4)

    shot("launcher-en")
    set_language("ja")
    shot("launcher-ja")
    set_language("en")

    euchre = host.game("euchre")
    dialog = SettingsDialog(euchre, euchre.settings.with_preset(euchre.settings.defaults(), "holding_stick"),
                            "classic", window)
    QCursor.setPos(1279, 899)  # the pointer off the dialog: the help line shows the focused option's (the rules')
    dialog.show()
    shot("settings-euchre", dialog)
    dialog.close()

    # Yukon: deal 12, a picked group, a refused move, a drag in progress, a peek, pause, a hint, a won deal,
    # a 20-card column
    yukon = host.game("yukon")
    page = window.open_session(GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 12},
                                               saves=window.saves))
    assert page is not None
    shot("yukon-deal12-start")
    viewport = page.table.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point(page, "TD"))
    shot("yukon-deal12-selected")
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point(page, "9H"))  # refused: said by the click
    shot("yukon-refusal")
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point(page, "TD"))
    start = point(page, "TD")
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(viewport, start + QPoint(40, 20))
    QTest.mouseMove(viewport, point(page, "JC") + QPoint(-30, 20))  # over J♣, which is outlined: it may go there
    shot("yukon-drag")
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=point(page, "JC"))
    QTest.mousePress(viewport, Qt.MouseButton.RightButton, pos=point(page, "9D"))  # column 6's 9♦, shown whole
    shot("yukon-peek")
    QTest.mouseRelease(viewport, Qt.MouseButton.RightButton, pos=point(page, "9D"))
    page.toggle_pause()
    shot("yukon-paused")
    page.toggle_pause()
    page.buttons["hint"].click()
    shot("yukon-hint")

    # deal 11 followed by the hint alone: it looks ahead, then finds no way on and says so
    page = window.open_session(GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 11},
                                               saves=window.saves))
    assert page is not None
    looked_ahead = False
    while True:
        page.buttons["hint"].click()
        assert page.view.hint is not None
        if not page.view.hint.move:
            break
        if "moves)" in page.view.hint.reason.en and not looked_ahead:
            shot("yukon-hint-ahead")
            looked_ahead = True
        page.session.play(page.view.hint.move)
    shot("yukon-hint-lost")

    from plugins.yukon.solver import solve

    page = window.open_session(GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 1},
                                               saves=window.saves))
    assert page is not None
    page.buttons["demo"].click()  # the demo under way: the hint has played twenty moves of deal 1
    while len(page.session.moves) < 20:
        app.processEvents()
    page.view.demo_timer.stop()
    while page.view._analysing is not None:  # the status line's verdict on this position, as every run shows it
        app.processEvents()
    shot("yukon-demo")

    page = window.open_session(GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 12},
                                               saves=window.saves))
    assert page is not None
    for move in solve(page.session.state).moves:  # deal 12 won by replaying the solver's line
        page.session.seconds += 3.5  # a person's pace: the statistics count this deal's time
        page.session.play(move)
    shot("yukon-deal12-won")

    deck = [c.text for c in full_deck()]
    order = [f"{r}{s}" for r, s in zip("KQJT98765432A" * 2, "SHSHSHSHSHSHSHCDCDCDCDCDCDCD", strict=False)]
    long = [c for c in order if c in deck][:20]
    rest = [c for c in deck if c not in long]
    columns = [long] + [rest[i::6] for i in range(6)]
    page = window.open_session(GameSession.new(yukon, yukon.settings.defaults(),
                                               deal={"columns": columns, "hidden": [0, 1, 2, 3, 3, 2, 1]},
                                               saves=window.saves))
    window.resize(1000, 640)
    shot("yukon-long-column")
    window.resize(1100, 760)
    set_felt("blue")  # the table colour chosen in the settings
    page = window.open_session(GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 12},
                                               saves=window.saves))
    shot("yukon-blue-table")
    set_felt("green")

    # Euchre: the bidding, then the last hand of a match: its last trick, its summary, the result
    deal = {"dealer": "E", "hands": {"S": ["JH", "JD", "AH", "KH", "QH"], "W": ["9S", "TS", "JS", "QS", "KS"],
                                     "N": ["AS", "9D", "TD", "QD", "KD"], "E": ["AD", "9C", "TC", "JC", "QC"]},
            "upcard": "9H", "buried": ["KC", "AC", "TH"], "scores": [8, 6], "seed": 3}
    page = window.open_session(GameSession.new(euchre, euchre.settings.defaults(), seed=36, saves=window.saves))
    assert page is not None
    while page.session.to_move != 0:
        page.session.cpu_step()
    QTest.keyClick(page.table, Qt.Key.Key_X)  # South passes in round 1; round 2 comes back to South
    while page.session.to_move != 0:
        page.session.cpu_step()
    shot("euchre-bidding")
    page.buttons["hint"].click()
    shot("euchre-hint")
    set_language("ja")
    help_window = window.open_help("euchre")
    shot("help-ja", help_window)
    help_window.close()
    set_language("en")
    help_window = window.open_help("euchre")
    QTest.keyClick(help_window.choice, Qt.Key.Key_End)  # the list's last entry: About Card Table
    shot("about-en", help_window)
    help_window.close()
    while page.session.observation(0).previous is None or page.session.hold is not None:
        if page.session.hold is not None:
            page.session.acknowledge()
        elif page.session.to_move == 0:
            page.session.play(page.session.hint().move)
        else:
            page.session.cpu_step()
    while page.session.to_move != 0 or page.session.observation(0).phase.value != "play":
        if page.session.hold is not None:
            page.session.acknowledge()
        elif page.session.to_move == 0:
            page.session.play(page.session.hint().move)
        else:
            page.session.cpu_step()
    page.view.refresh(animate=False)
    playable = next(c.text for c in page.session.observation(0).hand if page.view.scene.cards[c.text].playable)
    start = point(page, playable) + QPoint(-30, 40)  # the card's uncovered left edge
    spot = next(p for p in page.view.table.piles if p.id == "play")
    over = page.table.mapFromScene(page.view.scene.point(spot.x + 0.6, spot.y + 0.5))
    viewport = page.table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(viewport, start + QPoint(10, -30))
    QTest.mouseMove(viewport, over)
    shot("euchre-drag")  # a card dragged to the middle: your place in the trick outlined
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start)  # taken back to the hand: not played
    QTest.keyClick(page.table, Qt.Key.Key_H)
    shot("euchre-hint-play")
    review = page.review_last_hand()
    assert review is not None
    review.show_step(3)
    shot("euchre-last-hand", review)
    review.close()
    page = window.open_session(GameSession.new(euchre, euchre.settings.defaults(), deal=deal, saves=window.saves))
    assert page is not None
    QTest.keyClick(page.table, Qt.Key.Key_H)  # South orders up hearts
    names = {"trick:0:5": "euchre-last-trick", "hand:0": "euchre-hand-summary", "match": "euchre-match-result"}
    while page.session.hold != "match":
        hold = page.session.hold
        if hold is not None:
            if hold in names:
                shot(names[hold])
            QTest.keyClick(page.table, Qt.Key.Key_Space)
        elif page.session.to_move == 0:
            QTest.keyClick(page.table, Qt.Key.Key_1)
            if page.session.to_move == 0:
                page.view.play(page.session.legal_moves()[0].text)
        else:
            page.session.cpu_step()
    shot(names["match"])

    # Euchre with the joker: turned up, South (the dealer) names trump with the hand face down, then holds it
    joker = {**euchre.settings.defaults(), "joker": True}
    deal = {"dealer": "S", "hands": {"S": ["9S", "TD", "AH", "KD", "QC"], "W": ["JH", "JD", "AS", "9C", "TC"],
                                     "N": ["QH", "KH", "9D", "QD", "AD"], "E": ["TS", "JS", "QS", "KS", "AC"]},
            "upcard": "JK", "buried": ["9H", "TH", "JC", "KC"], "seed": 5}
    page = window.open_session(GameSession.new(euchre, joker, deal=deal, saves=window.saves))
    assert page is not None
    shot("euchre-joker-turned-up")
    QTest.keyClick(page.table, Qt.Key.Key_D)  # South names diamonds unseen, takes the joker
    shot("euchre-joker-in-hand")

    # Bid Euchre: the auction in progress and its hint, a no-trump-low hand, a set
    bid = host.game("bid-euchre")
    hands = {"S": ["9H", "TH", "9D", "TD", "9C", "JS"], "W": ["AH", "KH", "QS", "KS", "AS", "QH"],
             "N": ["9S", "TS", "JC", "QC", "TC", "JH"], "E": ["AD", "KD", "QD", "JD", "KC", "AC"]}
    page = window.open_session(GameSession.new(bid, bid.settings.defaults(), saves=window.saves,
                                               deal={"dealer": "S", "hands": hands, "seed": 4}))
    assert page is not None
    while page.session.to_move != 0:
        page.session.cpu_step()
    shot("bid-euchre-auction")
    QTest.keyClick(page.table, Qt.Key.Key_H)
    shot("bid-euchre-hint")
    for key in (Qt.Key.Key_6, Qt.Key.Key_L):  # South takes it at 6 and declares no-trump low
        QTest.keyClick(page.table, key)
        settle()
    for _ in range(60):
        if len(page.session.state.hand.tricks) >= 2 and page.session.hold is None and page.session.to_move == 0:
            break
        if page.session.hold is not None:
            QTest.keyClick(page.table, Qt.Key.Key_Space)
        elif page.session.to_move == 0:
            page.view.play(page.session.legal_moves()[0].text)
        else:
            page.session.cpu_step()
    shot("bid-euchre-notrump-low")
    page = window.open_session(GameSession.new(bid, bid.settings.defaults(), saves=window.saves,
                                               deal={"dealer": "S", "hands": hands, "seed": 4}))
    assert page is not None
    while page.session.hold != "hand:0":
        if page.session.hold is not None:
            QTest.keyClick(page.table, Qt.Key.Key_Space)
        elif page.session.to_move == 0:
            move = page.session.legal_moves()[0].text
            page.view.play("bid 6" if "bid 6" in [m.text for m in page.session.legal_moves()] else
                           "trump S" if page.session.state.hand.phase.value == "declare" else move)
        else:
            page.session.cpu_step()
    shot("bid-euchre-set")
    QTest.keyClick(page.table, Qt.Key.Key_Space)  # on to the next hand; R replays the one just played
    settle()
    QTest.keyClick(page.table, Qt.Key.Key_R)
    review = page.findChild(ReviewWindow)
    assert review is not None
    review.show_step(2)
    shot("bid-euchre-last-hand", review)
    review.close()

    # Two-handed Euchre: South, first to bid, may order up (and its hint); then the first trick of the hand
    two = host.game("two-handed-euchre")
    start = {"dealer": "N", "hands": {"S": ["JH", "JD", "AH", "AS", "TS"], "N": ["9C", "TH", "QS", "KD", "AC"]},
             "upcard": "KH", "seed": 6}
    page = window.open_session(GameSession.new(two, two.settings.defaults(), saves=window.saves, deal=start))
    assert page is not None
    shot("two-handed-bidding")
    page.buttons["hint"].click()
    shot("two-handed-hint")
    QTest.keyClick(page.table, Qt.Key.Key_H)  # South orders up hearts
    settle()
    for _ in range(40):
        if page.session.hold is not None:
            break
        if page.session.to_move == 0:
            QTest.keyClick(page.table, Qt.Key.Key_1)
            settle()
        else:
            page.session.cpu_step()
            settle()
    shot("two-handed-trick")

    # Three-handed Euchre: West ordered up and East (the dealer) took the card; South defends the first trick
    # (and its hint)
    three = host.game("three-handed-euchre")
    start = {"dealer": "E", "hands": {"S": ["AC", "9S", "TS", "JS", "QS"], "W": ["JH", "JD", "AH", "KD", "9D"],
                                      "E": ["TH", "AS", "QD", "QC", "9C"]}, "upcard": "KH", "seed": 9}
    page = window.open_session(GameSession.new(three, three.settings.defaults(), saves=window.saves, deal=start))
    assert page is not None
    shot("three-handed-bidding")
    QTest.keyClick(page.table, Qt.Key.Key_X)  # South passes
    settle()
    for _ in range(40):
        if page.session.hold is not None or (page.session.to_move == 0 and page.session.state.hand.current):
            break
        if page.session.to_move == 0:
            QTest.keyClick(page.table, Qt.Key.Key_1)
        else:
            page.session.cpu_step()
        settle()
    shot("three-handed-play")
    while page.session.hold is not None or page.session.to_move != 0:
        if page.session.hold is not None:
            QTest.keyClick(page.table, Qt.Key.Key_Space)
        else:
            page.session.cpu_step()
        settle()
    page.view.refresh(animate=False)
    QTest.keyClick(page.table, Qt.Key.Key_H)
    shot("three-handed-hint")

    # Statistics: a few matches and deals played headless into the same store, then the window for each game
    from core.stats import Recorder

    for n, level in enumerate(("easy", "normal", "hard", "normal", "easy", "hard")):
        session = GameSession.new(euchre, {**euchre.settings.defaults(), "opponents": level}, seed=100 + n,
                                  players=["normal", level, "normal", level])
        session.add_listener(Recorder(session, window.stats, "euchre"))
        session.run_cpus()
    for number in range(1, 16):
        variant = "russian" if number % 5 == 0 else "standard"
        session = GameSession.new(yukon, {**yukon.settings.defaults(), "variant": variant},
                                  deal={"number": number})
        recorder = Recorder(session, window.stats, "yukon")
        session.add_listener(recorder)
        result = solve(session.state)
        session.hints = number % 4 == 0
        for n in range(len(result.moves) if result.verdict == "won" else 3):  # a lost deal: a few moves, given up
            session.seconds += 3.5  # a person's pace, so the time chart has something to show
            session.play(result.moves[n] if result.verdict == "won" else session.legal_moves()[0])
        recorder.retire()
    for game_id in ("euchre", "yukon"):
        stats = window.open_stats(game_id)
        stats.resize(1000, 720)
        shot(f"stats-{game_id}", stats)
        stats.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "screenshots.py"))
