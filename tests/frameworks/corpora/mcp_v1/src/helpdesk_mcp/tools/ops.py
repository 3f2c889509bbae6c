"""Operational tools: liveness and server information."""

from mcp.server.fastmcp.server import Context

from helpdesk_mcp.app import mcp
from helpdesk_mcp.context import StateContext


@mcp.tool()
def ping():
    return "pong"


@mcp.tool()
async def server_info(ctx: StateContext) -> dict:
    """Return the tenant, the server version and the search index size."""
    state = ctx.request_context.lifespan_context
    return {"tenant": state.tenant, "articles": len(state.search_index)}


@mcp.tool()
async def echo(message, ctx: Context, times=1) -> str:
    """Echo a message back, for testing a client's connection."""
    return " ".join([message] * times)
