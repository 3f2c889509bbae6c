"""Configuration that no parser or path can take: a pyproject.toml nested deeper than TOML's
parser recurses, a NUL byte in a path. Each is exit 2 naming where it is, never an internal
error (exit 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main
from toolgen.command import main as command_main

TOOL = '''
from toolgen import tool


@tool
def ping(host: str) -> None:
    """Ping a host."""
'''
DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "project"
    write_tree(root, {"tools/mod.py": TOOL})
    (tmp_path / ".git").mkdir()  # the walk up stops at tmp_path
    monkeypatch.chdir(root)
    return root


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def assert_config_error(result, *words: str) -> None:
    assert result.exit_code == 2, result.stderr
    assert "internal error" not in result.stderr
    for word in words:
        assert word in result.stderr


@pytest.mark.parametrize("where", ["here", "above"])
@pytest.mark.parametrize("deep", [f"x = {DEEP}\n", "x = " + "{a = " * 5000 + "1" + "}" * 5000])
def test_a_pyproject_nested_too_deep_on_the_walk_up_is_a_config_error(
    project: Path, where: str, deep: str
) -> None:
    path = (project if where == "here" else project.parent) / "pyproject.toml"
    path.write_text(deep, encoding="utf-8")
    result = run("build", "tools")
    assert_config_error(result, f"{path}: cannot read", "nested too deeply")


def test_init_with_a_pyproject_nested_too_deep_is_a_config_error(project: Path) -> None:
    (project / "pyproject.toml").write_text(f"x = {DEEP}\n", encoding="utf-8")
    result = run("init")
    assert_config_error(result, "pyproject.toml: cannot read", "nested too deeply")
    assert not (project / "noxfile.py").exists()


@pytest.mark.parametrize(
    "table",
    [
        'paths = ["tools"]\nout = "tools/a\\u0000b.py"',
        'paths = ["to\\u0000ols"]',
        'paths = ["tools"]\nsource_roots = ["s\\u0000rc"]',
        'paths = ["tools"]\ncache_dir = "c\\u0000ache"',
        'paths = ["tools"]\n[[tool.toolgen.targets]]\nout = "x\\u0000.py"',
    ],
)
@pytest.mark.parametrize("command", ["build", "check"])
def test_a_nul_byte_in_a_configured_path_is_a_config_error(
    project: Path, table: str, command: str
) -> None:
    (project / "pyproject.toml").write_text(f"[tool.toolgen]\n{table}\n", encoding="utf-8")
    result = run(command)
    assert_config_error(result, "pyproject.toml: [tool.toolgen]", "holds a NUL byte")


@pytest.mark.parametrize(
    "args",
    [
        ["build", "to\x00ols"],
        ["build", "tools", "--out", "a\x00b.py"],
        ["check", "tools", "--cache-dir", "c\x00"],
    ],
)
def test_a_nul_byte_in_a_path_given_to_main_is_a_usage_error(
    project: Path, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """No command line can carry a NUL byte, but a caller of ``main`` can: it says so with
    exit 2, whichever options come with the path."""
    with pytest.raises(SystemExit) as exit_info:
        command_main(args)
    assert exit_info.value.code == 2
    assert "NUL byte" in capsys.readouterr().err
    result = run(*args, "--layout", "single")  # an option only click reads
    assert_config_error(result, "NUL byte")


def test_a_nul_byte_in_the_file_show_reads_is_a_usage_error(project: Path) -> None:
    assert_config_error(run("show", "tools/mod\x00.py::ping"), "NUL byte")
