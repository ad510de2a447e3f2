"""Everything Yukon's table says, in English and Japanese."""

from __future__ import annotations

from core.text import Text

W = {
    "deal": Text("Deal {n}", "配り {n}"),
    "deal_of_day": Text("the deal of {date}", "{date}の配り"),
    "standard": Text("Standard", "標準"),
    "russian": Text("Russian", "ロシアン"),
    "moves": Text("{n} moves", "{n}手"), "move_one": Text("1 move", "1手"),
    "assisted": Text("with help", "手助けあり"),
    "won": Text("You won!", "クリア！"),
    "won_assisted": Text("Won — with help", "クリア（手助けあり）"),
    "new_deal": Text("New deal", "新しい配り"),
    "todays_deal": Text("Today's deal", "今日の配り"),
    "back": Text("Back to the games", "ゲーム一覧へ"),
    "solvable": Text("solvable (solver, face-down cards known)", "解あり（裏札も分かった上でのソルバー判定）"),
    "unwinnable": Text("cannot be won", "解けない配り"),
    "unknown": Text("solvability not yet known", "解けるかは未確認"),
    "thinking": Text("solver thinking…", "ソルバー計算中…"),
    "still": Text("still winnable", "まだ解けます"),
    "no_longer": Text("no longer winnable — undo to go back", "もう解けません — 「元に戻す」で戻れます"),
    "level": Text("{level} deal", "難度: {level}"),
    "easy": Text("easy", "やさしい"), "normal": Text("normal", "ふつう"), "hard": Text("hard", "むずかしい"),
    "stuck": Text("No moves left. Undo, Restart or New game.",
                  "動かせる札がありません。「元に戻す」「最初から」「新しいゲーム」のどれかを。"),
    "pile_column": Text("Column {n}", "{n}列目"), "pile_foundation": Text("{suit} foundation", "{suit}の組札"),
}
