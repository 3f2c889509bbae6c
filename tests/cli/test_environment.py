"""A bad environment is a plain message and exit 2 (120 when standard output is gone), never an
internal error; configuration is found where the project is, and only there."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import REPO, run_toolgen, write_tree
from toolgen.cli import main

TOOLS = {"tools/a.py": '''
        from toolgen import tool

        @tool
        def f(x: int) -> str:
            """Doc."""
        '''}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_standard_output_is_named_and_exit_2(tmp_path: Path) -> None:
    write_tree(tmp_path, TOOLS)
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "toolgen", "show", "tools/a.py::f"],
            cwd=tmp_path,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        )
    assert done.returncode == 2, done.stderr
    assert "toolgen: error: standard output: No space left on device" in done.stderr
    assert "internal error" not in done.stderr


def test_a_closed_standard_output(tmp_path: Path) -> None:
    """A quiet build writes nothing to it and succeeds; show, which must write, exits 120."""
    write_tree(tmp_path, TOOLS)
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    quiet = subprocess.run(
        [sys.executable, "-m", "toolgen", "build", "-q", "tools"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        pass_fds=(),
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stderr == ""
    assert (tmp_path / "tools/tool_schemas.py").is_file()
    shown = subprocess.run(
        [sys.executable, "-m", "toolgen", "show", "tools/a.py::f"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=lambda: os.close(1),
    )
    assert shown.returncode == 120, shown.stderr
    assert "Traceback" not in shown.stderr


def test_a_file_size_limit_while_writing_is_exit_2(tmp_path: Path) -> None:
    write_tree(tmp_path, TOOLS)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    done = run_toolgen("build", "tools", "--no-cache", cwd=tmp_path, preexec_fn=limit)
    assert done.returncode == 2, done.stderr
    assert "tools/tool_schemas.py: File too large" in done.stderr
    assert "internal error" not in done.stderr
    assert not (tmp_path / "tools/tool_schemas.py").exists()  # nothing half-written


def test_configuration_is_not_taken_from_beyond_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout inside another project's folder: that project's [tool.toolgen] is not ours."""
    write_tree(
        tmp_path,
        {
            "pyproject.toml": '[tool.toolgen]\npaths = ["nowhere"]\nproviders = ["mcp"]\n',
            "checkout/pyproject.toml": '[project]\nname = "mine"\n',
            **{f"checkout/{k}": v for k, v in TOOLS.items()},
        },
    )
    (tmp_path / "checkout/.git").mkdir()
    monkeypatch.chdir(tmp_path / "checkout")
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 2
    assert "no paths to scan" in result.stderr
    assert CliRunner().invoke(main, ["build", "tools"]).exit_code == 0
    text = (tmp_path / "checkout/tools/tool_schemas.py").read_text()
    assert "TOOLS_OPENAI" in text  # every provider: the outer file's providers were not taken


def test_a_toolgen_key_that_is_not_a_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_tree(tmp_path, {"pyproject.toml": "[tool]\ntoolgen = 5\n", **TOOLS})
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "tools"])
    assert result.exit_code == 2
    assert "[tool.toolgen] must be a table, got 5" in result.stderr


def test_a_skipped_special_file_is_said_on_every_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A FIFO named like a source is never read, and the warning is not lost to the cache."""
    write_tree(tmp_path, TOOLS)
    os.mkfifo(tmp_path / "tools/pipe.py")
    monkeypatch.chdir(tmp_path)
    for _ in range(2):  # the second run is served from the cache
        result = CliRunner().invoke(main, ["build", "tools"])
        assert result.exit_code == 0, result.stderr
        assert result.stderr.count("tools/pipe.py") == 1, result.stderr
        assert "warning" in result.stderr


@pytest.mark.parametrize(
    ("raised", "code", "words"),
    [
        ("ZeroDivisionError('boom')", 4, "toolgen: internal error: ZeroDivisionError: boom"),
        ("KeyboardInterrupt()", 130, "toolgen: interrupted; nothing was half-written"),
        (
            "OSError(13, 'Permission denied', 'tools/tool_schemas.py')",
            2,
            "toolgen: error: tools/tool_schemas.py: Permission denied",
        ),
    ],
)
def test_the_last_exit_codes_in_a_real_process(
    tmp_path: Path, raised: str, code: int, words: str
) -> None:
    """The console entry point (``toolgen.command:run``) in a process of its own, with the build
    made to fail in the way each exit code stands for: the code, the words, no traceback."""
    write_tree(tmp_path, TOOLS)
    program = (
        "import sys, toolgen.api as api\n"
        f"def plan(*a, **k): raise {raised}\n"
        "api.plan = plan\n"
        "from toolgen.command import run\n"
        "sys.argv = ['toolgen', 'build', 'tools']\n"
        "run()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )
    assert done.returncode == code, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr
    if code == 4:
        assert "This is a bug in toolgen, not in your code" in done.stderr
