"""Writes Card Table's own card art as SVG: 52 faces, the joker, a back, suit marks and game icons.

Run ``python tools/make_card_art.py``; the output under ``resources/`` is committed. The style is a
clean modern deck: corner indices, classic pip layouts drawn as vector paths (no font needed for suits),
and framed court cards with a crowned monogram. Cards are 250 × 350 units (the 5:7 poker ratio).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import guarded, output_folder

RESOURCES = Path(__file__).resolve().parents[1] / "resources"
W, H = 250, 350
RED, BLACK = "#c8102e", "#1a1a1a"
SUIT_PATHS = {  # each drawn in a 100 × 100 box
    "S": "M50,4 C70,30 100,44 100,66 A22,22 0 0 1 57,76 C59,86 63,92 70,98 L30,98 C37,92 41,86 43,76 "
         "A22,22 0 0 1 0,66 C0,44 30,30 50,4 Z",
    "H": "M50,96 C38,82 0,60 0,32 A24,24 0 0 1 50,18 A24,24 0 0 1 100,32 C100,60 62,82 50,96 Z",
    "D": "M50,2 C60,20 74,36 92,50 C74,64 60,80 50,98 C40,80 26,64 8,50 C26,36 40,20 50,2 Z",
    "C": "M50,6 A22,22 0 0 1 66,44 A22,22 0 1 1 58,76 C60,86 64,92 70,98 L30,98 C36,92 40,86 42,76 "
         "A22,22 0 1 1 34,44 A22,22 0 0 1 50,6 Z",
}
RANKS = "A23456789TJQK"
SUITS = "SHDC"
COURT = {"J": ("#2f6fb3", "#e9b949"), "Q": ("#8e3b8c", "#e9b949"), "K": ("#b8322a", "#e9b949")}
# pip centres as fractions of the pip area; rows below 0.5 are drawn upside down
PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(0.5, 0.0), (0.5, 1.0)],
    "3": [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    "4": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "5": [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    "6": [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "7": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "8": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    "9": [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    "T": [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1),
          (1, 1)],
}


def suit_shape(suit: str, x: float, y: float, size: float, colour: str, flip: bool = False) -> str:
    """A suit mark centred on (x, y), ``size`` units tall."""
    scale = size / 100
    rotate = f" rotate(180 {x:.1f} {y:.1f})" if flip else ""
    return (f'<path d="{SUIT_PATHS[suit]}" fill="{colour}" '
            f'transform="{rotate.strip()} translate({x - size / 2:.1f} {y - size / 2:.1f}) scale({scale:.3f})"/>')


def index(rank: str, suit: str, colour: str) -> str:
    label = "10" if rank == "T" else rank
    # "10" is set narrower so both digits stay well inside the card's edge (tests/test_card_art.py measures it)
    size, spacing, x = (46, -3, 26) if label != "10" else (34, -5, 28)
    corner = (f'<text x="{x}" y="50" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="bold" '
              f'font-size="{size}" text-anchor="middle" fill="{colour}" letter-spacing="{spacing}">{label}</text>'
              + suit_shape(suit, 26, 74, 28, colour))
    return f"<g>{corner}</g><g transform=\"rotate(180 {W / 2} {H / 2})\">{corner}</g>"


def frame(inner: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="16" fill="#fffdf8" stroke="#8a8a8a" '
            f'stroke-width="3"/>{inner}</svg>\n')


def pips(rank: str, suit: str, colour: str) -> str:
    if rank == "A":
        return suit_shape(suit, W / 2, H / 2, 120 if suit != "S" else 140, colour)
    left, right, top, bottom = 80, W - 80, 72, H - 72
    size = 48 if rank != "T" else 44
    parts = []
    for fx, fy in PIPS[rank]:
        x = left + (right - left) * fx
        y = top + (bottom - top) * fy
        parts.append(suit_shape(suit, x, y, size, colour, flip=fy > 0.5))
    return "".join(parts)


def court(rank: str, suit: str, colour: str) -> str:
    robe, gold = COURT[rank]
    x0, y0, x1, y1 = 52, 58, W - 52, H - 58
    half = (y0 + y1) / 2
    portrait = (
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="{robe}" fill-opacity="0.12" '
        f'stroke="{colour}" stroke-width="3"/>'
        f'<path d="M{x0},{half} L{x1},{half}" stroke="{colour}" stroke-width="1.5" stroke-dasharray="4 4"/>'
    )
    figure = (
        # crown
        f'<path d="M99,104 L103,80 L114,94 L125,74 L136,94 L147,80 L151,104 Z" fill="{gold}" '
        f'stroke="#7a5a12" stroke-width="2"/>'
        # monogram
        f'<text x="125" y="146" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="44" '
        f'text-anchor="middle" fill="{robe}">{rank}</text>'
    )
    lower = f'<g transform="rotate(180 {W / 2} {H / 2})">{figure}</g>'
    centre = suit_shape(suit, 125, half, 34, colour)
    medallion = f'<circle cx="125" cy="{half}" r="22" fill="#fffdf8" stroke="{gold}" stroke-width="2"/>'
    return portrait + figure + lower + medallion + centre


def face(rank: str, suit: str) -> str:
    colour = RED if suit in "HD" else BLACK
    body = court(rank, suit, colour) if rank in COURT else pips(rank, suit, colour)
    return frame(index(rank, suit, colour) + body)


def joker() -> str:
    """The joker (Euchre's benny): JOKER spelt down both corners, a jester's star in a gold medallion."""
    colour, gold = "#5b2a86", "#e9b949"
    letters = "".join(f'<text x="24" y="{40 + 27 * i}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" '
                      f'font-weight="bold" font-size="26" text-anchor="middle" fill="{colour}">{ch}</text>'
                      for i, ch in enumerate("JOKER"))
    corner = f"<g>{letters}</g><g transform=\"rotate(180 {W / 2} {H / 2})\">{letters}</g>"
    star = " ".join(f"{125 + r * math.sin(a * math.pi / 5):.1f},"
                    f"{175 - r * math.cos(a * math.pi / 5):.1f}"
                    for a, r in ((k, 62 if k % 2 == 0 else 26) for k in range(10)))
    emblem = (f'<rect x="52" y="58" width="{W - 104}" height="{H - 116}" rx="8" fill="{colour}" fill-opacity="0.1" '
              f'stroke="{colour}" stroke-width="3"/>'
              f'<circle cx="125" cy="175" r="74" fill="#fffdf8" stroke="{gold}" stroke-width="4"/>'
              f'<polygon points="{star}" fill="{colour}" stroke="{gold}" stroke-width="3" stroke-linejoin="round"/>'
              f'<circle cx="125" cy="175" r="11" fill="{gold}"/>')
    return frame(corner + emblem)


def back() -> str:
    pattern = (
        '<defs><pattern id="lattice" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<path d="M10,0 L20,10 L10,20 L0,10 Z" fill="none" stroke="#9fb8e8" stroke-width="1.6"/>'
        '<circle cx="10" cy="10" r="2" fill="#d6e2fa"/></pattern></defs>'
    )
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">{pattern}'
            f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="16" fill="#fffdf8" stroke="#8a8a8a" '
            f'stroke-width="3"/><rect x="14" y="14" width="{W - 28}" height="{H - 28}" rx="10" fill="#1f3f8a"/>'
            f'<rect x="14" y="14" width="{W - 28}" height="{H - 28}" rx="10" fill="url(#lattice)"/>'
            f'<rect x="24" y="24" width="{W - 48}" height="{H - 48}" rx="8" fill="none" stroke="#e9b949" '
            f'stroke-width="3"/></svg>\n')


def icon(kind: str) -> str:
    """64 × 64 launcher icons: fanned cards for Euchre, a cascading column for Yukon, a card for the app."""
    def mini(x: float, y: float, angle: float, suit: str) -> str:
        colour = RED if suit in "HD" else BLACK
        return (f'<g transform="rotate({angle} {x + 12} {y + 34})"><rect x="{x}" y="{y}" width="24" height="34" '
                f'rx="3" fill="#fffdf8" stroke="#555" stroke-width="1.5"/>'
                + suit_shape(suit, x + 12, y + 17, 14, colour) + "</g>")
    if kind == "euchre":
        cards = mini(8, 20, -20, "S") + mini(20, 14, 0, "H") + mini(32, 20, 20, "D")
    elif kind == "yukon":
        cards = mini(8, 4, 0, "C") + mini(8, 16, 0, "H") + mini(8, 28, 0, "S") + mini(34, 4, 0, "D")
    else:
        cards = mini(20, 14, 0, "S")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
            f'<rect width="64" height="64" rx="12" fill="#1d6b3a"/>{cards}</svg>\n')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=RESOURCES,
                        help=f"folder to write cards/classic/, suits/ and icons/ into (default {RESOURCES})")
    out: Path = parser.parse_args().out
    cards = out / "cards" / "classic"
    for folder in (cards, out / "suits", out / "icons"):
        output_folder(folder, "the card art")
    for suit in SUITS:
        for rank in RANKS:
            (cards / f"{rank}{suit}.svg").write_text(face(rank, suit), encoding="utf-8")
    (cards / "JK.svg").write_text(joker(), encoding="utf-8")
    (cards / "back.svg").write_text(back(), encoding="utf-8")
    for suit in SUITS:
        colour = RED if suit in "HD" else BLACK
        (out / "suits" / f"{suit}.svg").write_text(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
            f'{suit_shape(suit, 50, 50, 96, colour)}</svg>\n', encoding="utf-8")
    for kind in ("euchre", "yukon", "app"):
        (out / "icons" / f"{kind}.svg").write_text(icon(kind), encoding="utf-8")
    print(f"wrote 52 cards, the joker and a back to {cards}, 4 suit marks, 3 icons")
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "make_card_art.py"))
