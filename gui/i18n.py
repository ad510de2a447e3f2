"""The translation layer: every string the shell shows, in English and Japanese, and the current language.

Plugins bring their own strings as :class:`core.text.Text`; both go through :func:`tr` / :func:`text`.
"""

from __future__ import annotations

from collections.abc import Callable

from core.text import LANGUAGES, Text
from gui.qt_paths import shown_in_qt

STRINGS: dict[str, Text] = {
    "app_title": Text("Card Table", "カードテーブル"),
    "games": Text("Games", "ゲーム"),
    "game": Text("Game", "ゲーム"),
    "continue": Text("Continue", "続きから"),
    "new_game": Text("New game", "新しいゲーム"),
    "settings": Text("Settings", "設定"),
    "quit": Text("Quit", "終了"),
    "language": Text("Language", "言語"),
    "variants": Text("Variants", "変種"),
    "broken_plugin": Text("Plugin {name} could not be loaded: {reason}", "プラグイン {name} を読み込めません: {reason}"),
    "disabled_plugin": Text("Plugin {name} is disabled", "プラグイン {name} は無効です"),
    "undo": Text("Undo", "元に戻す"),
    "redo": Text("Redo", "進める"),  # not やり直す: the seed pages use that word for Restart
    "hint": Text("Hint", "ヒント"),
    "pause": Text("Pause", "ポーズ"),
    "resume": Text("Resume", "再開"),
    "restart": Text("Restart", "最初から"),
    "restart_confirm": Text("Press Restart again to confirm", "もう一度押すと最初からやり直します"),
    "new_confirm": Text("Press New game again to confirm", "もう一度押すと新しいゲームです"),
    "new_confirm_saved": Text("Press again to confirm", "もう一度押して確定"),
    "new_confirm_saved_why": Text("A second press ends the saved game and starts a new one; Esc keeps it",
                                  "もう一度押すと保存したゲームを終えて新しく始めます。Esc でそのまま"),
    "new_confirm_key": Text("Ctrl+N again starts a new game; this one would be lost (Esc: play on)",
                            "もう一度 Ctrl+N で新しいゲームです。今のゲームは失われます（Esc で続行）"),
    "restart_confirm_key": Text("F5 again starts this game over; its moves would be lost (Esc: play on)",
                                "もう一度 F5 で最初からやり直します。ここまでの手は失われます（Esc で続行）"),
    "back": Text("Back", "戻る"),
    "paused": Text("Paused — press P to resume", "ポーズ中 — Pで再開"),
    "no_hint": Text("No move to suggest", "提案できる手がありません"),
    "table_name": Text("{game} table", "{game}の盤面"),
    "table_help": Text("T reads the whole table; the arrows move over the cards.",
                       "T で盤面全体を読み上げます。矢印キーで札の上を動きます。"),
    "review_help": Text("T reads the whole table; the arrows step through the hand.",
                        "T で盤面全体を読み上げます。矢印キーでハンドを一場面ずつ進みます。"),
    "demo": Text("Demo", "デモ"),
    "demo_stop": Text("Stop demo", "デモを止める"),
    "demo_on": Text("Demo: the hint plays for you. Any key or click on the table stops it.",
                    "デモ: ヒントが代わりにプレイします。キーか盤面のクリックで止まります。"),
    "demo_status": Text("Demo — any key or click stops it", "デモ中 — キーかクリックで止まります"),
    "demo_over": Text("The demo has played the game to its end.", "デモはゲームを最後までプレイしました。"),
    "demo_stuck": Text("The demo stopped: the hint has no move here (its reason is on the table).",
                       "デモを止めました: ヒントが示せる手がありません（理由は盤面に）。"),
    "demo_refused": Text("The demo stopped: the game refused the hint's move (the reason is on the table).",
                         "デモを止めました: ヒントの手をゲームが受け付けませんでした（理由は盤面に）。"),
    "save_failed": Text("Progress cannot be saved ({reason}); play goes on, and the game is kept while Card Table "
                        "is open.",
                        "保存できません（{reason}）。このまま遊べます。カードテーブルを閉じるまではゲームを覚えています。"),
    "kept_unsaved": Text("{game}: the game in progress could not be saved ({reason}). Continue picks it up while "
                         "Card Table is open; quitting loses it.",
                         "{game}: 進行中のゲームを保存できませんでした（{reason}）。カードテーブルを閉じるまでは"
                         "「続きから」で再開できます。終了すると失われます。"),
    "quit_unsaved_title": Text("Quit Card Table?", "カードテーブルを終了しますか？"),
    "quit_unsaved": Text("What was played could not all be saved:\n{games}\nIf you quit now, this is lost.",
                         "遊んだ内容の一部を保存できませんでした:\n{games}\nいま終了すると失われます。"),
    "unsaved_game": Text("{game} ({reason})", "{game}（{reason}）"),
    "unsaved_stats": Text("{game}'s statistics ({reason})", "{game}の統計（{reason}）"),
    "quit_unsaved_more": Text("Make room on the disk (or let the folder be written): it is saved with the next move, "
                              "or when you quit.",
                              "ディスクに空きを作る（またはフォルダーに書き込めるようにする）と、次の手か終了のときに"
                              "保存されます。"),
    "quit_anyway": Text("Quit and lose it", "終了して失う"),
    "keep_playing": Text("Keep playing", "続ける"),
    "save_recovered": Text("Saving works again.", "保存できるようになりました。"),
    "cpu_slow": Text("{seat} has been thinking for over {seconds} s: its CPU player may be stuck. You can wait, or "
                     "leave this game with New game or Back.",
                     "{seat}が{seconds}秒以上考えています。CPUプレイヤーが止まっているかもしれません。待つか、"
                     "「新しいゲーム」か「戻る」でこのゲームを離れてください。"),
    "hint_looking": Text("Looking for a hint…", "ヒントを探しています…"),
    "cpu_answered": Text("{seat} has moved, after {seconds} s.", "{seat}が{seconds}秒かけて手を決めました。"),
    "stats_recovered": Text("The statistics are saved again.", "統計を保存できるようになりました。"),
    "save_moved": Text("A saved game could not be used: {reason}", "保存されたゲームを使えません: {reason}"),
    "save_settings_changed": Text("The saved game goes on, but not all its settings hold in this version of {game}: "
                                  "{problems}", "保存されたゲームは続きますが、この版の{game}では使えない設定があります: "
                                  "{problems}"),
    "settings_title": Text("Settings — {game}", "設定 — {game}"),
    "preset": Text("Rules", "ルール"),
    "card_theme": Text("Card design", "カードの絵柄"),
    "theme_classic": Text("Card Table classic", "カードテーブル標準"),
    "felt": Text("Table colour", "テーブルの色"),
    "felt_green": Text("Green", "緑"),
    "felt_blue": Text("Blue", "青"),
    "felt_grey": Text("Grey", "グレー"),
    "felt_help": Text("The colour of the cloth the cards lie on.", "カードを置く布の色。"),
    "table_text": Text("Table text", "テーブルの文字"),
    "table_text_normal": Text("Normal", "標準"),
    "table_text_large": Text("Large", "大きめ"),
    "table_text_larger": Text("Larger", "さらに大きく"),
    "table_text_help": Text("The size of the words on the table: names, scores, buttons and messages.",
                            "テーブルの上の文字（名前・得点・ボタン・メッセージ）の大きさ。"),
    "animations": Text("Animate card moves", "カードの移動をアニメーション"),
    "settings_new_game": Text("Changed settings start a new game.", "設定を変えると新しいゲームになります。"),
    "settings_change_no_game": Text("Card design, table colour and sound change nothing in the game.",
                                    "カードのデザイン、テーブルの色と効果音はゲームに影響しません。"),
    "settings_at_once": Text(" These apply to the game in progress: {options}.",  # a sentence after another
                             "次の設定は今のゲームにそのまま反映されます: {options}。"),
    "list_separator": Text(", ", "、"),
    "settings_ends_saved": Text("You have a saved game of {game}: changing its rules ends it (Continue will no "
                                "longer be offered). Card design, table colour and sound change nothing else.",
                                "{game}の保存された対戦があります。ルールを変えるとその対戦は終わり、「続き」は"
                                "表示されなくなります。カードのデザイン、テーブルの色と効果音は対戦に影響しません。"),
    "ok": Text("OK", "OK"),
    "cancel": Text("Cancel", "キャンセル"),
    "error_title": Text("Something went wrong", "問題が発生しました"),
    "error_body": Text("{game} stopped because of an error:\n\n{message}\n\n{kept}\n\nStart a new game, or close "
                       "this message.",
                       "{game}はエラーで停止しました:\n\n{message}\n\n{kept}\n\n新しいゲームを始めるか、閉じてください。"),
    "updated_title": Text("Card Table was updated", "カードテーブルが更新されました"),
    "updated_body": Text("Card Table's files changed while it was open{versions}. Restart it to go on: your games are "
                         "saved, and Continue takes each up where you left it.",
                         "開いている間にカードテーブルのファイルが変わりました{versions}。続けるには再起動してください。"
                         "ゲームは保存されているので、「続き」で中断したところから遊べます。"),
    "restart_now": Text("Restart now", "今すぐ再起動"),
    "later": Text("Later", "あとで"),
    "start_failed": Text("{game} could not start because of an error:\n\n{message}\n\nThe game's plugin may need "
                         "an update; other games are not affected.",
                         "{game}はエラーで開始できませんでした:\n\n{message}\n\nゲームのプラグインの更新が必要かも"
                         "しれません。ほかのゲームには影響ありません。"),
    "error_nothing_kept": Text("There was no saved position.", "保存された局面はありません。"),
    "error_kept": Text("The game up to the move before the error was kept as {file}, with the details beside it, "
                       "so Continue will not run into the same error again.",
                       "エラー直前までの対戦は {file} に詳細とともに保存しました。「続き」で同じエラーになることはありません。"),
    "error_not_kept": Text("The save could not be moved aside ({reason}).", "保存を退避できませんでした（{reason}）。"),
    "no_view": Text("{game} has no table view to play in.", "{game}には遊ぶための画面がありません。"),
    "no_view_here": Text("No table for this game here; cardtable --help lists the command-line tools.",
                         "このゲームの画面はありません。コマンドラインの道具は cardtable --help で一覧できます。"),
    "settings_problem": Text("Settings for {game}: {problems}", "{game}の設定: {problems}"),
    "settings_not_saved": Text("The settings cannot be saved ({reason}); they apply until Card Table closes.",
                               "設定を保存できません（{reason}）。カードテーブルを閉じるまで有効です。"),
    "stats": Text("Statistics", "統計"),
    "stats_title": Text("Statistics — Card Table", "統計 — カードテーブル"),
    "stats_reset": Text("Reset statistics…", "統計をリセット…"),
    "stats_no_data": Text("No data yet", "まだデータがありません"),
    "stats_problem": Text("Statistics for {game}: {reason}", "{game}の統計: {reason}"),
    "stats_reset_ask": Text("Forget every statistic kept for {game}? This cannot be undone.",
                            "{game}の統計をすべて消しますか？元に戻せません。"),
    "stats_reset_failed": Text("they cannot be reset ({why}) and are kept as they were",
                               "リセットできません（{why}）。統計はそのままです"),
    "close": Text("Close", "閉じる"),
    "help": Text("Help", "ヘルプ"),
    "finding_games": Text("Looking for games…", "ゲームを探しています…"),
    "finding_slowly": Text("Looking for games… ({what}: {seconds} s)", "ゲームを探しています…（{what}: {seconds} 秒）"),
    "no_games": Text("No games were found. Card Table finds its games as plugins installed with it (the "
                     "“cardtable” entry points): install it with pip (pip install -e . in a copy of its source) "
                     "and start it again.",
                     "ゲームが見つかりません。カードテーブルは一緒にインストールされたプラグイン（“cardtable” の"
                     "エントリポイント）からゲームを探します。pip でインストールして（ソースのコピーでは "
                     "pip install -e .）、もう一度起動してください。"),
    "sound_effects": Text("Sound effects", "効果音"),
    "preset_help": Text("A preset sets the rule options below at once; changing one of them by hand makes the rules "
                        "Custom.", "プリセットは下のルールをまとめて設定します。手で変えると「自分で設定」になります。"),
    "card_theme_help": Text("How the cards look: Card Table's own design, or one installed on this computer.",
                            "カードの絵柄: カードテーブル独自のもの、またはこのコンピューターに入っているもの。"),
    "number_range": Text("A whole number from {low} to {high}.", "{low}から{high}までの整数です。"),
    "sound_help": Text("Short sounds for dealing, playing a card, a trick taken and a win.",
                       "配る・札を出す・トリックを取る・勝つときの短い音。"),
    "sentences": Text("{first} {then}", "{first}{then}"),  # one sentence after another
    "sound_no_module": Text("No sound: Qt's multimedia module cannot be loaded ({detail}).",
                            "効果音は鳴りません: Qt のマルチメディアモジュールを読み込めません（{detail}）。"),
    "sound_no_device": Text("No sound: no audio output can play the effects (is an audio device connected?)",
                            "効果音は鳴りません: 効果音を再生できる音声出力がありません（音声デバイスはつながって"
                            "いますか？）"),
    "sound_missing": Text("No sound: the sound file {detail} is missing.",
                          "効果音は鳴りません: 音のファイル {detail} がありません。"),
    "sound_cannot_start": Text("No sound: the sound player cannot start ({detail}).",
                               "効果音は鳴りません: 効果音の再生プログラムを起動できません（{detail}）。"),
    "sound_failing": Text("Sound stopped: the audio system keeps failing. Turn sound off and on in Settings to try "
                          "again.",
                          "効果音を止めました: 音声システムで失敗が続いています。設定で効果音をオフにしてから"
                          "オンにすると、もう一度試します。"),
    "sound_waiting": Text("No sound yet: no sound server is running. The effects are heard once one starts.",
                          "まだ効果音は鳴りません: サウンドサーバーが動いていません。動き始めると鳴ります。"),
    "last_hand": Text("Last hand", "前のハンド"),
    "review_title": Text("The last hand — Card Table", "前のハンド — カードテーブル"),
    "review_previous": Text("◀ Previous", "◀ 前へ"),
    "review_next": Text("Next ▶", "次へ ▶"),
    "review_position": Text("{n} of {of}", "{n} / {of}"),
    "help_title": Text("Rules — Card Table", "ルール — カードテーブル"),
    "rules_of": Text("Rules of {game}", "{game}のルール"),
    "no_help": Text("No game is installed.", "ゲームが入っていません。"),
    "no_rules_page": Text("Its plugin gives no page of rules.", "このゲームのプラグインにはルールの説明がありません。"),
    "help_missing": Text("The rules cannot be shown: {reason}.", "ルールを表示できません: {reason}。"),
    "help_in_english": Text("The rules in this language cannot be shown ({reason}); here they are in English.",
                            "日本語のルールを表示できません（{reason}）。英語で表示します。"),
    "help_english_only": Text("This game's rules are in English only: its plugin gives no page in this language.",
                              "このゲームのルールは英語だけです（プラグインに日本語のページがありません）。"),
    "link_not_opened": Text("{target} cannot be opened: this desktop has no program set up to open it.",
                            "{target}を開けません。このデスクトップには開くためのプログラムが設定されていません。"),
}

_language = "en"
_listeners: list[Callable[[], None]] = []


def language() -> str:
    return _language


def set_language(code: str) -> None:
    """Switch the language and tell every listener (open windows re-translate themselves)."""
    global _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language '{code}'; use one of {', '.join(LANGUAGES)}")
    if code != _language:
        _language = code
        for listener in list(_listeners):
            listener()


def on_language_changed(listener: Callable[[], None]) -> Callable[[], None]:
    """Register a listener; returns a function that unregisters it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def text(value: Text) -> str:
    """``value`` in the window's language, a file name in it as Qt can show it (:func:`shown_in_qt`)."""
    return shown_in_qt(value.get(_language))


def phrase(key: str, **values: object) -> Text:
    """The string ``key`` filled in, in both languages (a value that is :class:`Text` in the matching one): for
    words that stay on the screen and follow a change of language."""
    return STRINGS[key].format(**values)


def tr(key: str, **values: object) -> str:
    return text(phrase(key, **values))
