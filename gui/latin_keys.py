"""The table's letter and digit keys by where they lie on the keyboard, for a layout that types no Latin letter
or no digit there.

A player with a Russian, Greek, Hebrew or Arabic layout active (or kana on a Japanese keyboard) presses the
key marked H and Qt reports the letter that layout puts there, "р", so H, P, Z and the Euchre suit keys did
nothing. Qt's own shortcuts (Ctrl+Z) look such a letter up in the keyboard's Latin layout; keys the table reads
itself get the same: a letter of another script becomes the US layout's letter at that key, found by its scan
code. Likewise the digit row where a layout types digits only with Shift (French AZERTY's & é " ' ( - è _ ç à,
Czech and Lithuanian letters): pressed alone, its keys are the digits 1–9 and 0 that the Euchre hand and the
Yukon columns answer to (a layout's own digits, as Persian's ۱ ۲ ۳, Qt already reports as digits). Letters of
the Latin script elsewhere (a French or German layout's own letters) and every other key are left as they are
typed. The scan codes are X's keycodes (evdev + 8), which Qt reports on X11 and on Wayland; on other platforms
events pass unchanged. (A virtual keyboard with a keymap of its own, as ``wtype`` makes, puts letters on keycodes
that are not their keys': read by position, they may be other letters.)"""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent

SCAN_CODE_PLATFORMS = frozenset({"xcb", "wayland"})
# the US layout's digit row and letter rows, each from the keycode of its first key
_ROWS = ((10, "1234567890"), (24, "QWERTYUIOP"), (38, "ASDFGHJKL"), (52, "ZXCVBNM"))
US_KEY_AT = {first + n: name for first, names in _ROWS for n, name in enumerate(names)}


def _other_script(typed: str) -> bool:
    """Whether ``typed`` is one letter of a script other than Latin (Cyrillic, Greek, Hebrew, kana…)."""
    return len(typed) == 1 and typed.isalpha() and not unicodedata.name(typed, "LATIN").startswith("LATIN")


def latin_key_event(event: QKeyEvent, platform: str | None = None) -> QKeyEvent:
    """``event``, or for a letter of another script, or a digit key that typed no digit unshifted, on a platform
    that reports X keycodes, the same press as the US layout's key there (Qt's key code and text; modifiers, scan
    code and auto-repeat kept)."""
    platform = QGuiApplication.platformName() if platform is None else platform
    name = US_KEY_AT.get(event.nativeScanCode()) if platform in SCAN_CODE_PLATFORMS else None
    typed = event.text()
    digit_row = name is not None and name.isdigit() and not event.modifiers() and not typed.isdigit()
    if name is None or not (digit_row or _other_script(typed)):
        return event
    shifted = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
    return QKeyEvent(QEvent.Type.KeyPress, Qt.Key(ord(name)), event.modifiers(), event.nativeScanCode(),
                     event.nativeVirtualKey(), event.nativeModifiers(),
                     name if shifted or name.isdigit() else name.lower(), event.isAutoRepeat(), event.count())
