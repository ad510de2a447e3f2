"""Reading which system libraries a part of Qt needs: the ELF reader against ``readelf`` and against files made
from the specification, what is missing found through Qt's own libraries, and the package named for it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from core.shared_libraries import debian_package, missing, needed
from tests.elf_files import write_library

QT = Path(__import__("PySide6").__file__).parent / "Qt"


@pytest.mark.parametrize(("wide", "little"), [(True, True), (True, False), (False, True), (False, False)])
def test_the_libraries_a_file_needs_are_read_in_either_class_and_byte_order(tmp_path: Path, wide: bool,
                                                                            little: bool) -> None:
    names = ["libxcb-shape.so.0", "libEGL.so.1", "libQt6Gui.so.6"]
    assert needed(write_library(tmp_path / "libq.so", names, wide, little)) == names


def test_a_file_that_is_not_elf_needs_nothing(tmp_path: Path) -> None:
    (tmp_path / "script.so").write_text("#!/bin/sh\n")
    assert needed(tmp_path / "script.so") == []


@pytest.mark.skipif(shutil.which("readelf") is None, reason="needs readelf (Debian: binutils)")
def test_every_file_of_qt_reads_as_readelf_reads_it() -> None:
    files = [*QT.glob("lib/*.so*"), *QT.glob("plugins/*/*.so")]
    assert len(files) > 100
    for file in files:
        shown = subprocess.run(["readelf", "-d", str(file)], capture_output=True, text=True, check=True).stdout
        assert needed(file) == re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]", shown), file


def test_what_is_missing_is_found_through_the_bundled_libraries_each_named_once(tmp_path: Path) -> None:
    bundled = tmp_path / "lib"
    bundled.mkdir()
    write_library(bundled / "libQt6Fake.so.6", ["libc.so.6", "libcardtable-absent-one.so.0"])
    plugin = write_library(tmp_path / "libqfake.so", ["libQt6Fake.so.6", "libm.so.6", "libcardtable-absent-two.so.3",
                                                      "libcardtable-absent-one.so.0"])
    assert missing([plugin], bundled) == ["libcardtable-absent-two.so.3", "libcardtable-absent-one.so.0"]


def test_a_library_there_whose_own_library_is_missing_names_that_one(tmp_path: Path) -> None:
    system = tmp_path / "system"
    system.mkdir()
    present = write_library(system / "libpresent.so.1", ["libcardtable-deeper.so.2"])
    plugin = write_library(tmp_path / "libqfake.so", [str(present)])  # a path: loaded as it stands
    assert missing([plugin], tmp_path / "lib") == ["libcardtable-deeper.so.2"]


def test_this_machines_qt_lacks_nothing_for_its_window() -> None:
    assert missing([QT / "plugins" / "platforms" / "libqxcb.so", QT / "lib" / "libQt6Widgets.so.6"], QT / "lib") == []


@pytest.mark.parametrize(("soname", "package"), [
    ("libxcb-shape.so.0", "libxcb-shape0"), ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libxcb-icccm.so.4", "libxcb-icccm4"), ("libEGL.so.1", "libegl1"), ("libX11-xcb.so.1", "libx11-xcb1"),
    ("libdbus-1.so.3", "libdbus-1-3"), ("libwayland-cursor.so.0", "libwayland-cursor0"),
    ("libgssapi_krb5.so.2", "libgssapi-krb5-2")])
def test_the_package_is_named_by_debians_rule(soname: str, package: str) -> None:
    assert debian_package(soname) == package
