"""Euchre's table from South's observation: the hand, the others' backs, the trick, the bidding as it happens,
the score sheet, the call buttons; a finished trick, a hand's summary and the match result are holds taken
from the observation (the previous hand's public record), so they never mix with the next deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from core import table as t
from core.cards import SUITS, Card, Suit
from core.table import CardFace, Choice, Hold, Mark, Pile, Reply, Situation, Table
from core.text import Text, counted, join
from plugins.euchre import layout
from plugins.euchre.cards import Ranking, sort_hand
from plugins.euchre.holds import about_previous, continues
from plugins.euchre.model import Move, Phase, Trick, partner
from plugins.euchre.observe import HandSummary, Observation
from plugins.euchre.review import review_frames
from plugins.euchre.sounds import trick_sound
from plugins.euchre.words import SEATS, TEAMS, W, bid_words, result_words

BIDDING = (Phase.NAME, Phase.BID1, Phase.BID2, Phase.PICKUP, Phase.DISCARD, Phase.DEFEND)
EuchreSituation = Situation[Observation, Move]


@dataclass(frozen=True)
class EuchreUi:
    alone: bool = False  # "alone" is armed: the next call is made alone


def display_ranking(trump: Suit | None, upcard: Card) -> Ranking:
    """How a hand is sorted: by trump once made, else as if the upcard's suit were trump (no suit for a
    turned-up joker)."""
    if trump is not None:
        return Ranking.of(trump)
    return Ranking.of(None if upcard.is_joker else upcard.suit)


def south_cards(obs: Observation) -> list[Card]:
    """South's hand in display order (keys 1–6 count from the left)."""
    return sort_hand(obs.hand, display_ranking(obs.trump, obs.upcard))


