"""A single Euchre hand as text — dealer, hands, upcard, buried cards, options and moves — to share, replay
or turn into a test. ``write_record`` and ``read_record`` are inverses.

    # Card Table Euchre hand
    options stick_the_dealer=no trump_holding=no defender_alone=no dealer_may_decline=no target=10
    dealer S
    hand S 9H TH JH QH KH
    ...
    upcard AH
    buried 9S TS JS
    move W pass
    move N order
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from core.cards import Card
from plugins.euchre.cards import Ranking
from plugins.euchre.model import Deal, EuchreState, Move, parse_seat, seat_letter
from plugins.euchre.rules import EuchreRules, deal_to_json, parse_deal
from plugins.euchre.settings import Options
from plugins.euchre.words import bid_words

HEADER = "# Card Table Euchre hand"
SEAT_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}


class RecordError(ValueError):
    """A hand record that cannot be read; the message names the line."""


@dataclass(frozen=True)
class HandRecord:
    options: Options
    deal: Deal
    moves: tuple[tuple[int, str], ...]

    def settings(self) -> dict[str, Any]:
        return self.options.to_json()


def write_record(options: Options, deal: Deal, log: tuple[tuple[int, str], ...]) -> str:
    flags = " ".join(f"{k}={'yes' if v is True else 'no' if v is False else v}" for k, v in options.to_json().items())
    lines = [HEADER, f"options {flags}", f"dealer {seat_letter(deal.dealer)}"]
    lines += [f"hand {seat_letter(s)} {' '.join(c.text for c in deal.hands[s])}" for s in range(4)]
    lines += [f"upcard {deal.upcard.text}", f"buried {' '.join(c.text for c in deal.buried)}"]
    lines += [f"move {seat_letter(s)} {text}" for s, text in log]
    return "\n".join(lines) + "\n"


def _option_value(text: str) -> Any:
    if text in ("yes", "no"):
        return text == "yes"
    if not text.isdigit() or len(text) > 6:
        raise ValueError(f"option value '{text}' must be yes, no or a small whole number")
    return int(text)


def read_record(text: str) -> HandRecord:
    options: dict[str, Any] = {}
    deal: dict[str, Any] = {"hands": {}}
    moves: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        try:
            if word == "options":
                for item in rest.split():
                    key, _, value = item.partition("=")
                    options[key] = _option_value(value)
            elif word == "dealer":
                deal["dealer"] = seat_letter(parse_seat(rest))
            elif word == "hand":
                seat, _, cards = rest.partition(" ")
                deal["hands"][seat_letter(parse_seat(seat))] = cards.split()
            elif word == "upcard":
                deal["upcard"] = rest
            elif word == "buried":
                deal["buried"] = rest.split()
            elif word == "move":
                seat, _, move = rest.partition(" ")
                moves.append((parse_seat(seat), Move.parse(move).text))
            else:
                raise ValueError(f"unknown line '{word}' (expected options, dealer, hand, upcard, buried or move)")
        except ValueError as error:
            raise RecordError(f"line {number}: {error}") from None
    try:
        parsed = parse_deal(deal)
    except (ValueError, TypeError) as error:
        raise RecordError(f"the record's deal is incomplete or wrong: {error}") from None
    try:
        opts = Options.from_settings(options)
    except ValueError as error:
        raise RecordError(f"the record's options are not valid: {error}") from None
    return HandRecord(opts, parsed, tuple(moves))


def replay(record: HandRecord) -> Iterator[tuple[int, str, EuchreState]]:
    """Apply the record's moves in order: (seat, move, state after). Raises ``RecordError`` when one is wrong."""
    rules = EuchreRules()
    state = rules.from_deal(record.settings(), deal_to_json(record.deal))
    for index, (seat, text) in enumerate(record.moves, start=1):
        if state.number > 0 or state.over:
            how = "thrown in" if state.results[-1].thrown_in else "over after its fifth trick"
            raise RecordError(f"move {index} ('{seat_letter(seat)} {text}'): the hand is already {how}; "
                              "a record holds one hand")
        if rules.to_move(state) != seat:
            expected = rules.to_move(state)
            who = SEAT_NAMES[seat_letter(expected)] if expected is not None else "nobody (the hand is over)"
            raise RecordError(f"move {index} ('{seat_letter(seat)} {text}'): it is {who}'s turn")
        try:
            state = rules.apply(state, Move.parse(text))
        except ValueError as error:
            raise RecordError(f"move {index} ('{seat_letter(seat)} {text}'): {error}") from None
        yield seat, text, state


def describe(record: HandRecord) -> list[str]:
    """The hand for people: the deal, the bidding, then trick by trick with each winner, then the score."""
    final: EuchreState | None = None
    for _, _, state in replay(record):
        final = state
    deal = record.deal
    lines = [f"Dealer {SEAT_NAMES[seat_letter(deal.dealer)]}, upcard {deal.upcard.pretty}"]
    lines += [f"  {SEAT_NAMES[seat_letter(s)]:<5}  {' '.join(c.pretty for c in deal.hands[s])}" for s in range(4)]
    lines.append(f"  buried {' '.join(c.pretty for c in deal.buried)}")
    if final is None:
        return lines
    finished = final.number > 0 or final.over
    played = final.results[-1] if finished else final.hand
    plays = [(s, Card.parse(t[5:])) for s, t in record.moves if t.startswith("play ")]
    lines += [f"{SEAT_NAMES[seat_letter(s)]}: {_decision(t)}" for s, t in record.moves if not t.startswith("play ")]
    active = 4 - (played.alone is not None) - (played.defender_alone is not None)
    ranking = Ranking(played.trump)
    for n, start in enumerate(range(0, len(plays), active), start=1):
        trick = plays[start : start + active]
        shown = ", ".join(f"{SEAT_NAMES[seat_letter(s)]} {c.pretty}" for s, c in trick)
        winner = f" -> {SEAT_NAMES[seat_letter(ranking.winner(trick))]}" if len(trick) == active else ""
        lines.append(f"Trick {n}: {shown}{winner}")
    if finished:
        result = final.results[-1]
        if result.thrown_in:
            lines.append("All passed: the hand is thrown in.")
        else:
            lines.append(f"Makers took {result.maker_tricks} tricks; points N/S {result.points[0]}, "
                         f"E/W {result.points[1]}")
    return lines



def _decision(text: str) -> str:
    """A bid or the dealer's discard as the table says it: "order up", "calls ♥ · alone", "discards J♠"."""
    move = Move.parse(text)
    if move.kind == "discard" and move.card is not None:
        return f"discards {move.card.pretty}"
    return bid_words(text).en
