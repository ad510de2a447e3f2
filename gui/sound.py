"""Sound effects, off unless the player turns them on: short WAVs from ``resources/sounds`` played with
QtMultimedia's QSoundEffect, loaded on first use. Nothing here can stop a game: a machine without
QtMultimedia's libraries, without an audio device or without the files just stays silent, and says why once
(``problem``)."""

from __future__ import annotations

from typing import Any

import resources
from core.sounds import SOUNDS


class SoundBoard:
    """Plays the effects named in :data:`core.table.SOUNDS` while ``enabled``."""

    VOLUME = 0.55

    def __init__(self, enabled: bool = False) -> None:
        self.enabled = enabled
        self.problem = ""  # why there is no sound, once something was tried
        self._effects: dict[str, Any] = {}
        self._broken = False

    def play(self, name: str) -> bool:
        """Start ``name``; True when it was handed to the audio system."""
        if not self.enabled or self._broken or name not in SOUNDS:
            return False
        try:
            effect = self._effects.get(name) or self._load(name)
            if effect is None:
                return False
            effect.play()
            return True
        except Exception as error:  # an audio back end that fails must not take the game with it
            self._give_up(f"sound stopped: {type(error).__name__}: {error}")
            return False

    def _load(self, name: str) -> Any:
        try:
            from PySide6.QtCore import QUrl
            from PySide6.QtMultimedia import QSoundEffect
        except ImportError as error:
            self._give_up(f"no sound: Qt's multimedia module cannot be loaded ({error})")
            return None
        path = resources.files() / "sounds" / f"{name}.wav"
        if not path.is_file():
            self._give_up(f"no sound: {name}.wav is missing")
            return None
        effect = QSoundEffect()
        effect.statusChanged.connect(lambda: self._check(effect))
        effect.setSource(QUrl.fromLocalFile(str(path)))
        effect.setVolume(self.VOLUME)
        self._effects[name] = effect
        return effect

    def _check(self, effect: Any) -> None:
        if effect.status() == effect.Status.Error:
            self._give_up("no sound: the audio output cannot play the effects (no audio device?)")

    def _give_up(self, problem: str) -> None:
        self._broken = True
        self.problem = problem

    def close(self) -> None:
        for effect in self._effects.values():
            effect.stop()
        self._effects.clear()
