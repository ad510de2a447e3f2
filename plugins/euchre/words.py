"""Everything Euchre's table says, in English and Japanese (the presenter formats these)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from core.cards import Card, Suit
from core.text import Text
from plugins.euchre.cards import Ranking

if TYPE_CHECKING:
    from plugins.euchre.observe import HandSummary

SEATS = (Text("You", "あなた"), Text("West", "西"), Text("North", "北"), Text("East", "東"))
TEAMS = (Text("You & North", "あなたと北"), Text("East & West", "東と西"))

# What every trick-taking table of the Euchre family says alike. A variant takes these through
# ``plugins.euchre.public.TABLE_WORDS`` and adds its own or replaces one, so a wording is fixed in one place.
TABLE_WORDS: Mapping[str, Text] = MappingProxyType({
    # buttons
    "pass": Text("Pass", "パス"), "order": Text("Order up {suit}", "{suit} を切札に"), "next": Text("Next", "次へ"),
    "again": Text("Play again", "もう一度"), "back": Text("Back to the games", "ゲーム一覧へ"),
    # the status line
    "your_play": Text("Your turn: play a card.", "あなたの番: 札を出してください。"),
    "waiting": Text("{seat} is thinking…", "{seat}が考えています…"),
    "read": Text("Press Next (Space) to go on.", "「次へ」（Space）で進みます。"),
    "read_match": Text("Play again (Enter) for a new match, or go back to the games.",
                       "「もう一度」（Enter）で新しい対戦、「ゲーム一覧へ」で戻ります。"),
    # holds
    "trick_won": Text("{seat} won the trick", "{seat}がトリックを取りました"),
    "tricks_line": Text("Tricks: {a} — {b}", "トリック: {a} — {b}"),
    "score_line": Text("Score: {a} — {b} (game to {target})", "得点: {a} — {b}（{target}点先取）"),
    "match_line": Text("{n} hands played", "{n}ハンドで決着"), "match_line_one": Text("1 hand played", "1ハンドで決着"),
    # the piles, as a screen reader names them
    "pile_hand_you": Text("Your hand", "あなたの手札"), "pile_hand": Text("{seat}'s hand", "{seat}の手札"),
    "pile_trick_you": Text("Your card in the trick", "場のあなたの札"),
    "pile_trick": Text("{seat}'s card in the trick", "場の{seat}の札"), "pile_upcard": Text("The upcard", "公開札"),
    "pile_discard": Text("Your discard (face down, out of play)", "あなたの捨て札（伏せて、以後使いません）"),
    # the table
    "dealer": Text("dealer", "配り手"), "maker": Text("made trump", "切札宣言"),
    "tricks_tag": Text("{n} tricks", "{n}トリック"), "trick_tag": Text("1 trick", "1トリック"),
    "panel_teams": Text("{a} — {b}", "{a} — {b}"),
    "panel_score": Text("Score {a} — {b} (game to {n})", "得点 {a} — {b}（{n}点先取）"),
    "panel_tricks": Text("Tricks {a} — {b}", "トリック {a} — {b}"),
    "panel_no_trump": Text("Trump not yet made", "切札は未決定"),
    # what a seat said, in its speech bubble
    "bid_pass": Text("pass", "パス"), "bid_order": Text("order up", "切札に"),
    # the last hand's review, frame by frame
    "review_hand": Text("Hand {n}: ", "第{n}ハンド: "),
    "review_trick": Text("Trick {n} of {of}: {seat} wins with {card}", "{of}トリック中{n}: {seat}が {card} で取りました"),
})

W = {
    **TABLE_WORDS,
    # buttons
    "order_alone": Text("Order up {suit} alone", "{suit} を単独で切札に"),
    "alone": Text("Alone", "単独"), "pickup": Text("Pick up", "拾う"), "decline": Text("Leave it", "拾わない"),
    "defend_alone": Text("Defend alone", "守備で単独"),
    # the status line
    "your_name": Text("The joker is turned up: name trump before you look at your hand (S H D C).",
                      "公開札はジョーカー: 手札を見る前に切札を指名してください（S H D C）。"),
    "joker_up": Text("The joker is turned up: {seat} names trump without looking at the hand.",
                     "公開札はジョーカー: {seat}が手札を見ずに切札を指名します。"),
    "joker_note_you": Text("The joker! Name trump unseen: S H D C", "ジョーカー！見ずに切札を指名: S H D C"),
    "joker_note": Text("The joker! {seat} names trump unseen", "ジョーカー！{seat}が見ずに切札を指名"),
    "your_bid1": Text("Your call: order up {suit} or pass.", "あなたの番: {suit} を切札にするかパス。"),
    "your_bid2": Text("Your call: name a suit or pass.", "あなたの番: マークを選ぶかパス。"),
    "your_forced": Text("Stick the dealer: you must name a suit.", "配り手強制: マークを選んでください。"),
    "your_discard": Text("Discard one of your original five cards.", "元の5枚から1枚捨ててください。"),
    "your_pickup": Text("Pick up the upcard or leave it.", "公開札を拾うか選んでください。"),
    "your_defend": Text("Play alone against the makers?", "単独で守りますか？"),
    "alone_armed": Text("Alone is on: your call will be played alone (Esc cancels).",
                        "単独がオン: 宣言は単独になります（Escで取り消し）。"),
    # holds
    "thrown_in": Text("Everybody passed: the hand is thrown in", "全員パス: 配り直しです"),
    "made": Text("{team} made {n} tricks: +{pts}", "{team}が{n}トリック: +{pts}点"),
    "march": Text("{team} took all five: +{pts}", "{team}が5トリック全部: +{pts}点"),
    "alone_march": Text("{seat} went alone and took all five: +{pts}", "{seat}が単独で5トリック全部: +{pts}点"),
    "euchred": Text("{team} were euchred: +{pts} to {other}", "{team}はユーカー: {other}に+{pts}点"),
    "defended_alone": Text("{seat} defended alone and euchred them: +{pts}", "{seat}が単独で守りユーカー: +{pts}点"),
    "trump_line": Text("Trump {suit} · made by {seat}{alone}", "切札 {suit}・宣言 {seat}{alone}"),
    "alone_suffix": Text(" alone", "（単独）"),
    "match_won": Text("{team} win the match {a}–{b}", "{team}の勝ち {a}–{b}"),
    # the table
    "sits_out": Text("sits out", "休み"), "alone_tag": Text("alone", "単独"),
    "panel_trump": Text("Trump {suit} · made by {seat}", "切札 {suit}・{seat}"),
    "bid_order_alone": Text("order up · alone", "切札に・単独"), "bid_call": Text("calls {suit}", "{suit} を指名"),
    "bid_call_alone": Text("calls {suit} · alone", "{suit} を指名・単独"), "bid_pickup": Text("picks up", "拾う"),
    "bid_decline": Text("leaves the upcard", "拾わない"), "bid_alone": Text("defends alone", "単独で守る"),
}


def bid_words(text: str) -> Text:
    """What a public decision (``order alone``, ``call H``) says in a speech bubble."""
    from plugins.euchre.model import Move

    move = Move.parse(text)
    if move.kind == "call" and move.suit is not None:
        return W["bid_call_alone" if move.alone else "bid_call"].format(suit=move.suit.symbol)
    return W["bid_order_alone" if move.kind == "order" and move.alone else f"bid_{move.kind}"]


def result_words(prev: HandSummary) -> Text:
    """How a finished hand ended, in one line."""
    if prev.thrown_in or prev.maker is None:
        return W["thrown_in"]
    makers, pts = prev.maker % 2, max(prev.points)
    if prev.maker_tricks < 3:
        if prev.defender_alone is not None:
            return W["defended_alone"].format(seat=SEATS[prev.defender_alone], pts=pts)
        return W["euchred"].format(team=TEAMS[makers], other=TEAMS[1 - makers], pts=pts)
    if prev.maker_tricks == 5:
        if prev.alone is not None:
            return W["alone_march"].format(seat=SEATS[prev.alone], pts=pts)
        return W["march"].format(team=TEAMS[makers], pts=pts)
    return W["made"].format(team=TEAMS[makers], n=prev.maker_tricks, pts=pts)


def discard_reason(hand: Sequence[Card], trump: Suit, card: Card) -> Text:
    """Why a dealer throws ``card`` away: it leaves a suit empty, or it is the hand's least useful card."""
    ranking = Ranking(trump)
    if ranking.count(hand, ranking.suit_of(card)) == 1 and not ranking.is_trump(card):
        return Text("Throwing it away leaves you void in its suit, so you can trump it.",
                    "捨てるとそのマークがなくなり、切札で取れるようになります。")
    return Text("Your least useful card.", "一番役に立たない札です。")
