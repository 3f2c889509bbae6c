"""The helpdesk MCP server: one FastMCP instance every tool module registers on."""

from fastmcp import FastMCP

from helpdesk_mcp.settings import SERVER_INSTRUCTIONS, SERVER_NAME

mcp = FastMCP(SERVER_NAME, instructions=SERVER_INSTRUCTIONS)


def main() -> None:
    """Serve over stdio."""
    mcp.run()


# The tool modules register their tools on import; they need `mcp`, so they come last.
from helpdesk_mcp.tools import reports, tickets, users  # noqa: E402,F401
from acme.integrations import knowledge_base  # noqa: E402,F401
