"""A service deploys with toolgen-runtime alone: docs/deploy.md followed as printed, in a virtual
environment holding nothing but the runtime, where none of the build's dependencies exists."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO, write_tree
from tests.e2e.conftest import Wheels, make_venv, pip_install
from tests.e2e.test_docs import QUICKSTART
from toolgen import __version__

DEPLOY = (REPO / "docs" / "deploy.md").read_text()
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
BUILD_DEPENDENCIES = ["libcst", "black", "jinja2", "click"]


def _block(kind: str, first_line: str) -> str:
    found = [b for k, b in FENCE.findall(DEPLOY) if k == kind and b.startswith(first_line)]
    assert len(found) == 1, f"docs/deploy.md: one {kind} block starting {first_line!r}"
    return found[0]


def test_the_runtime_module_is_the_markers_and_toolgens_version() -> None:
    runtime = (REPO / "runtime" / "toolgen.py").read_bytes()
    assert runtime == (REPO / "src" / "toolgen" / "markers.py").read_bytes()
    # toolgen.runtime: each file a copy of src/toolgen/runtime's, and nothing more.
    copies = REPO / "runtime" / "_toolgen_runtime" / "runtime"
    ours = REPO / "src" / "toolgen" / "runtime"
    assert sorted(p.name for p in copies.iterdir() if p.name != "__pycache__") == sorted(
        p.name for p in ours.glob("*.py")
    ), "copy src/toolgen/runtime/*.py to runtime/_toolgen_runtime/runtime/"
    for path in ours.glob("*.py"):
        assert (copies / path.name).read_bytes() == path.read_bytes(), f"copy {path.name} over"
    project = (REPO / "runtime" / "pyproject.toml").read_text()
    assert f'\nversion = "{__version__}"\n' in project
    assert "\ndependencies = []\n" in project
    assert f"toolgen-runtime=={__version__}" in _block("text", "# requirements.txt")


@pytest.mark.slow
def test_a_service_runs_with_the_runtime_alone(tmp_path: Path, wheels: Wheels) -> None:
    assert zipfile.ZipFile(wheels.runtime).namelist()[0] == "toolgen.py"
    service = tmp_path / "service"
    write_tree(service, QUICKSTART)
    # The schemas are generated where toolgen is installed (here: this test's environment).
    subprocess.run(
        [sys.executable, "-m", "toolgen", "build", "src/tools"],
        cwd=service,
        check=True,
        capture_output=True,
    )
    (service / "service.py").write_text(_block("python", "# service.py"))
    (service / "requirements.txt").write_text(_block("text", "# requirements.txt"))
    shutil.copytree(wheels.folder, service / "wheels")
    # An environment with no pip, no setuptools: only what the requirements bring.
    python = make_venv(tmp_path / "venv", with_pip=False)
    install = _block("sh", "python -m pip install -r").split()
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), *install[3:], "--no-index"],
        cwd=service,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": "src"}
    ran = subprocess.run(
        [str(python), "service.py"], cwd=service, capture_output=True, text=True, env=env
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == _block("text", "c1 null")
    probe = (
        "import importlib.util, json, toolgen, toolgen.markers, tools.weather\n"
        f"missing = {{m: importlib.util.find_spec(m) is None for m in {BUILD_DEPENDENCIES!r}}}\n"
        "print(json.dumps({'missing': missing, 'toolgen': toolgen.__file__,"
        " 'same': toolgen.markers is toolgen}))\n"
    )
    seen = subprocess.run(
        [str(python), "-c", probe], cwd=service, capture_output=True, text=True, env=env
    )
    assert seen.returncode == 0, seen.stderr
    data = json.loads(seen.stdout)
    assert data["missing"] == dict.fromkeys(BUILD_DEPENDENCIES, True)
    assert data["toolgen"].startswith(str(tmp_path / "venv")) and data["toolgen"].endswith(
        "toolgen.py"
    )
    assert data["same"] is True


LOOP = """
import importlib.util, json
from toolgen.runtime import ArgumentError, Toolbox
import tools.tool_schemas as schemas

box = Toolbox(schemas, provider="openai")
call = {"id": "c1", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}
answer = box.handle(call)
try:
    box.decode("get_weather", '{"city": 3}')
except ArgumentError as err:
    refused = err.errors
missing = [m for m in ("pydantic", "libcst", "black", "jinja2", "click")
           if importlib.util.find_spec(m) is not None]
print(json.dumps({"answer": answer, "refused": refused, "present": missing}))
"""


def test_the_runtime_alone_runs_a_whole_loop(tmp_path: Path, wheels: Wheels) -> None:
    """toolgen-runtime in an empty environment (no pydantic, none of the build's libraries):
    a model's call decoded against the IR, the function run, the provider's answer written."""
    assert "_toolgen_runtime/runtime/toolbox.py" in zipfile.ZipFile(wheels.runtime).namelist()
    service = tmp_path / "service"
    write_tree(service, QUICKSTART)
    subprocess.run(
        [sys.executable, "-m", "toolgen", "build", "src/tools"],
        cwd=service,
        check=True,
        capture_output=True,
    )
    (service / "loop.py").write_text(LOOP)
    python = make_venv(tmp_path / "venv", with_pip=False)
    pip_install(python, wheels.runtime)
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": "src"}
    ran = subprocess.run(
        [str(python), "loop.py"], cwd=service, capture_output=True, text=True, env=env
    )
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    assert data["present"] == []
    assert data["answer"]["role"] == "tool" and data["answer"]["tool_call_id"] == "c1"
    assert [e["path"] for e in data["refused"]] == ["/city"]
