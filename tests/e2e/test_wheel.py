"""A built wheel, installed (not editable) in a fresh venv, builds the example: templates ship in it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO


@pytest.mark.slow
def test_wheel_installs_and_builds_the_example(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(REPO)],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("toolgen-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "toolgen/_templates/tool_schemas.py.jinja" in names
    assert "toolgen/_templates/_header.jinja" in names
    assert "toolgen/py.typed" in names
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(wheel)], check=True, capture_output=True
    )
    example = tmp_path / "travel_agent"
    shutil.copytree(REPO / "examples" / "travel_agent", example)
    (example / "src" / "travel_tools" / "tool_schemas.py").unlink()
    # Run from the example, far from the repository, so only the installed package can be used.
    build = subprocess.run(
        [str(venv / "bin" / "toolgen"), "build"], cwd=example, capture_output=True, text=True
    )
    assert build.returncode == 0, build.stderr
    built = (example / "src" / "travel_tools" / "tool_schemas.py").read_text()
    assert (
        built
        == (
            REPO / "examples" / "travel_agent" / "src" / "travel_tools" / "tool_schemas.py"
        ).read_text()
    )
    where = subprocess.run(
        [str(python), "-c", "import toolgen, sys; print(toolgen.__file__)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert str(venv) in where.stdout
    # The installed command's exit codes, as the report gives them.
    toolgen = str(venv / "bin" / "toolgen")
    fresh = subprocess.run([toolgen, "check"], cwd=example, capture_output=True, text=True)
    assert fresh.returncode == 0, fresh.stderr
    tools = example / "src" / "travel_tools" / "weather.py"
    tools.write_text(tools.read_text().replace("Get the weather", "Get the changed weather"))
    stale = subprocess.run([toolgen, "check"], cwd=example, capture_output=True, text=True)
    assert stale.returncode == 1 and "run `toolgen build` and commit it" in stale.stderr
    usage = subprocess.run(
        [toolgen, "build", "nowhere"], cwd=example, capture_output=True, text=True
    )
    assert usage.returncode == 2 and "nowhere" in usage.stderr
    gone = subprocess.run(
        [toolgen, "show", "src/travel_tools/flights.py::search_flights"],
        cwd=example,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),
    )
    assert gone.returncode == 120, gone.stderr
    tools.write_text("def broken(:\n")
    bad = subprocess.run([toolgen, "build"], cwd=example, capture_output=True, text=True)
    assert bad.returncode == 3 and "weather.py:1:" in bad.stderr
