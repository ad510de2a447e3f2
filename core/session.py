"""A game in progress: rules, state, settings and seats; moves, CPU turns, undo and redo, hint, pause, holds,
background analysis and autosave.

The session is pure Python. It tells its listeners what happened through plain callbacks (any number of
them); the GUI decides the pace: it asks for a :class:`CpuTurn`, lets the strategy think away from the
window, and hands the move back with :meth:`GameSession.finish_cpu_turn` (:meth:`GameSession.cpu_step`
does all three at once). Background analysis works the same way (:meth:`GameSession.analysis_job`).

*Holds*: a game whose rules name moments worth reading (:class:`core.game.HoldsForThePlayer`: a finished
trick, a hand's summary) makes the session stop there while a person plays: no CPU moves until the player
acknowledges the moment (:meth:`GameSession.acknowledge`). What was acknowledged is saved, so a held trick
survives Back + Continue and a restart of the program.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.game import Analysis, GameSpec, Hint, HoldsForThePlayer, IllegalMove, Outcome, RecordsItsDeal, Strategy
from core.history import History, Step, Undone
from core.rng import Rng
from core.saves import SaveError, SaveService
from core.text import SENTENCES, Text, TextError, join


class SessionListener:
    """Override what you need; every method does nothing by default."""

    def moved(self, seat: int, move: str) -> None:
        """A move was applied (a person's or a CPU's)."""

    def undone(self) -> None:
        """The state went back through undo."""

    def redone(self) -> None:
        """The state went forward again through redo."""

    def save_failed(self, message: Text) -> None:
        """Autosave failed (``message`` says why); play goes on and the player should be told."""

    def save_recovered(self) -> None:
        """Autosave works again after a failure."""

    def paused(self, paused: bool) -> None:
        """Pause was switched on or off."""

    def acknowledged(self, key: str) -> None:
        """The player acknowledged a held moment; the table moves on."""

    def analysed(self) -> None:
        """A background analysis result arrived for the current position."""


@dataclass(frozen=True)
class CpuTurn:
    """A CPU seat's decision, taken from one position: everything its strategy needs, so it can be worked
    out on another thread. Strategies get their own observation only, never the state."""

    seat: int
    state: Any  # the position asked about; a move for any other position is thrown away
    strategy: Strategy
    observation: Any
    legal: Sequence[Any]
    rng: Rng

    def decide(self) -> Any:
        return self.strategy.choose(self.observation, self.legal, self.rng)


@dataclass
class AnalysisJob:
    """The game's background analysis of one position, to run away from the window: in a worker process
    (:mod:`core.analysis_worker`; the job is sent there whole) or on a worker thread."""

    ply: int
    state: Any
    analysis: Analysis

    def run(self, stopped: Callable[[], bool]) -> Any:
        """Step the analysis until it gives a verdict (returned) or ``stopped()`` says the position it was asked
        about is gone (``None``, as when the analysis finds no verdict)."""
        for value in self.analysis(self.state):
            if stopped():
                return None
            if value is not None:
                return value
        return None


class RestoreError(TextError):
    """A save that cannot be turned back into a position (``reason`` says why)."""


class PlayerFailed(TextError):
    """A seat's CPU player could not be made (its class raised as it was called): the plugin's fault, never the
    save's, which stays as it is."""


