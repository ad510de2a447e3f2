"""Make folders that look like installed distributions (a dist-info with entry points) for plugin tests."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def make_dist(
    root: Path, name: str, version: str, entry_points: dict[str, str], modules: dict[str, str] | None = None
) -> Path:
    """Write ``root/<name>-<version>.dist-info`` with ``cardtable`` entry points, plus module sources."""
    root.mkdir(parents=True, exist_ok=True)
    info = root / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    (info / "entry_points.txt").write_text("[cardtable]\n" + lines)
    for module, source in (modules or {}).items():
        path = root / (module.replace(".", "/") + ".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source))
    return root


def entry_points_in(root: Path) -> list[metadata.EntryPoint]:
    return [
        point
        for dist in metadata.distributions(path=[str(root)])
        for point in dist.entry_points
        if point.group == "cardtable"
    ]


def run_cardtable(*args: str, pythonpath: list[Path] | None = None, env: dict[str, str] | None = None,
                  timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``cardtable ARGS`` in a subprocess, with extra folders on its path (as installed distributions)."""
    full_env = dict(os.environ, **(env or {}))
    paths = [str(p) for p in (pythonpath or [])]
    if full_env.get("PYTHONPATH"):
        paths.append(full_env["PYTHONPATH"])
    full_env["PYTHONPATH"] = os.pathsep.join(paths)
    return subprocess.run(
        [sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main())", *args],
        capture_output=True, text=True, env=full_env, timeout=timeout, check=False,
    )
