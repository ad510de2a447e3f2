"""Card art: SVG themes rendered once per card × size × device-pixel-ratio into cached pixmaps.

The project's own theme lives in ``resources/cards/classic`` (one SVG per card, the joker ``JK.svg`` too).
Decks already installed on the system in the aisleriot format (one SVG with an element per card, e.g.
Debian's gnome-cards-data; each has a ``joker_black``) are offered as extra themes.
"""

from __future__ import annotations

import contextlib
import sys
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QRectF, Qt, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

import resources
from core.cards import JOKER, Card, full_deck
from core.paths import data_dir
from core.storage import BadFile, read_json_file, write_json_atomic
from gui.qt_paths import qt_path

SYSTEM_THEME_DIRS = (Path("/usr/share/aisleriot/cards"), Path("/usr/local/share/aisleriot/cards"))
CARD_RATIO = 1.4  # height / width
_AISLERIOT_RANKS = {1: "1", 11: "jack", 12: "queen", 13: "king"}
_AISLERIOT_SUITS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
_CACHE_SIZE = 400


@dataclass(frozen=True)
class Theme:
    id: str
    label: str
    path: Path
    single_file: bool  # aisleriot: one SVG with element ids


def classic_dir() -> Path:
    return Path(str(resources.files().joinpath("cards", "classic")))


_CYRILLIC = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                     ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s",
                      "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"], strict=True))


def _design_key(name: str) -> str:
    """The design a file name stands for: case, separators and Cyrillic spelling set aside, so Aisleriot's
    ``atlasnye`` and ``Атласные`` (one design under a translated name) count once."""
    latin = "".join(_CYRILLIC.get(c, c) for c in name.lower())
    return "".join(c for c in latin if c.isalnum())


@cache
def qt_draws(path: Path) -> bool:
    """Whether Qt's SVG renderer draws this Aisleriot design's cards whole. For a few designs (Anglo Poker and
    Simplistic in Debian's gnome-cards-data) it reports element bounds several times the card's size, so
    every card comes out as a magnified fragment; every face of a design is the same size, so a spread in
    the reported sizes gives those away. Reading a design takes about 30 ms, so the answers are kept in the
    data folder (``card-designs.json``) per file, size and modification time."""
    stat = path.stat()
    key = f"{path}|{stat.st_size}|{stat.st_mtime_ns}"
    store = data_dir() / "card-designs.json"
    try:
        known = read_json_file(store)
        known = known if isinstance(known, dict) else {}
    except (BadFile, OSError):
        known = {}
    if isinstance(known.get(key), bool):
        return bool(known[key])
    answer = _faces_agree(path)
    with contextlib.suppress(OSError):  # only a cache: the answer stands, and is measured again next time
        write_json_atomic(store, {**known, key: answer})
    return answer


@contextlib.contextmanager
def _quiet_svg() -> Iterator[None]:
    """Qt's SVG warnings held back while an installed design is read: some of Debian's designs (Berlin,
    Lattmann, Orell, Rheinland, Tarocco) link to a pip they never define, outside every card, and Qt would
    print each link on the terminal every time the design is opened. Other messages go where they went."""

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if context.category == "qt.svg":
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            print(message, file=sys.stderr)

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


def _system_renderer(path: Path) -> QSvgRenderer:
    """A renderer for an installed Aisleriot design (see :func:`_quiet_svg`)."""
    with _quiet_svg():
        return QSvgRenderer(qt_path(path))


def _faces_agree(path: Path) -> bool:
    renderer = _system_renderer(path)
    sizes = [renderer.boundsOnElement(_aisleriot_id(card.text)).size() for card in (*full_deck(), JOKER)]
    widths, heights = [s.width() for s in sizes], [s.height() for s in sizes]
    return min(widths) > 0 and max(widths) <= 1.25 * min(widths) and max(heights) <= 1.25 * min(heights)


CLASSIC = Theme("classic", "Card Table classic", classic_dir(), False)


