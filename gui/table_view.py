"""A game's view: a session, its game's presenter and the shared :class:`~gui.table_scene.TableScene`, bound.

Everything follows one path: the session tells what happened (a move, an undo, a pause, an acknowledged
hold, an analysis verdict) and the view asks the presenter for the new table and shows it. Input goes the
other way: the scene reports a click, drop or key as a :mod:`core.table` event, the presenter says what it
means, and the view plays the move, keeps the new ``ui`` state, or asks the shell for an action. CPU seats
think on a worker thread (once the last card's glide is over: they wait ``animation.cpu_delay_ms()``) and their
move comes back by a Qt signal; so does the verdict of the game's background analysis, which runs in a process of
its own (:mod:`core.analysis_worker`).

A plugin's view module is usually just::

    def create_view(session, art):
        return TableView(session, art, MyPresenter())

and a game that needs its own drawing passes ``scene=MyScene(art)``, a subclass of ``TableScene``.
"""

from __future__ import annotations

import contextlib
import functools
import sys
import threading
import time
from collections.abc import Callable, Collection
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from core.analysis_worker import AnalysisWorker
from core.game import Hint, IllegalMove
from core.session import AnalysisJob, CpuTurn, GameSession, SessionListener, hint_question
from core.table import (
    ACTIONS,
    SOUNDS,
    Choice,
    Click,
    Drop,
    Event,
    Key,
    MakesSounds,
    MovesByItself,
    PicksUpTheHint,
    Presenter,
    Press,
    Reply,
    ReviewsTheLastHand,
    Situation,
    Table,
)
from core.table_cursor import ARROWS
from core.text import Text
from gui import animation
from gui.deck import CardArt
from gui.i18n import text, tr
from gui.table_scene import TableScene

KEY_NAMES = {Qt.Key.Key_Return: "Enter", Qt.Key.Key_Enter: "Enter", Qt.Key.Key_Space: "Space",
             Qt.Key.Key_Escape: "Escape", Qt.Key.Key_Left: "Left", Qt.Key.Key_Right: "Right", Qt.Key.Key_Up: "Up",
             Qt.Key.Key_Down: "Down", Qt.Key.Key_Backspace: "Backspace", Qt.Key.Key_Delete: "Delete"}
ALL_TOOLS = frozenset({"undo", "redo", "hint", "pause", "restart", "new"})
#: a hint the game gives in this long is shown at once; a slower one comes from a worker thread, the window answering
#: meanwhile (the built-in games' hints take 0.15 s at most)
HINT_WAIT_MS = 300
#: a CPU seat still thinking after this long is told of (the built-in players take a tenth of a second at most)
SLOW_CPU_MS = 10_000


def key_name(key: int, key_text: str) -> str:
    """The name a :class:`core.table.Key` carries: ``"A"``, ``"7"``, ``"Space"``, ``"Escape"``…"""
    if key in KEY_NAMES:
        return KEY_NAMES[Qt.Key(key)]
    if Qt.Key.Key_A <= key <= Qt.Key.Key_Z or Qt.Key.Key_0 <= key <= Qt.Key.Key_9:
        return chr(key)
    return key_text.upper() if key_text.strip() else ""


class HintJob:
    """The game's hint for one position, worked out on a worker thread (the seat's observation and legal moves
    taken on the window's): the window waits ``HINT_WAIT_MS`` for it, then goes on answering until it comes."""

    def __init__(self, state: Any, ask: Callable[[], Hint | None]) -> None:
        self.state, self.ask = state, ask
        self.done = threading.Event()
        self.hint: Hint | None = None
        self.error: Exception | None = None
        self.slow = False  # not there in HINT_WAIT_MS: the table said it is being looked for

    def run(self) -> None:
        """On the worker thread: the hint, or what it raised, kept here for the window's thread."""
        try:
            self.hint = self.ask()
        except Exception as error:
            self.error = error
        finally:
            self.done.set()


