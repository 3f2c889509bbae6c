"""The CloudOps MCP server instance the tool modules register on."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

from .constants import SERVER_NAME

INSTRUCTIONS = """\
Tools for ACME's cloud account. Prefer read-only tools; anything that stops,
deletes or rotates asks for confirmation first.
"""


class CloudOpsServer(MCPServer):
    """An MCPServer with the CloudOps instructions and duplicate checks turned on."""

    def __init__(self, name: str, **settings) -> None:
        settings.setdefault("instructions", INSTRUCTIONS)
        super().__init__(name, warn_on_duplicate_tools=True, **settings)


app = CloudOpsServer(SERVER_NAME)
