"""Two-handed Euchre's table from South's observation, on Euchre's table with two seats facing each other:
your hand at the bottom, North's backs at the top, the upcard by the dealer, each bid in a bubble until play
starts; buttons to order up (or take up) and pass, then the three other suits; discards and plays by click
or keys 1–6; holds for a finished trick, a hand's summary and the match result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core import table as t
from core.plugin import Button, Card, CardFace, Hold, Mark, Pile, Reply, Situation, Suit, Table, Text
from plugins.euchre.public import Ranking, Trick, layout, sort_hand, trick_sound
from plugins.two_handed.observe import HandSummary, Observation
from plugins.two_handed.rules import TRICKS, Move, Phase
from plugins.two_handed.words import PLAYERS, SEATS, W

TwoSituation = Situation[Observation, Move]
NEXT = Button("next", W["next"], "Space", action="continue")
SPOT = (0, 2)  # where each seat sits on Euchre's four-seat layout: South at the bottom, North at the top


@dataclass(frozen=True)
class NoUi:
    """The table keeps no state of its own."""


def south_cards(obs: Observation) -> list[Card]:
    """South's hand in display order (keys 1–6 count from the left)."""
    return sort_hand(obs.hand, Ranking(obs.trump))


def result_words(prev: HandSummary) -> Text:
    if prev.maker is None or prev.trump is None:
        return W["thrown_in"]
    taken = prev.tricks_won()[prev.maker]
    who, suit = PLAYERS[prev.maker], prev.trump.symbol
    if taken < 3:
        return W["euchred"].format(player=who, suit=suit, n=taken)
    if taken == TRICKS:
        return W["march"].format(player=who, suit=suit)
    return W["made"].format(player=who, suit=suit, n=taken, pts=prev.points[prev.maker])


def _said(text: str) -> Text:
    if text == "order":
        return W["said_order"]
    if text.startswith("call"):
        return W["said_call"].format(suit=Suit(text[-1]).symbol)
    return W["said_pass"]


