"""Statistics: the store keeps events safely, the recorder follows real play, each game's figures agree with
the game it summarises, and ``cardtable stats`` prints what the window shows."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest

from core.cli import main
from core.manager import load_host
from core.session import GameSession
from core.stats import Context, Recorder, StatsStore
from plugins.yukon.rules import YukonRules
from plugins.yukon.solver import WON, solve


def euchre():
    return load_host().game("euchre")


def yukon():
    return load_host().game("yukon")


# -- the store -----------------------------------------------------------------------------------------


def test_store_appends_and_reads_back(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.add("yukon", [{"kind": "deal", "won": True}])
    store.add("yukon", [{"kind": "deal", "won": False}])
    events, problem = store.load("yukon")
    assert problem is None
    assert [e["won"] for e in events] == [True, False]
    assert all(isinstance(e["at"], int) for e in events)
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically: no temp file left


def test_damaged_store_is_moved_aside_with_a_message(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.path_for("yukon").write_text("{ not json", encoding="utf-8")
    events, problem = store.load("yukon")
    assert events == [] and problem is not None and "moved to" in str(problem)
    assert len(list(tmp_path.iterdir())) == 1 and not store.path_for("yukon").exists()
    store.add("yukon", [{"kind": "deal", "won": True}])  # and a fresh file begins
    assert len(store.load("yukon")[0]) == 1


@pytest.mark.parametrize("content", ['{"format_version": 1, "game": "yukon"}', '{"events": null}',
                                     '{"format_version": 1, "events": [{"won": true}, 3]}', "[]"])
def test_a_file_without_a_list_of_events_is_said_so_and_one_that_cannot_be_moved_aside_is_left_as_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str) -> None:
    """What a damaged file holds may be mended by hand: when it cannot be moved aside it is not written over,
    the events played meanwhile are counted in memory and said to be, and written once it can be moved."""
    from core import stats as stats_module

    store = StatsStore(tmp_path)
    store.path_for("yukon").write_text(content, encoding="utf-8")

    def stuck(path: Path, why: str = "corrupt") -> Path:
        raise PermissionError(13, "Permission denied", str(path))

    stuck_words = ("the statistics file cannot be read (it does not hold a list of events) nor moved aside "
                   "(Permission denied); it is left as it is")
    session = GameSession.new(yukon(), seed=5)
    problems: list[Any] = []
    ended: list[Any] = []
    recorder = Recorder(session, store, "yukon", problems.append, ended.append)
    with monkeypatch.context() as patched:
        patched.setattr(stats_module, "move_aside", stuck)
        events, problem = store.load("yukon")
        assert events == [] and str(problem) == stuck_words
        assert problem is not None and problem.get("ja") == (
            "統計のファイルを読み込めず（記録の一覧になっていません）、よけておくこともできません（アクセスが許可されていません）。"
            "そのままにしておきます")
        recorder.save([{"won": False}])
        recorder.save([{"won": True}])
        assert store.path_for("yukon").read_text(encoding="utf-8") == content, "not written over"
        assert [str(p) for p in problems] == [
            f"statistics cannot be saved ({stuck_words}); they are counted while Card Table is open"], "said once"
        assert [e["won"] for e in store.load("yukon")[0]] == [False, True]
    recorder.save([{"won": True}])
    assert [e["won"] for e in store.load("yukon")[0]] == [False, True, True] and store.refusal("yukon") is None
    assert len(ended) == 1 and [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name], "the file moved aside"
    assert str(problems[-1]).startswith(
        "the statistics file cannot be read (it does not hold a list of events); moved to yukon.json.corrupt-")


def test_a_win_rate_bar_counts_only_its_own_results() -> None:
    from core.stats import rate_by

    results = [{"level": "easy", "won": True}, {"level": "easy", "won": False}, {"level": "easy", "won": True},
               {"level": "easy", "won": True}, {"level": "hard", "won": False}]
    assert rate_by(results, "level", (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))) == (
        ("Easy", 75.0), ("Normal", 0.0), ("Hard", 0.0))


GAMES_WITH_STATISTICS = ("euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre", "yukon")


@pytest.mark.parametrize("game_id", GAMES_WITH_STATISTICS)
def test_events_a_game_cannot_sum_up_are_moved_aside_with_a_message(tmp_path: Path, game_id: str) -> None:
    """A file edited by hand, or written by another version of the game: valid JSON whose events lack what
    the game's figures read. Summing it up used to raise (KeyError) in the window and in ``cardtable stats``."""
    statistics = load_host().game(game_id).statistics
    assert statistics is not None
    store = StatsStore(tmp_path)
    broken = [{"kind": "hand"}, {"kind": "match"}, {"kind": "deal"}, {"kind": "hand", "points": "x", "won": None}]
    ignored = [event for event in broken if event["kind"] not in {"euchre": ("hand", "match"),
                                                                   "yukon": ("deal",)}[GAME_KINDS[game_id]]]
    store.path_for(game_id).write_text(json.dumps({"format_version": 1, "game": game_id, "events": broken}))
    summary = store.summary(game_id, statistics)
    assert summary.problem is not None and "moved to" in str(summary.problem)
    assert f"{len(broken) - len(ignored)} of the 4 statistics events cannot be summed up" in str(summary.problem)
    assert summary.events == len(ignored) and summary.figures == statistics.figures([])
    assert store.load(game_id)[0] == ignored, "the events the game passes over stay"
    aside = [path for path in tmp_path.iterdir() if path != store.path_for(game_id)]
    assert [json.loads(path.read_text())["events"] for path in aside] == [
        [event for event in broken if event not in ignored]], "kept beside, not deleted"
    clean = store.summary(game_id, statistics)
    assert clean.problem is None and clean.figures == summary.figures


