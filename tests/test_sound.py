"""Sound: off by default, the effects exist and are short, each game names the effect a move deserves, and
a machine without audio (or without Qt's multimedia module) stays silent without stopping the game."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import wave
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PySide6.QtCore import QProcess
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
import resources
from core.session import GameSession
from core.table import SOUNDS, Background
from gui.prefs import ShellPrefs
from gui.sound import RESTARTS, SoundBoard
from gui.sound_worker import SERVER_GONE, STALL_LIMIT, STALLED
from plugins.euchre.presenter import EuchrePresenter
from plugins.yukon.presenter import YukonPresenter
from plugins.yukon.solver import solve
from tests.euchre_helpers import make_deal
from tests.gui_helpers import make_window


def test_sound_is_off_by_default() -> None:
    assert ShellPrefs().sound is False
    board = SoundBoard()
    assert board.play("card") is False and not board.running, "no player is started while sound is off"


def test_every_effect_is_a_short_wav() -> None:
    for name in SOUNDS:
        with wave.open(str(resources.files() / "sounds" / f"{name}.wav")) as effect:
            seconds = effect.getnframes() / effect.getframerate()
            assert effect.getnchannels() == 1 and effect.getsampwidth() == 2 and 0.03 < seconds < 1.0


#: with $PLAYER_LOG set, a player's standard error goes to that file, with every thread's stack each 15 s it runs
PLAYER_LOG = """
import faulthandler, os
if os.environ.get("PLAYER_LOG"):
    _log = open(os.environ["PLAYER_LOG"], "a")
    os.dup2(_log.fileno(), 2)
    faulthandler.dump_traceback_later(15, repeat=True, file=_log)
"""


def worker(before: str) -> list[str]:
    """The command that runs the real sound player after ``before`` (Python run first in its process)."""
    return [sys.executable, "-c", f"{PLAYER_LOG}\n{before}\nimport gui.sound_worker\nsys.exit(gui.sound_worker.main())"]


def wait_for(qtbot: QtBot, condition: Callable[[], object], folder: Path) -> None:
    """``condition`` waited for up to a minute; failing, what the players wrote to ``folder``/player.log (see
    :data:`PLAYER_LOG`) is shown."""
    try:
        qtbot.waitUntil(condition, timeout=60000)
    except qtbot.TimeoutError:
        log = folder / "player.log"
        said = log.read_text(errors="replace")[-4000:] if log.exists() else "(nothing)"
        raise AssertionError(f"not so within a minute; the players wrote:\n{said}") from None


#: an audio back end that plays nothing: it writes each effect to the file $HEARD, and locks up its event loop
#: (as Qt's PulseAudio back end can on a change of output device) when asked for $LOCK_UP_ON
FAKE_AUDIO = """
import os, sys, time
from PySide6.QtCore import QObject, Signal
import PySide6.QtMultimedia as multimedia

class FakeEffect(QObject):
    statusChanged = Signal()
    class Status:
        Ready, Error = 0, 1
    def setSource(self, url):  # a local file loads at once, and says so, as Qt's does
        self.name = url.fileName().removesuffix(".wav")
        self.found = os.path.isfile(url.toLocalFile())
        self.statusChanged.emit()
    def setVolume(self, volume): pass
    def status(self): return self.Status.Ready if self.found else self.Status.Error
    def play(self):
        with open(os.environ["HEARD"], "a") as heard:
            heard.write(self.name + "\\n")
        if self.name == os.environ.get("LOCK_UP_ON"):
            time.sleep(60)