class _Relay(QObject):
    """Brings a worker thread's result back to the window's thread, for whichever view is waiting for it."""

    done = Signal(object, object, object)  # the job (a CpuTurn, HintJob or AnalysisJob), its result, its error


_relay: _Relay | None = None


def relay() -> _Relay:
    """The one relay, made on the window's thread and kept for the program's life: a worker thread must
    never hold the last reference to a Qt object (it would be destroyed on that thread)."""
    global _relay
    if _relay is None:
        _relay = _Relay()
    return _relay


def run_in_background(job: object, call: Callable[[], Any]) -> None:
    """``call()`` on a worker thread; its result (or exception) comes back as ``relay().done(job, …)``. The
    thread holds only ``job`` and ``call``, plain Python objects."""
    signal = relay().done

    def work() -> None:
        try:
            outcome: tuple[Any, BaseException | None] = (call(), None)
        except Exception as error:  # reported on the window's thread
            outcome = (None, error)
        # RuntimeError: the relay is gone, so the program is closing (Ctrl+Q while a CPU player thought) and nobody
        # waits for this any more; a traceback on the way out would only alarm
        with contextlib.suppress(RuntimeError):
            signal.emit(job, *outcome)

    threading.Thread(target=work, daemon=True, name=type(job).__name__).start()


_analysis_worker: AnalysisWorker | None = None


def analyse_in_background(job: AnalysisJob) -> Callable[[], None]:
    """Start ``job`` in the analysis process (or on a thread, when the job cannot go there); its verdict comes
    back as ``relay().done(job, …)``. Returns the call that abandons it."""
    global _analysis_worker
    if _analysis_worker is None:
        signal = relay().done

        def answer(job: object, verdict: object, error: BaseException | None) -> None:
            with contextlib.suppress(RuntimeError):  # the relay is gone: the program is closing
                signal.emit(job, verdict, error)

        _analysis_worker = AnalysisWorker(answer)
    _analysis_worker.submit(job)
    return functools.partial(_analysis_worker.cancel, job)


class _Listener(SessionListener):
    def __init__(self, view: TableView) -> None:
        self.view = view

    def moved(self, seat: int, move: str) -> None:
        self.view.after_move(seat, played=True)

    def undone(self) -> None:
        self.view.after_move(self.view.seat)

    def redone(self) -> None:
        self.view.after_move(self.view.seat)

    def paused(self, paused: bool) -> None:
        self.view.after_pause(paused)

    def acknowledged(self, key: str) -> None:
        self.view.refresh()

    def analysed(self) -> None:
        self.view.refresh()


