"""The table's text size (Settings → Table text): the table's words — names, scores, buttons, the panel of a held
moment — grow where there is room, and cover nothing they did not cover at their own size; the choice is kept."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication, QGraphicsItem
from pytestqt.qtbot import QtBot

import plugins.bid_euchre.plugin as bid_plugin
import plugins.cutthroat.plugin as cut_plugin
import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
from core.session import GameSession
from core.table import CardFace, Label, Pile, Style, Table
from core.text import Text
from gui.cards import CardItem
from gui.deck import CardArt
from gui.game_page import GamePage
from gui.i18n import set_language
from gui.table_scene import ButtonItem, HoldItem, TableScene, TextItem
from gui.theme import TABLE_TEXT, set_table_text
from tests.gui_helpers import make_window, win_a_deal, yukon_page

PLUGINS = {"euchre": euchre_plugin, "bid_euchre": bid_plugin, "cutthroat": cut_plugin, "yukon": yukon_plugin}


@pytest.fixture(autouse=True)
def normal_text_again() -> Iterator[None]:
    yield
    set_table_text("normal")  # as a program starting afresh: the size is the window's, not the next test's
    set_language("en")


def words(scene: TableScene) -> list[QGraphicsItem]:
    """The table's words as the player sees them: labels, buttons and the held moment's panel (not a refusal,
    which is said over the table for a moment, where the player clicked)."""
    return [item for item in scene.items() if isinstance(item, TextItem | ButtonItem | HoldItem)
            and item.isVisible() and item.parentItem() is None and item is not scene.refusal_item]


def name(item: QGraphicsItem) -> str:
    return " / ".join(item.lines) if isinstance(item, TextItem) else item.label() if isinstance(item, ButtonItem) \
        else "the panel"


def covered(scene: TableScene) -> dict[tuple[str, str], float]:
    """What each of the table's words covers, and how much of it (square pixels): a card (or the room its marks
    take round it), an empty pile's outline (but for the panel of a held moment, when nothing is played), other
    words, or the table's edge (how much of the word lies beyond it)."""
    found = {}
    shown = words(scene)
    cards = [item for item in scene.items() if isinstance(item, CardItem) and item.isVisible()]
    outlines = {key: item for key, item in scene.slots.items() if item.isVisible()}
    for n, item in enumerate(shown):
        rect = item.sceneBoundingRect()
        beyond = area(rect) - area(rect.intersected(scene.sceneRect()))
        things = [(str(card.card or "a face-down card"), card) for card in cards]
        things += [(f"the outline of {key}", outline) for key, outline in outlines.items()
                   if not isinstance(item, HoldItem)]
        things += [(name(other), other) for other in shown[n + 1:]]
        found |= {(name(item), thing): area(rect.intersected(other.sceneBoundingRect())) for thing, other in things
                  if rect.intersects(other.sceneBoundingRect())}
        if beyond > 0.5:  # (not a rounding's trace)
            found[(name(item), "the table's edge")] = beyond
    return found


def area(rect: QRectF) -> float:
    return rect.width() * rect.height() if rect.isValid() else 0.0


def covers_more(before: dict[tuple[str, str], float], after: dict[tuple[str, str], float]) -> list[str]:
    """What the words cover after that they did not before, or cover more of (by more than a square pixel: a
    word that met another at its own size may not run across it when grown)."""
    return [f"{word} covers {thing} ({before.get((word, thing), 0):.0f} → {size:.0f} px²)"
            for (word, thing), size in sorted(after.items()) if size > before.get((word, thing), 0) + 1]


def sizes(scene: TableScene) -> dict[str, float]:
    """The size of each label (by its id), button (by its choice's) and the panel's words, whatever they say."""
    labels = {item: key for key, item in scene.texts.items()}
    labels |= {scene.hold_item.title: "panel's title", scene.hold_item.body: "panel's lines"}
    return {labels[item] if isinstance(item, TextItem) else item.choice.id: item.size for item in scene.items()
            if isinstance(item, TextItem | ButtonItem) and item.isVisible() and item is not scene.refusal_item}


