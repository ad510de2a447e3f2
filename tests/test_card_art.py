"""The card art, measured in pixels: every corner index (the two-digit "10" too) stays inside the card's
edge, and Euchre's left-bower badge never covers a jack's index; an empty pile's outline shows its marks at once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView
from pytestqt.qtbot import QtBot

from core.cards import Card
from gui.cards import CardItem, SlotItem
from gui.deck import CardArt

WIDTH = 250  # the art's own units: the border's stroke runs from x = 0 to 4.5
INDEX = QRectF(0, 0, 50, 92)  # the top-left corner: rank and suit mark (a court card's frame starts at 54)


def render(card: str, badge: str = "") -> QImage:
    scene = QGraphicsScene()
    item = CardItem(CardArt("classic"), Card.parse(card), True, WIDTH)
    item.set_badge(badge, red=badge in "♥♦")
    scene.addItem(item)
    image = QImage(WIDTH, round(WIDTH * 1.4), QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), item.sceneBoundingRect())
    painter.end()
    scene.removeItem(item)
    return image


def ink(image: QImage, area: QRectF) -> set[tuple[int, int]]:
    """Pixels of the index's colours (red or near-black) in ``area``; the grey border and the paper excluded."""
    found = set()
    for y in range(int(area.top()), int(area.bottom())):
        for x in range(int(area.left()), int(area.right())):
            c = image.pixelColor(x, y)
            dark = c.red() < 90 and c.green() < 90 and c.blue() < 90
            red = c.red() > 150 and c.green() < 90 and c.blue() < 110
            if c.alpha() > 200 and (dark or red):
                found.add((x, y))
    return found


def test_every_index_stays_inside_the_card(qtbot: QtBot) -> None:
    for rank in "A23456789TJQK":
        for suit in "SH":
            marks = ink(render(rank + suit), INDEX)
            assert marks, f"{rank}{suit} has no index"
            left = min(x for x, _ in marks)
            assert left >= 7, f"{rank}{suit}'s index reaches x={left}, onto the card's edge"


def test_the_left_bower_badge_leaves_the_index_readable(qtbot: QtBot) -> None:
    for card, badge in (("JD", "♥"), ("JH", "♦"), ("JS", "♣"), ("JC", "♠")):
        plain, marked = render(card), render(card, badge)
        index = ink(plain, INDEX)
        covered = [p for p in index if plain.pixelColor(*p) != marked.pixelColor(*p)]
        assert not covered, f"the badge on {card} covers {len(covered)} pixels of its index"
        assert ink(marked, QRectF(INDEX.right(), 0, 80, 92)) - ink(plain, QRectF(INDEX.right(), 0, 80, 92)), \
            f"{card}'s badge is drawn"


def test_the_joker_has_a_face_of_its_own_and_its_badge_leaves_the_index(qtbot: QtBot) -> None:
    joker = render("JK")
    paper = joker.pixelColor(125, 40)
    index = {(x, y) for y in range(30, 170) for x in range(10, 40) if joker.pixelColor(x, y) != paper}
    assert len(index) > 200, "JOKER is spelt down the corner"
    marked = render("JK", "♥")
    assert all(joker.pixelColor(*p) == marked.pixelColor(*p) for p in index), "the trump badge covers JOKER"


