"""What the program writes on the terminal, whatever its encoding: :func:`tolerant_output` and the encoding error
handler ``cardtable-plain`` behind it; :func:`standard_descriptors_open`, so nothing meant for a closed terminal
stream lands in a file; :func:`stops_held`, Ctrl-C and SIGTERM noted to act on once a start that must not be cut
half-way is done. Small, so the window's launch can use it without the command line's modules."""

from __future__ import annotations

import codecs
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator

_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "—": "-", "–": "-", "−": "-", "…": "...", "·": ".", "×": "x",
          "±": "+/-", "→": "->", "≥": ">=", "≤": "<=", "‘": "'", "’": "'", "“": '"', "”": '"'}


def _plain(error: UnicodeError) -> tuple[str | bytes, int]:
    """The encoding error handler ``cardtable-plain``: a suit sign becomes its card-text letter (7♦ → 7D), a
    dash ``-``, other characters ``?``; an undecodable byte a file name carried (a lone surrogate, as
    ``surrogateescape`` made it) is written back as that byte."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start:error.end]
    if all(0xDC80 <= ord(char) <= 0xDCFF for char in bad):
        return bytes(ord(char) - 0xDC00 for char in bad), error.end
    return "".join(_PLAIN.get(char, "?") for char in bad), error.end


codecs.register_error("cardtable-plain", _plain)


def tolerant_output() -> None:
    """Let stdout and stderr write what their encoding cannot hold (a Windows console's cp1252 sent to a file,
    a terminal under an old 8-bit locale) through ``cardtable-plain`` instead of stopping the command with
    ``UnicodeEncodeError``, and stderr so instead of as escapes (``\\udce4``, ``\\u2665``); output a UTF-8 stream
    can hold is unchanged, and an error mode chosen with ``PYTHONIOENCODING`` (``ascii:replace``) is kept."""
    defaults = ("strict", "surrogateescape", *(() if ":" in os.environ.get("PYTHONIOENCODING", "")
                                               else ("backslashreplace",)))  # Python's own for stderr
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a text stream's (not a test's capture)
        if reconfigure is not None and getattr(stream, "errors", None) in defaults:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="cardtable-plain")


def standard_descriptors_open() -> None:
    """Descriptors 0–2 that whatever started the program left closed (``cardtable 2>&-``) are opened on the null
    device: else the next file opened takes the number, and what is written to standard error below Python (Qt's
    warnings, a worker's report) lands in that file — a results file, a save being written. (Python then leaves
    that stream None: what it would print there goes nowhere, as it did.)"""
    for number in (0, 1, 2):
        try:
            os.fstat(number)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)
            if opened != number:  # a lower one closed meanwhile: not ours to fill
                os.dup2(opened, number)
                os.close(opened)


@contextlib.contextmanager
def stops_held() -> Iterator[list[int]]:
    """Ctrl-C and SIGTERM noted, not acted on, meanwhile (the list holds those that came), where stopping half-way
    does harm: a heavy run's engine starting (a Dask cluster left itself half made, and Dask's own clean-up at exit
    failed on it with a traceback), Qt being loaded for the window (Ctrl-C there aborted Python: "Fatal Python
    error: libshiboken/signature"). A signal the process ignores (a job started in the background ignores Ctrl-C)
    stays ignored."""
    came: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield came
        return
    before = {number: handler for number in (signal.SIGINT, signal.SIGTERM)
              if (handler := signal.getsignal(number)) not in (signal.SIG_IGN, None)}  # None: set outside Python
    for number in before:
        signal.signal(number, lambda number, frame: came.append(number))
    try:
        yield came
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