class TableView(QObject):
    """What the game page shows and asks: a scene, a status line, keys, and the shell actions the game uses."""

    #: the status line or what the toolbar may offer changed
    changed = Signal()
    #: the table asks the shell for an action: "undo", "redo", "hint", "pause", "restart", "new", "back"
    action_requested = Signal(str)
    #: a CPU raised while thinking (the exception)
    failed = Signal(object)
    #: a move deserves a sound effect (one of core.table.SOUNDS)
    sound = Signal(str)
    #: a CPU seat has been thinking for SLOW_CPU_MS (the seat, the whole seconds); the player is told, as a CPU
    #: player that never answers would leave the game waiting for ever
    cpu_slow = Signal(int, int)
    #: that slow decision is over: it came after so many seconds (the seat, the seconds) or was dropped (the seat,
    #: None: paused, undone, left)
    cpu_slow_over = Signal(int, object)
    #: the demo stopped by itself: the game is over (None), or the hint had no move (the hint, or None) or one the
    #: rules refused (the hint)
    demo_ended = Signal(object)

    def __init__(self, session: GameSession, art: CardArt, presenter: Presenter[Any, Any, Any], *,
                 scene: TableScene | None = None, tools: Collection[str] = ALL_TOOLS,
                 confirm_before_start: bool = False, restart_keeps_deal: bool = True) -> None:
        super().__init__()
        if isinstance(tools, str) or not set(tools) <= ALL_TOOLS:  # a typo would hide a button without a word
            unknown = [tools] if isinstance(tools, str) else sorted(set(tools) - ALL_TOOLS)
            raise ValueError(f"unknown tools {', '.join(map(repr, unknown))}: the toolbar offers "
                             f"{', '.join(sorted(ALL_TOOLS))} (give a collection of them)")
        persons = session.game.persons(session.settings)
        if len(persons) > 1:  # the second person's turn would wait for ever: no table offers it (a test may still
            # seat several, and move them itself)
            raise ValueError(f"{session.game.id} seats persons at seats {', '.join(map(str, persons))} (its "
                             "seat_players gave None for each): the window plays one person's seat, so give every "
                             "other seat a CPU player")
        self.session = session
        self.presenter = presenter
        self.scene = scene or TableScene(art)
        self.tools = frozenset(tools)
        self.confirm_before_start = confirm_before_start  # Restart/New game ask even before the first move
        self.restart_keeps_deal = restart_keeps_deal
        self.seat = session.human_seats[0] if session.human_seats else 0
        self.ui: Any = presenter.initial_ui()
        self.hint: Hint | None = None
        self.refusal = Text("")
        self.table: Table | None = None
        self.table_observation: Any = None
        relay().done.connect(self._done)
        self._thinking: CpuTurn | None = None
        # a hint on its way: the job, who takes it, and whether it counts among the hints asked for
        self._hinting: tuple[HintJob, Callable[[Hint | None], None], bool] | None = None
        self._analysing: tuple[AnalysisJob, Callable[[], None]] | None = None  # the job and its abandoning
        self._stopped = False
        self.cpu_timer = QTimer(self)
        self.cpu_timer.setSingleShot(True)
        self.cpu_timer.timeout.connect(self._think)
        self._thinking_since = 0.0
        self._told_slow = False  # the player was told the decision on its way is slow
        self.slow_timer = QTimer(self)
        self.slow_timer.setSingleShot(True)
        self.slow_timer.timeout.connect(self._slow)
        self._may_move_by_itself = False  # only right after the person's own move (see MovesByItself)
        self.auto_timer = QTimer(self)
        self.auto_timer.setSingleShot(True)
        self.auto_timer.timeout.connect(self._move_by_itself)
        self.demo = False  # the hint plays the person's moves (see set_demo)
        self.demo_timer = QTimer(self)
        self.demo_timer.setSingleShot(True)
        self.demo_timer.timeout.connect(self._demo_step)
        self.scene.table_event.connect(self.handle)
        self.scene.drop_targets = self.drop_targets
        self.scene.choice_pressed.connect(self.press)
        self._unlisten = session.add_listener(_Listener(self))
        self.refresh(animate=False)

    @property
    def art(self) -> CardArt:
        return self.scene.art

    @art.setter
    def art(self, art: CardArt) -> None:
        self.scene.art = art
        for item in self.scene.cards.values():
            item.art = art
            item.update()

    # -- what the presenter sees ------------------------------------------------------------------

    def situation(self) -> Situation[Any, Any]:
        session = self.session
        hold = session.hold
        mine = session.to_move == self.seat and hold is None and not session.paused
        # an analysis about to start (it starts once the table is drawn) is already under way for the table
        analysing = self._analysing is not None or (not self._stopped and session.analysis_job() is not None)
        return Situation(session.observation(self.seat), tuple(session.legal_moves()) if mine else (), self.seat,
                         session.to_move, hold, self.hint, self.refusal, dict(session.analysis), analysing,
                         session.ply, session.seconds)

    def review(self) -> tuple[Table, ...]:
        """The previous hand's frames, when the presenter replays it (:class:`ReviewsTheLastHand`)."""
        if not isinstance(self.presenter, ReviewsTheLastHand):
            return ()
        return tuple(self.presenter.review(self.session.observation(self.seat)))

    def refresh(self, animate: bool = True) -> None:
        """Ask the presenter for the table and show it; then let a CPU or the analysis run if they may."""
        if self._stopped:
            return
        situation = self.situation()
        self.table_observation = situation.observation  # what the table shows now (sounds compare with it)
        table = self.presenter.table(situation, self.ui)
        if not isinstance(table, Table):  # else an AttributeError from inside the scene
            raise TypeError(f"{type(self.presenter).__name__}.table gave {type(table).__name__}, not a Table")
        self.table = table
        dealt = self.scene.dealt
        self.scene.show_table(self.table, animate)
        if dealt is not None and self.scene.dealt != dealt:  # a new hand (a new game sounds in deal_when_shown)
            self.sound.emit("deal")
        self.changed.emit()
        self._schedule()

    def after_move(self, seat: int, played: bool = False) -> None:
        """A move was played (``played``) or undone: fresh input state, a sound, the table redrawn."""
        if seat == self.seat:
            self.ui = self.presenter.initial_ui()
            self.refusal = Text("")
            self._may_move_by_itself = played
        self.hint = None
        self._drop_hint()
        self._drop_analysis()
        before = self.table_observation
        self.refresh()
        if played and isinstance(self.presenter, MakesSounds) and before is not None:
            effect = self.presenter.sound(before, self.table_observation)
            if effect in SOUNDS:
                self.sound.emit(effect)

    def after_pause(self, paused: bool) -> None:
        self.scene.set_paused(paused)
        if paused:
            self.hold_cpu()
            self._drop_analysis()
        self.refresh(animate=False)

    def status_text(self) -> str:
        return text(self.table.status) if self.table is not None else ""

    # -- input ------------------------------------------------------------------------------------

    def handle(self, event: Event) -> bool:
        """A table event from the scene (or a key): ask the presenter, then act. True when it was used."""
        if self.session.paused:
            return False
        reply = self.presenter.respond(self.situation(), self.ui, event)
        if not isinstance(reply, Reply):  # (a respond that falls off its end; the conformance kit names it first)
            raise TypeError(f"{type(self.presenter).__name__}.respond gave {reply!r} for {event}, not a Reply: return "
                            "IGNORED for an input that means nothing here")
        if not reply.used:
            return False
        if reply.ui is not None:
            if reply.ui != self.ui:
                self.refusal = Text("")  # the player has moved on: an earlier refusal no longer applies
            self.ui = reply.ui
        if reply.move is not None:
            self.play(reply.move)
        if reply.action is not None:
            self.act(reply.action)
        if reply.move is None:
            self.refresh(animate=False)
        return True

    def drop_targets(self, pile: str, index: int) -> set[str]:
        """The piles card ``index`` of ``pile`` (with the cards over it) may be dragged to now: those where the
        presenter makes the drop a legal move (the scene outlines the one under the dragged cards)."""
        situation = self.situation()
        if not situation.legal or self.table is None:
            return set()
        legal = {self.session.rules.move_text(move) for move in situation.legal}
        return {target.id for target in self.table.piles  # (the scene never drops cards on their own pile)
                if self.presenter.respond(situation, self.ui, Drop(pile, index, target.id)).move in legal}

    def press(self, choice: Choice) -> None:
        """A button: its move, its action, or (neither) the presenter's answer to it."""
        if self.session.paused or not choice.enabled:
            return
        if choice.move is not None:
            self.play(choice.move)
        elif choice.action is not None:
            self.act(choice.action)
        else:
            self.handle(Press(choice.id))

    def play(self, move: str, automatic: bool = False) -> bool:
        """Play a move for the person (``automatic``: the table makes it by itself); a refusal's reason goes on
        the table, where the player acted, and to the status line."""
        if self.session.to_move != self.seat or self.session.paused:
            return False
        try:
            self.session.play(move, automatic=automatic)
        except IllegalMove as error:
            self.refusal = error.text.capitalized()  # a sentence of its own on the table and the status line
            self.refresh(animate=False)
            self.scene.show_refusal(text(self.refusal))
            return False
        return True

    def act(self, action: str) -> None:
        if action not in ACTIONS:
            raise ValueError(f"unknown table action '{action}'")
        if action == "continue":
            self.session.acknowledge()
        else:
            self.action_requested.emit(action)

    def key_press(self, key: int, key_text: str) -> bool:
        """A key pressed on the table: a button's key, the cursor, or the presenter. True when used."""
        name = key_name(key, key_text)
        if not name or self.session.paused:
            return False
        self.scene.key_pressed()
        if self.table is not None:
            choice = next((c for c in self.table.all_choices() if c.key == name and c.enabled), None)
            if choice is not None:
                self.press(choice)
                return True
        cursor = self.scene.cursor
        if self.handle(Key(name, cursor)):
            return True
        if name in ARROWS:
            self.scene.move_cursor(name)
            return True
        if name in ("Enter", "Space") and cursor is not None:
            ply = self.session.ply
            used = self.handle(Click(cursor[0], cursor[1]))
            if used and self.session.ply == ply and not self.refusal.en:
                self.scene.speak_cursor()  # no move: the card was picked up or put down, and says so
            return used
        if name == "Escape":
            self.scene.hide_cursor()
            return True
        return False

    def ask_hint(self, answer: Callable[[Hint | None], None], counted: bool = True) -> None:
        """Work out the game's hint for the person's turn and hand it to ``answer`` (None when the game has none,
        or it is not the person's turn). A hint that comes within ``HINT_WAIT_MS`` is handed over at once; a slower
        one is waited for on a worker thread while the window answers (the table says a hint is being looked for),
        and dropped if the position changes or the game pauses meanwhile. One hint at a time: a second asking
        while one is on its way is ignored. ``counted`` counts it among the hints asked for."""
        session = self.session
        if self._hinting is not None:
            if self._hinting[0].slow:  # said again: the key that asked took the words away
                self.scene.show_refusal(tr("hint_looking"))
            return
        ask = hint_question(session.game, session.state) if session.can_hint() else None
        if ask is None:
            answer(None)
            return
        job = HintJob(session.state, ask)
        self._hinting = (job, answer, counted)
        run_in_background(job, job.run)
        if job.done.wait(HINT_WAIT_MS / 1000):
            self._hint_done(job)
        elif self._hinting is not None and self._hinting[0] is job:
            job.slow = True
            self.scene.show_refusal(tr("hint_looking"))

    def _hint_done(self, job: HintJob) -> None:
        if self._hinting is None or self._hinting[0] is not job:
            return  # handed over already, or dropped
        _, answer, counted = self._hinting
        self._hinting = None
        if job.slow:
            self.scene.hide_refusal()
        if job.error is not None:
            self.failed.emit(job.error)
            return
        session = self.session
        if session.state is not job.state or not session.can_hint():
            self._schedule()  # the position moved on (the demo asks again)
            return
        if job.hint is not None and counted:
            session.count_hint()
        answer(job.hint)

    def show_hint(self, hint: Hint | None) -> None:
        """Show ``hint`` on the table. Cards picked up or an option armed (Euchre's "alone") are put down
        first, so the hint's move is the one the next click on it makes; a presenter that picks the hint's
        cards up (:class:`PicksUpTheHint`) is handed them."""
        self.hint = hint
        if hint is not None:
            self.refusal = Text("")
            self.ui = self.presenter.initial_ui()
            if isinstance(self.presenter, PicksUpTheHint):
                self.ui = self.presenter.hint_ui(self.situation(), hint)
        self.refresh(animate=False)

    # -- CPU seats and background analysis ----------------------------------------------------------

    def _schedule(self) -> None:
        session = self.session
        if self._stopped or session.paused:
            return
        if self._thinking is None and not self.cpu_timer.isActive() and session.cpu_turn() is not None:
            self.cpu_timer.start(animation.cpu_delay_ms())
        if self._auto_move() is not None and not self.auto_timer.isActive():
            self.auto_timer.start(animation.cpu_delay_ms())
        if self.demo and not self.demo_timer.isActive():
            if session.is_over:
                self.set_demo(False)
                self.demo_ended.emit(None)
            elif session.hold is not None:
                self.demo_timer.start(animation.hold_read_ms())
            elif session.can_hint():
                self.demo_timer.start(animation.cpu_delay_ms())
        if self._analysing is None:
            job = session.analysis_job()
            if job is not None:
                self._analysing = (job, analyse_in_background(job))

    def _auto_move(self) -> str | None:
        session = self.session
        if (not self._may_move_by_itself or not isinstance(self.presenter, MovesByItself) or session.paused
                or session.hold is not None or session.to_move != self.seat):
            return None
        return self.presenter.auto_move(self.situation())

    def _move_by_itself(self) -> None:
        move = self._auto_move()  # asked again: the position may have changed since the timer started
        if move is None or self._stopped:
            return
        if move not in {self.session.rules.move_text(legal) for legal in self.session.legal_moves()}:
            # the presenter's fault, not the person's: no refusal shown for a move they did not make, and not
            # tried again and again (it was, twice a second, each time refused on the table) until they move
            self._may_move_by_itself = False
            print(f"cardtable: {type(self.presenter).__name__}.auto_move gave {move!r}, which is not a legal move "
                  "now: the table does not move by itself until the person moves", file=sys.stderr)
            return
        self.play(move, automatic=True)

    def set_demo(self, on: bool) -> None:
        """The demo: the game's hint plays the person's moves at the CPU players' pace, and a moment the table
        holds is read for a while and passed, until the game is over, the hint has no move, or the player stops
        it (any input on the table does). Counted once among the hints asked for."""
        if on == self.demo or self._stopped or (on and (self.session.is_over or self.session.game.hint is None)):
            return
        self.demo = on
        self.demo_timer.stop()
        if on:
            self.session.count_hint()
            self.hint = None
            self.ui = self.presenter.initial_ui()  # cards picked up are put down: the demo moves them
            self.refresh(animate=False)
        self.changed.emit()

    def _demo_step(self) -> None:
        session = self.session
        if not self.demo or self._stopped or session.paused:
            return
        dealing = self.scene.dealing_ms()
        if dealing > 0:
            self.demo_timer.start(dealing + animation.cpu_delay_ms() // 2)
            return
        if session.hold is not None:
            session.acknowledge()
            return
        if not session.can_hint():
            self._schedule()  # a CPU's turn: the demo waits for the person's
            return
        self.ask_hint(self._demo_play, counted=False)

    def _demo_play(self, hint: Hint | None) -> None:
        if not self.demo or self._stopped:
            return
        if hint is None or not hint.move:
            self.set_demo(False)
            self.show_hint(hint)
            self.demo_ended.emit(hint)
        elif not self.play(hint.move):  # a hint the rules refuse (a plugin's bug): said on the table, not retried
            self.set_demo(False)
            self.demo_ended.emit(hint)

    def _think(self) -> None:
        turn = self.session.cpu_turn()
        if turn is None or self._thinking is not None:
            return
        dealing = self.scene.dealing_ms()
        if dealing > 0:  # the cards are still being dealt: the CPU waits until they lie
            self.cpu_timer.start(dealing + animation.cpu_delay_ms() // 2)
            return
        self._thinking = turn
        self._thinking_since = time.monotonic()
        self.slow_timer.start(SLOW_CPU_MS)
        run_in_background(turn, turn.decide)

    def _slow(self) -> None:
        turn = self._thinking
        if turn is None or self._stopped:
            return
        self._told_slow = True
        game = self.session.game
        player = self.session.players[turn.seat]
        print(f"cardtable: {game.id}'s CPU player {player!r} ({type(turn.strategy).__module__}."
              f"{type(turn.strategy).__qualname__}) has not chosen a move in {SLOW_CPU_MS // 1000} s, at ply "
              f"{self.session.ply}", file=sys.stderr)
        self.cpu_slow.emit(turn.seat, SLOW_CPU_MS // 1000)

    def _end_slow(self, seat: int, answered: bool) -> None:
        self.slow_timer.stop()
        if self._told_slow:
            self._told_slow = False
            seconds = time.monotonic() - self._thinking_since
            if answered:
                print(f"cardtable: {self.session.game.id}'s CPU player {self.session.players[seat]!r} chose after "
                      f"{seconds:.1f} s", file=sys.stderr)
            self.cpu_slow_over.emit(seat, seconds if answered else None)

    def _done(self, job: object, result: Any, error: BaseException | None) -> None:
        if self._stopped:
            return
        if isinstance(job, CpuTurn):
            self._cpu_done(job, result, error)
        elif isinstance(job, HintJob):
            self._hint_done(job)  # (what it gave, the job holds)
        elif isinstance(job, AnalysisJob):
            if error is not None:
                raise error
            self._analysis_done(job, result)

    def _cpu_done(self, turn: CpuTurn, move: Any, error: BaseException | None) -> None:
        if turn is not self._thinking:
            return  # dropped: paused, undone or restarted meanwhile, or another view's
        self._thinking = None
        if error is not None:
            self._end_slow(turn.seat, answered=False)
            self.failed.emit(error)
            return
        try:
            played = self.session.finish_cpu_turn(turn, move)
        except Exception as failure:
            self._end_slow(turn.seat, answered=False)
            self.failed.emit(failure)
            return
        self._end_slow(turn.seat, answered=played is not None)
        if played is None:
            self._schedule()

    def hold_cpu(self) -> None:
        """No CPU move (nor the demo's) until the table asks again: a decision on its way is dropped, and so is a
        hint."""
        self.cpu_timer.stop()
        self.demo_timer.stop()
        if self._thinking is not None:
            self._end_slow(self._thinking.seat, answered=False)
        self._thinking = None
        self._drop_hint()

    def _drop_hint(self) -> None:
        """A hint on its way is for a position gone (or one paused): not waited for, so the next asking is heard."""
        if self._hinting is not None:
            if self._hinting[0].slow:
                self.scene.hide_refusal()
            self._hinting = None

    def _analysis_done(self, job: AnalysisJob, verdict: Any) -> None:
        if self._analysing is None or self._analysing[0] is not job:
            return
        self._analysing = None
        if not self.session.finish_analysis(job, verdict):
            self.refresh(animate=False)

    def _drop_analysis(self) -> None:
        if self._analysing is not None:
            self._analysing[1]()
            self._analysing = None

    # -- the page's calls -------------------------------------------------------------------------

    def deal_when_shown(self) -> None:
        """Deal the cards out once the table is laid out in the window (a new game's first deal), with the
        deal's sound."""
        self.scene.deal_when_laid_out = animation.enabled()
        self.sound.emit("deal")

    def layout(self, width: float, height: float) -> None:
        self.scene.resize(width, height)

    def set_paused(self, paused: bool) -> None:
        self.session.set_paused(paused)

    def retranslate(self) -> None:
        self.refresh(animate=False)

    def stop(self) -> None:
        """The player left the game: no more CPU moves, analysis or redraws."""
        self._stopped = True
        self.auto_timer.stop()
        self.hold_cpu()  # the CPU's timer and the demo's
        self._drop_analysis()
        self._unlisten()
        relay().done.disconnect(self._done)
        self.scene.dispose()
