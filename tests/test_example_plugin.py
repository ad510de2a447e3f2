"""The example third-party plugin: found like an installed distribution, listed, and conformant."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from core.conformance import GameConformance
from core.game import GameSpec
from core.manager import PluginHost
from core.plugin import GameRegistry, hookimpl
from tests.distributions import entry_points_in, make_dist, run_cardtable

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cardtable-hilo"
if str(EXAMPLE) not in sys.path:
    sys.path.append(str(EXAMPLE))


def hilo_game() -> GameSpec:
    from cardtable_hilo.plugin import GAME

    return GAME


def kit_for(presenter: str | None = None, seeds: tuple[int, ...] = (1,), **change: Any) -> GameConformance:
    """The conformance kit on the example changed: its presenter the class of that name in this module, or
    ``change``'s fields of its GameSpec."""
    if presenter is not None:
        change["presenter"] = f"tests.test_example_plugin:{presenter}"
    game = dataclasses.replace(hilo_game(), **change)
    return type("Changed", (GameConformance,), {"game": game, "seeds": seeds})()  # type: ignore[no-any-return]


class TestHiLoConformance(GameConformance):
    game = hilo_game()
    seeds = tuple(range(20))


def test_example_is_discovered_through_its_entry_point(tmp_path: Path) -> None:
    site = make_dist(tmp_path / "site", "cardtable-hilo", "0.1.0", {"hilo": "cardtable_hilo.plugin"})
    host = PluginHost()
    host.discover(entry_points_in(site))
    assert [g.id for g in host.games()] == ["hilo"]
    result = run_cardtable("plugins", pythonpath=[site, EXAMPLE])
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("hilo"))
    assert "cardtable-hilo 0.1.0" in line and "games: hilo" in line


def test_the_example_plays_in_the_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    import cardtable_hilo.plugin as hilo_plugin
    from PySide6.QtCore import Qt

    from core.session import GameSession
    from tests.gui_helpers import make_window, press

    window = make_window(qtbot, {"hilo": hilo_plugin})
    assert "hilo" in window.launcher.tiles
    game = window.host.game("hilo")
    page = window.open_session(GameSession.new(game, {}, seed=1, saves=window.saves))
    assert page is not None
    deck = page.session.state.deck

    def right(i: int) -> str:
        return "higher" if deck[i + 1].rank >= deck[i].rank else "lower"

    qtbot.keyClick(page.table, Qt.Key.Key_H if right(0) == "higher" else Qt.Key.Key_L)
    assert page.session.moves == [right(0)] and not page.session.is_over
    press(qtbot, page, right(1))
    assert page.session.moves == [right(0), right(1)]
    assert "2 right of 10" in page.view.scene.texts["score"].lines[0]
    assert page.view.scene.cards[deck[2].text].isVisible()
    qtbot.keyClick(page.table, "?")  # the shell's hint key: H is the plugin's own, for Higher
    assert page.session.hints == 1 and page.session.moves == [right(0), right(1)]


class WithoutRules:
    """The example's game without its rules page."""

    @staticmethod
    @hookimpl
    def cardtable_register_games(games: GameRegistry) -> None:
        games.add(dataclasses.replace(hilo_game(), help=None))


