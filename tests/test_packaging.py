"""A wheel built from the repository installs and works on its own, resources included."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The wheel, and what its build wrote (pip -v passes the build backend's own output on)."""
    out = tmp_path_factory.mktemp("wheel")
    # Built from a copy: setuptools reuses the checkout's build/ and *.egg-info, which keep files since removed
    # or left out, so a wheel built in place can hold what a fresh clone's would not.
    source = tmp_path_factory.mktemp("source") / "cardtable"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", "docs", "tests", "benchmarks"))
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v", "-w", str(out), str(source)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = out.glob("cardtable-*.whl")
    return wheel, result.stdout + result.stderr


@pytest.fixture(scope="module")
def wheel(built: tuple[Path, str]) -> Path:
    return built[0]


def test_wheel_holds_every_file_the_program_reads(wheel: Path) -> None:
    """Card art, sounds, the deal catalogue and every game's help pages: each file beside the code in the
    installed folders, not only the Python modules."""
    names = set(zipfile.ZipFile(wheel).namelist())
    tracked = [p.relative_to(REPO).as_posix() for top in ("core", "gui", "plugins", "resources")
               for p in (REPO / top).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    assert any(path.startswith("resources/cards/") for path in tracked)
    assert any(path.startswith("plugins/euchre/help/") for path in tracked)
    missing = [path for path in tracked if path not in names]
    assert not missing, f"left out of the wheel: {missing}"
    assert {"core/hookspec.py", "core/plugin.py", "gui/__init__.py", "plugins/__init__.py"} <= names


def test_wheel_states_its_licence_and_builds_without_deprecations(built: tuple[Path, str]) -> None:
    """The licence the metadata names ships with it, as an SPDX expression; setuptools stops building projects
    that still use its deprecated forms (it names a date), so its build must not warn of one."""
    wheel, log = built
    archive = zipfile.ZipFile(wheel)
    (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
    fields = archive.read(metadata).decode()
    assert "License-Expression: MIT" in fields.splitlines()
    licence = [n for n in archive.namelist() if n.endswith("/LICENSE") and ".dist-info/" in n]
    assert licence and b"MIT License" in archive.read(licence[0])
    assert "deprecated" not in log.lower(), [line for line in log.splitlines() if "deprecat" in line.lower()]


def test_installed_wheel_runs_cardtable_plugins(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, text=True)
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "import core, resources; assert core.__file__.startswith(sys.argv[1]), core.__file__;"
        "assert resources.files().joinpath('__init__.py').is_file();"
        "from core.cli import main; sys.exit(main(['plugins']))"
    )
    # -I: the checkout and PYTHONPATH are not on the path; only the installed wheel (and the dependencies)
    result = subprocess.run([sys.executable, "-I", "-c", script, str(site)], cwd=tmp_path,
                            capture_output=True, text=True, check=False)
    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["entry-points"]["cardtable"]
    for name in declared:
        assert any(line.startswith(name + " ") for line in result.stdout.splitlines()), result.stdout
    assert "BROKEN" not in result.stdout and "Traceback" not in result.stderr
    assert result.returncode == (0 if declared else 1)


def test_a_plugin_type_checks_against_the_installed_wheel(wheel: Path, tmp_path: Path) -> None:
    """Card Table is typed for its plugins' authors: `mypy --strict` passes on the example plugin against the
    installed wheel. Without the `py.typed` markers every import from `core.plugin` was "missing library stubs or
    py.typed marker", and the hooks it decorates untyped."""
    site, example = tmp_path / "site", tmp_path / "cardtable-hilo"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, text=True)
    assert all((site / package / "py.typed").is_file() for package in ("core", "gui", "plugins"))
    shutil.copytree(REPO / "examples" / "cardtable-hilo", example,
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", os.devnull, "cardtable_hilo"],
                             cwd=example, env={**os.environ, "PYTHONPATH": str(site)}, capture_output=True, text=True,
                             check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_only_view_modules_import_qt() -> None:
    """Rules, CPU players, solvers, presenters and the core import without PySide6; in each plugin only the
    view module touches Qt (and the shell's ``gui``)."""
    modules = sorted(
        ".".join(path.relative_to(REPO).with_suffix("").parts)
        for folder in ("core", "plugins")
        for path in (REPO / folder).rglob("*.py")
        if path.stem not in ("view", "__init__")
        and (path.stem != "dask_workers" or importlib.util.find_spec("distributed") is not None)  # the cluster extra's
    )
    for path in (REPO / "plugins").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.stem != "view":
            assert "PySide6" not in text and "from gui" not in text, f"{path} imports Qt"
    script = ("import sys, importlib\n"
              f"for name in {modules!r}: importlib.import_module(name)\n"
              "import cardtable_hilo.table, cardtable_hilo.rules, cardtable_hilo.plugin\n"
              "loaded = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'gui')))\n"
              "assert not loaded, loaded\n")
    env_path = str(REPO / "examples" / "cardtable-hilo")
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONPATH": env_path})
    assert result.returncode == 0, result.stderr
    assert len(modules) > 30
