"""The MCP SDK's preset: ``FastMCP`` in 1.x (``mcp.server.fastmcp``), renamed ``MCPServer`` in
2.x (``mcp.server.mcpserver``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from toolgen.frameworks.presets._shared import PYDANTIC_WAY, methods
from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework

# The tool description is the whole ``__doc__``; parameter descriptions come only from
# ``Field``/``Annotated``, never from the docstring.
_RULE = DecoratorRule(
    "mcp",
    positional=("name", "title", "description"),
    docstring=DocstringRule("whole", False, PYDANTIC_WAY),
    title_keywords=frozenset({"title"}),
    structured_keyword="structured_output",
    annotations_keyword="annotations",
    output_rules="mcp",
)
_SERVERS = (
    "mcp.server.MCPServer",
    "mcp.server.fastmcp.FastMCP",
    "mcp.server.fastmcp.server.FastMCP",
    "mcp.server.mcpserver.MCPServer",
    "mcp.server.mcpserver.server.MCPServer",
)
# ``server.add_tool(fn, name, title, description, ...)`` as a statement: the decorator's rules, the
# server owns the tool (mcp/server/mcpserver/server.py, ``MCPServer.add_tool``; 1.x the same).
_ADD = CallRule(replace(_RULE, positional=("function", "name", "title", "description")), ("fn",))

FRAMEWORK: Final = Framework(
    "mcp",
    "FastMCP / MCPServer (the mcp SDK)",
    ("mcp",),
    methods(_SERVERS, ("tool",), _RULE),
    calls={f"{cls}.add_tool": _ADD for cls in _SERVERS},
    injected_types=(
        "mcp.server.fastmcp.Context",
        "mcp.server.fastmcp.server.Context",
        "mcp.server.mcpserver.Context",
        "mcp.server.mcpserver.context.Context",
        "mcp.server.mcpserver.server.Context",
    ),
    injected_markers=("mcp.server.mcpserver.Resolve", "mcp.server.mcpserver.resolve.Resolve"),
    owners=dict.fromkeys(_SERVERS, "mcp-server"),
)
