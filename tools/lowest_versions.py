"""Runs the test suite with every dependency at the lowest version ``pyproject.toml`` allows, so that its lower
bounds claim only what works.

    python tools/lowest_versions.py [--python python3.11] [--keep DIR] [-- PYTEST ARGS]

Makes a fresh virtual environment (with ``--python``'s interpreter), installs each requirement of the program and
of its extras (``test``, ``cluster``) pinned to its lower bound (``PySide6>=6.11.2,<6.12`` becomes
``PySide6==6.11.2``; one without a lower bound is installed as pip chooses), installs Card Table itself without
touching them, prints the versions installed and runs the suite (``-n auto --dist loadfile`` unless PYTEST ARGS
are given). Exits with pytest's status. Not part of the test suite: it installs about 700 MB and runs the whole
suite (about ten minutes here).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.cli_options import UsageError, guarded  # noqa: E402


def lowest(requirement: str, python: str) -> str:
    """``requirement`` pinned to the lowest release the index has that it allows, when it has a lower bound
    (``name>=1.2,<2`` → ``name==1.2.1`` if 1.2.0 was never released); as it is without one."""
    from packaging.requirements import Requirement
    from packaging.version import Version

    parsed = Requirement(requirement)
    if not any(spec.operator in (">=", ">", "~=", "==") for spec in parsed.specifier):
        return requirement
    listed = subprocess.run([python, "-m", "pip", "index", "versions", parsed.name], capture_output=True, text=True)
    line = next((ln for ln in listed.stdout.splitlines() if ln.startswith("Available versions:")), "")
    versions = [Version(v.strip()) for v in line.partition(":")[2].split(",") if v.strip()]
    allowed = sorted(v for v in versions if parsed.specifier.contains(v))
    if not allowed:
        raise UsageError(f"the package index has no release of {parsed.name} that {requirement} allows")
    return f"{parsed.name}=={allowed[0]}"


def pinned(pyproject: Path, python: str) -> list[str]:
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    extras = [r for group in project["optional-dependencies"].values() for r in group]
    return [lowest(r, python) for r in [*project["dependencies"], *extras]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=sys.executable, help="the interpreter to test with (default: this one)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="make the environment in DIR and leave it there (default: a temporary folder, removed)")
    parser.add_argument("pytest_args", nargs="*", help="arguments for pytest (after --)")
    args = parser.parse_args()

    def run() -> int:
        if shutil.which(args.python) is None and not Path(args.python).is_file():
            raise UsageError(f"--python {args.python}: no such interpreter")
        folder = args.keep or Path(tempfile.mkdtemp(prefix="cardtable-lowest-"))
        try:
            venv = folder / "venv"
            python = str(venv / "bin" / "python")
            subprocess.run([args.python, "-m", "venv", str(venv)], check=True)
            subprocess.run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)  # has `index`
            requirements = pinned(ROOT / "pyproject.toml", python)
            print("installing: " + ", ".join(requirements), flush=True)
            subprocess.run([python, "-m", "pip", "install", "-q", *requirements], check=True)
            subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "-e",
                            str(ROOT)], check=True)
            listed = subprocess.run([python, "-m", "pip", "list", "--format", "freeze"], check=True,
                                    capture_output=True, text=True).stdout.split()
            names = {r.partition("==")[0].lower() for r in requirements}
            print("installed: " + ", ".join(p for p in listed if p.partition("==")[0].lower() in names), flush=True)
            tests = args.pytest_args or ["-q", "-p", "no:cacheprovider", "-n", "auto", "--dist", "loadfile"]
            return subprocess.run([python, "-m", "pytest", *tests], cwd=ROOT).returncode
        except subprocess.CalledProcessError as error:
            print(f"lowest_versions.py: '{' '.join(map(str, error.cmd[:5]))} …' failed (exit status "
                  f"{error.returncode}; its output is above)", file=sys.stderr)
            return 1
        finally:
            if args.keep is None:
                shutil.rmtree(folder, ignore_errors=True)

    return guarded(run, "lowest_versions.py")


if __name__ == "__main__":
    sys.exit(main())
