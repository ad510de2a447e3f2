"""Bid Euchre states to and from JSON (the conformance kit, tests): cards as text, seats as S W N E."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.plugin import Card, Suit
from plugins.bid_euchre.rules import BidState, Contract, Hand, HandResult, Phase
from plugins.euchre.public import Trick, parse_seat, seat_letter


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


def _plays(plays: tuple[tuple[int, Card], ...]) -> list[str]:
    return [f"{seat_letter(s)} {c.text}" for s, c in plays]


def _unplays(lines: list[str]) -> tuple[tuple[int, Card], ...]:
    return tuple((parse_seat(line[0]), Card.parse(line[2:])) for line in lines)


def _trick(t: Trick) -> dict[str, Any]:
    return {"leader": seat_letter(t.leader), "plays": _plays(t.plays), "winner": seat_letter(t.winner)}


def _untrick(d: Mapping[str, Any]) -> Trick:
    return Trick(parse_seat(d["leader"]), _unplays(d["plays"]), parse_seat(d["winner"]))


def _contract(c: Contract | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {"declarer": seat_letter(c.declarer), "bid": c.bid, "trump": c.trump.letter if c.trump else None,
            "low": c.low, "named": c.named}


def _uncontract(d: Mapping[str, Any] | None) -> Contract | None:
    if d is None:
        return None
    return Contract(parse_seat(d["declarer"]), int(d["bid"]), Suit(d["trump"]) if d["trump"] else None,
                    bool(d["low"]), bool(d["named"]))


def _log(log: tuple[tuple[int, str], ...]) -> list[str]:
    return [f"{seat_letter(s)} {text}" for s, text in log]


def _unlog(lines: list[str]) -> tuple[tuple[int, str], ...]:
    return tuple((parse_seat(line[0]), line[2:]) for line in lines)


def _hand(h: Hand) -> dict[str, Any]:
    return {"dealer": seat_letter(h.dealer), "dealt": [_cards(c) for c in h.dealt], "phase": h.phase.value,
            "turn": seat_letter(h.turn) if h.turn is not None else None, "hands": [_cards(c) for c in h.hands],
            "log": _log(h.log), "bids": [[seat_letter(s), n] for s, n in h.bids], "contract": _contract(h.contract),
            "tricks": [_trick(t) for t in h.tricks], "leader": seat_letter(h.leader), "current": _plays(h.current)}


def _deck(lists: list[list[str]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(Card.parse(t) for t in c) for c in lists)


def _unhand(d: Mapping[str, Any]) -> Hand:
    return Hand(parse_seat(d["dealer"]), _deck(d["dealt"]), Phase(d["phase"]),
                parse_seat(d["turn"]) if d["turn"] else None, _deck(d["hands"]), _unlog(d["log"]),
                tuple((parse_seat(s), int(n)) for s, n in d["bids"]), _uncontract(d["contract"]),
                tuple(_untrick(t) for t in d["tricks"]), parse_seat(d["leader"]), _unplays(d["current"]))


def _result(r: HandResult) -> dict[str, Any]:
    return {"dealer": seat_letter(r.dealer), "dealt": [_cards(c) for c in r.dealt], "log": _log(r.log),
            "contract": _contract(r.contract), "tricks": [_trick(t) for t in r.tricks], "points": list(r.points)}


def _unresult(d: Mapping[str, Any]) -> HandResult:
    contract = _uncontract(d["contract"])
    assert contract is not None
    return HandResult(parse_seat(d["dealer"]), _deck(d["dealt"]),
                      _unlog(d["log"]), contract, tuple(_untrick(t) for t in d["tricks"]),
                      (int(d["points"][0]), int(d["points"][1])))


def state_to_json(state: BidState) -> dict[str, Any]:
    return {"seed": state.seed, "number": state.number, "scores": list(state.scores), "hand": _hand(state.hand),
            "results": [_result(r) for r in state.results], "winner": state.winner}


def state_from_json(data: Mapping[str, Any]) -> BidState:
    return BidState(int(data["seed"]), int(data["number"]), (int(data["scores"][0]), int(data["scores"][1])),
                    _unhand(data["hand"]), tuple(_unresult(r) for r in data["results"]),
                    None if data["winner"] is None else int(data["winner"]))
