"""MCP tool annotations read from source are the ones the MCP SDK's own server lists, and each
generated tool is an ``mcp.types.Tool`` with them.

The tools are the golden case ``tests/cases/mcp_annotations``: the MCP SDK's
``annotations=ToolAnnotations(...)`` and ``annotations={...}``, and toolgen's own
``@tool(annotations={...})`` (which the server does not serve, so it is checked as a type only).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import pytest
from mcp.types import Tool, ToolAnnotations

from tests.conftest import REPO

CASE = REPO / "tests" / "cases" / "mcp_annotations"


def _generated() -> dict[str, dict[str, Any]]:
    namespace: dict[str, Any] = {}
    exec(compile((CASE / "expected" / "tool_schemas.py").read_text(), "gen", "exec"), namespace)
    return {t["name"]: t for t in namespace["TOOLS_MCP"]}


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> dict[str, dict[str, Any]]:
    sys.path.insert(0, str(CASE / "input"))
    request.addfinalizer(lambda: sys.path.remove(str(CASE / "input")))
    from annodesk.server import mcp

    async def listed() -> list[Any]:
        return list(await mcp.list_tools())

    return {
        t.name: t.model_dump(by_alias=True, exclude_none=True, mode="json")
        for t in asyncio.run(listed())
    }


def test_annotations_are_the_servers(served: dict[str, dict[str, Any]]) -> None:
    generated = _generated()
    assert set(served) == {"delete", "ping"}
    for name, tool in served.items():
        assert generated[name]["annotations"] == tool["annotations"], name
        assert generated[name].get("title") == tool.get("title"), name


def test_every_tool_is_an_mcp_tool_with_its_annotations() -> None:
    generated = _generated()
    assert generated["lookup"]["annotations"] == {"readOnlyHint": True, "openWorldHint": False}
    for name, wire in generated.items():
        tool = Tool.model_validate(wire)
        assert isinstance(tool.annotations, ToolAnnotations), name
        again = tool.model_dump(by_alias=True, exclude_none=True, mode="json")
        assert again["annotations"] == wire["annotations"], name
