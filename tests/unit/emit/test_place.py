"""Writes that would leave the project, and outputs that are not regular files: ``build`` writes
only regular files inside the project (the folder of the configuration file, or the working
folder for command-line paths), never through a symlink; it and ``check`` refuse anything else
with exit 2 and the path, before a byte is written or a special file is opened."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import REPO, write_tree
from toolgen.cli import main
from toolgen.emit.write import write_atomic
from toolgen.errors import OutputError

TOOL = '''
from toolgen import tool


@tool
def ping(host: str) -> None:
    """Ping a host."""
'''
OUTSIDE_TEXT = "precious = True\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project (its own git root, so the walk up stops there) beside a folder outside it."""
    root = tmp_path / "project"
    write_tree(root, {"tools/mod.py": TOOL})
    (root / ".git").mkdir()
    (tmp_path / "outside").mkdir()
    monkeypatch.chdir(root)
    return root


def configure(root: Path, out: str) -> None:
    (root / "pyproject.toml").write_text(
        f'[tool.toolgen]\npaths = ["tools"]\nout = {out!r}\n'.replace("'", '"'), encoding="utf-8"
    )


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def run_process(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """In a process of its own, under a time limit: a build that opened a FIFO would hang."""
    return subprocess.run(
        [sys.executable, "-m", "toolgen", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )


def assert_refused(result, code_attr: str, *words: str) -> None:
    code = getattr(result, code_attr)
    stderr = result.stderr
    assert code == 2, stderr
    assert "internal error" not in stderr
    for word in words:
        assert word in stderr


# --- a symlink at the output --------------------------------------------------------------


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_symlink_at_the_output_is_refused_and_its_target_left_alone(
    project: Path, command: str
) -> None:
    target = project.parent / "outside" / "victim.py"
    target.write_text(OUTSIDE_TEXT, encoding="utf-8")
    (project / "tools" / "tool_schemas.py").symlink_to(target)
    result = run(command, "tools")
    assert_refused(result, "exit_code", "tools/tool_schemas.py", "symlink")
    assert target.read_text(encoding="utf-8") == OUTSIDE_TEXT


def test_a_dangling_symlink_at_the_output_creates_nothing(project: Path) -> None:
    target = project.parent / "outside" / "created.py"
    (project / "tools" / "tool_schemas.py").symlink_to(target)
    result = run("build", "tools")
    assert_refused(result, "exit_code", "tools/tool_schemas.py", "symlink")
    assert not target.exists()


def test_check_does_not_call_fresh_what_a_symlink_points_at(project: Path) -> None:
    """A fresh module elsewhere, linked in as the output: check must not read through."""
    assert run("build", "tools").exit_code == 0
    real = project / "tools" / "tool_schemas.py"
    moved = project.parent / "outside" / "tool_schemas.py"
    real.rename(moved)
    real.symlink_to(moved)
    assert_refused(run("check", "tools"), "exit_code", "tools/tool_schemas.py", "symlink")


def test_a_symlinked_sibling_of_the_per_provider_layout_is_refused(project: Path) -> None:
    target = project.parent / "outside" / "victim.py"
    target.write_text(OUTSIDE_TEXT, encoding="utf-8")
    (project / "tools" / "tool_schemas_openai.py").symlink_to(target)
    result = run("build", "tools", "--layout", "per-provider")
    assert_refused(result, "exit_code", "tools/tool_schemas_openai.py", "symlink")
    assert target.read_text(encoding="utf-8") == OUTSIDE_TEXT
    assert not (project / "tools" / "tool_schemas.py").exists()  # nothing at all was written


# --- an `out` outside the project ---------------------------------------------------------


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("how", ["absolute", "dotdot", "linked folder", "dotdot inside"])
def test_an_out_in_the_configuration_that_leaves_the_project_is_refused(
    project: Path, command: str, how: str
) -> None:
    outside = project.parent / "outside"
    (project / "linked").symlink_to(outside)
    out = {
        "absolute": str(outside / "tool_schemas.py"),
        "dotdot": "../outside/tool_schemas.py",
        "linked folder": "linked/tool_schemas.py",
        "dotdot inside": "tools/../../outside/tool_schemas.py",
    }[how]
    configure(project, out)
    result = run(command)
    assert_refused(result, "exit_code", "outside the project" if how != "linked folder" else "")
    assert "tool_schemas.py" in result.stderr
    assert list(outside.iterdir()) == []


def test_an_out_on_the_command_line_stays_in_the_working_folder(project: Path) -> None:
    outside = project.parent / "outside"
    result = run("build", "tools", "--out", "../outside/tool_schemas.py")
    assert_refused(result, "exit_code", "outside the project")
    assert list(outside.iterdir()) == []


def test_a_configured_out_reached_through_a_symlinked_project_is_written(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A symlink above the project (a home folder on another disk, /tmp on macOS) is the
    user's own business: only the path below the project's folder must be link-free."""
    alias = project.parent / "alias"
    alias.symlink_to(project)
    configure(project, str(alias / "tools" / "tool_schemas.py"))
    monkeypatch.chdir(alias)
    result = run("build")
    assert result.exit_code == 0, result.stderr
    assert (project / "tools" / "tool_schemas.py").is_file()
    assert not (project / "tools" / "tool_schemas.py").is_symlink()


def test_an_out_inside_the_project_in_a_subfolder_is_written(project: Path) -> None:
    (project / "gen").mkdir()
    configure(project, "gen/../gen/schemas.py")
    result = run("build")
    assert result.exit_code == 0, result.stderr
    assert (project / "gen" / "schemas.py").is_file()
    assert run("check").exit_code == 0


# --- outputs that are not regular files ---------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["build", "check"])
def test_a_fifo_at_the_output_is_refused_unopened(project: Path, command: str) -> None:
    os.mkfifo(project / "tools" / "tool_schemas.py")
    result = run_process(project, command, "tools")
    assert_refused(result, "returncode", "tools/tool_schemas.py", "FIFO", "not a regular file")


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_socket_or_a_folder_at_the_output_is_refused(project: Path, command: str) -> None:
    out = project / "tools" / "tool_schemas.py"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(out))
        assert_refused(run(command, "tools"), "exit_code", "socket", "not a regular file")
    finally:
        server.close()
    out.unlink()
    out.mkdir()
    assert_refused(run(command, "tools"), "exit_code", "tools/tool_schemas.py", "folder")


def test_a_character_device_at_the_output_is_refused(project: Path) -> None:
    """The output named /dev/null, through a symlink and as the out itself (outside)."""
    (project / "tools" / "tool_schemas.py").symlink_to(os.devnull)
    assert_refused(run("check", "tools"), "exit_code", "symlink")
    assert_refused(run("build", "tools", "--out", os.devnull), "exit_code", "outside the project")


# --- the atomic write itself --------------------------------------------------------------


def test_the_write_never_follows_a_folder_swapped_for_a_symlink(tmp_path: Path) -> None:
    """Between the check and the write, the output's folder became a link out of the project:
    the write opens every folder below the project without following links, and refuses."""
    root = tmp_path / "project"
    root.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "gen").symlink_to(outside)
    with pytest.raises(OutputError, match="symlink"):
        write_atomic(root / "gen" / "out.py", b"x = 1\n", root=root)
    assert list(outside.iterdir()) == []


def test_the_write_replaces_a_symlink_swapped_in_for_the_output_not_its_target(
    tmp_path: Path,
) -> None:
    """A link put at the output after the check is replaced (the rename replaces the link
    itself), never written through."""
    root = tmp_path / "project"
    root.mkdir()
    victim = tmp_path / "victim.py"
    victim.write_text(OUTSIDE_TEXT, encoding="utf-8")
    (root / "out.py").symlink_to(victim)
    write_atomic(root / "out.py", b"x = 1\n", root=root)
    assert victim.read_text(encoding="utf-8") == OUTSIDE_TEXT
    assert not (root / "out.py").is_symlink()
    assert (root / "out.py").read_bytes() == b"x = 1\n"
    assert sorted(p.name for p in root.iterdir()) == ["out.py"]  # no temp file left


def test_an_out_that_is_the_project_folder_itself_says_so(project: Path) -> None:
    assert_refused(run("build", "tools", "--out", "."), "exit_code", ".: is the project's folder")
