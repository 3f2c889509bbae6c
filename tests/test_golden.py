"""Golden cases: each tests/cases/<case>/ holds an input package and what toolgen must make of it.

A case folder has ``input/`` (scanned), optionally ``args.txt`` (extra CLI arguments, one
per line) or ``command.txt`` (the whole command line, run in the case folder, for a message
about the configuration or the command: only its stderr and exit code are compared, and
nothing may be written), and ``expected/``: ``tool_schemas.py`` (when the build succeeds; with
``--layout per-provider`` also ``tool_schemas_<provider>.py``), ``stderr.txt`` and ``exit_code``. Regenerate with ``pytest tests/test_golden.py --update-goldens``
(or ``nox -s regen``) and review the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolgen.cli import main

CASES = Path(__file__).parent / "cases"
CASE_NAMES = sorted(p.name for p in CASES.iterdir() if (p / "input").is_dir())


def _diagnostics(stderr: str) -> str:
    """stderr without the status lines, which say whether a file was written or was fresh."""
    return "".join(
        line
        for line in stderr.splitlines(keepends=True)
        if not re.match(r"expected/tool_schemas\w*\.py: ", line)
    )


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _args(case: Path) -> list[str]:
    extra = case / "args.txt"
    return extra.read_text().split() if extra.is_file() else []


@pytest.mark.parametrize("name", CASE_NAMES)
def test_golden_case(
    name: str, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    case = CASES / name
    monkeypatch.chdir(case)
    # The cache goes to a folder of this test's: in the case's folder it would outlive the run,
    # and the next run's check would start from what an earlier checkout's code left there.
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    expected = case / "expected"
    out = "expected/tool_schemas.py"
    runner = CliRunner()
    if (case / "command.txt").is_file():
        _command_case(case, request.config.getoption("--update-goldens"))
        return
    if request.config.getoption("--update-goldens"):
        expected.mkdir(exist_ok=True)
        result = runner.invoke(main, ["build", "input", "--out", out, *_args(case)])
        (expected / "stderr.txt").write_text(_diagnostics(result.stderr))
        (expected / "exit_code").write_text(f"{result.exit_code}\n")
        if result.exit_code != 0:
            for generated in expected.glob("tool_schemas*.py"):
                generated.unlink()
        return
    want_code = int((expected / "exit_code").read_text())
    result = runner.invoke(main, ["check", "input", "--out", out, *_args(case)])
    fix = f"regenerate with: pytest tests/test_golden.py -k {name} --update-goldens"
    if want_code == 0:
        assert result.exit_code == 0, f"{name}: generated module differs:\n{result.stdout}\n{fix}"
    else:
        assert (
            result.exit_code == want_code
        ), f"{name}: exit {result.exit_code}\n{result.stderr}\n{fix}"
        # A failing build, too, must leave every file exactly as it was.
        before = _snapshot(case)
        failed = runner.invoke(main, ["build", "input", "--out", out, *_args(case)])
        assert failed.exit_code == want_code
        assert _snapshot(case) == before, f"{name}: a failing build changed files"
        assert not list(expected.glob("tool_schemas*.py"))
        assert (
            _diagnostics(failed.stderr) == (expected / "stderr.txt").read_text()
        ), f"{name}: stderr differs\n{fix}"
    # check writes nothing, so it never says that nothing was written.
    want = (expected / "stderr.txt").read_text()
    if want_code == 3:
        assert "nothing was written" not in result.stderr
        want = want.replace("; nothing was written", "; nothing was compared")
    assert _diagnostics(result.stderr) == want, f"{name}: stderr differs\n{fix}"


def _command_case(case: Path, update: bool) -> None:
    expected = case / "expected"
    before = _snapshot(case)
    result = CliRunner().invoke(main, (case / "command.txt").read_text().split())
    if update:
        (expected / "stderr.txt").write_text(result.stderr)
        (expected / "exit_code").write_text(f"{result.exit_code}\n")
        return
    assert _snapshot(case) == before, f"{case.name}: the command changed files"
    assert result.exit_code == int((expected / "exit_code").read_text()), result.stderr
    assert result.stderr == (expected / "stderr.txt").read_text(), (
        f"{case.name}: stderr differs\n"
        f"regenerate with: pytest tests/test_golden.py -k {case.name} --update-goldens"
    )
