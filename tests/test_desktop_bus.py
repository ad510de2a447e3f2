"""Desktop services that do not answer: the portal Qt's portal theme reads at start, and the accessibility bus its
AT-SPI bridge reads as the first widget is made. On a private session bus a process holds both names, stopped so
that calls to it go unanswered, as a stuck service's would; the launcher's window still opens, and says on the
error output what it did without. A service that answers is left to Qt."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not (shutil.which("dbus-run-session") and shutil.which("dbus-send")),
                                reason="needs a D-Bus daemon (Debian: dbus-daemon, dbus-bin)")

ROOT = Path(__file__).resolve().parents[1]

#: holds the names given to it on the session bus and answers nothing of its own (an error for every call)
CLAIMANT = """
import sys
from PySide6.QtCore import QCoreApplication
from PySide6.QtDBus import QDBusConnection
app = QCoreApplication([])
for name in sys.argv[1:]:
    assert QDBusConnection.sessionBus().registerService(name), name
print("claimed", flush=True)
app.exec()
"""

#: on the private bus: the claimant (stopped when $STUCK is set), then the launcher until its window listens
DRIVER = """
import json, os, signal, subprocess, sys, time
from pathlib import Path
from gui.single_instance import window_answers
claimant = subprocess.Popen([sys.executable, "-c", os.environ["CLAIMANT"], "org.freedesktop.portal.Desktop",
                             "org.a11y.Bus"], stdout=subprocess.PIPE, text=True)
assert claimant.stdout.readline().strip() == "claimed"
if os.environ.get("STUCK"):
    claimant.send_signal(signal.SIGSTOP)
home = Path(os.environ["CARDTABLE_HOME"])
launcher = subprocess.Popen([sys.executable, "-m", "core.cli"], stderr=subprocess.PIPE, text=True)
deadline = time.monotonic() + 120
while not window_answers(home / "data") and launcher.poll() is None and time.monotonic() < deadline:
    time.sleep(0.05)
opened = window_answers(home / "data")
launcher.terminate()
_, errors = launcher.communicate(timeout=30)
claimant.send_signal(signal.SIGCONT)
claimant.kill()
print(json.dumps({"opened": opened, "status": launcher.returncode, "errors": errors}))
"""


def launch_beside(tmp_path: Path, stuck: bool) -> dict[str, object]:
    env = {**os.environ, "CARDTABLE_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen", "CLAIMANT": CLAIMANT,
           "QT_QPA_PLATFORMTHEME": "xdgdesktopportal", "PYTHONPATH": str(ROOT)}
    for name in ("STUCK", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON", "AT_SPI_BUS_ADDRESS"):
        env.pop(name, None)
    if stuck:
        env["STUCK"] = "1"
    done = subprocess.run(["dbus-run-session", "--", sys.executable, "-c", DRIVER], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_services_that_do_not_answer_do_not_hold_the_window_back(tmp_path: Path) -> None:
    result = launch_beside(tmp_path, stuck=True)
    assert result["opened"] and result["status"] == 0, result
    errors = str(result["errors"])
    assert "the desktop portal did not answer" in errors, errors  # else Qt waits 25 s for it
    assert "the accessibility bus did not answer" in errors, errors  # else Qt waits 2 × 25 s on a screen


def test_services_that_answer_are_left_to_qt(tmp_path: Path) -> None:
    result = launch_beside(tmp_path, stuck=False)
    assert result["opened"] and result["status"] == 0, result
    assert "did not answer" not in str(result["errors"]), result["errors"]
