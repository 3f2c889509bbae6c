"""Tools built from inline sources and imported as a program would: the generated module and
the tools' package, under a temporary folder on ``sys.path``."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

import pytest

from tests.conftest import write_tree
from toolgen import api
from toolgen.config import Config, Target


class Build(Protocol):
    def __call__(self, files: dict[str, str], **settings: Any) -> ModuleType: ...


@pytest.fixture
def build(tmp_path: Path) -> Iterator[Build]:
    """``build({"shop/tools.py": source})``: the generated ``shop.tool_schemas``, imported."""
    packages: set[str] = set()
    sys.path.insert(0, str(tmp_path))

    def run(files: dict[str, str], **settings: Any) -> ModuleType:
        write_tree(tmp_path, files)
        package = next(iter(files)).split("/")[0]
        packages.update(name.split("/")[0] for name in files)
        out = tmp_path / package / "tool_schemas.py"
        target = Target(paths=(tmp_path / package,), out=out, **settings)
        plan = api.plan(Config((target,)), cwd=tmp_path, use_cache=False)
        assert not [d for d in plan.diagnostics if d.severity == "error"], plan.diagnostics
        for planned in plan.files:
            assert planned.data is not None
            planned.path.write_bytes(planned.data)
        importlib.invalidate_caches()
        return importlib.import_module(f"{package}.tool_schemas")

    yield run
    sys.path.remove(str(tmp_path))
    for name in list(sys.modules):
        if name.split(".")[0] in packages:
            del sys.modules[name]
