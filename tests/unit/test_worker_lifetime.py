"""Workers end when the process that started them does: a build killed (SIGKILL) or terminated
(SIGTERM) while its workers are busy — on an input that keeps them busy for ever, say — leaves
no worker behind: not the parse's workers, nor the build's, nor the child that parses an edit's
few files. On Linux the kernel says so (a parent-death signal);
elsewhere, and should that be unavailable, each worker watches its parent itself."""

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

MODULE = "from toolgen import tool\n\n{tools}\n"
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

# Which workers are held busy (for ever), and how many say so first: the parse's pool (two
# workers), the build's pool, and the one child that parses a few files while the cache is read.
STAGES = {
    "parse pool": ("_parse", 2, ["--no-cache"]),
    "build pool": ("build_one", 2, ["--no-cache"]),
    "parse child": ("_parse", 1, []),
}


def _project(root: Path, many: bool) -> Path:
    tools = "".join(TOOL.format(i=i) for i in range(20))
    count = workers.MIN_BYTES // len(tools) + 2 if many else 2
    write_tree(root, {f"tools/m{n}.py": MODULE.format(tools=tools) for n in range(count)})
    return root


def _group(pgid: int) -> list[str]:
    found = subprocess.run(["pgrep", "-g", str(pgid)], capture_output=True, text=True)
    return found.stdout.split()


def _wait_empty(pgid: int) -> list[str]:
    """The group's processes once none is left, or after a bounded wait (10 s) those left."""
    deadline = time.monotonic() + 10
    while _group(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _group(pgid)


CASES = [
    *((stage, signum, False) for stage in STAGES for signum in (signal.SIGKILL, signal.SIGTERM)),
    # Without the kernel's signal: the pool's workers, and the lone child (the build's pool is
    # the parse's code).
    ("parse pool", signal.SIGKILL, True),
    ("parse child", signal.SIGTERM, True),
]


@pytest.mark.parametrize(
    "stage,signum,fallback",
    CASES,
    ids=[f"{s}-{signal.Signals(n).name}-{'watching' if f else 'kernel'}" for s, n, f in CASES],
)
def test_no_worker_outlives_the_build(
    tmp_path: Path, stage: str, signum: int, fallback: bool
) -> None:
    name, busy, flags = STAGES[stage]
    project = _project(tmp_path, many=stage != "parse child")
    code = textwrap.dedent(f"""
        import os, time
        import toolgen.engine.target as target
        import toolgen.engine.lifetime as lifetime
        if {fallback!r}:  # as where the kernel has no parent-death signal
            lifetime.parent_death_signal = lambda: False
        real = getattr(target.TargetRun, {name!r})
        def busy(*args, **kwargs):
            os.write(1, b"busy\\n")  # one write: two workers may say it
            while True:  # an input that keeps a worker busy for ever
                time.sleep(1)
        setattr(target.TargetRun, {name!r}, busy)
        from toolgen.command import main
        main(["build", "tools", "-q", *{flags!r}])
        """)
    child = start_python(
        code,
        project,
        start_new_session=True,  # a group of its own: every process it starts is in it
        env={**os.environ, workers.JOBS_ENV: "2"},
    )
    try:
        assert child.stdout is not None
        for _ in range(busy):
            assert child.stdout.readline().strip() == "busy"
        assert len(_group(child.pid)) == 1 + busy  # the build and its busy workers
        os.kill(child.pid, signum)  # the build alone, as a CI runner's timeout does
        child.wait(timeout=30)
        assert child.returncode == -signum
        assert _wait_empty(child.pid) == []
    finally:
        if _group(child.pid):
            os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
