"""Statistics: what a player played, per game (and per variant), kept in one small JSON file each.

The game says what to keep and how to sum it up, without Qt (:class:`Statistics`): ``record`` turns a move
the player's session just made into zero or more *events* (plain JSON-able dicts: a hand finished, a match
won, a deal won), ``finish`` gives the events of a game left unfinished for a new one, ``figures`` sums
the events up for people and ``charts`` gives the data of the charts the shell draws. The shell appends
events as play goes on (:class:`StatsStore`: written atomically like saves, a damaged file moved aside with a
message, or left alone when it cannot be) and shows them in the Statistics window; ``cardtable stats [GAME]
[--json]`` prints the same figures.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from core.session import GameSession, SessionListener
from core.settings import CPU_STRENGTHS
from core.storage import BadFile, aside, move_aside, newer_format, read_json_file, write_json_atomic
from core.text import Text, amount, os_reason

STATS_FORMAT = 1
MAX_EVENTS = 20_000  # the oldest go first; a file stays small


@dataclass(frozen=True)
class Figure:
    """One line of the summary: ``label`` and its ``value`` as shown (``"12 of 20 (60%)"``)."""

    label: Text
    value: Text | str  # a plain string reads the same in every language: a count, "3 / 5"

    def __post_init__(self) -> None:  # (a bare number stopped the Statistics window: QLabel takes text)
        if not isinstance(self.label, Text) or not isinstance(self.value, Text | str):
            raise ValueError(f"figure {self.label!r}: the label is Text and the value Text or str (amount(n) writes "
                             f"a count, percent(part, whole) a rate), not {self.value!r}")

    def value_in(self, language: str) -> str:
        return self.value.get(language) if isinstance(self.value, Text) else self.value


@dataclass(frozen=True)
class Series:
    name: Text
    points: tuple[tuple[str | Text, float], ...]  # (x as shown, y)

    def __post_init__(self) -> None:
        for point in self.points:
            x, y = point if isinstance(point, tuple | list) and len(point) == 2 else (None, None)
            if not isinstance(x, str | Text) or isinstance(y, bool) or not isinstance(y, int | float) \
                    or not math.isfinite(y):
                raise ValueError(f"series {self.name.en!r}: a point is (x as shown: a str or Text, y: a finite "
                                 f"number), not {point!r}")


@dataclass(frozen=True)
class Chart:
    """A chart's data: ``kind`` is ``"line"`` (values over time) or ``"bar"`` (a value per category);
    ``y_max`` fixes the top of the scale (100 for a percentage), else it follows the values. A line's point stands
    at its x when that is a whole number written out (``"4901"``: the 4,901st game), else at its place in the
    series; the shell marks each point of a line of up to 40."""

    kind: str
    title: Text
    series: tuple[Series, ...]
    y_label: Text = Text("")
    y_max: float | None = None

    def __post_init__(self) -> None:  # (a typo would be drawn as a line chart, without a word)
        if self.kind not in ("line", "bar"):
            raise ValueError(f"chart {self.title.en!r}: kind {self.kind!r} is not 'line' or 'bar'")


@dataclass(frozen=True)
class Context:
    """What the session knows beyond the state: hints asked for, seconds played (pauses left out), and the
    settings the game was started with."""

    hints: int = 0
    seconds: float = 0.0
    settings: Mapping[str, Any] | None = None


class Statistics(Protocol):
    """A game's statistics, pure: events from play, figures and chart data from events."""

    def record(self, before: Any, after: Any, context: Context) -> list[dict[str, Any]]:
        """Events for a move that took the game from ``before`` to ``after`` (usually none)."""

    def finish(self, state: Any, context: Context) -> list[dict[str, Any]]:
        """Events for a game the player leaves unfinished for a new one (a Yukon deal counts as played)."""

    def figures(self, events: Sequence[Mapping[str, Any]]) -> list[Figure]:
        """The summary, in the order shown."""

    def charts(self, events: Sequence[Mapping[str, Any]]) -> list[Chart]:
        """The charts' data (results over time, rates per level, a distribution)."""


