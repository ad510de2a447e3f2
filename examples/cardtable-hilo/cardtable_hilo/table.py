"""The Higher-or-Lower table as data: the cards turned so far, the current card, two buttons (H and L)."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable_hilo.rules import Observation
from core.plugin import IGNORED, Button, CardFace, Event, Label, Pile, Reply, Situation, Style, Table, Text

HiLoSituation = Situation[Observation, str]


@dataclass(frozen=True)
class NoUi:
    """This table keeps no state of its own."""


class HiLoPresenter:
    def initial_ui(self) -> NoUi:
        return NoUi()

    def table(self, s: HiLoSituation, ui: NoUi) -> Table:
        obs = s.observation
        seen = Pile("seen", 0.3, 0.3, tuple(CardFace(c.text) for c in obs.seen[:-1]), (0.35, 0.0), scale=0.6,
                    name=Text("Cards turned before", "これまでの札"))
        current = Pile("current", 3.3, 1.9, (CardFace(obs.current.text),), scale=1.4,
                       name=Text("The current card", "今の札"))
        score = Text("{n} right of {goal}", "{goal} 回中 {n} 回正解").format(n=obs.right, goal=obs.goal)
        label = Label("score", score, 4.0, 1.75, "s", Style.TITLE, 0.35)
        mine = bool(s.legal)
        buttons = (Button("higher", Text("Higher", "上"), "H", "higher", enabled=mine),
                   Button("lower", Text("Lower", "下"), "L", "lower", enabled=mine))
        if s.hint:
            status = Text("Hint: {move} ({why})", "ヒント: {move}（{why}）").format(move=s.hint.move, why=s.hint.reason)
        elif s.to_move is None:
            status = Text("Game over: New game to play again.", "終了: 「新しいゲーム」でもう一度。")
        else:
            status = s.refusal
        return Table(8.0, 5.0, (seen, current), (label,), buttons, (4.0, 4.55), status=status)

    def respond(self, s: HiLoSituation, ui: NoUi, event: Event) -> Reply[NoUi]:
        return IGNORED  # the buttons carry the moves and their keys
