"""Wheels built from this checkout once per session, for every test that installs toolgen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO


class Wheels:
    """The two distributions built from this checkout: ``toolgen`` and ``toolgen-runtime``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.toolgen = next(folder.glob("toolgen-*.whl"))
        self.runtime = next(folder.glob("toolgen_runtime-*.whl"))


@pytest.fixture(scope="session")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Wheels:
    folder = tmp_path_factory.mktemp("wheels")
    for project in (REPO, REPO / "runtime"):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--no-deps",
                "-q",
                "-w",
                str(folder),
                str(project),
            ],
            check=True,
            capture_output=True,
        )
    return Wheels(folder)


def make_venv(path: Path, *, with_pip: bool = True) -> Path:
    """A fresh virtual environment at ``path``; returns its python."""
    command = [sys.executable, "-m", "venv", str(path)]
    subprocess.run(command if with_pip else [*command, "--without-pip"], check=True)
    return path / "bin" / "python"


def pip_install(python: Path, *requirements: str | Path) -> None:
    """Install into the environment of ``python`` with this interpreter's pip, from files only."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-index"]
        + [str(r) for r in requirements],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
