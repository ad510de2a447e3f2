"""``cardtable menu-entry``: the desktop entry it writes starts this installation over the data folder in use, read
the way the Desktop Entry Specification says a launcher reads it (an independent reading below, and the
specification's own validator where it is installed); ``--remove`` takes it out; mistakes are one line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core import desktop_entry, paths
from core.cli import main

ODD_FOLDER = '/tmp/a "q" \\b $x %u `y` dir'  # every character the specification makes special in an argument


def unescaped(value: str) -> str:
    """A string value as the specification reads it: \\s \\n \\t \\r \\\\ and nothing else."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value) and value[i + 1] in "sntr\\":
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[value[i + 1]])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def exec_arguments(value: str) -> list[str]:
    """An ``Exec`` value as a launcher splits it: string escapes first, then arguments separated by spaces, a
    quoted one taking \\" \\` \\$ \\\\ as the character; ``%%`` is ``%``, no other ``%`` is allowed."""
    text, args, i = unescaped(value), [], 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        arg = []
        if text[i] == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    assert text[i + 1] in '"`$\\', f"a backslash before {text[i + 1]!r} inside quotes"
                    i += 1
                arg.append(text[i])
                i += 1
            i += 1
        else:
            while i < len(text) and text[i] != " ":
                assert text[i] not in '"`$\\', f"{text[i]!r} outside quotes"
                arg.append(text[i])
                i += 1
        args.append(without_field_codes("".join(arg)))
    return args


def without_field_codes(arg: str) -> str:
    """``%%`` is ``%``; any other ``%`` starts a field code, which a launcher would replace (a file, a URL)."""
    parts = arg.split("%%")
    assert not any("%" in part for part in parts), f"a field code in {arg!r}"
    return "%".join(parts)


def entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:])


@pytest.fixture
def menus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    return tmp_path / "share" / "applications" / "cardtable.desktop"


def test_the_entry_starts_this_installation_over_the_data_folder_in_use(
        menus: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", ODD_FOLDER)
    assert main(["menu-entry"]) == 0
    said = capsys.readouterr().out
    assert str(menus) in said and ODD_FOLDER in said and "--remove" in said
    fields = entry(menus)
    run = exec_arguments(fields["Exec"])
    assert run[:2] == ["env", f"CARDTABLE_HOME={ODD_FOLDER}"]
    assert run[2:] == desktop_entry.command() and Path(run[2]).parent == Path(sys.executable).parent
    assert Path(unescaped(fields["Icon"])).is_file()
    assert (fields["Name"], fields["Name[ja]"], fields["Type"], fields["Terminal"]) == (
        "Card Table", "カードテーブル", "Application", "false")
    assert fields["StartupWMClass"] == desktop_entry.APP_NAME and menus.stem == desktop_entry.APP_ID
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(["desktop-file-validate", str(menus)], capture_output=True, text=True)
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout


def test_the_entry_runs_the_program_and_knows_no_data_folder_when_none_is_chosen(
        menus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDTABLE_HOME", raising=False)
    assert main(["menu-entry"]) == 0
    run = exec_arguments(entry(menus)["Exec"])
    assert run == desktop_entry.command()
    shown = subprocess.run([*run, "--version"], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0 and shown.stdout.startswith("cardtable ")


def test_the_window_is_known_by_the_entrys_name(qapp: object, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The dock finds a Wayland window's entry by its app id, an X11 one's by its class (the application's name)."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QGuiApplication

    from gui import app

    class Refused:  # another window holds the data folder: the launch stops once the names are given
        asked = True
        stopped_owner = other_machine = None

        def __init__(self, folder: Path) -> None:
            pass

        def claim(self) -> bool:
            return False

    monkeypatch.setattr(app, "SingleInstance", Refused)
    assert app.run_launcher() == 0
    assert "already open" in capsys.readouterr().err
    assert QGuiApplication.desktopFileName() == desktop_entry.APP_ID == "cardtable"
    assert QCoreApplication.applicationName() == desktop_entry.APP_NAME


def test_remove_takes_the_entry_out_and_says_when_there_was_none(
        menus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["menu-entry"]) == 0 and menus.exists()
    capsys.readouterr()
    assert main(["menu-entry", "--remove"]) == 0 and not menus.exists()
    assert "removed" in capsys.readouterr().out
    assert main(["menu-entry", "--remove"]) == 0
    assert "no menu entry to remove" in capsys.readouterr().out


def test_a_folder_that_cannot_be_written_or_a_system_without_such_menus_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))  # a file where the folder should be
    assert main(["menu-entry"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("cardtable menu-entry: the menu entry cannot be written to ") and error.count("\n") == 1
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setattr(sys, "platform", "win32")
    assert main(["menu-entry"]) == 2
    error = capsys.readouterr().err
    assert "menu entries are for Linux and BSD desktops" in error and error.count("\n") == 1
    assert not (tmp_path / "share").exists()


@pytest.mark.parametrize("value", ["", "share"])
def test_an_unset_or_relative_xdg_folder_is_not_taken_from_where_the_program_started(
        value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The XDG Base Directory Specification: a relative ``$XDG_DATA_HOME`` or ``$XDG_CONFIG_HOME`` is invalid and
    ignored. Taken as it was, the menu entry went into a folder under wherever the command ran, where no menu finds
    it, and (with platformdirs before 4.11.8) the saves and settings with it: started from another folder, the
    player's games were gone."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CARDTABLE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", value)
    monkeypatch.setenv("XDG_CONFIG_HOME", value)
    monkeypatch.chdir(tmp_path)
    assert (paths.data_dir(), paths.config_dir()) == (
        home / ".local" / "share" / "cardtable", home / ".config" / "cardtable")
    assert main(["menu-entry"]) == 0
    assert (home / ".local" / "share" / "applications" / "cardtable.desktop").is_file()
    assert not (tmp_path / "share").exists()


@pytest.mark.parametrize("odd", ["data folder", "program"])
def test_a_path_whose_name_is_not_utf8_is_refused_in_one_line(
        odd: str, menus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """An entry's text is UTF-8: a data folder (or an installation) named under an old 8-bit locale stopped the
    command with a traceback."""
    named = str(tmp_path / os.fsdecode(b"j\xfcrgen"))
    if odd == "data folder":
        monkeypatch.setenv("CARDTABLE_HOME", named)
    else:
        monkeypatch.setattr(desktop_entry, "command", lambda: [f"{named}/bin/cardtable"])
    assert main(["menu-entry"]) == 2
    said = capsysbinary.readouterr().err.strip()  # the name's own byte, as the terminal's other programs show it
    assert said.startswith(f"cardtable menu-entry: a menu entry cannot name the {odd} (".encode() + os.fsencode(named))
    assert b"not UTF-8" in said
    assert len(said.splitlines()) == 1 and not menus.exists()


def test_a_data_folder_given_relative_is_named_whole_in_the_entry(
        menus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``CARDTABLE_HOME=games cardtable menu-entry``: the entry said ``CARDTABLE_HOME=games``, which the desktop
    then took from its own working folder (the home), not the one the command was typed in."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CARDTABLE_HOME", "games")
    assert main(["menu-entry"]) == 0
    assert f"over the data folder {tmp_path / 'games'};" in capsys.readouterr().out
    assert exec_arguments(entry(menus)["Exec"])[:2] == ["env", f"CARDTABLE_HOME={tmp_path / 'games'}"]
