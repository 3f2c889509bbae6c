"""Ctrl-C during a build that runs in workers: the terminal sends SIGINT to every process of the
group. The build says it was interrupted (exit 130), no worker prints a traceback, and none is
left behind: not the parse's workers while they import libcst or parse, nor the build's."""

from __future__ import annotations

import os
import signal
import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from tests.conftest import start_python, write_tree
from toolgen.engine import workers

pytestmark = pytest.mark.skipif(
    not workers.can_fork() or workers.workers() < 2, reason="no workers here: one CPU, or no fork"
)

MODULE = """from toolgen import tool

{tools}
"""
TOOL = '''
@tool
def tool_{i}(query: str, count: int = 10, tags: list[str] | None = None) -> str:
    """Run operation {i} and report its result, in words long enough to weigh something.

    Args:
        query: What to look for, in the words of the person asking for it.
        count: How many results to return at most, counting from the best one.
        tags: Labels that narrow the search down, matched as whole words.
    """
    return query
'''

# Where the child stops until it is interrupted: the parse workers' preload (libcst's import), a parse, or a module's build. Each prints its word when it gets there.
PAUSES = {
    "preload": ("", "_load_parser"),
    "parse": ("TargetRun", "_parse"),
    "build": ("TargetRun", "build_one"),
}


def _project(root: Path) -> Path:
    # Enough source for the workers (workers.MIN_BYTES), in files of 20 tools each.
    tools = "".join(TOOL.format(i=i) for i in range(20))
    count = workers.MIN_BYTES // len(tools) + 2
    write_tree(root, {f"tools/m{n}.py": MODULE.format(tools=tools) for n in range(count)})
    return root


def _group(pgid: int) -> list[str]:
    found = subprocess.run(["pgrep", "-g", str(pgid)], capture_output=True, text=True)
    return found.stdout.split()


@pytest.mark.parametrize("where", sorted(PAUSES))
def test_ctrl_c_in_a_worker_ends_every_process_and_says_so(tmp_path: Path, where: str) -> None:
    project = _project(tmp_path)
    holder, name = PAUSES[where]
    code = textwrap.dedent(f"""
        import os, signal, time
        import toolgen.engine.target as target
        signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
        holder = getattr(target, {holder!r}) if {holder!r} else target
        real = getattr(holder, {name!r})
        def paused(*args, **kwargs):
            os.write(1, {where!r}.encode() + b"\\n")  # one write: two workers may say it
            time.sleep(60)
            return real(*args, **kwargs)
        setattr(holder, {name!r}, paused)
        from toolgen.command import main
        main(["build", "tools", "--no-cache", "-q"])
        """)
    child = start_python(
        code,
        project,
        start_new_session=True,  # a group of its own, as a terminal gives a command
        env={**os.environ, workers.JOBS_ENV: "2"},
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == where
        os.killpg(child.pid, signal.SIGINT)  # Ctrl-C: every process of the group
        _, stderr = child.communicate(timeout=30)
        deadline = time.monotonic() + 10
        while _group(child.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _group(child.pid) == []
        assert child.returncode == 130
        assert "toolgen: interrupted; nothing was half-written" in stderr
        assert "Traceback" not in stderr
        assert not (project / "tools" / "tool_schemas.py").exists()
    finally:
        if _group(child.pid):
            os.killpg(child.pid, signal.SIGKILL)
