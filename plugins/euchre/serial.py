"""Euchre states to and from JSON (saves, the conformance kit): cards as text, seats as S W N E."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.cards import Card, Suit
from plugins.euchre.model import EuchreState, Hand, HandResult, Phase, Trick, parse_seat, seat_letter
from plugins.euchre.rules import deal_to_json, parse_deal
from plugins.euchre.settings import Options


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


def _seat(seat: int | None) -> str | None:
    return None if seat is None else seat_letter(seat)


def _unseat(text: str | None) -> int | None:
    return None if text is None else parse_seat(text)


def _suit(suit: Suit | None) -> str | None:
    return None if suit is None else suit.letter


def _unsuit(text: str | None) -> Suit | None:
    return None if text is None else Suit(text)


def _log(log: tuple[tuple[int, str], ...]) -> list[str]:
    return [f"{seat_letter(s)} {text}" for s, text in log]


def _unlog(lines: list[str]) -> tuple[tuple[int, str], ...]:
    return tuple((parse_seat(line[0]), line[2:]) for line in lines)


def _trick(t: Trick) -> dict[str, Any]:
    return {"leader": seat_letter(t.leader), "plays": [f"{seat_letter(s)} {c.text}" for s, c in t.plays],
            "winner": seat_letter(t.winner)}


def _plays(lines: list[str]) -> tuple[tuple[int, Card], ...]:
    return tuple((parse_seat(line[0]), Card.parse(line[2:])) for line in lines)


def _untrick(d: Mapping[str, Any]) -> Trick:
    return Trick(parse_seat(d["leader"]), _plays(d["plays"]), parse_seat(d["winner"]))


def _hand(h: Hand) -> dict[str, Any]:
    return {
        "deal": deal_to_json(h.deal), "phase": h.phase.value, "turn": _seat(h.turn),
        "hands": [_cards(cards) for cards in h.hands], "log": _log(h.log), "upcard_fate": h.upcard_fate,
        "trump": _suit(h.trump), "maker": _seat(h.maker), "alone": _seat(h.alone),
        "defender_alone": _seat(h.defender_alone), "discard": h.discard.text if h.discard else None,
        "tricks": [_trick(t) for t in h.tricks], "leader": seat_letter(h.leader),
        "current": [f"{seat_letter(s)} {c.text}" for s, c in h.current],
    }


def _unhand(d: Mapping[str, Any]) -> Hand:
    return Hand(
        deal=parse_deal(d["deal"]), phase=Phase(d["phase"]), turn=_unseat(d["turn"]),
        hands=tuple(tuple(Card.parse(t) for t in cards) for cards in d["hands"]), log=_unlog(d["log"]),
        upcard_fate=d["upcard_fate"], trump=_unsuit(d["trump"]), maker=_unseat(d["maker"]),
        alone=_unseat(d["alone"]), defender_alone=_unseat(d["defender_alone"]),
        discard=Card.parse(d["discard"]) if d["discard"] else None,
        tricks=tuple(_untrick(t) for t in d["tricks"]), leader=parse_seat(d["leader"]),
        current=_plays(d["current"]),
    )


def _result(r: HandResult) -> dict[str, Any]:
    return {"deal": deal_to_json(r.deal), "log": _log(r.log), "trump": _suit(r.trump), "maker": _seat(r.maker),
            "alone": _seat(r.alone), "defender_alone": _seat(r.defender_alone), "maker_tricks": r.maker_tricks,
            "points": list(r.points), "tricks": [_trick(t) for t in r.tricks]}


def _unresult(d: Mapping[str, Any]) -> HandResult:
    return HandResult(parse_deal(d["deal"]), _unlog(d["log"]), _unsuit(d["trump"]), _unseat(d["maker"]),
                      _unseat(d["alone"]), _unseat(d["defender_alone"]), int(d["maker_tricks"]),
                      (int(d["points"][0]), int(d["points"][1])), tuple(_untrick(t) for t in d.get("tricks", [])))


def state_to_json(state: EuchreState) -> dict[str, Any]:
    return {"options": state.options.to_json(), "seed": state.seed, "number": state.number,
            "scores": list(state.scores), "hand": _hand(state.hand), "results": [_result(r) for r in state.results]}


def state_from_json(data: Mapping[str, Any]) -> EuchreState:
    return EuchreState(Options.from_settings(data["options"]), int(data["seed"]), int(data["number"]),
                       (int(data["scores"][0]), int(data["scores"][1])), _unhand(data["hand"]),
                       tuple(_unresult(r) for r in data["results"]))


__all__ = ["state_from_json", "state_to_json"]
