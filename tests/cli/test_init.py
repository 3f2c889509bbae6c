"""`toolgen init`: finds the tools (statically, frameworks included), adds the configuration, the
nox session and the pre-commit hook, runs the first build, and never rewrites what exists."""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tests.conftest import write_tree
from tests.e2e.test_docs import QUICKSTART
from toolgen.cli import main
from toolgen.init import NOX_SESSION

if sys.version_info >= (3, 11):
    import tomllib
else:  # toolgen reads TOML with tomli there (a dependency on 3.10)
    import tomli as tomllib

FASTMCP = {
    "src/helpdesk/server.py": """
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("helpdesk")
        """,
    "src/helpdesk/tickets.py": '''
        from helpdesk.server import mcp
        from helpdesk.types import Priority


        @mcp.tool()
        def open_ticket(title: str, priority: Priority = "low") -> str:
            """Open a support ticket."""
            return title
        ''',
    "src/helpdesk/types.py": """
        from typing import Literal

        Priority = Literal["low", "high"]
        """,
    # A test's fixture is not one of the project's tools.
    "tests/test_tools.py": '''
        from toolgen import tool


        @tool
        def fixture_tool(x: int) -> int:
            """Only for a test."""
            return x
        ''',
}


def init(*args: str):
    return CliRunner().invoke(main, ["init", *args])


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".toolgen_cache" not in p.parts
    }


