"""The CI snippets of the README and docs/cli.md, taken from the markdown and run as printed: in a
sample project beside a committed copy of this checkout (`../toolgen`, where the docs put the
clone), the wheels are built by the documented command, the nox session installs toolgen from
them, the GitHub Actions step runs it, and pre-commit runs the local hook and `try-repo`."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, write_tree
from tests.e2e.test_docs import QUICKSTART
from toolgen import __version__
from toolgen.init import NOX_SESSION, PRE_COMMIT_REPO

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
BIN = Path(sys.executable).parent


def block(doc: str, kind: str, first_line: str) -> str:
    """The one ``kind`` block of ``doc`` whose text starts with ``first_line``."""
    text = (REPO / doc).read_text()
    found = [b for k, b in FENCE.findall(text) if k == kind and b.startswith(first_line)]
    assert len(found) == 1, f"{doc}: {len(found)} {kind} blocks start with {first_line!r}"
    return found[0]


def yaml_run_script(step: str) -> str:
    """The ``run: |`` script of a GitHub Actions step, dedented."""
    lines = step.split("run: |\n", 1)[1].splitlines()
    return "\n".join(line.strip() for line in lines) + "\n"


def test_the_snippets_are_what_init_writes() -> None:
    for doc in ("README.md", "docs/cli.md"):
        assert block(doc, "python", "import nox") == "import nox\n\n" + NOX_SESSION, doc
    indented = "".join("  " + line for line in PRE_COMMIT_REPO.splitlines(True))
    assert block("docs/cli.md", "yaml", "repos:\n  - repo: local") == "repos:\n" + indented
    assert f'"toolgen=={__version__}"' in NOX_SESSION
    wheels = block("README.md", "sh", "python -m pip wheel")
    assert wheels == block("docs/deploy.md", "sh", "python -m pip wheel")
    assert f"`{wheels.strip()}`" in (REPO / "docs/cli.md").read_text().replace("\n", " ")


def _copy_of_checkout(dest: Path) -> None:
    """This checkout's working tree, committed in a repository of its own (what a clone is)."""
    shutil.copytree(
        REPO,
        dest,
        ignore=shutil.ignore_patterns(
            ".git", ".nox", ".venv", "venv", "__pycache__", "*.egg-info", "dist", "build",
            ".pytest_cache", ".mypy_cache", ".ruff_cache", ".toolgen_cache", ".hypothesis",
        ),
    )  # fmt: skip
    _git(dest, "init", "-q")
    _git(dest, "add", "-A")
    _git(dest, "commit", "-q", "-m", "toolgen as tested")


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


def _sh(script: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """``project/`` (the quickstart's tools, set up by ``toolgen init``, with the documented
    wheels) beside ``toolgen/``; and the environment to run the snippets in."""
    root = tmp_path_factory.mktemp("ci")
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        # Every cache the tools keep goes into this test's folder, none into the home folder.
        "PRE_COMMIT_HOME": str(root / "pre-commit-home"),
        "PIP_CACHE_DIR": str(root / "pip-cache"),
        "VIRTUALENV_OVERRIDE_APP_DATA": str(root / "virtualenv-data"),
    }
    _copy_of_checkout(root / "toolgen")
    project = write_tree(root / "project", QUICKSTART)
    init = subprocess.run(
        [sys.executable, "-m", "toolgen", "init"], cwd=project, capture_output=True, text=True
    )
    assert init.returncode == 0, init.stdout + init.stderr
    wheels = _sh(block("README.md", "sh", "python -m pip wheel"), project, env)
    assert wheels.returncode == 0, wheels.stderr
    assert sorted(p.name.split("-")[0] for p in (project / "wheels").iterdir()) == [
        "toolgen",
        "toolgen_runtime",
    ]
    (project / ".gitignore").write_text(".nox/\n.toolgen_cache/\n")  # wheels/ is committed
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    _git(project, "commit", "-q", "-m", "tools")
    return project, env


def _make_stale(project: Path) -> Path:
    tools = project / "src" / "tools" / "weather.py"
    tools.write_text(tools.read_text().replace("Send an umbrella", "Post an umbrella"))
    return tools


@pytest.mark.slow
def test_the_nox_session_and_the_actions_step_as_printed(
    sample: tuple[Path, dict[str, str]],
) -> None:
    project, env = sample
    (project / "noxfile.py").write_text(block("README.md", "python", "import nox"))
    step = _sh(yaml_run_script(block("docs/cli.md", "yaml", "- name: Tool schemas")), project, env)
    assert step.returncode == 0, step.stdout + step.stderr
    assert "Session toolgen was successful" in step.stderr
    # The session's toolgen is the wheel's, installed into nox's own environment.
    assert "toolgen==0.1.0" in step.stderr and ".nox/toolgen" in step.stderr
    tools = _make_stale(project)
    try:
        stale = subprocess.run(
            ["nox", "-r", "-s", "toolgen"], cwd=project, env=env, capture_output=True, text=True
        )
        assert stale.returncode != 0
        assert "run `toolgen build` and commit it" in stale.stdout + stale.stderr
    finally:
        _git(project, "checkout", "--", str(tools))


@pytest.mark.slow
def test_pre_commit_runs_the_local_hook_and_the_repository_hooks(
    sample: tuple[Path, dict[str, str]],
) -> None:
    project, env = sample
    (project / ".pre-commit-config.yaml").write_text(
        block("docs/cli.md", "yaml", "repos:\n  - repo: local")
    )
    local = subprocess.run(
        ["pre-commit", "run", "--all-files"], cwd=project, env=env, capture_output=True, text=True
    )
    assert local.returncode == 0, local.stdout + local.stderr
    assert "toolgen check (generated tool schemas are fresh)" in local.stdout
    tools = _make_stale(project)
    try:
        stale = subprocess.run(
            ["pre-commit", "run", "--all-files"],
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
        )
        assert stale.returncode == 1, stale.stdout
        assert "Failed" in stale.stdout and "run `toolgen build` and commit it" in stale.stdout
    finally:
        _git(project, "checkout", "--", str(tools))
    # The repository's own hooks: pre-commit installs toolgen from the clone into its own
    # environment (pulling libcst and the rest from the package index).
    tried = _sh(block("docs/cli.md", "sh", "pre-commit try-repo"), project, env)
    assert tried.returncode == 0, tried.stdout + tried.stderr
    assert re.search(r"toolgen check \(generated tool schemas are fresh\)\.+Passed", tried.stdout)
