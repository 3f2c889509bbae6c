"""A rebuild prints again only the constants whose values changed: every other constant's text
is the last build's (``render.reuse``, one cache entry per output), and the bytes written are
those of a build without the cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
from toolgen import api, render
from toolgen.config import Config, Target
from toolgen.engine import keys
from toolgen.engine.entries import Cache
from toolgen.engine.store import Store

CASE = REPO / "tests" / "cases" / "cross_module" / "input"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(CASE, tmp_path / "src")
    return tmp_path / "src"


def _printed(root: Path, cache: Path | None, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Build in this process; the names of the constants the emitter printed."""
    printed = []
    assignment = render._assignment

    def counted(constant: render.Constant, line_length: int) -> bytes:
        printed.append(constant.name)
        return assignment(constant, line_length)

    monkeypatch.setattr(render, "_assignment", counted)
    target = Target(paths=(root / "app",), out=root / "out.py")
    plan = api.plan(
        Config((target,)), cwd=root, use_cache=cache is not None, cache_dir=cache, jobs=1
    )
    api.write(plan)
    monkeypatch.setattr(render, "_assignment", assignment)
    return printed


def test_a_docstring_edit_prints_only_the_fingerprints_again(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    first = _printed(tree, cache, monkeypatch)
    assert "TOOL_FUNCTIONS" in first and "TOOL_CALLS_OPENAI" in first
    source = tree / "app" / "tools" / "support.py"
    source.write_text(source.read_text().replace("Open a ticket.", "Open a support ticket."))
    again = _printed(tree, cache, monkeypatch)
    assert again and all("FINGERPRINTS" in name for name in again), again
    cached = (tree / "out.py").read_bytes()
    (tree / "out.py").unlink()
    assert _printed(tree, None, monkeypatch) == first  # no cache: every constant printed
    assert (tree / "out.py").read_bytes() == cached


def test_a_changed_value_is_printed_again_whatever_the_entry_holds(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The entry is found by what each text was printed from: a text under another value's key
    is never taken for this value."""
    cache = tmp_path / "cache"
    _printed(tree, cache, monkeypatch)
    source = tree / "app" / "tools" / "support.py"
    source.write_text(source.read_text().replace("def open_ticket(", "def open_case("))
    again = _printed(tree, cache, monkeypatch)
    assert "TOOL_FUNCTIONS" in again and "TOOL_NAME_MAP_OPENAI" in again
    assert b"open_case" in (tree / "out.py").read_bytes()


def test_value_keys_tell_apart_values_the_emitter_writes_apart() -> None:
    values = [1, 1.0, True, "1", [1], {"1": 1}, {"a": 1, "b": 2}, {"b": 2, "a": 1}, None, -0.0, 0.0]
    found = {render.reuse.value_key("X", "Any", v, 88) for v in values}
    assert len(found) == len(values)
    assert render.reuse.value_key("X", "Any", 1, 88) != render.reuse.value_key("X", "Any", 1, 100)
    assert render.reuse.value_key("X", "Any", 1, 88) != render.reuse.value_key("Y", "Any", 1, 88)


def test_an_entry_of_another_shape_is_no_entry(tmp_path: Path) -> None:
    store = Store(tmp_path / "cache", "0" * 8, b"s" * 32)
    cache = Cache(store)
    key = keys.constants_key("out.py")
    cache.put_constants(key, {"a" * 64: b"X = 1", "b" * 64: b"Y = 2"})
    assert {k: bytes(v) for k, v in cache.constants(key).items()} == {
        "a" * 64: b"X = 1",
        "b" * 64: b"Y = 2",
    }
    for header in (
        {"kind": "constants", "keys": ["a"], "sizes": [99]},
        {"kind": "constants", "keys": ["a"], "sizes": [-1]},
        {"kind": "constants", "keys": [1], "sizes": [5]},
        {"kind": "layout", "keys": ["a"], "sizes": [5]},
    ):
        store.store(key, header, [b"X = 1"])
        assert cache.constants(key) == {}