def test_f1_in_a_game_without_rules_names_that_game_not_another(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A game without a rules page: F1 in its table opened the help window at Euchre's rules."""
    from PySide6.QtCore import Qt

    import plugins.euchre.plugin as euchre_plugin
    from core.session import GameSession
    from gui.help_window import HelpWindow
    from tests.gui_helpers import make_window

    window = make_window(qtbot, {"euchre": euchre_plugin, "hilo": WithoutRules})
    game = window.host.game("hilo")
    page = window.open_session(GameSession.new(game, {}, seed=1, saves=window.saves))
    assert page is not None
    qtbot.keyClick(page.table, Qt.Key.Key_F1)
    help_window = window.findChild(HelpWindow)
    assert help_window is not None and help_window.choice.currentData() == "hilo"
    shown = help_window.browser.toPlainText()
    assert shown.startswith("Higher or Lower") and "Guess ten cards in a row." in shown
    assert "Its plugin gives no page of rules." in shown
    assert "bower" not in shown and "rules chosen" not in shown, "no other game's rules, no heading over nothing"


def test_the_demo_line_ends_with_the_game_s_own_status_or_with_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A table without a status line of its own (the example's, between guesses) showed "Demo — any key or click
    stops it ·", a separator before nothing."""
    import cardtable_hilo.plugin as hilo_plugin

    from core.session import GameSession
    from tests.gui_helpers import make_window

    window = make_window(qtbot, {"hilo": hilo_plugin})
    game = window.host.game("hilo")
    page = window.open_session(GameSession.new(game, {}, seed=1, saves=window.saves))
    assert page is not None and page.view.status_text() == ""
    page.buttons["demo"].click()
    assert page.status.text() == "Demo — any key or click stops it"


def test_the_kit_names_a_view_or_presenter_that_does_not_exist() -> None:
    """A misspelled factory passed every check of the kit and showed first as an error on New game."""
    import dataclasses

    misspelled = ((dict(view="cardtable_hilo.view:create_viw"), "cardtable_hilo.view has no function or class "
                   "'create_viw'"), (dict(presenter="cardtable_hilo.table:HiLoPresentr"), "'HiLoPresentr'"))
    for change, wanted in misspelled:
        kit = type("Misspelled", (GameConformance,), {"game": dataclasses.replace(hilo_game(), **change)})()
        with pytest.raises(AssertionError, match=wanted):
            kit.test_the_view_and_presenter_name_factories_that_exist()
    TestHiLoConformance().test_the_view_and_presenter_name_factories_that_exist()


class ShowsTheCurrentCardTwice:
    """The example's table with its current card repeated in a pile of its own (a second deck's card would say
    ``copy=1``)."""

    def __init__(self) -> None:
        from cardtable_hilo.table import HiLoPresenter

        self.inner = HiLoPresenter()

    def initial_ui(self) -> object:
        return self.inner.initial_ui()

    def table(self, s: object, ui: object) -> object:
        import dataclasses

        from core.table import Pile

        shown = self.inner.table(s, ui)
        again = Pile("again", 0.3, 3.0, shown.pile("current").cards)
        return dataclasses.replace(shown, piles=(*shown.piles, again))

    def respond(self, s: object, ui: object, event: object) -> object:
        return self.inner.respond(s, ui, event)


def test_the_kit_names_a_card_a_table_shows_twice() -> None:
    import dataclasses

    game = dataclasses.replace(hilo_game(), presenter="tests.test_example_plugin:ShowsTheCurrentCardTwice")
    kit = type("Twice", (GameConformance,), {"game": game, "seeds": (1,)})()
    with pytest.raises(AssertionError, match=r"the table shows \['[2-9TJQKA][SHDC]'\] twice"):
        kit.test_tables_show_no_hidden_card_and_offer_only_legal_moves()


def test_the_examples_wheel_holds_its_rules_and_icon(tmp_path: Path) -> None:
    """What `pip install ./examples/cardtable-hilo` installs reads as the source tree does: its rules page and icon
    are package data (left undeclared, setuptools leaves them out while the tests, reading the source, pass)."""
    import shutil
    import subprocess
    import zipfile

    source = tmp_path / "source"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                    str(tmp_path / "wheel"), str(source)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "wheel").glob("cardtable_hilo-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"cardtable_hilo/{name}" for name in ("help/rules.en.md", "help/rules.ja.md", "icons/hilo.svg")} <= names
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, capture_output=True)
    listed = run_cardtable("plugins", pythonpath=[site])
    line = next(line for line in listed.stdout.splitlines() if line.startswith("hilo"))
    assert line.endswith("cardtable-hilo 0.1.0  games: hilo"), line  # no PROBLEM: the rules and the icon are there


class JapaneseRulesLeftOut:
    """The example's game whose Japanese rules file did not ship."""

    @staticmethod
    @hookimpl
    def cardtable_register_games(games: GameRegistry) -> None:
        from core.plugin import RulesText

        games.add(dataclasses.replace(hilo_game(), help=RulesText(
            "cardtable_hilo", {"en": "help/rules.en.md", "ja": "help/not-shipped.ja.md"})))


def test_rules_missing_in_japanese_are_shown_in_english_with_why(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The Japanese window said only that the rules cannot be shown, though the English ones were there."""
    from gui.i18n import set_language
    from tests.gui_helpers import make_window

    window = make_window(qtbot, {"hilo": JapaneseRulesLeftOut})
    set_language("ja")
    try:
        shown = window.open_help("hilo").browser.toPlainText()
    finally:
        set_language("en")
    assert shown.startswith("日本語のルールを表示できません（ルールの説明 cardtable_hilo/help/not-shipped.ja.md を"
                            "読み込めません（ファイルまたはフォルダがありません））。英語で表示します。"), shown[:200]
    assert "Ten right guesses in a row win the game" in shown


class EnglishRulesOnly:
    """The example's game with its rules in English only."""

    @staticmethod
    @hookimpl
    def cardtable_register_games(games: GameRegistry) -> None:
        from core.plugin import RulesText

        games.add(dataclasses.replace(hilo_game(), help=RulesText("cardtable_hilo", {"en": "help/rules.en.md"})))


def test_rules_given_in_english_only_say_so_in_the_japanese_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Hearts, written as a third party would, with English rules only: the Japanese window showed them in English
    without a word, as if the language had not been changed."""
    from gui.i18n import set_language
    from tests.gui_helpers import make_window

    window = make_window(qtbot, {"hilo": EnglishRulesOnly})
    assert window.open_help("hilo").browser.toPlainText().startswith("Higher or Lower")  # in English: nothing to say
    set_language("ja")
    try:
        shown = window.open_help("hilo").browser.toPlainText()
    finally:
        set_language("en")
    assert shown.startswith("このゲームのルールは英語だけです（プラグインに日本語のページがありません）。"), shown[:100]
    assert "Ten right guesses in a row win the game" in shown


def test_settings_of_a_game_without_rules_to_change_say_nothing_ends_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The example has no options: its settings said "changing its rules ends it (Continue will no longer be
    offered)" over a saved game, and "Changed settings start a new game" in play, of rules it does not have."""
    import cardtable_hilo.plugin as hilo_plugin

    from gui.settings_dialog import SettingsDialog
    from tests.gui_helpers import make_window

    window = make_window(qtbot, {"hilo": hilo_plugin})
    game = window.host.game("hilo")
    for saved in (True, False):
        dialog = SettingsDialog(game, {}, "classic", window, ends_saved_game=saved)
        qtbot.addWidget(dialog)
        assert dialog.note.text() == "Card design, table colour and sound change nothing in the game."


def test_the_examples_rules_name_the_keys_its_toolbar_shows(qtbot) -> None:  # type: ignore[no-untyped-def]
    import cardtable_hilo.plugin as hilo_plugin

    from tests.gui_helpers import assert_help_names_the_toolbars_keys, make_window

    assert_help_names_the_toolbars_keys(make_window(qtbot, {"hilo": hilo_plugin}), "hilo")


def test_a_tool_misspelled_in_a_view_is_named(qtbot) -> None:  # type: ignore[no-untyped-def]
    """tools=("hnt", …) hid the Hint button without a word."""
    from cardtable_hilo.table import HiLoPresenter

    from core.session import GameSession
    from gui.deck import CardArt
    from gui.table_view import TableView

    session = GameSession.new(hilo_game(), {}, seed=1)
    offered = "the toolbar offers hint, new, pause, redo, restart, undo"
    with pytest.raises(ValueError, match=f"unknown tools 'hnt': {offered}"):
        TableView(session, CardArt(), HiLoPresenter(), tools=("hnt", "pause"))
    with pytest.raises(ValueError, match="unknown tools 'hint'"):
        TableView(session, CardArt(), HiLoPresenter(), tools="hint")  # a string, not a collection of names
    assert TableView(session, CardArt(), HiLoPresenter(), tools=("hint", "pause")).tools == {"hint", "pause"}


def test_a_game_seating_two_persons_is_named_by_the_kit_and_by_the_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Hearts, written as a third party would, with seat_players giving None for North too: the window showed
    South's table and, at North's turn, waited for ever (no CPU player, no table offering North's moves)."""
    import dataclasses

    import plugins.euchre.plugin as euchre_plugin
    from core.session import GameSession
    from tests.gui_helpers import make_window

    two = dataclasses.replace(euchre_plugin.GAME, seat_players=lambda settings: (None, "hard", None, "hard"))
    kit = type("TwoPersons", (GameConformance,), {"game": two})()
    with pytest.raises(AssertionError, match=r"seats persons at \[0, 2\]: the window plays one person's seat"):
        kit.test_seat_players_seat_one_person_at_most_and_name_cpu_players_that_exist()
    misnamed = dataclasses.replace(euchre_plugin.GAME, seat_players=lambda settings: (None, "hrad", "hard", "hard"))
    kit = type("Misnamed", (GameConformance,), {"game": misnamed})()
    with pytest.raises(AssertionError, match=r"names \['hrad'\], which are not among the strategies"):
        kit.test_seat_players_seat_one_person_at_most_and_name_cpu_players_that_exist()
    TestHiLoConformance().test_seat_players_seat_one_person_at_most_and_name_cpu_players_that_exist()

    window = make_window(qtbot, {"euchre": euchre_plugin})
    said: list[str] = []
    window.report_error = lambda error, session=None: said.append(str(error))  # type: ignore[method-assign]
    assert window.open_session(GameSession.new(two, two.settings.defaults(), seed=1, saves=window.saves)) is None
    assert said == ["euchre seats persons at seats 0, 2 (its seat_players gave None for each): the window plays one "
                    "person's seat, so give every other seat a CPU player"]


def test_a_view_that_gives_its_own_widget_is_named(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A view returning a widget of its own (not the shared table) stopped the game with "'QLabel' object has no
    attribute 'presenter'", from deep inside the page."""
    from core.manager import PluginHost
    from core.session import GameSession
    from gui.window import MainWindow

    (tmp_path / "own_widget_view.py").write_text(
        "from PySide6.QtWidgets import QLabel\n\ndef create_view(session, art):\n    return QLabel('mine')\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    class OwnWidget:
        @staticmethod
        @hookimpl
        def cardtable_register_games(games: GameRegistry) -> None:
            games.add(dataclasses.replace(hilo_game(), view="own_widget_view:create_view"))

    host = PluginHost()
    host.add_plugin("hilo", OwnWidget)
    window = MainWindow(host)
    qtbot.addWidget(window)
    said: list[str] = []
    monkeypatch.setattr(window, "report_error", lambda error, session=None: said.append(str(error)))
    assert window.open_session(GameSession.new(host.game("hilo"), {}, seed=1, saves=window.saves)) is None
    assert said == ["the view own_widget_view:create_view gave a QLabel, not a gui.table_view.TableView: a view binds "
                    "the game's presenter to the shared table, TableView(session, art, presenter)"]


class TheExample:
    """The example's presenter, for a test to change one part of (its ``table``, its ``respond``, an extra)."""

    def __init__(self) -> None:
        from cardtable_hilo.table import HiLoPresenter

        self.inner = HiLoPresenter()
        self.initial_ui = self.inner.initial_ui

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        return self.inner.table(s, ui)

    def respond(self, s, ui, event):  # type: ignore[no-untyped-def]
        return self.inner.respond(s, ui, event)


class FallsOffItsEnd(TheExample):
    """The example's presenter with a respond that answers clicks only (anything else falls off its end: None)."""

    def respond(self, s, ui, event):  # type: ignore[no-untyped-def]
        from core.plugin import IGNORED, Click

        if isinstance(event, Click):
            return IGNORED


def test_a_respond_that_falls_off_its_end_is_named_by_the_kit_and_the_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Hearts, written as a third party would, with a respond missing its last `return IGNORED`: the first key the
    presenter did not expect stopped the game with "'NoneType' object has no attribute 'used'"."""
    from core.plugin import Background
    from core.session import GameSession
    from gui.deck import CardArt
    from gui.table_view import TableView

    game = dataclasses.replace(hilo_game(), presenter="tests.test_example_plugin:FallsOffItsEnd")
    kit = type("FallsOff", (GameConformance,), {"game": game, "seeds": (1,)})()
    with pytest.raises(AssertionError, match="respond gave None for Background"):
        kit.test_every_input_gets_a_reply()
    TestHiLoConformance().test_every_input_gets_a_reply()
    view = TableView(GameSession.new(game, {}, seed=1), CardArt(), FallsOffItsEnd())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"FallsOffItsEnd.respond gave None for Background\(\), not a Reply: return "
                                        "IGNORED for an input that means nothing here"):
        view.handle(Background())


@dataclasses.dataclass(frozen=True)
class Picked:
    """The current card picked up (a selection, as a hand's card picked to pass in Hearts)."""


class FallsOffItsEndOncePicked(FallsOffItsEnd):
    """The example's presenter where a click picks the current card up; with it picked, respond answers Escape
    (put it down) and a second click only: the branch a selection adds, missing its last ``return IGNORED``."""

    def respond(self, s, ui, event):  # type: ignore[no-untyped-def]
        from cardtable_hilo.table import NoUi

        from core.plugin import IGNORED, Click, Key, Reply

        if not isinstance(ui, Picked):
            return Reply(ui=Picked()) if event == Click("current", 0) else IGNORED
        if event == Key("Escape"):
            return Reply(ui=NoUi())
        if isinstance(event, Click):
            return IGNORED


def test_a_respond_that_falls_off_its_end_only_with_a_card_picked_is_named_by_the_kit() -> None:
    """The kit answered each input from the presenter's starting state only: a respond that failed once the player
    had picked something passed it, and stopped the window's game at the first key pressed with a card picked."""
    game = dataclasses.replace(hilo_game(), presenter="tests.test_example_plugin:FallsOffItsEndOncePicked")
    kit = type("FallsOffPicked", (GameConformance,), {"game": game, "seeds": (1,)})()
    with pytest.raises(AssertionError, match=r"respond gave None for Background\(\) \(ui Picked\(\)\)"):
        kit.test_every_input_gets_a_reply()


class ShowsEachGuess(type(hilo_game().rules)):  # type: ignore[misc]
    """Higher or Lower holding the table after each right guess, to show it (:class:`core.game.HoldsForThePlayer`)."""

    def hold_points(self, state):  # type: ignore[no-untyped-def]
        return (f"guess:{state.turned}",) if state.turned > 1 and not state.over else ()


class SaysWellDone:
    """The example's presenter showing each held guess in a panel with a Next button, as Euchre shows a trick."""

    def __init__(self) -> None:
        from cardtable_hilo.table import HiLoPresenter

        self.inner = HiLoPresenter()
        self.initial_ui, self.respond = self.inner.initial_ui, self.inner.respond

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        from core.plugin import Button, Hold, Text

        table = self.inner.table(s, ui)
        if s.hold is None:
            return table
        panel = Hold(Text("Right!", "正解！"), choices=(Button("next", Text("Next", "次へ"), "Space",
                                                               action="continue"),), x=4.0, y=4.0)
        return dataclasses.replace(table, hold=panel)


class SaysWellDoneOnTheFelt(SaysWellDone):
    """As above with no button: a click on the felt goes on (and no key does)."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = super().table(s, ui)
        return table if table.hold is None else dataclasses.replace(table, hold=dataclasses.replace(table.hold,
                                                                                                     choices=()))

    def __init__(self) -> None:
        super().__init__()
        self.respond = self.on_the_felt

    def on_the_felt(self, s, ui, event):  # type: ignore[no-untyped-def]
        from core.plugin import Background, Reply

        return Reply(action="continue") if s.hold and event == Background() else self.inner.respond(s, ui, event)


def test_the_kit_names_a_moment_held_with_no_way_on() -> None:
    """A game holding its table at a moment (a trick taken, a guess shown) whose presenter offered no button or input
    to go on waited for ever: the person could press nothing but New game."""
    game = dataclasses.replace(hilo_game(), rules=ShowsEachGuess())
    kit = type("NoWayOn", (GameConformance,), {"game": game})()
    with pytest.raises(AssertionError, match=r"seat 0's table held at 'guess:2' offers no way on: give it a button "
                                             "with action continue"):
        kit.test_every_moment_the_table_holds_offers_a_way_on()
    game = dataclasses.replace(game, presenter="tests.test_example_plugin:SaysWellDone")
    type("WayOn", (GameConformance,), {"game": game})().test_every_moment_the_table_holds_offers_a_way_on()
    game = dataclasses.replace(game, presenter="tests.test_example_plugin:SaysWellDoneOnTheFelt")
    with pytest.raises(AssertionError, match=r"seat 0's table held at 'guess:2' offers no way on by keyboard \(a click "
                                             r"on the felt is the mouse's only\)"):
        type("Felt", (GameConformance,), {"game": game})().test_every_moment_the_table_holds_offers_a_way_on()


class MisspellsItsSound(TheExample):
    """The example's presenter with a sound for each card turned, its name misspelled."""

    def sound(self, before, after):  # type: ignore[no-untyped-def]
        return "crad"


def test_the_kit_names_a_sound_the_shell_does_not_have() -> None:
    """The window plays nothing for a sound it does not have: a misspelled name was silence without a word."""
    game = dataclasses.replace(hilo_game(), presenter="tests.test_example_plugin:MisspellsItsSound")
    kit = type("Misspelt", (GameConformance,), {"game": game})()
    with pytest.raises(AssertionError, match=r"sound gave 'crad' after '(higher|lower)': give one of card, deal, "
                                             "trick, win or None"):
        kit.test_sounds_are_ones_the_shell_plays()


class GuessesSideways(TheExample):
    """The example's presenter guessing for the person by itself, a move the rules do not have."""

    def auto_move(self, s):  # type: ignore[no-untyped-def]
        return "sideways" if s.legal else None


def test_an_illegal_move_the_table_would_make_by_itself_is_named_and_tried_once(  # type: ignore[no-untyped-def]
        qtbot, capsys) -> None:
    """A presenter's `auto_move` naming a move the rules refuse was played twice a second for ever, its refusal shown
    on the table as if the person had made it ("'sideways' is not a guess", 11 times in 5 s)."""
    from core.session import GameSession
    from gui.deck import CardArt
    from gui.table_view import TableView

    game = dataclasses.replace(hilo_game(), presenter="tests.test_example_plugin:GuessesSideways")
    kit = type("Sideways", (GameConformance,), {"game": game})()
    with pytest.raises(AssertionError, match=r"auto_move gave 'sideways', not one of the legal moves \['higher', "
                                             r"'lower'\]"):
        kit.test_moves_the_table_makes_by_itself_are_legal()
    session = GameSession.new(game, {}, seed=15)  # (seed 15: "lower" is right, and the game goes on)
    view = TableView(session, CardArt(), GuessesSideways())  # type: ignore[arg-type]
    tried: list[str] = []
    parse = session.rules.parse_move

    def parse_move(text):  # type: ignore[no-untyped-def]
        tried.append(text)
        return parse(text)

    session.rules.parse_move = parse_move  # type: ignore[method-assign]
    try:
        view.play("lower")
        qtbot.wait(1500)  # three times the pause before a move the table makes by itself
    finally:
        del session.rules.parse_move
    assert tried == ["lower"], tried  # the illegal one was not sent to the rules, let alone again and again
    assert not view.refusal and session.to_move == 0
    assert "GuessesSideways.auto_move gave 'sideways', which is not a legal move now" in capsys.readouterr().err


class PutsTheCardOffTheTable(TheExample):
    """The example's presenter with the current card moved right by a typo, past the table's 8 card units."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = self.inner.table(s, ui)
        piles = tuple(dataclasses.replace(p, x=p.x + 4) if p.id == "current" else p for p in table.piles)
        return dataclasses.replace(table, piles=piles)


class ForgetsItsTable(TheExample):
    """The example's presenter with a table method that forgot its return."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        self.inner.table(s, ui)


def test_a_table_method_that_gives_no_table_is_named_by_the_kit_and_the_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A presenter's table without its return stopped the game with an AttributeError from inside the scene."""
    from core.session import GameSession
    from gui.deck import CardArt
    from gui.table_view import TableView

    game = dataclasses.replace(hilo_game(), presenter="tests.test_example_plugin:ForgetsItsTable")
    kit = type("NoTable", (GameConformance,), {"game": game, "seeds": (1,)})()
    with pytest.raises(AssertionError, match="table gave NoneType, not a Table"):
        kit.test_tables_show_no_hidden_card_and_offer_only_legal_moves()
    with pytest.raises(TypeError, match="ForgetsItsTable.table gave NoneType, not a Table"):
        TableView(GameSession.new(game, {}, seed=1), CardArt(), ForgetsItsTable())  # type: ignore[arg-type]


def test_a_hint_that_gives_a_bare_move_is_named() -> None:
    """A hint function returning the move's text ("higher") instead of a Hint stopped the game at the Hint button
    with "'str' object has no attribute 'move'"; the kit's check raised the same."""
    from core.session import GameSession

    game = dataclasses.replace(hilo_game(), hint=lambda observation, legal: "higher")
    session = GameSession.new(game, {}, seed=1)
    with pytest.raises(TypeError, match=r"the hint of hilo gave 'higher', not a Hint\(move, reason\) or None"):
        session.hint()
    kit = type("BareHint", (GameConformance,), {"game": game, "seeds": (1,)})()
    with pytest.raises(TypeError, match="not a Hint"):
        kit.test_hints_are_legal_moves()


class GuessesOutOfTurn:
    """A CPU player that says "same", a guess the game does not have."""

    def choose(self, observation, legal_moves, rng):  # type: ignore[no-untyped-def]
        return "same"


class GuessesByTheClock:
    """A CPU player whose choice comes from Python's own random numbers, not from the seed it is given."""

    def choose(self, observation, legal_moves, rng):  # type: ignore[no-untyped-def]
        import random

        return random.choice(list(legal_moves))


def test_the_kit_plays_the_cpu_players_and_names_an_illegal_or_unseeded_one() -> None:
    """The kit never played a game's CPU players: one choosing a move the rules refuse stopped the window's game
    at its first turn, and one drawing from Python's random numbers played a different game from the same seed."""
    for player, wanted in ((GuessesOutOfTurn, "CPU player 'normal' chose 'same', not one of its legal moves"),
                           (GuessesByTheClock, "CPU player 'normal' played differently from the same seed")):
        game = dataclasses.replace(hilo_game(), strategies={"normal": player})
        kit = type("Cpu", (GameConformance,), {"game": game, "seeds": (1,)})()
        with pytest.raises(AssertionError, match=wanted):
            for _ in range(30):  # two runs of a short game of guesses may agree by chance, thirty times not
                kit.test_cpu_players_choose_legal_moves_and_the_same_ones_from_the_same_seed()
    TestHiLoConformance().test_cpu_players_choose_legal_moves_and_the_same_ones_from_the_same_seed()


class RemembersItsOwnGuesses:
    """A CPU player keeping its guesses in itself, sure it made every guess of the game: it plays whole games well,
    and fails in one it did not play from the start (a game continued after a restart, whose CPU players are made
    afresh where it stands)."""

    def __init__(self) -> None:
        self.guesses: list[str] = []

    def choose(self, observation, legal_moves, rng):  # type: ignore[no-untyped-def]
        if len(observation.seen) > 1:
            self.guesses[len(observation.seen) - 2]  # its previous guess: an IndexError where it made none
        self.guesses.append(legal_moves[0])
        return legal_moves[0]


def test_the_kit_asks_cpu_players_in_games_they_did_not_play_from_the_start() -> None:
    """The kit played each CPU player through whole games only: one that failed when made afresh mid-game passed
    it, and stopped the game at its first move after a restart."""
    from core.session import GameSession

    game = dataclasses.replace(hilo_game(), strategies={"forgetful": RemembersItsOwnGuesses})
    kit = type("Forgetful", (GameConformance,), {"game": game, "seeds": tuple(range(6))})()
    with pytest.raises(IndexError):
        kit.test_cpu_players_choose_legal_moves_in_games_they_did_not_play_from_the_start()
    with pytest.raises(IndexError):  # (the whole game, continued after a restart half way)
        kit.test_cpu_players_choose_legal_moves_and_the_same_ones_from_the_same_seed()
    session = GameSession.new(game, {}, seed=5, players=["forgetful"])
    assert session.cpu_step() is not None and not session.is_over  # (seed 5: its first guess is right)
    restored = GameSession.restore(game, session.record())  # the game continued after a restart
    with pytest.raises(IndexError):
        restored.cpu_step()


class TakesTurnsInItsHead:
    """A CPU player alternating its guesses by a count it keeps: the same seed gives the same whole game, but a game
    continued after a restart (its players made afresh) goes another way."""

    def __init__(self) -> None:
        self.made = 0

    def choose(self, observation, legal_moves, rng):  # type: ignore[no-untyped-def]
        self.made += 1
        return legal_moves[self.made % 2]


def test_the_kit_names_a_cpu_player_that_plays_otherwise_after_a_restart() -> None:
    """The same seed must give the same game for ever, a game continued from its save included: the kit compared
    whole games only, which a player steering by its own memory passes."""
    game = dataclasses.replace(hilo_game(), strategies={"alternating": TakesTurnsInItsHead})
    kit = type("Alternating", (GameConformance,), {"game": game, "seeds": (15,)})()  # (seed 15: ten right guesses)
    with pytest.raises(AssertionError, match="once the game was continued from a save after move 5"):
        kit.test_cpu_players_choose_legal_moves_and_the_same_ones_from_the_same_seed()
    TestHiLoConformance().test_cpu_players_choose_legal_moves_and_the_same_ones_from_the_same_seed()


class CountsWithASet:
    """Statistics that keep the cards seen as a set, which JSON cannot hold."""

    def record(self, before, after, context):  # type: ignore[no-untyped-def]
        return [{"seen": set(after.deck[: after.turned])}] if after.over else []

    def finish(self, state, context):  # type: ignore[no-untyped-def]
        return []

    def figures(self, events):  # type: ignore[no-untyped-def]
        return []

    def charts(self, events):  # type: ignore[no-untyped-def]
        return []


def test_the_kit_names_statistics_whose_events_json_cannot_hold() -> None:
    """The kit never looked at a game's statistics: events JSON cannot hold were refused at every game's end."""
    game = dataclasses.replace(hilo_game(), statistics=CountsWithASet())
    kit = type("SetStats", (GameConformance,), {"game": game, "seeds": (1, 2)})()
    with pytest.raises(AssertionError, match="statistics events JSON cannot hold .*set"):
        kit.test_statistics_keep_plain_events_and_sum_them_up()


class RecordsOneEventBare(CountsWithASet):
    """Statistics whose `record` gives its one event bare, not in a list."""

    def record(self, before, after, context):  # type: ignore[no-untyped-def]
        return {"kind": "round", "won": not after.lost} if after.over else []


def test_the_kit_names_statistics_that_give_an_event_bare_instead_of_a_list() -> None:
    """`return {"kind": "round", …}` in place of `[{…}]`: the kit's list of events, extended by a dict, took its
    keys and passed; the window said at every game's end that the statistics could not be saved."""
    game = dataclasses.replace(hilo_game(), statistics=RecordsOneEventBare())
    kit = type("BareEvent", (GameConformance,), {"game": game, "seeds": (1, 2)})()
    with pytest.raises(AssertionError, match=r"statistics.record gave \{'kind': 'round', 'won': (True|False)\}: give "
                                             r"a list of events, each a dict \(\[\] for none\)"):
        kit.test_statistics_keep_plain_events_and_sum_them_up()


def test_the_kit_names_a_picture_the_rules_show_that_is_not_there(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A misspelled picture in a rules page (`layot.png`) showed as a broken picture in the help window."""
    from core.help import RulesText

    (tmp_path / "misdrawn_rules" / "help").mkdir(parents=True)
    (tmp_path / "misdrawn_rules" / "__init__.py").write_text("")
    (tmp_path / "misdrawn_rules" / "help" / "layout.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "misdrawn_rules" / "help" / "rules.en.md").write_text("# Misdrawn\n\n![The layout](layot.png)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    game = dataclasses.replace(hilo_game(), help=RulesText("misdrawn_rules", {"en": "help/rules.en.md"}))
    kit = type("Misdrawn", (GameConformance,), {"game": game})()
    with pytest.raises(AssertionError, match="the rules show pictures that are not there: help/rules.en.md shows "
                                             "layot.png"):
        kit.test_rules_help_reads_in_each_language()


def chances(state):  # type: ignore[no-untyped-def]
    """An analysis of Higher or Lower: the chance the best guess is right, as the window receives it."""
    from cardtable_hilo.rules import HiLoRules, best_guess

    yield None
    guess, chance = best_guess(HiLoRules().observation(state, 0))
    yield (guess, chance)


class ReadsTheVerdictAsADict(TheExample):
    """The example's presenter showing the analysis' chance, reading its verdict as a dict it is not."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        from core.plugin import Text

        table = self.inner.table(s, ui)
        if s.ply in s.analysis:
            return dataclasses.replace(table, status=Text(f"{s.analysis[s.ply]['chance']:.0%} likely"))
        return table


def test_the_kit_draws_the_table_with_the_games_analysis() -> None:
    """A presenter met an analysis' verdict only in the window: one reading it wrongly stopped the game when the
    verdict came, and a verdict that cannot be pickled could not come back from the worker process."""
    game = dataclasses.replace(hilo_game(), analysis=chances,
                               presenter="tests.test_example_plugin:ReadsTheVerdictAsADict")
    kit = type("Analysed", (GameConformance,), {"game": game})()
    with pytest.raises(TypeError, match="tuple indices must be integers or slices, not str"):
        kit.test_tables_show_the_games_analysis()
    unpicklable = dataclasses.replace(game, presenter=hilo_game().presenter,
                                      analysis=lambda state: iter([lambda: "higher"]))
    with pytest.raises(AssertionError, match=r"move 0: the analysis' verdict <function .*> cannot be pickled \(.*\): "
                                             "the window runs the analysis in a worker process"):
        type("Unpicklable", (GameConformance,), {"game": unpicklable})().test_tables_show_the_games_analysis()
    fine = dataclasses.replace(game, presenter=hilo_game().presenter)
    type("Fine", (GameConformance,), {"game": fine})().test_tables_show_the_games_analysis()


class ShoutsTheHint(TheExample):
    """The example's presenter writing the hint's reason in capitals, as if it were a str."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = self.inner.table(s, ui)
        return table if s.hint is None else dataclasses.replace(table, status=s.hint.reason.upper())


def test_the_kit_draws_the_table_with_its_hint() -> None:
    """The kit checked a hint's move and reason, never the table drawn with it: a presenter tripping over the hint
    stopped the game at the Hint button."""
    game = dataclasses.replace(hilo_game(), presenter="tests.test_example_plugin:ShoutsTheHint")
    kit = type("Shouts", (GameConformance,), {"game": game})()
    with pytest.raises(AttributeError, match="'Text' object has no attribute 'upper'"):
        kit.test_hints_are_legal_moves()


class ShowsTheRefusalInEnglish(TheExample):
    """The example's presenter putting a refused move's reason on the status line, in English only, as a str."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = self.inner.table(s, ui)
        return dataclasses.replace(table, status=s.refusal.en) if s.refusal else table


def test_the_kit_draws_the_table_with_a_refused_move() -> None:
    """The window draws the rules' refusal on the table; the kit never drew one, and a presenter that could not
    stopped the game at the first move refused."""
    game = dataclasses.replace(hilo_game(), presenter="tests.test_example_plugin:ShowsTheRefusalInEnglish")
    kit = type("EnglishRefusal", (GameConformance,), {"game": game, "seeds": (1,)})()
    with pytest.raises(ValueError, match="the table: status holds 'That card does not follow suit', a str, not Text"):
        kit.test_tables_show_no_hidden_card_and_offer_only_legal_moves()


class ForgetsLower(TheExample):
    """The example's presenter with its Lower button left out: the person can only ever guess higher."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = self.inner.table(s, ui)
        return dataclasses.replace(table, choices=tuple(c for c in table.choices if c.move != "lower"))


class GuessesByPickingTheCard(TheExample):
    """The example's presenter without buttons: a click picks the current card up, then Up guesses higher and
    Down lower (``keys``: the keys that guess once it is picked)."""

    keys: ClassVar[dict[str, str]] = {"Up": "higher", "Down": "lower"}

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        return dataclasses.replace(self.inner.table(s, ui), choices=())

    def respond(self, s, ui, event):  # type: ignore[no-untyped-def]
        from core.plugin import IGNORED, Click, Key, Reply

        if not isinstance(ui, Picked):
            return Reply(ui=Picked()) if event == Click("current", 0) else IGNORED
        if isinstance(event, Key) and event.name in self.keys and self.keys[event.name] in s.legal:
            return Reply(move=self.keys[event.name], ui=self.initial_ui())
        return IGNORED


class GuessesByPickingTheCardByKeyboardToo(GuessesByPickingTheCard):
    """As above with the current card a place the keyboard's cursor stops at (``focus``)."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = super().table(s, ui)
        return dataclasses.replace(table, piles=tuple(dataclasses.replace(p, focus=p.id == "current")
                                                      for p in table.piles))


class GuessesHigherByPickingTheCard(GuessesByPickingTheCard):
    """As above with the key for lower forgotten."""

    keys: ClassVar[dict[str, str]] = {"Up": "higher"}


def test_the_kit_names_a_legal_move_no_input_reaches() -> None:
    """A legal move with no button and no input for it (a "go alone" forgotten, a card the table never lets go) is
    one the person can never make, and the game looked fine. Moves some inputs reach together (a card picked, then
    a key) are within reach."""
    for presenter, missing, states in (("ForgetsLower", "lower", "1 ui state"),
                                       ("GuessesHigherByPickingTheCard", "lower", "2 ui states"),
                                       ("GuessesByPickingTheCard", None, "")):
        kit = kit_for(presenter)
        if missing is None:
            kit.test_every_legal_move_is_within_the_persons_reach()
            continue
        with pytest.raises(AssertionError, match=rf"seat 0 may play {missing} \(1 of 2 legal moves\) but no input "
                                                 rf"reaches it \(tried in {states};"):
            kit.test_every_legal_move_is_within_the_persons_reach()


class GuessesLowerOnACoveredCard(TheExample):
    """The example's presenter with Lower on a click of the bottom card of a squared-up pile of three: the window's
    click finds the top card (index 2), never that one."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        from core.plugin import CardFace, Pile

        table = self.inner.table(s, ui)
        deck = Pile("deck", 6.5, 0.3, (CardFace(None),) * 3, (0.0, 0.0), scale=0.6)
        return dataclasses.replace(table, piles=(*table.piles, deck),
                                   choices=tuple(c for c in table.choices if c.move != "lower"))

    def respond(self, s, ui, event):  # type: ignore[no-untyped-def]
        from core.plugin import IGNORED, Click, Reply

        return Reply(move="lower") if event == Click("deck", 0) and "lower" in s.legal else IGNORED


class GuessesLowerOnASliver(GuessesLowerOnACoveredCard):
    """As above, the deck spread by a hair for depth: its bottom card shows 0.02 of its width, two pixels."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = super().table(s, ui)
        return dataclasses.replace(table, piles=(*table.piles[:-1], dataclasses.replace(table.piles[-1],
                                                                                         fan=(0.02, 0.0))))


class GuessesLowerInASqueezedFan(GuessesLowerOnACoveredCard):
    """As above, the deck fanned well (0.3 of a card apart) but given room for little more than one card and let be
    squeezed to a tenth of its step: 0.03 of a card shows."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = super().table(s, ui)
        deck = dataclasses.replace(table.piles[-1], fan=(0.3, 0.0), room=0.65, squeeze=0.1)
        return dataclasses.replace(table, piles=(*table.piles[:-1], deck))


class GuessesLowerOnAFannedCard(GuessesLowerOnACoveredCard):
    """As above, the deck fanned so that 0.15 of each card shows: a place to click."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = super().table(s, ui)
        return dataclasses.replace(table, piles=(*table.piles[:-1], dataclasses.replace(table.piles[-1],
                                                                                         fan=(0.15, 0.0))))


class GuessesLowerOnTheDecksPlace(GuessesLowerOnACoveredCard):
    """Lower on ``Click("deck")``: a click on the pile itself, which the window gives only for an empty outlined pile
    (a click on the deck's cards names the card)."""

    def respond(self, s, ui, event):  # type: ignore[no-untyped-def]
        from core.plugin import IGNORED, Click, Reply

        return Reply(move="lower") if event == Click("deck") and "lower" in s.legal else IGNORED


class GuessesLowerOnADoubleClickOfANewCard(TheExample):
    """A click picks the current card up (a click on the felt puts it down); a double-click on it while nothing is
    picked guesses lower — which the window never sends, as a double-click's first half is a click that picks it."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = self.inner.table(s, ui)
        return dataclasses.replace(table, choices=tuple(c for c in table.choices if c.move != "lower"))

    def respond(self, s, ui, event):  # type: ignore[no-untyped-def]
        from core.plugin import IGNORED, Background, Click, Reply

        if isinstance(event, Background):
            return Reply(ui=self.initial_ui())
        if event == Click("current", 0):
            return Reply(ui=Picked())
        if event == Click("current", 0, double=True) and not isinstance(ui, Picked) and "lower" in s.legal:
            return Reply(move="lower")
        return IGNORED


@pytest.mark.parametrize("presenter", ["GuessesLowerOnACoveredCard", "GuessesLowerOnASliver",
                                       "GuessesLowerInASqueezedFan", "GuessesLowerOnTheDecksPlace",
                                       "GuessesLowerOnADoubleClickOfANewCard"])
def test_the_kit_clicks_only_where_a_pointer_can(presenter: str) -> None:
    """The kit clicked every card of a pile, the ones the next card covers whole (or all but a sliver) too, and every
    pile's place, which no pointer reaches where cards lie on it, and double-clicked without the click a
    double-click begins with: a move made only by a click on the bottom card of a squared-up pile, on the pile under
    its cards, or by a double-click on a card a click picks up, passed as within reach (in the window, clicking each
    of the deck's cards, and double-clicking the current card, made no move)."""
    with pytest.raises(AssertionError, match=r"seat 0 may play lower \(1 of 2 legal moves\) but no input reaches it"):
        kit_for(presenter).test_every_legal_move_is_within_the_persons_reach()


def test_the_kit_clicks_a_covered_card_that_shows_enough_of_itself() -> None:
    kit_for("GuessesLowerOnAFannedCard").test_every_legal_move_is_within_the_persons_reach()


class OneKeyForBoth(TheExample):
    """The example's presenter with Lower's key a copy-paste of Higher's: H."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        table = self.inner.table(s, ui)
        return dataclasses.replace(table, choices=tuple(dataclasses.replace(c, key="H") for c in table.choices))


def test_the_kit_names_two_buttons_sharing_a_key() -> None:
    """The window presses the first enabled button with the key pressed: with both showing H, H guessed higher and no
    key guessed lower."""
    with pytest.raises(AssertionError, match=r"buttons \['higher', 'lower'\] share the key H \(it presses the first "
                                             r"only\)"):
        kit_for("OneKeyForBoth").test_tables_show_no_hidden_card_and_offer_only_legal_moves()


def test_the_kit_names_a_legal_move_keys_alone_do_not_reach(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The arrows stop only at piles with focus: a game played by picking the card up could not be played without a
    mouse (Golf's stock, written as a third party would, had none: no key dealt from it). The window agrees: Down,
    Enter, Up guess higher only where the card has focus."""
    from PySide6.QtCore import Qt

    from core.session import GameSession
    from gui.deck import CardArt
    from gui.table_view import TableView

    for presenter, moves in ((GuessesByPickingTheCard, []), (GuessesByPickingTheCardByKeyboardToo, ["higher"])):
        session = GameSession.new(hilo_game(), {}, seed=15)
        view = TableView(session, CardArt(), presenter())  # type: ignore[arg-type]
        for key in (Qt.Key.Key_Down, Qt.Key.Key_Return, Qt.Key.Key_Up):
            view.key_press(key, "")
        assert session.moves == moves, presenter.__name__

    kit_for("GuessesByPickingTheCard").test_every_legal_move_is_within_the_persons_reach()
    with pytest.raises(AssertionError, match=r"seat 0 may play higher, lower \(2 of 2 legal moves\) but no keys reach "
                                             r"them \(tried in 1 ui state; the arrows stop only at piles with "
                                             r"focus=True, Tab at the buttons;"):
        kit_for("GuessesByPickingTheCard").test_every_legal_move_is_within_the_keyboards_reach()
    kit_for("GuessesByPickingTheCardByKeyboardToo").test_every_legal_move_is_within_the_keyboards_reach()
    kit_for("TheExample").test_every_legal_move_is_within_the_keyboards_reach()  # (its buttons have keys)


class ForgetsTheCardsTurned(type(hilo_game().rules)):  # type: ignore[misc]
    """The example's rules reading a saved state back with only its first card turned."""

    def state_from_json(self, data):  # type: ignore[no-untyped-def]
        return dataclasses.replace(super().state_from_json(data), turned=1)


class WritesEachGuessAlike(type(hilo_game().rules)):  # type: ignore[misc]
    """The example's rules writing both guesses as "guess" (and reading it as higher)."""

    def move_text(self, move):  # type: ignore[no-untyped-def]
        return "guess"

    def parse_move(self, text):  # type: ignore[no-untyped-def]
        return "higher" if text == "guess" else super().parse_move(text)


class WritesGuessesUnread(type(hilo_game().rules)):  # type: ignore[misc]
    """The example's rules writing a guess as "guess higher", text its parse_move does not read."""

    def move_text(self, move):  # type: ignore[no-untyped-def]
        return f"guess {move}"


def test_the_kit_says_what_differs_when_a_state_or_a_move_does_not_come_back() -> None:
    """A plugin's own tests run the kit without pytest's rewriting of its asserts: a state read back wrong failed with
    a bare "AssertionError", nothing more."""
    kit = kit_for(seeds=(0,), rules=ForgetsTheCardsTurned())
    with pytest.raises(AssertionError, match=r"seed 0: state_from_json\(state_to_json\(state\)\) is not the state it "
                                             r"was written from: turned 2 → 1$"):
        kit.test_states_survive_a_json_round_trip()
    kit = kit_for(seeds=(0,), rules=WritesEachGuessAlike())
    with pytest.raises(AssertionError, match=r"parse_move\('guess'\) gave 'higher', not 'lower', the move it was "
                                             r"written from \(two legal moves are written alike\)"):
        kit.test_move_text_parses_back()
    kit = kit_for(seeds=(0,), rules=WritesGuessesUnread())
    with pytest.raises(AssertionError, match=r"parse_move refused 'guess higher', the text move_text wrote for "
                                             r"'higher': 'guess higher' is not a guess: say higher or lower"):
        kit.test_move_text_parses_back()


class DealsFromOffTheTable(TheExample):
    """The example's presenter dealing its cards from a deck laid at x = 20 on its 8-unit-wide table."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        from core.plugin import Deal

        return dataclasses.replace(self.inner.table(s, ui), deal=Deal("game", 20.0, 2.0))


class PutsTheButtonsBelowTheTable(TheExample):
    """The example's presenter with its buttons' row at y = 7.5, below its 5-unit-high table."""

    def table(self, s, ui):  # type: ignore[no-untyped-def]
        return dataclasses.replace(self.inner.table(s, ui), choices_at=(4.0, 7.5))


@pytest.mark.parametrize(("presenter", "message"), [
    ("PutsTheCardOffTheTable", r"pile 'current' at \(7.3, 1.9\) reaches \(8.7, 3.86\), outside the table's 8 × 5 card "
                               "units"),
    ("DealsFromOffTheTable", r"the deck cards are dealt from, at \(20, 2\), is outside the table's 8 × 5 card units"),
    ("PutsTheButtonsBelowTheTable", r"the buttons' row at \(4, 7.5\) is outside the table's 8 × 5 card units")])
def test_the_kit_names_a_piece_laid_outside_the_table(presenter: str, message: str) -> None:
    """The window fits the table's width × height to the screen: a pile laid past it was cut off (the card the player
    guesses about out of sight), cards dealt from a deck past it flew in from off the screen, and a row of buttons
    below it was not shown (looked at: only the card and the score)."""
    with pytest.raises(AssertionError, match=message):
        kit_for(presenter).test_tables_show_no_hidden_card_and_offer_only_legal_moves()


def test_the_kits_undo_check_takes_a_won_game_as_standing_whatever_may_undo_says() -> None:
    """A game that lets every move be undone and is won within the kit's playout (met writing Crazy Eights: "the
    game allows undoing '2H' (may_undo) but it was refused" — the 2H that won the hand): the window keeps a
    result, so the kit asks that the won game is not undone."""
    rules_class = type(hilo_game().rules)

    class LuckyUndoable(rules_class):  # type: ignore[valid-type,misc]
        def apply(self, state: Any, move: str) -> Any:
            return dataclasses.replace(super().apply(state, move), lost=False)  # every guess right

        def may_undo(self, state: Any, move: str) -> bool:
            return True

    kit = kit_for(rules=LuckyUndoable())
    kit.test_undo_returns_the_previous_state_and_redo_the_next_where_allowed()


def test_the_kit_finds_a_hidden_card_held_as_a_card_object_and_says_where_it_shows() -> None:
    """The example's observation holds ``core.cards.Card`` objects, which the kit read as ranks and suits and never
    as cards: its leak check was blind for every game holding them (Euchre, Bid Euchre, Cutthroat, Yukon, the
    example), and passed this one. And met writing Crazy Eights: "seat 0 can see hidden cards ['JD']" left the
    author searching; the kit now names the place and the position."""
    rules_class = type(hilo_game().rules)

    class Forgetful(rules_class):  # type: ignore[valid-type,misc]
        def hidden_from(self, state: Any, seat: int) -> frozenset[str]:  # forgets every card but the current one
            return frozenset(card.text for card in state.deck[: state.turned - 1]) | super().hidden_from(state, seat)

    kit = kit_for(rules=Forgetful(), seeds=(1, 2, 3))
    kit.sample_every = 1
    with pytest.raises(AssertionError) as failed:
        kit.test_observations_hold_nothing_hidden()
    message = str(failed.value).splitlines()[0]
    assert message.startswith("seat 0 can see hidden cards [") and "(its observation's seen[0]" in message, message
    assert "from seed 1: hidden_from says they are hidden, or the observation shows them" in message


def test_the_window_monkey_plays_an_installed_plugins_game(tmp_path: Path) -> None:
    """``tools/monkey.py --game ID`` lets a plugin's author run the window monkey on their game: found by its entry
    point, in English and Japanese (here the example, installed in a folder of its own, for a short run)."""
    import os
    import subprocess

    site = make_dist(tmp_path / "site", "cardtable-hilo", "0.1.0", {"hilo": "cardtable_hilo.plugin"})
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CARDTABLE_MONKEY_GAME": "hilo", "CARDTABLE_MONKEY_SEED": "3",
           "CARDTABLE_MONKEY_STEPS": "40", "PYTHONPATH": os.pathsep.join([str(site), str(EXAMPLE), str(root)])}
    done = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider",
                           str(root / "tests" / "test_gui_monkey.py")], cwd=root, env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "[hilo-0-en] PASSED" in done.stdout and "[hilo-1-ja] PASSED" in done.stdout and "2 passed" in done.stdout


def test_the_kit_refuses_hidden_cards_given_as_objects_which_no_text_would_ever_match() -> None:
    rules_class = type(hilo_game().rules)

    class CardObjects(rules_class):  # type: ignore[valid-type,misc]
        def hidden_from(self, state: Any, seat: int) -> frozenset[Any]:
            return frozenset(state.deck[state.turned:])  # Card objects, not their text: the check found nothing

    with pytest.raises(AssertionError, match=r"hidden_from gave Card\(\w\w\) \(Card\): give the cards' text forms"):
        kit_for(rules=CardObjects()).test_observations_hold_nothing_hidden()


def test_the_kit_finds_a_hidden_card_written_inside_a_longer_word() -> None:
    """A card in a log entry written "next:7H" (or "[7H]") was one word to the kit, which split only at spaces, commas,
    full stops and ">": the leak passed."""
    rules_class = type(hilo_game().rules)

    @dataclasses.dataclass(frozen=True)
    class Peeking:
        current: Any
        seen: Any
        right: int
        note: str

    class Peeks(rules_class):  # type: ignore[valid-type,misc]
        def observation(self, state: Any, seat: int) -> Any:
            seen = super().observation(state, seat)
            return Peeking(seen.current, seen.seen, seen.right, f"next:{state.deck[state.turned].text}")

    with pytest.raises(AssertionError, match=r"seat 0 can see hidden cards \['\w\w'\] \(its observation's note\)"):
        kit_for(rules=Peeks()).test_observations_hold_nothing_hidden()
