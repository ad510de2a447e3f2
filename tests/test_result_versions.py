"""A results file names the version of the code that decided its results (``CPU_VERSION`` of each game's CPU
players, Yukon's ``SOLVER_VERSION``), and a file written by another version is not resumed. That holds only if
the number changes whenever the play does: here each game's CPU players, at every strength, play the opening of a
few seeded matches, and Yukon's solver solves a few deals; what they did is hashed and recorded beside the version
it was recorded under. A change to how a CPU player or the solver plays changes a digest, and the test fails until
the version is raised (and the new digest recorded with it).
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from core.session import GameSession

SEEDS = (1, 2)
MOVES = 40  # about a hand and a half of four-handed Euchre: bidding, a discard, play

# name: (the version the digest was recorded under, the digest)
RECORDED = {
    "euchre": (1, "8cb14104baad6ca45d6993298c6eecf98a9eca72be1e57521616b8536dc0a30d"),
    "euchre with every option": (1, "ad42ffa5fa94c40f60015f96160a8bc1af8bad7fbee7336d6fbcb64ebf61e23f"),
    "bid-euchre": (1, "94f764a423c72746b7fc15c0e3ec0b69afbc6c88ff811fb34da5870fe9248725"),
    "two-handed-euchre": (1, "2b132ce1a20f05f25869e0616093b5f65ad52b22a32bcb7777fd464aebe58e62"),
    "three-handed-euchre": (1, "6a7c55c1d1791a8bdb50ccfff78a810c949b740665702eb04e11fd761a79c754"),
    "yukon": (7, "0aaff30f5305ee193992da6f2b9efd922b25ffe9f3942408dcd070323d7afb96"),
}


def _games() -> dict[str, tuple[Any, dict[str, Any], str]]:
    """Each game whose CPU players write results files: its spec, settings, and the module naming its version."""
    from plugins.bid_euchre.plugin import GAME as BID_EUCHRE
    from plugins.cutthroat.plugin import GAMES
    from plugins.euchre.plugin import GAME as EUCHRE

    every_option = {**EUCHRE.settings.defaults(), "stick_the_dealer": True, "trump_holding": True,
                    "defender_alone": True, "dealer_may_decline": True, "dealer_partner_alone": True,
                    "thirty_two_cards": True, "joker": True}
    return {"euchre": (EUCHRE, EUCHRE.settings.defaults(), "plugins.euchre.cpu"),
            "euchre with every option": (EUCHRE, every_option, "plugins.euchre.cpu"),
            "bid-euchre": (BID_EUCHRE, BID_EUCHRE.settings.defaults(), "plugins.bid_euchre.cpu"),
            "two-handed-euchre": (GAMES[2], GAMES[2].settings.defaults(), "plugins.cutthroat.cpu"),
            "three-handed-euchre": (GAMES[3], GAMES[3].settings.defaults(), "plugins.cutthroat.cpu")}


def _play_digest(game: Any, settings: dict[str, Any]) -> str:
    digest = hashlib.sha256()
    for strength in sorted(game.strategies):
        for seed in SEEDS:
            session = GameSession.new(game, settings, seed=seed, players=[strength] * len(game.seats))
            session.run_cpus(limit=MOVES)
            digest.update(f"{strength} {seed}: {' '.join(session.moves)}\n".encode())
    return digest.hexdigest()


def _solver_digest() -> str:
    from plugins.yukon.cli import solve_one

    digest = hashlib.sha256()
    for variant in ("standard", "russian"):
        for deal in range(1, 9):
            record = solve_one((deal, variant, False, 20_000, None))
            del record["seconds"]  # the machine's, not the solver's
            digest.update(f"{sorted(record.items())}\n".encode())
    return digest.hexdigest()


def _now(name: str) -> tuple[int, str, str]:
    """The version in the code now, the digest of what the code does now, and where the version is kept."""
    import importlib

    if name == "yukon":
        from plugins.yukon.solver import SOLVER_VERSION

        return SOLVER_VERSION, _solver_digest(), "SOLVER_VERSION in plugins/yukon/solver.py"
    game, settings, module = _games()[name]
    return (importlib.import_module(module).CPU_VERSION, _play_digest(game, settings),
            f"CPU_VERSION in {module.replace('.', '/')}.py")


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_the_version_changes_whenever_the_play_does(name: str) -> None:
    version, digest, where = _now(name)
    recorded_version, recorded_digest = RECORDED[name]
    if version == recorded_version:
        assert digest == recorded_digest, (
            f"{name} plays differently under the same {where} ({version}): raise it, so a results file of an "
            f"earlier run is not resumed into a mix of two versions' results, and record the new digest: {digest}")
    else:
        assert (version, digest) == (recorded_version, recorded_digest), (
            f"{where} is now {version}: record it here with the digest {digest}")
