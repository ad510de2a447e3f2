"""Takes the screenshots in docs/screenshots/ from a real window: run under Xvfb, e.g.

    xvfb-run -a -s "-screen 0 1280x900x24" python tools/screenshots.py

Each picture comes from driving the program the way a player would (clicks go through the same code).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def main() -> int:
    os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-shots-"))
    os.environ["CARDTABLE_ANIMATIONS"] = "0"
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from core.cards import Card
    from core.manager import load_host
    from core.session import GameSession
    from gui.i18n import set_language
    from gui.settings_dialog import SettingsDialog
    from gui.window import MainWindow

    OUT.mkdir(parents=True, exist_ok=True)
    host = load_host()
    window = MainWindow(host)
    window.resize(1100, 760)
    window.show()

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    def shot(name: str, widget: object = window) -> None:
        settle()
        widget.grab().save(str(OUT / f"{name}.png"))  # type: ignore[attr-defined]
        print(f"wrote {OUT / name}.png")

    shot("launcher-en")
    set_language("ja")
    shot("launcher-ja")
    set_language("en")

    euchre = host.game("euchre")
    dialog = SettingsDialog(euchre, euchre.settings.with_preset(euchre.settings.defaults(), "holding_stick"),
                            "classic", window)
    dialog.show()
    shot("settings-euchre", dialog)
    dialog.close()

    yukon = host.game("yukon")
    session = GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 12}, saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    shot("yukon-deal12-start")
    page.view._card_clicked(page.view.items[Card.parse("TD")])
    shot("yukon-deal12-selected")
    page.toggle_pause()
    shot("yukon-paused")
    page.toggle_pause()

    from plugins.yukon.solver import solve

    page = window.open_session(GameSession.new(yukon, yukon.settings.defaults(), deal={"number": 12},
                                               saves=window.saves))
    assert page is not None
    for move in solve(page.session.state).moves:  # deal 12 won by replaying the solver's line
        page.session.play(move)
    page.view.refresh()
    shot("yukon-deal12-won")

    if "euchre" in [g.id for g in host.games()]:
        session = GameSession.new(euchre, euchre.settings.defaults(), seed=7, saves=window.saves)
        page = window.open_session(session)
        if page is not None:
            for _ in range(40):
                settle()
                if page.view.ready_for_cpu() and page.session.cpu_step() is not None:
                    page.view.refresh()
                if not page.session.is_cpu_turn:
                    break
            shot("euchre-table")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
