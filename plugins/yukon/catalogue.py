"""The catalogue of verified solvable Yukon deals, by variant and level, and the day's deal.

``resources/catalogues/yukon.json`` is written by ``cardtable yukon build-catalogue``: every entry's
solution was found by the solver and replayed through the rules before it was written down, under the
rules and solver versions the file names.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import resources
from core.rng import Rng

CATALOGUE_FORMAT = 1
RULES_VERSION = 1


@dataclass(frozen=True)
class Entry:
    deal: int
    level: str
    moves: int
    nodes: int


class CatalogueError(ValueError):
    """The catalogue file is missing or damaged."""


def catalogue_path() -> Path:
    return Path(str(resources.files().joinpath("catalogues", "yukon.json")))


class Catalogue:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.entries: dict[str, list[Entry]] = {
            variant: [Entry(int(e["deal"]), str(e["level"]), int(e["moves"]), int(e["nodes"])) for e in rows]
            for variant, rows in data.get("variants", {}).items()
        }

    @classmethod
    def load(cls, path: Path | None = None) -> Catalogue:
        path = path or catalogue_path()
        try:
            data = json.loads(path.read_text(encoding="utf-8-sig"))
        except (OSError, ValueError) as error:
            raise CatalogueError(f"the deal catalogue {path} cannot be read: {error}") from None
        if not isinstance(data, dict) or data.get("format_version") != CATALOGUE_FORMAT:
            raise CatalogueError(f"the deal catalogue {path} has an unknown format")
        try:
            return cls(data)
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise CatalogueError(f"the deal catalogue {path} is damaged: each variant lists entries with a deal, "
                                 f"level, moves and nodes ({type(error).__name__}: {error})") from None

    def level(self, variant: str, level: str) -> list[Entry]:
        return [e for e in self.entries.get(variant, []) if e.level == level]

    def lookup(self, variant: str, deal: int) -> Entry | None:
        return next((e for e in self.entries.get(variant, []) if e.deal == deal), None)

    def pick(self, variant: str, level: str, seed: int) -> Entry:
        choices = self.level(variant, level)
        if not choices:
            raise CatalogueError(f"the catalogue has no {level} {variant} deals")
        return Rng.derive("catalogue", variant, level, seed).choice(choices)

    def todays(self, variant: str, level: str, day: datetime.date) -> Entry:
        """The same entry all day for this date, level and variant."""
        digest = hashlib.sha256(f"{day.isoformat()}|{variant}|{level}".encode()).digest()
        return self.pick(variant, level, int.from_bytes(digest[:8], "little"))


@cache
def load_catalogue() -> Catalogue:
    """The installed catalogue, read once."""
    return Catalogue.load()
