"""Seed + moves reproduce a match; a hand written as text reads back and replays; the CLI tools work."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.session import GameSession
from plugins.euchre.plugin import GAME
from plugins.euchre.record import RecordError, describe, read_record, replay, write_record
from tests.distributions import run_cardtable


def _match(seed: int) -> GameSession:
    session = GameSession.new(GAME, seed=seed, players=["normal"] * 4)
    session.run_cpus()
    return session


def test_seed_and_move_list_reproduce_a_match_exactly() -> None:
    first = _match(21)
    again = GameSession.new(GAME, seed=21, players=[None] * 4)
    for move in first.moves:
        again.play(move)
    assert again.state == first.state and again.is_over


def test_a_hand_record_reads_back_and_replays_to_the_same_result() -> None:
    state = _match(4).state
    for result in state.results[:4]:
        text = write_record(state.options, result.deal, result.log)
        record = read_record(text)
        assert record.deal == result.deal and record.moves == result.log
        *_, (_, _, final) = replay(record)
        assert final.results[-1] == result
        assert write_record(record.options, record.deal, record.moves) == text


def test_describe_prints_tricks_with_winners() -> None:
    state = _match(4).state
    played = next(r for r in state.results if not r.thrown_in)
    lines = describe(read_record(write_record(state.options, played.deal, played.log)))
    assert sum(line.startswith("Trick ") and "->" in line for line in lines) == 5
    assert lines[-1].startswith(f"Makers took {played.maker_tricks} tricks")
    decisions = [line.split(": ", 1)[1] for line in lines if ": " in line and not line.startswith("Trick ")]
    assert decisions and all(d in ("pass", "order up", "order up · alone", "picks up", "leaves the upcard",
                                   "defends alone") or d.startswith(("calls ", "discards ")) for d in decisions)
    assert not any(c in "".join(decisions) for c in "SHDC"), "cards and suits in symbols, as on the table"


def test_a_wrong_record_names_the_line_or_move() -> None:
    state = _match(4).state
    text = write_record(state.options, state.results[0].deal, state.results[0].log)
    with pytest.raises(RecordError, match="line 3"):
        read_record(text.replace("dealer ", "dealer X", 1))
    lines = text.splitlines()
    first_move = next(i for i, line in enumerate(lines) if line.startswith("move"))
    seat = lines[first_move].split()[1]
    lines[first_move] = f"move {'N' if seat != 'N' else 'E'} pass"
    with pytest.raises(RecordError, match="move 1 .*turn"):
        list(replay(read_record("\n".join(lines))))


def test_cli_simulate_and_replay(tmp_path: Path) -> None:
    result = run_cardtable("euchre", "simulate", "--matches", "3", "--seed", "5", "--records", str(tmp_path),
                           "--json", str(tmp_path / "out.json"))
    assert result.returncode == 0, result.stderr
    assert "hands/s" in result.stdout and "points/hand" in result.stdout
    assert (tmp_path / "out.json").is_file()
    record = sorted(tmp_path.glob("match5-hand*.txt"))[0]
    replayed = run_cardtable("euchre", "replay", str(record))
    assert replayed.returncode == 0 and "Dealer" in replayed.stdout
    bad = run_cardtable("euchre", "simulate", "--preset", "nope")
    assert bad.returncode == 2 and "invalid choice: 'nope'" in bad.stderr and "Traceback" not in bad.stderr
