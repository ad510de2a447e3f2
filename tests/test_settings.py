"""Settings schema: presets, Custom, validation that falls back to defaults with a message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.settings import CUSTOM, Choice, Number, Preset, SettingsError, SettingsSchema, Toggle
from core.settings_store import SettingsStore
from core.text import Text

SCHEMA = SettingsSchema(
    options=(
        Toggle("stick", Text("Stick the dealer", "配り手強制")),
        Toggle("holding", Text("Trump-holding", "切札所持")),
        Choice("target", Text("Target", "目標"), ((5, Text("5")), (7, Text("7")), (10, Text("10"))), 10),
        Number("speed", Text("Speed"), 3, 1, 5),
    ),
    presets=(
        Preset("standard", Text("Standard"), {"stick": False, "holding": False}),
        Preset("stick", Text("Stick the dealer"), {"stick": True, "holding": False}),
        Preset("holding", Text("Trump-holding + stick"), {"stick": True, "holding": True}),
    ),
)


def test_presets_fill_toggles_and_hand_edits_become_custom() -> None:
    values = SCHEMA.with_preset(SCHEMA.defaults(), "holding")
    assert values["stick"] and values["holding"] and SCHEMA.preset_of(values) == "holding"
    values["stick"] = False
    assert SCHEMA.preset_of(values) == CUSTOM
    assert SCHEMA.preset_of(SCHEMA.defaults()) == "standard"


def test_validation_replaces_bad_values_with_defaults_and_says_why() -> None:
    values, problems = SCHEMA.validate({"stick": "yes", "target": 6, "speed": 9, "colour": "red", "holding": True})
    assert values == {"stick": False, "holding": True, "target": 10, "speed": 3}
    assert len(problems) == 4
    said = [str(p) for p in problems]
    assert any("'colour'" in p and "unknown" in p for p in said)
    assert any("'target' = 6" in p and "one of 5, 7, 10" in p for p in said)
    assert any("'speed' = 9" in p and "1 to 5" in p for p in said)


def test_a_preset_with_an_invalid_value_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="preset 'bad'"):
        SettingsSchema(options=SCHEMA.options, presets=(Preset("bad", Text("Bad"), {"target": 6}),))


def test_store_round_trips_and_survives_a_damaged_file(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.save("euchre", {**SCHEMA.defaults(), "target": 5})
    assert store.load("euchre", SCHEMA) == ({**SCHEMA.defaults(), "target": 5}, [])
    store.path_for("euchre").write_text("{broken")
    values, problems = store.load("euchre", SCHEMA)
    assert values == SCHEMA.defaults() and problems and "using the defaults" in str(problems[0])


def test_settings_a_game_no_longer_takes_leave_the_others_for_good(tmp_path: Path) -> None:
    """A game updated since the settings were saved (an option dropped, a value no longer offered): the file went
    aside and the good values held for that run only; the next start had the defaults, 5 points forgotten."""
    store = SettingsStore(tmp_path)
    store.save("euchre", {**SCHEMA.defaults(), "target": 5, "speed": 9, "canadian_loner": True})
    values, problems = store.load("euchre", SCHEMA)
    assert values == {**SCHEMA.defaults(), "target": 5} and len(problems) == 2
    assert "'speed' = 9" in problems[0].en and "canadian_loner" in problems[1].en
    assert "moved to euchre.json.corrupt-" in problems[1].en
    assert SettingsStore(tmp_path).load("euchre", SCHEMA) == (values, []), "kept, and said once"


def test_settings_saved_by_a_newer_card_table_are_kept_aside_whole_and_the_defaults_used(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    newer = '{"format_version": 2, "values": {"target": 5}}'  # values this version knows, meant otherwise
    store.path_for("euchre").parent.mkdir(parents=True)
    store.path_for("euchre").write_text(newer)
    values, problems = store.load("euchre", SCHEMA)
    assert values == SCHEMA.defaults() and len(problems) == 1
    assert "newer Card Table (format 2; this one reads up to 1)" in str(problems[0])
    assert "新しい版のカードテーブル" in problems[0].get("ja")
    store.save("euchre", {**SCHEMA.defaults(), "target": 7})  # the player's next change
    aside = [p for p in store.path_for("euchre").parent.iterdir() if p.name.startswith("euchre.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text() == newer, "the newer file kept, byte for byte"


def test_a_settings_file_kept_as_a_link_among_dotfiles_stays_a_link(tmp_path: Path) -> None:
    """Saving replaced the link with a file of its own: the player's dotfiles no longer had the settings."""
    dotfiles = tmp_path / "dotfiles" / "euchre.json"
    dotfiles.parent.mkdir()
    store = SettingsStore(tmp_path / "config")
    store.path_for("euchre").parent.mkdir(parents=True)
    store.path_for("euchre").symlink_to(dotfiles)  # not there yet: the first save makes it
    for target in (5, 7):
        store.save("euchre", {**SCHEMA.defaults(), "target": target})
        assert store.path_for("euchre").is_symlink() and store.load("euchre", SCHEMA)[0]["target"] == target
        assert json.loads(dotfiles.read_text())["values"]["target"] == target
    assert sorted(p.name for p in dotfiles.parent.iterdir()) == ["euchre.json"]  # no temp file left beside it


