"""Where ``fork`` is not available (Windows; a Python without it), toolgen does all its work in
one process: the same bytes and messages, nothing forked. Forced here by hiding the start
method, and by making every way to start a process fail."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.cli.test_progress import PADDING
from tests.conftest import REPO, write_tree
from toolgen.engine.workers import MIN_BYTES

NO_FORK = """
import multiprocessing, os, sys

multiprocessing.get_all_start_methods = lambda: ["spawn"]  # what Windows reports


def refuse(*args, **kwargs):
    raise AssertionError("a process was started where fork is unavailable")


del os.fork  # what Windows has: no os.fork at all
multiprocessing.context.BaseContext.Process = refuse
from toolgen.command import main

main(sys.argv[1:])
"""


def test_a_build_without_fork_runs_in_one_process_and_writes_the_same(tmp_path: Path) -> None:
    files = {
        f"tools/m{n}.py": "from toolgen import tool\n\n\n@tool\n"
        f"def tool_{n}(city: str) -> str:\n"
        f'    """Tool {n}.\n\n    Args:\n        city: Where.\n    """\n\n\n' + PADDING
        for n in range(40)
    }
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "TOOLGEN_JOBS": "2"}
    said = {}
    for way, program in (("fork", None), ("no-fork", NO_FORK)):
        root = write_tree(tmp_path / way, files)
        assert sum(p.stat().st_size for p in root.rglob("*.py")) >= MIN_BYTES  # workers' size
        command = ["-c", program] if program else ["-m", "toolgen"]
        for step in ("build", "check"):
            done = subprocess.run(
                [sys.executable, *command, step, "tools", "--no-cache"],
                cwd=root,
                env=env,
                capture_output=True,
                text=True,
            )
            assert done.returncode == 0, f"{way} {step}:\n{done.stderr}"
            said[way, step] = done.stderr
        said[way, "out"] = (root / "tools/tool_schemas.py").read_text()
    for step in ("build", "check", "out"):
        assert said["fork", step] == said["no-fork", step], step
