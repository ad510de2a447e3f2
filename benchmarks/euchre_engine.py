"""Euchre engine speed: random legal play of whole hands, hands per second.

    python benchmarks/euchre_engine.py [--hands 5000] [--seed 1]

Each hand starts from a seeded deal and every move is drawn at random from the legal moves (the rules check
it again in ``apply``), to the end of the hand; the moves are drawn with Python's ``random.Random(seed)``,
the same driver as OpenSpiel's below, so both engines pay the same for it. Run under every rule preset and
with every option on. When ``open_spiel`` is installed (``pip install open_spiel``) its C++ Euchre is driven
the same way from Python in the same run, and the ratio is printed. Issue target: ≥ 4,000 random hands/s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import positive_int
from plugins.euchre.rules import EuchreRules
from plugins.euchre.settings import SCHEMA


def random_hands(count: int, seed: int, settings: dict[str, object]) -> tuple[float, int]:
    """Seconds taken and moves made for ``count`` random hands."""
    rules = EuchreRules()
    rng = random.Random(seed)
    moves = 0
    started = time.perf_counter()
    for n in range(count):
        state = rules.new_game(settings, seed + n)
        while state.number == 0 and not state.over:
            state = rules.apply(state, rng.choice(rules.legal_moves(state)))
            moves += 1
    return time.perf_counter() - started, moves


def open_spiel_hands(count: int, seed: int) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    started = time.perf_counter()
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=positive_int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = {}
    for preset in [p.id for p in SCHEMA.presets] + ["all options"]:
        settings = SCHEMA.defaults()
        if preset == "all options":
            settings.update(stick_the_dealer=True, trump_holding=True, defender_alone=True, dealer_may_decline=True,
                            dealer_partner_alone=True, thirty_two_cards=True, joker=True)
        else:
            settings = SCHEMA.with_preset(settings, preset)
        seconds, moves = random_hands(args.hands, args.seed, settings)
        results[preset] = args.hands / seconds
        print(f"{preset:>14}: {args.hands} hands, {moves} moves in {seconds:.2f} s: "
              f"{args.hands / seconds:,.0f} hands/s")
    theirs = open_spiel_hands(args.hands, args.seed)
    if theirs is None:
        print("open_spiel is not installed: no comparison (pip install open_spiel)")
    else:
        print(f"OpenSpiel euchre (C++ from Python): {args.hands / theirs:,.0f} hands/s; ours/theirs "
              f"{results['standard'] * theirs / args.hands:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