# -- values from code: an error that names the key, never a silent default -----------------------------


def test_checked_values_fill_defaults_and_name_every_bad_key() -> None:
    assert SCHEMA.checked({"stick": True}) == {**SCHEMA.defaults(), "stick": True}
    with pytest.raises(SettingsError) as caught:
        SCHEMA.checked({"stcik": True, "target": "10", "speed": 0})
    message = str(caught.value)
    assert "unknown setting 'stcik'" in message and "'target' = '10'" in message and "'speed' = 0" in message


@pytest.mark.parametrize("game", ["euchre", "yukon"])
def test_rules_called_from_code_refuse_a_misspelled_or_mistyped_setting(game: str) -> None:
    """A misspelled ``stick_dealer`` used to give standard rules without a word."""
    from core.manager import load_host

    spec = load_host().game(game)
    for bad in ({"stick_dealer": True}, {"variant": 3} if game == "yukon" else {"target": "10"}):
        with pytest.raises(SettingsError, match=next(iter(bad))):
            spec.rules.new_game(bad, 1)
    if game == "euchre":
        from tests.euchre_helpers import make_deal

        with pytest.raises(SettingsError, match="trump_holdnig"):
            spec.rules.from_deal({"trump_holdnig": True}, make_deal("S", "AH"))
        assert spec.rules.new_game({"trump_holding": True}, 1).options.trump_holding


# -- declarations: checked when the plugin builds its schema --------------------------------------------


T = Toggle("t", Text("T"))
CHOICES = ((1, Text("1")), (2, Text("2")))