GAME_KINDS = {"euchre": "euchre", "bid-euchre": "euchre", "two-handed-euchre": "euchre",
              "three-handed-euchre": "euchre", "yukon": "yukon"}


@pytest.mark.parametrize("game_id", GAMES_WITH_STATISTICS)
def test_one_event_a_game_cannot_sum_up_no_longer_takes_the_others_with_it(tmp_path: Path, game_id: str) -> None:
    """A player's matches (or deals) and one event another version of the game wrote differently: that one is set
    aside, and the figures are those of the others. Before, the whole file went aside: the statistics began again
    from nothing."""
    game = load_host().game(game_id)
    assert game.statistics is not None
    store = StatsStore(tmp_path)
    if game_id == "yukon":
        for hints in (0, 2):
            _won_session(game, _settings(game), store, hints=hints)
    else:
        for seed in (3, 4):
            session = GameSession.new(game, game.settings.defaults(), seed=seed,
                                      players=[game.settings.defaults().get("opponents", "easy")] * len(game.seats))
            session.add_listener(Recorder(session, store, game_id))
            session.run_cpus()
    played, _ = store.load(game_id)
    stranger = {key: value if key in ("kind", "at") else {"later": value} for key, value in played[0].items()}
    with pytest.raises(Exception):  # noqa: B017 (whatever the game trips over)
        game.statistics.figures([stranger])
    data = json.loads(store.path_for(game_id).read_text())
    data["events"].insert(1, stranger)
    store.path_for(game_id).write_text(json.dumps(data))
    summary = store.summary(game_id, game.statistics)
    assert summary.problem is not None and "1 of the " in str(summary.problem)
    assert summary.events == len(played) and summary.figures == game.statistics.figures(played)
    assert store.load(game_id)[0] == played
    (aside,) = [path for path in tmp_path.iterdir() if path != store.path_for(game_id)]
    assert json.loads(aside.read_text())["events"] == [stranger]


