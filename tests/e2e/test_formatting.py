"""Every checked-in generated module is already black-formatted (black is not run on a build)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
from toolgen.emit.format import is_black_formatted

MODULES = sorted(
    [
        *REPO.glob("tests/cases/*/expected/tool_schemas*.py"),
        *REPO.glob("examples/*/src/*/tool_schemas.py"),
    ]
)


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(REPO)))
def test_generated_module_passes_black_check(module: Path) -> None:
    assert is_black_formatted(module.read_text())


def test_formatter_black_gives_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from toolgen.cli import main

    # A copy of the example: toolgen writes only inside the working folder.
    project = shutil.copytree(
        REPO / "examples" / "travel_agent",
        tmp_path / "travel_agent",
        ignore=shutil.ignore_patterns(".toolgen_cache"),
    )
    monkeypatch.chdir(project)
    out = project / "with_black.py"
    result = CliRunner().invoke(
        main, ["build", "src/travel_tools", "--formatter", "black", "--out", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    checked_in = (REPO / "examples/travel_agent/src/travel_tools/tool_schemas.py").read_text()
    assert (
        out.read_text().split("from typing import Any", 1)[1]
        == checked_in.split("from typing import Any", 1)[1]
    )
