"""Two-handed Euchre states to and from JSON (saves, the conformance kit): cards as text, seats as S and N."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.plugin import Card, Suit
from plugins.euchre.public import Trick
from plugins.two_handed.rules import SEAT_LETTERS, Deal, Hand, HandResult, Phase, TwoHandedState


def _seat(seat: int | None) -> str | None:
    return None if seat is None else SEAT_LETTERS[seat]


def _unseat(letter: str | None) -> int | None:
    return None if letter is None else SEAT_LETTERS.index(letter)


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


def _uncards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def _plays(plays: tuple[tuple[int, Card], ...]) -> list[str]:
    return [f"{SEAT_LETTERS[s]} {c.text}" for s, c in plays]


def _unplays(lines: list[str]) -> tuple[tuple[int, Card], ...]:
    return tuple((SEAT_LETTERS.index(line[0]), Card.parse(line[2:])) for line in lines)


def _trick(t: Trick) -> dict[str, Any]:
    return {"leader": _seat(t.leader), "plays": _plays(t.plays), "winner": _seat(t.winner)}


def _untrick(d: Mapping[str, Any]) -> Trick:
    return Trick(SEAT_LETTERS.index(d["leader"]), _unplays(d["plays"]), SEAT_LETTERS.index(d["winner"]))


def _log(log: tuple[tuple[int, str], ...]) -> list[str]:
    return [f"{SEAT_LETTERS[s]} {text}" for s, text in log]


def _unlog(lines: list[str]) -> tuple[tuple[int, str], ...]:
    return tuple((SEAT_LETTERS.index(line[0]), line[2:]) for line in lines)


def _deal(d: Deal) -> dict[str, Any]:
    return {"dealer": _seat(d.dealer), "hands": [_cards(h) for h in d.hands], "upcard": d.upcard.text,
            "stock": _cards(d.stock)}


def _undeal(d: Mapping[str, Any]) -> Deal:
    dealer = SEAT_LETTERS.index(d["dealer"])
    return Deal(dealer, (_uncards(d["hands"][0]), _uncards(d["hands"][1])), Card.parse(d["upcard"]),
                _uncards(d["stock"]))


def _hand(h: Hand) -> dict[str, Any]:
    return {"deal": _deal(h.deal), "phase": h.phase.value, "turn": _seat(h.turn),
            "hands": [_cards(c) for c in h.hands], "log": _log(h.log), "upcard_fate": h.upcard_fate,
            "trump": h.trump.letter if h.trump else None, "maker": _seat(h.maker),
            "discard": h.discard.text if h.discard else None, "tricks": [_trick(t) for t in h.tricks],
            "leader": _seat(h.leader), "current": _plays(h.current)}


def _unhand(d: Mapping[str, Any]) -> Hand:
    leader = _unseat(d["leader"])
    return Hand(_undeal(d["deal"]), Phase(d["phase"]), _unseat(d["turn"]),
                (_uncards(d["hands"][0]), _uncards(d["hands"][1])), _unlog(d["log"]), str(d["upcard_fate"]),
                Suit(d["trump"]) if d["trump"] else None, _unseat(d["maker"]),
                Card.parse(d["discard"]) if d["discard"] else None, tuple(_untrick(t) for t in d["tricks"]),
                leader if leader is not None else 0, _unplays(d["current"]))


def _result(r: HandResult) -> dict[str, Any]:
    return {"deal": _deal(r.deal), "log": _log(r.log), "trump": r.trump.letter if r.trump else None,
            "maker": _seat(r.maker), "tricks": [_trick(t) for t in r.tricks], "points": list(r.points)}


def _unresult(d: Mapping[str, Any]) -> HandResult:
    return HandResult(_undeal(d["deal"]), _unlog(d["log"]), Suit(d["trump"]) if d["trump"] else None,
                      _unseat(d["maker"]), tuple(_untrick(t) for t in d["tricks"]),
                      (int(d["points"][0]), int(d["points"][1])))


def state_to_json(state: TwoHandedState) -> dict[str, Any]:
    return {"target": state.target, "seed": state.seed, "number": state.number, "scores": list(state.scores),
            "hand": _hand(state.hand), "results": [_result(r) for r in state.results], "winner": state.winner}


def state_from_json(data: Mapping[str, Any]) -> TwoHandedState:
    return TwoHandedState(int(data["target"]), int(data["seed"]), int(data["number"]),
                          (int(data["scores"][0]), int(data["scores"][1])), _unhand(data["hand"]),
                          tuple(_unresult(r) for r in data["results"]),
                          None if data["winner"] is None else int(data["winner"]))
