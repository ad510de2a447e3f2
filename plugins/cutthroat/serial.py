"""Two- and three-handed Euchre states to and from JSON (saves, the conformance kit): cards as text, seats as
letters (S N, or S W E)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.plugin import Card, Suit
from plugins.cutthroat.rules import CutthroatState, Deal, Format, Hand, HandResult, Phase
from plugins.euchre.public import Trick


class _Codec:
    def __init__(self, fmt: Format) -> None:
        self.letters = fmt.letters

    def seat(self, seat: int | None) -> str | None:
        return None if seat is None else self.letters[seat]

    def unseat(self, letter: str | None) -> int | None:
        return None if letter is None else self.letters.index(letter)

    def plays(self, plays: tuple[tuple[int, Card], ...]) -> list[str]:
        return [f"{self.letters[s]} {c.text}" for s, c in plays]

    def unplays(self, lines: list[str]) -> tuple[tuple[int, Card], ...]:
        return tuple((self.letters.index(line[0]), Card.parse(line[2:])) for line in lines)

    def trick(self, t: Trick) -> dict[str, Any]:
        return {"leader": self.seat(t.leader), "plays": self.plays(t.plays), "winner": self.seat(t.winner)}

    def untrick(self, d: Mapping[str, Any]) -> Trick:
        return Trick(self.letters.index(d["leader"]), self.unplays(d["plays"]), self.letters.index(d["winner"]))

    def log(self, log: tuple[tuple[int, str], ...]) -> list[str]:
        return [f"{self.letters[s]} {text}" for s, text in log]

    def unlog(self, lines: list[str]) -> tuple[tuple[int, str], ...]:
        return tuple((self.letters.index(line[0]), line[2:]) for line in lines)

    def deal(self, d: Deal) -> dict[str, Any]:
        return {"dealer": self.seat(d.dealer), "hands": [_cards(h) for h in d.hands], "upcard": d.upcard.text,
                "stock": _cards(d.stock)}

    def undeal(self, d: Mapping[str, Any]) -> Deal:
        return Deal(self.letters.index(d["dealer"]), tuple(_uncards(h) for h in d["hands"]),
                    Card.parse(d["upcard"]), _uncards(d["stock"]))

    def hand(self, h: Hand) -> dict[str, Any]:
        return {"deal": self.deal(h.deal), "phase": h.phase.value, "turn": self.seat(h.turn),
                "hands": [_cards(c) for c in h.hands], "log": self.log(h.log), "upcard_fate": h.upcard_fate,
                "trump": h.trump.letter if h.trump else None, "maker": self.seat(h.maker),
                "discard": h.discard.text if h.discard else None, "tricks": [self.trick(t) for t in h.tricks],
                "leader": self.seat(h.leader), "current": self.plays(h.current)}

    def unhand(self, d: Mapping[str, Any]) -> Hand:
        return Hand(self.undeal(d["deal"]), Phase(d["phase"]), self.unseat(d["turn"]),
                    tuple(_uncards(c) for c in d["hands"]), self.unlog(d["log"]), str(d["upcard_fate"]),
                    Suit(d["trump"]) if d["trump"] else None, self.unseat(d["maker"]),
                    Card.parse(d["discard"]) if d["discard"] else None, tuple(self.untrick(t) for t in d["tricks"]),
                    self.letters.index(d["leader"]), self.unplays(d["current"]))

    def result(self, r: HandResult) -> dict[str, Any]:
        return {"deal": self.deal(r.deal), "log": self.log(r.log), "trump": r.trump.letter if r.trump else None,
                "maker": self.seat(r.maker), "tricks": [self.trick(t) for t in r.tricks], "points": list(r.points)}

    def unresult(self, d: Mapping[str, Any]) -> HandResult:
        return HandResult(self.undeal(d["deal"]), self.unlog(d["log"]), Suit(d["trump"]) if d["trump"] else None,
                          self.unseat(d["maker"]), tuple(self.untrick(t) for t in d["tricks"]),
                          tuple(int(p) for p in d["points"]))


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


def _uncards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def state_to_json(state: CutthroatState) -> dict[str, Any]:
    codec = _Codec(state.format)
    return {"players": state.format.players, "target": state.target, "stick_the_dealer": state.stick_the_dealer,
            "seed": state.seed, "number": state.number, "scores": list(state.scores), "hand": codec.hand(state.hand),
            "results": [codec.result(r) for r in state.results], "winner": state.winner}


def state_from_json(fmt: Format, data: Mapping[str, Any]) -> CutthroatState:
    if int(data["players"]) != fmt.players:
        raise ValueError(f"a {data['players']}-player state is not a {fmt.name} state")
    codec = _Codec(fmt)
    return CutthroatState(fmt, int(data["target"]), bool(data["stick_the_dealer"]), int(data["seed"]),
                          int(data["number"]), tuple(int(s) for s in data["scores"]), codec.unhand(data["hand"]),
                          tuple(codec.unresult(r) for r in data["results"]),
                          None if data["winner"] is None else int(data["winner"]))
