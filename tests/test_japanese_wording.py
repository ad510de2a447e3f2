"""The Japanese the program shows reads as one text: a seat's name runs straight into its particle
("北がトリックを取りました", not "北 が…"), a suit is マーク and trump 切札 everywhere (the settings and the
rules pages too), naming trump is 指名, a colon is written ": " throughout, a hint's numbers sit in one
parenthesis at a time, parentheses are full-width （） as in "（10点先取）", and a number runs straight into its
counter or particle ("3トリック", "5で落札")."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from core.game import Lazy
from core.rng import Rng
from core.session import GameSession
from core.table import Situation
from gui.i18n import STRINGS
from plugins.bid_euchre.plugin import GAME as BID_EUCHRE
from plugins.cutthroat.plugin import GAMES as CUTTHROAT
from plugins.euchre.plugin import GAME as EUCHRE
from plugins.euchre.words import bid_words

FAMILY = [EUCHRE, BID_EUCHRE, *CUTTHROAT.values()]
NAME_THEN_SPACE = re.compile(r"(あなた|北|東|西|南)(と(北|西))? [がはのにで]")
ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "plugins"
KANA_KANJI = "\u3040-\u30ff\u4e00-\u9fff"
NUMBER = r"(?:(?<![\w\-])\d+|\{(?:n|a|b|pts|high|low|bid|line|column|target|v|of)\})"
# A key range such as "1–7" is not a count, so it may stand apart.
NUMBER_APART = re.compile(rf"{NUMBER} [{KANA_KANJI}]|[がではにをと] {NUMBER}(?![\d–])")


def japanese_of_two_hands(game: Any, seed: int) -> list[str]:
    """Every Japanese text South's table shows over the first two hands (hints asked now and then)."""
    presenter = Lazy(game.presenter)()
    session = GameSession.new(game, game.settings.defaults(), seed=seed,
                              players=[None] + ["normal"] * (len(game.seats) - 1))
    cpu = game.strategies["normal"]()
    texts: list[str] = []
    while session.state.number < 2 and not session.is_over:
        legal = session.legal_moves() if session.to_move == 0 and session.hold is None else ()
        hint = session.hint() if legal and len(session.history) % 3 == 0 else None
        table = presenter.table(Situation(session.observation(0), legal, 0, session.to_move, session.hold,
                                          hint=hint, ply=len(session.history)), presenter.initial_ui())
        texts += [label.text.get("ja") for label in table.labels] + [table.status.get("ja")]
        texts += [choice.text.get("ja") for choice in table.all_choices()]
        if table.hold is not None:
            texts += [table.hold.title.get("ja"), *(line.get("ja") for line in table.hold.lines)]
        if session.hold is not None:
            session.acknowledge()
        elif session.to_move == 0:
            session.play(cpu.choose(session.observation(0), legal, Rng(len(session.history))))
        else:
            session.cpu_step()
    return texts


@pytest.mark.parametrize("game", FAMILY, ids=[g.id for g in FAMILY])
def test_names_run_into_their_particles_and_one_word_for_suit_and_trump(game: Any) -> None:
    texts = japanese_of_two_hands(game, seed=5)
    assert any("がトリックを取りました" in text for text in texts)
    for text in texts:
        assert not NAME_THEN_SPACE.search(text), text
        assert "スート" not in text and "切り札" not in text, text
        assert "）（" not in text, text
    for option in game.settings.options:
        assert "スート" not in option.help.get("ja"), option.key


def test_a_call_in_the_last_hands_bubbles_is_named_like_the_hints_name_it() -> None:
    assert [bid_words(text).get("ja") for text in ("call H", "call S alone")] == ["♥ を指名", "♠ を指名・単独"]


PAGES = sorted(PLUGINS.glob("*/help/*.ja.md"))


@pytest.mark.parametrize("page", PAGES, ids=[f"{p.parent.parent.name}/{p.name}" for p in PAGES])
def test_the_rules_pages_call_a_suit_by_one_word_and_write_colons_as_the_tables_do(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "スート" not in text and "切り札" not in text
    assert "：" not in text, "a colon is ': ' as on the tables and in the settings"


def test_a_games_name_runs_into_its_particle_in_the_shells_japanese() -> None:
    assert [key for key, words in STRINGS.items() if re.search(r"\{game\} [がはのにで]", words.get("ja"))] == []
    assert STRINGS["stats_reset_ask"].format(game=EUCHRE.name).get("ja").startswith("ユーカーの統計")


def test_the_shells_japanese_writes_colons_as_the_tables_do() -> None:
    assert not [key for key, words in STRINGS.items() if "：" in words.get("ja")]


@cache  # three tests read them; the sources do not change during a run
def japanese_literals() -> list[tuple[str, str]]:
    """Every string literal with kana or kanji in the program's sources (docstrings aside), with its file."""
    found = []
    for folder in ("core", "gui", "plugins"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                          if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                          and isinstance(node.body[0], ast.Expr)}
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                        and re.search(f"[{KANA_KANJI}]", node.value)):
                    found.append((path.relative_to(ROOT).as_posix(), node.value))
    return found


def test_a_number_runs_straight_into_its_counter_and_particles() -> None:
    literals = japanese_literals()
    assert len(literals) > 500, "the scan reaches the words modules"
    assert [(path, text) for path, text in literals if NUMBER_APART.search(text)] == []


def test_parentheses_in_japanese_are_full_width() -> None:
    half_width = re.compile(rf"[{KANA_KANJI}「」] ?\(|\) ?[{KANA_KANJI}「」]")
    assert [(path, text) for path, text in japanese_literals() if half_width.search(text)] == []


def test_the_number_rule_catches_a_number_set_apart() -> None:
    texts = ("4 トリック", "が 3", "{n} で落札", "3トリック", "UTF-8 の", "♥ を指名", "または 1–7")
    assert [bool(NUMBER_APART.search(t)) for t in texts] == [True, True, True, False, False, False, False]
