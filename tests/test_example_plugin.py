"""The example third-party plugin: found like an installed distribution, listed, and conformant."""

from __future__ import annotations

import sys
from pathlib import Path

from core.conformance import GameConformance
from core.game import GameSpec
from core.manager import PluginHost
from tests.distributions import entry_points_in, make_dist, run_cardtable

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cardtable-hilo"
if str(EXAMPLE) not in sys.path:
    sys.path.append(str(EXAMPLE))


def hilo_game() -> GameSpec:
    from cardtable_hilo.plugin import GAME

    return GAME


class TestHiLoConformance(GameConformance):
    game = hilo_game()
    seeds = tuple(range(20))


def test_example_is_discovered_through_its_entry_point(tmp_path: Path) -> None:
    site = make_dist(tmp_path / "site", "cardtable-hilo", "0.1.0", {"hilo": "cardtable_hilo.plugin"})
    host = PluginHost()
    host.discover(entry_points_in(site))
    assert [g.id for g in host.games()] == ["hilo"]
    result = run_cardtable("plugins", pythonpath=[site, EXAMPLE])
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("hilo"))
    assert "cardtable-hilo 0.1.0" in line and "games: hilo" in line
