"""A session of ``build`` and ``check`` command lines run as the installed command runs them
(``toolgen.command:run``, a process each): the exit code and what each stream says at every
step, and names from outside printed with their control characters escaped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO, run_toolgen, write_tree

TOOLS = {
    "tools/__init__.py": "",
    "tools/a.py": '''
        from toolgen import tool

        @tool
        def lookup(city: str, days: int = 3, limits: dict = {}) -> str:
            """Look up the weather.

            Args:
                city: The city.
                days: How many days.
                limits: Free-form limits.
            """
    ''',
}


def _steps(tree: Path) -> list[tuple[list[str], object]]:
    """A session's command lines, each with what to change in the tree before it runs."""
    tool = tree / "tools" / "a.py"

    def edit() -> None:
        tool.write_text(tool.read_text().replace("Look up the weather", "Look up weather"))

    def break_it() -> None:
        (tree / "tools" / "b.py").write_text("def broken(:\n    pass\n")

    def mend() -> None:
        (tree / "tools" / "b.py").unlink()

    return [
        (["check", "tools"], None),  # missing: a diff, and the fix command
        (["check", "tools", "-q", "--out", "gen/out.py"], None),
        (["build", "tools"], None),  # written, with warnings
        (["build", "tools"], None),  # unchanged
        (["check", "tools", "-v"], None),  # fresh
        (["check", "tools", "--cache-dir", "c2", "-q", "--no-cache"], edit),  # stale
        (["build", "-q", "tools"], None),
        (["build", "tools"], break_it),  # errors in the sources
        (["check", "tools", "-q"], mend),
        (["build", "no/such/folder"], None),  # usage error
        (["check"], None),  # no configuration: nothing to scan
        (["build", "tools", "-o", "tools"], None),  # the output is a folder
    ]


_ENTRY = "import sys; sys.argv[0] = 'toolgen'; from toolgen.command import run; run()"


def test_a_session_of_command_lines_exits_and_says_what_each_did(tmp_path: Path) -> None:
    """Each step's exit code, and the lines a user reads: what was written, what is stale and
    the command that brings it up to date (exactly the arguments given, as a build)."""
    tree = write_tree(tmp_path / "project", TOOLS)
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    env.pop("TOOLGEN_CACHE_DIR", None)
    said: list[tuple[int, str, str]] = []
    for args, change in _steps(tree):
        if change is not None:
            change()  # type: ignore[operator]
        done = subprocess.run(
            [sys.executable, "-c", _ENTRY, *args], cwd=tree, capture_output=True, text=True, env=env
        )
        said.append((done.returncode, done.stdout, done.stderr.replace(str(tree), "<tree>")))
    codes = [code for code, _, _ in said]
    assert codes == [1, 1, 0, 0, 0, 1, 0, 3, 0, 2, 2, 2]
    assert said[0][1] == ""  # a missing output has no diff
    assert "tools/tool_schemas.py: missing (it would hold 1 tool)" in said[0][2]
    assert "run `toolgen build tools` and commit it" in said[0][2]
    assert "warning:" not in said[1][2]  # -q: errors only
    assert "run `toolgen build tools --out gen/out.py --quiet`" in said[1][2]
    assert "tools/tool_schemas.py: written (1 tool)" in said[2][2]
    assert "warning: gemini: tool 'lookup'" in said[2][2]  # the free-form dict
    assert "tools/tool_schemas.py: unchanged (1 tool)" in said[3][2]
    assert "tools/tool_schemas.py: fresh (1 tool)" in said[4][2]
    assert said[5][1].startswith("--- a/tools/tool_schemas.py\n+++ b/tools/tool_schemas.py\n")
    assert '+        "description": "Look up weather.",' in said[5][1]
    assert "run `toolgen build tools --no-cache --cache-dir c2 --quiet`" in said[5][2]
    assert said[6][1:] == ("", "")  # -q and written: nothing to say
    assert "tools/b.py:1:12: error: syntax error" in said[7][2]
    assert said[8][1:] == ("", "")
    assert said[9][2] == "toolgen: error: path does not exist: no/such/folder\n"
    assert "toolgen: error: no paths to scan" in said[10][2]
    assert "toolgen: error: tools: is a folder, not a regular file" in said[11][2]
    assert all("Traceback" not in err for _, _, err in said)


def test_a_file_name_with_terminal_escapes_is_printed_escaped(tmp_path: Path) -> None:
    """click stripped ANSI sequences from text bound for a pipe, not for a terminal; toolgen
    prints every name from outside with its control characters escaped, wherever it goes: in
    the report's lines and in an error's message."""
    tree = write_tree(tmp_path, TOOLS)
    out = "gen\x1b[31m.py"
    done = run_toolgen("build", "tools", "-o", out, cwd=tree)
    assert done.returncode == 0, done.stderr
    assert (tree / out).is_file()
    assert "gen\\x1b[31m.py: written (1 tool)" in done.stderr
    assert "\x1b" not in done.stderr
    missing = run_toolgen("check", "no\x1b[2Jsuch", cwd=tree)  # a usage error names the path given
    assert missing.returncode == 2
    assert "path does not exist: no\\x1b[2Jsuch" in missing.stderr
    assert "\x1b" not in missing.stderr
