"""Bid Euchre's table from South's observation, on Euchre's four-seat layout: the auction as it happens (each
seat's bid or pass stays up until play starts), bid buttons 3–6 and Pass (keys 3–6, X), the declaration
(S H D C, N no-trump high, L no-trump low), the contract and tricks on the score sheet, a hint's reason above
South's hand with its card or button outlined (H, or ? while declaring), and holds for a finished trick, a
hand's summary (made or set, points) and the match result; the last hand replayed trick by trick."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from core import table as t
from core.plugin import Button, Card, CardFace, Hold, Mark, Pile, Reply, Situation, Table, Text, counted, points
from plugins.bid_euchre.observe import HandSummary, Observation
from plugins.bid_euchre.rules import TARGET, Contract, Move, Phase
from plugins.bid_euchre.words import W
from plugins.euchre.public import (
    SEAT_NAMES,
    TEAMS,
    Ranking,
    Trick,
    about_previous,
    continues,
    layout,
    review_frames,
    sort_hand,
    trick_sound,
)

BidSituation = Situation[Observation, Move]
NEXT = Button("next", W["next"], "Space", action="continue")


@dataclass(frozen=True)
class NoUi:
    """Bid Euchre's table keeps no state of its own."""


def south_cards(obs: Observation) -> list[Card]:
    """South's hand in display order (keys 1–6 count from the left)."""
    ranking = obs.contract.ranking if obs.contract is not None and obs.contract.named else Ranking(None)
    return sort_hand(obs.hand, ranking)


def kind_words(contract: Contract) -> Text:
    if not contract.named:
        return W["kind_open"]
    if contract.trump is not None:
        return W["kind_trump"].format(suit=contract.trump.symbol)
    return W["kind_low"] if contract.low else W["kind_high"]


def result_words(prev: HandSummary) -> Text:
    side, bid = prev.contract.side, prev.contract.bid
    if prev.made:
        return W["made"].format(team=TEAMS[side], bid=bid, pts=prev.points[side])
    return W["set"].format(team=TEAMS[side], bid=bid)


