"""The name maps (``TOOL_FUNCTIONS``, ``TOOL_CALLS_<P>``, ``TOOL_FINGERPRINTS_<P>``, ...) are
joined from each tool's entries, printed and proved with its list items and cached with them:
assembling a module prints none of them, a rebuild after an edit prints the edited tool's
alone, and the bytes written are those of a build without the cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
from toolgen import api, assemble, render
from toolgen.config import Config, Target
from toolgen.engine.entries import decode_module, encode_module
from toolgen.errors import SourceSpan
from toolgen.forms import ModuleResult, ToolForms

CASE = REPO / "tests" / "cases" / "cross_module" / "input"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(CASE, tmp_path / "src")
    return tmp_path / "src"


def _build(
    root: Path, cache: Path | None, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[str], list[str]]:
    """Build in this process: the names of the constants the emitter printed whole, and the
    keys of the name-map entries it printed."""
    printed: list[str] = []
    entries: list[str] = []
    assignment, entry = render._assignment, assemble.dict_entry

    def whole(constant: render.Constant, line_length: int) -> bytes:
        printed.append(constant.name)
        return assignment(constant, line_length)

    def one(key: str, value: object, line_length: int = 88) -> str:
        entries.append(key)
        return entry(key, value, line_length)

    monkeypatch.setattr(render, "_assignment", whole)
    monkeypatch.setattr(assemble, "dict_entry", one)
    target = Target(paths=(root / "app",), out=root / "out.py")
    plan = api.plan(
        Config((target,)), cwd=root, use_cache=cache is not None, cache_dir=cache, jobs=1
    )
    api.write(plan)
    monkeypatch.setattr(render, "_assignment", assignment)
    monkeypatch.setattr(assemble, "dict_entry", entry)
    return printed, entries


def test_assembling_prints_no_name_map_and_an_edit_prints_one_tools_entries(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    printed, entries = _build(tree, cache, monkeypatch)
    assert printed == ["FINGERPRINTS"]  # the digests of the lists: made of every tool's
    text = (tree / "out.py").read_text()
    assert "TOOL_CALLS_OPENAI: dict[str, dict[str, Any]] = {" in text
    assert {"open_ticket", "escalate"} <= set(entries)
    source = tree / "app" / "tools" / "support.py"
    source.write_text(source.read_text().replace("Open a ticket.", "Open a support ticket."))
    printed, again = _build(tree, cache, monkeypatch)
    assert printed == ["FINGERPRINTS"]
    assert again and set(again) == {"open_ticket"}, again  # its name on every wire
    cached = (tree / "out.py").read_bytes()
    (tree / "out.py").unlink()
    _build(tree, None, monkeypatch)
    assert (tree / "out.py").read_bytes() == cached


def test_a_cache_entry_keeps_each_tools_entries_and_refuses_a_torn_one() -> None:
    tool = ToolForms(
        "ping",
        SourceSpan("app/ping.py", 3, 1),
        "ab",
        {"openai": "ping"},
        {"TOOLS": b"    {},", "openai": b"    {},"},
        {},
        (),
        entries={"TOOLS/TOOL_FUNCTIONS": b'    "ping": "app.ping:ping",', "openai/X": b"    1,"},
    )
    header, payload = encode_module(ModuleResult({}, (tool,), ()))
    data = b"".join(bytes(p) for p in payload)
    back = decode_module(header, memoryview(data))
    assert back is not None
    assert {k: bytes(v) for k, v in back.tools[0].entries.items()} == tool.entries
    assert {k: bytes(v) for k, v in back.tools[0].segments.items()} == tool.segments
    assert decode_module(header, memoryview(data[:-1])) is None
    header["tools"][0]["entries"] = {"openai/X": -1}
    assert decode_module(header, memoryview(data)) is None
    del header["tools"][0]["entries"]
    assert decode_module(header, memoryview(data)) is None
