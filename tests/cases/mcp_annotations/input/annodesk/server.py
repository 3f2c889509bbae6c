from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

from toolgen import tool

mcp = MCPServer("desk")
READ_ONLY = True


@tool(annotations={"readOnlyHint": READ_ONLY, "openWorldHint": False})
def lookup(sku: str) -> str:
    """Look a product up."""
    return sku


@mcp.tool(
    title="Delete a record",
    annotations=ToolAnnotations(destructiveHint=True, idempotentHint=True, readOnlyHint=False),
)
def delete(record: int) -> None:
    """Delete one record."""


@mcp.tool(annotations={"openWorldHint": True, "idempotentHint": None})
def ping() -> str:
    """Answer pong."""
    return "pong"
