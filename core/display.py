"""Whether the window has a display to open on, asked before Qt is: on Linux and the BSDs Qt aborts (a core dump)
with advice to reinstall when it finds none, or when neither the Wayland nor the X display it is given answers
(a compositor or X server that stopped, an ``ssh -X`` whose forwarding went, a ``sudo`` without the X authority),
or when ``QT_QPA_PLATFORM`` names a platform that cannot open (``wayland`` set for every session, and an X11 session
started; ``x11`` for ``xcb``). No Qt here: the Wayland display is tried by connecting to its socket, the X display
with libxcb, as Qt's xcb platform would."""

from __future__ import annotations

import ctypes
import importlib.util
import os
import socket
import struct
import sys
from collections.abc import Mapping
from pathlib import Path

from core import shared_libraries
from core.desktop_entry import FREEDESKTOP_SYSTEMS

PLATFORM_ENV = "QT_QPA_PLATFORM"
WAYLAND_PLATFORMS = ("wayland", "wayland-egl", "wayland-brcm")  # the keys of Qt's one Wayland plugin
CHECKED_PLATFORMS = frozenset({"xcb", *WAYLAND_PLATFORMS})  # those whose display is tried here; the others are Qt's
WAYLAND_THEN_X11 = ("wayland", "xcb")  # the order Qt tries them in when none is asked for
WINDOW_LIBRARIES = ("Widgets", "Svg", "Network")  # the Qt libraries the window loads first, beside the platform
_kept: dict[str, int] = {}  # X display → the connection that answered (see :func:`x_display_answers`)


def display_problem(env: Mapping[str, str] = os.environ) -> str | None:
    """Why the window cannot open here, in words for the terminal, or None (also when it cannot be told: Qt then
    decides)."""
    if not sys.platform.startswith(FREEDESKTOP_SYSTEMS):
        return None
    chosen = _platforms(env)
    if chosen:
        available = qt_platforms()
        if available and not set(chosen) & available:
            return (f"{PLATFORM_ENV}={env[PLATFORM_ENV]} names no platform Qt has here (it has "
                    f"{', '.join(sorted(available))}; X11's is xcb)")
        if not set(chosen) <= CHECKED_PLATFORMS:
            return None  # offscreen, eglfs, vnc…: Qt's to try
    why = _why_not(env, chosen)
    if why is None:
        return _libraries_problem(env, chosen)
    return f"{PLATFORM_ENV}={env[PLATFORM_ENV]}: {why}" if chosen else why


def platform_instead(env: Mapping[str, str] = os.environ) -> tuple[str, str] | None:
    """When ``QT_QPA_PLATFORM`` asks only for Wayland and no compositor answers while the X display does (or the
    other way round), the platform to open on instead and a line for the terminal saying so; else None."""
    if not sys.platform.startswith(FREEDESKTOP_SYSTEMS):
        return None
    chosen = _platforms(env)
    why = _why_not(env, chosen) if chosen and set(chosen) <= CHECKED_PLATFORMS else None
    if why is None:
        return None
    x11, wayland = env.get("DISPLAY"), env.get("WAYLAND_DISPLAY")
    if set(chosen) <= set(WAYLAND_PLATFORMS) and x11 and x_display_answers(x11):
        instead, where = "xcb", f"the X display {x11}"
    elif chosen == ["xcb"] and wayland and wayland_display_answers(wayland, env.get("XDG_RUNTIME_DIR", "")):
        instead, where = "wayland", f"the Wayland display {wayland}"  # (a Wayland session without Xwayland)
    else:
        return None
    return instead, (f"{PLATFORM_ENV}={env[PLATFORM_ENV]} cannot open here: {why}; the window opens on {where} "
                     f"instead ({PLATFORM_ENV}=\"wayland;xcb\" lets every Qt program do so)")


def _why_not(env: Mapping[str, str], chosen: list[str]) -> str | None:
    """Why none of the displays Qt would try answers (those of the platforms ``chosen``, else Wayland's and X's),
    or None when one does."""
    if not chosen:
        x11, wayland = env.get("DISPLAY"), env.get("WAYLAND_DISPLAY")
        if not x11 and not wayland:
            return "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set)"
    else:
        x11 = env.get("DISPLAY") if "xcb" in chosen else None
        wayland = (env.get("WAYLAND_DISPLAY") or "wayland-0") if set(chosen) & set(WAYLAND_PLATFORMS) else None
        if not x11 and not wayland:
            return "DISPLAY is not set"
    if (wayland and wayland_display_answers(wayland, env.get("XDG_RUNTIME_DIR", ""))) or \
            (x11 and x_display_answers(x11)):
        return None  # Qt tries Wayland, then X: one that answers is enough
    reasons = []
    if wayland:
        reasons.append(f"the Wayland display {wayland} cannot be opened (no compositor listens there)")
    if x11:
        reasons.append(f"the X display {x11} cannot be opened (no X server answers there, or it refused this "
                       "program: check DISPLAY and XAUTHORITY)")
    return "; ".join(reasons)


