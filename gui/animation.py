"""Animation durations, set in one place. ``CARDTABLE_ANIMATIONS=0`` (the tests) turns them all off."""

from __future__ import annotations

import os

MOVE_MS = 180
FLIP_MS = 120
CPU_DELAY_MS = 450  # pause between CPU moves so a person can follow them
HOLD_READ_MS = 1500  # the demo reads a moment the table holds (a finished trick, a hand's summary) this long
DEAL_STEP_MS = 30  # in a deal, how long after one card the next sets off from the deck ...
DEAL_MS = 600  # ... or less, so that the last one sets off within this

_enabled = True


def set_enabled(on: bool) -> None:
    global _enabled
    _enabled = on


def enabled() -> bool:
    return _enabled and os.environ.get("CARDTABLE_ANIMATIONS", "1") != "0"


def move_ms() -> int:
    return MOVE_MS if enabled() else 0


def flip_ms() -> int:
    return FLIP_MS if enabled() else 0


def cpu_delay_ms() -> int:
    return CPU_DELAY_MS if enabled() else 0


def hold_read_ms() -> int:
    return HOLD_READ_MS if enabled() else 0
