"""Bid Euchre as a third party's variant plugin: what it imports, how it registers, how it reports a
missing base game, its CPU players' manners, and its command line."""

from __future__ import annotations

import ast
from pathlib import Path

from core.rng import Rng
from plugins.bid_euchre.cpu import EasyPlayer, HardPlayer, NormalPlayer
from plugins.bid_euchre.rules import BidEuchreRules, deal_from_seed
from tests.distributions import run_cardtable
from tests.session_helpers import first_hand_played_on

RULES = BidEuchreRules()
PLUGIN = Path(__file__).resolve().parents[1] / "plugins" / "bid_euchre"


def test_it_imports_only_core_plugin_and_euchres_public_module() -> None:
    allowed = {"core.plugin", "plugins.euchre.public", "core", "core.table", "core.session", "gui.deck",
               "gui.table_view"}
    for path in PLUGIN.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.module.startswith(
                    ("plugins.bid_euchre", "__future__", "collections", "dataclasses", "typing", "enum",
                     "functools", "pathlib", "argparse")):
                if path.stem != "view":
                    assert node.module in {"core.plugin", "plugins.euchre.public", "core"}, (path.name, node.module)
                else:
                    assert node.module in allowed, (path.name, node.module)


def test_it_is_listed_as_a_variant_of_euchre() -> None:
    result = run_cardtable("plugins")
    line = next(line for line in result.stdout.splitlines() if line.startswith("bid_euchre"))
    assert "variants: bid-euchre" in line and "commands: bid-euchre" in line


def test_without_euchre_it_is_reported_as_a_variant_of_a_missing_game() -> None:
    result = run_cardtable("plugins", env={"CARDTABLE_DISABLE_PLUGINS": "euchre"})
    assert result.returncode == 0 and "Traceback" not in result.stdout + result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("bid_euchre"))
    assert "BROKEN" in line and "no loaded plugin provides the game 'euchre'" in line
    assert "games: yukon" in result.stdout


def test_no_strength_peeks_positions_differing_only_in_unseen_cards_get_the_same_decision() -> None:
    """In the auction, the declaration and the play, swap two cards between the other hands: the player to
    move sees the same observation, so its decision must not change."""
    from dataclasses import replace

    checked = 0
    for seed in range(4):
        state = RULES.new_game({}, seed)
        normal = NormalPlayer()
        ply = 0
        while state.number == 0 and not state.over:
            seat = RULES.to_move(state)
            assert seat is not None
            if ply in (0, 3, 4, 9, 14, 20):
                a, b = [s for s in range(4) if s != seat][:2]
                hands = list(state.hand.hands)
                if hands[a] and hands[b]:
                    hands[a], hands[b] = (hands[b][0], *hands[a][1:]), (hands[a][0], *hands[b][1:])
                    twin = replace(state, hand=replace(state.hand, hands=tuple(hands)))
                    assert RULES.observation(twin, seat) == RULES.observation(state, seat)
                    for player in (EasyPlayer(), NormalPlayer(), HardPlayer()):
                        first = player.choose(RULES.observation(state, seat), RULES.legal_moves(state), Rng(ply))
                        second = player.choose(RULES.observation(twin, seat), RULES.legal_moves(twin), Rng(ply))
                        assert first == second, (type(player).__name__, seed, ply)
                        checked += 1
            state = RULES.apply(state, normal.choose(RULES.observation(state, seat), RULES.legal_moves(state),
                                                     Rng(ply)))
            ply += 1
    assert checked >= 60


def test_normal_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    from plugins.bid_euchre.rules import Move

    rules_state = RULES.from_deal({}, {"dealer": "S", "hands": {
        "W": ["JH", "JD", "AH", "KH", "QH", "AS"], "N": ["9H", "9C", "TC", "QC", "KC", "AC"],
        "E": ["KS", "QS", "JS", "TS", "9S", "TH"], "S": ["9D", "TD", "QD", "KD", "AD", "JC"]}})
    west = NormalPlayer().choose(RULES.observation(rules_state, 1), RULES.legal_moves(rules_state), Rng(1))
    assert west.kind == "bid" and west.number >= 4, west
    weak = RULES.apply(rules_state, west)
    north = NormalPlayer().choose(RULES.observation(weak, 2), RULES.legal_moves(weak), Rng(1))
    assert north == Move("pass")


def test_the_command_line_simulates_and_runs_a_tournament(tmp_path: Path) -> None:
    sim = run_cardtable("bid-euchre", "simulate", "--matches", "2", "--json", str(tmp_path / "m.json"))
    assert sim.returncode == 0, sim.stderr
    assert "points/hand" in sim.stdout and "no-trump high" in sim.stdout and (tmp_path / "m.json").is_file()
    tour = run_cardtable("bid-euchre", "tournament", "--a", "normal", "--b", "easy", "--hands", "20")
    assert tour.returncode == 0 and "95% CI" in tour.stdout and "made" in tour.stdout
    bad = run_cardtable("bid-euchre", "tournament", "--a", "genius")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr and "Traceback" not in bad.stderr


def test_deals_are_the_same_for_the_same_seed() -> None:
    assert deal_from_seed(3, 2, 1) == deal_from_seed(3, 2, 1) and deal_from_seed(3, 2, 1) != deal_from_seed(4, 2, 1)


def test_hard_plays_out_a_bid_as_the_rules_would_after_the_rest_of_the_auction() -> None:
    """For each bid (or pass) hard weighs on a deal — here the true one — the declarer and contract it expects
    after conventional bidding by the later seats, and the net points of that declarer's side when everyone
    plays it out conventionally, are what the rules give when the hand is played on with normal players."""
    from plugins.bid_euchre.cpu import auction_after, net, playout
    from plugins.bid_euchre.rules import Phase, team_of

    normal = NormalPlayer()
    met = {"this seat declares", "partner declares", "an opponent declares"}
    for seed in range(24):
        state = RULES.new_game({}, seed)
        for _ in range(seed % 4):  # a few bids in, each by normal's judgement
            seat = RULES.to_move(state)
            assert seat is not None
            state = RULES.apply(state, normal.choose(RULES.observation(state, seat), RULES.legal_moves(state), Rng(0)))
        seat = RULES.to_move(state)
        assert seat is not None and state.hand.phase == Phase.AUCTION
        obs = RULES.observation(state, seat)
        for move in RULES.legal_moves(state):
            result = first_hand_played_on(RULES, RULES.apply(state, move), normal).results[0]
            contract = result.contract
            assert auction_after(obs, state.hand.hands, move) == (contract.declarer, contract.bid), (seed, move)
            declaration = normal.declare_for(state.hand.hands[contract.declarer])
            tricks = playout(state.hand.hands, contract.declarer, declaration, Rng(0))
            side = contract.side
            assert net(tricks, contract.bid) == result.points[side] - result.points[1 - side], (seed, move)
            met.discard("this seat declares" if contract.declarer == seat else "partner declares"
                        if team_of(contract.declarer) == team_of(seat) else "an opponent declares")
    assert not met, f"every kind of declarer met: missing {met}"
