"""The command line on an output that cannot hold a suit sign — a Windows console's cp1252 sent to a file, a
terminal under an old 8-bit locale — still writes every line (the suit as its card-text letter), never a
traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.distributions import REPO


def cardtable(tmp_path: Path, encoding: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "CARDTABLE_HOME": str(tmp_path / "home")}
    return subprocess.run([sys.executable, "-m", "core.cli", *args], cwd=REPO, env=env, capture_output=True,
                          timeout=120, check=False)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_a_solution_is_written_with_card_letters_where_suit_signs_cannot_be(tmp_path: Path, encoding: str) -> None:
    result = cardtable(tmp_path, encoding, "yukon", "solve", "12", "--moves")
    out = result.stdout.decode(encoding)
    assert result.returncode == 0, result.stderr.decode(encoding, "replace")
    assert b"Traceback" not in result.stderr
    assert "  1. AH to the foundation   [4>F]" in out.splitlines()
    assert "  3. 8S and 4 cards from column 7 onto 9H in column 2   [7.5>2]" in out.splitlines()
    assert out.count("\n") >= 88  # the verdict and all 87 moves


def test_the_statistics_are_written_in_ascii(tmp_path: Path) -> None:
    result = cardtable(tmp_path, "ascii", "stats", "euchre")
    assert result.returncode == 0, result.stderr.decode("ascii", "replace")
    assert "... with help (hints or the demo)" in result.stdout.decode("ascii")


def test_the_same_output_on_utf8_keeps_its_signs(tmp_path: Path) -> None:
    out = cardtable(tmp_path, "utf-8", "yukon", "solve", "12", "--moves").stdout.decode("utf-8")
    assert "  1. A♥ to the foundation   [4>F]" in out.splitlines()


def test_the_handler_writes_letters_dashes_and_a_file_name_s_own_bytes() -> None:
    import core.terminal  # noqa: F401  (registers the handler)

    assert "7♦ — 8♣… 9×".encode("ascii", "cardtable-plain") == b"7D - 8C... 9x"
    assert "日本".encode("ascii", "cardtable-plain") == b"??"
    assert "deal\udcff.json".encode("ascii", "cardtable-plain") == b"deal\xff.json"  # as surrogateescape read it


@pytest.mark.skipif(sys.platform not in ("linux", "freebsd"), reason="only these systems' file names may be any bytes")
def test_a_file_name_that_is_not_utf8_is_named_in_its_own_bytes_on_the_error_output(tmp_path: Path) -> None:
    """A folder named under an old 8-bit locale, as the player typed it: stderr showed Python's escape for the
    byte (``j\\udcfcrgen``), a name the player never typed and no terminal shows."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONIOENCODING"}
    missing = tmp_path / os.fsdecode(b"j\xfcrgen") / "out.json"
    result = subprocess.run([sys.executable, "-m", "core.cli", "yukon", "solve", "1", "--json", str(missing)],
                            cwd=REPO, env={**env, "CARDTABLE_HOME": str(tmp_path / "home")}, capture_output=True,
                            timeout=120, check=False)
    assert result.returncode == 2
    assert os.fsencode(missing.parent) + b" does not exist" in result.stderr, result.stderr
