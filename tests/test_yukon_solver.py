"""The Yukon solver: wins replay through the rules, lost is only said with proof, answers are deterministic."""

from __future__ import annotations

import pytest

from plugins.yukon.rules import YukonRules, YukonState
from plugins.yukon.solver import FULL_TURNS, LOST, UNKNOWN, WON, _Search, card_id, solve

R = YukonRules()


def replays_to_a_win(state: YukonState, moves: list) -> bool:  # type: ignore[type-arg]
    for move in moves:
        state = R.apply(state, move)
    return state.won


@pytest.mark.parametrize("number", [1, 2, 3, 5, 12])
def test_won_answers_replay_through_the_rules(number: int) -> None:
    state = R.deal({}, number)
    result = solve(state, max_nodes=60_000)
    assert result.verdict == WON
    assert replays_to_a_win(state, result.moves)


@pytest.mark.parametrize("number", [1, 5, 9, 17])
def test_russian_and_returns_variants_replay_too(number: int) -> None:
    for settings in ({"variant": "russian"}, {"return_from_foundations": True}):
        state = R.deal(settings, number)
        result = solve(state, max_nodes=30_000)
        if result.verdict == WON:
            assert replays_to_a_win(state, result.moves)


@pytest.mark.parametrize("number", [1, 3, 7, 10, 12, 19])
def test_no_position_on_a_winning_line_is_judged_dead(number: int) -> None:
    """Positions along a found solution are solvable: the dead-position proof must never fire on them."""
    state = R.deal({}, number)
    result = solve(state, max_nodes=60_000)
    assert result.verdict == WON
    search = _Search(state, 1, None)
    for move in result.moves:
        cols = tuple(tuple(card_id(c) for c in col) for col in state.columns)
        assert not search.dead(cols, state.hidden, state.foundations), f"deal {number}: a solvable position was cut"
        state = R.apply(state, move)


def test_lost_is_a_proof_on_a_hopeless_layout() -> None:
    # 2♠ rests on A♠, with both red 3s face down beneath them: 2♠ can neither go home nor move away
    columns = [["3H", "3D", "AS", "2S"],
               ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"],
               ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "2H", "AH"],
               ["KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "2D", "AD"],
               ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C", "AC"], [], []]
    state = R.from_deal({}, {"columns": columns, "hidden": [3, 0, 0, 0, 0, 0, 0]})
    assert solve(state, max_nodes=50_000).verdict == LOST
    # and with one red 3 in another column the same position is won
    columns[0], columns[2] = ["3D", "AS", "2S"], ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H",
                                                   "2H", "AH"]
    state = R.from_deal({}, {"columns": columns, "hidden": [2, 0, 0, 0, 0, 0, 0]})
    result = solve(state, max_nodes=50_000)
    assert result.verdict == WON and replays_to_a_win(state, result.moves)


def test_the_same_layout_and_budget_give_the_same_answer() -> None:
    state = R.deal({}, 16)
    first, again = solve(state, max_nodes=3_000), solve(state, max_nodes=3_000)
    assert (first.verdict, first.nodes, first.moves) == (again.verdict, again.nodes, again.moves)
    assert first.verdict in (WON, LOST, UNKNOWN)


def test_a_loss_needing_many_positions_is_proved_within_a_smaller_budget() -> None:
    """Deal 166 is lost. Past FULL_TURNS positions the searches that only find wins give up most of their turns
    to the two whose shared table proves a loss: the proof takes 49,679 positions (53,020 with equal turns;
    46,847 before the search over lifts took its turns)."""
    state = R.deal({}, 166)
    result = solve(state, max_nodes=50_000)
    assert result.verdict == LOST and FULL_TURNS < result.nodes < 50_000


def test_the_search_over_lifts_wins_a_deal_the_others_gave_up_on() -> None:
    """Deal 16: solver 5 searched 200,000 positions without an answer; lifting a group off a face-up card only
    to use that card at once finds a win in a few thousand, and the win replays through the rules."""
    state = R.deal({}, 16)
    result = solve(state, max_nodes=10_000)
    assert result.verdict == WON and replays_to_a_win(state, result.moves)


def test_the_search_over_lifts_running_out_proves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search over lifts leaves moves out, so its running out is no proof: with nothing to try at all it
    stops at once, and a won deal must still come out won (deal 4 is won after the other searches' first turns)."""
    monkeypatch.setattr(_Search, "lifts_used", lambda self, pos: [])
    state = R.deal({}, 4)
    result = solve(state, max_nodes=60_000)
    assert result.verdict == WON and replays_to_a_win(state, result.moves)


def test_the_dead_position_check_is_skipped_only_after_a_swap_that_can_be_undone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The relaxation is not asked after a swap (a group moved between two face-up cards that both take it,
    nothing turned or sent home), on the argument that the position can go straight back. Over the first
    positions of deal 65's search (a lost deal's, full of swaps) and of deals 1–30: every skipped check follows
    a move whose reverse is among the solver's own moves and leads back to the same key, and every other move
    (a group lifted off a face-down card that would take it among them) is checked."""
    asked: list[bool] = []
    real_dead = _Search.dead

    def dead(self: _Search, *pos: tuple[int, ...]) -> bool:
        asked.append(True)
        return real_dead(self, *pos)  # type: ignore[arg-type]

    monkeypatch.setattr(_Search, "dead", dead)
    skipped = checked = 0
    for number, most in [(65, 3_000), *((n, 100) for n in range(1, 31))]:
        state = R.deal({}, number)
        search = _Search(state, 10**9, None)
        start, _ = search.start(state)
        todo, seen = [start], {search.key(*start)}
        while todo and len(seen) < most:
            pos = todo.pop(0)
            for _, step in search.moves(*pos):
                new, _ = search.child(pos, (step,))
                asked.clear()
                cut = search.pruned(pos, (step,), new)
                if asked:
                    checked += 1
                else:
                    skipped += 1
                    source, target, _, _ = step
                    back = [s for _, s in search.moves(*new) if s[0] == target and s[1] == source]
                    assert any(search.key(*search.child(new, (s,))[0]) == search.key(*pos) for s in back)
                    assert sum(new[2]) == sum(pos[2]) and sum(new[1]) == sum(pos[1])
                k = search.key(*new)
                if k not in seen and not cut:
                    seen.add(k)
                    todo.append(new)
    assert skipped > 1_000 and checked > 1_000
