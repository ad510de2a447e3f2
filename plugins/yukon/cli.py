"""``cardtable yukon``: print a deal by its number (KPatience-compatible), as text or JSON."""

from __future__ import annotations

import argparse
import json

from core.cli import UsageError
from plugins.yukon.deal import MAX_DEAL
from plugins.yukon.rules import STANDARD, YukonRules, describe


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="yukon_command", metavar="TOOL", required=True)
    deal = sub.add_parser("deal", help="print the layout of deal N (face-down cards in brackets)")
    deal.add_argument("number", type=int, help=f"deal number, 1 to {MAX_DEAL}")
    deal.add_argument("--json", action="store_true", help="print JSON: columns (bottom first) and face-down counts")


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.number <= MAX_DEAL:
        raise UsageError(f"deal numbers run from 1 to {MAX_DEAL}; got {args.number}")
    state = YukonRules().deal({"variant": STANDARD}, args.number)
    if args.json:
        print(json.dumps({"number": args.number,
                          "columns": [[c.text for c in col] for col in state.columns],
                          "hidden": list(state.hidden)}))
    else:
        print(f"Yukon deal {args.number} (face-down cards in brackets; the last card of a line is in front)")
        for line in describe(state)[:-1]:
            print(line)
    return 0