def test_every_design_offered_draws_whole_cards_and_the_joker(qtbot: QtBot) -> None:
    from gui.deck import SYSTEM_THEME_DIRS, available_themes, theme_by_id

    themes = available_themes()
    for theme in themes:
        art = CardArt(theme.id)
        faces = {key: art.pixmap(Card.parse(key), 60).toImage() for key in ("AS", "KH", "TD", "2C", "JK")}
        for key, face in faces.items():
            full = (face.height() // 4) * (face.width() // 4)
            assert _coverage(face) > 0.8 * full, f"{theme.label} draws {key} in part"  # not a fragment
        assert faces["JK"] not in (faces["AS"], faces["KH"], art.pixmap(None, 60).toImage()), theme.label
    # Debian's Anglo Poker and Simplistic are ones Qt cannot draw: never offered, and a saved choice falls back
    broken = [f"{folder}/{name}.svgz" for folder in SYSTEM_THEME_DIRS for name in ("anglo_poker", "simplistic")]
    if any(Path(path).exists() for path in broken):
        assert not {"system:anglo_poker", "system:simplistic"} & {t.id for t in themes}
        assert theme_by_id("system:anglo_poker").id == "classic"
        assert len(themes) > 10, "the designs Qt draws are all still offered"


def _coverage(image: QImage) -> int:
    return sum(image.pixelColor(x, y).alpha() > 0 for y in range(0, image.height(), 4)
               for x in range(0, image.width(), 4))


def test_which_designs_qt_draws_is_remembered_and_a_damaged_record_is_measured_again(qtbot: QtBot) -> None:
    import json

    from core.paths import data_dir
    from gui.deck import available_themes, installed_themes, qt_draws

    if not installed_themes():
        return  # no Aisleriot designs on this machine
    qt_draws.cache_clear()
    offered = [t.id for t in available_themes()]
    store = data_dir() / "card-designs.json"
    record = json.loads(store.read_text())
    assert len(record) == len(installed_themes()) and sum(record.values()) == len(offered) - 1
    first = next(t for t in installed_themes() if t.id == offered[1])
    key = next(k for k in record if k.startswith(f"{first.path}|"))
    store.write_text(json.dumps({**record, key: False}))  # as if that design had been found undrawable
    qt_draws.cache_clear()
    assert first.id not in [t.id for t in available_themes()], "the remembered answer is used"
    store.write_text("{not json")
    qt_draws.cache_clear()
    assert [t.id for t in available_themes()] == offered, "a damaged record is measured again"


def test_the_settings_open_at_once_and_the_installed_designs_join_the_list_as_they_are_read(
        qtbot: QtBot) -> None:
    from core.paths import data_dir
    from gui.deck import available_themes, qt_draws
    from gui.settings_dialog import SettingsDialog
    from plugins.euchre.plugin import GAME

    offered = [t.id for t in available_themes()]
    if len(offered) < 3:
        return  # no Aisleriot designs on this machine
    chosen = offered[-1]
    (data_dir() / "card-designs.json").unlink(missing_ok=True)
    qt_draws.cache_clear()  # as on the first opening: no design read yet
    dialog = SettingsDialog(GAME, GAME.settings.defaults(), chosen)
    qtbot.addWidget(dialog)
    shown = [dialog.theme.itemData(n) for n in range(dialog.theme.count())]
    assert shown == ["classic", chosen] and dialog.card_theme() == chosen  # OK at once keeps the player's design
    qtbot.waitUntil(lambda: dialog.theme.count() == len(offered), timeout=30000)
    assert [dialog.theme.itemData(n) for n in range(dialog.theme.count())] == offered  # in their usual order
    assert dialog.card_theme() == chosen



def test_a_designs_broken_links_stay_off_the_terminal(qtbot: QtBot, tmp_path: Path) -> None:
    """Some of Debian's designs link to a pip they never define; Qt's warning for each link is held back
    while such a design is read, and Qt's messages reach their handler as before afterwards."""
    from PySide6.QtCore import qInstallMessageHandler, qWarning
    from PySide6.QtSvg import QSvgRenderer

    from gui.deck import _quiet_svg, _system_renderer

    svg = tmp_path / "broken.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                   'width="10" height="14"><use xlink:href="#club_pip_small"/>'
                   '<rect id="back" width="10" height="14" fill="#336"/></svg>')
    messages: list[str] = []
    previous = qInstallMessageHandler(lambda kind, context, message: messages.append(message))
    try:
        QSvgRenderer(str(svg))
        assert len(messages) == 1 and "club_pip_small" in messages[0], "Qt warns when the design is read plainly"
        renderer = _system_renderer(svg)
        assert renderer.isValid() and renderer.elementExists("back")
        assert len(messages) == 1, "no warning while an installed design is read"
        QSvgRenderer(str(svg))
        assert len(messages) == 2, "the handler in place before gets Qt's messages again afterwards"
        with _quiet_svg():
            qWarning("not about SVG")
        assert messages[-1] == "not about SVG", "other messages still reach it while a design is read"
    finally:
        qInstallMessageHandler(previous)


def test_an_empty_piles_outline_follows_its_marks_label_and_size_though_it_is_drawn_once(qtbot: QtBot) -> None:
    """The outline is cached as a picture (it costs as much to draw as several cards); what the player sees must
    still change at once when a card may go there, its mark changes or the table rescales."""
    scene = QGraphicsScene(0, 0, 300, 300)
    scene.setBackgroundBrush(QColor(20, 90, 50))  # the felt
    view = QGraphicsView(scene)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.resize(310, 310)
    qtbot.addWidget(view)
    view.show()
    slot = SlotItem("", 100)
    slot.setPos(50, 50)
    scene.addItem(slot)

    def picture() -> QImage:
        qtbot.wait(20)
        return view.viewport().grab().toImage()

    def count(image: QImage, wanted: Callable[[QColor], bool]) -> int:
        return sum(wanted(image.pixelColor(x, y)) for y in range(0, 300, 2) for x in range(0, 300, 2))

    def green(c: QColor) -> bool:
        return c.green() > 150 and c.red() < 120 and c.blue() < 120

    def light(c: QColor) -> bool:
        return min(c.red(), c.green(), c.blue()) > 90

    plain = picture()
    assert count(plain, green) == 0
    slot.set_marks(destination=True)
    assert count(picture(), green) > 100, "a card may go here: the green outline shows at once"
    slot.set_marks(destination=False)
    assert count(picture(), green) == 0, "and goes again"
    slot.set_label("A")
    assert count(picture(), light) > count(plain, light) + 20, "the pile's letter shows"
    outline = count(picture(), light)
    slot.set_label("")
    slot.set_width(160)
    wider = picture()
    assert wider.pixelColor(50 + 150, 50 + 100) != plain.pixelColor(50 + 150, 50 + 100), "the outline grows"
    assert count(wider, light) > outline



def test_a_designs_name_keeps_its_own_capitals(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Debian 14's designs include ``XSkat.svgz`` and ``swiss-XVII.svgz``: the list said "Xskat"."""
    from gui import deck

    for name in ("XSkat", "swiss-XVII", "swiss-xvii", "l-&-h", "tango_nuevo", "Атласные"):
        (tmp_path / f"{name}.svgz").write_bytes(b"")
    monkeypatch.setattr(deck, "SYSTEM_THEME_DIRS", (tmp_path,))
    assert [theme.label for theme in deck.installed_themes()] == ["XSkat", "L & H", "Swiss XVII", "Tango Nuevo",
                                                                  "Атласные"]
