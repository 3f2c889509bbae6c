"""Shared fixtures: build tool sources in memory or on disk and run toolgen over them."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from toolgen import api
from toolgen.config import Config, Target, override
from toolgen.errors import SourceError

REPO = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    """The cache secret is the session's own (never the developer's, never the environment's):
    builds in tests, in this process or in child processes, authenticate entries with it."""
    import os
    import tempfile

    os.environ.pop("TOOLGEN_CACHE_SECRET", None)
    os.environ.pop("TOOLGEN_CACHE_DIR", None)
    os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="toolgen-state-")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="Rewrite tests/cases/*/expected from the current output.",
    )


def write_tree(root: Path, files: dict[str, str]) -> Path:
    """Write dedented ``files`` (relative path → source) under ``root``."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def run_toolgen(*args: str, cwd: Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``python -m toolgen ARGS`` in a process of its own, as the installed command runs, with
    this checkout's package."""
    return subprocess.run(
        [sys.executable, "-m", "toolgen", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        **kwargs,
    )


def start_python(code: str, cwd: Path, **kwargs: Any) -> subprocess.Popen[str]:
    """A Python process running ``code`` in ``cwd``, begun and left running (its stdout and
    stderr piped, as text): for a test that acts on it while it runs."""
    return subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


class Built:
    """The result of building a package: the IR tools by name, every constant, diagnostics."""

    def __init__(self, text: str, diagnostics: list[str]) -> None:
        self.text = text
        self.diagnostics = diagnostics
        namespace: dict[str, Any] = {}
        exec(compile(text, "tool_schemas.py", "exec"), namespace)  # the generated module only
        self.module = namespace
        self.tools = {t["name"]: t for t in namespace["TOOLS"]}

    def params(self, tool: str) -> dict[str, Any]:
        return self.tools[tool]["parameters"]

    def prop(self, tool: str, name: str) -> dict[str, Any]:
        return self.params(tool)["properties"][name]


@pytest.fixture
def build_pkg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """``build_pkg({"pkg/mod.py": src}, **target_options)`` → :class:`Built` (raises SourceError)."""
    monkeypatch.chdir(tmp_path)

    def run(files: dict[str, str], **options: Any) -> Built:
        write_tree(tmp_path, files)
        target = override(Target(), paths=(tmp_path,), out=tmp_path / "tool_schemas.py", **options)
        plan = api.plan(Config((target,)), cwd=tmp_path)
        return Built(plan.files[0].text, [d.format() for d in plan.diagnostics])

    return run


@pytest.fixture
def build_errors(build_pkg):
    """Like ``build_pkg`` but expects errors: returns the formatted diagnostics."""

    def run(files: dict[str, str], **options: Any) -> list[str]:
        with pytest.raises(SourceError) as info:
            build_pkg(files, **options)
        return [d.format() for d in info.value.diagnostics]

    return run
