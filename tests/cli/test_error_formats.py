"""Machine-readable diagnostics: ``--error-format json`` puts one JSON object per problem on
stdout, and nothing else there (check's diff moves to stderr)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main

SOURCE = {"tools/a.py": '''
        from pathlib import Path
        from toolgen import tool

        @tool
        def g(p: Path = Path("x"), q: "Unknown" = None) -> str:
            """Doc."""
        '''}


def test_json_lines_on_stdout_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_tree(tmp_path, SOURCE)
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["build", "tools", "-p", "mcp"]).exit_code == 0
    source = tmp_path / "tools/a.py"
    source.write_text(source.read_text().replace('"""Doc."""', '"""Doc, changed."""'))
    result = CliRunner().invoke(main, ["check", "tools", "--error-format", "json", "-p", "mcp"])
    assert result.exit_code == 1  # stale output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows and all(
        set(row) == {"path", "line", "column", "severity", "code", "message"} for row in rows
    )
    by_code = {row["code"]: row for row in rows}
    assert by_code["not-folded"] == {
        "path": "tools/a.py",
        "line": 5,
        "column": 7,
        "severity": "warning",
        "code": "not-folded",
        "message": "tool 'g', parameter 'p': the default cannot be read without running the "
        "code (calls Path()); no default is emitted",
    }
    assert by_code["unknown-type"]["line"] == 5
    assert "+++ b/tools/tool_schemas.py" in result.stderr  # the diff, off stdout
    assert "tools/a.py:5:7: warning:" in result.stderr  # the text form stays


def test_the_format_of_one_run_does_not_outlive_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editor plugin or a test suite runs several commands in one process: after a check
    with ``--error-format json``, ``show`` (which has no such option) prints its schema alone
    on stdout, its warnings as text on stderr."""
    write_tree(tmp_path, SOURCE)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    first = runner.invoke(main, ["check", "tools", "--error-format", "json", "-p", "mcp"])
    assert first.exit_code == 1 and first.stdout.startswith("{")
    shown = runner.invoke(main, ["show", "tools/a.py::g"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["name"] == "g"  # one document: no diagnostic rows in it
    assert "tools/a.py:5:7: warning:" in shown.stderr