multimedia.QSoundEffect = FakeEffect
"""


def heard(folder: Path) -> list[str]:
    """What the stand-in audio (:data:`FAKE_AUDIO`, writing to ``folder``/heard) played, in order."""
    path = folder / "heard"
    return path.read_text().split() if path.exists() else []


def test_without_qt_multimedia_the_game_stays_silent_and_says_why(qtbot: QtBot) -> None:
    board = SoundBoard(enabled=True, command=worker("import sys; sys.modules['PySide6.QtMultimedia'] = None"))
    qtbot.waitUntil(lambda: not board.running, timeout=60000)  # as if its libraries were missing
    assert board.problem is not None and "multimedia module" in board.problem.en and board.notice == board.problem
    assert board.play("win") is False and not board.running  # and it does not try again


def no_sound_server(monkeypatch: pytest.MonkeyPatch, runtime: Path, socket_there: bool) -> Path:
    """Qt finds no sound server, on any machine; ``runtime`` is $XDG_RUNTIME_DIR, where a server's socket stands
    when ``socket_there`` (a server Qt cannot use) and not otherwise (none started yet). Returns the socket's path."""
    for server in ("PULSE_SERVER", "PIPEWIRE_REMOTE"):
        monkeypatch.setenv(server, "unix:/nonexistent/card-table-test")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    socket = runtime / "pulse" / "native"
    socket.parent.mkdir(parents=True)
    if socket_there:
        socket.write_text("")
    return socket


