"""Everything the two- and three-handed tables say, in English and Japanese."""

from __future__ import annotations

from core.plugin import Text
from plugins.euchre.public import TABLE_WORDS

# by the number of players: each seat's name beside its hand, and the player as the subject of a sentence
SEATS = {2: (Text("South (you)", "南（あなた）"), Text("North", "北")),
         3: (Text("South (you)", "南（あなた）"), Text("West", "西"), Text("East", "東"))}
PLAYERS = {2: (Text("You", "あなた"), Text("North", "北")),
           3: (Text("You", "あなた"), Text("West", "西"), Text("East", "東"))}

W = {
    **TABLE_WORDS,
    "take": Text("Take up {suit}", "{suit} を拾って切札に"),
    "your_bid1": Text("{seat} deals: order up {suit}, or pass.", "{seat}が配り手: {suit} を切札にするか、パス。"),
    "your_take": Text("You deal: take up {suit}, or pass.", "あなたが配り手: {suit} を拾って切札にするか、パス。"),
    "your_bid2": Text("Name another suit as trump, or pass.", "ほかのマークを切札に指名するか、パス。"),
    "your_last": Text("Name another suit, or pass and the hand is dealt again.",
                      "ほかのマークを指名するか、パスで配り直し。"),
    "your_stuck": Text("Stick the dealer: name one of the other three suits.",
                       "配り手強制: ほかの3つのマークから1つを指名してください。"),
    "your_discard": Text("You took the upcard: discard one of your other cards (click or 1–6).",
                         "公開札を拾いました: ほかの札を1枚捨ててください（クリックか1〜6）。"),
    "made": Text("{player} made trump {suit} and took {n} tricks: +{pts}",
                 "{player}が切札 {suit} で{n}トリック: +{pts}点"),
    "march": Text("{player} took all five tricks with trump {suit}: +{pts}",
                  "{player}が切札 {suit} で5トリック全部: +{pts}点"),
    "euchred": Text("{player} made trump {suit} but took {taken}: euchred, +2 to each other player",
                    "{player}は切札 {suit} で{taken}: ユーカー、ほかの全員に+2点"),
    "euchred_by": Text("{player} made trump {suit} but took {taken}: euchred, +2 to {other}",
                       "{player}は切札 {suit} で{taken}: ユーカー、{other}に+2点"),
    "taken_none": Text("no tricks", "1トリックも取れず"), "taken_one": Text("only 1 trick", "1トリックのみ"),
    "taken_few": Text("only {n} tricks", "{n}トリックのみ"),
    "thrown_in": Text("Everyone passed twice: the hand is dealt again", "2巡とも全員パス: 配り直しです"),
    "match_you": Text("You win the match {score}", "あなたの勝ち {score}"),
    "match_other": Text("{player} wins the match {score}", "{player}の勝ち {score}"),
    "said_pass": TABLE_WORDS["bid_pass"], "said_order": TABLE_WORDS["bid_order"], "said_take": Text("take up", "拾う"),
    "said_call": Text("{suit}", "{suit}"),
    # every player scores alone: these replace the partnerships' "{a} — {b}" with a list of players
    "tricks_line": Text("Tricks: {list}", "トリック: {list}"),
    "score_line": Text("Score: {list} (game to {target})", "得点: {list}（{target}点先取）"),
    "panel_score": Text("Score {list}", "得点 {list}"),
    "panel_target": Text("Game to {n}", "{n}点先取"),
    "panel_score_to": Text("Score {list} (game to {n})", "得点 {list}（{n}点先取）"),
    "panel_tricks": Text("Tricks {list}", "トリック {list}"),
    "panel_trump": Text("Trump {suit} ({seat})", "切札 {suit}（{seat}）"),
}
