"""Are the hard player's simulated bids calibrated? Each duplicate deal is played as the tournament plays it (hard
against normal, each side in each seat); at every bid or defence hard judged by playing sampled deals out, the
move it chose is judged again on a fresh, independent set of sampled deals (so the choice's own luck does not
inflate it), and that prediction is set against the points its side then actually scored in the hand.

    python benchmarks/euchre_call_calibration.py [--hands 2000] [--jobs 2] [--seed 1] [--detail] [--normal-play]
        [--preset P]

Prints per chosen move (pass, a plain call, a loner, defending alone or not): decisions, the mean predicted and
mean actual points for the chooser's side, and the actual minus the predicted with a 95% interval. A gap outside
its interval is a bias of the playouts (everyone at normal strength) against how the hand is really played.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import add_settings_arguments, describe_settings, guarded, jobs, settings_from_args
from core.duplicate import half_interval, hands_argument
from core.progress import Progress
from core.rng import Rng
from core.text import plural
from plugins.euchre.cli import SKIP
from plugins.euchre.cpu import HardPlayer, RuleBasedPlayer
from plugins.euchre.model import Move, Phase
from plugins.euchre.observe import Observation
from plugins.euchre.settings import SCHEMA
from plugins.euchre.tournament import first_deal, play_hand

_NORMAL = RuleBasedPlayer()
_POSITIONS = ("dealer", "dealer's left", "dealer's partner", "dealer's right")
Row = tuple[str, int, float]  # (kind of the chosen move, chooser's seat, predicted points for its side)


class _Recording(HardPlayer):
    """Hard, noting each simulated bid or defence with its chosen move's value on fresh sampled deals."""

    def __init__(self, rows: list[Row], detail: bool, normal_play: bool) -> None:
        super().__init__()
        self.rows = rows
        self.detail = detail
        self.normal_play = normal_play

    def choose(self, obs: Observation, legal: Sequence[Move], rng: Rng) -> Move:
        if self.normal_play and obs.phase == Phase.PLAY:
            return _NORMAL.choose(obs, legal, rng)
        move = super().choose(obs, legal, rng)
        if obs.phase in (Phase.BID1, Phase.BID2, Phase.DEFEND) and self.last_values is not None:
            fresh = self._played_out(obs, [move], Rng(rng.seed()))  # the decision's generator is spent
            if fresh is not None:
                kind = ("defend " if obs.phase == Phase.DEFEND else "") + move.kind + (" alone" if move.alone else "")
                if self.detail:
                    kind += f" ({obs.phase.name.lower()}, {_POSITIONS[(obs.seat - obs.dealer) % 4]})"
                self.rows.append((kind, obs.seat, fresh.points[move]))
        return move


def calibrate(task: tuple[int, dict[str, Any], bool, bool]) -> list[tuple[str, float, float]]:
    """(kind, predicted, actual) for every simulated decision in both hands of deal ``seed``."""
    seed, settings, detail, normal_play = task
    deal = first_deal(seed, settings)
    out = []
    for hard_team in (0, 1):
        rows: list[Row] = []
        players = [_Recording(rows, detail, normal_play) if seat % 2 == hard_team else _NORMAL for seat in range(4)]
        points = play_hand(settings, deal, players, seed * 2 + hard_team).results[-1].points
        for kind, seat, predicted in rows:
            out.append((kind, predicted, float(points[seat % 2] - points[1 - seat % 2])))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=hands_argument(), default=2000, help="hands to play (two per deal)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal; deal i uses seed+i")
    parser.add_argument("--jobs", type=jobs, default=2)
    parser.add_argument("--detail", action="store_true", help="split by bidding round and seat from the dealer")
    parser.add_argument("--normal-play", action="store_true",
                        help="hard bids but plays its cards as normal does (as in its playouts)")
    add_settings_arguments(parser, SCHEMA, skip=SKIP)
    args = parser.parse_args()
    settings = settings_from_args(SCHEMA, args)
    print(describe_settings(SCHEMA, settings, SKIP))
    seeds = range(args.seed, args.seed + args.hands // 2)
    found: dict[str, list[tuple[float, float]]] = defaultdict(list)
    with Pool(args.jobs) as pool, Progress(len(seeds), "deals") as bar:
        for rows in pool.imap_unordered(calibrate, [(s, settings, args.detail, args.normal_play) for s in seeds], 10):
            for kind, predicted, actual in rows:
                found[kind].append((predicted, actual))
            bar.advance()
    print(f"{plural(len(seeds), 'deal')}: hard's simulated decisions, the chosen move judged again on fresh sampled "
          f"deals against the points its side scored (per decision):")
    width = max(map(len, found), default=0)
    for kind, pairs in sorted(found.items(), key=lambda kv: -len(kv[1])):
        gaps = [a - p for p, a in pairs]
        half = half_interval(gaps)
        print(f"  {kind:{width}s} {len(pairs):5d}  predicted {statistics.mean(p for p, _ in pairs):+.3f}  "
              f"actual {statistics.mean(a for _, a in pairs):+.3f}  actual − predicted "
              f"{statistics.mean(gaps):+.3f}" + (f" ± {half:.3f}" if len(gaps) > 1 else " (one decision)"))
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "euchre_call_calibration.py"))