def test_without_an_audio_device_the_game_stays_silent_and_says_why(qtbot: QtBot, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    no_sound_server(monkeypatch, tmp_path, socket_there=True)
    board = SoundBoard(enabled=True)
    for name in sorted(SOUNDS):
        board.play(name)
    qtbot.waitUntil(lambda: board.problem is not None, timeout=60000)
    assert "audio device" in board.problem.en and not board.waiting and board.notice == board.problem
    assert board.play("card") is False  # after the device reported its error: nothing raised, nothing tried
    assert board.running, "the player stays, for a sound server that may still be starting"
    board.enabled = False
    assert board.notice is None and not board.running, "sound turned off: nothing to say, nothing left running"
    board.enabled = True  # turned on again (a device plugged in since): tried again
    assert board.running and board.problem is None
    qtbot.waitUntil(lambda: board.problem is not None, timeout=60000)
    board.close()


def test_a_player_told_to_end_ends_cleanly_every_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sound turned off or the window closed while the player stays after "no device": its reading thread, still
    leaving as the interpreter shut down, crashed it (a segmentation fault, 9 times in 100; a desktop's crash
    reporter would show it)."""
    no_sound_server(monkeypatch, tmp_path, socket_there=True)

    def ended() -> tuple[str, int]:
        player = subprocess.Popen(worker("import sys"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        assert player.stdout is not None and player.stdin is not None
        said = player.stdout.readline().decode().split(" ", 2)[:2]
        time.sleep(0.2)
        player.stdin.close()  # as the board does
        return " ".join(said), player.wait(timeout=60)

    with ThreadPoolExecutor(4) as starts:
        assert set(starts.map(lambda _: ended(), range(40))) == {("problem no_device", 0)}


def test_with_no_sound_server_to_wait_for_the_player_ends(qtbot: QtBot, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Without $XDG_RUNTIME_DIR (no Linux desktop session) no server's socket can be watched for: the player says
    why and ends."""
    no_sound_server(monkeypatch, tmp_path, socket_there=True)
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    board = SoundBoard(enabled=True)
    qtbot.waitUntil(lambda: not board.running, timeout=60000)
    assert board.problem is not None and "audio device" in board.problem.en
    assert board.play("card") is False and not board.running  # and it does not try again


def heard_once_there(socket: Path, otherwise: str = "") -> list[str]:
    """The sound player with Qt's own audio (or what ``otherwise`` makes it) while ``socket`` is not there (Qt finds
    no server: see :func:`no_sound_server`), and the stand-in that writes what it plays once it is."""
    return worker(f"import os, sys\nif os.path.exists({str(socket)!r}):\n"
                  + "".join(f"    {line}\n" for line in FAKE_AUDIO.splitlines())
                  + "else:\n    pass\n" + "".join(f"    {line}\n" for line in otherwise.splitlines()))


#: audio that tells of a missing device as each effect's source is set (not later, from the event loop); as the
#: player says so, PipeWire's PulseAudio part starts
NO_DEVICE_AT_ONCE = """
from PySide6.QtCore import QObject, Signal
import PySide6.QtMultimedia as multimedia
import gui.sound_worker as player

class NoDevice(QObject):
    statusChanged = Signal()
    class Status:
        Ready, Error = 0, 1
    def setSource(self, url): self.statusChanged.emit()
    def setVolume(self, volume): pass
    def status(self): return self.Status.Error

multimedia.QSoundEffect = NoDevice
say = player._say_problem
def said_as_the_server_starts(*what):
    say(*what)
    open(os.path.join(os.environ["XDG_RUNTIME_DIR"], "pulse", "native"), "w").close()
player._say_problem = said_as_the_server_starts
"""


def test_pipewire_started_before_its_pulseaudio_part_is_found_once_that_starts(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a session starts, PipeWire's socket comes before the PulseAudio one Qt uses: a player started between
    finds no device. It says so, stays, and leaves once the other socket is there; the next player plays, and
    what was said goes."""
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    monkeypatch.setenv("PLAYER_LOG", str(tmp_path / "player.log"))
    no_sound_server(monkeypatch, tmp_path, socket_there=False)
    (tmp_path / "pipewire-0").write_text("")
    pulse = tmp_path / "pulse" / "native"
    board = SoundBoard(enabled=True, command=heard_once_there(pulse))
    ended: list[int] = []
    board.player.finished.connect(lambda code, _status: ended.append(code))
    wait_for(qtbot, lambda: board.problem is not None, tmp_path)
    assert board.running and "audio device" in board.problem.en
    pulse.write_text("")  # pipewire-pulse starts
    wait_for(qtbot, lambda: board.ready, tmp_path)
    # a player ended by its watchdog on a loaded machine is replaced at once too (see the test after)
    assert ended[-1] == SERVER_GONE and set(ended[:-1]) <= {STALLED}, ended
    assert board.problem is None and board.notice is None and board.restarts == len(ended)
    assert board.play("card")
    wait_for(qtbot, lambda: heard(tmp_path) == ["card"], tmp_path)
    board.close()


def test_a_server_that_starts_as_qt_tells_of_no_device_is_found(qtbot: QtBot, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Should Qt tell of the missing device as an effect is made, before the player began to watch for a new sound
    server, a server starting in that moment was taken for one there all along, and the player stayed, silent, for
    good (one way the test above could time out, as it did once in a loaded full run)."""
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    monkeypatch.setenv("PLAYER_LOG", str(tmp_path / "player.log"))
    no_sound_server(monkeypatch, tmp_path, socket_there=False)
    (tmp_path / "pipewire-0").write_text("")
    pulse = tmp_path / "pulse" / "native"
    board = SoundBoard(enabled=True, command=heard_once_there(pulse, otherwise=NO_DEVICE_AT_ONCE))
    wait_for(qtbot, lambda: board.ready, tmp_path)
    assert board.restarts == 1 and board.problem is None and board.notice is None
    assert board.play("card")
    wait_for(qtbot, lambda: heard(tmp_path) == ["card"], tmp_path)
    board.close()


def test_a_player_watching_for_a_server_that_locks_up_or_crashes_is_replaced_at_once(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player that found no device stays to watch for a sound server. One whose audio back end then locked up (its
    watchdog ends it) or that crashed was not replaced: the server came, and the game stayed silent until sound was
    turned off and on again. Now a new player watches at once, and plays once the server is there."""
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    monkeypatch.setenv("PLAYER_LOG", str(tmp_path / "player.log"))
    no_sound_server(monkeypatch, tmp_path, socket_there=False)
    (tmp_path / "pipewire-0").write_text("")
    pulse = tmp_path / "pulse" / "native"
    locked = tmp_path / "locked"
    # the first player's event loop locks up as it reports the missing device (as Qt's back end can); the next not
    lock_up_once = (f"import os, time, gui.sound_worker as w\nsay = w._say_problem\ndef stuck(*what):\n"
                    f"    say(*what)\n    if not os.path.exists({str(locked)!r}):\n"
                    f"        open({str(locked)!r}, 'w').close()\n        time.sleep(60)\n"
                    "w._say_problem = stuck\n")
    command = heard_once_there(pulse)
    command[-1] = lock_up_once + command[-1]
    board = SoundBoard(enabled=True, command=command)
    ended: list[tuple[int, QProcess.ExitStatus]] = []
    board.player.finished.connect(lambda code, status: ended.append((code, status)))
    wait_for(qtbot, lambda: ended != [], tmp_path)
    assert ended == [(STALLED, QProcess.ExitStatus.NormalExit)] and board.problem is not None
    wait_for(qtbot, lambda: board.watching, tmp_path)  # a new player, watching
    assert board.running and board.restarts == 1 and "audio device" in board.problem.en
    os.kill(board.player.processId(), signal.SIGKILL)  # and it crashes
    wait_for(qtbot, lambda: board.watching and len(ended) == 2, tmp_path)
    assert ended[1][1] == QProcess.ExitStatus.CrashExit and board.running and board.restarts == 2
    pulse.write_text("")  # pipewire-pulse starts
    wait_for(qtbot, lambda: board.ready, tmp_path)
    assert ended[2][0] == SERVER_GONE and board.problem is None and board.notice is None and board.restarts == 3
    assert board.play("card")
    wait_for(qtbot, lambda: heard(tmp_path) == ["card"], tmp_path)
    board.close()
    assert len(ended) == 4 and not board.running, "a player the board ends itself is not replaced"


def test_a_sound_server_that_starts_after_the_window_is_used(qtbot: QtBot, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A session whose sound server starts after Card Table (or a server that was down): the player finds no
    device, waits instead of giving sound up for good, and once the server's socket is there a new player plays."""
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    monkeypatch.setenv("PLAYER_LOG", str(tmp_path / "player.log"))
    socket = no_sound_server(monkeypatch, tmp_path / "runtime", socket_there=False)
    board = SoundBoard(enabled=True, command=heard_once_there(socket))
    wait_for(qtbot, lambda: board.waiting, tmp_path)
    assert board.running and board.problem is None and board.notice is not None and "no sound server" in \
        board.notice.en
    assert board.play("deal") is False
    ended: list[int] = []
    board.player.finished.connect(lambda code, _status: ended.append(code))
    socket.write_text("")  # the server starts
    wait_for(qtbot, lambda: SERVER_GONE in ended, tmp_path)
    assert set(ended[:-1]) <= {STALLED}, ended  # (one ended by its watchdog on a loaded machine is replaced too)
    wait_for(qtbot, lambda: board.ready, tmp_path)  # started at once, not at the next effect
    assert not board.waiting and board.notice is None and board.restarts == len(ended)
    assert board.play("card")
    wait_for(qtbot, lambda: heard(tmp_path) == ["card"], tmp_path)
    board.close()


def test_the_effects_reach_the_player_in_order(qtbot: QtBot, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    board = SoundBoard(enabled=True, command=worker(FAKE_AUDIO))
    assert board.play("deal") is False, "while the player starts, an effect is dropped: it would be heard late"
    qtbot.waitUntil(lambda: board.ready, timeout=60000)
    for name in ("deal", "card", "card", "trick", "win"):
        assert board.play(name)
    qtbot.waitUntil(lambda: heard(tmp_path) == ["deal", "card", "card", "trick", "win"], timeout=60000)
    board.enabled = False  # turning sound off ends the player
    assert not board.running and board.play("card") is False


@pytest.mark.skipif(sys.platform not in ("linux", "freebsd"), reason="only these systems' file names may be any bytes")
def test_a_player_installed_under_a_folder_named_in_another_encoding_plays(qtbot: QtBot, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Card Table installed under a home named in an old 8-bit locale (ö as ISO-8859-1's single byte): Qt, taking
    the effects' path as UTF-8, found no file and the player said no audio device could play them; and handed the
    program's path, PySide6 crashed the player (segmentation fault) before it said anything."""
    folder = tmp_path / os.fsdecode(b"h\xf6me")
    shutil.copytree(Path(resources.__file__).parent / "sounds", folder / "resources" / "sounds")
    shutil.copy(resources.__file__, folder / "resources")
    installed = f"sys.path.insert(0, {str(folder)!r}); sys.argv[0] = {str(folder / 'sound_worker.py')!r}"
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    board = SoundBoard(enabled=True, command=worker(f"import sys\n{installed}\n{FAKE_AUDIO}"))
    qtbot.waitUntil(lambda: board.ready or board.problem is not None or not board.running, timeout=60000)
    assert board.ready, board.problem
    assert board.play("deal")
    qtbot.waitUntil(lambda: heard(tmp_path) == ["deal"], timeout=60000)
    board.close()


def test_a_player_whose_audio_locks_up_ends_itself_and_a_fresh_one_plays_on(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window never waits on the audio system: the player's watchdog ends a player whose event loop is stuck
    inside the audio back end, and the next effect starts a new one."""
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    monkeypatch.setenv("LOCK_UP_ON", "win")
    board = SoundBoard(enabled=True, command=worker(FAKE_AUDIO))
    qtbot.waitUntil(lambda: board.ready, timeout=60000)
    assert board.running and board.play("win")
    ended: list[int] = []
    board.player.finished.connect(lambda code, _status: ended.append(code))
    qtbot.waitUntil(lambda: ended != [], timeout=60000)
    assert ended == [STALLED] and not board.running and board.problem is None
    assert board.play("trick") is False  # this effect starts a fresh player, and is dropped while it starts
    qtbot.waitUntil(lambda: board.ready, timeout=60000)
    assert board.play("card")
    qtbot.waitUntil(lambda: heard(tmp_path) == ["win", "card"], timeout=60000)
    assert board.restarts == 1
    board.close()


def test_a_sound_server_started_afresh_is_found_again(qtbot: QtBot, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Qt stays connected to a sound server that was restarted (as PipeWire can be on an upgrade), silent and
    without a word: the player leaves once the server's socket is a new one, and the next player uses it."""
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    socket = tmp_path / "runtime" / "pulse" / "native"
    socket.parent.mkdir(parents=True)
    socket.write_text("")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "runtime"))
    board = SoundBoard(enabled=True, command=worker(FAKE_AUDIO))
    qtbot.waitUntil(lambda: board.ready, timeout=60000)
    ended: list[int] = []
    board.player.finished.connect(lambda code, _status: ended.append(code))
    socket.unlink()  # the server stops: nothing to go to yet, so the player stays
    qtbot.wait(1500)
    assert board.running and ended == []
    socket.write_text("")  # a new server: a new socket
    qtbot.waitUntil(lambda: ended != [], timeout=60000)
    assert ended == [SERVER_GONE] and board.problem is None
    qtbot.waitUntil(lambda: board.ready, timeout=60000)  # the next player, started at once
    assert board.play("card")
    qtbot.waitUntil(lambda: heard(tmp_path) == ["card"], timeout=60000)
    board.close()


def test_what_the_player_writes_to_its_error_output_is_not_kept(qtbot: QtBot) -> None:
    """A locked-up audio back end writes warnings without end (600,000 lines a second were measured): the window
    keeps none of them."""
    flood = "import sys\nfor _ in range(20000): sys.stderr.write('QSocketNotifier: Invalid socket 19' * 50 + '\\n')"
    board = SoundBoard(enabled=True, command=[sys.executable, "-c", flood])
    qtbot.waitUntil(lambda: not board.running, timeout=60000)
    assert board.player.readAllStandardError().size() == 0 and board.problem is None


def test_a_player_that_keeps_dying_is_given_up_with_a_reason(qtbot: QtBot) -> None:
    board = SoundBoard(enabled=True, command=[sys.executable, "-c", "import sys; sys.exit(3)"])
    tries = 0
    while not board.problem and tries < 20:
        qtbot.waitUntil(lambda: not board.running, timeout=60000)
        board.play("card")
        tries += 1
    assert board.restarts == RESTARTS and board.problem is not None and "keeps failing" in board.problem.en
    assert board.play("card") is False and not board.running
    board.enabled = False
    board.enabled = True  # as the message says: off and on again in Settings tries again
    assert board.running and board.problem is None
    board.close()


def test_the_player_ends_when_the_window_is_gone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A window killed outright closes the player's input: the player ends rather than staying behind."""
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    player = subprocess.Popen(worker(FAKE_AUDIO), stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert player.stdin is not None
    player.stdin.write(b"deal\n")
    player.stdin.close()
    assert player.wait(timeout=30) == 0
    assert heard(tmp_path) == ["deal"]


def test_a_player_stopped_for_a_while_and_continued_plays_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+Z in the terminal (or a paused machine) stops the player with the window; continued, its watchdog saw
    the event loop's last beat seconds ago and ended it as locked up (5 runs in 8), a restart counted against the
    board's patience and the next effect lost. The watchdog now sees that it stood still too."""
    monkeypatch.setenv("HEARD", str(tmp_path / "heard"))
    player = subprocess.Popen(worker(FAKE_AUDIO), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    assert player.stdin is not None and player.stdout is not None
    try:
        assert player.stdout.readline().strip() == "ready"
        for _ in range(3):  # which of the two threads runs first after a stop is chance: three stops
            player.send_signal(signal.SIGSTOP)
            time.sleep(STALL_LIMIT + 0.5)
            player.send_signal(signal.SIGCONT)
            time.sleep(1.0)  # four of its watchdog's turns
            assert player.poll() is None, "the watchdog ended a player that had only been stopped"
        player.stdin.write("card\n")
        player.stdin.flush()
        deadline = time.monotonic() + 10
        while heard(tmp_path) != ["card"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert heard(tmp_path) == ["card"]
    finally:
        player.kill()
        player.wait()


def test_euchre_sounds_follow_the_cards() -> None:
    presenter = EuchrePresenter()
    game = euchre_plugin.GAME
    session = GameSession.new(game, deal={**make_deal("E", "9H", S="JH JD AH KH QH"), "seed": 1}, players=[None] * 4)
    heard = []
    while session.state.number == 0:
        if session.hold is not None:
            session.acknowledge()
            continue
        before = session.observation(0)
        legal = session.legal_moves()
        session.play(next((m for m in legal if m.text != "pass"), legal[0]))  # South orders up at once
        heard.append(presenter.sound(before, session.observation(0)))
    assert heard[0] is None, "a bid is silent"
    assert heard.count("trick") == 5 and heard.count("card") == len([h for h in heard if h]) - 5


def test_yukon_sounds_a_card_and_a_win() -> None:
    presenter = YukonPresenter()
    game = yukon_plugin.GAME
    session = GameSession.new(game, game.settings.defaults(), deal={"number": 7})
    heard = []
    for move in solve(session.state).moves:
        before = session.observation(0)
        session.play(move)
        heard.append(presenter.sound(before, session.observation(0)))
    assert heard[-1] == "win" and set(heard[:-1]) == {"card"}


def test_the_window_plays_a_deal_and_each_card_when_sound_is_on(qtbot: QtBot) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    played: list[str] = []
    window.sounds.enabled = True
    window.sounds.play = played.append  # type: ignore[method-assign]
    game = window.host.game("yukon")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), deal={"number": 7},
                                               saves=window.saves))
    assert page is not None and played == ["deal"]
    page.session.play(solve(page.session.state).moves[0])
    assert played == ["deal", "card"]


def play_euchre_through_two_deals(qtbot: QtBot) -> list[str]:
    """The effects heard at a four-person Euchre table: a hand everyone passes (thrown in), then a hand played
    out, up to the third deal."""
    window = make_window(qtbot, {"euchre": euchre_plugin})
    played: list[str] = []
    window.sounds.enabled = True
    window.sounds.play = played.append  # type: ignore[method-assign]
    session = GameSession.new(euchre_plugin.GAME, deal={**make_deal("E", "9H", S="JH JD AH KH QH"), "seed": 1},
                              players=[None] * 4, saves=window.saves)
    page = window.open_session(session)
    assert page is not None
    for _ in range(8):
        session.play(session.legal_moves()[0])
    assert session.state.number == 1, "everyone passed: the hand is thrown in"
    while session.state.number < 2:
        if session.hold is not None:
            page.view.handle(Background())
        else:
            legal = session.legal_moves()
            session.play(next((m for m in legal if m.text != "pass"), legal[0]))
    while session.hold is not None:
        page.view.handle(Background())
    return played


@pytest.mark.parametrize("animations", ["0", "1"])
def test_every_deal_sounds_once_and_a_thrown_in_hand_is_not_heard_twice(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, animations: str) -> None:
    monkeypatch.setenv("CARDTABLE_ANIMATIONS", animations)
    heard = play_euchre_through_two_deals(qtbot)
    assert heard.count("deal") == 3, heard  # the new game, the hand after the throw-in, the hand after that
    assert heard[0] == "deal" and heard[1] == "deal", "nothing else is heard before the throw-in's deal"
    assert heard.count("trick") == 5 and heard[-1] == "deal", "the last trick, then the next hand's deal"


def test_the_sound_setting_turns_sound_on_and_is_remembered(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.settings_dialog import SettingsDialog

    window = make_window(qtbot, {"yukon": yukon_plugin})
    assert not window.sounds.enabled

    def tick_and_accept(dialog: SettingsDialog) -> SettingsDialog.DialogCode:
        assert not dialog.sound.isChecked()
        dialog.sound.setChecked(True)
        return SettingsDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", tick_and_accept)
    window.open_settings("yukon")
    assert window.sounds.enabled and ShellPrefs.load().sound


def test_the_player_is_told_why_there_is_no_sound(qtbot: QtBot, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Sound turned on where it cannot play: the reason stands in the bar at the top of the window, and beside the
    sound switch in Settings; turning sound off takes it away."""
    from gui.settings_dialog import SettingsDialog

    window = make_window(qtbot, {"yukon": yukon_plugin})
    no_sound_server(monkeypatch, tmp_path / "runtime", socket_there=True)
    help_seen: list[str] = []

    def switch_sound(dialog: SettingsDialog) -> SettingsDialog.DialogCode:
        help_seen.append(dialog.sound.toolTip())
        dialog.sound.setChecked(not dialog.sound.isChecked())
        return SettingsDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", switch_sound)
    window.open_settings("yukon")  # sound on
    bar = window.launcher.message_bar
    qtbot.waitUntil(lambda: "audio device" in bar.label.text(), timeout=60000)
    assert bar.isVisibleTo(window) and "No sound" in bar.label.text()
    window.open_settings("yukon")  # sound off again
    assert "audio device" not in help_seen[0] and "audio device" in help_seen[1], help_seen
    assert not bar.isVisibleTo(window), "sound turned off: the reason went with it"


def test_no_sound_server_yet_is_said_on_the_game_and_followed(qtbot: QtBot, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot, {"yukon": yukon_plugin})
    game = window.host.game("yukon")
    page = window.open_session(GameSession.new(game, game.settings.defaults(), deal={"number": 7},
                                               saves=window.saves))
    assert page is not None
    socket = no_sound_server(monkeypatch, tmp_path / "runtime", socket_there=False)
    window.sounds.enabled = True
    qtbot.waitUntil(lambda: "no sound server" in page.notice.text(), timeout=60000)  # said where the player looks
    socket.write_text("")  # a server starts, and the new player finds it will not play either
    qtbot.waitUntil(lambda: "audio device" in page.notice.text(), timeout=60000)
    assert "no sound server" not in page.notice.text(), "what no longer holds is withdrawn"
    window.show_launcher()
    qtbot.waitUntil(lambda: not window.findChildren(type(page)), timeout=20000)  # the page, and its bar, are gone
    assert not window.launcher.message_bar.isVisibleTo(window), "said once, on the game"
    window.sounds.enabled = False  # its bar is gone with the page: nothing to withdraw, nothing raised
