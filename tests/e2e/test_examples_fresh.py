"""The checked-in examples' generated modules are fresh, as `toolgen check` (and `nox -s toolgen`) see them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

EXAMPLES = sorted(p for p in (REPO / "examples").iterdir() if (p / "pyproject.toml").is_file())


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_is_fresh(example: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "toolgen", "check"], cwd=example, capture_output=True, text=True
    )
    assert result.returncode == 0, (
        f"{example.name}: the generated module is stale; run `toolgen build` in {example}\n"
        f"{result.stdout}{result.stderr}"
    )


def test_check_reports_stale_example(tmp_path: Path) -> None:
    """The gate can fail: an edited docstring in a copy of the example makes check exit 1."""
    import shutil

    copy = tmp_path / "travel_agent"
    shutil.copytree(REPO / "examples" / "travel_agent", copy)
    weather = copy / "src" / "travel_tools" / "weather.py"
    weather.write_text(weather.read_text().replace("Get the weather forecast", "Get the forecast"))
    result = subprocess.run(
        [sys.executable, "-m", "toolgen", "check"], cwd=copy, capture_output=True, text=True
    )
    assert result.returncode == 1
    assert '-        "description": "Get the weather forecast for a city.",' in result.stdout
    assert '+        "description": "Get the forecast for a city.",' in result.stdout
