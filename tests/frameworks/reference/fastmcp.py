"""The standalone ``fastmcp`` package: what each server answers to ``tools/list``.

Every ``FastMCP`` instance bound at the top level of an imported corpus module is a server.
Its tools are listed the way a client sees them: an in-memory ``fastmcp.Client`` session
(``initialize`` and ``tools/list`` over the real protocol handlers, middleware and
transforms included), so the input schema is the one sent on the wire.

Decorating with ``@server.tool`` registers at import time, and so does ``server.add_tool(fn)``
for functions marked with the standalone ``fastmcp.tools.tool``; by the time ``collect`` runs,
every corpus module has been imported, so every tool is registered.
"""

from __future__ import annotations

import asyncio
from types import ModuleType
from typing import Any

from fastmcp import Client, FastMCP
from reference_common import instances


async def _listed(server: FastMCP) -> list[dict[str, Any]]:
    async with Client(server) as client:
        tools = await client.list_tools()
    return [
        {"name": t.name, "description": t.description, "parameters": t.input_schema} for t in tools
    ]


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    servers = instances(modules, FastMCP)
    if not servers:
        raise SystemExit("no FastMCP server found in the corpus")
    tools: list[dict[str, Any]] = []
    for server in servers:
        tools.extend(asyncio.run(_listed(server)))
    names = [t["name"] for t in tools]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise SystemExit(f"tool names served twice: {duplicated}")
    return tools