def _sums_up(statistics: Statistics, events: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``statistics`` give figures and charts for ``events`` without an error."""
    try:
        statistics.figures(events)
        statistics.charts(events)
    except Exception:  # whatever the game's code trips over in them
        return False
    return True


def percent(part: int, whole: int) -> Text | str:
    if not whole:
        return "0"
    return Text("{part} of {whole} ({rate:.0%})", "{part} / {whole}（{rate:.0%}）").format(
        part=amount(part), whole=amount(whole), rate=part / whole)


def averages(rows: Sequence[tuple[float, float]]) -> str:
    """Two columns' averages over ``rows`` as a figure shows them, "0.42 — −0.31" (a true minus sign); "—" while
    there are no rows, since nothing played has no average."""
    if not rows:
        return "—"
    means = (round(sum(row[i] for row in rows) / len(rows), 2) + 0.0 for i in (0, 1))  # + 0.0: no "−0.00"
    return " — ".join(f"{mean:.2f}".replace("-", "−") for mean in means)


def running_rate(results: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, float], ...]:
    """The share of ``won`` results so far (in %), after each one: a "results over time" line."""
    points, won = [], 0
    for n, result in enumerate(results, start=1):
        won += bool(result["won"])
        points.append((str(n), 100.0 * won / n))
    return tuple(points)


def matches_won(matches: Sequence[Mapping[str, Any]]) -> list[Figure]:
    """"Matches won: 4 of 7 (57%)" and how many of those wins had help (hints or the demo), from match events with
    ``won`` and ``help`` (matches counted before the demo existed have no ``help``: won on the player's own)."""
    won = [m for m in matches if m["won"]]
    return [Figure(Text("Matches won", "勝った対戦"), percent(len(won), len(matches))),
            Figure(Text("… with help (hints or the demo)", "…手助けあり（ヒント・デモ）"),
                   amount(sum(1 for m in won if m.get("help")))),
            ]


def won_by_strength(matches: Sequence[Mapping[str, Any]]) -> list[Figure]:
    """A figure per CPU strength the player has met ("Won against Normal opponents: 2 of 3 (67%)"), from match
    events with ``level`` and ``won``: what the bar chart of the same rates cannot tell, a 0% from no match."""
    figures = []
    for level, name in CPU_STRENGTHS:
        mine = [m for m in matches if m.get("level") == level]
        if mine:
            figures.append(Figure(Text("Won against {level} opponents", "相手が「{level}」の勝ち").format(level=name),
                                  percent(sum(1 for m in mine if m["won"]), len(mine))))
    return figures


def rate_by(results: Sequence[Mapping[str, Any]], key: str,
            categories: Sequence[tuple[str, Text]]) -> tuple[tuple[str | Text, float], ...]:
    """The share of ``won`` results (in %) for each value of ``key`` (0 where there are none): a bar each."""
    points: list[tuple[str | Text, float]] = []
    for value, name in categories:
        mine = [r for r in results if r.get(key) == value]
        points.append((name, 100.0 * sum(1 for r in mine if r["won"]) / len(mine) if mine else 0.0))
    return tuple(points)


@dataclass(frozen=True)
class Summary:
    """What the shell shows of a game's statistics: how many events they sum up, the figures and charts, and
    a message when the stored file could not be used."""

    events: int
    figures: list[Figure]
    charts: list[Chart]
    problem: Text | None


class Standing(Enum):
    """Whether a game's statistics file may be written: it may unless a newer Card Table keeps it, or it is
    damaged and could not be moved aside."""

    WRITABLE = "writable"
    NEWER = "newer"
    STUCK = "stuck"


class NewerStatistics(OSError):
    """The statistics file was written by a newer Card Table: shown as no games, and never written over."""

    def __init__(self, message: Text) -> None:
        super().__init__(message.en)
        self.message = message


class StatsStore:
    """One JSON file per game id under ``directory``: ``{"format_version": 1, "game": id, "events": [...]}``. A
    file of a newer format (a newer Card Table wrote it) is left as it is: no figures, and no events added."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        # game id → events a full disk or an unwritable folder refused, and why: counted while the program runs,
        # and written with the next add that works
        self._unwritten: dict[str, tuple[list[dict[str, Any]], Text]] = {}

    def path_for(self, game_id: str) -> Path:
        return self.directory / f"{game_id}.json"

    def load(self, game_id: str) -> tuple[list[dict[str, Any]], Text | None]:
        """The events, and a message when the file was bad (it is then moved aside and a fresh one begins; left
        alone when it cannot be moved) or is of a newer format (it is then left alone, and read as no events)."""
        events, problem, _ = self._read(game_id)
        return [*events, *self._held(game_id)][-MAX_EVENTS:], problem

    def _held(self, game_id: str) -> list[dict[str, Any]]:
        return self._unwritten[game_id][0] if game_id in self._unwritten else []

    def refusal(self, game_id: str) -> Text | None:
        """Why the game's last events could not be written, while they are kept in memory only."""
        return self._unwritten[game_id][1] if game_id in self._unwritten else None

    def _read(self, game_id: str) -> tuple[list[dict[str, Any]], Text | None, Standing]:
        """:meth:`load`'s events and message, and whether the file may be written over."""
        path = self.path_for(game_id)
        if not path.exists():
            return [], None, Standing.WRITABLE
        try:
            data = read_json_file(path)
            version = newer_format(data, STATS_FORMAT)
            if version is not None:
                newer = Text("the statistics were kept by a newer Card Table (format {version}; this one reads up to "
                             "{newest}); they are left as they are",
                             "新しい版のカードテーブルが記録した統計です（形式 {version}。"
                             "この版が読めるのは形式 {newest} まで）。そのままにしておきます")
                return [], newer.format(version=version, newest=STATS_FORMAT), Standing.NEWER
            events = data.get("events") if isinstance(data, dict) else None
            if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
                raise BadFile(Text("it does not hold a list of events", "記録の一覧になっていません"))
        except BadFile as error:
            try:
                moved = move_aside(path)
            except OSError as refused:
                stuck = Text("the statistics file cannot be read ({why}) nor moved aside ({reason}); it is left as "
                             "it is", "統計のファイルを読み込めず（{why}）、よけておくこともできません（{reason}）。"
                             "そのままにしておきます")
                return [], stuck.format(why=error.reason, reason=os_reason(refused)), Standing.STUCK
            return [], Text("the statistics file cannot be read ({why}); moved to {name}",
                            "統計のファイルを読み込めません（{why}）。{name} に移しました").format(
                why=error.reason, name=moved.name), Standing.WRITABLE
        return events, None, Standing.WRITABLE

    def summary(self, game_id: str, statistics: Statistics) -> Summary:
        """The figures and charts ``statistics`` give for the stored events. Events the game cannot sum up (a
        file edited by hand, or written by another version of the game) are set aside with a message: those alone,
        in a file beside, when the game sums up the others (the summary is theirs); else the whole file, and the
        summary is that of no games. A game whose statistics fail even with no events has a bug of its own: the
        file is left alone and the message says so."""
        events, problem = self.load(game_id)
        try:
            return Summary(len(events), statistics.figures(events), statistics.charts(events), problem)
        except Exception as error:  # whatever the game's code trips over in the stored events
            why = f"{type(error).__name__}: {error}"
        try:
            empty = Summary(0, statistics.figures([]), statistics.charts([]), None)
        except Exception as error:  # the game's statistics are broken, whatever the file holds
            return Summary(len(events), [], [], Text(
                "the game's statistics fail ({why})", "このゲームの統計の計算に誤りがあります（{why}）").format(
                why=f"{type(error).__name__}: {error}"))
        fits = [_sums_up(statistics, [event]) for event in events]
        kept = [event for event, fit in zip(events, fits, strict=True) if fit]
        left = [event for event, fit in zip(events, fits, strict=True) if not fit]
        if kept and _sums_up(statistics, kept):
            try:
                name = self._set_aside(game_id, kept, left)
            except OSError:
                pass  # (the whole file is tried below)
            else:
                return Summary(len(kept), statistics.figures(kept), statistics.charts(kept), Text(
                    "{count} of the {total} statistics events cannot be summed up ({why}); moved to {name}",
                    "統計の記録 {total} 件のうち {count} 件を集計できません（{why}）。{name} に移しました").format(
                    count=amount(len(events) - len(kept)), total=amount(len(events)), why=why, name=name))
        try:
            name = move_aside(self.path_for(game_id)).name
        except OSError:
            return replace(empty, problem=Text(
                "the statistics cannot be summed up ({why}); ignored",
                "統計を集計できないため（{why}）、使わずにおきます").format(why=why))
        return replace(empty, problem=Text(
            "the statistics cannot be summed up ({why}); moved to {name}",
            "統計を集計できません（{why}）。{name} に移しました").format(why=why, name=name))

    def add(self, game_id: str, events: Sequence[Mapping[str, Any]]) -> Text | None:
        """Append events (each stamped with the time); raises ``OSError`` when the folder cannot be written, and
        :class:`NewerStatistics` when a newer Card Table keeps the file. Returns the message when the stored file
        was damaged (it is moved aside and a fresh one begins)."""
        if not events:
            return None
        return self._write(game_id, events)

    def flush(self) -> None:
        """Write the events a full disk refused, where it now has room (the program is closing: what cannot be
        written goes with it, as the player was told when it was refused)."""
        for game_id in list(self._unwritten):
            with contextlib.suppress(OSError):
                self._write(game_id, [])

    def _write(self, game_id: str, events: Sequence[Mapping[str, Any]]) -> Text | None:
        """:meth:`add`, for ``events`` that may be none (the refused ones are written with them)."""
        old, problem, standing = self._read(game_id)
        if standing is Standing.NEWER and problem is not None:
            raise NewerStatistics(problem)
        stamp = round(time.time())
        unwritten = [*self._held(game_id), *({"at": stamp, **event} for event in events)]
        if standing is Standing.STUCK and problem is not None:  # what it holds may be mended by hand: not lost
            self._unwritten[game_id] = (unwritten[-MAX_EVENTS:], problem)
            raise OSError(problem.en)
        merged = [*old, *unwritten][-MAX_EVENTS:]
        try:  # on one line: at the cap an add takes 60–110 ms instead of 200–250, on the window's thread
            write_json_atomic(self.path_for(game_id), {"format_version": STATS_FORMAT, "game": game_id,
                                                        "events": merged}, indent=None)
        except OSError as error:
            self._unwritten[game_id] = (unwritten[-MAX_EVENTS:], os_reason(error))
            raise
        self._unwritten.pop(game_id, None)
        return problem

    def _set_aside(self, game_id: str, kept: list[dict[str, Any]], left: list[dict[str, Any]]) -> str:
        """The events ``left`` written to a file beside the game's (its name returned), then the file rewritten
        with the ``kept`` ones (events held in memory from a full disk among them)."""
        path = self.path_for(game_id)
        target = aside(path)
        write_json_atomic(target, {"format_version": STATS_FORMAT, "game": game_id, "events": left}, indent=None)
        write_json_atomic(path, {"format_version": STATS_FORMAT, "game": game_id, "events": kept}, indent=None)
        self._unwritten.pop(game_id, None)
        return target.name

    def reset(self, game_id: str) -> None:
        self._unwritten.pop(game_id, None)
        self.path_for(game_id).unlink(missing_ok=True)


class Recorder(SessionListener):
    """Keeps a session's play time (pauses left out) and appends its game's statistics events to ``store``
    after each move. A store that cannot be written is reported once through ``problem``, and so is a damaged
    file found (and moved aside) when events are added, at the moment it happens; once the events the store
    kept in memory are written, ``recovered`` is given the refusal's notice, which no longer holds."""

    def __init__(self, session: GameSession, store: StatsStore, slot: str,
                 problem: Callable[[Text], None] | None = None,
                 recovered: Callable[[Text], None] | None = None) -> None:
        self.session, self.store, self.slot = session, store, slot
        self.problem, self.recovered = problem, recovered
        self._since: float | None = None if session.paused else time.monotonic()
        self._failed = False

    def context(self) -> Context:
        self.tick()
        return Context(self.session.hints, self.session.seconds, self.session.settings)

    def tick(self) -> None:
        """Add the time since the last tick to the session's play time (not while paused)."""
        now = time.monotonic()
        if self._since is not None:
            self.session.seconds += now - self._since
        self._since = None if self.session.paused else now

    def moved(self, seat: int, move: str) -> None:
        statistics = self.session.game.statistics
        step = self.session.last_move()
        if statistics is None or step is None:
            self.tick()
            return
        self.save(statistics.record(step[0], step[1], self.context()))

    def paused(self, paused: bool) -> None:
        self.tick()

    def retire(self) -> None:
        """The player leaves this game for a new one: count what an unfinished game counts."""
        statistics = self.session.game.statistics
        if statistics is not None and self.session.moves and not self.session.is_over:
            self.save(statistics.finish(self.session.state, self.context()))

    def save(self, events: Sequence[Mapping[str, Any]]) -> None:
        refused = self.store.refusal(self.slot)
        try:
            damaged = self.store.add(self.slot, events)
        except NewerStatistics as error:
            self._report(Text("statistics cannot be saved ({why})", "統計を保存できません（{why}）").format(
                why=error.message))
            return
        except OSError as error:  # kept by the store, and written with the next add that works
            self._report(self.refused(self.store.refusal(self.slot) or os_reason(error)))
            return
        except (TypeError, ValueError) as error:  # a plugin's events JSON cannot hold: said once, the game goes on
            self._report(Text("statistics cannot be saved: the game's events are not plain data ({error})",
                              "統計を保存できません: ゲームの記録が単純なデータではありません（{error}）"
                              ).format(error=error))
            return
        if refused is not None and self.store.refusal(self.slot) is None:
            self._failed = False  # a later refusal is said again
            if self.recovered is not None:
                self.recovered(self.refused(refused))
        if damaged and self.problem is not None:
            self.problem(damaged)

    @staticmethod
    def refused(why: Text) -> Text:
        """The notice that the store refused the events (for ``why``), and keeps them in memory."""
        return Text("statistics cannot be saved ({why}); they are counted while Card Table is open",
                    "統計を保存できません（{why}）。カードテーブルを閉じるまでは数えています").format(why=why)

    def _report(self, message: Text) -> None:
        if not self._failed and self.problem is not None:
            self.problem(message)
        self._failed = True
