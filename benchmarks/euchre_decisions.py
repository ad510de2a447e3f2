"""The hard Euchre player's decision time on recorded positions, and whether a change kept its moves.

    python benchmarks/euchre_decisions.py [--deals 40] [--seed 1] [--preset P] [--defender-alone]
                                          [--rounds 3] [--baseline DIR]

Plays the first hand of ``--deals`` tournament deals (the ones ``cardtable euchre tournament --seed`` plays)
with hard in North/South and normal in East/West, and records every position where hard chooses between two
or more moves. Each position is then decided again ``--rounds`` times in a fresh process, and each decision's
best time counts (a shared machine's speed wanders; the slower rounds measure its other work). Printed: the
decisions' total, median, p90, p99 and worst, and the same by kind (bids, each trick).

``--baseline DIR`` names another checkout (e.g. ``git worktree add /tmp/base HEAD~3``): its code decides the
same positions, the two taking turns round by round, and every move must be the same (exit status 1 if not).
A position is passed on as the deal's seed and the moves that led to it, so the two codes need share nothing
but the rules and the move text.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("bid", "trick 1", "trick 2", "trick 3", "trick 4")


def _imports(tree: Path) -> Any:
    sys.path.insert(0, str(tree))
    from core.rng import Rng
    from plugins.euchre.cpu import HardPlayer, RuleBasedPlayer
    from plugins.euchre.rules import EuchreRules
    from plugins.euchre.tournament import first_deal

    return Rng, HardPlayer, RuleBasedPlayer, EuchreRules, first_deal


def record(deals: int, seed: int, settings: dict[str, Any]) -> list[dict[str, Any]]:
    """Per deal: its seed and every move of its first hand (hard North/South, normal East/West)."""
    rng_class, hard_class, normal_class, rules_class, first_deal = _imports(ROOT)
    rules, hard, normal = rules_class(), hard_class(), normal_class()
    games = []
    for deal_seed in range(seed, seed + deals):
        state = rules.from_deal(settings, first_deal(deal_seed, settings))
        moves: list[str] = []
        while state.number == 0 and not state.over:
            seat = rules.to_move(state)
            player = hard if seat % 2 == 0 else normal
            move = player.choose(rules.observation(state, seat), rules.legal_moves(state),
                                 rng_class.derive(deal_seed, seat, len(moves)))
            moves.append(move.text)
            state = rules.apply(state, move)
        games.append({"seed": deal_seed, "moves": moves})
    return games


def replay(tree: Path, games: list[dict[str, Any]], settings: dict[str, Any]) -> list[dict[str, Any]]:
    """Hard's decisions in ``games`` made again by the code in ``tree``: each one's kind, seconds and move."""
    rng_class, hard_class, _, rules_class, first_deal = _imports(tree)
    rules, hard = rules_class(), hard_class()
    made = []
    for game in games:
        state = rules.from_deal(settings, first_deal(game["seed"], settings))
        for ply, text in enumerate(game["moves"]):
            seat = rules.to_move(state)
            legal = rules.legal_moves(state)
            if seat % 2 == 0 and len(legal) > 1:
                obs = rules.observation(state, seat)
                started = time.process_time()
                move = hard.choose(obs, legal, rng_class.derive(game["seed"], seat, ply))
                seconds = time.process_time() - started
                kind = f"trick {6 - len(obs.hand)}" if obs.phase == "play" else "bid"
                made.append({"kind": kind, "seconds": seconds, "move": move.text})
            state = rules.apply(state, rules.parse_move(text))
    return made


def _round(tree: Path, positions: Path) -> list[dict[str, Any]]:
    """One round in a fresh process running ``tree``'s code."""
    output = subprocess.run([sys.executable, __file__, "--replay", str(positions), "--tree", str(tree)],
                            check=True, capture_output=True, text=True).stdout
    result: list[dict[str, Any]] = json.loads(output)
    return result


def _line(name: str, seconds: list[float]) -> str:
    from core.results import nearest_rank  # in the parent only: a round's child imports its own tree's code

    if not seconds:
        return f"  {name:<10} {0:>9}"
    ms = sorted(1000 * s for s in seconds)
    n = len(ms)
    return (f"  {name:<10} {n:>9} {sum(ms) / 1000:>9.2f} {statistics.median(ms):>8.1f} {nearest_rank(ms, 0.9):>8.1f} "
            f"{nearest_rank(ms, 0.99):>8.1f} {ms[-1]:>8.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--defender-alone", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout whose code decides the same positions")
    parser.add_argument("--replay", type=Path, help=argparse.SUPPRESS)  # a round, in the child process
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.replay is not None:
        data = json.loads(args.replay.read_text())
        print(json.dumps(replay(args.tree, data["games"], data["settings"])))
        return 0
    if args.deals < 1 or args.rounds < 1:
        parser.error("--deals and --rounds must be at least 1")
    if args.baseline is not None and not (args.baseline / "plugins" / "euchre" / "cpu.py").is_file():
        parser.error(f"--baseline {args.baseline}: not a Card Table checkout (no plugins/euchre/cpu.py)")
    sys.path.insert(0, str(ROOT))
    from plugins.euchre.plugin import GAME

    settings = GAME.settings.with_preset(GAME.settings.defaults(), args.preset)
    settings["defender_alone"] = settings.get("defender_alone", False) or args.defender_alone
    games = record(args.deals, args.seed, settings)
    trees = {"this": ROOT, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    best: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        positions = Path(scratch) / "positions.json"
        positions.write_text(json.dumps({"games": games, "settings": settings}))
        for number in range(args.rounds):
            for name, tree in trees.items():
                made = _round(tree, positions)
                if name not in best:
                    best[name] = made
                for kept, new in zip(best[name], made, strict=True):
                    kept["seconds"] = min(kept["seconds"], new["seconds"])
                print(f"round {number + 1} of {args.rounds}: {name} {sum(m['seconds'] for m in made):.2f} s",
                      file=sys.stderr)
    from core.text import plural  # in the parent only, as in _line

    print(f"{plural(args.deals, 'deal')} from seed {args.seed}, {args.preset}"
          f"{' + defender alone' if settings['defender_alone'] else ''}; best of {plural(args.rounds, 'round')} (ms)")
    print(f"  {'code':<10} {'decisions':>9} {'total s':>9} {'median':>8} {'p90':>8} {'p99':>8} {'worst':>8}")
    for name, made in best.items():
        print(_line(name, [m["seconds"] for m in made]))
    for kind in KINDS:
        print(f"{kind}:")
        for name, made in best.items():
            print(_line(name, [m["seconds"] for m in made if m["kind"] == kind]))
    if "baseline" in best:
        same = sum(a["move"] == b["move"] for a, b in zip(best["this"], best["baseline"], strict=True))
        print(f"moves: the same in {same} of {len(best['this'])} decisions")
        return 0 if same == len(best["this"]) else 1
    return 0


if __name__ == "__main__":
    try:  # not core.cli_options.guarded: importing core here would fix which checkout a child process reads
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("euchre_decisions.py: interrupted")
