"""Desktop services Qt asks with blocking D-Bus calls while the window is being made, each asked here first with a
short wait. D-Bus waits 25 seconds for an answer, and a service whose process is stuck (a known trouble at a
session's start) kept Card Table's window from appearing: 26 s for the portal below, 50 s for the accessibility
bus. A service that answers, even with an error, or one that is not there at all (D-Bus says so at once), is left
to Qt.

- The desktop portal: Qt's portal theme (``QT_QPA_PLATFORMTHEME=xdgdesktopportal``, as many set it on sway or
  Hyprland, and Qt's own choice in a Flatpak or Snap) reads the desktop's colour scheme from
  ``org.freedesktop.portal.Desktop`` as the application object is made. Asked with ``dbus-send`` (there is no Qt
  yet); unanswered, Qt is given its ordinary theme for the desktop instead.
- The accessibility bus: Qt's AT-SPI bridge reads two properties of ``org.a11y.Bus`` as the first widget is made,
  when that service is running. Asked with QtDBus once the application exists; unanswered, Qt is told to take
  accessibility as on (``QT_LINUX_ACCESSIBILITY_ALWAYS_ON``), which skips the two reads: a screen reader is still
  served if the bus answers later.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import MutableMapping
from pathlib import Path

from core.desktop_entry import FREEDESKTOP_SYSTEMS

#: how long a service is given to answer (milliseconds): one started on demand answers well within it
ANSWER_MS = 2000
PORTAL_THEMES = ("xdgdesktopportal", "flatpak", "snap")  # the names Qt's portal theme answers to
NO_REPLY = "org.freedesktop.DBus.Error.NoReply"


def portal_theme_wanted(env: MutableMapping[str, str]) -> bool:
    """Whether Qt would load its portal theme: asked for by name, or in a Flatpak or Snap sandbox."""
    asked = env.get("QT_QPA_PLATFORMTHEME")
    if asked is not None:
        return asked in PORTAL_THEMES
    return Path("/.flatpak-info").exists() or "SNAP" in env


def portal_answers(answer_ms: int = ANSWER_MS) -> bool:
    """Whether the portal answers the call Qt's portal theme makes within ``answer_ms`` (True when it cannot be
    asked: no ``dbus-send``, no session bus)."""
    tool = shutil.which("dbus-send")
    if tool is None:
        return True
    call = [tool, "--session", "--print-reply", f"--reply-timeout={answer_ms}", "--dest=org.freedesktop.portal.Desktop",
            "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings.Read",
            "string:org.freedesktop.appearance", "string:color-scheme"]
    try:
        done = subprocess.run(call, capture_output=True, text=True, timeout=answer_ms / 1000 + 5)
    except subprocess.TimeoutExpired:
        return False
    except OSError:
        return True
    return NO_REPLY not in done.stderr


def skip_a_silent_portal(env: MutableMapping[str, str] = os.environ, answer_ms: int = ANSWER_MS) -> bool:
    """Before the application object is made: when Qt would wait on a portal that does not answer, have it use its
    ordinary theme for the desktop. Returns whether it was done."""
    if not portal_theme_wanted(env) or portal_answers(answer_ms):
        return False
    if "QT_QPA_PLATFORMTHEME" in env:
        del env["QT_QPA_PLATFORMTHEME"]  # Qt's choice for the desktop (GTK's on GNOME)
    else:
        env["QT_QPA_PLATFORMTHEME"] = "generic"  # in a sandbox Qt would choose the portal's itself
    return True


def accessibility_bus_answers(answer_ms: int = ANSWER_MS) -> bool:
    """Whether ``org.a11y.Bus`` answers the property read Qt's AT-SPI bridge makes within ``answer_ms``; True when
    it is not running (Qt then reads nothing) or there is no session bus. Needs the application object."""
    if not sys.platform.startswith(FREEDESKTOP_SYSTEMS):  # AT-SPI is theirs
        return True
    try:
        from PySide6.QtDBus import QDBus, QDBusConnection, QDBusMessage
    except ImportError:
        return True
    bus = QDBusConnection.sessionBus()
    if not bus.isConnected():
        return True
    owner = bus.interface()
    if owner is None or not owner.isServiceRegistered("org.a11y.Bus").value():
        return True
    call = QDBusMessage.createMethodCall("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get")
    call.setArguments(["org.a11y.Status", "IsEnabled"])
    reply = bus.call(call, QDBus.CallMode.Block, answer_ms)
    return reply.errorName() != NO_REPLY


def skip_a_silent_accessibility_bus(env: MutableMapping[str, str] = os.environ, answer_ms: int = ANSWER_MS) -> bool:
    """Before the first widget: when Qt's AT-SPI bridge would wait on an accessibility bus that does not answer,
    have it take accessibility as on without asking. Returns whether it was done."""
    if "QT_LINUX_ACCESSIBILITY_ALWAYS_ON" in env or "AT_SPI_BUS_ADDRESS" in env or accessibility_bus_answers(answer_ms):
        return False
    env["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
    return True
