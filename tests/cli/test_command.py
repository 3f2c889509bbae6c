"""The command as a process (``python -m toolgen``): it leaves with ``os._exit`` after its
work, so every exit code and every byte of output must still get out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen import __version__
from toolgen.cli import main

TOOLS = {
    "tools/__init__.py": "",
    "tools/api.py": "\n".join(f'''
from toolgen import tool

@tool
def ping_{n}(host: str, count: int = 1) -> str:
    """Ping a host, attempt {n}.

    Args:
        host: Host name.
        count: How many packets.
    """
''' for n in range(150)),
}


def _toolgen(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolgen", *args], cwd=cwd, capture_output=True, text=True
    )


def test_exit_codes_and_output_get_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_tree(tmp_path, TOOLS)
    version = _toolgen("--version", cwd=tmp_path)
    assert (version.returncode, version.stdout.strip()) == (0, f"toolgen, version {__version__}")
    missing = _toolgen("check", "tools", cwd=tmp_path)
    assert missing.returncode == 1 and "missing" in missing.stderr
    usage = _toolgen("build", "nowhere", cwd=tmp_path)
    assert usage.returncode == 2 and "nowhere" in usage.stderr
    built = _toolgen("build", "tools", cwd=tmp_path)
    assert built.returncode == 0 and "written (150 tools)" in built.stderr
    out = tmp_path / "tools" / "tool_schemas.py"
    out.write_text(out.read_text().replace("attempt 7.", "attempt seven."))
    stale = _toolgen("check", "tools", "--no-cache", cwd=tmp_path)
    assert stale.returncode == 1
    # the whole diff, as long as it is: nothing was lost to the early exit
    monkeypatch.chdir(tmp_path)
    expected = CliRunner().invoke(main, ["check", "tools", "--no-cache"])
    assert len(stale.stdout) > 1000 and stale.stdout == expected.stdout


def test_output_that_cannot_be_written_is_not_success(tmp_path: Path) -> None:
    """``toolgen show ... | head`` with the reader gone: the JSON cannot be written, and the
    status says so (120, as Python itself exits when it cannot flush stdout)."""
    write_tree(tmp_path, TOOLS)
    shown = _toolgen("show", "tools/api.py::ping_3", cwd=tmp_path)
    assert shown.returncode == 0 and '"name": "ping_3"' in shown.stdout
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolgen", "show", "tools/api.py::ping_3"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdout is not None
    proc.stdout.close()  # before the command has written anything
    assert proc.wait(timeout=60) == 120