def test_cardtable_stats_names_a_file_it_cannot_sum_up_in_one_line(capsys: pytest.CaptureFixture[str],
                                                                     cardtable_home: Path) -> None:
    folder = cardtable_home / "data" / "stats"
    folder.mkdir(parents=True)
    (folder / "yukon.json").write_text('{"format_version": 1, "game": "yukon", "events": [{"kind": "deal"}]}')
    assert main(["stats", "yukon"]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "cardtable: yukon: the statistics cannot be summed up" in err
    assert "Deals won" in out
    (folder / "yukon.json").write_text("{ not json")
    assert main(["stats", "yukon", "--lang", "ja"]) == 0  # said in the language asked for, as the figures are
    out, err = capsys.readouterr()
    assert "cardtable: yukon: 統計のファイルを読み込めません（JSON として正しくありません" in err, err


def test_reset_forgets_one_game_only(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.add("yukon", [{"kind": "deal", "won": True}])
    store.add("euchre", [{"kind": "match", "won": True, "level": "easy", "score": [10, 3]}])
    store.reset("yukon")
    assert store.load("yukon")[0] == [] and len(store.load("euchre")[0]) == 1


def test_reset_of_a_game_never_played_is_quiet(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.reset("yukon")
    assert store.load("yukon") == ([], None)


class EveryCall:
    """Statistics that count what they were asked: an event per move, and one when a game is left unfinished."""

    def record(self, before: Any, after: Any, context: Context) -> list[dict[str, Any]]:
        return [{"kind": "move", "seconds": context.seconds}]

    def finish(self, state: Any, context: Context) -> list[dict[str, Any]]:
        return [{"kind": "left", "seconds": context.seconds}]

    def figures(self, events: Any) -> list[Any]:
        return []

    def charts(self, events: Any) -> list[Any]:
        return []


def test_the_time_played_leaves_pauses_out_and_a_game_left_unfinished_is_counted_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses
    import time
    from types import SimpleNamespace

    from core import stats as stats_module
    from tests.test_example_plugin import hilo_game

    clock = iter([100.0, 130.0, 140.0, 200.0, 205.0, 215.0])  # the statistics' clock alone, read once a step
    monkeypatch.setattr(stats_module, "time", SimpleNamespace(monotonic=lambda: next(clock), time=time.time))
    store = StatsStore(tmp_path)
    counted = dataclasses.replace(hilo_game(), statistics=EveryCall())
    session = GameSession.new(counted, seed=3, players=[None])
    recorder = Recorder(session, store, "hilo")  # at 100 s
    session.add_listener(recorder)
    session.play(session.legal_moves()[0])  # at 130
    session.set_paused(True)  # at 140
    session.set_paused(False)  # at 200
    session.play(session.legal_moves()[0])  # at 205
    assert not session.is_over
    recorder.retire()  # at 215
    assert [(e["kind"], e["seconds"]) for e in store.load("hilo")[0]] == [("move", 30.0), ("move", 45.0),
                                                                         ("left", 55.0)]
    assert session.seconds == 55.0

    monkeypatch.setattr(stats_module, "time", SimpleNamespace(monotonic=lambda: 0.0, time=time.time))
    never_begun, ended = (GameSession.new(counted, seed=1, players=[None]) for _ in range(2))
    while not ended.is_over:
        ended.play(ended.legal_moves()[0])
    for other in (never_begun, ended):
        Recorder(other, store, "other").retire()
    assert not never_begun.moves and ended.moves
    assert store.load("other")[0] == [], "neither a game never begun nor one that ended is counted as left"
    plain = GameSession.new(dataclasses.replace(hilo_game(), statistics=None), seed=1, players=[None])
    plain.add_listener(Recorder(plain, store, "plain"))
    plain.play(plain.legal_moves()[0])
    assert not store.path_for("plain").exists(), "a game without statistics keeps no file"


def test_a_damaged_file_found_while_play_goes_on_is_said_then_not_silently_replaced(tmp_path: Path) -> None:
    """The first event a game adds reads the file; a damaged one was moved aside without a word."""
    store = StatsStore(tmp_path)
    store.path_for("euchre").write_text("{ not json", encoding="utf-8")
    problems: list[str] = []
    session = GameSession.new(euchre(), seed=3, players=["normal"] * 4)
    session.add_listener(Recorder(session, store, "euchre", problems.append))
    session.run_cpus()
    assert len(problems) == 1 and str(problems[0]).startswith("the statistics file cannot be read")
    assert "moved to euchre.json.corrupt-" in str(problems[0])
    events, problem = store.load("euchre")
    assert problem is None and events, "a fresh file holds this match's events"


def test_unwritable_store_is_reported_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "stats"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    problems: list[str] = []
    session = GameSession.new(euchre(), seed=3, players=["normal"] * 4)
    session.add_listener(Recorder(session, StatsStore(blocker), "euchre", problems.append))
    session.run_cpus()
    assert session.is_over
    assert len(problems) == 1 and str(problems[0]).startswith("statistics cannot be saved")


def test_a_plugins_events_json_cannot_hold_are_reported_once_and_play_goes_on(tmp_path: Path) -> None:
    """A plugin's statistics keeping a set (which JSON cannot hold) stopped its game in the window at the move that
    ended it, with a TypeError, and moved the save aside as a crash; saves of records JSON cannot hold were already
    refused with a reason. The conformance kit names such statistics first."""
    import dataclasses

    from tests.test_example_plugin import CountsWithASet, hilo_game

    game = dataclasses.replace(hilo_game(), statistics=CountsWithASet())
    for seed in range(1, 4):
        problems: list[str] = []
        session = GameSession.new(game, seed=seed, players=["normal"])
        session.add_listener(Recorder(session, StatsStore(tmp_path), "hilo", problems.append))
        session.run_cpus()
        assert session.is_over
        assert [str(p) for p in problems] == ["statistics cannot be saved: the game's events are not plain data "
                                              "(Object of type set is not JSON serializable)"]


def test_statistics_kept_by_a_newer_card_table_are_shown_as_none_and_never_written_over(tmp_path: Path) -> None:
    """A newer version's file is not this version's to rewrite: no figures, the play goes on, the file stays."""
    store = StatsStore(tmp_path)
    newer = json.dumps({"format_version": 2, "game": "euchre", "events": [{"kind": "something new", "at": 1}]})
    store.path_for("euchre").write_text(newer, encoding="utf-8")
    events, problem = store.load("euchre")
    assert events == [] and problem is not None
    assert "newer Card Table (format 2; this one reads up to 1)" in str(problem)
    assert "新しい版のカードテーブル" in problem.get("ja")
    problems: list[Any] = []
    session = GameSession.new(euchre(), seed=3, players=["normal"] * 4)
    session.add_listener(Recorder(session, store, "euchre", problems.append))
    session.run_cpus()
    assert session.is_over and len(problems) == 1
    assert str(problems[0]).startswith("statistics cannot be saved (the statistics were kept by a newer Card Table")
    assert store.path_for("euchre").read_text(encoding="utf-8") == newer
    assert [p.name for p in tmp_path.iterdir()] == ["euchre.json"], "nothing moved aside"


# -- Euchre: the figures agree with the match played -----------------------------------------------------


@pytest.mark.parametrize("seed", [5, 11])
def test_euchre_events_sum_to_the_match(tmp_path: Path, seed: int) -> None:
    game = euchre()
    store = StatsStore(tmp_path)
    settings = {**game.settings.defaults(), "opponents": "hard"}
    session = GameSession.new(game, settings, seed=seed, players=["normal", "hard", "normal", "hard"])
    session.add_listener(Recorder(session, store, "euchre"))
    session.run_cpus()
    events, _ = store.load("euchre")
    hands = [e for e in events if e["kind"] == "hand"]
    matches = [e for e in events if e["kind"] == "match"]
    state = session.state
    assert len(hands) == len(state.results)
    assert [sum(h["points"][0] for h in hands), sum(h["points"][1] for h in hands)] == list(state.scores)
    assert matches == [{**matches[0], "kind": "match", "level": "hard", "won": state.scores[0] > state.scores[1],
                        "score": list(state.scores), "help": False}]  # no hint asked for, no demo
    made = sum(1 for r in state.results if r.maker is not None and r.maker % 2 == 0)
    figures = {f.label.en: f.value_in("en") for f in game.statistics.figures(events)}
    assert figures["Matches won"] == f"{int(matches[0]['won'])} of 1 ({int(matches[0]['won']):.0%})"
    assert figures["You & North made trump"].startswith(f"{made} of ")
    charts = game.statistics.charts(events)
    spread = charts[2].series[0].points
    assert sum(y for _, y in spread) == len(hands)  # every hand is in the distribution


def test_matches_won_with_help_are_told_apart_and_older_matches_count_as_won_alone() -> None:
    from core.stats import matches_won

    matches = [{"won": True, "help": True}, {"won": True, "help": False}, {"won": False, "help": True},
               {"won": True}]  # the last one counted before matches kept whether help was given
    shown = {f.label.en: f.value_in("en") for f in matches_won(matches)}
    assert shown == {"Matches won": "3 of 4 (75%)", "… with help (hints or the demo)": "1"}


def test_unfinished_euchre_match_counts_hands_but_no_match(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    session = GameSession.new(euchre(), seed=2, players=["normal"] * 4)
    recorder = Recorder(session, store, "euchre")
    session.add_listener(recorder)
    while not session.state.results:
        session.cpu_step()
    recorder.retire()
    events, _ = store.load("euchre")
    assert [e["kind"] for e in events] == ["hand"]


# -- Yukon: wins, help, streaks ----------------------------------------------------------------------------


def _won_session(game, settings, store: StatsStore, hints: int = 0) -> GameSession:
    session = GameSession.new(game, settings, seed=1, players=[None])
    session.add_listener(Recorder(session, store, "yukon"))
    for _ in range(hints):
        assert session.hint() is not None
    result = solve(session.state)
    assert result.verdict == WON
    for move in result.moves:
        session.play(move)
    assert session.state.won
    return session


def _settings(game, **values):
    return {**game.settings.defaults(), "deal_mode": "number", "deal_number": 7, **values}


def test_yukon_win_without_and_with_help(tmp_path: Path) -> None:
    game = yukon()
    store = StatsStore(tmp_path)
    _won_session(game, _settings(game), store)
    _won_session(game, _settings(game), store, hints=2)
    _won_session(game, _settings(game, return_from_foundations=True), store)  # no card returned: still help
    events, _ = store.load("yukon")
    assert [(e["won"], e["help"], e["hints"]) for e in events] == [(True, False, 0), (True, True, 2),
                                                                    (True, True, 0)]
    figures = {f.label.en: f.value_in("en") for f in game.statistics.figures(events)}
    assert figures["Deals won"] == "3 of 3 (100%)"
    assert figures["… without help"] == "1" and figures["… with help (hints, the demo or returns)"] == "2"
    assert figures["Hints asked for"] == "2"
    assert figures["Fewest moves"] == str(len(solve(YukonRules().from_deal(_settings(game), {"number": 7})).moves))


def test_yukon_deal_left_for_another_is_a_loss_and_breaks_the_streak(tmp_path: Path) -> None:
    game = yukon()
    store = StatsStore(tmp_path)
    _won_session(game, _settings(game), store)
    _won_session(game, _settings(game), store)
    session = GameSession.new(game, _settings(game), seed=1, players=[None])
    recorder = Recorder(session, store, "yukon")
    session.add_listener(recorder)
    session.play(solve(session.state).moves[0])
    recorder.retire()
    _won_session(game, _settings(game), store)
    events, _ = store.load("yukon")
    assert [e["won"] for e in events] == [True, True, False, True]
    figures = {f.label.en: f.value_in("en") for f in game.statistics.figures(events)}
    assert figures["Current / best winning streak"] == "1 / 2"
    assert figures["Deals won"] == "3 of 4 (75%)"


def test_yukon_counts_todays_deals_apart_and_only_once_one_was_played(tmp_path: Path) -> None:
    game = yukon()
    store = StatsStore(tmp_path)
    _won_session(game, _settings(game), store)
    events, _ = store.load("yukon")
    assert "Today's deals won" not in {f.label.en for f in game.statistics.figures(events)}
    daily = _settings(game, deal_mode="today", difficulty="easy")
    _won_session(game, daily, store)
    session = GameSession.new(game, daily, seed=2, players=[None])
    recorder = Recorder(session, store, "yukon")
    session.add_listener(recorder)
    session.play(solve(session.state).moves[0])
    recorder.retire()
    events, _ = store.load("yukon")
    assert [e.get("day") for e in events] == [None] + [datetime.date.today().isoformat()] * 2
    figures = {f.label.en: (f.value_in("en"), f.value_in("ja")) for f in game.statistics.figures(events)}
    assert figures["Today's deals won"] == ("1 of 2 (50%)", "1 / 2（50%）")
    assert figures["Deals won"][0] == "2 of 3 (67%)"


def test_yukon_best_time_reads_in_minutes_and_seconds() -> None:
    game = yukon()
    events = [{"kind": "deal", "won": won, "seconds": seconds, "moves": 90, "help": False, "hints": 0,
               "variant": "standard", "level": "normal", "deal": 7}
              for won, seconds in ((True, 412.3), (False, 30.0), (True, 273.4))]
    figures = {f.label.en: (f.value_in("en"), f.value_in("ja")) for f in game.statistics.figures(events)}
    assert figures["Best time"] == ("4 min 33 s", "4分33秒"), "the lost deal's 30 s is not a time to beat"
    times = game.statistics.charts(events)[-1]
    assert times.title.en == "Time of each won deal (min)" and times.y_label.get("ja") == "分"
    assert times.series[0].points == (("1", 6.9), ("2", 4.6)), "the won deals, in minutes"
    quick = [{**e, "seconds": 75.0} for e in events]
    times = game.statistics.charts(quick)[-1]
    assert times.title.en == "Time of each won deal (s)" and times.series[0].points == (("1", 75.0), ("2", 75.0))


def test_yukon_time_chart_keeps_to_the_last_hundred_won_deals_numbered_as_they_were_won() -> None:
    game = yukon()
    events = [{"kind": "deal", "won": n % 3 != 0, "seconds": 60.0 + n, "moves": 90, "help": False, "hints": 0,
               "variant": "standard", "level": "normal", "deal": n} for n in range(1, 301)]  # 200 won
    times = game.statistics.charts(events)[-1]
    assert (times.title.en, times.title.get("ja")) == ("Time of the last 100 won deals (min)",
                                                       "最近100回のクリアまでの時間（分）")
    points = times.series[0].points
    assert len(points) == 100 and points[0] == ("101", round(211.0 / 60, 1)) and points[-1] == ("200", 6.0)
    assert game.statistics.charts(events[:150])[-1].title.en == "Time of each won deal (min)", "100 won: all"


def test_thousands_are_set_apart_in_the_figures_in_either_language() -> None:
    game = yukon()
    events = [{"kind": "deal", "won": n % 4 == 0, "seconds": 90.0, "moves": 1200, "help": n % 8 == 0, "hints": 3,
               "variant": "standard", "level": "normal", "deal": n} for n in range(1, 20_001)]
    figures = {f.label.en: (f.value_in("en"), f.value_in("ja")) for f in game.statistics.figures(events)}
    assert figures["Deals won"] == ("5,000 of 20,000 (25%)", "5,000 / 20,000（25%）")
    assert figures["Hints asked for"] == ("60,000", "60,000") and figures["Fewest moves"][0] == "1,200"
    assert figures["… without help"][0] == "2,500"


def test_yukon_untouched_deal_is_not_counted() -> None:
    game = yukon()
    state = YukonRules().new_game(_settings(game), 1)
    assert game.statistics.finish(state, Context()) == []


# -- cardtable stats ---------------------------------------------------------------------------------------


def test_cli_prints_the_same_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    store = StatsStore(tmp_path / "data" / "stats")
    _won_session(yukon(), _settings(yukon()), store, hints=1)
    assert main(["stats", "yukon", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    expected = yukon().statistics.figures(store.load("yukon")[0])
    assert report[0]["figures"] == [{"label": f.label.en, "value": f.value_in("en")} for f in expected]
    assert main(["stats", "yukon"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Yukon" and "Deals won" in out and "1 of 1 (100%)" in out
    assert main(["stats"]) == 0
    assert {"Euchre", "Bid Euchre", "Yukon"} <= set(capsys.readouterr().out.splitlines())


def test_cli_names_the_games_for_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no statistics for game 'chess'" in err and "yukon" in err


def test_statistics_that_fail_with_no_events_are_a_game_bug_and_the_file_stays(tmp_path: Path) -> None:
    class Broken:
        def figures(self, events: object) -> list[object]:
            raise ZeroDivisionError("division by zero")

        def charts(self, events: object) -> list[object]:
            return []

    store = StatsStore(tmp_path)
    store.add("hilo", [{"kind": "round", "won": True}])
    summary = store.summary("hilo", Broken())  # type: ignore[arg-type]
    assert str(summary.problem) == "the game's statistics fail (ZeroDivisionError: division by zero)"
    assert summary.figures == [] and store.path_for("hilo").exists(), "a game's bug moves no file of the player's"


def test_a_chart_a_typo_or_a_missing_value_would_spoil_is_refused_with_what_to_give(tmp_path: Path) -> None:
    """A third party's chart of kind "bars" was drawn as a line chart without a word, a NaN (a rate of no games)
    left out of its line, an infinite value a scale Qt could not draw ("Attempting to set invalid range"). Each is
    refused where the chart is made, so the Statistics window and the kit name it."""
    import math

    from core.stats import Chart, Series
    from core.text import Text

    with pytest.raises(ValueError, match="chart 'Wins': kind 'bars' is not 'line' or 'bar'"):
        Chart("bars", Text("Wins"), ())
    for point in (("3", math.nan), ("3", math.inf), (3, 1.0), ("3", True), ("3",)):
        with pytest.raises(ValueError, match=r"series 'Rate': a point is \(x as shown: a str or Text, y: a finite "
                                             r"number\), not "):
            Series(Text("Rate"), (("1", 0.5), point))  # type: ignore[arg-type]

    class Misspelt:
        def figures(self, events: object) -> list[object]:
            return []

        def charts(self, events: object) -> list[object]:
            return [Chart("bars", Text("Wins"), ())]

    summary = StatsStore(tmp_path).summary("hilo", Misspelt())  # type: ignore[arg-type]
    assert str(summary.problem) == ("the game's statistics fail (ValueError: chart 'Wins': kind 'bars' is not "
                                    "'line' or 'bar')")


def test_a_figure_given_a_bare_number_is_refused_naming_what_writes_one() -> None:
    """`Figure(Text("Games"), len(events))` stopped the Statistics window as it opened (QLabel takes text)."""
    from core.stats import Figure
    from core.text import Text

    with pytest.raises(ValueError, match=r"figure Text\(en='Games', ja='ゲーム数'\): the label is Text and the value "
                                         r"Text or str \(amount\(n\) writes a count, percent\(part, whole\) a rate\), "
                                         "not 12"):
        Figure(Text("Games", "ゲーム数"), 12)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", ["euchre", "bid-euchre", "two-handed-euchre", "three-handed-euchre"])
def test_points_per_hand_and_wins_by_opponents_strength_read_right_in_every_euchre(
        tmp_path: Path, game_id: str) -> None:
    game = load_host().game(game_id)
    store = StatsStore(tmp_path)
    session = GameSession.new(game, seed=4, players=["normal"] * len(game.seats))
    session.add_listener(Recorder(session, store, game_id))
    session.run_cpus()
    hands = [e for e in store.load(game_id)[0] if e["kind"] == "hand"]

    def per_hand(events: list[dict[str, Any]]) -> str:
        figure = next(f for f in game.statistics.figures(events) if f.label.en.startswith("Points per hand"))
        return figure.value_in("en")

    assert per_hand([]) == "—", "no hand played has no average"
    shown = per_hand(hands)
    assert re.fullmatch(r"\d+\.\d\d — \d+\.\d\d", shown), shown
    ours = sum(h["points"][0] for h in hands) / len(hands)
    assert shown.startswith(f"{ours:.2f} — ")
    figures = {f.label.en: f.value_in("en") for f in game.statistics.figures(store.load(game_id)[0])}
    assert figures["Won against Normal opponents"] in {"0 of 1 (0%)", "1 of 1 (100%)"}, "a 0% bar, told apart"
    assert "Won against Hard opponents" not in figures, "only the strengths met"
    if game_id == "bid-euchre":  # a side that was set scores below nothing
        set_hands = [h for h in hands if h["points"][0] < 0]
        assert set_hands and per_hand(set_hands).startswith("−") and "-" not in per_hand(set_hands)
