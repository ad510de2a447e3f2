"""Every script in tools/ and benchmarks/ answers ``--help`` with its usage and what it does, on a machine
without a display, and does nothing else (a generator asked for help once rewrote the shipped art instead)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted([*ROOT.glob("tools/*.py"), *ROOT.glob("benchmarks/*.py")])


def _first_words(script: Path) -> str:
    """The docstring's first few words, as ``--help`` prints them (argparse may rewrap the rest)."""
    source = script.read_text(encoding="utf-8")
    doc = source.split('"""')[1]
    return " ".join(doc.split()[:4])


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_help_prints_the_usage_and_the_job_and_writes_nothing(script: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["CARDTABLE_HOME"] = str(tmp_path / "home")
    before = {p: p.stat().st_mtime_ns for p in (ROOT / "resources").rglob("*") if p.is_file()}
    result = subprocess.run([sys.executable, str(script), "--help"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: {script.name}")
    assert _first_words(script) in " ".join(result.stdout.split())
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # no home, no output files
    assert {p: p.stat().st_mtime_ns for p in (ROOT / "resources").rglob("*") if p.is_file()} == before
