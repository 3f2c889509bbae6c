"""TOOLS_MCP against the MCP SDK's own server (``MCPServer``, FastMCP's successor with the same
output rules): the same titles and output schemas (titles of schemas aside), and the server's
real ``structuredContent`` valid against toolgen's ``outputSchema`` and equal to what
``toolgen.runtime.messages.reply`` sends for the same result.

The tools are the golden case ``tests/cases/mcp_outputs`` (its input is imported here, as the
server has to; toolgen itself only read it)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import jsonschema
import pytest

from tests.conftest import REPO
from toolgen.runtime.messages import Call, reply

CASE = REPO / "tests" / "cases" / "mcp_outputs"
ARGUMENTS: dict[str, dict[str, Any]] = {"find": {"subject": "Printer"}}


def _generated() -> dict[str, dict[str, Any]]:
    namespace: dict[str, Any] = {}
    exec(compile((CASE / "expected" / "tool_schemas.py").read_text(), "gen", "exec"), namespace)
    return {t["name"]: t for t in namespace["TOOLS_MCP"]}


def _warned() -> set[str]:
    """The tools toolgen warns about: it says TOOLS_MCP serves them otherwise than the server."""
    text = (CASE / "expected" / "stderr.txt").read_text()
    return set(re.findall(r"warning: tool '(\w+)': the MCP SDK's server serves", text))


def _untitled(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _untitled(v) for k, v in value.items() if k != "title"}
    if isinstance(value, list):
        return [_untitled(v) for v in value]
    return value


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> tuple[Any, dict[str, dict[str, Any]]]:
    import sys

    def forget() -> None:
        sys.path.remove(str(CASE / "input"))
        for name in [m for m in sys.modules if m.split(".")[0] == "mcp_desk"]:
            del sys.modules[name]

    sys.path.insert(0, str(CASE / "input"))
    request.addfinalizer(forget)
    from mcp_desk.server import mcp

    async def listed() -> list[Any]:
        return list(await mcp.list_tools())

    tools = {
        t.name: t.model_dump(by_alias=True, exclude_none=True, mode="json")
        for t in asyncio.run(listed())
    }
    return mcp, tools


def test_the_case_has_every_kind_of_return_and_two_warnings(served: Any) -> None:
    _, tools = served
    generated = _generated()
    assert set(tools) == set(generated) and len(tools) >= 19
    assert _warned() == {"legacy_counts", "owners"}
    described = {n for n, t in generated.items() if "outputSchema" in t}
    assert {"priority", "opened", "summary", "budget", "raw"}.isdisjoint(described)
    assert {"get_ticket", "ping", "find", "counts", "outcome", "labels"} <= described


def test_titles_and_output_schemas_are_the_servers(served: Any) -> None:
    _, tools = served
    generated = _generated()
    for name, tool in tools.items():
        mine = generated[name]
        assert mine.get("title") == tool.get("title"), name
        if name in _warned():
            continue
        assert _untitled(mine.get("outputSchema")) == _untitled(tool.get("outputSchema")), name


def test_the_servers_structured_content_is_what_the_runtime_replies(served: Any) -> None:
    mcp, _ = served
    generated = _generated()
    import mcp_desk.server as module

    checked = 0
    for name, mine in generated.items():
        schema = mine.get("outputSchema")
        if schema is None or name in _warned():
            continue
        arguments = ARGUMENTS.get(name, {"ticket_id": 4} if "ticket_id" in str(mine) else {})
        result = asyncio.run(mcp.call_tool(name, arguments))
        structured = result.structured_content
        jsonschema.validate(structured, schema)
        function = getattr(module, "reopen_ticket" if name == "reopen" else name)
        message = reply(
            "mcp", Call(None, name, arguments), result=function(**arguments), output_schema=schema
        )
        assert message["structuredContent"] == structured, name
        checked += 1
    assert checked >= 10
