"""Serve TOOLS_MCP from an MCP server whose tools the Toolbox runs, and call one through a real
client session, in process."""

from __future__ import annotations

import anyio
from mcp import Client
from mcp.server.lowlevel import Server
from toolgen.runtime import Toolbox
from toolgen.runtime.frameworks import lowlevel_handlers
from travel_tools import tool_schemas

box = Toolbox(tool_schemas, provider="mcp")
server = Server("travel", **lowlevel_handlers(box))


async def main() -> None:
    async with Client(server) as client:
        listed = await client.list_tools()
        print(f"server lists {len(listed.tools)} tools: {', '.join(t.name for t in listed.tools)}")
        result = await client.call_tool("get_forecast", {"city": "Quito"})
        print(result.content[0].text)  # the text; result.structured_content: {"result": ...}


anyio.run(main)
