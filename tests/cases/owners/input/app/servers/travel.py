"""A travel MCP server with a `search` of its own, and a tool registered from another module."""

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("travel")


@mcp.tool()
def search(destination: str, nights: int = 1) -> str:
    """Find hotels at a destination."""
    return destination