@pytest.mark.parametrize(("build", "message"), [
    (lambda: Number("n", Text("N"), 9, 1, 5), "number 'n': default 9 is outside 1..5"),
    (lambda: Number("n", Text("N"), 6, 1, 5), "number 'n': default 6 is outside 1..5"),
    (lambda: Number("n", Text("N"), 1, 1, 2**31), "number 'n': maximum 2147483648 is beyond what the settings "
                                                  "dialog can show (±2147483647)"),
    (lambda: Number("n", Text("N"), 1, -2**31, 5), "number 'n': minimum -2147483648 is beyond what the settings "
                                                   "dialog can show (±2147483647)"),
    (lambda: Number("n", Text("N"), 1.5, 1, 5), "number 'n': default must be a whole number, not 1.5"),
    (lambda: Number("n", Text("N"), 1, True, 5), "number 'n': minimum must be a whole number, not True"),
    (lambda: Toggle("t", "Plain string label"), "option 't': label and help must be Text (English and "
                                                "Japanese), not plain strings"),
    (lambda: Toggle("t", Text("T"), help="Plain help"), "option 't': label and help must be Text (English and "
                                                        "Japanese), not plain strings"),
    (lambda: Toggle("", Text("T")), "an option key must be a non-empty string, not ''"),
    (lambda: Toggle(3, Text("T")), "an option key must be a non-empty string, not 3"),
    (lambda: Toggle("t", Text("T"), default="yes"), "toggle 't': default must be True or False, not 'yes'"),
    (lambda: Toggle("t", Text("T"), at_once="yes"), "option 't': at_once must be True or False, not 'yes'"),
    (lambda: Choice("c", Text("C"), ((1, Text("1")), ("2", Text("2"))), 1),
     "choice 'c': every value must have the default's type"),
    (lambda: Choice("c", Text("C"), (), 1), "choice 'c': choices must be (value, Text) pairs, at least one"),
    (lambda: Choice("c", Text("C"), ([1, Text("1")],), 1), "choice 'c': choices must be (value, Text) pairs, at "
                                                          "least one"),
    (lambda: Choice("c", Text("C"), ((1, Text("1"), 2),), 1), "choice 'c': choices must be (value, Text) pairs, "
                                                             "at least one"),
    (lambda: Choice("c", Text("C"), ((1, "one"),), 1), "choice 'c': choices must be (value, Text) pairs, at least "
                                                      "one"),
    (lambda: Choice("c", Text("C"), ((1, Text("1")), (1, Text("one"))), 1), "choice 'c': two choices have the same "
                                                                           "value"),
    (lambda: Choice("c", Text("C"), CHOICES, 3), "choice 'c': default 3 is not one of its values"),
    (lambda: SettingsSchema(options=(Toggle("a", Text("A")),), presets=(Preset("p", Text("P"), {"b": True}),)),
     "preset 'p' sets 'b', which is not an option"),
    (lambda: SettingsSchema(options=(T,), presets=(Preset("p", Text("P"), {"t": 1}),)),
     "preset 'p': t must be true or false"),
    (lambda: SettingsSchema(options=(T,), presets=(Preset("custom", Text("Mine")),)),
     "'custom' is reserved for hand-set options"),
    (lambda: SettingsSchema(options=(T,), presets=(Preset("p", "P"),)), "presets must be Preset objects with a Text "
                                                                       "label"),
    (lambda: SettingsSchema(options=(T,), presets=({"id": "p"},)), "presets must be Preset objects with a Text label"),
    (lambda: SettingsSchema(options=(T,), presets=(Preset("p", Text("P")), Preset("p", Text("Q")))),
     "settings schema has two presets with the same id"),
    (lambda: SettingsSchema(options=(T, Toggle("t", Text("U")))), "settings schema has two options with the same "
                                                                  "key"),
    (lambda: SettingsSchema(options=(T, {"key": "u"})), "settings schema options must be Toggle, Choice or Number"),
    (lambda: Toggle("t", Text("T"), applies_when={"mode": "fast"}),
     "option 't': applies_when must map option keys to tuples of their values, not {'mode': 'fast'}"),
    (lambda: Toggle("t", Text("T"), applies_when={"mode": ()}),
     "option 't': applies_when must map option keys to tuples of their values, not {'mode': ()}"),
    (lambda: SettingsSchema(options=(Toggle("t", Text("T"), applies_when={"mode": (True,)}),)),
     "option 't' applies when 'mode' has certain values, but 'mode' is not another option"),
    (lambda: SettingsSchema(options=(Toggle("t", Text("T"), applies_when={"t": (True,)}),)),
     "option 't' applies when 't' has certain values, but 't' is not another option"),
    (lambda: SettingsSchema(options=(Toggle("mode", Text("M")), Number("n", Text("N"), 1, 1, 5,
                                                                      applies_when={"mode": ("yes",)}))),
     "option 'n' applies when mode is one of ('yes',), but mode must be true or false"),
])
def test_a_bad_declaration_is_refused_when_it_is_built_and_the_plugin_author_told_what_is_wrong(
        build: object, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        build()  # type: ignore[operator]
    assert str(refused.value) == message


def test_the_widest_declarations_the_dialog_can_show_are_taken_and_their_ends_are_values() -> None:
    wide = Number("n", Text("N"), 2**31 - 1, -(2**31 - 1), 2**31 - 1)
    assert wide.check(2**31 - 1) is None and wide.check(-(2**31 - 1)) is None and wide.check(2**31) is not None
    low = Number("n", Text("N"), 1, 1, 5)
    assert [low.check(v) is None for v in (0, 1, 5, 6, True)] == [False, True, True, False, False]
    assert str(low.check(6)) == "must be a whole number from 1 to 5"
    choice = Choice("c", Text("C"), CHOICES, 2)
    assert choice.check(1) is None and str(choice.check(1.0)) == "must be one of 1, 2" and str(choice.check(3)) == (
        "must be one of 1, 2")
    assert not any(option.at_once for option in (T, choice, low)), "an option changes the game unless declared"
    with pytest.raises(SettingsError, match="^settings must be a mapping of option to value, not list$"):
        SCHEMA.checked([("stick", True)])  # type: ignore[arg-type]


def test_only_options_declared_at_once_let_the_game_in_progress_go_on() -> None:
    schema = SettingsSchema(options=(Toggle("rule", Text("Rule")), Toggle("helper", Text("Helper"), at_once=True),
                                     Number("deal", Text("Deal"), 1, 1, 9)))
    old = schema.defaults()
    assert not schema.needs_new_game(old, old | {"helper": True})
    assert schema.needs_new_game(old, old | {"rule": True})
    assert schema.needs_new_game(old, old | {"helper": True, "deal": 2})


def test_an_option_applies_only_under_the_values_it_declares() -> None:
    schema = SettingsSchema(options=(
        Choice("mode", Text("Mode"), (("random", Text("Random")), ("number", Text("Number")),
                                      ("solvable", Text("Solvable"))), "random"),
        Number("number", Text("Number"), 12, 1, 99, applies_when={"mode": ("number",)}),
        Choice("level", Text("Level"), (("easy", Text("Easy")), ("hard", Text("Hard"))), "easy",
               applies_when={"mode": ("solvable",)}),
        Toggle("sound", Text("Sound"))))
    values = schema.defaults()
    assert [o.key for o in schema.options if schema.applies(o.key, values)] == ["mode", "sound"]
    by_number = values | {"mode": "number"}
    assert schema.applies("number", by_number) and not schema.applies("level", by_number)
    assert schema.applies("level", values | {"mode": "solvable"})


def test_the_rules_help_lists_only_the_options_that_apply() -> None:
    from core.help import options_markdown
    from plugins.yukon.settings import SCHEMA as YUKON

    def listed(**values: object) -> str:
        return options_markdown(YUKON, YUKON.defaults() | values).en

    random = listed()
    assert "**New deals: Random deal**" in random and "Deal number" not in random and "Difficulty" not in random
    assert "**Deal number: 345**" in listed(deal_mode="number", deal_number=345)
    today = listed(deal_mode="today", difficulty="hard")
    assert "**Difficulty: Hard**" in today and "Deal number" not in today