class GameSession:
    """One game being played. Create with :meth:`new` or :meth:`restore`."""

    def __init__(
        self,
        game: GameSpec,
        settings: Mapping[str, Any],
        start: Mapping[str, Any],
        *,
        players: Sequence[str | None] | None = None,
        saves: SaveService | None = None,
        listener: SessionListener | None = None,
        plugin_version: str = "",
        save_slot: str | None = None,
    ) -> None:
        self.game = game
        self.rules = game.rules
        self.settings = dict(settings)
        self.start = dict(start)
        self.plugin_version = plugin_version
        self.saves = saves
        self.save_slot = save_slot or game.id
        self.listeners: list[SessionListener] = [listener] if listener is not None else []
        self.save_problem: Text | None = None
        self.settings_problems: list[Text] = []  # what :meth:`restore` found in the saved settings and set right
        self.acknowledged: list[str] = []  # the held moments of the current position the player has seen
        self.analysis: dict[int, Any] = {}  # background analysis verdicts by ply
        self.hints = 0  # hints shown so far (statistics count a win with help)
        self.seconds = 0.0  # time played, pauses left out (the window adds to it)
        self._paused = False
        self.players: tuple[str | None, ...] = tuple(
            players if players is not None else game.seat_players(self.settings)
        )
        if len(self.players) != len(game.seats):
            raise ValueError(f"{game.id} has {len(game.seats)} seats, got {len(self.players)} players")
        self._strategies: dict[int, Strategy] = {}
        for seat, name in enumerate(self.players):
            if name is not None:
                if name not in game.strategies:
                    raise ValueError(f"{game.id} has no CPU strategy '{name}'; it has {sorted(game.strategies)}")
                try:
                    self._strategies[seat] = game.strategies[name]()
                except Exception as error:
                    raise PlayerFailed(Text("the CPU player '{name}' could not be made: {error}",
                                            "CPUプレイヤー「{name}」を作れませんでした: {error}").format(
                        name=name, error=f"{type(error).__name__}: {error}")) from error
        if "deal" in self.start:
            self.state: Any = self.rules.from_deal(self.settings, self.start["deal"])
            self.seed = int(self.start.get("seed", 0))
        else:
            self.seed = int(self.start["seed"])
            self.state = self.rules.new_game(self.settings, self.seed)
            deal = self.rules.start_of(self.state) if isinstance(self.rules, RecordsItsDeal) else None
            if deal is not None:
                self.start["deal"] = deal  # a save then replays this deal even if new_game would now choose another
        self.history: History[Any] = History()

    # -- construction -------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: GameSpec,
        settings: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        deal: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> GameSession:
        """A new game; without a seed or deal, a fresh seed is drawn and kept in the save."""
        values = dict(settings) if settings is not None else game.settings.defaults()
        start: dict[str, Any] = {"seed": secrets.randbits(63) if seed is None else seed}
        if deal is not None:
            start["deal"] = dict(deal)
        return cls(game, values, start, **kwargs)

    @classmethod
    def restore(cls, game: GameSpec, record: Mapping[str, Any], **kwargs: Any) -> GameSession:
        """Rebuild a session from a save record by replaying its moves; :class:`RestoreError` if it can't. Settings
        the game no longer knows, or whose value it no longer takes (a plugin updated since the save), are left out
        or given their default when the moves still replay under them: ``settings_problems`` says which."""
        problems: list[Text] = []
        try:
            values, problems = game.settings.validate(record["settings"])
            players = record.get("players")
            if isinstance(players, list) and len(players) == len(game.seats):
                players, problems = cls._players_offered(game, values, players, problems)
            session = cls(game, values, record["start"], players=players, **kwargs)
            session.settings_problems = problems
            saves, session.saves = session.saves, None  # no autosave while replaying
            marked = record.get("automatic")
            automatic = {i for i in marked if isinstance(i, int)} if isinstance(marked, list) else set()
            for ply, text in enumerate(record["moves"]):
                session.play(text, automatic=ply in automatic)
            session._replay_undone(record.get("undone"))
            session.saves = saves
            session.acknowledged = [k for k in record.get("acknowledged", []) if isinstance(k, str)]
            hints, seconds = record.get("hints", 0), record.get("seconds", 0.0)
            session.hints = hints if isinstance(hints, int) and not isinstance(hints, bool) and hints >= 0 else 0
            session.seconds = float(seconds) if isinstance(seconds, int | float) and 0 <= seconds < 1e9 else 0.0
        except (RestoreError, PlayerFailed):
            raise
        except Exception as error:  # the rules or a plugin bug: the save is reported, never a crash
            raise RestoreError(join([*problems, Text("the saved game cannot be replayed: {error}",
                                                     "保存されたゲームを再現できません: {error}")
                                    .format(error=f"{type(error).__name__}: {error}")], SENTENCES)) from error
        return session

    @staticmethod
    def _players_offered(game: GameSpec, settings: Mapping[str, Any], players: list[Any],
                         problems: list[Text]) -> tuple[list[Any], list[Text]]:
        """``players`` with each CPU player the game no longer has replaced by the one its settings now give that seat
        (a plugin updated since the save), and ``problems`` with a word on each."""
        now = game.seat_players(settings)
        kept = list(players)
        for seat, name in enumerate(players):
            if isinstance(name, str) and name not in game.strategies and now[seat] is not None:
                kept[seat] = now[seat]
                said = Text("the CPU player '{name}' is no longer offered; '{instead}' plays instead",
                            "CPUプレイヤー「{name}」はもうありません。「{instead}」が代わります").format(
                    name=name, instead=now[seat])
                problems = problems if said in problems else [*problems, said]  # once for all its seats
        return kept, problems

    def record(self) -> dict[str, Any]:
        """What the save service stores for this game."""
        return {
            "plugin_version": self.plugin_version,
            "settings": self.settings,
            "start": self.start,
            "players": list(self.players),
            "moves": self.history.moves,
            "automatic": self.history.automatic,
            "undone": self.history.undone_moves,
            "acknowledged": list(self.acknowledged),
            "finished": self.is_over,
            "hints": self.hints,
            "seconds": round(self.seconds, 1),
        }

    # -- listeners --------------------------------------------------------------------------------

    def add_listener(self, listener: SessionListener) -> Callable[[], None]:
        """Tell ``listener`` what happens from now on; call the returned function to stop."""
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def _emit(self, event: str, *args: Any) -> None:
        for listener in list(self.listeners):
            getattr(listener, event)(*args)

    # -- reading ----------------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, name in enumerate(self.players) if name is None)

    @property
    def is_cpu_turn(self) -> bool:
        seat = self.to_move
        return seat is not None and seat in self._strategies

    @property
    def moves(self) -> list[str]:
        return self.history.moves

    def legal_moves(self) -> Sequence[Any]:
        return self.rules.legal_moves(self.state)

    def observation(self, seat: int) -> Any:
        return self.rules.observation(self.state, seat)

    @property
    def ply(self) -> int:
        return len(self.history)

    # -- holds ------------------------------------------------------------------------------------

    @property
    def hold(self) -> str | None:
        """The moment the table stops at (see the module docstring), or ``None``. Only while a person plays."""
        if not self.human_seats or not isinstance(self.rules, HoldsForThePlayer):
            return None
        return next((k for k in self.rules.hold_points(self.state) if k not in self.acknowledged), None)

    def acknowledge(self) -> str | None:
        """The player has read the held moment: the game moves on. The key acknowledged, or ``None``."""
        key = self.hold
        if key is None:
            return None
        self.acknowledged.append(key)
        self.autosave()
        self._emit("acknowledged", key)
        return key

    def _seen_all(self) -> list[str]:
        points = self.rules.hold_points(self.state) if isinstance(self.rules, HoldsForThePlayer) else ()
        return list(points)

    # -- acting -----------------------------------------------------------------------------------

    def play(self, move: Any, automatic: bool = False) -> Any:
        """Apply a move (a move value or its text) for the seat to move; raises :class:`IllegalMove`.
        ``automatic``: the table made it for the person by itself (undo takes it along with the move before)."""
        seat = self.to_move
        if seat is None:
            raise IllegalMove(Text("the game is over: start a new game",
                                   "ゲームは終わりました。新しいゲームを始めてください"))
        if self._paused:
            raise IllegalMove(Text("the game is paused: resume it first",
                                   "一時停止中です。再開してから操作してください"))
        if isinstance(move, str):
            move = self.rules.parse_move(move)
        before = self.state
        self.state = self.rules.apply(before, move)
        text = self.rules.move_text(move)
        self.history.push(Step(seat, text, before, self.rules.may_undo(before, move), automatic))
        self.acknowledged = []  # a new position: its moments are new (a person's move passes any hold)
        self.autosave()
        self._emit("moved", seat, text)
        return move

    def cpu_turn(self) -> CpuTurn | None:
        """The decision a CPU seat has to make now, or None (a person's turn, game over, or paused)."""
        seat = self.to_move
        if seat is None or seat not in self._strategies or self._paused or self.hold is not None:
            return None
        return CpuTurn(seat, self.state, self._strategies[seat], self.rules.observation(self.state, seat),
                       self.rules.legal_moves(self.state), Rng.derive(self.seed, "cpu", seat, len(self.history)))

    def finish_cpu_turn(self, turn: CpuTurn, move: Any) -> Any | None:
        """Play the move decided for ``turn`` if the game is still where it was asked (no undo, restart or
        pause since); the move, or None when it came too late."""
        if self._paused or self.state is not turn.state or self.hold is not None:
            return None
        return self.play(move)

    def cpu_step(self) -> Any | None:
        """If a CPU seat is to move (and not paused), let it choose from its observation; the move or None."""
        turn = self.cpu_turn()
        return None if turn is None else self.finish_cpu_turn(turn, turn.decide())

    def run_cpus(self, limit: int = 100_000) -> int:
        """CPU moves until a person is to move or the game ends (headless play); how many were made."""
        made = 0
        while made < limit and self.cpu_step() is not None:
            made += 1
        return made

    def can_undo(self) -> bool:
        return not self._paused and not self.decided and self.history.can_undo(self.human_seats or (0,))

    @property
    def decided(self) -> bool:
        """The game ended with a winner (a solitaire won, a match won): the result stands, nothing is undone.
        A solitaire that is merely stuck has no winner, so undo still leads out of it."""
        outcome = self.outcome if self.is_over else None
        return outcome is not None and bool(outcome.winners)

    def undo(self) -> bool:
        """Take back the last person's move (with the CPU moves and the moves made by itself after it) when
        the game allows it."""
        if not self.can_undo():
            return False
        before = self.history.undo(self.human_seats or (0,), self.state)
        if before is None:
            return False
        self.state = before
        self.acknowledged = self._seen_all()  # the player has seen this position's moments already
        self.analysis = {ply: verdict for ply, verdict in self.analysis.items() if ply <= self.ply}
        self.autosave()
        self._emit("undone")
        return True

    def can_redo(self) -> bool:
        return not self._paused and self.history.can_redo()

    def redo(self) -> bool:
        """Play back the moves the last undo took (the CPU replies with them), as they were; a move made
        since an undo forgets what was undone."""
        if not self.can_redo():
            return False
        after = self.history.redo()
        if after is None:
            return False
        self.state = after
        self.acknowledged = self._seen_all()
        self.autosave()
        self._emit("redone")
        return True

    def _replay_undone(self, groups: Any) -> None:
        """Rebuild what redo can play back from a save's ``undone`` moves (the next to redo first). A group
        that does not replay from where the one before it led ends the list: the position is never affected."""
        replayed: list[Undone[Any]] = []
        state = self.state
        for group in groups if isinstance(groups, list) else []:
            undone = self._replayed(state, group)
            if undone is None:
                break
            replayed.append(undone)
            state = undone.after
        for undone in reversed(replayed):
            self.history.remember_undone(undone)

    def _replayed(self, state: Any, group: Any) -> Undone[Any] | None:
        if not isinstance(group, list) or not group or not all(isinstance(text, str) for text in group):
            return None
        steps: list[Step[Any]] = []
        for text in group:
            seat = self.rules.to_move(state)
            if seat is None:
                return None
            try:
                move = self.rules.parse_move(text)
                # an undo took a person's move and what came after it: CPU replies, or moves made by itself
                steps.append(Step(seat, self.rules.move_text(move), state, self.rules.may_undo(state, move),
                                  automatic=bool(steps)))
                state = self.rules.apply(state, move)
            except Exception:  # a damaged list, or a game changed since: only what redo offers is lost
                return None
        return Undone(tuple(steps), state)

    def can_hint(self) -> bool:
        """A person is to move (not a CPU, not a held moment, not paused) and the game gives hints."""
        return (self.game.hint is not None and not self._paused and self.hold is None
                and self.to_move is not None and self.to_move in (self.human_seats or (0,)))

    def hint(self, counted: bool = True) -> Hint | None:
        """The plugin's suggestion for the person to move, given only that seat's observation (``counted``
        among the hints asked for; a demo's moves are not, the demo itself is: :meth:`count_hint`)."""
        if not self.can_hint():
            return None
        hint = hint_for(self.game, self.state)
        if hint is not None and counted:
            self.count_hint()
        return hint

    def count_hint(self) -> None:
        """Help was given: one more hint asked for (a Yukon deal won after it is won with help)."""
        self.hints += 1

    def last_move(self) -> tuple[Any, Any] | None:
        """The state before the last move and the state now, or ``None`` before the first move."""
        before = self.history.last_before()
        return None if before is None else (before, self.state)

    @property
    def paused(self) -> bool:
        return self._paused

    def set_paused(self, paused: bool) -> None:
        if paused != self._paused:
            self._paused = paused
            self._emit("paused", paused)

    # -- background analysis ----------------------------------------------------------------------

    def analysis_job(self) -> AnalysisJob | None:
        """The game's analysis of the current position, if it has one and it has not run yet."""
        if self.game.analysis is None or self._paused or self.ply in self.analysis:
            return None
        return AnalysisJob(self.ply, self.state, self.game.analysis)

    def finish_analysis(self, job: AnalysisJob, verdict: Any) -> bool:
        """Keep a verdict (``None``: the analysis found none) if the position is still the one analysed;
        whether it was kept."""
        if self.state is not job.state:
            return False
        self.analysis[job.ply] = verdict
        self._emit("analysed")
        return True

    def autosave(self) -> None:
        if self.saves is None:
            return
        try:
            self.saves.write(self.save_slot, self.record())
        except SaveError as error:
            first = self.save_problem is None
            self.save_problem = error.reason
            if first:
                self._emit("save_failed", error.reason)
        else:
            if self.save_problem is not None:
                self.save_problem = None
                self._emit("save_recovered")


def hint_for(game: GameSpec, state: Any) -> Hint | None:
    """The hint service: asks the plugin with the current seat's observation, never the full state."""
    ask = hint_question(game, state)
    return None if ask is None else ask()


def hint_question(game: GameSpec, state: Any) -> Callable[[], Hint | None] | None:
    """The plugin's hint for ``state``, to ask later (on another thread, say): the seat's observation and legal moves
    are taken now; None when the game has no hint or nobody is to move."""
    seat = game.rules.to_move(state)
    hint = game.hint
    if hint is None or seat is None:
        return None
    observation, legal = game.rules.observation(state, seat), game.rules.legal_moves(state)

    def ask() -> Hint | None:
        answer = hint(observation, legal)
        if answer is not None and not isinstance(answer, Hint):  # a move's text, say: else an AttributeError later
            raise TypeError(f"the hint of {game.id} gave {answer!r}, not a Hint(move, reason) or None")
        return answer

    return ask
