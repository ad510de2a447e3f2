"""Sound effects, off unless the player turns them on: short WAVs from ``resources/sounds``, played by a process of
their own (:mod:`gui.sound_worker`) so that nothing the audio system does can stop the window. That process starts
when sound is turned on and ends when it is turned off or the window closes. One that dies (its watchdog ends it when
Qt's audio back end locks up, as a change of output device can make it) is replaced at the next effect, up to
``RESTARTS`` times in ``RESTART_WINDOW`` seconds; one that left for a new sound server (one started afresh, or the
first) is replaced at once, as is one watching for a server when it locked up or crashed. One that cannot play says
why (``problem``), and the game stays silent until sound is turned on again, or (a missing device) until a new sound
server starts; one that found no sound server running waits for one (``waiting``). The board's ``notice`` is what the
player should read of either, and ``notice_changed`` says when it changes. A QProcess rather than
:mod:`core.analysis_worker`'s pool: the player is a Qt program reading lines, with nothing to send back but a
problem."""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QObject, QProcess, QTimer, Signal

from core.sounds import SOUNDS
from core.text import Text
from gui.i18n import STRINGS, phrase
from gui.sound_worker import SERVER_GONE, STALLED

#: fresh players started within ``RESTART_WINDOW`` seconds, after which the board gives up
RESTARTS = 5
RESTART_WINDOW = 600.0


class SoundBoard(QObject):
    """Plays the effects named in :data:`core.table.SOUNDS` while ``enabled``."""

    notice_changed = Signal()

    def __init__(self, enabled: bool = False, command: list[str] | None = None) -> None:
        super().__init__()
        self._command = command or [sys.executable, "-m", "gui.sound_worker"]
        self.problem: Text | None = None  # why there is no sound, once something was tried
        self.waiting = False  # the player found no sound server running, and waits for one
        self.ready = False  # the player said it takes effects (an effect before would be dropped, not played late)
        self.restarts = 0  # players started afresh after one ended by itself
        self.watching = False  # the player said it found no device or no server, and stays to watch for a new one
        self._closing = False  # the board itself ends the player
        self._restarted_at: list[float] = []
        # one QProcess, started again when its player ended: deleting one from its own finished signal crashed
        self.player = QProcess(self)
        self.player.setStandardErrorFile(QProcess.nullDevice())  # Qt's audio warnings: a locked-up back end floods
        self.player.readyReadStandardOutput.connect(self._read)
        self.player.finished.connect(self._ended)
        self.player.errorOccurred.connect(self._failed)
        self._enabled = False
        self.enabled = enabled

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        if on and not self._enabled:
            self.problem, self.waiting = None, False  # turned on again: tried again (a device plugged in since)
            self._restarted_at.clear()
        self._enabled = on
        if on and not self.problem:
            self._start()
        elif not on:
            self.close()
        self.notice_changed.emit()

    @property
    def notice(self) -> Text | None:
        """What the player should read about sound while it is on: why there is none, or why none yet."""
        if not self._enabled:
            return None
        return self.problem or (phrase("sound_waiting") if self.waiting else None)

    @property
    def running(self) -> bool:
        """Whether a player process is there to take effects."""
        return self.player.state() != QProcess.ProcessState.NotRunning

    def play(self, name: str) -> bool:
        """Hand ``name`` to the player; True when it was handed over (False while it starts: the effect is
        dropped)."""
        if not self._enabled or self.problem or name not in SOUNDS:
            return False
        if not self.running:  # it ended: a locked-up audio back end, or a crash
            self._restart()
        return self.running and self.ready and self.player.write(f"{name}\n".encode()) > 0

    def _restart(self) -> None:
        now = time.monotonic()
        self._restarted_at = [at for at in self._restarted_at if now - at < RESTART_WINDOW] + [now]
        if len(self._restarted_at) > RESTARTS:
            self._say(phrase("sound_failing"))
            return
        self.restarts += 1
        self._start()

    def _start(self) -> None:
        if not self.running:
            self.ready = self.watching = self._closing = False
            self.player.start(self._command[0], self._command[1:])

    def _read(self) -> None:
        while self.player.canReadLine():
            line = bytes(self.player.readLine().data()).decode(errors="replace").strip()
            if line == "ready":
                self.ready = True
                if self.waiting or self.problem:  # what was said no longer holds
                    self.problem, self.waiting = None, False
                    self.notice_changed.emit()
            elif line == "waiting":
                self.watching = True
                if not self.waiting:
                    self.problem, self.waiting = None, True
                    self.notice_changed.emit()
            elif line.startswith("problem "):
                what, _, detail = line.removeprefix("problem ").partition(" ")
                self.watching = what == "no_device"
                key = f"sound_{what}" if f"sound_{what}" in STRINGS else "sound_no_device"
                self._say(phrase(key, detail=detail))

    def _ended(self) -> None:
        self._read()
        self.ready = False
        crashed = self.player.exitStatus() == QProcess.ExitStatus.CrashExit
        # a player watching for a sound server that locked up or crashed: no other would ever notice the server come
        lost_watch = self.watching and not self._closing and (crashed or self.player.exitCode() == STALLED)
        self.watching = False
        if self._enabled and (lost_watch or (not crashed and self.player.exitCode() == SERVER_GONE)):
            # a player for the new server now (not from here: the process is not done with yet); what was said of
            # the old one stands until the new player says how it is
            QTimer.singleShot(0, self, lambda: None if self.running or not self._enabled else self._restart())

    def _failed(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._say(phrase("sound_cannot_start", detail=self.player.errorString()))

    def _say(self, problem: Text) -> None:
        if problem != self.problem or self.waiting:
            self.problem, self.waiting = problem, False
            self.notice_changed.emit()

    def close(self) -> None:
        """End the player (its effects stop with it)."""
        if self.running:
            self._closing = True
            self.player.closeWriteChannel()  # a ready player ends when its input does
            if not (self.ready and self.player.waitForFinished(500)):
                self.player.kill()  # one still starting reads nothing yet, and has nothing to play out
                self.player.waitForFinished(500)
