"""`toolgen init` in a hostile project: it never writes through a symlink or into a special
file, what it writes parses (TOML, Python, YAML) whatever the folders are called, and a name
it cannot write is refused before anything is written."""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main

if sys.version_info >= (3, 11):
    import tomllib
else:  # toolgen reads TOML with tomli there (a dependency on 3.10)
    import tomli as tomllib

TOOL = '''
from toolgen import tool


@tool
def ping(host: str) -> None:
    """Ping a host."""
'''
OUTSIDE_TEXT = "# someone else's file\n"
WRITTEN = ("pyproject.toml", "noxfile.py", ".pre-commit-config.yaml")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "project"
    write_tree(root, {"tools/mod.py": TOOL})
    (root / ".git").mkdir()
    (tmp_path / "outside").mkdir()
    monkeypatch.chdir(root)
    return root


def init(*args: str):
    return CliRunner().invoke(main, ["init", *args])


def assert_nothing_written(root: Path, *but: str) -> None:
    for name in WRITTEN:
        if name not in but:
            assert not os.path.lexists(root / name), name
    assert not (root / "tools" / "tool_schemas.py").exists()


@pytest.mark.parametrize("name", WRITTEN)
def test_a_symlinked_file_init_would_append_to_is_refused(project: Path, name: str) -> None:
    target = project.parent / "outside" / name
    target.write_text(OUTSIDE_TEXT, encoding="utf-8")
    (project / name).symlink_to(target)
    result = init()
    assert result.exit_code == 2, result.output
    assert f"{project / name}: is a symlink, not a regular file" in result.stderr
    assert "never through a symlink" in result.stderr
    assert target.read_text(encoding="utf-8") == OUTSIDE_TEXT
    assert_nothing_written(project, name)


def test_a_dangling_symlink_init_would_create_through_is_refused(project: Path) -> None:
    target = project.parent / "outside" / "pyproject.toml"
    (project / "pyproject.toml").symlink_to(target)
    result = init()
    assert result.exit_code == 2, result.output
    assert not target.exists()
    assert_nothing_written(project, "pyproject.toml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_where_init_would_write_is_refused(project: Path) -> None:
    os.mkfifo(project / "noxfile.py")
    result = init()
    assert result.exit_code == 2, result.output
    assert "noxfile.py: is a FIFO (named pipe), not a regular file" in result.stderr
    assert_nothing_written(project, "noxfile.py")


NAMES = [
    "ctl\x1bname",
    "new\nline",
    "tab\there",
    "car\rriage",
    'quote"and\\backslash',
    "del\x7fete",
    "nul\x01soh",
    "line\u2028separator",
    "[brackets] = 'x'",
]


@pytest.mark.parametrize("name", NAMES, ids=ascii)
@pytest.mark.parametrize("kind", ["folder", "module"])
def test_what_init_writes_parses_whatever_the_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, kind: str
) -> None:
    root = tmp_path / f"project {name}"  # the project's own folder is as odd
    source = f"{name}/mod.py" if kind == "folder" else f"{name}.py"
    write_tree(root, {source: TOOL})
    (root / ".git").mkdir()
    monkeypatch.chdir(root)
    result = init()
    assert result.exit_code == 0, result.output
    table = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["toolgen"]
    assert table["paths"] == [name if kind == "folder" else f"{name}.py"]
    out = f"{name}/tool_schemas.py" if kind == "folder" else "tool_schemas.py"
    assert table["out"] == out
    assert (root / out).is_file()  # the first build read the table as written
    ast.parse((root / "noxfile.py").read_text(encoding="utf-8"))
    hooks = yaml.safe_load((root / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert hooks["repos"][0]["hooks"][0]["id"] == "toolgen-check"
    assert "\x1b" not in result.stdout and "\r" not in result.stdout  # shown, not obeyed


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses names that are not UTF-8")
def test_a_folder_name_that_is_not_utf8_is_refused_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "project"
    root.mkdir()
    (root / ".git").mkdir()
    folder = os.path.join(os.fsencode(root), b"bad\xffname")
    os.mkdir(folder)
    with open(os.path.join(folder, b"mod.py"), "w", encoding="utf-8") as handle:
        handle.write(TOOL)
    monkeypatch.chdir(root)
    result = init()
    assert result.exit_code == 2, result.output
    assert "the name 'bad\\udcffname' is not UTF-8" in result.stderr
    assert "nothing was written" in result.stderr
    assert_nothing_written(root)


def test_a_module_linked_in_from_outside_the_project_is_not_its_tools(project: Path) -> None:
    elsewhere = project.parent / "outside" / "theirs.py"
    elsewhere.write_text(TOOL.replace("ping", "theirs"), encoding="utf-8")
    (project / "linked").mkdir()
    (project / "linked" / "theirs.py").symlink_to(elsewhere)
    result = init()
    assert result.exit_code == 0, result.output
    table = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    assert table["tool"]["toolgen"]["paths"] == ["tools"]


def test_only_a_module_linked_in_from_outside_means_no_tools(project: Path) -> None:
    (project / "tools" / "mod.py").unlink()
    elsewhere = project.parent / "outside" / "theirs.py"
    elsewhere.write_text(TOOL, encoding="utf-8")
    (project / "tools" / "theirs.py").symlink_to(elsewhere)
    result = init()
    assert result.exit_code == 2, result.output
    assert "no tools found" in result.stderr
    assert "internal error" not in result.stderr
    assert_nothing_written(project)
