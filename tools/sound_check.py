"""Plays Card Table's sound effects through a real PulseAudio server while its default output changes, as
plugging headphones in and out does, and reports what was heard and whether the window ever stood still.

    python tools/sound_check.py [--seconds 60] [--switch 3] [--late SECONDS] [--json FILE]

Needs ``pulseaudio``, ``pactl`` and ``parec`` (Debian: pulseaudio, pulseaudio-utils). Starts a private server with
two null outputs, "speakers" and "headphones", records both, and lets Yukon's Demo play in a real window (offscreen)
with sound on, making the other output the default every ``--switch`` seconds; with ``--late`` the server starts
that long after the window, as in a session whose sound server comes up after Card Table. Reports the effects handed
to the sound player, the effects heard on each output, the players started afresh (each one a player that locked up
inside Qt's audio back end and ended itself, or left for a server started since) and the window's longest pause.
Exits 1 when the window stood still for a second or more, or nothing was heard. Not part of the test suite (it needs
an audio server, and takes a minute).
"""

from __future__ import annotations

import argparse
import array
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.cli_options import guarded, output_file  # noqa: E402
from core.progress import Progress  # noqa: E402

OUTPUTS = ("speakers", "headphones")
RATE = 44100
STALL = 1.0  # a pause of the window this long fails the check (seconds)
FROZEN = 10.0  # a pause this long ends the check: the window is not coming back (seconds)