class EuchrePresenter:
    """South's table (see :class:`core.table.Presenter`)."""

    def initial_ui(self) -> EuchreUi:
        return EuchreUi()

    # -- the table --------------------------------------------------------------------------------

    def table(self, s: EuchreSituation, ui: EuchreUi) -> Table:
        obs = s.observation
        past = obs.previous if about_previous(s.hold, obs.hand_number, obs.over) else None
        if past is not None:
            return self._past(s, past)
        legal = [m.text for m in s.legal]
        held = obs.tricks[-1] if s.hold is not None and obs.tricks else None
        hint = s.hint if s.hold is None else None
        south = self._south(obs, legal, held is None, hint.move if hint else None)
        piles = [south, *self._backs(obs)]
        piles += layout.trick_piles(held.plays if held else obs.current, held.winner if held else None)
        piles += layout.play_spot(south, obs.phase == Phase.DISCARD)
        if obs.phase in (Phase.NAME, Phase.BID1, Phase.PICKUP, Phase.BID2) and not obs.tricks:
            piles.append(layout.upcard_pile(obs.dealer, obs.upcard if obs.upcard_fate != "down" else None))
        labels = layout.seat_labels(obs.dealer, obs.maker, obs.alone, obs.defender_alone, obs.tricks, obs.turn)
        if obs.phase in BIDDING:
            said = {seat: text for seat, text in obs.bids}
            labels += [layout.speech(seat, bid_words(text)) for seat, text in said.items()]
        labels.append(layout.score_sheet(obs.scores, obs.options.target, obs.tricks, obs.trump, obs.maker))
        if obs.phase == Phase.NAME:
            note = W["joker_note_you"] if obs.dealer == s.seat else W["joker_note"].format(seat=SEATS[obs.dealer])
            labels.append(layout.upcard_note(obs.dealer, note))
        if hint is not None:
            labels.append(layout.hint_label(hint.reason))
        hold = self._trick_hold(held) if held else None
        choices = () if hold else self._hinted(self._choices(obs, s.legal, ui), hint.move if hint else None)
        return Table(layout.WIDTH, layout.HEIGHT, tuple(piles), tuple(labels), choices, layout.CHOICES_AT, hold,
                     self._status(s, ui, legal), layout.deck(obs.dealer, obs.hand_number))

    def _south(self, obs: Observation, legal: list[str], live: bool, hint: str | None) -> Pile:
        if obs.phase == Phase.NAME and obs.dealer == obs.seat:  # naming trump blind: the hand stays face down
            return layout.hand_pile(0, 5, [CardFace(None) for _ in range(5)])
        choosing = live and any(t.startswith(("play", "discard")) for t in legal)
        faces = []
        for card in south_cards(obs):
            playable = live and (f"play {card.text}" in legal or f"discard {card.text}" in legal)
            marks = {Mark.PLAYABLE} if playable else {Mark.DIMMED} if choosing else set()
            if hint is not None and hint.endswith(f" {card.text}"):
                marks.add(Mark.HINTED)
            faces.append(CardFace(card.text, frozenset(marks), layout.trump_badge(card, obs.trump)))
        return layout.hand_pile(0, len(faces), faces, frozenset({Mark.SITTING_OUT}) if 0 in obs.sitting_out else
                                frozenset(), playing=choosing)

    @staticmethod
    def _backs(obs: Observation) -> list[Pile]:
        played = [sum(1 for t in obs.tricks for s, _ in t.plays if s == seat) +
                  sum(1 for s, _ in obs.current if s == seat) for seat in range(4)]
        piles = []
        for seat in (1, 2, 3):
            count = 5 - played[seat] + (1 if obs.phase == Phase.DISCARD and seat == obs.dealer else 0)
            out = frozenset({Mark.SITTING_OUT}) if seat in obs.sitting_out else frozenset()
            piles.append(layout.hand_pile(seat, count, marks=out))
        return piles

    @staticmethod
    def _trick_hold(trick: Trick) -> Hold:
        next_button = Choice("next", W["next"], "Space", action="continue")
        x, y = layout.TRICK_HOLD
        return Hold(W["trick_won"].format(seat=SEATS[trick.winner]), (), (next_button,), x, y)

    def _past(self, s: EuchreSituation, prev: HandSummary) -> Table:
        """The previous hand as it ended: its last trick, then its summary, then the match's result."""
        assert s.hold is not None
        obs = s.observation
        trick_hold = s.hold.startswith("trick:")
        out = {partner(seat) for seat in (prev.alone, prev.defender_alone) if seat is not None}
        faded = frozenset({Mark.SITTING_OUT})
        piles = [layout.hand_pile(seat, 5 if seat in out and seat else 0, marks=faded) for seat in range(4)]
        if trick_hold:
            piles += layout.trick_piles(prev.tricks[-1].plays, prev.tricks[-1].winner)
        labels = layout.seat_labels(prev.dealer, prev.maker, prev.alone, prev.defender_alone, prev.tricks, None)
        scores = prev.scores_before if trick_hold else prev.scores
        labels.append(layout.score_sheet(scores, obs.options.target, prev.tricks, prev.trump, prev.maker))
        if trick_hold:
            hold = self._trick_hold(prev.tricks[-1])
        elif s.hold == "match":
            team = 0 if prev.scores[0] > prev.scores[1] else 1
            hold = Hold(W["match_won"].format(team=TEAMS[team], a=max(prev.scores), b=min(prev.scores)),
                        (result_words(prev), counted(prev.number + 1, W["match_line_one"], W["match_line"])),
                        (Choice("again", W["again"], "Enter", action="new"), Choice("back", W["back"], action="back")),
                        *layout.CENTRE)
        else:
            lines: tuple[Text, ...] = ()
            if not prev.thrown_in and prev.maker is not None and prev.trump is not None:
                ns = prev.tricks_won()[0]
                alone = W["alone_suffix"] if prev.alone is not None else Text("")
                lines = (W["trump_line"].format(suit=prev.trump.symbol, seat=SEATS[prev.maker], alone=alone),
                         W["tricks_line"].format(a=ns, b=5 - ns))
            lines += (W["score_line"].format(a=prev.scores[0], b=prev.scores[1], target=obs.options.target),)
            hold = Hold(result_words(prev), lines, (Choice("next", W["next"], "Space", action="continue"),),
                        *layout.CENTRE)
        return Table(layout.WIDTH, layout.HEIGHT, tuple(piles), tuple(labels), (), layout.CHOICES_AT, hold,
                     W["read_match"] if s.hold == "match" else W["read"])

    def sound(self, before: Observation, after: Observation) -> str | None:
        we_won = after.previous is not None and after.previous.scores[0] > after.previous.scores[1]
        return trick_sound(before, after, we_won)

    # -- the last hand, trick by trick ---------------------------------------------------------------

    def review(self, obs: Observation) -> tuple[Table, ...]:
        """The previous hand as everyone saw it (its public record in the observation): the bidding, each
        trick with its winner, then the result; your own cards as they were, nobody else's."""
        prev = obs.previous
        if prev is None:
            return ()

        def dress(step: int, bidding: bool, finished: bool) -> tuple[list[Pile], list[t.Label]]:
            done = prev.tricks[:step]
            labels = layout.seat_labels(prev.dealer, prev.maker, prev.alone, prev.defender_alone, done, None)
            if bidding:
                labels += [layout.speech(seat, bid_words(text)) for seat, text in dict(prev.bids).items()]
            labels.append(layout.score_sheet(prev.scores if finished else prev.scores_before, obs.options.target,
                                             done, prev.trump, prev.maker))
            return [layout.upcard_pile(prev.dealer, prev.upcard)] if bidding else [], labels

        number = W["review_hand"].format(n=prev.number + 1)
        if prev.thrown_in or prev.maker is None or prev.trump is None:
            bidding = number + W["thrown_in"]
        else:
            alone = W["alone_suffix"] if prev.alone is not None else Text("")
            bidding = number + W["trump_line"].format(suit=prev.trump.symbol, seat=SEATS[prev.maker], alone=alone)
        ns = prev.tricks_won()[0]
        result = result_words(prev) + Text(" · ") + W["tricks_line"].format(a=ns, b=len(prev.tricks) - ns)
        out = {partner(seat) for seat in (prev.alone, prev.defender_alone) if seat is not None}
        return review_frames(prev.tricks, prev.held, (0, 1, 2, 3), SEATS, display_ranking(prev.trump, prev.upcard),
                             bidding, result, dress, out, dealt=prev.dealt)

    def _choices(self, obs: Observation, legal: Sequence[Move], ui: EuchreUi) -> tuple[Choice, ...]:
        texts = {m.text for m in legal}
        choices = []
        alone = " alone" if ui.alone else ""
        if "order" in texts:
            choices.append(Choice("order", W["order"].format(suit=obs.upcard.suit.symbol), obs.upcard.suit.letter,
                                  "order" + alone, colour="red" if obs.upcard.is_red else "black"))
        elif "order alone" in texts:  # the dealer's partner may order up only alone
            choices.append(Choice("order", W["order_alone"].format(suit=obs.upcard.suit.symbol),
                                  obs.upcard.suit.letter, "order alone",
                                  colour="red" if obs.upcard.is_red else "black"))
        for suit in SUITS:
            if f"call {suit.letter}" in texts:
                choices.append(Choice(f"call:{suit.letter}", Text(suit.symbol), suit.letter,
                                      f"call {suit.letter}{alone}", colour="red" if suit.is_red else "black"))
        if "pickup" in texts:
            choices += [Choice("pickup", W["pickup"], move="pickup"), Choice("decline", W["decline"], move="decline")]
        if obs.phase == Phase.DEFEND and "alone" in texts:
            choices.append(Choice("defend-alone", W["defend_alone"], "A", "alone"))
        elif _alone_is_a_choice(legal):
            choices.append(Choice("alone", W["alone"], "A", checked=ui.alone))
        if "pass" in texts:
            choices.append(Choice("pass", W["pass"], "X", "pass"))
        return tuple(choices)

    @staticmethod
    def _hinted(choices: tuple[Choice, ...], hint: str | None) -> tuple[Choice, ...]:
        """The buttons that make the hinted move stand out: its button, and "Alone" for a loner."""
        if hint is None:
            return choices
        base = hint.removesuffix(" alone")
        alone = hint != base or hint == "alone"

        def part_of(choice: Choice) -> bool:
            return (choice.move is not None and choice.move.removesuffix(" alone") == base) or \
                (choice.id == "alone" and alone)

        return tuple(replace(c, hinted=True) if part_of(c) else c for c in choices)

    @staticmethod
    def _status(s: EuchreSituation, ui: EuchreUi, legal: list[str]) -> Text:
        obs = s.observation
        if s.hold is not None:
            return W["read"]
        if obs.turn is None:
            return Text("")
        if obs.phase == Phase.NAME:
            return W["your_name"] if obs.turn == s.seat else W["joker_up"].format(seat=SEATS[obs.turn])
        if obs.turn != s.seat or not legal:
            return W["waiting"].format(seat=SEATS[obs.turn])
        if obs.phase == Phase.BID2:
            prompt = W["your_bid2"] if "pass" in legal else W["your_forced"]
        else:
            prompt = {Phase.BID1: W["your_bid1"].format(suit=obs.upcard.suit.symbol), Phase.PLAY: W["your_play"],
                      Phase.DISCARD: W["your_discard"], Phase.PICKUP: W["your_pickup"],
                      Phase.DEFEND: W["your_defend"]}[obs.phase]
        extra = [W["alone_armed"]] if ui.alone else []
        return join([prompt, *extra, *([s.refusal] if s.refusal.en else [])], " ")

    # -- input ------------------------------------------------------------------------------------

    def respond(self, s: EuchreSituation, ui: EuchreUi, event: t.Event) -> Reply[EuchreUi]:
        key = event.name if isinstance(event, t.Key) else ""
        if s.hold is not None:
            return Reply(action="continue") if continues(s.hold, event) else t.IGNORED
        if isinstance(event, t.Background) or key == "Escape":
            return Reply(ui=EuchreUi()) if ui.alone else t.IGNORED
        obs = s.observation
        if key == "H" and obs.phase in (Phase.PLAY, Phase.DISCARD):
            return Reply(action="hint")  # while bidding, H names hearts
        if not s.legal:
            return t.IGNORED
        if (isinstance(event, t.Press) and event.choice == "alone") or (key == "A" and _alone_is_a_choice(s.legal)):
            return Reply(ui=EuchreUi(not ui.alone))
        index = layout.card_chosen(event)
        if len(key) == 1 and key in "123456":
            index = int(key) - 1
        cards = south_cards(obs)
        if index is not None and 0 <= index < len(cards) and obs.phase in (Phase.PLAY, Phase.DISCARD):
            kind = "discard" if obs.phase == Phase.DISCARD else "play"
            return Reply(move=f"{kind} {cards[index].text}")
        return t.IGNORED


def _alone_is_a_choice(legal: Sequence[Move]) -> bool:
    """Whether a call may be made alone or not (not for the dealer's partner who may order up only alone)."""
    return any(m.alone and replace(m, alone=False) in legal for m in legal)