def qt_platforms() -> set[str]:
    """The platform names this installation of Qt has (from its plugin files, without loading Qt); empty when
    they cannot be told (a plugin path of one's own)."""
    folder = _qt_folder()
    try:
        names = {name[4:].split(".")[0] for name in os.listdir(os.path.join(folder, "plugins", "platforms"))
                 if name.startswith("libq")} if folder else set()
    except OSError:
        return set()
    return names | set(WAYLAND_PLATFORMS) if "wayland" in names else names


def _qt_folder() -> str | None:
    """PySide6's Qt folder (``lib``, ``plugins``), or None when Qt's plugins are taken from elsewhere."""
    if os.environ.get("QT_PLUGIN_PATH") or os.environ.get("QT_QPA_PLATFORM_PLUGIN_PATH"):
        return None
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return os.path.join(next(iter(spec.submodule_search_locations)), "Qt")


def _libraries_problem(env: Mapping[str, str], chosen: list[str]) -> str | None:
    """When none of the platforms Qt would open on here (those ``chosen``, all checked ones, else Wayland's then
    X11's) can load (a library of the system it needs is not installed: ``libxcb-shape.so.0`` on a minimal system,
    WSL, a server with X forwarding), which are missing and where they usually are, in words for the terminal; else
    None. Asked once a display answers."""
    folder = _qt_folder()
    if folder is None:
        return None
    x11 = env.get("DISPLAY")
    wayland = env.get("WAYLAND_DISPLAY") or ("wayland-0" if chosen else "")
    answering = {"xcb": x_display_answers(x11) if x11 else False,
                 "wayland": wayland_display_answers(wayland, env.get("XDG_RUNTIME_DIR", "")) if wayland else False}
    lacking: dict[str, list[str]] = {}
    for plugin in dict.fromkeys("xcb" if platform == "xcb" else "wayland" for platform in chosen or WAYLAND_THEN_X11):
        if not answering[plugin]:
            continue
        files = [Path(folder, "plugins", "platforms", f"libq{plugin}.so"),
                 *(Path(folder, "lib", f"libQt6{part}.so.6") for part in WINDOW_LIBRARIES)]
        try:
            lacking[plugin] = shared_libraries.missing([file for file in files if file.is_file()], Path(folder, "lib"))
        except (OSError, ValueError, struct.error):
            return None  # a file that cannot be read: Qt's to tell
        if not lacking[plugin]:
            return None  # Qt opens on this one
    if not lacking:
        return None
    plugin, libraries = next(iter(lacking.items()))
    packages = " ".join(dict.fromkeys(shared_libraries.debian_package(library) for library in libraries))
    return (f"the window cannot open: Qt's {plugin} platform needs {', '.join(libraries)}, which "
            f"{'is' if len(libraries) == 1 else 'are'} not installed here (on Debian and Ubuntu usually: apt "
            f"install {packages})")


def _platforms(env: Mapping[str, str]) -> list[str]:
    """The platforms ``QT_QPA_PLATFORM`` names, in order, without their options (``xcb:option``)."""
    return [part.split(":")[0].strip() for part in env.get(PLATFORM_ENV, "").split(";") if part.strip()]


def wayland_display_answers(name: str, runtime_dir: str) -> bool:
    """Whether a Wayland compositor listens at ``name`` (a socket under ``runtime_dir`` unless a path)."""
    path = name if os.path.isabs(name) else os.path.join(runtime_dir, name)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(path)
        except OSError:
            return False
    return True


def x_display_answers(name: str) -> bool:
    """Whether an X server at ``name`` takes a connection from this program (True when libxcb is not there to
    ask: Qt then says what is missing). A connection that answers is kept open while the program runs: an X server
    with no other client (Xvfb, a kiosk's bare server) resets when its last client leaves and refuses connections
    meanwhile — 18 of 200 checks made one after another were refused, and Qt's own, made right after, could be."""
    if name in _kept:
        return True
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return True
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(os.fsencode(name), None)
    if connection and xcb.xcb_connection_has_error(connection) == 0:
        _kept[name] = connection
        return True
    if connection:
        xcb.xcb_disconnect(connection)  # an error connection is freed the same way
    return False
