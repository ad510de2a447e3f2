"""Shared fixtures: every test gets its own CARDTABLE_HOME, and Qt runs offscreen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("CARDTABLE_ANIMATIONS", "0")


@pytest.fixture(autouse=True)
def cardtable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    monkeypatch.delenv("CARDTABLE_DISABLE_PLUGINS", raising=False)
    return home