class BidEuchrePresenter:
    """South's table (see :class:`core.table.Presenter`)."""

    def initial_ui(self) -> NoUi:
        return NoUi()

    def sound(self, before: Observation, after: Observation) -> str | None:
        return trick_sound(before, after, after.winner == 0)

    def table(self, s: BidSituation, ui: NoUi) -> Table:
        obs = s.observation
        prev = obs.previous
        if prev is not None and about_previous(s.hold, obs.hand_number, obs.over):
            return self._past(s, prev)
        legal = {m.text for m in s.legal}
        held = obs.tricks[-1] if s.hold is not None and obs.tricks else None
        hint = s.hint if s.hold is None else None
        south = self._south(obs, legal, held is None, hint.move if hint else None)
        piles = [south, *self._backs(obs)]
        piles += layout.trick_piles(held.plays if held else obs.current, held.winner if held else None)
        piles += layout.play_spot(south)
        declarer = obs.contract.declarer if obs.contract else None
        labels = layout.seat_labels(obs.dealer, declarer, None, None, obs.tricks, obs.turn, W["declarer"])
        if obs.phase in (Phase.AUCTION, Phase.DECLARE):
            labels += [layout.speech(seat, W["said_bid"].format(n=n) if n else W["said_pass"]) for seat, n in obs.bids]
        labels.append(self._panel(obs.scores, obs.tricks, obs.contract, obs.high))
        if hint is not None:
            labels.append(layout.hint_label(hint.reason))
        hold = Hold(W["trick_won"].format(seat=SEAT_NAMES[held.winner]), (), (NEXT,), *layout.TRICK_HOLD) \
            if held else None
        choices = () if hold else tuple(replace(c, hinted=True) if hint is not None and c.move == hint.move else c
                                        for c in self._choices(s.legal))
        return Table(layout.WIDTH, layout.HEIGHT, tuple(piles), tuple(labels), choices, layout.CHOICES_AT, hold,
                     self._status(s, legal), layout.deck(obs.dealer, obs.hand_number))

    def _south(self, obs: Observation, legal: set[str], live: bool, hint: str | None) -> Pile:
        trump = obs.contract.trump if obs.contract is not None else None
        playing = live and any(text.startswith("play") for text in legal)
        faces = []
        for card in south_cards(obs):
            playable = playing and f"play {card.text}" in legal
            marks = {Mark.PLAYABLE} if playable else {Mark.DIMMED} if playing else set()
            if hint == f"play {card.text}":
                marks.add(Mark.HINTED)
            faces.append(CardFace(card.text, frozenset(marks), layout.trump_badge(card, trump)))
        return layout.hand_pile(0, len(faces), faces, playing=playing)

    @staticmethod
    def _backs(obs: Observation) -> list[Pile]:
        plays = [p for trick in obs.tricks for p in trick.plays] + list(obs.current)
        return [layout.hand_pile(seat, 6 - sum(1 for s, _ in plays if s == seat)) for seat in (1, 2, 3)]

    @staticmethod
    def _panel(scores: tuple[int, int], tricks: tuple[Trick, ...], contract: Contract | None, high: int) -> t.Label:
        ns = sum(1 for trick in tricks if trick.winner % 2 == 0)
        lines = [W["panel_teams"].format(a=TEAMS[0], b=TEAMS[1]),
                 W["panel_score"].format(a=points(scores[0]), b=points(scores[1]), n=TARGET),
                 W["panel_tricks"].format(a=ns, b=len(tricks) - ns)]
        if contract is not None:
            lines.append(W["panel_contract"].format(seat=SEAT_NAMES[contract.declarer], n=contract.bid,
                                                    kind=kind_words(contract)))
        else:
            lines.append(W["panel_auction"].format(n=high or "—"))
        return layout.panel(lines)

    def _past(self, s: BidSituation, prev: HandSummary) -> Table:
        """The hand that ended: its last trick, then its summary, then the match result."""
        assert s.hold is not None
        trick_hold = s.hold.startswith("trick:")
        piles = [layout.hand_pile(seat, 0) for seat in range(4)]
        if trick_hold:
            piles += layout.trick_piles(prev.tricks[-1].plays, prev.tricks[-1].winner)
        labels = layout.seat_labels(prev.dealer, prev.contract.declarer, None, None, prev.tricks, None, W["declarer"])
        labels.append(self._panel(prev.scores_before if trick_hold else prev.scores, prev.tricks, prev.contract, 0))
        won = prev.tricks_won()
        lines = (W["tricks_line"].format(a=won[0], b=won[1]),
                 W["points_line"].format(a=points(prev.points[0], plus=True), b=points(prev.points[1], plus=True)),
                 W["score_line"].format(a=points(prev.scores[0]), b=points(prev.scores[1]), target=TARGET))
        if trick_hold:
            hold = Hold(W["trick_won"].format(seat=SEAT_NAMES[prev.tricks[-1].winner]), (), (NEXT,), *layout.TRICK_HOLD)
        elif s.hold == "match":
            winner = s.observation.winner or 0
            high, low = max(prev.scores), min(prev.scores)
            hold = Hold(W["match_won"].format(team=TEAMS[winner], a=points(high), b=points(low)),
                        (result_words(prev), counted(prev.number + 1, W["match_line_one"], W["match_line"])),
                        (Button("again", W["again"], "Enter", action="new"), Button("back", W["back"], action="back")),
                        *layout.CENTRE)
        else:
            late = [side for side in (0, 1) if prev.scores[side] >= 32]
            extra = tuple(W["no_win_yet"].format(team=TEAMS[side]) for side in late)
            hold = Hold(result_words(prev), lines + extra, (NEXT,), *layout.CENTRE)
        return Table(layout.WIDTH, layout.HEIGHT, tuple(piles), tuple(labels), (), layout.CHOICES_AT, hold,
                     W["read_match"] if s.hold == "match" else W["read"])

    # -- the last hand, trick by trick ---------------------------------------------------------------

    def review(self, obs: Observation) -> tuple[Table, ...]:
        """The previous hand as everyone saw it (its public record in the observation): the auction and the
        contract, each trick with its winner, then the result; your own cards as they were, nobody else's."""
        prev = obs.previous
        if prev is None:
            return ()
        contract = prev.contract

        def dress(step: int, bidding: bool, finished: bool) -> tuple[list[Pile], list[t.Label]]:
            done = prev.tricks[:step]
            labels = layout.seat_labels(prev.dealer, contract.declarer, None, None, done, None, W["declarer"])
            if bidding:
                labels += [layout.speech(seat, W["said_bid"].format(n=n) if n else W["said_pass"])
                           for seat, n in prev.bids]
            labels.append(self._panel(prev.scores if finished else prev.scores_before, done, contract, 0))
            return [], labels

        opening = W["review_hand"].format(n=prev.number + 1) + W["panel_contract"].format(
            seat=SEAT_NAMES[contract.declarer], n=contract.bid, kind=kind_words(contract))
        won = prev.tricks_won()
        result = result_words(prev) + Text(" · ") + W["tricks_line"].format(a=won[0], b=won[1])
        return review_frames(prev.tricks, prev.held, (0, 1, 2, 3), SEAT_NAMES, contract.ranking, opening, result,
                             dress, hand_size=6)

    @staticmethod
    def _choices(moves: Sequence[Move]) -> tuple[Button, ...]:
        texts = {m.text for m in moves}
        choices = [Button(f"bid:{n}", W["bid"].format(n=n), str(n), f"bid {n}") for n in range(3, 7)
                   if f"bid {n}" in texts]
        if "pass" in texts:
            choices.append(Button("pass", W["pass"], "X", "pass"))
        for suit in (m.suit for m in moves if m.kind == "trump" and m.suit is not None):
            choices.append(Button(f"trump:{suit.letter}", Text(suit.symbol), suit.letter, f"trump {suit.letter}",
                                  colour="red" if suit.is_red else "black"))
        if "notrump high" in texts:
            choices += [Button("notrump:high", W["notrump_high"], "N", "notrump high"),
                        Button("notrump:low", W["notrump_low"], "L", "notrump low")]
        return tuple(choices)

    @staticmethod
    def _status(s: BidSituation, legal: set[str]) -> Text:
        obs = s.observation
        if s.hold is not None:
            return W["read"]
        if obs.turn is None:
            return Text("")
        if obs.turn != s.seat or not legal:
            return W["waiting"].format(seat=SEAT_NAMES[obs.turn])
        if obs.phase == Phase.AUCTION:
            if obs.seat == obs.dealer:
                prompt = (W["your_forced"] if "pass" not in legal else W["your_dealer_six"] if obs.high == 6
                          else W["your_dealer_bid"].format(high=obs.high))
            else:
                prompt = W["your_bid"].format(high=obs.high) if obs.high else W["your_first_bid"]
        elif obs.phase == Phase.DECLARE:
            prompt = W["your_declare"].format(n=obs.contract.bid if obs.contract else 0)
        else:
            prompt = W["your_play"]
        return prompt + (Text(" ") + s.refusal if s.refusal.en else Text(""))

    def respond(self, s: BidSituation, ui: NoUi, event: t.Event) -> Reply[NoUi]:
        key = event.name if isinstance(event, t.Key) else ""
        if s.hold is not None:
            return Reply(action="continue") if continues(s.hold, event) else t.IGNORED
        obs = s.observation
        if key == "H" and obs.phase != Phase.DECLARE:
            return Reply(action="hint")  # while declaring, H names hearts
        if not s.legal or obs.phase != Phase.PLAY:
            return t.IGNORED
        index = layout.card_chosen(event)
        if len(key) == 1 and key in "123456":
            index = int(key) - 1
        cards = south_cards(obs)
        if index is not None and 0 <= index < len(cards):
            return Reply(move=f"play {cards[index].text}")
        return t.IGNORED
