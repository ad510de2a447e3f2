"""Everything Bid Euchre's table says, in English and Japanese."""

from __future__ import annotations

from core.plugin import Text
from plugins.euchre.public import TABLE_WORDS

W = {
    **TABLE_WORDS,
    "bid": Text("Bid {n}", "{n}をビッド"),
    "notrump_high": Text("No-trump high", "ノートランプ・ハイ"), "notrump_low": Text("No-trump low", "ノートランプ・ロー"),
    "your_bid": Text("Your bid: more than {high}, or pass.", "あなたのビッド: {high}より多く、またはパス。"),
    "your_first_bid": Text("Your bid: 3 to 6 tricks, or pass.", "あなたのビッド: 3〜6トリック、またはパス。"),
    "your_dealer_bid": Text("You deal: take it at {high}, bid higher, or pass.",
                            "あなたが配り手: {high}で取る、より高くビッド、またはパス。"),
    "your_dealer_six": Text("You deal: take it at 6, or pass.", "あなたが配り手: 6で取るか、パス。"),
    "your_forced": Text("Everyone passed: as dealer you must bid at least 3.",
                        "全員パス: 配り手のあなたは3以上をビッドしてください。"),
    "your_declare": Text("You won the bid at {n}: name trump, or no-trump high or low.",
                         "{n}で落札: 切札かノートランプ（ハイ・ロー）を決めてください。"),
    "made": Text("{team} made their bid of {bid}: +{pts}", "{team}がビッド{bid}を達成: +{pts}点"),
    "set": Text("{team} were set: −{bid}", "{team}はセット: −{bid}点"),
    "points_line": Text("This hand: {a} — {b}", "このハンド: {a} — {b}"),
    "no_win_yet": Text("{team} passed 32, but trick points against a made bid do not win: play on.",
                       "{team}は32点を超えましたが、達成されたビッドに対するトリック点では勝てません。続行です。"),
    "match_won": Text("{team} win the match, {a} to {b}", "{team}の勝ち {a}対{b}"),  # a score may be −31
    "declarer": Text("declarer", "宣言者"), "said_bid": Text("bids {n}", "{n}をビッド"),
    "said_pass": TABLE_WORDS["bid_pass"],
    "panel_contract": Text("{seat} bid {n} · {kind}", "{seat}が{n}で落札・{kind}"),
    "panel_auction": Text("Auction: highest bid {n}", "オークション: 最高 {n}"),
    "kind_trump": Text("trump {suit}", "切札 {suit}"), "kind_high": Text("no-trump high", "ノートランプ・ハイ"),
    "kind_low": Text("no-trump low", "ノートランプ・ロー"), "kind_open": Text("choosing", "選択中"),
}
