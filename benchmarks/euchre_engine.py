"""Euchre engine speed: random legal play of whole hands, hands per second.

    python benchmarks/euchre_engine.py [--hands 5000] [--seed 1] [--rounds 3]

Each hand starts from a seeded deal and every move is drawn at random from the legal moves (the rules check
it again in ``apply``), to the end of the hand; the moves are drawn with Python's ``random.Random(seed)``,
the same driver as OpenSpiel's below, so both engines pay the same for it. Run under every rule preset and
with every option on. When ``open_spiel`` is installed (``pip install open_spiel``) its C++ Euchre is driven
the same way from Python in the same run, and the ratio is printed. Issue target: ≥ 4,000 random hands/s.

A shared machine's speed wanders by tens of percent from one second to the next, so every engine and
preset is timed ``--rounds`` times, taking turns, and the best round counts (as ``timeit`` advises: the
slower rounds measure the machine's other work); the slowest round is printed beside it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import guarded, positive_int
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=positive_int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=positive_int, default=3)
    args = parser.parse_args()
    presets: dict[str, dict[str, object]] = {}
    for preset in [p.id for p in SCHEMA.presets]:
        presets[preset] = SCHEMA.with_preset(SCHEMA.defaults(), preset)
    presets["all options"] = {**SCHEMA.defaults(), **dict.fromkeys(
        ["stick_the_dealer", "trump_holding", "defender_alone", "dealer_may_decline", "dealer_partner_alone",
         "thirty_two_cards", "joker"], True)}
    seconds: dict[str, list[float]] = {name: [] for name in [*presets, "OpenSpiel"]}
    moves: dict[str, int] = {}
    for _ in range(args.rounds):
        for name, settings in presets.items():
            taken, moves[name] = random_hands(args.hands, args.seed, settings)
            seconds[name].append(taken)
        theirs = open_spiel_hands(args.hands, args.seed)
        if theirs is not None:
            seconds["OpenSpiel"].append(theirs)
    for name in presets:
        print(f"{name:>14}: {args.hands} hands, {moves[name]} moves: best {args.hands / min(seconds[name]):,.0f} "
              f"hands/s (slowest round {args.hands / max(seconds[name]):,.0f})")
    if not seconds["OpenSpiel"]:
        print("open_spiel is not installed: no comparison (pip install open_spiel)")
    else:
        theirs = min(seconds["OpenSpiel"])
        print(f"OpenSpiel euchre (C++ from Python): best {args.hands / theirs:,.0f} hands/s; ours/theirs "
              f"{theirs / min(seconds['standard']):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "euchre_engine.py"))
