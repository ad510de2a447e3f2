"""Everything two-handed Euchre's table says, in English and Japanese."""

from __future__ import annotations

from core.plugin import Text

SEATS = (Text("South (you)", "南（あなた）"), Text("North", "北"))
PLAYERS = (Text("You", "あなた"), Text("North", "北"))

W = {
    "order": Text("Order up {suit}", "{suit} を切札に"), "take": Text("Take up {suit}", "{suit} を拾って切札に"),
    "pass": Text("Pass", "パス"), "next": Text("Next", "次へ"), "again": Text("Play again", "もう一度"),
    "back": Text("Back to the games", "ゲーム一覧へ"),
    "your_bid1": Text("North deals: order up {suit}, or pass.", "北が配り手: {suit} を切札にするか、パス。"),
    "your_take": Text("You deal: take up {suit}, or pass.", "あなたが配り手: {suit} を拾って切札にするか、パス。"),
    "your_bid2": Text("Name another suit as trump, or pass.", "ほかのマークを切札に指名するか、パス。"),
    "your_last": Text("Name another suit, or pass and the hand is dealt again.",
                      "ほかのマークを指名するか、パスで配り直し。"),
    "your_discard": Text("You took the upcard: discard one of your other cards (click or 1–6).",
                         "公開札を拾いました: ほかの札を1枚捨ててください（クリックか1〜6）。"),
    "your_play": Text("Your turn: play a card.", "あなたの番: 札を出してください。"),
    "waiting": Text("{seat} is thinking…", "{seat} が考えています…"),
    "read": Text("Press Next (Space) to go on.", "「次へ」(Space) で進みます。"),
    "trick_won": Text("{seat} won the trick", "{seat} がトリックを取りました"),
    "made": Text("{player} made trump {suit} and took {n} tricks: +{pts}",
                 "{player} が切札 {suit} で {n} トリック: +{pts}点"),
    "march": Text("{player} took all five tricks with trump {suit}: +2", "{player} が切札 {suit} で5トリック全部: +2点"),
    "euchred": Text("{player} made trump {suit} but took only {n}: euchred, the other player +2",
                    "{player} は切札 {suit} で {n} トリックのみ: ユーカー、相手に+2点"),
    "thrown_in": Text("Both passed twice: the hand is dealt again", "2巡ともパス: 配り直しです"),
    "tricks_line": Text("Tricks: you {a} — North {b}", "トリック: あなた {a} — 北 {b}"),
    "score_line": Text("Score: you {a} — North {b} (game to {target})", "得点: あなた {a} — 北 {b}（{target}点先取）"),
    "match_won": Text("{player} win the match {a}–{b}", "{player} の勝ち {a}–{b}"),
    "match_lost": Text("North wins the match {a}–{b}", "北の勝ち {a}–{b}"),
    "match_line": Text("{hands} hands played", "{hands} ハンド"),
    "dealer": Text("dealer", "配り手"), "maker": Text("made trump", "切札宣言"),
    "trick_tag": Text("1 trick", "1 トリック"), "tricks_tag": Text("{n} tricks", "{n} トリック"),
    "said_pass": Text("pass", "パス"), "said_order": Text("order up", "切札に"), "said_take": Text("take up", "拾う"),
    "said_call": Text("{suit}", "{suit}"),
    "panel_players": Text("You — North", "あなた — 北"),
    "panel_score": Text("Score {a} — {b}", "得点 {a} — {b}"),
    "panel_target": Text("Game to {n}", "{n}点先取"), "panel_tricks": Text("Tricks {a} — {b}", "トリック {a} — {b}"),
    "panel_trump": Text("Trump {suit} ({seat})", "切札 {suit}（{seat}）"),
    "panel_no_trump": Text("Trump not yet made", "切札は未決定"),
}