def start_server() -> subprocess.Popen[bytes]:
    """A private PulseAudio server with the two null outputs, ready to take clients."""
    server = subprocess.Popen(
        ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--load=module-native-protocol-unix",
         *(f"--load=module-null-sink sink_name={name}" for name in OUTPUTS)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if subprocess.run(["pactl", "info"], capture_output=True).returncode == 0:
            subprocess.run(["pactl", "set-default-sink", OUTPUTS[0]], check=True)
            return server
        time.sleep(0.1)
    server.kill()
    raise SystemExit("sound_check.py: the PulseAudio server did not start")


def bursts(recording: Path, threshold: int = 500, window_ms: int = 10, gap_ms: int = 150) -> int:
    """The separate sounds in a recording of a null output (silence there is exact zeros); quiet moments shorter
    than ``gap_ms`` inside one effect do not split it."""
    raw = recording.read_bytes()
    samples = array.array("h", raw[: len(raw) // 2 * 2])
    step = RATE * 2 * window_ms // 1000
    count, quiet_for = 0, gap_ms
    for start in range(0, len(samples), step):
        if max((abs(s) for s in samples[start:start + step]), default=0) > threshold:
            count += quiet_for >= gap_ms
            quiet_for = 0
        else:
            quiet_for += window_ms
    return count


@dataclass
class Run:
    handed: int  # effects handed to the sound player
    switches: int  # changes of the default output
    restarts: int  # sound players started afresh
    problem: str  # why there was no sound, if the board gave up
    longest_pause_ms: int  # the window's longest time between two turns of its event loop
    heard: dict[str, int] = field(default_factory=dict)  # effects heard on each output


def play(seconds: float, switch: float, give_up: Callable[[str], None], late: float = 0.0,
         start_audio: Callable[[], None] = lambda: None) -> Run:
    """Lets the Demo play for ``seconds`` in a window with sound on, the default output changing every ``switch``
    seconds; ``give_up(why)`` is called from another thread if the window's event loop stops for good. With
    ``late``, ``start_audio`` is called (on another thread) that many seconds after the window opened."""
    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtWidgets import QApplication

    from core.manager import load_host
    from gui.window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow(load_host())
    window.resize(1100, 760)
    window.show()
    window.sounds.enabled = True
    handed = [0]
    real_play = window.sounds.play

    def counted(name: str) -> bool:
        handed[0] += real_play(name)
        return True

    window.sounds.play = counted  # type: ignore[method-assign]
    page = window.new_game("yukon")
    assert page is not None
    page.buttons["demo"].click()
    longest, last_beat, clock, switches = [0.0], [time.monotonic()], QElapsedTimer(), [0]
    clock.start()

    def on_beat() -> None:
        now = time.monotonic()
        longest[0] = max(longest[0], now - last_beat[0])
        last_beat[0] = now
        nonlocal page
        if page is not None and not page.view.demo:  # the demo won or stopped: the next deal
            page = window.new_game("yukon") or page
            page.buttons["demo"].click()

    audio = threading.Event()  # the server is up

    def on_switch() -> None:
        if audio.is_set():
            switches[0] += 1
            subprocess.Popen(["pactl", "set-default-sink", OUTPUTS[switches[0] % 2]])

    def audio_up() -> None:
        start_audio()
        audio.set()

    if late:
        QTimer.singleShot(int(late * 1000), lambda: threading.Thread(target=audio_up, daemon=True).start())
    else:
        audio.set()
    beats, switcher = QTimer(), QTimer()
    beats.timeout.connect(on_beat)
    switcher.timeout.connect(on_switch)
    beats.start(50)
    switcher.start(int(switch * 1000))

    def watch() -> None:  # the window's event loop, not this thread, is what a lock-up stops
        while True:
            time.sleep(0.5)
            if time.monotonic() - last_beat[0] > FROZEN:
                give_up(f"the window froze after {clock.elapsed() / 1000:.0f} s of play (no event for {FROZEN:g} s), "
                        f"with {handed[0]} effects handed to the player and the default output changed "
                        f"{switches[0]} times")

    threading.Thread(target=watch, daemon=True).start()
    with Progress(int(seconds), "seconds played") as progress:
        ticker = QTimer()
        ticker.timeout.connect(lambda: progress.advance(min(int(clock.elapsed() / 1000), int(seconds)) - progress.done))
        ticker.start(250)
        QTimer.singleShot(int(seconds * 1000), app.quit)
        app.exec()  # as the program runs: a lock-up inside Qt shows only in its own event loop
        ticker.stop()
    beats.stop()
    switcher.stop()
    problem = window.sounds.problem
    result = Run(handed[0], switches[0], window.sounds.restarts, problem.en if problem else "",
                 round(longest[0] * 1000))
    window.close()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the demo plays (default 60)")
    parser.add_argument("--switch", type=float, default=3.0,
                        help="seconds between changes of the default output (default 3: the null outputs play "
                             "two seconds behind, and an effect moved on sooner is never heard)")
    parser.add_argument("--late", type=float, default=0.0,
                        help="start the sound server this many seconds after the window (default 0: before it)")
    parser.add_argument("--json", type=Path, help="write the figures to this file as JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.switch <= 0:
        parser.error("--seconds and --switch: give a number of seconds above 0")
    if not 0 <= args.late < args.seconds:
        parser.error("--late: give a number of seconds from 0 to less than --seconds")
    output_file(args.json, "results")
    missing = [tool for tool in ("pulseaudio", "pactl", "parec") if shutil.which(tool) is None]
    if missing:
        parser.error(f"{', '.join(missing)} not found: install PulseAudio (Debian: pulseaudio pulseaudio-utils)")
    work = Path(tempfile.mkdtemp(prefix="cardtable-sound-"))
    runtime = work / "runtime"
    runtime.mkdir(mode=0o700)
    os.environ.update(XDG_RUNTIME_DIR=str(runtime), CARDTABLE_HOME=str(work / "home"), QT_QPA_PLATFORM="offscreen")
    os.environ.pop("PULSE_SERVER", None)  # the private server, whatever this session uses
    audio: list[subprocess.Popen[bytes]] = []  # the server, then a recorder for each output

    def start_audio() -> None:
        audio.append(start_server())
        audio.extend(subprocess.Popen(["parec", "-d", f"{name}.monitor", "--format=s16le", f"--rate={RATE}",
                                       "--channels=2"], stdout=(work / f"{name}.raw").open("wb"))
                     for name in OUTPUTS)

    def stop_audio() -> None:
        for process in reversed(audio):
            process.terminate()
            process.wait()

    def give_up(why: str) -> None:
        print(why, flush=True)
        stop_audio()  # the sound player ends with its input, which ends with this process
        shutil.rmtree(work, ignore_errors=True)
        os._exit(1)

    if not args.late:
        start_audio()
    try:
        result = play(args.seconds, args.switch, give_up, args.late, start_audio)
        time.sleep(1.0)  # the last effect reaches the recordings
    finally:
        stop_audio()
    heard = result.heard = {name: bursts(work / f"{name}.raw") if (work / f"{name}.raw").exists() else 0
                            for name in OUTPUTS}
    shutil.rmtree(work, ignore_errors=True)
    print(f"{result.handed} effects handed to the player over {args.seconds:g} s, the default output changed "
          f"{result.switches} times; heard {heard['speakers']} on the speakers, {heard['headphones']} on the "
          f"headphones; players started afresh: {result.restarts}; the window's longest pause: "
          f"{result.longest_pause_ms} ms" + (f"; {result.problem}" if result.problem else ""))
    if args.json:
        with args.json.open("w") as out:
            json.dump(asdict(result), out, indent=2)
    return 0 if result.longest_pause_ms < STALL * 1000 and sum(heard.values()) > 0 else 1


if __name__ == "__main__":
    sys.exit(guarded(main, "sound_check.py"))
