"""A built wheel, installed (not editable) in a fresh venv, builds the example: templates ship in it."""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.e2e.conftest import Wheels, make_venv, pip_install


@pytest.mark.slow
def test_wheel_installs_and_builds_the_example(tmp_path: Path, wheels: Wheels) -> None:
    wheel = wheels.toolgen
    names = zipfile.ZipFile(wheel).namelist()
    assert "toolgen/_templates/tool_schemas.py.jinja" in names
    assert "toolgen/_templates/_header.jinja" in names
    assert "toolgen/py.typed" in names
    venv = tmp_path / "venv"
    python = make_venv(venv)
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
    # The runtime distribution beside the full one (a project that deploys with the runtime and
    # develops with toolgen): no file is shared, and the package wins over the single module.
    assert not set(zipfile.ZipFile(wheels.runtime).namelist()) & set(names)
    pip_install(python, wheels.runtime)
    both = subprocess.run([toolgen, "build"], cwd=example, capture_output=True, text=True)
    assert both.returncode == 0, both.stderr
    subprocess.run(
        [str(python), "-m", "pip", "uninstall", "-y", "-q", "toolgen"],
        check=True,
        capture_output=True,
    )
    left = subprocess.run(
        [
            str(python),
            "-c",
            "import toolgen; from toolgen import tool, Param; print(toolgen.__file__)",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert left.returncode == 0, left.stderr
    assert left.stdout.strip().endswith("site-packages/toolgen.py")
    pip_install(python, wheel)
    tools.write_text("def broken(:\n")
    bad = subprocess.run([toolgen, "build"], cwd=example, capture_output=True, text=True)
    assert bad.returncode == 3 and "weather.py:1:" in bad.stderr
