"""The process that plays the sound effects, started by :class:`gui.sound.SoundBoard` as ``python -m
gui.sound_worker``: it reads one effect name a line from its standard input and plays it with QtMultimedia's
QSoundEffect.

It is a process of its own because Qt 6.11's PulseAudio back end can lock up whatever plays through it: when the
default output changes (headphones plugged in, a USB or Bluetooth headset) while an effect's stream is open, or
when effects come in during the back end's first second or so, Qt's event loop can end up spinning on a closed
socket for ever. A window playing its effects itself froze at full CPU, writing millions of warnings
(``tools/sound_check.py`` measures it). Here a watchdog thread ends the process when its event loop stops turning,
and the board starts a fresh one for the next effect; and effects are read only once the back end has had
``SETTLE_MS`` to start, which took the lock-ups at start from 4 in 8 runs to 0 in 10: the player then says
``ready`` on its standard output, and the board sends nothing before (an effect played late would be wrong).

Qt also stays connected to a sound server that was started afresh (as PipeWire can be on an upgrade), silent and
without a word, and finds no device at all when none ran as it started (a session whose sound server starts after
the window, or PipeWire started before its PulseAudio part); the watchdog thread leaves when a server's socket has
been a new one for ``SERVER_SETTLE``, and the board's next player connects to the new server. A player that found
no device says ``waiting`` when no server's socket exists, else ``problem no_device``, and stays for a new one.

Its standard output also carries ``problem <what> <detail>`` when it cannot play (``no_module``, Qt's multimedia
module, and why; ``missing``, a sound file, and its name; ``no_device``); the process then ends, but for a missing
device where a server may yet come. Its standard error is Qt's, and the board discards it."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

#: how long the audio back end is given to start before the first effect is read (milliseconds)
SETTLE_MS = 1500
#: how long the event loop may stand still before the process ends itself (seconds)
STALL_LIMIT = 2.0
#: how often the event loop shows it is turning (milliseconds)
BEAT_MS = 250
#: exit status when the watchdog ended the process
STALLED = 3
#: exit status when the sound server the player was connected to was started afresh
SERVER_GONE = 4
#: how long a new server's socket stands before the player leaves for it (seconds)
SERVER_SETTLE = 1.0
#: where PulseAudio, and PipeWire's stand-in for it, and PipeWire itself listen, under ``$XDG_RUNTIME_DIR``
SERVER_SOCKETS = ("pulse/native", "pipewire-0")
VOLUME = 0.55


def _say_problem(what: str, detail: object = "") -> None:
    print("problem", what, detail, flush=True)


def server_sockets() -> dict[str, tuple[int, int, int] | None]:
    """Each sound server socket's identity (device, inode and change time: a freed inode can be used again at
    once), None where there is none. A server started afresh makes a new socket, and Qt, connected to the old one,
    stays silent without a word."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    found: dict[str, tuple[int, int, int] | None] = {}
    for name in SERVER_SOCKETS:
        try:
            status = os.stat(os.path.join(runtime, name)) if runtime else None
        except OSError:
            status = None
        found[name] = None if status is None else (status.st_dev, status.st_ino, status.st_ctime_ns)
    return found


def main() -> int:
    try:
        from PySide6.QtCore import QCoreApplication, QObject, QTimer, QUrl, Signal
        from PySide6.QtMultimedia import QSoundEffect
    except ImportError as error:
        _say_problem("no_module", error)
        return 1
    import resources
    from core.sounds import SOUNDS
    from gui.qt_paths import qt_arguments, qt_path

    app = QCoreApplication(qt_arguments())
    effects: dict[str, Any] = {}

    class Lines(QObject):  # carries what the reading thread reads to the event loop's thread
        line = Signal(str)
        closed = Signal()

    lines = Lines()
    lines.line.connect(lambda name: effects[name].play() if name in effects else None)
    lines.closed.connect(app.quit)

    def read_stdin() -> None:
        for raw in sys.stdin:
            lines.line.emit(raw.strip())
        lines.closed.emit()  # the board closed the pipe, or its process is gone

    def start_reading() -> None:
        print("ready", flush=True)
        threading.Thread(target=read_stdin, daemon=True).start()

    failed = gave_up = reading = False

    def check(effect: Any) -> None:
        nonlocal failed, gave_up, reading
        if effect.status() == QSoundEffect.Status.Error and not failed:
            failed = True  # one line for all the effects
            if not os.environ.get("XDG_RUNTIME_DIR"):  # no sound server's socket to watch for
                _say_problem("no_device")
                gave_up = True
                app.exit(1)
                return
            if any(server_sockets().values()):
                _say_problem("no_device")  # perhaps a server still starting (PipeWire comes before its pulse part)
            else:
                print("waiting", flush=True)  # no server yet
            # the watchdog thread leaves when a server's socket is new; the input is read to end with the window
            threading.Thread(target=read_stdin, daemon=True).start()
        elif len(effects) == len(SOUNDS) and not reading and \
                all(each.status() == QSoundEffect.Status.Ready for each in effects.values()):
            reading = True
            QTimer.singleShot(SETTLE_MS, start_reading)

    beat = [time.monotonic()]
    timer = QTimer()
    timer.timeout.connect(lambda: beat.__setitem__(0, time.monotonic()))
    timer.start(BEAT_MS)

    # before any effect is made: should Qt report a missing device as one is made, a server starting then is new
    sockets = server_sockets()

    def watch() -> None:
        new_server_since: float | None = None
        woke = time.monotonic()
        while True:
            time.sleep(BEAT_MS / 1000)
            now = time.monotonic()
            if now - woke > STALL_LIMIT:  # this thread stood still too: the whole process was (Ctrl+Z, a paused VM)
                beat[0] = now  # the event loop gets its turn before it is judged
            elif now - beat[0] > STALL_LIMIT:
                os._exit(STALLED)  # the event loop is stuck inside Qt: nothing else can end this process
            woke = now
            if any(found is not None and found != was
                   for was, found in zip(sockets.values(), server_sockets().values(), strict=True)):
                new_server_since = new_server_since or now
                if now - new_server_since >= SERVER_SETTLE:
                    os._exit(SERVER_GONE)  # the board starts a player at once, which connects to the new server

    threading.Thread(target=watch, daemon=True).start()

    for name in sorted(SOUNDS):
        path = resources.files() / "sounds" / f"{name}.wav"
        if not path.is_file():
            _say_problem("missing", f"{name}.wav")
            return 1
        effect = QSoundEffect()
        effect.statusChanged.connect(lambda effect=effect: check(effect))
        effect.setSource(QUrl.fromLocalFile(qt_path(Path(str(path)))))
        effect.setVolume(VOLUME)
        effects[name] = effect

    for effect in effects.values():
        check(effect)  # effects that were ready before their signal was connected
    status = 1 if gave_up else app.exec()  # app.exit before exec does nothing
    sys.stdout.flush()
    # no interpreter shutdown: the reading thread may still be leaving as it starts, and it then crashed the process
    # (a segmentation fault, 9 times in 100 after "no device", under Python 3.11 and 3.14 alike)
    os._exit(status)


if __name__ == "__main__":
    sys.exit(main())
