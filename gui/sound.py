"""Sound effects, off unless the player turns them on: short WAVs from ``resources/sounds``, played by a process of
their own (:mod:`gui.sound_worker`) so that nothing the audio system does can stop the window. That process starts
when sound is turned on and ends when it is turned off or the window closes. One that dies (its watchdog ends it
when Qt's audio back end locks up, as a change of output device can make it, and leaves when the sound server was
started afresh) is replaced at the next effect, up to
``RESTARTS`` times in ``RESTART_WINDOW`` seconds; one that cannot play at all says why once (``problem``) and the
game stays silent. A QProcess rather than :mod:`core.analysis_worker`'s pool: the player is a Qt program reading
lines, with nothing to send back but a problem."""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QObject, QProcess

from core.sounds import SOUNDS

#: fresh players started within ``RESTART_WINDOW`` seconds, after which the board gives up
RESTARTS = 5
RESTART_WINDOW = 600.0


class SoundBoard(QObject):
    """Plays the effects named in :data:`core.table.SOUNDS` while ``enabled``."""

    def __init__(self, enabled: bool = False, command: list[str] | None = None) -> None:
        super().__init__()
        self._command = command or [sys.executable, "-m", "gui.sound_worker"]
        self.problem = ""  # why there is no sound, once something was tried
        self.ready = False  # the player said it takes effects (an effect before would be dropped, not played late)
        self.restarts = 0  # players started afresh after one ended by itself
        self._restarted_at: list[float] = []
        # one QProcess, started again when its player ended: deleting one from its own finished signal crashed
        self.player = QProcess(self)
        self.player.setStandardErrorFile(QProcess.nullDevice())  # Qt's audio warnings: a locked-up back end floods
        self.player.readyReadStandardOutput.connect(self._read)
        self.player.finished.connect(self._read)
        self.player.errorOccurred.connect(self._failed)
        self._enabled = False
        self.enabled = enabled

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        self._enabled = on
        if on and not self.problem:
            self._start()
        elif not on:
            self.close()

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
            now = time.monotonic()
            self._restarted_at = [at for at in self._restarted_at if now - at < RESTART_WINDOW] + [now]
            if len(self._restarted_at) > RESTARTS:
                self.problem = "sound stopped: the audio system keeps failing"
                return False
            self.restarts += 1
            self._start()
        return self.running and self.ready and self.player.write(f"{name}\n".encode()) > 0

    def _start(self) -> None:
        if not self.running:
            self.ready = False
            self.player.start(self._command[0], self._command[1:])

    def _read(self) -> None:
        while self.player.canReadLine():
            line = bytes(self.player.readLine().data()).decode(errors="replace").strip()
            if line == "ready":
                self.ready = True
            elif line.startswith("problem ") and not self.problem:
                self.problem = line.removeprefix("problem ")

    def _failed(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self.problem = f"no sound: the sound player cannot start ({self.player.errorString()})"

    def close(self) -> None:
        """End the player (its effects stop with it)."""
        if self.running:
            self.player.closeWriteChannel()  # a ready player ends when its input does
            if not (self.ready and self.player.waitForFinished(500)):
                self.player.kill()  # one still starting reads nothing yet, and has nothing to play out
                self.player.waitForFinished(500)