def installed_themes() -> list[Theme]:
    """Each installed Aisleriot design once (the ASCII-named file first), unchecked."""
    themes = []
    seen: set[str] = set()
    paths = [path for folder in SYSTEM_THEME_DIRS if folder.is_dir() for path in sorted(folder.glob("*.svg*"))]
    for path in sorted(paths, key=lambda p: not p.name.isascii()):
        name = path.name.split(".")[0]
        if _design_key(name) in seen:
            continue
        seen.add(_design_key(name))
        words = name.replace("_", " ").replace("-", " ").split()
        label = " ".join(w if w != w.lower() else w.upper() if set(w) <= set("ivxl") else w.capitalize()
                         for w in words)  # a name's own capitals stand: XSkat, swiss-XVII
        themes.append(Theme(f"system:{name}", label, path, True))
    return themes


def available_themes() -> list[Theme]:
    """Card Table's own design, then each installed Aisleriot design that Qt draws whole (:func:`qt_draws`;
    the first call reads every design, about a second for Debian's thirty)."""
    return [CLASSIC, *(theme for theme in installed_themes() if qt_draws(theme.path))]


def theme_by_id(theme_id: str) -> Theme:
    """The design ``theme_id``; the classic one if it is not installed or Qt cannot draw it."""
    theme = next((t for t in installed_themes() if t.id == theme_id), None)
    return theme if theme is not None and qt_draws(theme.path) else CLASSIC


class CardArt:
    """Pixmaps for faces and the back of one theme, cached by size and device pixel ratio."""

    def __init__(self, theme_id: str = "classic") -> None:
        self.theme = theme_by_id(theme_id)
        self._renderers: dict[str, QSvgRenderer] = {}
        self._cache: OrderedDict[tuple[str, int, int, float], QPixmap] = OrderedDict()

    def _renderer(self, key: str) -> tuple[QSvgRenderer, str | None]:
        if self.theme.single_file:
            renderer = self._renderers.get("")
            if renderer is None:
                renderer = self._renderers[""] = _system_renderer(self.theme.path)
            return renderer, _aisleriot_id(key)
        renderer = self._renderers.get(key)
        if renderer is None:
            renderer = self._renderers[key] = QSvgRenderer(qt_path(self.theme.path / f"{key}.svg"))
        return renderer, None

    def pixmap(self, card: Card | None, width: int, dpr: float = 1.0) -> QPixmap:
        """The face of ``card`` (or the back for ``None``) at ``width`` logical pixels."""
        key = card.text if card is not None else "back"
        height = round(width * CARD_RATIO)
        cache_key = (key, width, height, dpr)
        cached = self._cache.get(cache_key)
        if cached is not None:
            self._cache.move_to_end(cache_key)
            return cached
        pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
        pixmap.fill(QColor(0, 0, 0, 0))
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer, element = self._renderer(key)
        bounds = QRectF(0, 0, pixmap.width(), pixmap.height())
        if element is not None:
            renderer.render(painter, element, bounds)
        else:
            renderer.render(painter, bounds)
        painter.end()
        pixmap.setDevicePixelRatio(dpr)
        self._cache[cache_key] = pixmap
        if len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)
        return pixmap

    def suit_pixmap(self, suit_letter: str, size: int, dpr: float = 1.0) -> QPixmap:
        renderer = QSvgRenderer(qt_path(Path(str(resources.files().joinpath("suits", f"{suit_letter}.svg")))))
        pixmap = QPixmap(round(size * dpr), round(size * dpr))
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter)
        painter.end()
        pixmap.setDevicePixelRatio(dpr)
        return pixmap


def _aisleriot_id(key: str) -> str:
    if key == "back":
        return "back"
    card = Card.parse(key)
    if card.is_joker:
        return "joker_black"  # every Aisleriot design has one
    rank = _AISLERIOT_RANKS.get(card.rank, str(card.rank))
    return f"{_AISLERIOT_SUITS[card.suit.letter]}_{rank}"
