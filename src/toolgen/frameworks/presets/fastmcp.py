"""The standalone fastmcp package's preset: ``@mcp.tool`` on a ``FastMCP`` server, and ``@tool``."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from toolgen.frameworks.presets._shared import PYDANTIC_WAY, methods
from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework

_RULE = DecoratorRule(
    "fastmcp", positional=("name",), docstring=DocstringRule("intro", True, PYDANTIC_WAY)
)
_SERVERS = ("fastmcp.FastMCP", "fastmcp.server.FastMCP", "fastmcp.server.server.FastMCP")
# fastmcp 4.2 ``FastMCP.add_tool(tool)``: a function is made a tool as ``@mcp.tool`` makes it.
_ADD = CallRule(replace(_RULE, positional=("function",)), ("tool",))

FRAMEWORK: Final = Framework(
    "fastmcp",
    "FastMCP (the standalone fastmcp package)",
    ("fastmcp",),
    {
        **methods(_SERVERS, ("tool",), _RULE),
        # ``@tool`` marks a function that ``mcp.add_tool(fn)`` registers.
        "fastmcp.tools.tool": _RULE,
        "fastmcp.tools.function_tool.tool": _RULE,
    },
    injected_types=(
        "fastmcp.Context",
        "fastmcp.server.Context",
        "fastmcp.server.context.Context",
        "fastmcp.server.sessions.UserSession",
    ),
    # Dependencies, as a default or in ``Annotated``: ``Depends(f)``, ``CurrentContext()``,
    # ``CurrentHeaders()``, ``Progress()``, ...
    injected_markers=(
        "fastmcp.dependencies.*",
        "fastmcp.server.dependencies.*",
        "uncalled_for.Depends",
    ),
    owners=dict.fromkeys(_SERVERS, "mcp-server"),
    calls={f"{cls}.add_tool": _ADD for cls in _SERVERS},
)
