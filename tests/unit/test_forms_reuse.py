"""A tool's forms are made from its IR and the settings the adapters read (``AdapterOptions``),
the providers and the line length: a rebuild after changing any other setting takes every
unchanged tool's forms from the cache instead of adapting it again, and writes the same bytes
as a build without the cache."""

from __future__ import annotations

import shutil
import typing
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from toolgen import api, pipeline
from toolgen.config import Config, Target
from toolgen.providers.base import AdapterOptions

CASE = REPO / "tests" / "cases" / "cross_module" / "input"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(CASE, tmp_path / "src")
    return tmp_path / "src"


def _adapted(
    root: Path, target: Target, cache: Path | None, monkeypatch: pytest.MonkeyPatch
) -> int:
    """Build ``target`` in this process; how many tools were adapted."""
    calls = []
    adapt = pipeline.adapt

    def counted(*args: Any, **kwargs: Any) -> pipeline.Adapted:
        calls.append(args[0])
        return adapt(*args, **kwargs)

    monkeypatch.setattr(pipeline, "adapt", counted)
    plan = api.plan(
        Config((target,)), cwd=root, use_cache=cache is not None, cache_dir=cache, jobs=1
    )
    api.write(plan)
    monkeypatch.setattr(pipeline, "adapt", adapt)
    return len(calls)


NOT_READ = {"decorators": ("nothing.tool",), "warn_undocumented": True, "injected_types": ("x.Y",)}
READ = {
    "openai_strict": False,
    "gemini_flavour": "vertex",
    "recursion_depth": 2,
    "line_length": 100,
}


@pytest.mark.parametrize("setting", sorted(NOT_READ))
def test_a_setting_no_adapter_reads_reuses_every_tools_forms(
    tree: Path, tmp_path: Path, setting: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    target = Target(paths=(tree / "app",), out=tree / "out.py")
    assert _adapted(tree, target, cache, monkeypatch) > 0
    changed = replace(target, **{setting: NOT_READ[setting]})
    assert _adapted(tree, changed, cache, monkeypatch) == 0
    cached = (tree / "out.py").read_bytes()
    (tree / "out.py").unlink()
    assert _adapted(tree, changed, None, monkeypatch) > 0
    assert (tree / "out.py").read_bytes() == cached


@pytest.mark.parametrize("setting", sorted(READ))
def test_a_setting_the_adapters_or_the_printing_read_adapts_every_tool_again(
    tree: Path, tmp_path: Path, setting: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    target = Target(paths=(tree / "app",), out=tree / "out.py")
    first = _adapted(tree, target, cache, monkeypatch)
    assert _adapted(tree, replace(target, **{setting: READ[setting]}), cache, monkeypatch) == first


def declared_here() -> list[str]:
    return list(typing.get_type_hints(AdapterOptions))


def test_the_adapters_options_are_settings_of_the_target() -> None:
    declared = typing.get_type_hints(Target)
    for name, kind in typing.get_type_hints(AdapterOptions).items():
        assert declared[name] == kind, name
    options, default = AdapterOptions.of(Target()), Target()
    assert all(getattr(options, name) == getattr(default, name) for name in declared_here())