def played_through(page: GamePage, steps: int, seed: int) -> Iterator[None]:
    """The game played on from its start, a step at a time (the person's seat by random legal moves, each held
    moment moved on): each position shown on the table."""
    session, rng = page.session, random.Random(seed)
    for _ in range(steps):
        page.view.hold_cpu()  # the CPU players move here, between the looks, not on the window's timers
        yield
        if session.is_over:
            return
        if session.hold is not None:
            session.acknowledge()
        elif session.is_cpu_turn:
            session.cpu_step()
        else:
            session.play(rng.choice(list(session.legal_moves())))
        page.view.refresh(animate=False)


@pytest.mark.parametrize("game_id", ["euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre", "yukon"])
@pytest.mark.parametrize(("size", "language"), [((1100, 760), "en"), ((800, 560), "en"), ((800, 560), "ja")])
def test_larger_table_text_grows_the_words_where_there_is_room_and_covers_nothing_more(
        qtbot: QtBot, game_id: str, size: tuple[int, int], language: str) -> None:
    set_language(language)  # (Japanese words run wider)
    window = make_window(qtbot, PLUGINS)
    window.resize(*size)
    game = window.host.game(game_id)
    page = window.open_session(GameSession.new(game, game.settings.defaults(), seed=7, saves=window.saves))
    assert page is not None
    qtbot.wait(10)  # laid out at the window's size
    scene = page.view.scene
    looks = grown = larger = 0
    sheet, held = [], []  # how much the score sheet and a held moment's panel grew, at each look
    for _ in played_through(page, 60, seed=7):
        set_table_text("normal")
        scene.redraw()
        before, plain = covered(scene), sizes(scene)
        set_table_text("larger")
        scene.redraw()
        after, bigger = covered(scene), sizes(scene)
        assert not before, f"{game_id} at {size}, move {len(page.session.moves)}: at normal size {before}"
        assert not covers_more(before, after), f"{game_id} at {size}, move {len(page.session.moves)}: larger " \
                                               f"text: {covers_more(before, after)}"
        assert plain.keys() == bigger.keys()
        assert all(plain[key] <= bigger[key] <= plain[key] * TABLE_TEXT["larger"] + 0.01 for key in plain)
        looks += len(plain)
        grown += sum(1 for key in plain if bigger[key] > plain[key])
        larger += sum(1 for key in plain if bigger[key] >= plain[key] * 1.45)
        if "panel" in plain:
            sheet.append(bigger["panel"] / plain["panel"])
        if "panel's title" in plain:
            held.append(bigger["panel's title"] / plain["panel's title"])
    if game_id != "yukon":  # (Yukon's table has words only once the deal is won)
        assert grown >= 0.8 * looks and larger >= 0.5 * looks, f"{grown} of {looks} grew, {larger} by half"
        # the score sheet most of all: it grew 1.07–1.13× on average when West's name stood just below it, and
        # 1.33–1.39× in English while its width met North's hand and it could not move into the margin
        assert sum(sheet) / len(sheet) >= 1.45, f"the score sheet grew {sum(sheet) / len(sheet):.2f}× on average"
        # a trick's panel beside your name (or hand), which it could not grow into, grows out of a corner instead
        assert held and min(held) >= 1.1, f"a held moment's panel grew only {min(held):.2f}×"


def grows_clear(scene: TableScene) -> dict[str, float]:
    """Each word's growth from normal to larger text, having checked it covers nothing more."""
    set_table_text("normal")
    scene.redraw()
    before, plain = covered(scene), sizes(scene)
    set_table_text("larger")
    scene.redraw()
    assert not covers_more(before, covered(scene)), f"larger text: {covers_more(before, covered(scene))}"
    return {key: size / plain[key] for key, size in sizes(scene).items()}


def test_yukons_hint_note_and_won_panel_grow_clear_of_the_cards(qtbot: QtBot) -> None:
    """Yukon's words come with a hint (a note in the corner by the columns) and a won deal (its panel)."""
    window = make_window(qtbot, PLUGINS)
    for width, height in ((1100, 760), (800, 560)):
        window.resize(width, height)
        page = yukon_page(window)
        qtbot.wait(10)
        qtbot.keyClick(page.table, Qt.Key.Key_H)
        growth = grows_clear(page.view.scene)
        assert growth.keys() == {"note"} and growth["note"] > 1.2, growth  # the hint's reason
        win_a_deal(window)
        assert window.page is not None and window.page.session.hold is not None
        window.page.view.refresh(animate=False)
        growth = grows_clear(window.page.view.scene)
        assert growth == pytest.approx(dict.fromkeys(("panel's title", "panel's lines", "new", "back"), 1.5)), growth