def test_fresh_project_dry_run_then_init(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_tree(tmp_path, QUICKSTART)
    before = snapshot(tmp_path)
    dry = init(str(tmp_path), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert snapshot(tmp_path) == before  # nothing written, not even the cache
    assert "found 2 tools in src/tools (marked by toolgen's @tool)" in dry.output
    for line in (
        "would create pyproject.toml:",
        'paths = ["src/tools"]',
        "would create noxfile.py:",
        "would create .pre-commit-config.yaml:",
        "would run the first build: toolgen build",
    ):
        assert line in dry.output

    done = init(str(tmp_path))
    assert done.exit_code == 0, done.output
    assert "src/tools/tool_schemas.py: written (2 tools)" in done.output
    table = tomllib.loads((tmp_path / "pyproject.toml").read_text())["tool"]["toolgen"]
    assert table == {"paths": ["src/tools"], "out": "src/tools/tool_schemas.py"}
    assert (tmp_path / "noxfile.py").read_text() == "import nox\n\n" + NOX_SESSION
    hooks = yaml.safe_load((tmp_path / ".pre-commit-config.yaml").read_text())
    assert hooks["repos"][0]["repo"] == "local"
    assert hooks["repos"][0]["hooks"][0]["entry"] == "toolgen check"
    written = (tmp_path / "src/tools/tool_schemas.py").read_text()
    assert "get_weather" in written and "ship_umbrella" in written
    monkeypatch.chdir(tmp_path)  # what the nox session and the hook run: a bare check
    check = CliRunner().invoke(main, ["check"])
    assert check.exit_code == 0, check.output

    # Again: everything exists, so nothing changes, and each file says why.
    after = snapshot(tmp_path)
    again = init(str(tmp_path))
    assert again.exit_code == 0, again.output
    assert snapshot(tmp_path) == after
    assert "left pyproject.toml as it is: it already has a [tool.toolgen] table" in again.output
    assert "left noxfile.py as it is: it already has a session named toolgen" in again.output
    assert "left .pre-commit-config.yaml as it is: it already runs a toolgen hook" in again.output


def test_existing_files_are_appended_to_and_never_rewritten(tmp_path: Path) -> None:
    write_tree(tmp_path, FASTMCP)
    pyproject = '[project]\nname = "helpdesk"\nversion = "1.0"\n\n[tool.ruff]\nline-length = 99'
    noxfile = 'import nox\n\n\n@nox.session\ndef tests(session):\n    session.run("pytest")\n'
    hooks = "repos:\n- repo: https://github.com/psf/black\n  rev: 24.1.0\n  hooks:\n  - id: black\n"
    existing = {
        "pyproject.toml": pyproject,
        "noxfile.py": noxfile,
        ".pre-commit-config.yaml": hooks,
    }
    for name, text in existing.items():
        (tmp_path / name).write_text(text)
    done = init(str(tmp_path))
    assert done.exit_code == 0, done.output
    for name, text in existing.items():  # byte for byte, then the addition
        assert (tmp_path / name).read_text().startswith(text), name
    data = tomllib.loads((tmp_path / "pyproject.toml").read_text())
    assert data["project"]["name"] == "helpdesk" and data["tool"]["ruff"] == {"line-length": 99}
    # The FastMCP server's tools are found through the instance imported from another module;
    # the whole package is scanned, so the type from its sibling module resolves.
    assert data["tool"]["toolgen"] == {
        "paths": ["src/helpdesk"],
        "out": "src/helpdesk/tool_schemas.py",
        "frameworks": ["mcp"],
    }
    assert "found 1 tool in src/helpdesk (marked by mcp)" in done.output
    sessions = [
        f.name
        for f in ast.parse((tmp_path / "noxfile.py").read_text()).body
        if isinstance(f, ast.FunctionDef)
    ]
    assert sessions == ["tests", "toolgen"]
    repos = yaml.safe_load((tmp_path / ".pre-commit-config.yaml").read_text())["repos"]
    assert [r["repo"] for r in repos] == ["https://github.com/psf/black", "local"]
    assert repos[1]["hooks"][0]["id"] == "toolgen-check"
    schemas = (tmp_path / "src/helpdesk/tool_schemas.py").read_text()
    assert "open_ticket" in schemas and "fixture_tool" not in schemas
    assert '"enum": ["low", "high"]' in schemas


def test_an_existing_table_is_kept_and_built(tmp_path: Path) -> None:
    write_tree(tmp_path, QUICKSTART)
    pyproject = '[tool.toolgen]\npaths = ["src/tools"]\nproviders = ["openai"]\n'
    (tmp_path / "pyproject.toml").write_text(pyproject)
    done = init(str(tmp_path))
    assert done.exit_code == 0, done.output
    assert (tmp_path / "pyproject.toml").read_text() == pyproject
    written = (tmp_path / "src/tools/tool_schemas.py").read_text()
    assert "TOOLS_OPENAI" in written and "TOOLS_ANTHROPIC" not in written


def test_what_cannot_be_appended_safely_is_printed_instead(tmp_path: Path) -> None:
    write_tree(tmp_path, QUICKSTART)
    pyproject = "tool = { ruff = { line-length = 99 } }\n"  # [tool.toolgen] cannot follow this
    hooks = "repos:\n  - repo: local\n    hooks: []\ndefault_stages: [pre-commit]\n"
    (tmp_path / "pyproject.toml").write_text(pyproject)
    (tmp_path / ".pre-commit-config.yaml").write_text(hooks)
    done = init(str(tmp_path))
    assert done.exit_code == 2, done.output
    assert (tmp_path / "pyproject.toml").read_text() == pyproject
    assert (tmp_path / ".pre-commit-config.yaml").read_text() == hooks
    assert "left pyproject.toml as it is: the table cannot be appended to it safely" in done.output
    assert '    paths = ["src/tools"]' in done.output  # what to add by hand
    assert "left .pre-commit-config.yaml as it is: its repos list cannot be appended to" in (
        done.output
    )
    assert "        - id: toolgen-check" in done.output
    assert "no [tool.toolgen] to build from" in done.output
    assert not (tmp_path / "src/tools/tool_schemas.py").exists()


def test_no_tools_writes_nothing(tmp_path: Path) -> None:
    write_tree(tmp_path, {"app/main.py": "def main() -> None:\n    pass\n"})
    done = init(str(tmp_path))
    assert done.exit_code == 2
    assert "no tools found" in done.output
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["app", "main.py"]


def test_a_broken_pyproject_is_a_configuration_error(tmp_path: Path) -> None:
    write_tree(tmp_path, QUICKSTART)
    (tmp_path / "pyproject.toml").write_text("[project\n")
    done = init(str(tmp_path))
    assert done.exit_code == 2
    assert "pyproject.toml: cannot read:" in done.output
    assert (tmp_path / "pyproject.toml").read_text() == "[project\n"


@pytest.mark.parametrize("flag", ["--dry-run", "--verbose"])
def test_every_option_has_help(flag: str) -> None:
    shown = CliRunner().invoke(main, ["init", "--help"])
    assert shown.exit_code == 0
    line = next(line for line in shown.output.splitlines() if flag in line)
    assert len(line.split(flag, 1)[1].strip()) > 10


def test_a_file_discovery_refuses_does_not_stop_detection(tmp_path: Path) -> None:
    write_tree(tmp_path, QUICKSTART)
    os.mkfifo(tmp_path / "src" / "tools" / "pipe.py")  # reading it would block
    (tmp_path / "src" / "tools" / "huge.py").write_bytes(b"#" * (10 * 1024 * 1024 + 1))
    dry = init(str(tmp_path), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert "found 2 tools in src/tools" in dry.output


def test_init_says_what_comes_next_and_points_at_nothing_of_toolgens(tmp_path: Path) -> None:
    """After init: build the wheels the session installs (committed, so CI has them), then
    `pre-commit install`; what it writes names no file of toolgen's repository."""
    write_tree(tmp_path, QUICKSTART)
    done = init(str(tmp_path))
    assert done.exit_code == 0, done.output
    tail = done.stdout[done.stdout.index("next:") :]
    assert "python -m pip wheel --no-deps --wheel-dir wheels ../toolgen ../toolgen/runtime" in tail
    assert "commit" in tail and "wheels" in tail
    assert "pre-commit install" in tail and "nox -s toolgen" in tail
    for name in ("pyproject.toml", "noxfile.py", ".pre-commit-config.yaml"):
        assert "docs/" not in (tmp_path / name).read_text(), name
    assert "toolgen build --help" in (tmp_path / "pyproject.toml").read_text()
    dry = init(str(tmp_path / "src"), "--dry-run")  # nothing to set up there: no next steps
    assert "next:" not in dry.stdout
