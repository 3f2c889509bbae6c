"""A long build shows how far it got on a terminal's stderr (files parsed, modules built), and
nothing on a pipe or with ``-q``: the stderr a CI log or a script reads is unchanged."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, write_tree
from toolgen.engine.workers import MIN_BYTES

PADDING = "".join(f"# line {i} of a long module, as generated code has\n" for i in range(250))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """Enough source for the build to use its workers (the work worth showing)."""
    modules = {}
    for n in range(40):
        modules[f"tools/m{n}.py"] = (
            "from toolgen import tool\n\n\n@tool\n"
            f"def tool_{n}(city: str) -> str:\n"
            f'    """Tool {n}.\n\n    Args:\n        city: Where.\n    """\n\n\n' + PADDING
        )
    root = write_tree(tmp_path, modules)
    assert sum(p.stat().st_size for p in root.rglob("*.py")) >= MIN_BYTES
    return root


def _build(project: Path, *args: str, terminal: bool) -> str:
    """stderr of a cold build, on a pseudo-terminal or a pipe."""
    command = [sys.executable, "-m", "toolgen", "build", "tools", "--no-cache", *args]
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "TOOLGEN_JOBS": "2"}
    if not terminal:
        done = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stderr
    leader, follower = pty.openpty()
    child = subprocess.Popen(
        command, cwd=project, env=env, stdout=subprocess.DEVNULL, stderr=follower
    )
    os.close(follower)
    said = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end closed: the child has exited
            break
        if not chunk:
            break
        said += chunk
    os.close(leader)
    assert child.wait(timeout=120) == 0, said
    return said.decode()


def test_a_terminal_sees_files_parsed_and_modules_built(project: Path) -> None:
    said = _build(project, terminal=True)
    assert "\rtoolgen: parsed 40/40 files\x1b[K" in said
    assert "\rtoolgen: built 40/40 modules\x1b[K" in said
    # The line is cleared before the results, which then read as on a pipe.
    assert said.rstrip().endswith("tools/tool_schemas.py: written (40 tools)")
    assert "\r\x1b[Ktools/tool_schemas.py: written" in said


def test_a_pipe_and_quiet_see_no_progress(project: Path) -> None:
    piped = _build(project, terminal=False)
    assert piped == "tools/tool_schemas.py: written (40 tools)\n"
    (project / "tools/tool_schemas.py").unlink()
    assert _build(project, "-q", terminal=True) == ""
