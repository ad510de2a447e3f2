"""Whether the window has a display to open on, asked before Qt is: on Linux and the BSDs Qt aborts (a core dump)
with advice to reinstall when it finds none, or when neither the Wayland nor the X display it is given answers
(a compositor or X server that stopped, an ``ssh -X`` whose forwarding went, a ``sudo`` without the X authority).
No Qt here: the Wayland display is tried by connecting to its socket, the X display with libxcb, as Qt's xcb
platform would."""

from __future__ import annotations

import ctypes
import os
import socket
import sys
from collections.abc import Mapping

from core.desktop_entry import FREEDESKTOP_SYSTEMS


def display_problem(env: Mapping[str, str] = os.environ) -> str | None:
    """Why the window cannot open here, in words for the terminal, or None (also when it cannot be told: Qt then
    decides)."""
    if not sys.platform.startswith(FREEDESKTOP_SYSTEMS) or env.get("QT_QPA_PLATFORM"):
        return None  # another system, or a Qt platform chosen by hand
    x11, wayland = env.get("DISPLAY"), env.get("WAYLAND_DISPLAY")
    if not x11 and not wayland:
        return "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set)"
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
    ask: Qt then says what is missing)."""
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return True
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(os.fsencode(name), None)
    try:
        return bool(connection) and xcb.xcb_connection_has_error(connection) == 0
    finally:
        if connection:
            xcb.xcb_disconnect(connection)  # an error connection is freed the same way
