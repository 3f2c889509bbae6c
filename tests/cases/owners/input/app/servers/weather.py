"""A weather MCP server; its `search` is its own."""

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("weather")


@mcp.tool()
def search(city: str) -> str:
    """Find the forecast for a city."""
    return city


@mcp.tool()
def alerts(region: str, severe_only: bool = False) -> list[str]:
    """Weather alerts in a region."""
    return [region]
