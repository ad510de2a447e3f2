"""One window per data folder. Two windows over the same folder would write the same saves and statistics, and
whichever closed last would silently overwrite the other's game; so a second launch asks the running window to
come to the front and ends.

The running window holds a lock file in the data folder (Qt's ``QLockFile``: a lock left by a program that
crashed is taken over, since the process it names is no longer running) and listens on a local socket named
after the folder (on Linux in the abstract namespace, so that a launch finds it whatever its ``TMPDIR``: one from
a terminal whose shell sets it did not find the window started from the desktop's menu); a second launch that
finds the lock held sends ``raise`` to that socket, with the activation token its desktop gave it
(``XDG_ACTIVATION_TOKEN``): on Wayland a window may take the focus only with a token from the launch the player
made, so the running window activates with that one — without it GNOME and KDE refuse, and flash the window or
post "Card Table is ready" instead of bringing it forward.
"""

from __future__ import annotations

import os
import socket
import sys
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QObject, QSysInfo, Signal

from gui.qt_paths import qt_path

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalServer

LOCK_NAME = "cardtable.lock"
RAISE = b"raise"  # then a space and the launch's activation token, if it has one; then a newline
TOKEN_ENV = "XDG_ACTIVATION_TOKEN"
CONNECT_MS = 1000
ABSTRACT = sys.platform.startswith("linux")  # sockets named apart from any folder (and gone with their process)


def server_name(folder: Path) -> str:
    """The local socket's name for ``folder``: short (socket paths have a small limit) and the same for every
    spelling of the folder's path. (A checksum, not a hash library: that would cost start-up time.)"""
    return f"cardtable-{zlib.crc32(os.fsencode(folder.resolve())):08x}"


def window_answers(folder: Path) -> bool:
    """Whether a window listens on ``folder``'s socket (on Windows, where it is a named pipe, not asked): Python's
    socket rather than Qt's, whose network module would cost start-up time."""
    if sys.platform == "win32":
        return False
    name = server_name(folder)
    for abstract in _namespaces():
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            try:  # named as Qt names it
                probe.connect(f"\0{name}" if abstract else os.path.join(os.environ.get("TMPDIR") or "/tmp", name))
            except OSError:
                continue  # none, or one a crashed window left
        return True
    return False


def _namespaces() -> tuple[bool, ...]:
    """Where a window may listen, abstract or not: on Linux the abstract namespace, then the temporary folder, where
    a window of an earlier version listens (one still open over an update)."""
    return (True, False) if ABSTRACT else (False,)


def process_stopped(pid: int) -> bool:
    """Whether process ``pid`` is stopped (Ctrl+Z in its terminal, ``kill -STOP``): it holds its lock but answers
    nothing until continued. False where it cannot be told (no ``/proc``)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rpartition(")")[2].split()[:1] == ["T"]  # the state follows the command name in brackets


class SingleInstance(QObject):
    """The claim on one data folder: :meth:`claim` once at start-up, :meth:`listen` once the window is on
    screen (Qt's network module loads then, not before the first frame); ``raise_requested`` when a later
    launch over the same folder asks the window to come forward, with that launch's activation token ("" when
    it has none)."""

    raise_requested = Signal(str)

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.name = server_name(folder)
        self._lock: QLockFile | None = None
        self._server: QLocalServer | None = None
        self.asked = False  # after a refused claim: whether the running window got the request
        self.stopped_owner: int | None = None  # after a refused claim: the holder's process id, if it is stopped
        self.other_machine: tuple[str, int] | None = None  # after a refused claim: a holder on another machine

    def claim(self) -> bool:
        """True when this program may open its window: it now holds the folder (or the folder cannot hold a
        lock at all, and nothing would be gained by refusing). False when another running program holds it;
        that program has then been asked to come to the front (``asked`` says whether it got the request)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return True  # saving will fail too, and says so where the player is looking
        lock = QLockFile(qt_path(self.folder / LOCK_NAME))
        lock.setStaleLockTime(0)  # held for as long as the window is open; only a dead owner's lock is stale
        if not lock.tryLock(0):
            if lock.error() == QLockFile.LockError.LockFailedError:
                holder, host, _ = lock.getLockInfo()
                if host and host != QSysInfo.machineHostName():  # a shared home (NFS): no window here to ask
                    self.other_machine = (host, holder)
                    return False
                self.stopped_owner = holder if holder and process_stopped(holder) else None
                self.asked = self.stopped_owner is None and self._ask_to_raise()
                return False
            return True  # the folder cannot take a lock file (read-only, say): play on without the guard
        if window_answers(self.folder):  # its lock file gone (deleted by hand, or the folder made again): still there
            lock.unlock()
            self.asked = self._ask_to_raise()
            return False
        self._lock = lock
        return True

    def listen(self) -> None:
        """Answer later launches (a launch before this finds the lock and ends without raising the window)."""
        from PySide6.QtNetwork import QLocalServer

        if self._lock is None or self._server is not None:
            return
        server = QLocalServer(self)
        if ABSTRACT:
            server.setSocketOptions(QLocalServer.SocketOption.AbstractNamespaceOption)
        else:
            QLocalServer.removeServer(self.name)  # a socket left by a program that crashed (we hold the lock)
        if server.listen(self.name):
            server.newConnection.connect(self._connected)
            self._server = server

    def release(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def _ask_to_raise(self) -> bool:
        from PySide6.QtNetwork import QLocalSocket

        for abstract in _namespaces():
            socket = QLocalSocket()
            if abstract:
                socket.setSocketOptions(QLocalSocket.SocketOption.AbstractNamespaceOption)
            socket.connectToServer(self.name)
            if not socket.waitForConnected(CONNECT_MS):
                continue  # still starting (it listens from its first frame), or not answering
            token = os.environ.get(TOKEN_ENV, "")
            socket.write(RAISE + (b" " + token.encode() if token.isprintable() and " " not in token else b"") + b"\n")
            sent = socket.waitForBytesWritten(CONNECT_MS)
            socket.disconnectFromServer()
            return sent
        return False

    def _connected(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.readyRead.connect(self._read)  # the socket is the server's child and goes with it

    def _read(self) -> None:
        from PySide6.QtNetwork import QLocalSocket

        socket = self.sender()
        if not isinstance(socket, QLocalSocket):
            return
        words = bytes(socket.readAll().data()).decode(errors="replace").split()
        if words[:1] == [RAISE.decode()]:
            self.raise_requested.emit(words[1] if len(words) > 1 else "")
