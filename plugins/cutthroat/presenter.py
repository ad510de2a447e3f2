"""The two- and three-handed tables from South's observation, on Euchre's table: two seats facing each other,
or three (South, West, East) round it; your hand at the bottom, the others' backs, the upcard by the dealer,
each bid in a bubble until play starts; buttons to order up (or take up) and pass, then the three other
suits; discards and plays by click or keys 1–6; a hint's reason above the hand with its card or button
outlined; holds for a finished trick, a hand's summary and the match result; the last hand replayed trick by
trick."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from core import table as t
from core.plugin import Button, Card, CardFace, Hold, Mark, Pile, Reply, Situation, Suit, Table, Text, counted
from plugins.cutthroat.observe import HandSummary, Observation
from plugins.cutthroat.rules import TRICKS, Move, Phase
from plugins.cutthroat.words import PLAYERS, W
from plugins.euchre.public import (
    Ranking,
    Trick,
    about_previous,
    continues,
    layout,
    review_frames,
    sort_hand,
    trick_sound,
)

CutSituation = Situation[Observation, Move]
NEXT = Button("next", W["next"], "Space", action="continue")
# where each seat sits on Euchre's four-seat layout, by the number of players
SPOTS = {2: (0, 2), 3: (0, 1, 3)}


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
    players = PLAYERS[len(prev.scores)]
    who, suit = players[prev.maker], prev.trump.symbol
    if taken < 3:
        few = W["taken_none"] if taken == 0 else counted(taken, W["taken_one"], W["taken_few"])
        if len(players) == 2:  # one opponent takes the two points
            return W["euchred_by"].format(player=who, suit=suit, taken=few, other=players[1 - prev.maker])
        return W["euchred"].format(player=who, suit=suit, taken=few)
    if taken == TRICKS:
        return W["march"].format(player=who, suit=suit, pts=prev.points[prev.maker])
    return W["made"].format(player=who, suit=suit, n=taken, pts=prev.points[prev.maker])


def listing(values: tuple[int, ...], names: tuple[Text, ...] | None = None) -> Text:
    """``3 — 1 — 0``, or with names ``You 3 · West 1 · East 0``."""
    if names is None:
        return Text(" — ".join(str(v) for v in values))
    text = names[0] + f" {values[0]}"
    for name, value in zip(names[1:], values[1:], strict=True):
        text = text + " · " + name + f" {value}"
    return text


def _said(text: str) -> Text:
    if text == "order":
        return W["said_order"]
    if text.startswith("call"):
        return W["said_call"].format(suit=Suit(text[-1]).symbol)
    return W["said_pass"]


class CutthroatPresenter:
    """South's table (see :class:`core.table.Presenter`)."""

    def initial_ui(self) -> NoUi:
        return NoUi()

    def sound(self, before: Observation, after: Observation) -> str | None:
        return trick_sound(before, after, after.winner == 0)

    def table(self, s: CutSituation, ui: NoUi) -> Table:
        obs = s.observation
        prev = obs.previous
        if prev is not None and about_previous(s.hold, obs.hand_number, obs.over):
            return self._past(s, prev)
        legal = {m.text for m in s.legal}
        n = obs.format.players
        spot = SPOTS[n]
        held = obs.tricks[-1] if s.hold is not None and obs.tricks else None
        hint = s.hint if s.hold is None else None
        south = self._south(obs, legal, held is None, hint.move if hint else None)
        piles = [south, *self._backs(obs)]
        if obs.phase in (Phase.BID1, Phase.BID2):
            piles.append(layout.upcard_pile(spot[obs.dealer], obs.upcard if obs.phase == Phase.BID1 else None))
        plays = held.plays if held else obs.current
        piles += layout.trick_piles([(spot[seat], card) for seat, card in plays],
                                    spot[held.winner] if held else None)
        piles += layout.play_spot(south, obs.phase == Phase.DISCARD)
        labels = self._seat_labels(n, obs.dealer, obs.maker, obs.tricks, obs.turn)
        if obs.phase in (Phase.BID1, Phase.BID2):
            labels += [layout.speech(spot[seat], W["said_take"] if text == "order" and seat == obs.dealer
                                     else _said(text)) for seat, text in obs.bids]
        labels.append(self._panel(obs.scores, obs.target, obs.tricks, obs.trump, obs.maker))
        if hint is not None:
            labels.append(layout.hint_label(hint.reason))
        hold = Hold(W["trick_won"].format(seat=PLAYERS[n][held.winner]), (), (NEXT,), *layout.TRICK_HOLD) \
            if held else None
        choices = () if hold else tuple(replace(c, hinted=True) if hint is not None and c.move == hint.move else c
                                        for c in self._choices(obs, s.legal))
        return Table(layout.WIDTH, layout.HEIGHT, tuple(piles), tuple(labels), choices, layout.CHOICES_AT, hold,
                     self._status(s, legal), layout.deck(spot[obs.dealer], obs.hand_number))

    def _south(self, obs: Observation, legal: set[str], live: bool, hint: str | None) -> Pile:
        acting = live and any(text.startswith(("play", "discard")) for text in legal)
        faces = []
        for card in south_cards(obs):
            usable = acting and (f"play {card.text}" in legal or f"discard {card.text}" in legal)
            marks = {Mark.PLAYABLE} if usable else {Mark.DIMMED} if acting else set()
            if hint is not None and hint.endswith(f" {card.text}"):
                marks.add(Mark.HINTED)
            faces.append(CardFace(card.text, frozenset(marks), layout.trump_badge(card, obs.trump)))
        return layout.hand_pile(0, len(faces), faces, playing=acting)

    @staticmethod
    def _backs(obs: Observation) -> list[Pile]:
        """The other players' hands, face down: five cards less those played (six while a dealer discards)."""
        plays = [p for trick in obs.tricks for p in trick.plays] + list(obs.current)
        piles = []
        for seat in range(1, obs.format.players):
            extra = 1 if obs.phase == Phase.DISCARD and obs.dealer == seat else 0
            count = 5 + extra - sum(1 for s, _ in plays if s == seat)
            piles.append(layout.hand_pile(SPOTS[obs.format.players][seat], count))
        return piles

    @staticmethod
    def _seat_labels(n: int, dealer: int, maker: int | None, tricks: Sequence[Trick],
                     turn: int | None) -> list[t.Label]:
        labels = []
        for seat in range(n):
            tags = [PLAYERS[n][seat]]
            if seat == dealer:
                tags.append(W["dealer"])
            if seat == maker:
                tags.append(W["maker"])
            won = sum(1 for trick in tricks if trick.winner == seat)
            if won:
                tags.append(counted(won, W["trick_tag"], W["tricks_tag"]))
            text = tags[0]
            for tag in tags[1:]:
                text = text + " · " + tag
            labels.append(layout.seat_label(SPOTS[n][seat], text, turn == seat))
        return labels

    @staticmethod
    def _panel(scores: tuple[int, ...], target: int, tricks: Sequence[Trick], trump: Suit | None,
               maker: int | None) -> t.Label:
        n = len(scores)
        won = tuple(sum(1 for trick in tricks if trick.winner == seat) for seat in range(n))
        names = PLAYERS[n][0]
        for name in PLAYERS[n][1:]:
            names = names + " — " + name
        # at three, West's name stands just below the sheet: a line fewer leaves the sheet room to grow (Table text)
        score = [W["panel_score_to"].format(list=listing(scores), n=target)] if n == 3 else \
            [W["panel_score"].format(list=listing(scores)), W["panel_target"].format(n=target)]
        lines = [names, *score, W["panel_tricks"].format(list=listing(won))]
        if trump is not None and maker is not None:
            lines.append(W["panel_trump"].format(suit=trump.symbol, seat=PLAYERS[n][maker]))
        else:
            lines.append(W["panel_no_trump"])
        return layout.panel(lines)

    def _past(self, s: CutSituation, prev: HandSummary) -> Table:
        """The hand that ended: its last trick, then its summary, then the match result."""
        assert s.hold is not None
        n = len(prev.scores)
        spot = SPOTS[n]
        trick_hold = s.hold.startswith("trick:")
        piles = [layout.hand_pile(spot[seat], 0) for seat in range(n)]
        if trick_hold:
            last = prev.tricks[-1]
            piles += layout.trick_piles([(spot[seat], card) for seat, card in last.plays], spot[last.winner])
        labels = self._seat_labels(n, prev.dealer, prev.maker, prev.tricks, None)
        labels.append(self._panel(prev.scores_before if trick_hold else prev.scores, s.observation.target,
                                  prev.tricks, prev.trump, prev.maker))
        lines = (W["tricks_line"].format(list=listing(prev.tricks_won(), PLAYERS[n])),
                 W["score_line"].format(list=listing(prev.scores, PLAYERS[n]), target=s.observation.target))
        if trick_hold:
            hold = Hold(W["trick_won"].format(seat=PLAYERS[n][prev.tricks[-1].winner]), (), (NEXT,),
                        *layout.TRICK_HOLD)
        elif s.hold == "match":
            winner = s.observation.winner or 0
            score = "–".join(str(v) for v in sorted(prev.scores, reverse=True))
            title = W["match_you"].format(score=score) if winner == 0 \
                else W["match_other"].format(player=PLAYERS[n][winner], score=score)
            hold = Hold(title, (result_words(prev), counted(prev.number + 1, W["match_line_one"], W["match_line"])),
                        (Button("again", W["again"], "Enter", action="new"), Button("back", W["back"], action="back")),
                        *layout.CENTRE)
        else:
            hold = Hold(result_words(prev), lines if prev.maker is not None else lines[1:], (NEXT,), *layout.CENTRE)
        return Table(layout.WIDTH, layout.HEIGHT, tuple(piles), tuple(labels), (), layout.CHOICES_AT, hold,
                     W["read_match"] if s.hold == "match" else W["read"])

    # -- the last hand, trick by trick ---------------------------------------------------------------

    def review(self, obs: Observation) -> tuple[Table, ...]:
        """The previous hand as everyone saw it (its public record in the observation): the upcard and the
        bidding, each trick with its winner, then the result; your own cards as they were, nobody else's."""
        prev = obs.previous
        if prev is None:
            return ()
        n = len(prev.scores)
        spot = SPOTS[n]

        def dress(step: int, bidding: bool, finished: bool) -> tuple[list[Pile], list[t.Label]]:
            done = prev.tricks[:step]
            labels = self._seat_labels(n, prev.dealer, prev.maker, done, None)
            if bidding:
                labels += [layout.speech(spot[seat], W["said_take"] if text == "order" and seat == prev.dealer
                                         else _said(text)) for seat, text in dict(prev.log).items()]
            labels.append(self._panel(prev.scores if finished else prev.scores_before, obs.target, done, prev.trump,
                                      prev.maker))
            return [layout.upcard_pile(spot[prev.dealer], prev.upcard)] if bidding else [], labels

        made = W["panel_trump"].format(suit=prev.trump.symbol, seat=PLAYERS[n][prev.maker]) \
            if prev.trump is not None and prev.maker is not None else W["thrown_in"]
        result = result_words(prev)
        if prev.tricks:
            result = result + Text(" · ") + W["tricks_line"].format(list=listing(prev.tricks_won(), PLAYERS[n]))
        return review_frames(prev.tricks, prev.held, spot, PLAYERS[n], Ranking(prev.trump),
                             W["review_hand"].format(n=prev.number + 1) + made, result, dress, dealt=prev.dealt)

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
    def _status(s: CutSituation, legal: set[str]) -> Text:
        obs = s.observation
        if s.hold is not None:
            return W["read"]
        if obs.turn is None:
            return Text("")
        n = obs.format.players
        if obs.turn != s.seat or not legal:
            return W["waiting"].format(seat=PLAYERS[n][obs.turn])
        suit = obs.upcard.suit.symbol
        last = W["your_last"] if "pass" in legal else W["your_stuck"]
        prompt = {Phase.BID1: W["your_take"].format(suit=suit) if obs.seat == obs.dealer
                  else W["your_bid1"].format(seat=PLAYERS[n][obs.dealer], suit=suit),
                  Phase.BID2: last if obs.seat == obs.dealer else W["your_bid2"],
                  Phase.DISCARD: W["your_discard"], Phase.PLAY: W["your_play"]}.get(obs.phase, Text(""))
        return prompt + (Text(" ") + s.refusal if s.refusal.en else Text(""))

    def respond(self, s: CutSituation, ui: NoUi, event: t.Event) -> Reply[NoUi]:
        key = event.name if isinstance(event, t.Key) else ""
        if s.hold is not None:
            return Reply(action="continue") if continues(s.hold, event) else t.IGNORED
        obs = s.observation
        if key == "H" and obs.phase in (Phase.PLAY, Phase.DISCARD):
            return Reply(action="hint")  # while bidding, H names hearts
        if not s.legal or obs.phase not in (Phase.PLAY, Phase.DISCARD):
            return t.IGNORED
        index = layout.card_chosen(event)
        if len(key) == 1 and key in "123456":
            index = int(key) - 1
        cards = south_cards(obs)
        if index is not None and 0 <= index < len(cards):
            kind = "discard" if obs.phase == Phase.DISCARD else "play"
            return Reply(move=f"{kind} {cards[index].text}")
        return t.IGNORED
