"""Euchre's hint: what the hard player would do in the player's seat, from the player's observation only, with
a one-line reason quoting what decided it — the sampled deals' average points for a close call or a card
chosen by exact analysis, the hand's estimated tricks for a plain call, or the conventional rule it followed.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.game import Hint
from core.rng import Rng
from core.text import Text, counted, next_best, signed
from plugins.euchre.cpu import HardPlayer, Values
from plugins.euchre.model import Move, Phase
from plugins.euchre.observe import Observation
from plugins.euchre.words import discard_reason

RULES = {
    "only": Text("It is your only legal card.", "出せる札はこれだけです。"),
    "partner_sure": Text("North already has this trick: keep your good cards.",
                         "このトリックは北が取ります。強い札は残しましょう。"),
    "partner_winning": Text("North is winning the trick: do not overtake your partner.",
                            "北が勝っています。味方の札を越さないように。"),
    "cheapest_winner": Text("The cheapest card that wins the trick.", "このトリックに勝てる一番安い札です。"),
    "cannot_win": Text("You cannot win this trick: throw your least useful card.",
                       "このトリックには勝てません。一番役に立たない札を捨てましょう。"),
    "lead_boss_trump": Text("The highest trump still out: lead it to draw the others' trumps.",
                            "残っている中で最強の切札です。リードして相手の切札を引き出します。"),
    "lead_draw_trump": Text("You made trump and hold two or more: lead your best trump.",
                            "切札を宣言し2枚以上持っています。最強の切札をリードしましょう。"),
    "lead_backed_ace": Text("Against a loner: cash an ace with a second card of its suit.",
                            "単独の相手には、同じマークの2枚目があるAを先に取ります。"),
    "lead_long_suit": Text("Against a loner: lead from your longest plain suit, keeping trump.",
                           "単独の相手には、切札を残して一番長いマークからリードします。"),
    "lead_ace": Text("Cash an off-suit ace while it can still win.", "勝てるうちに切札以外のAを取ります。"),
    "lead_high_plain": Text("Lead your highest plain card; keep trump for later.",
                            "切札を残し、切札以外で一番高い札をリードします。"),
    "lead_low_plain": Text("Lead from your shortest plain suit, hoping North can win it.",
                           "切札以外で一番短いマークからリードし、北に取ってもらいます。"),
    "lead_only_trump": Text("Only trump left.", "残りは切札だけです。"),
}


TIES = {  # which bid the hard player makes when the sampled deals score two alike
    "pass": Text("On a tie, passing.", "同点ならパスします。"),
    "partner": Text("On a tie, not alone.", "同点なら単独にはしません。"),
    "suit": Text("On a tie, the suit your hand counts strongest.", "同点なら手札の見積もりが一番高いマークです。"),
}

CHOICE_WORDS = {"pass": Text("passing", "パス"), "order": Text("ordering up", "オーダーアップ"),
                "pickup": Text("picking up", "拾う"), "decline": Text("leaving the upcard", "拾わない"),
                "alone": Text("defending alone", "単独で守る")}


def _move_words(move: Move) -> Text:
    if move.card is not None:
        return Text(move.card.pretty)
    words = CHOICE_WORDS.get(move.kind) or Text("naming {suit}", "{suit}の指名").format(
        suit=move.suit.symbol if move.suit else "")
    return words + (Text(" alone", "（単独）") if move.alone and move.kind != "alone" else Text(""))


def _compare(values: Values, move: Move, convention: Text | None = None) -> Text:
    """“Over 48 sampled deals: +0.42 points a hand, against +0.10 for passing.” When another move scores as
    much (or, for the opening lead, a little more), the conventional rule that chose the card follows, or for a
    bid the rule that breaks a tie (``convention``)."""
    mine = values.points[move]
    others = [(m, v) for m, v in values.points.items() if m != move]
    line = counted(values.samples,
                   Text("Over 1 sampled {kind}: {v} points a hand", "見えない札を1通り試すと、1ハンドあたり{v}点"),
                   Text("Over {n} sampled {kind}s: {v} points a hand", "見えない札を{n}通り試すと、1ハンドあたり{v}点"),
                   kind=values.kind, v=signed(mine))
    if not others:
        return line + Text(".", "。")
    other, value = max(others, key=lambda pair: pair[1])
    if value > mine + 0.005 and convention is not None:  # the opening lead: within the margin the rule stands
        return line + Text(", against {v} for {m}: too close to overrule the usual opening lead. ",
                           "（{m}は{v}点。最初のリードなので、この差では定石を変えません）。").format(
            v=signed(value), m=_move_words(other)) + convention
    if value >= mine - 0.005 and convention is not None:
        return line + Text(", as much as {m}. ", "で{m}と同じ。").format(m=_move_words(other)) + convention
    return line + next_best(mine, value, _move_words(other))


def _tie_rule(values: Values, move: Move, strongest: Move | None = None) -> Text | None:
    """Why a bid was made over another that its sampled deals score exactly alike: passing wins a tie, then a
    call with the partner, then the suit the hand counts strongest (``strongest``; a dealer stuck with naming
    one). None without a tie: a bid is made only when it scores more (however little)."""
    other = max((m for m in values.points if m != move), key=lambda m: values.points[m], default=None)
    if other is None or values.points[other] != values.points[move]:
        return None
    if move.kind == "pass":
        return TIES["pass"]
    if other.alone and not move.alone:
        return TIES["partner"]
    return TIES["suit"] if move == strongest else None


def _call_reason(player: HardPlayer, obs: Observation, legal: Sequence[Move], move: Move) -> Text:
    if move.alone and player._sure_loner(obs, legal) == move:
        return Text("Your hand takes all five tricks whatever the others hold: alone scores 4.",
                    "誰が何を持っていても5トリック全部取れる手です。単独なら4点。")
    candidate = player._candidate(obs, legal)
    if player.last_values is not None and move in player.last_values.points:
        strongest = candidate[1] if candidate is not None else None
        return _compare(player.last_values, move, _tie_rule(player.last_values, move, strongest))
    if candidate is None:
        return Text("You may not call here.", "ここでは宣言できません。")
    estimate, call = candidate
    suit = obs.upcard.suit if call.kind == "order" else call.suit
    assert suit is not None
    numbers = {"n": f"{max(0.0, estimate):.1f}", "suit": suit.symbol, "need": f"{player.style.call:.1f}"}
    if move.kind == "pass":
        return Text("With {suit} trump your hand is worth about {n} tricks; a call needs about {need}.",
                    "{suit}が切札なら手札は約{n}トリック。宣言には約{need}必要です。").format(**numbers)
    if move.kind == "call" and not any(m.kind == "pass" for m in legal):
        return Text("You must name a suit; {suit} is your strongest (about {n} tricks).",
                    "必ず宣言します。{suit}が一番強いマークです（約{n}トリック）。").format(**numbers)
    return Text("With {suit} trump your hand is worth about {n} tricks, and North adds about one.",
                "{suit}が切札なら手札は約{n}トリック、北が約1トリック加えます。").format(**numbers)


def _reason(player: HardPlayer, obs: Observation, legal: Sequence[Move], move: Move) -> Text:
    if obs.phase == Phase.NAME:
        return Text("You name trump before seeing your hand: every suit is as good as another.",
                    "手札を見る前の指名なので、どのマークでも同じです。")
    if obs.phase in (Phase.BID1, Phase.BID2):
        return _call_reason(player, obs, legal, move)
    if obs.phase == Phase.PICKUP:
        return Text("Taking the upcard gives you another trump.", "公開札を拾えば切札が1枚増えます。")
    if obs.phase == Phase.DISCARD:
        assert obs.trump is not None and move.card is not None
        return discard_reason(obs.hand, obs.trump, move.card)
    if obs.phase == Phase.DEFEND:
        if player.last_values is not None and move in player.last_values.points:
            return _compare(player.last_values, move, _tie_rule(player.last_values, move))
        if move.kind == "alone":
            return Text("Two top trumps and four in all: defend alone for 4 if you euchre them.",
                        "上位の切札2枚を含む4枚の切札。単独でユーカーにすれば4点です。")
        return Text("Defend with North: your hand is not strong enough alone.",
                    "北と一緒に守りましょう。単独には弱い手です。")
    cards = [m.card for m in legal if m.card is not None]
    usual, rule = player._play_why(obs, cards)
    if player.last_values is not None and move in player.last_values.points:
        return _compare(player.last_values, move, RULES[rule] if usual == move.card else None)
    return RULES[rule]


def euchre_hint(observation: Observation, legal: Sequence[Move]) -> Hint | None:
    """The hard player's move for the player's seat and why (the same position gives the same hint)."""
    if not legal:
        return None
    player = HardPlayer()
    move = player.choose(observation, legal, Rng.derive("euchre-hint", repr(observation)))
    return Hint(move.text, _move_words(move).capitalized() + Text(" — ") + _reason(player, observation, legal, move))