@pytest.mark.parametrize("corner", ["nw", "ne"])
def test_a_score_sheet_in_a_corner_slides_toward_the_window_edge_to_grow(qtbot: QtBot, corner: str) -> None:
    """A score sheet whose growth meets a hand beside it (the English four-seat sheet met North's) moves into the
    window's margin instead, as far as its edge, still covering its place at normal size; a name grows in place."""
    west = corner == "nw"
    sheet = Label("panel", Text("You & North — East & West\nScore 0 — 0 (game to 10)"), 0.2 if west else 5.8, 0.2,
                  corner, Style.PANEL, 0.15)
    name = Label("west", Text("West · dealer"), 0.2 if west else 5.8, 2.6, corner, Style.SEAT, 0.15)
    hand = Pile("hand", 3.0 if west else 2.0, 0.2, (CardFace("AS"),))
    scene = TableScene(CardArt("classic"))
    scene.resize(1200, 400)  # the table, 6 × 3 cards, is centred: a margin beside it
    scene.show_table(Table(6.0, 3.0, (hand,), (sheet, name)), animate=False)
    set_table_text("normal")
    scene.redraw()
    before, name_at = scene.texts["panel"].sceneBoundingRect(), scene.texts["west"].sceneBoundingRect()
    assert (before.left() > 150) if west else (before.right() < 1050), "the sheet stands in from the window's edge"
    growth = grows_clear(scene)
    after, ace = scene.texts["panel"].sceneBoundingRect(), scene.cards["AS"].sceneBoundingRect()
    assert growth["panel"] == pytest.approx(1.5), growth
    assert after.left() <= before.left() and after.right() >= before.right(), "it covers its place still"
    assert scene.sceneRect().contains(after) and not after.intersects(ace)
    in_place = QRectF(before.topLeft(), after.size()) if west else \
        QRectF(before.right() - after.width(), before.top(), after.width(), after.height())
    assert in_place.intersects(ace), "grown in its place it would have covered the ace"
    grown_name = scene.texts["west"].sceneBoundingRect()
    assert growth["west"] > 1 and (grown_name.left() == pytest.approx(name_at.left()) if west
                                   else grown_name.right() == pytest.approx(name_at.right())), "a name grows in place"


def test_the_table_text_chosen_in_the_settings_grows_the_open_tables_and_is_kept(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from core.paths import config_dir
    from gui.prefs import ShellPrefs
    from gui.review_window import ReviewWindow
    from gui.settings_dialog import SettingsDialog

    window = make_window(qtbot, PLUGINS)
    page = window.new_game("euchre")
    assert page is not None
    page.view.hold_cpu()
    review = ReviewWindow([page.view.table], page.view.art, page)  # a last hand open beside the game
    qtbot.addWidget(review)
    before = sizes(page.view.scene), sizes(review.scene)

    def choose_larger(dialog: SettingsDialog) -> SettingsDialog.DialogCode:
        assert dialog.table_text.currentData() == "normal"
        assert [dialog.table_text.itemText(n) for n in range(dialog.table_text.count())] == \
            ["Normal", "Large", "Larger"]
        dialog.table_text.setCurrentIndex(dialog.table_text.findData("larger"))
        return SettingsDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", choose_larger)
    window.open_settings("euchre")
    assert json.loads((config_dir() / "shell.json").read_text())["table_text"] == "larger"
    for scene, plain in zip((page.view.scene, review.scene), before, strict=True):
        bigger = sizes(scene)
        assert all(bigger[key] >= plain[key] for key in plain)
        assert bigger["seat:2"] == pytest.approx(plain["seat:2"] * 1.5), bigger  # North's name, room all round
    assert window.page is page and page.session.moves == [], "the game goes on: the text size is no rule"
    set_table_text("normal")  # as a program starting afresh
    again = make_window(qtbot, PLUGINS)
    later = again.new_game("euchre")
    assert later is not None
    assert max(sizes(later.view.scene).values()) == pytest.approx(max(before[0].values()) * 1.5)
    (config_dir() / "shell.json").write_text('{"format_version": 1, "language": "ja", "table_text": "huge"}')
    prefs = ShellPrefs.load()  # a size this version does not offer: the default, said, the language kept
    assert (prefs.table_text, prefs.language) == ("normal", "ja") and "table_text" in str(prefs.problem)
    QApplication.processEvents()
