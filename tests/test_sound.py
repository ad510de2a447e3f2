"""Sound: off by default, the effects exist and are short, each game names the effect a move deserves, and
a machine without audio (or without Qt's multimedia module) stays silent without stopping the game."""

from __future__ import annotations

import sys
import wave

import pytest
from pytestqt.qtbot import QtBot

import plugins.euchre.plugin as euchre_plugin
import plugins.yukon.plugin as yukon_plugin
import resources
from core.session import GameSession
from core.table import SOUNDS
from gui.prefs import ShellPrefs
from gui.sound import SoundBoard
from plugins.euchre.presenter import EuchrePresenter
from plugins.yukon.presenter import YukonPresenter
from plugins.yukon.solver import solve
from tests.euchre_helpers import make_deal
from tests.gui_helpers import make_window


def test_sound_is_off_by_default() -> None:
    assert ShellPrefs().sound is False
    board = SoundBoard()
    assert board.play("card") is False and board._effects == {}


def test_every_effect_is_a_short_wav() -> None:
    for name in SOUNDS:
        with wave.open(str(resources.files() / "sounds" / f"{name}.wav")) as effect:
            seconds = effect.getnframes() / effect.getframerate()
            assert effect.getnchannels() == 1 and effect.getsampwidth() == 2 and 0.03 < seconds < 1.0


def test_without_qt_multimedia_the_game_stays_silent_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # as if its libraries were missing
    board = SoundBoard(enabled=True)
    assert board.play("card") is False and "multimedia" in board.problem
    assert board.play("win") is False  # and it does not try again


def test_without_an_audio_device_play_returns_at_once(qtbot: QtBot) -> None:
    board = SoundBoard(enabled=True)  # the test machine has no audio device
    for name in sorted(SOUNDS):
        board.play(name)
    qtbot.wait(100)
    board.play("card")  # after the device reported its error: still nothing raised
    board.close()


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
