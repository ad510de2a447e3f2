"""The two- and three-handed hint: what the hard player would do in South's seat, from South's observation only,
with a one-line reason quoting what decided it — the sampled deals' average result for a bid or a card against
the next best's (South's points less the other player's, or less the other two's average), the conventional rule
where two cards' averages tie, or the rule for a card or a discard with nothing to weigh.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.plugin import Hint, Rng, Text, counted, next_best, signed
from plugins.cutthroat.cpu import HardPlayer, Values
from plugins.cutthroat.observe import Observation
from plugins.cutthroat.rules import PASS, Move, Phase
from plugins.euchre.public import discard_reason

RULES = {
    "only": Text("It is your only legal card.", "出せる札はこれだけです。"),
    "defender_winning": Text("The other defender is winning the trick: do not overtake them.",
                             "もう1人の守備側が勝っています。越さないようにしましょう。"),
    "cheapest_winner": Text("The cheapest card that wins the trick.", "このトリックに勝てる一番安い札です。"),
    "cannot_win": Text("You cannot win this trick: throw your lowest card.",
                       "このトリックには勝てません。一番低い札を捨てましょう。"),
    "lead_boss_trump": Text("The highest trump still out: lead it to draw the others' trumps.",
                            "残っている中で最強の切札です。リードして相手の切札を引き出します。"),
    "lead_ace": Text("Cash an off-suit ace while it can still win.", "勝てるうちに切札以外のAを取ります。"),
    "lead_low": Text("Lead your lowest plain card; keep trump for later.",
                     "切札を残し、切札以外で一番低い札をリードします。"),
    "lead_only_trump": Text("Only trump left.", "残りは切札だけです。"),
}


def move_words(obs: Observation, move: Move) -> Text:
    """“ordering up ♥”, “taking up ♥”, “naming ♠”, “passing”, “J♦” (as they read inside a sentence)."""
    if move.card is not None:
        return Text(move.card.pretty)
    if move.kind == "order":
        words = Text("taking up {suit}", "{suit}の拾い上げ") if obs.seat == obs.dealer else \
            Text("ordering up {suit}", "{suit}のオーダーアップ")
        return words.format(suit=obs.upcard.suit.symbol)
    if move.kind == "call" and move.suit is not None:
        return Text("naming {suit}", "{suit}の指名").format(suit=move.suit.symbol)
    return Text("passing", "パス")


def _per_hand(obs: Observation, value: float) -> Text:
    """An average and whose points it sets against South's ("+0.50 points a hand (yours less North's)")."""
    if obs.format.players == 2:
        words = Text("{v} points a hand (yours less North's)", "あなたの点から北の点を引いた差は1ハンドあたり{v}点")
    else:
        words = Text("{v} points a hand (yours less the others' average)",
                     "あなたの点からほかの2人の平均を引いた差は1ハンドあたり{v}点")
    return words.format(v=signed(value))


def _over(values: Values) -> Text:
    return counted(values.samples, Text("Over 1 sampled deal", "見えない札を1通り試すと"),
                   Text("Over {n} sampled deals", "見えない札を{n}通り試すと"))


def _call_reason(obs: Observation, values: Values, move: Move) -> Text:
    """A bid: its average against the next best bid's (passing among them when it is allowed)."""
    line = _over(values) + Text(", {m} scores ", "、{m}なら、").format(m=move_words(obs, move)) \
        + _per_hand(obs, values.points[move])
    if PASS not in values.points:
        line = Text("You must name a suit. ", "必ず指名します。") + line
    other, value = max(((m, v) for m, v in values.points.items() if m != move), key=lambda pair: pair[1])
    tie = Text(" On a tie, passing.", "同点ならパスします。") if move == PASS and value == values.points[move] else ""
    return line + next_best(values.points[move], value, move_words(obs, other)) + tie


def _card_reason(obs: Observation, values: Values, move: Move, rule: Text | None) -> Text:
    """A card: its average against the next best card's; on a tie, the conventional rule that chose it."""
    mine = values.points[move]
    line = _over(values) + Text(": ", "、") + _per_hand(obs, mine)
    other, value = max(((m, v) for m, v in values.points.items() if m != move), key=lambda pair: pair[1])
    if value >= mine - 0.005 and rule is not None:
        return line + Text(", as much as {m}. ", "で{m}と同じ。").format(m=move_words(obs, other)) + rule
    return line + next_best(mine, value, move_words(obs, other))


def _reason(player: HardPlayer, obs: Observation, legal: Sequence[Move], move: Move) -> Text:
    values = player.last_values
    if obs.phase in (Phase.BID1, Phase.BID2):
        assert values is not None  # every call is weighed on sampled deals
        return _call_reason(obs, values, move)
    if obs.phase == Phase.DISCARD:
        assert obs.trump is not None and move.card is not None
        return discard_reason(obs.hand, obs.trump, move.card)
    cards = [m.card for m in legal if m.card is not None]
    usual, rule = player.play_why(obs, cards)
    if values is not None and move in values.points:
        return _card_reason(obs, values, move, RULES[rule] if usual == move.card else None)
    return RULES[rule]


def cutthroat_hint(observation: Observation, legal: Sequence[Move]) -> Hint | None:
    """The hard player's move for South and why (the same position gives the same hint)."""
    if not legal:
        return None
    player = HardPlayer()
    move = player.choose(observation, legal, Rng.derive(f"{observation.format.name}-hint", repr(observation)))
    head = move_words(observation, move).capitalized()
    return Hint(move.text, head + Text(" — ") + _reason(player, observation, legal, move))
