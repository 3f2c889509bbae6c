"""``layout = "per-provider"``: the IR in ``out``, each provider's constants in a module of its own.

The split must hold exactly the constants of the single module, each file must stand alone,
staleness and the cache must work per file, and files left over from another layout must be
reported, never scanned.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import REPO
from toolgen import api
from toolgen.cli import main
from toolgen.config import PROVIDERS, Config, Target
from toolgen.errors import UsageError

CASE = REPO / "tests" / "cases" / "cross_module" / "input"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(CASE, tmp_path / "src")
    monkeypatch.chdir(tmp_path / "src")
    return tmp_path / "src"


def _constants(data: bytes) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(compile(data, "generated", "exec"), namespace)  # each file alone: no sibling imported
    return {k: v for k, v in namespace.items() if k.isupper()}


def _plan(root: Path, layout: str, cache: Path | None = None) -> api.Plan:
    target = Target(paths=(root / "app",), out=root / "out.py", layout=layout)
    return api.plan(Config((target,)), cwd=root, use_cache=cache is not None, cache_dir=cache)


def test_the_split_holds_exactly_the_single_modules_constants(tree: Path) -> None:
    (single,) = _plan(tree, "single").files
    split = _plan(tree, "per-provider").files
    assert [f.display for f in split] == ["out.py"] + [f"out_{p}.py" for p in PROVIDERS]
    merged: dict[str, Any] = {}
    for planned in split:
        assert planned.data is not None
        constants = _constants(planned.data)
        assert not set(constants) & set(merged), "a constant is in two files"
        merged.update(constants)
    assert merged == _constants(single.data or b"")
    assert _constants(split[0].data or b"").keys() == {
        "TOOLS",
        "TOOL_FUNCTIONS",
        "TOOL_FINGERPRINTS",
        "FINGERPRINTS",  # every list's, the providers' modules' too: the surface in one place
    }
    openai = _constants(split[1].data or b"")
    assert set(openai) == {
        "TOOLS_OPENAI",
        "TOOL_NAME_MAP_OPENAI",
        "NULL_MEANS_OMITTED_OPENAI",
        "TOOL_CALLS_OPENAI",
        "TOOL_FINGERPRINTS_OPENAI",
    }


def test_only_the_configured_providers_get_a_module(tree: Path) -> None:
    target = Target(
        paths=(tree / "app",),
        out=tree / "out.py",
        layout="per-provider",
        providers=("anthropic", "gemini"),
    )
    plan = api.plan(Config((target,)), cwd=tree, use_cache=False)
    assert [f.display for f in plan.files] == ["out.py", "out_anthropic.py", "out_gemini.py"]
    assert b"out_anthropic\n    out_gemini\n" in (plan.files[0].data or b"")


def test_check_and_build_work_per_file(tree: Path) -> None:
    runner = CliRunner()
    args = ["app", "--out", "out.py", "--layout", "per-provider"]
    assert runner.invoke(main, ["build", *args]).exit_code == 0
    gemini = tree / "out_gemini.py"
    gemini.write_text(gemini.read_text().replace('"type": "OBJECT"', '"type": "object"', 1))
    checked = runner.invoke(main, ["check", *args])
    assert checked.exit_code == 1
    assert "out_gemini.py: stale" in checked.stderr
    assert "out_openai.py: stale" not in checked.stderr
    assert "+++ b/out_gemini.py" in checked.stdout
    built = runner.invoke(main, ["build", *args])
    assert built.exit_code == 0
    assert "out_gemini.py: written" in built.stderr
    assert "out_anthropic.py: unchanged" in built.stderr
    assert runner.invoke(main, ["check", *args]).exit_code == 0


def test_cache_on_and_off_give_the_same_files(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    for edit in (None, ("Open a ticket.", "Open a new ticket.")):
        if edit is not None:
            support = tree / "app" / "tools" / "support.py"
            support.write_text(support.read_text().replace(*edit))
        fresh = [(f.display, f.data) for f in _plan(tree, "per-provider").files]
        first = _plan(tree, "per-provider", cache)
        assert [(f.display, f.data) for f in first.files] == fresh
        api.write(first)
        again = _plan(tree, "per-provider", cache)  # served by the output entry: nothing rebuilt
        assert all(f.data is None for f in again.files)
        assert [f.digest for f in again.files] == [f.digest for f in first.files]


def test_files_left_over_from_another_layout_are_reported_and_not_scanned(
    tree: Path, tmp_path: Path
) -> None:
    runner = CliRunner()
    cache = ["--cache-dir", str(tmp_path / "cache")]
    assert runner.invoke(main, ["build", "app", "--layout", "per-provider", *cache]).exit_code == 0
    back = runner.invoke(main, ["build", "app", *cache])
    assert back.exit_code == 0
    leftovers = [
        line for line in back.stderr.splitlines() if "leftover" in line or "left over" in line
    ]
    assert len(leftovers) == len(PROVIDERS)
    assert leftovers[0].startswith(
        "app/tool_schemas_anthropic.py:1:1: warning: generated by toolgen"
    )
    header = (tree / "app" / "tool_schemas.py").read_text().split('"""', 1)[0]
    assert "tool_schemas_" not in header  # not listed among the sources
    for provider in PROVIDERS:
        (tree / "app" / f"tool_schemas_{provider}.py").unlink()
    clean = runner.invoke(main, ["build", "app", *cache])
    assert clean.exit_code == 0 and "left over" not in clean.stderr  # not served stale from cache


def test_a_provider_module_may_not_be_another_targets_output(tree: Path) -> None:
    split = Target(paths=(tree / "app",), out=tree / "out.py", layout="per-provider")
    other = Target(paths=(tree / "app",), out=tree / "out_gemini.py")
    with pytest.raises(UsageError, match=r"both write out_gemini\.py"):
        api.plan(Config((split, other)), cwd=tree, use_cache=False)
