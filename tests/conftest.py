"""Shared fixtures: every test gets its own CARDTABLE_HOME, and Qt runs offscreen; ``disk`` fills the disk."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
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


@pytest.fixture(autouse=True)
def no_screen_reader_running(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's words go as if no Orca ran, whatever runs on this machine (a test may say which one runs)."""
    module = sys.modules.get("gui.screen_reader")
    if module is not None:
        monkeypatch.setattr(module, "orca_version", lambda: None)


@pytest.fixture(autouse=True)
def hints_come_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A busy test machine must not turn a quick hint into a slow one (shown later, from its thread, with "Looking
    for a hint…" said first): the window waits long for it here; a test of the slow path sets its own wait."""
    monkeypatch.setattr("gui.table_view.HINT_WAIT_MS", 10_000)


@pytest.fixture(autouse=True)
def deferred_deletes_done() -> Iterator[None]:
    """What a test's windows left to delete later (a dialog still reading card designs, one a turn of the event
    loop) goes when the test ends: with no event loop running between tests Qt would never delete it, and it
    would write into the next test's CARDTABLE_HOME."""
    yield
    if "PySide6.QtCore" in sys.modules:
        from PySide6.QtCore import QCoreApplication, QEvent

        if QCoreApplication.instance() is not None:
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


class Disk:
    """The disk under Card Table's files: while ``full``, every file written fails as on a full disk — at the
    flush to the disk (a write to a new file is buffered), as measured on a full tmpfs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        real_fsync = os.fsync

        def fsync(fd: int) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_fsync(fd)

        monkeypatch.setattr("core.storage.os.fsync", fsync)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)
