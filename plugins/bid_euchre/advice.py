"""Bid Euchre's hint: what the hard player would do in South's seat, from South's observation only, with a
one-line reason quoting what decided it — the sampled deals' average points for a bid, a declaration or a
card, or, for a hand too weak to look further, the tricks it is worth at its best.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.plugin import Hint, Rng, Text, counted, next_best, signed
from plugins.bid_euchre.cpu import HardPlayer, Judgement
from plugins.bid_euchre.observe import Observation
from plugins.bid_euchre.rules import Move, Phase


def move_words(move: Move) -> Text:
    """“bid 4”, “passing”, “trump ♠”, “no-trump low”, “J♦” (as they read inside a sentence)."""
    if move.kind == "bid":
        return Text("bid {n}", "{n}のビッド").format(n=move.number)
    if move.kind == "trump" and move.suit is not None:
        return Text("trump {suit}", "切札{suit}").format(suit=move.suit.symbol)
    if move.kind == "notrump":
        return Text("no-trump low", "ノートランプ・ロー") if move.low else Text("no-trump high", "ノートランプ・ハイ")
    if move.card is not None:
        return Text(move.card.pretty)
    return Text("passing", "パス")


TIES = {"bid": Text("on a tie the lower bid is made.", "同点なら低いほうをビッドします。"),
        "pass": Text("on a tie, passing.", "同点ならパスします。"),
        "trump": Text("on a tie, the one your hand's count rates higher.", "同点なら手札の見積もりが高いほうです。"),
        "play": Text("the conventional card breaks the tie.", "定石の札で決めました。")}
TIES["notrump"] = TIES["trump"]


def _deals(n: int) -> Text:
    return counted(n, Text("Over 1 sampled deal", "見えない札を1通り試すと"),
                   Text("Over {n} sampled deals", "見えない札を{n}通り試すと"))


def _compare(judgement: Judgement, move: Move) -> Text:
    """“Over 24 sampled deals: +1.25 points a hand, against +0.40 for bid 4.” (passing among the moves weighed)"""
    others = [(m, v) for m, v in judgement.points.items() if m != move]
    deals = _deals(judgement.samples)
    line = deals + Text(": {v} points a hand", "、1ハンドあたり{v}点").format(v=signed(judgement.points[move]))
    if not others:
        return line + Text(".", "。")
    other, value = max(others, key=lambda pair: pair[1])
    if value >= judgement.points[move] - 0.005:
        tie = TIES.get(move.kind, TIES["play"])
        return line + Text(", as much as {m}; ", "で{m}と同じ。").format(m=move_words(other)) + tie
    return line + next_best(judgement.points[move], value, move_words(other))


def _reason(player: HardPlayer, obs: Observation, legal: Sequence[Move], move: Move) -> Text:
    if len(legal) == 1 and move.card is not None:
        return Text("It is your only legal card.", "出せる札はこれだけです。")
    if len(legal) == 1:
        return Text("It is your only legal move: the bidding is already at 6.",
                    "ビッドはすでに6なので、パスしかできません。")
    judgement = player.last_judgement
    if judgement is not None and move in judgement.points:
        return _compare(judgement, move)
    if obs.phase == Phase.PLAY:  # no sampled deal fitted what South has seen
        return Text("The conventional card: win as cheaply as you can, never overtake North, else throw the "
                    "least useful card.",
                    "定石の札です。できるだけ安く勝ち、北を越さず、勝てないときは一番役に立たない札を捨てます。")
    tricks, declaration = player.best_declaration(obs.hand)
    count = Text("At its best ({m}) your hand is worth about {n} tricks with North's share",
                 "手札は一番よい{m}で北の分を足して約{n}トリック").format(
        m=move_words(declaration), n=f"{max(0.0, tricks + player.style.partner_share):.1f}")
    if move.kind == "pass":
        lowest = min(m.number for m in legal if m.kind == "bid")
        return count + Text("; the lowest bid is {k}.", "。最低のビッドは{k}です。").format(k=lowest)
    return count + Text(".", "。")


def bid_euchre_hint(observation: Observation, legal: Sequence[Move]) -> Hint | None:
    """The hard player's move for South and why (the same position gives the same hint)."""
    if not legal:
        return None
    player = HardPlayer()
    move = player.choose(observation, legal, Rng.derive("bid-euchre-hint", repr(observation)))
    return Hint(move.text, move_words(move).capitalized() + Text(" — ") + _reason(player, observation, legal, move))