class TwoHandedPresenter:
    """South's table (see :class:`core.table.Presenter`)."""

    def initial_ui(self) -> NoUi:
        return NoUi()

    def sound(self, before: Observation, after: Observation) -> str | None:
        return trick_sound(before, after, after.winner == 0)

    def table(self, s: TwoSituation, ui: NoUi) -> Table:
        obs = s.observation
        prev = obs.previous
        if s.hold is not None and prev is not None and (s.hold.startswith(("hand:", "match")) or obs.over
                                                        or int(s.hold.split(":")[1]) != obs.hand_number):
            return self._past(s, prev)
        legal = {m.text for m in s.legal}
        held = obs.tricks[-1] if s.hold is not None and obs.tricks else None
        piles = [self._south(obs, legal, held is None), self._north(obs)]
        if obs.phase in (Phase.BID1, Phase.BID2):
            piles.append(layout.upcard_pile(SPOT[obs.dealer], obs.upcard if obs.phase == Phase.BID1 else None))
        plays = held.plays if held else obs.current
        piles += layout.trick_piles([(SPOT[seat], card) for seat, card in plays],
                                    SPOT[held.winner] if held else None)
        labels = self._seat_labels(obs.dealer, obs.maker, obs.tricks, obs.turn)
        if obs.phase in (Phase.BID1, Phase.BID2):
            labels += [layout.speech(SPOT[seat], W["said_take"] if text == "order" and seat == obs.dealer
                                     else _said(text)) for seat, text in obs.bids]
        labels.append(self._panel(obs.scores, obs.target, obs.tricks, obs.trump, obs.maker))
        hold = Hold(W["trick_won"].format(seat=PLAYERS[held.winner]), (), (NEXT,), *layout.TRICK_HOLD) \
            if held else None
        choices = () if hold else self._choices(obs, s.legal)
        return Table(layout.WIDTH, layout.HEIGHT, tuple(piles), tuple(labels), choices, layout.CHOICES_AT, hold,
                     self._status(s, legal))

    def _south(self, obs: Observation, legal: set[str], live: bool) -> Pile:
        ranking = Ranking(obs.trump)
        acting = live and any(text.startswith(("play", "discard")) for text in legal)
        faces = []
        for card in south_cards(obs):
            usable = acting and (f"play {card.text}" in legal or f"discard {card.text}" in legal)
            marks = frozenset({Mark.PLAYABLE} if usable else {Mark.DIMMED} if acting else set())
            badge = obs.trump.symbol if obs.trump is not None and card == ranking.left_bower else ""
            faces.append(CardFace(card.text, marks, badge))
        return layout.hand_pile(0, len(faces), faces)

    @staticmethod
    def _north(obs: Observation) -> Pile:
        played = sum(1 for trick in obs.tricks for seat, _ in trick.plays if seat == 1) + \
            sum(1 for seat, _ in obs.current if seat == 1)
        extra = 1 if obs.phase == Phase.DISCARD and obs.dealer == 1 else 0  # North holds the upcard for a moment
        return layout.hand_pile(SPOT[1], 5 + extra - played)

    @staticmethod
    def _seat_labels(dealer: int, maker: int | None, tricks: Sequence[Trick], turn: int | None) -> list[t.Label]:
        labels = []
        for seat in (0, 1):
            tags = [SEATS[seat]]
            if seat == dealer:
                tags.append(W["dealer"])
            if seat == maker:
                tags.append(W["maker"])
            won = sum(1 for trick in tricks if trick.winner == seat)
            if won:
                tags.append(W["trick_tag"] if won == 1 else W["tricks_tag"].format(n=won))
            text = tags[0]
            for tag in tags[1:]:
                text = text + " · " + tag
            labels.append(layout.seat_label(SPOT[seat], text, turn == seat))
        return labels

    @staticmethod
    def _panel(scores: tuple[int, int], target: int, tricks: Sequence[Trick], trump: Suit | None,
               maker: int | None) -> t.Label:
        south = sum(1 for trick in tricks if trick.winner == 0)
        lines = [W["panel_players"], W["panel_score"].format(a=scores[0], b=scores[1]),
                 W["panel_target"].format(n=target), W["panel_tricks"].format(a=south, b=len(tricks) - south)]
        if trump is not None and maker is not None:
            lines.append(W["panel_trump"].format(suit=trump.symbol, seat=PLAYERS[maker]))
        else:
            lines.append(W["panel_no_trump"])
        return layout.panel(lines)

    def _past(self, s: TwoSituation, prev: HandSummary) -> Table:
        """The hand that ended: its last trick, then its summary, then the match result."""
        assert s.hold is not None
        trick_hold = s.hold.startswith("trick:")
        piles = [layout.hand_pile(SPOT[seat], 0) for seat in (0, 1)]
        if trick_hold:
            last = prev.tricks[-1]
            piles += layout.trick_piles([(SPOT[seat], card) for seat, card in last.plays], SPOT[last.winner])
        labels = self._seat_labels(prev.dealer, prev.maker, prev.tricks, None)
        labels.append(self._panel(prev.scores_before if trick_hold else prev.scores, s.observation.target,
                                  prev.tricks, prev.trump, prev.maker))
        won = prev.tricks_won()
        lines = (W["tricks_line"].format(a=won[0], b=won[1]),
                 W["score_line"].format(a=prev.scores[0], b=prev.scores[1], target=s.observation.target))
        if trick_hold:
            hold = Hold(W["trick_won"].format(seat=PLAYERS[prev.tricks[-1].winner]), (), (NEXT,),
                        *layout.TRICK_HOLD)
        elif s.hold == "match":
            a, b = max(prev.scores), min(prev.scores)
            title = W["match_won"].format(player=PLAYERS[0], a=a, b=b) if s.observation.winner == 0 \
                else W["match_lost"].format(a=a, b=b)
            hold = Hold(title, (result_words(prev), W["match_line"].format(hands=prev.number + 1)),
                        (Button("again", W["again"], "Enter", action="new"), Button("back", W["back"], action="back")),
                        *layout.CENTRE)
        else:
            hold = Hold(result_words(prev), lines if prev.maker is not None else lines[1:], (NEXT,), *layout.CENTRE)
        return Table(layout.WIDTH, layout.HEIGHT, tuple(piles), tuple(labels), (), layout.CHOICES_AT, hold, W["read"])

    @staticmethod
    def _choices(obs: Observation, moves: Sequence[Move]) -> tuple[Button, ...]:
        texts = {m.text for m in moves}
        choices = []
        if "order" in texts:
            words = W["take"] if obs.seat == obs.dealer else W["order"]
            choices.append(Button("order", words.format(suit=obs.upcard.suit.symbol), obs.upcard.suit.letter,
                                  "order", colour="red" if obs.upcard.is_red else "black"))
        for suit in (m.suit for m in moves if m.kind == "call" and m.suit is not None):
            choices.append(Button(f"call:{suit.letter}", Text(suit.symbol), suit.letter, f"call {suit.letter}",
                                  colour="red" if suit.is_red else "black"))
        if "pass" in texts:
            choices.append(Button("pass", W["pass"], "X", "pass"))
        return tuple(choices)

    @staticmethod
    def _status(s: TwoSituation, legal: set[str]) -> Text:
        obs = s.observation
        if s.hold is not None:
            return W["read"]
        if obs.turn is None:
            return Text("")
        if obs.turn != s.seat or not legal:
            return W["waiting"].format(seat=PLAYERS[obs.turn])
        suit = obs.upcard.suit.symbol
        prompt = {Phase.BID1: W["your_take"].format(suit=suit) if obs.seat == obs.dealer
                  else W["your_bid1"].format(suit=suit),
                  Phase.BID2: W["your_last"] if obs.seat == obs.dealer else W["your_bid2"],
                  Phase.DISCARD: W["your_discard"], Phase.PLAY: W["your_play"]}.get(obs.phase, Text(""))
        return prompt + (Text(" ") + s.refusal if s.refusal.en else Text(""))

    def respond(self, s: TwoSituation, ui: NoUi, event: t.Event) -> Reply[NoUi]:
        key = event.name if isinstance(event, t.Key) else ""
        if s.hold is not None:
            if isinstance(event, t.Click | t.Background) or key in ("Space", "Enter"):
                return Reply(action="continue")
            return t.IGNORED
        obs = s.observation
        if not s.legal or obs.phase not in (Phase.PLAY, Phase.DISCARD):
            return t.IGNORED
        index = event.index if isinstance(event, t.Click) and event.pile == "hand:0" else None
        if len(key) == 1 and key in "123456":
            index = int(key) - 1
        cards = south_cards(obs)
        if index is not None and 0 <= index < len(cards):
            kind = "discard" if obs.phase == Phase.DISCARD else "play"
            return Reply(move=f"{kind} {cards[index].text}")
        return t.IGNORED
