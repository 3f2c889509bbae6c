"""The reference side for the ``mcp`` SDK 1.x: what a ``FastMCP`` server lists for a corpus.

Every module-level instance of ``mcp.server.fastmcp.FastMCP`` (or of a subclass) found in the
corpus's modules is asked for its tools the way a client sees them (``tools/list``): the wire
form of each ``Tool``, its ``inputSchema`` as the parameters.
"""

from __future__ import annotations

import asyncio
from types import ModuleType
from typing import Any

from mcp.server.fastmcp import FastMCP


def servers(modules: list[ModuleType]) -> list[FastMCP]:
    """The module-level servers, each once (tool modules import the instance they decorate with)."""
    found: dict[int, FastMCP] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, FastMCP):
                found.setdefault(id(value), value)
    return list(found.values())


async def _listed(found: list[FastMCP]) -> list[dict[str, Any]]:
    tools = []
    for server in found:
        for tool in await server.list_tools():
            wire = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
            tools.append(
                {
                    "name": wire["name"],
                    "description": wire.get("description"),
                    "parameters": wire["inputSchema"],
                }
            )
    return tools


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    return asyncio.run(_listed(servers(modules)))
