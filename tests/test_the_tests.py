"""Rules the test suite keeps for its own sake: what one test starts must not reach into the next."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
LONGEST_FREE_TIMER_MS = 1000


def free_timers(source: str) -> list[tuple[int, int]]:
    """The lines and delays of ``QTimer.singleShot(delay, action)`` calls of a second or more without a context
    object: nothing stops such a timer when its test ends."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "singleShot" \
                and len(node.args) == 2 and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, int) and node.args[0].value >= LONGEST_FREE_TIMER_MS:
            found.append((node.lineno, node.args[0].value))
    return found


def test_no_test_leaves_a_long_timer_running_after_it_ends() -> None:
    """A test's "give up after 15 s" timer, started with ``QTimer.singleShot`` and never stopped, fired in whatever
    test ran 15 s later and closed its window: on a loaded machine, a test of a CPU player failed with "Internal C++
    object (NoticeBar) already deleted". A long timer is one the test stops when it ends (``gui_helpers.own_timers``),
    or a single shot with a context object (``QTimer.singleShot(ms, window, action)``) that goes with the test's
    window."""
    assert free_timers("QTimer.singleShot(15_000, give_up)\nQTimer.singleShot(50, look)\n"
                       "QTimer.singleShot(10_000, window, release)\n") == [(1, 15000)]
    left = {path.name: found for path in sorted(TESTS.glob("*.py"))
            if path.name != Path(__file__).name and (found := free_timers(path.read_text(encoding="utf-8")))}
    assert not left, f"timers that outlive their test (line, ms): {left}"
