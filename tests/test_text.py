"""core.text: bilingual strings; a count reads "1 hand" but "2 hands" in English and alike in Japanese."""

from __future__ import annotations

import datetime
import errno
import os

from core.text import SENTENCES, Text, calendar_day, counted, duration, join, next_best, os_reason, plural, points

ONE, MANY = Text("1 hand played", "1ハンド"), Text("{n} hands played", "{n}ハンド")


def test_sentences_of_one_message_are_joined_as_each_language_writes_them() -> None:
    """Japanese does not join sentences with "; " (a message naming two settings a saved game lost read so)."""
    parts = [Text("using 10", "10 を使います"), Text("'x' ignored", "「x」は使いません")]
    assert join(parts, SENTENCES) == Text("using 10; 'x' ignored", "10 を使います。「x」は使いません")
    assert join(parts, " · ") == Text("using 10 · 'x' ignored", "10 を使います · 「x」は使いません")


def test_a_count_of_one_takes_the_singular_and_every_other_count_the_plural() -> None:
    assert [counted(n, ONE, MANY).en for n in (0, 1, 2, 11)] == \
        ["0 hands played", "1 hand played", "2 hands played", "11 hands played"]
    assert [counted(n, ONE, MANY).get("ja") for n in (1, 2)] == ["1ハンド", "2ハンド"]


def test_a_command_line_count_agrees_with_its_number_and_groups_thousands() -> None:
    assert [plural(n, "position") for n in (0, 1, 2, 200_000)] == \
        ["0 positions", "1 position", "2 positions", "200,000 positions"]
    assert [plural(n, "match") for n in (1, 3)] == ["1 match", "3 matches"]


def test_a_counted_text_fills_in_its_other_values_too() -> None:
    one, many = Text("column {c} has only 1 card"), Text("column {c} has only {n} cards")
    assert counted(1, one, many, c=3).en == "column 3 has only 1 card"
    assert counted(4, one, many, c=3).en == "column 3 has only 4 cards"


def test_scores_use_a_true_minus_sign() -> None:
    assert [points(-6), points(0), points(3), points(-6, plus=True), points(0, plus=True), points(3, plus=True)] == \
        ["−6", "0", "3", "−6", "0", "+3"]


def test_a_time_reads_in_minutes_and_seconds_once_it_passes_a_minute() -> None:
    times = [0, 44.6, 59.4, 60, 273, 3599.6, 3720, 7384]
    assert [duration(t).en for t in times] == \
        ["0 s", "45 s", "59 s", "1 min 0 s", "4 min 33 s", "1 h 0 min", "1 h 2 min", "2 h 3 min"]
    assert [duration(t).get("ja") for t in (45, 273, 3720)] == ["45秒", "4分33秒", "1時間2分"]


def test_a_hint_sets_its_average_against_the_next_best_only_when_they_print_differently() -> None:
    passing = Text("passing", "パス")
    assert next_best(0.42, 0.10, passing).en == ", against +0.10 for passing."
    assert next_best(-1.4361, -1.4412, passing).en == ", a little more than passing."  # both print −1.44
    assert next_best(0.5, 0.5, passing).en == ", as much as passing."
    assert next_best(-1.4361, -1.4412, passing).get("ja") == "で、パスよりわずかに上です。"


def test_a_date_reads_the_same_on_every_machine_in_both_languages() -> None:
    assert calendar_day(datetime.date(2026, 1, 9)) == Text("9 January 2026", "2026年1月9日")
    assert calendar_day(datetime.date(2027, 12, 31)).en == "31 December 2027"


def test_a_refusal_the_system_gives_reads_in_japanese_with_its_own_words_in_english() -> None:
    full = os_reason(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/tmp/x"))
    assert (full.en, full.get("ja")) == ("No space left on device", "ディスクの空きがありません")
    assert os_reason(PermissionError(errno.EACCES, "Permission denied")).get("ja") == "アクセスが許可されていません"
    rare = os_reason(OSError(errno.EXDEV, os.strerror(errno.EXDEV)))
    assert rare.get("ja") == rare.en == "Invalid cross-device link", "the system's words, not nothing"
    assert os_reason(OSError("the statistics were kept by a newer Card Table")).en.startswith("the statistics")


def test_a_file_simply_missing_is_said_in_the_systems_words_with_or_without_its_name(tmp_path: object) -> None:
    """Only a symbolic link whose target is gone is explained as a disk not connected."""
    missing = os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory", f"{tmp_path}/none/save.json"))
    nameless = os_reason(FileExistsError(errno.EEXIST, "File exists"))
    assert (missing.en, nameless.en) == ("No such file or directory", "File exists")


def test_words_a_file_name_cannot_hold_are_told_apart() -> None:
    from core.text import utf8_holds

    assert utf8_holds("ユーコン 1.json") and not utf8_holds("Spiele-\udcfc")


def test_an_empty_text_is_false_as_an_empty_string_is_so_a_presenter_can_ask_whether_there_is_a_refusal() -> None:
    from core.table import Situation

    def status(s: Situation[None, str]) -> Text:  # as a plugin author writes it (Hearts, written as one, did)
        return s.refusal or Text("Your card: click it.", "札をクリック。")

    assert status(Situation(None, ("QS",), 0, 0)).en == "Your card: click it."  # was "": the status line blank
    refused = Text("hearts are not broken yet", "ハートはまだ出ていません")
    assert status(Situation(None, ("QS",), 0, 0, refusal=refused)) == refused
    assert not Text("") and Text("x") and Text("", "日本語だけ")
