"""The same seed gives the same game in every process: Python randomises the hashing of strings per process
(``PYTHONHASHSEED``), so a CPU player, hint or solver that let the order of a set or dict of strings decide a
move would play differently from one run to the next. Each game's CPU players at every strength, Yukon's hint
played out and its solver run in two processes hashing differently, and must agree move for move."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAY = """
import hashlib
from core.manager import load_host
from core.session import GameSession
from plugins.yukon.cli import solve_one

host = load_host()
for game_id in ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre"):
    game = host.game(game_id)
    for strength in sorted(game.strategies):
        session = GameSession.new(game, game.settings.defaults(), seed=3, players=[strength] * len(game.seats))
        session.run_cpus(limit=150)
        print(game_id, strength, hashlib.sha256(" ".join(session.moves).encode()).hexdigest())
yukon = host.game("yukon")
for deal in (1, 7):
    session = GameSession.new(yukon, seed=deal, deal={"number": deal})
    while not session.is_over and (hint := session.hint(counted=False)) is not None and hint.move:
        session.play(hint.move)
    print("yukon hint", deal, " ".join(session.moves))
for deal in (2, 5):
    record = solve_one((deal, "standard", True, 20_000, None))
    print("yukon solve", deal, record["verdict"], record["nodes"], record["solution"])
"""


def played(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", PLAY], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_every_cpu_player_hint_and_solver_plays_the_same_whatever_the_process_hashes_strings_as() -> None:
    first, second = played("1"), played("2")
    assert first.count("\n") == 16, first  # 12 games and strengths, 2 hints played out, 2 deals solved
    assert first == second
