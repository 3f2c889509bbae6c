"""What a framework's decorator says about a tool beyond its name: the Agents SDK's
``strict_mode=False``, the MCP SDK's ``structured_output=False`` and ``title=``."""

from __future__ import annotations

from typing import Any

AGENTS = """
from agents import function_tool


@function_tool(strict_mode=False)
def loose(city: str, days: int = 3) -> str:
    '''Forecast.'''
    return city


@function_tool
def tight(city: str, days: int = 3) -> str:
    '''Forecast.'''
    return city
"""


def _tool(built: Any, constant: str, name: str) -> dict[str, Any]:
    return next(t for t in built.module[constant] if (t.get("function") or t)["name"] == name)


def test_strict_mode_false_makes_that_tools_openai_constants_non_strict(build_pkg: Any) -> None:
    built = build_pkg({"pkg/weather.py": AGENTS})
    loose = _tool(built, "TOOLS_OPENAI", "loose")["function"]
    assert loose["strict"] is False
    assert loose["parameters"]["properties"]["days"] == {"type": "integer", "default": 3}
    assert loose["parameters"]["required"] == ["city"]
    assert _tool(built, "TOOLS_OPENAI_RESPONSES", "loose")["strict"] is False
    tight = _tool(built, "TOOLS_OPENAI", "tight")["function"]
    assert tight["strict"] is True and tight["parameters"]["required"] == ["city", "days"]


MCP = """
from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel

mcp = FastMCP("t")
TEXT_ONLY = False
TITLE = "Look a ticket up"


class Ticket(BaseModel):
    id: int


@mcp.tool(structured_output=TEXT_ONLY, title=TITLE)
def text(ticket_id: int) -> Ticket:
    '''One ticket.'''
    return Ticket(id=ticket_id)


@mcp.tool()
def structured(ticket_id: int) -> Ticket:
    '''One ticket.'''
    return Ticket(id=ticket_id)
"""


def test_structured_output_false_and_title_are_read_through_constants(build_pkg: Any) -> None:
    built = build_pkg({"pkg/desk.py": MCP})
    text = _tool(built, "TOOLS_MCP", "text")
    assert "outputSchema" not in text and text["title"] == "Look a ticket up"
    structured = _tool(built, "TOOLS_MCP", "structured")
    assert structured["outputSchema"]["properties"] == {"id": {"type": "integer"}}
    assert "title" not in structured
    assert not built.diagnostics
