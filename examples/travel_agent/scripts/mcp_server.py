"""Serve TOOLS_MCP from an MCP server and call a tool through a real client session, in process."""

from __future__ import annotations

import anyio
from dispatch import dispatch
from mcp import Client, types
from mcp.server.lowlevel import Server
from travel_tools.tool_schemas import TOOLS_MCP


async def list_tools(context: object, params: object) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[types.Tool.model_validate(tool) for tool in TOOLS_MCP])


async def call_tool(context: object, params: types.CallToolRequestParams) -> types.CallToolResult:
    value = dispatch("mcp", params.name, params.arguments or {})
    # The generated outputSchema wraps a non-object return as {"result": ...}: answer the same way.
    return types.CallToolResult(content=[types.TextContent(type="text", text=str(value))],
                                structured_content={"result": value})


server = Server("travel", on_list_tools=list_tools, on_call_tool=call_tool)


async def main() -> None:
    async with Client(server) as client:
        listed = await client.list_tools()
        print(f"server lists {len(listed.tools)} tools: {', '.join(t.name for t in listed.tools)}")
        result = await client.call_tool("get_forecast", {"city": "Quito"})
        print(result.content[0].text)


anyio.run(main)
